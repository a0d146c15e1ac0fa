"""Strings whose bytes are not valid in their encoding: the packet is kept, not failed.

Generated classes decode a spec's ``type: str`` with ``bytes.decode(encoding)``, which
raises on bytes the encoding does not allow (invalid UTF-8). When a parse fails so,
:func:`wirestruct.core.parse.parse` parses the same bytes once more with
:func:`tolerant`: the byte strings the stream reads then decode to a :class:`LossyStr`
where they are not valid, the text with U+FFFD for the bad bytes, which also keeps the
bytes as they were (``raw``). Every other field is read as before. A note for each such
string, a :class:`~wirestruct.core.errors.ParseError` naming the field, the offset of the
first bad byte in the packet and the bad bytes, is kept for the decoder
(:func:`take_notes`), which makes it an error event after the packet's event.

``LossyStr.encode`` in the string's own encoding gives back the original bytes, so the
read-write classes and the encoder write them unchanged. The serializer shows a lossy
string as ``{"text": ..., "hex": ...}`` (the text with U+FFFD, and its bytes); the encoder
takes that form back to the bytes while the text is unchanged (an edited text is
written as the new text).

Only the failing parse pays: the first parse is the ordinary one, and the tolerant one
patches the stream's byte-string reads for its own duration.
"""
from __future__ import annotations

import codecs
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from kaitaistruct import KaitaiStruct
from wirestruct.core.errors import ParseError
from wirestruct.core.stream import ParseStream

#: notes beyond this many per packet are dropped (a packet's errors are summarised anyway)
MAX_NOTES = 256
_notes: list[ParseError] = []


class LossyStr(str):
    """Text of bytes not valid in ``encoding``: shown with U+FFFD for the bad bytes;
    ``raw`` holds the bytes, which :meth:`encode` in that encoding gives back."""

    raw: bytes
    encoding: str
    #: where its bytes start in the outermost buffer of the parse (None: not known)
    at: int | None = None

    def __new__(cls, raw: bytes, encoding: str) -> LossyStr:
        obj = super().__new__(cls, raw.decode(encoding, "replace"))
        obj.raw = bytes(raw)
        obj.encoding = encoding
        return obj

    def encode(self, encoding: str = "utf-8", errors: str = "strict") -> bytes:
        if codecs.lookup(encoding).name == codecs.lookup(self.encoding).name:
            return self.raw
        return str(self).encode(encoding, errors)

    def bad_ranges(self, most: int = 8) -> list[tuple[int, int]]:
        """Where the bytes the encoding refuses are in ``raw``, (start, end) each, the
        first ``most`` of them."""
        found: list[tuple[int, int]] = []
        decoder = codecs.getincrementaldecoder(self.encoding)()
        pos, raw = 0, self.raw
        while pos < len(raw) and len(found) < most:
            try:
                decoder.decode(raw[pos:], final=True)
                break
            except UnicodeDecodeError as exc:
                found.append((pos + exc.start, pos + exc.end))
                pos += exc.end
                decoder.reset()
        return found

    def __reduce__(self) -> tuple[Any, ...]:          # pickled across --jobs workers
        return LossyStr, (self.raw, self.encoding)


def lossy_from_json(value: Any, encoding: str = "utf-8") -> Any:
    """The serializer's ``{"text", "hex"}`` form back to a :class:`LossyStr` while the text
    is still the one its bytes decode to; an edited text as plain text; anything else as
    it is."""
    if not isinstance(value, dict) or set(value) != {"text", "hex"}:
        return value
    try:
        lossy = LossyStr(bytes.fromhex(value["hex"]), encoding)
    except (TypeError, ValueError):
        return value
    return lossy if str(lossy) == value["text"] else str(value["text"])


class _Undecoded(bytes):
    """A byte string read while :func:`tolerant` is on: decodes to a :class:`LossyStr`
    where it is not valid in the encoding."""

    #: where the bytes start in the outermost buffer of the parse
    at: int | None = None

    def decode(self, encoding: str = "utf-8", errors: str = "strict") -> str:
        try:
            return bytes.decode(self, encoding, errors)
        except UnicodeDecodeError:
            lossy = LossyStr(bytes(self), encoding)
            lossy.at = self.at
            return lossy


