"""Write fields straight to bytes, without read-write objects, where the specs allow.

:func:`write` takes what :func:`wirestruct.encode.building.build` takes (a type, the raw
fields, its parameters, the hooks; with ``readable``, also fields as ``wirestruct decode``
prints them) and gives the bytes ``to_bytes(build(...), size)`` gives, or None when it
gives up: the caller then converts and builds the read-write objects, whose checks and
error messages stay the only ones. The layout still comes from the spec alone:

* the plan of each type is worked out once from its ``.ksy`` (the same
  :class:`~wirestruct.encode.building.TypeInfo` the builder uses, and its field plans for
  converting values and finding switch types and parameters);
* every expression (``if``, ``size``, ``repeat-expr``, a switch, a type's arguments) is
  the compiler's own translation (``generated_rw/<folder>/_expressions.py``), evaluated on
  a light object holding the values written so far, ``_parent``, ``_root``, the
  parameters and, in a stream of known size, ``_io``; a value instance an expression uses
  is the read-write class's own getter, run on that object;
* each plan is turned into a function once (:mod:`wirestruct.encode.writer_source`): one
  statement per field with only the checks that field needs, and the plan's general code
  below for whatever its fast path does not take.

It gives up on whatever the read-write classes might treat otherwise: a field whose
type, options (``terminator``, ``process``, ``repeat: until``, ``pos`` ...) or checks
(a ``valid`` other than a number or bounds) it does not handle makes its type
unwritable here; a missing field, a value given for a field whose ``if`` is false, a count
or size that does not match, a parse instance given, an expression that fails, a value
out of range: the builder then says what is wrong. ``tests/write/test_direct.py`` proves the
bytes equal on every packet of the samples and of edited ones.
"""
from __future__ import annotations

import struct
from collections.abc import Callable, Mapping
from typing import Any

from wirestruct.encode import unpresent, writer_source
from wirestruct.encode.building import FieldPlan, Hooks, TypeInfo
from wirestruct.encode.primitives import FLOAT_TYPE, INT_TYPE, int_range


class _GiveUp(Exception):
    """The fields are left to the read-write classes."""


#: The keys of a field the writer handles; any other makes its type unwritable here.
_KEYS = frozenset({"id", "-orig-id", "doc", "doc-ref", "type", "size", "size-eos", "repeat",
                   "repeat-expr", "if", "enum", "encoding", "valid", "contents"})
_STRUCT_CODES = {"u1": "B", "s1": "b", "u2": "H", "s2": "h", "u4": "I", "s4": "i",
                 "u8": "Q", "s8": "q", "f4": "f", "f8": "d"}


class _Out:
    """A stream being written: its bytes, the bits not yet whole bytes, and its size when
    it has one (a field's ``size``, or the size the caller gives)."""

    __slots__ = ("buf", "bits", "nbits", "le", "limit")

    def __init__(self, limit: int | None) -> None:
        self.buf = bytearray()
        self.bits = 0
        self.nbits = 0
        self.le = False
        self.limit = limit

    def align(self) -> None:
        if self.nbits:
            bits = self.bits if self.le else self.bits << (8 - self.nbits)
            self.buf.append(bits & 0xFF)
            self.bits = self.nbits = 0

    def put_bits(self, n: int, value: int, le: bool) -> None:
        if self.nbits and le != self.le:
            raise _GiveUp                                 # both bit orders in one byte
        self.le = le
        if le:
            self.take(self.bits | (value << self.nbits), self.nbits + n)
        else:
            self.take((self.bits << n) | value, self.nbits + n)

    def take(self, acc: int, nb: int) -> None:
        """The ``nb`` bits ``acc`` holds, in the stream's bit order, as its bits: their
        whole bytes written, the rest kept (the generated writers hold a run of bit
        fields in locals and give them back here)."""
        if nb >= 8:
            if self.le:
                whole = nb >> 3
                self.buf += (acc & ((1 << (8 * whole)) - 1)).to_bytes(whole, "little")
                acc >>= 8 * whole
                nb &= 7
            else:
                rest = nb & 7
                self.buf += (acc >> rest).to_bytes(nb >> 3, "big")
                acc &= (1 << rest) - 1
                nb = rest
        self.bits, self.nbits = acc, nb

    def pos(self) -> int:
        return len(self.buf) + (1 if self.nbits else 0)

    def end(self) -> None:
        """The stream ends here: a ``size-eos`` or ``repeat: eos`` field was written in a
        stream of no known size, so a reader takes everything to this point and nothing
        after it can be read back."""
        if self.limit is None:
            self.limit = self.pos()


