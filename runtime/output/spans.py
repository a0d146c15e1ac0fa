"""Byte offset and size of every field, recorded while generated classes parse.

Classes compiled without ``--debug`` keep no positions. While :func:`recording` is active,
every generated object notes, as each field is assigned, where the field started and ended
in the bytes its stream reads (the stream's position after the previous field and after
this one); a repeated field records each element; a field read from a substream of
``size`` bytes knows where the substream starts in its parent, so offsets are absolute in
the outermost buffer the parse started from. Only ``--format tree`` turns this on (it costs
an attribute hook per field), for the run that shows the tree.

Bit-sized fields are placed at the byte the stream stood on (:func:`field_span`, the byte
range a viewer highlights), and also recorded to the bit (:func:`field_bits`, what the
``tree`` format prints for a field that does not start and end on a byte); instances
(computed values and positioned reads) have no span of their own.
"""
from __future__ import annotations

import inspect
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from kaitaistruct import KaitaiStream, KaitaiStruct

Span = tuple[int, int]  # (offset, size), absolute

_PARAMS: dict[type, frozenset] = {}
_last_raw: list[Any] = [None]  # (absolute start, length) of the last `_raw_*` bytes read
_BASES: dict[int, tuple[KaitaiStream, int]] = {}  # id(stream) -> (stream, absolute base)


def _params(cls: type[Any]) -> frozenset:
    found = _PARAMS.get(cls)
    if found is None:
        names: Mapping[str, inspect.Parameter]
        try:
            names = inspect.signature(cls.__init__).parameters
        except (TypeError, ValueError):
            names = {}
        found = _PARAMS[cls] = frozenset(n for n in names if not n.startswith("_") and n != "self")
    return found


def _base(stream: KaitaiStream) -> int:
    known = _BASES.get(id(stream))
    if known is not None and known[0] is stream:
        return known[1]
    base = 0
    last = _last_raw[0]
    if last is not None:
        try:
            if stream.size() == last[1]:
                base = last[0]
        except Exception:  # noqa: BLE001 - a stream without a size starts at 0
            pass
        _last_raw[0] = None
    _BASES[id(stream)] = (stream, base)
    return base


class _SpanList(list):
    """The list of a repeated field: notes each element's span as it is appended."""

    __slots__ = ("_owner", "_spans")

    def __init__(self, owner: dict[str, Any]) -> None:
        super().__init__()
        self._owner = owner
        self._spans: list[Span] = []

    def append(self, item: Any) -> None:  # noqa: D401 - list.append with a span
        owner = self._owner
        io = owner["_io"]
        end = io.pos()
        start = owner["_ws_mark"]
        if isinstance(item, KaitaiStruct) and item.__dict__.get("_io") is io:
            start = item.__dict__.get("_ws_pos", start)
        base = owner["_ws_base"]
        self._spans.append((base + start, end - start))
        owner["_ws_mark"] = end
        owner["_ws_bit_mark"] = _bit(io)
        super().append(item)


def _setattr(self: Any, name: str, value: Any) -> None:
    d = self.__dict__
    if name == "_io":
        d["_io"] = value
        d["_ws_base"] = _base(value)
        d["_ws_pos"] = d["_ws_mark"] = value.pos()
        d["_ws_bit_pos"] = d["_ws_bit_mark"] = _bit(value)
        d["_ws_spans"] = {}
        d["_ws_bits"] = {}
        return
    io = d.get("_io")
    if io is None or name[0] == "_":
        if name.startswith("_raw_") and io is not None and isinstance(value, (bytes, bytearray)):
            _last_raw[0] = (d["_ws_base"] + io.pos() - len(value), len(value))
        d[name] = value
        return
    if name in _params(type(self)):
        d[name] = value
        return
    end = io.pos()
    if type(value) is list and not value:
        value = _SpanList(d)
        d["_ws_spans"][name] = value._spans
        d["_ws_mark"] = end
        d[name] = value
        return
    start = d["_ws_mark"]
    bit_start = d["_ws_bit_mark"]
    if isinstance(value, KaitaiStruct):
        child = value.__dict__
        if child.get("_io") is io:
            start = child.get("_ws_pos", start)
            bit_start = child.get("_ws_bit_pos", bit_start)
    d["_ws_spans"][name] = (d["_ws_base"] + start, end - start)
    bit_end = _bit(io)
    if bit_start % 8 or bit_end % 8:
        d["_ws_bits"][name] = (d["_ws_base"] * 8 + bit_start, bit_end - bit_start)
    d["_ws_mark"] = end
    d["_ws_bit_mark"] = bit_end
    d[name] = value


@contextmanager
def recording() -> Iterator[None]:
    """Record field spans for every generated object parsed inside the block."""
    had = "__setattr__" in vars(KaitaiStruct)
    saved = vars(KaitaiStruct).get("__setattr__")
    KaitaiStruct.__setattr__ = _setattr
    try:
        yield
    finally:
        if had:
            KaitaiStruct.__setattr__ = saved
        else:
            del KaitaiStruct.__setattr__
        _BASES.clear()
        _last_raw[0] = None


def field_span(obj: Any, name: str) -> Span | None:
    """(offset, size) of field ``name`` of ``obj`` (a whole repeated field for a list)."""
    spans = getattr(obj, "__dict__", {}).get("_ws_spans")
    if not spans:
        return None
    span = spans.get(name)
    if isinstance(span, list):
        if not span:
            return None
        start = span[0][0]
        last = span[-1]
        return (start, last[0] + last[1] - start)
    return span


def field_bits(obj: Any, name: str) -> Span | None:
    """(bit offset, size in bits) of field ``name`` of ``obj`` when it does not start and
    end on a byte (a bit-sized field); None otherwise."""
    bits = getattr(obj, "__dict__", {}).get("_ws_bits")
    return bits.get(name) if bits else None


def _bit(io: Any) -> int:
    """The stream's position in bits (bit-sized reads leave part of a byte unread)."""
    return io.pos() * 8 - getattr(io, "bits_left", 0)


def clear_bases() -> None:
    """Forget the streams seen so far (between packets: ids of dead streams are reused)."""
    _BASES.clear()
    _last_raw[0] = None