_READS = ("read_bytes", "read_bytes_full", "read_bytes_term", "read_bytes_term_multi")
_HELPERS = ("bytes_terminate", "bytes_terminate_multi", "bytes_strip_right")
#: while tolerant: id(stream) -> where it starts in the outermost buffer; where the last
#: byte string read started (a substream of ``size`` bytes is opened on it right after)
_bases: dict[int, int] = {}
_last = [0]


def _undecoded(found: bytes, at: int | None) -> _Undecoded:
    kept = _Undecoded(found)
    kept.at = at
    return kept


def _reading(method: Callable[..., Any]) -> Callable[..., Any]:
    def read(self: ParseStream, *args: Any) -> Any:
        start = _bases.get(id(self), 0) + self.pos()
        found = method(self, *args)
        _last[0] = start
        return _undecoded(found, start) if found.__class__ is bytes else found
    return read


def _keeping(helper: Callable[..., Any]) -> Callable[..., Any]:
    def keep(data: Any, *args: Any) -> Any:
        found = helper(data, *args)              # terminated or stripped: the same start
        if found.__class__ is bytes and isinstance(data, _Undecoded):
            return _undecoded(found, data.at)
        return found
    return keep


def _opening(init: Callable[..., Any]) -> Callable[..., Any]:
    def open_stream(self: ParseStream, io: Any) -> None:
        init(self, io)
        _bases[id(self)] = _last[0]
    return open_stream


@contextmanager
def tolerant() -> Iterator[None]:
    """Within the block, byte strings read by :class:`ParseStream` decode without failing
    (see the module doc)."""
    saved = {name: ParseStream.__dict__.get(name)
             for name in (*_READS, *_HELPERS, "__init__")}
    try:
        for name in _READS:
            setattr(ParseStream, name, _reading(getattr(ParseStream, name)))
        for name in _HELPERS:
            if hasattr(ParseStream, name):
                setattr(ParseStream, name, staticmethod(_keeping(getattr(ParseStream, name))))
        setattr(ParseStream, "__init__", _opening(ParseStream.__init__))  # noqa: B010 - mypy
        yield
    finally:
        _bases.clear()
        _last[0] = 0
        for name, value in saved.items():
            if value is None:
                if name in ParseStream.__dict__:
                    delattr(ParseStream, name)
            else:
                setattr(ParseStream, name, value)


def settle(root: KaitaiStruct, offset_base: int, packet_name: str | None,
           packet_id: int | None) -> None:
    """After a tolerant parse: byte strings back to plain bytes, and a note for every
    lossy string (kept for :func:`take_notes`)."""
    stack: list[tuple[Any, str]] = [(root, type(root).__name__)]
    seen: set[int] = set()
    while stack:
        obj, path = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        d = obj.__dict__
        for name, value in list(d.items()):
            if name in ("_io", "_parent", "_root"):
                continue
            if isinstance(value, list):
                for i, item in enumerate(value):
                    value[i] = _settled(item, name, f"{path}.{name}[{i}]", stack,
                                        offset_base, packet_name, packet_id)
            else:
                d[name] = _settled(value, name, f"{path}.{name}", stack, offset_base,
                                   packet_name, packet_id)


def _settled(value: Any, name: str, path: str, stack: list[tuple[Any, str]],
             offset_base: int, packet_name: str | None, packet_id: int | None) -> Any:
    if value.__class__ is _Undecoded:
        return bytes(value)
    if isinstance(value, KaitaiStruct):
        stack.append((value, path))
    elif isinstance(value, LossyStr) and not name.startswith("_"):
        ranges = value.bad_ranges() or [(0, 0)]
        start = ranges[0][0]
        at = getattr(value, "at", None)
        offset = None if at is None else offset_base + at + start
        bad = ", ".join(f"{value.raw[a:b].hex(' ')} at byte {a}" for a, b in ranges)
        if len(_notes) < MAX_NOTES:
            _notes.append(ParseError(
                f"invalid {value.encoding} in a string of {len(value.raw)} bytes: {bad}; "
                "shown as U+FFFD, the bytes are kept",
                expected=f"{value.encoding} text", offset=offset, field_path=path,
                packet_name=packet_name, packet_id=packet_id))
    return value


def take_notes() -> list[ParseError]:
    """The notes of the lossy strings parsed since the last call, oldest first."""
    if not _notes:
        return []
    notes = _notes[:]
    _notes.clear()
    return notes


__all__ = ["LossyStr", "lossy_from_json", "settle", "take_notes", "tolerant"]