class _Io:
    """``_io`` of a stream of known size, as the expressions ask it."""

    __slots__ = ("out",)

    def __init__(self, out: _Out) -> None:
        self.out = out

    def size(self) -> int:
        return self.out.limit  # type: ignore[return-value]  # made only with a limit

    def pos(self) -> int:
        return self.out.pos()

    def is_eof(self) -> bool:
        return self.out.pos() >= self.out.limit  # type: ignore[operator]


class _Field:
    """One sequence field, worked out once."""

    __slots__ = ("name", "plan", "when", "size", "eos", "repeat", "count", "kind", "code",
                 "bits", "bits_le", "encoding", "low", "high", "equal", "user", "contents",
                 "simple", "real", "flag", "enum", "fixed")

    def __init__(self, info: TypeInfo, attr: dict[str, Any], endian: str | None,
                 bit_endian: str, encoding: str | None) -> None:
        if not _KEYS.issuperset(attr):
            raise _GiveUp
        name = self.name = attr["id"]
        self.plan: FieldPlan = info.plan_of(attr)
        expressions = info.expressions
        self.when = _expression(attr.get("if"), expressions.get((name, "when")))
        self.size = _expression(attr.get("size"), expressions.get((name, "size")))
        self.eos = bool(attr.get("size-eos"))
        self.repeat = attr.get("repeat")
        if self.repeat not in (None, "expr", "eos"):
            raise _GiveUp
        self.count = _expression(attr.get("repeat-expr"), expressions.get((name, "count")))
        self.low, self.high, self.equal = _valid(attr.get("valid"))
        kind = attr.get("type")
        self.code: Callable[[Any], bytes] | None = None
        self.bits, self.bits_le, self.encoding = 0, False, "UTF-8"
        self.user = self.plan.rule is not None
        contents = attr.get("contents")
        self.contents = None if contents is None else _contents(contents)
        if kind is None or kind.__class__ is dict:
            self.kind = "bytes"
        elif kind in ("str", "strz"):
            self.kind, self.encoding = kind, attr.get("encoding") or encoding or ""
            if not self.encoding or kind == "strz" and attr.get("size") is None and not self.eos:
                raise _GiveUp                             # a strz ended by its terminator
        elif INT_TYPE.match(kind) or FLOAT_TYPE.match(kind):
            self.kind = "number"
            if kind[0] == "b":
                self.bits = int(kind[1:].rstrip("lbe"))
                order = kind[-2:] if kind.endswith(("le", "be")) else bit_endian
                self.bits_le = order == "le"
            else:
                order = kind[2:] or endian
                if kind[1] != "1" and order not in ("le", "be"):
                    raise _GiveUp                         # no endianness, or one by switch
                fmt = ("<" if order == "le" else ">") + _STRUCT_CODES[kind[:2]]
                self.code = struct.Struct(fmt).pack
        elif self.user:
            self.kind = "user"
        else:
            raise _GiveUp                                 # strz and the like
        #: a byte-aligned integer with no enum: (pack, least, greatest) of what its type
        #: and its valid allow, written inline by the type's writer when it is an int there
        self.simple: tuple[Callable[[Any], bytes], int, int] | None = None
        if self.code is not None and INT_TYPE.match(str(kind)) and "enum" not in attr:
            least, greatest = int_range(str(kind)[:2])
            if self.equal is not None:
                least = greatest = self.equal
            self.simple = (self.code, max(least, self.low if self.low is not None else least),
                           min(greatest, self.high if self.high is not None else greatest))
        #: a byte-aligned float with no valid: its pack, used inline for a float value
        self.real = self.code if FLOAT_TYPE.match(str(kind)) and \
            (self.low, self.high, self.equal) == (None, None, None) else None
        #: an integer enum with no valid: member name or number -> (member, number)
        self.enum = _enum_table(info, attr) if self.kind == "number" and "enum" in attr \
            and (self.low, self.high, self.equal) == (None, None, None) else None
        #: a bit field with no enum or valid: its width (b1 takes true or false)
        self.flag = self.bits if self.bits and "enum" not in attr and \
            (self.low, self.high, self.equal) == (None, None, None) else 0
        #: the plan of a user type without switch or arguments, once found
        self.fixed: _Plan | None = None
        if self.kind != "number" and (self.low, self.high, self.equal) != (None, None, None):
            raise _GiveUp                                 # a valid of bytes or objects
        if (self.size is not None or self.eos) and self.kind == "number":
            raise _GiveUp


