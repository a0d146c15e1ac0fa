"""Lua objects measured before they are parsed: how many values, how deep, where they end.

A Lua object (``sm_lua_object``) is a bit stream of values, tables holding further values
to any depth, with 32-bit counts. The generated parser recurses once per table level and
builds a few objects per value, so a small payload could ask for millions of values or a
nesting deeper than Python's stack. :func:`scan` walks the same bits without building
anything and without recursion (a stack of counts), and refuses an object whose values
exceed the budget it is given or whose tables nest deeper than ``max_depth``, before the
parser spends anything on it.

It reads only what it needs to step over a value: a type byte, then the value's size
(fixed per type, a string's size and its padding to the byte, a table's count, a
userdata's type id). Where the walk cannot go on (the data ends, or a value the page does
not document keeps the rest of the object as bytes: the spec's ``lua_undocumented``) it
stops; the parser then reports a truncated object exactly, and the values counted up to
there are all it can build. ``tests/scrap_mechanic/test_sm_lua_scan.py`` holds the walk
equal to the spec: the same values counted, the same end, on every Lua object of the test
vectors and on random ones.
"""
from __future__ import annotations

from wirestruct.core.errors import LimitExceededError

MAGIC = b"LUA"
#: Magic tag (3 bytes) and version (be u32) before the data.
HEADER_BITS = 56

# LuaSaveDataType (structures/lua-object.md)
NIL, BOOLEAN, NUMBER, STRING, TABLE, INT32, INT16, INT8 = range(1, 9)
USERDATA, WEAK_SCRIPT_REF = 100, 101

#: Bits after the type byte of the values of a fixed size.
FIXED_BITS = {NIL: 0, BOOLEAN: 1, NUMBER: 32, INT32: 32, INT16: 16, INT8: 8,
              WEAK_SCRIPT_REF: 33}

#: Bits of the data of each userdata type the page documents, after its 32-bit type id
#: (Uuid: 16 bytes; Vec3: 3 floats; Quat, Color: 4 floats; the others: one be u32 id).
USERDATA_BITS = {10001: 128, 10003: 96, 10004: 128, 10005: 128,
                 **{tid: 32 for tid in (10021, 10022, 10023, 10024, 10025, 10027, 10028,
                                        10030, 10031, 10032, 10036, 10037, 10038, 10039,
                                        20002)}}


class Scan:
    """What a walk found: ``values`` (LuaSaveData values, keys and elements included),
    ``depth`` (the deepest table level: 0 for a value that is no table or an empty one),
    ``end`` (the byte after the object; the data's length when it was cut or ended
    early), ``complete`` (the walk reached the object's end)."""

    __slots__ = ("values", "depth", "end", "complete")

    def __init__(self, values: int, depth: int, end: int, complete: bool) -> None:
        self.values, self.depth, self.end, self.complete = values, depth, end, complete

    def __repr__(self) -> str:
        return (f"Scan(values={self.values}, depth={self.depth}, end={self.end}, "
                f"complete={self.complete})")


def _bits(data: bytes, pos: int, n: int) -> int:
    """``n`` bits at bit ``pos``, most significant first (the caller checked they exist)."""
    start = pos >> 3
    end = (pos + n + 7) >> 3
    value = int.from_bytes(data[start:end], "big")
    return (value >> ((end << 3) - pos - n)) & ((1 << n) - 1)


def scan(data: bytes, *, max_values: int, max_depth: int, offset: int = 0) -> Scan:
    """Walk the Lua object at the start of ``data``. Raises LimitExceededError (``offset``
    + the byte offset of the value that crossed the limit, ``dropped``: the object's
    bytes) when it holds more than ``max_values`` values or nests deeper than
    ``max_depth`` tables."""
    total = len(data) << 3
    if data[:3] != MAGIC or total < HEADER_BITS:
        return Scan(0, 0, len(data), False)               # the parser says what is wrong
    pos = HEADER_BITS
    values = depth = 0
    open_tables: list[int] = []                           # values left in each open table
    while True:
        if pos + 8 > total:
            return Scan(values, depth, len(data), False)
        kind = _bits(data, pos, 8)
        values += 1
        if values > max_values:
            raise LimitExceededError(
                f"Lua object of more than {max_values} values", offset=offset + (pos >> 3),
                expected=f"at most {max_values} Lua values in one packet (max_lua_values)",
                dropped=len(data))
        pos += 8
        size = FIXED_BITS.get(kind)
        if size is None:
            if kind == STRING:
                if pos + 32 > total:
                    return Scan(values, depth, len(data), False)
                length = _bits(data, pos, 32)
                size = 32 + (-(pos + 32) % 8) + 8 * length
            elif kind == TABLE:
                if pos + 33 > total:
                    return Scan(values, depth, len(data), False)
                count = _bits(data, pos, 32)
                is_array = _bits(data, pos + 32, 1)
                pos += 65 if is_array else 33
                if count:
                    if len(open_tables) >= max_depth:
                        raise LimitExceededError(
                            f"Lua tables nested more than {max_depth} deep",
                            offset=offset + (pos >> 3),
                            expected=f"at most {max_depth} levels (max_lua_depth)",
                            dropped=len(data))
                    open_tables.append(count if is_array else 2 * count)
                    depth = max(depth, len(open_tables))
                    continue
                size = 0
            elif kind == USERDATA:
                if pos + 32 > total:
                    return Scan(values, depth, len(data), False)
                userdata = USERDATA_BITS.get(_bits(data, pos, 32))
                if userdata is None:
                    return Scan(values, depth, len(data), False)  # the rest stays bytes
                size = 32 + userdata
            else:
                return Scan(values, depth, len(data), False)     # Json, unknown: bytes
        pos += size
        if pos > total:
            return Scan(values, depth, len(data), False)
        # The value is complete: so is every table whose last value it was.
        while open_tables:
            open_tables[-1] -= 1
            if open_tables[-1]:
                break
            open_tables.pop()
        if not open_tables:
            return Scan(values, depth, (pos + 7) >> 3, True)