def _enum_table(info: TypeInfo, attr: dict[str, Any]) -> dict[Any, tuple[Any, int]] | None:
    """What the field's converter gives for each member of its enum, by name and by
    number, when the field's type holds it (others are left to the converter)."""
    kind = str(attr.get("type"))
    if not INT_TYPE.match(kind):
        return None
    try:
        members = info.resolve_enum(attr["enum"]).__members__
    except Exception:  # noqa: BLE001 - the converter reports it
        return None
    low, high = int_range(kind if kind[0] == "b" else kind[:2])
    table: dict[Any, tuple[Any, int]] = {}
    for name, member in members.items():
        if low <= member <= high:
            table[name] = (member, int(member))
            table.setdefault(int(member), (member, int(member)))
    return table


def _contents(contents: Any) -> bytes:
    """A ``contents:`` as bytes (a string, or a list of byte values and strings)."""
    parts = contents if isinstance(contents, list) else [contents]
    out = bytearray()
    for part in parts:
        if isinstance(part, str):
            out += part.encode("utf-8")
        elif isinstance(part, int) and not isinstance(part, bool) and 0 <= part <= 255:
            out.append(part)
        else:
            raise _GiveUp
    return bytes(out)


def _expression(given: Any, function: Callable | None) -> Any:
    """A field's ``if``/``size``/``repeat-expr``: None when absent, a number or boolean
    as given, else the generated function (none: the type is not written here)."""
    if given is None or isinstance(given, (bool, int)):
        return given
    if function is None:
        raise _GiveUp
    return function


def _valid(valid: Any) -> tuple[Any, Any, Any]:
    """(min, max, equal) of a ``valid`` of numbers; any other is left to the builder."""
    if valid is None:
        return None, None, None
    if isinstance(valid, int) and not isinstance(valid, bool):
        return None, None, valid
    if isinstance(valid, dict) and set(valid) <= {"min", "max"} and all(
            isinstance(v, int) and not isinstance(v, bool) for v in valid.values()):
        return valid.get("min"), valid.get("max"), None
    raise _GiveUp


class _Plan:
    """How one type is written: its fields, the class its context objects have (the
    read-write class's value instances), its parameters' names."""

    __slots__ = ("info", "fields", "ctx", "params", "instances", "shape", "packed", "write")

    def __init__(self, info: TypeInfo) -> None:
        self.info = info
        endian, bit_endian, encoding = _defaults(info)
        self.fields = tuple(_Field(info, attr, endian, bit_endian, encoding)
                            for attr in info.seq)
        self.params = tuple(p["id"] for p in info.spec.get("params") or ())
        self.instances = tuple(name for name, _ in info.parse_instances)
        values = {name: getattr(info.cls, name) for name, inst in
                  (info.spec.get("instances") or {}).items() if "value" in inst}
        self.ctx = type(f"{info.cls.__name__}Fields", (), values)
        self.shape = unpresent.shape_of(info.cls)
        self.packed = _packed(self)
        text, consts = writer_source.source(self)
        namespace = {**_helpers(), **consts}
        exec(compile(text, f"<writer of {info.cls.__qualname__}>", "exec"), namespace)
        #: ``(fields, params, out, parent, root, hooks, readable, name) -> object``: the
        #: fields written to ``out``; the object their expressions saw returned
        self.write: Callable[..., Any] = namespace["write"]


#: A type of byte-aligned numbers only: one pack of them all, their names, and per name
#: the range of an integer (None: a float).
Packed = tuple[Callable[..., bytes], tuple[str, ...], tuple[tuple[int, int] | None, ...]]


def _packed(plan: _Plan) -> Packed | None:
    """How a type whose fields are all plain numbers (no enum, valid, if, repeat; a
    float or an integer of whole bytes, of one byte order) is written in one pack; None
    for any other type."""
    if plan.params or plan.instances or not plan.fields or plan.shape.backs:
        return None
    formats, ranges = [], []
    for field in plan.fields:
        attr = field.plan.attr
        kind = str(attr.get("type"))
        if field.kind != "number" or field.code is None or field.when is not None or \
                field.repeat is not None or "enum" in attr or "valid" in attr:
            return None
        formats.append(field.code)
        ranges.append(int_range(kind[:2]) if INT_TYPE.match(kind) else None)
    orders = {_struct_format(code)[0] for code in formats}
    if len(orders) != 1:
        return None
    fmt = orders.pop() + "".join(_struct_format(code)[1:] for code in formats)
    return (struct.Struct(fmt).pack, tuple(f.name for f in plan.fields), tuple(ranges))


def _struct_format(pack: Callable[..., bytes]) -> str:
    """The format of a ``struct.Struct(...).pack``."""
    return pack.__self__.format  # type: ignore[attr-defined]


def _defaults(info: TypeInfo) -> tuple[str | None, str, str | None]:
    """The endianness, bit endianness and string encoding a type's fields default to
    (its own ``meta``, else its enclosing types')."""
    found: dict[str, Any] = {}
    scope: TypeInfo | None = info
    while scope is not None:
        for key, value in (scope.spec.get("meta") or {}).items():
            found.setdefault(key, value)
        scope = scope.outer
    endian = found.get("endian")
    if endian is not None and endian not in ("le", "be"):
        raise _GiveUp                                     # an endianness chosen by switch
    return endian, found.get("bit-endian") or "be", found.get("encoding")


#: Type -> its plan, or None for a type this writer does not take (worked out once).
_PLANS: dict[TypeInfo, _Plan | None] = {}


def _plan(info: TypeInfo) -> _Plan:
    found = _PLANS.get(info, _GiveUp)
    if found is _GiveUp:
        try:
            found = _Plan(info)
        except _GiveUp:
            found = None
        except Exception:  # noqa: BLE001 - a spec this writer does not understand
            found = None
        _PLANS[info] = found
    if found is None:
        raise _GiveUp
    return found  # type: ignore[return-value]


def write(info: TypeInfo, fields: Mapping[str, Any], params: tuple[Any, ...] = (),
          size: int | None = None, hooks: Hooks | None = None, *,
          readable: bool = False) -> bytes | None:
    """The bytes of ``info``'s type holding ``fields`` (in a stream of ``size`` bytes
    when given), or None when the read-write classes must build them.

    ``readable``: the fields may be as ``wirestruct decode`` prints them (readable, raw
    or a mix); what readable output changed is put back level by level as
    :mod:`wirestruct.encode.unpresent` does (the protocol's presentation: a value shown
    as one, padding left out while zero, hex bytes, integers as strings). A field left out
    that only the protocol's ``rebuild`` would give back makes it give up: the caller
    then converts the whole event with :func:`~wirestruct.encode.unpresent.raw_fields`."""
    out = _Out(size)
    try:
        _untie(_plan(info).write(fields, params, out, None, None, hooks, readable, None))
        out.align()
    except _GiveUp:
        return None
    except Exception:  # noqa: BLE001 - what the builder reports with its own message
        return None
    if size is not None and len(out.buf) != size:
        return None
    return bytes(out.buf)


def _untie(root: Any) -> None:
    """The objects of one write made free of each other once it is done: each points to
    its parent and its root, so otherwise only the cycle collector would free them (as it
    still does after a write given up on)."""
    for ctx in root.__dict__.pop("_made"):
        held = ctx.__dict__
        del held["_parent"], held["_root"]


def _one(field: _Field, value: Any, ctx: Any, out: _Out, hooks: Hooks | None,
         readable: bool) -> Any:
    """A field's value written by the plan's general code: what the fast path of the
    type's writer (:mod:`wirestruct.encode.writer_source`) does not take."""
    if value is None:
        raise _GiveUp
    if field.repeat is None:
        return _field(field, value, ctx, out, None, hooks, readable)
    if value.__class__ is not list:
        raise _GiveUp
    count = field.count
    if count is not None and (count if count.__class__ is int else count(ctx, None)) \
            != len(value):
        raise _GiveUp
    items: list[Any] = []
    ctx.__dict__[field.name] = items
    for i, item in enumerate(value):
        items.append(_field(field, item, ctx, out, i, hooks, readable))
    if field.repeat == "eos":
        out.end()
        if out.pos() != out.limit:
            raise _GiveUp
    return items


def _given(plan: _Plan, fields: Any, params: tuple[Any, ...], hooks: Hooks | None,
           readable: bool, name: str | None) -> Mapping[str, Any]:
    """The fields of a type as its loop takes them: a readable value shown as one put back,
    the type's hook applied; anything but an object with the right parameters gives up."""
    shape = plan.shape
    if readable and (shape.objects or fields.__class__ is not dict
                     and not isinstance(fields, Mapping)):
        if shape.inverse is None:
            raise _GiveUp
        fields = shape.inverse(fields, params, name)      # a value shown as one
    if hooks:
        hook = hooks.get(plan.info.cls)
        if hook is not None and isinstance(fields, Mapping):
            fields = hook(fields, params)
    if fields.__class__ is not dict and not isinstance(fields, Mapping):
        raise _GiveUp
    if len(params) != len(plan.params):
        raise _GiveUp
    return fields


def _field(field: _Field, value: Any, ctx: Any, out: _Out, index: int | None,
           hooks: Hooks | None, readable: bool) -> Any:
    if field.kind == "number":
        return _number(field, value, out, readable)
    plan = field.plan
    size = field.size
    if size is not None and size.__class__ is not int:
        size = size(ctx, index)
    if out.nbits:
        out.align()
    if field.user:
        fixed = field.fixed
        if fixed is None and plan.rule.__class__ is tuple and not plan.rule[1]:
            fixed = field.fixed = _plan(plan.rule[0])
        if fixed is not None and size is None and not field.eos:
            return fixed.write(value, (), out, ctx, ctx.__dict__["_root"], hooks, readable,
                               field.name)
        child = plan.child(ctx, index)
        if child is not None:
            return _child(field, child, value, ctx, out, size, hooks, readable)
    return _leaf(field, value, size, out, readable)


def _leaf(field: _Field, value: Any, size: int | None, out: _Out, readable: bool) -> Any:
    """Bytes or a string (also a switch none of whose cases matches) of ``size`` bytes
    when given, in a byte-aligned stream."""
    plan = field.plan
    if readable:
        value = unpresent.primitive(plan, value)
    data = plan.convert(value, field.name)
    kind = field.kind
    raw = data if kind == "bytes" else data.encode(field.encoding)
    if kind == "strz":
        raw = _terminated(raw, size, field.eos, out)
    elif size is not None and len(raw) != size or \
            field.contents is not None and raw != field.contents:
        raise _GiveUp
    out.buf += raw
    limit = out.limit
    if limit is not None and (len(out.buf) > limit or field.eos and len(out.buf) != limit):
        raise _GiveUp
    if field.eos:
        out.end()
    return data


def _number(field: _Field, value: Any, out: _Out, readable: bool) -> Any:
    plan = field.plan
    if readable and value.__class__ is str:
        value = unpresent.primitive(plan, value)          # an integer as digits
    converted = plan.convert(value, field.name)
    number = int(converted) if field.code is None or plan.has_enum else converted
    if field.low is not None and number < field.low or \
            field.high is not None and number > field.high or \
            field.equal is not None and number != field.equal:
        raise _GiveUp
    if field.bits:
        if number >> field.bits:
            raise _GiveUp                                 # what the builder refuses
        out.put_bits(field.bits, int(number), field.bits_le)
    else:
        if out.nbits:
            out.align()
        out.buf += field.code(number)  # type: ignore[misc]  # set for byte numbers
    if out.limit is not None and out.pos() > out.limit:
        raise _GiveUp
    return converted


def _child(field: _Field, child: tuple[TypeInfo, tuple[Any, ...]], value: Any, ctx: Any,
           out: _Out, size: int | None, hooks: Hooks | None, readable: bool) -> Any:
    info, args = child
    plan = _plan(info)
    root = ctx.__dict__["_root"]
    if size is None and not field.eos:
        return plan.write(value, tuple(args), out, ctx, root, hooks, readable, field.name)
    limit = size if size is not None else (
        out.limit - len(out.buf) if out.limit is not None else None)
    sub = _Out(limit)
    made = plan.write(value, tuple(args), sub, ctx, root, hooks, readable, field.name)
    sub.align()
    if limit is not None and len(sub.buf) != limit:
        raise _GiveUp
    out.buf += sub.buf
    if out.limit is not None and len(out.buf) > out.limit:
        raise _GiveUp
    if field.eos:
        out.end()
    return made


def _helpers() -> dict[str, Any]:
    """What the writers made by :mod:`wirestruct.encode.writer_source` call."""
    return {"GiveUp": _GiveUp, "given": _given, "one": _one, "plan_of": _plan, "Io": _Io,
            "new": object.__new__, "zero": unpresent.zero, "Mapping": Mapping,
            "StructError": struct.error, "Out": _Out,
            "leaf": _leaf}


def _terminated(raw: bytes, size: int | None, eos: bool, out: _Out) -> bytes:
    """A ``strz`` of ``size`` bytes (or up to the end of its stream): the text, then a
    NUL and zeros when it is shorter. A stream's end further than one NUL after the text
    is left to the builder, which sets the length that frames it (a text made shorter)."""
    if eos:
        if out.limit is None:
            raise _GiveUp
        size = out.limit - len(out.buf)
        if size > len(raw) + 1:
            raise _GiveUp       # more room than the text and its NUL: the builder sets it
    if size is None or len(raw) > size or 0 in raw:
        raise _GiveUp
    return raw + bytes(size - len(raw)) if len(raw) < size else raw


__all__ = ["write"]
