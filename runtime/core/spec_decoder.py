"""Decoders of a protocol that one spec describes alone: its top-level type is one packet.

A :class:`SpecPacket` reads one packet with the spec's generated class (objects counted
against ``limits.max_items_per_packet``) and names it after the enum member of the field
the spec's top-level switch routes on (``unknown_<n>`` for a value the enum does not list),
or after the spec when it has no such switch.

* :class:`SpecMessageDecoder`: every record is one packet; bytes left over are an error.
* :class:`SpecStreamDecoder`: records are chunks of TCP streams, and a packet is read
  after the one before it, from each direction of each stream: framing is by parsing.
  A parse that runs out of the buffered bytes (the packet's own bytes, not a part of it
  of a size the spec gives) waits for more; a parse that fails otherwise is an error event,
  and the stream resynchronizes (:meth:`SpecStreamDecoder.resync`: the next offset where
  a packet of a known name parses and the bytes after it start another one, or end).
"""
from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any

from kaitaistruct import KaitaiStream, KaitaiStruct
from wirestruct.core import lossy
from wirestruct.core.decoder import MessageDecoder, PacketContext, StreamDecoder
from wirestruct.core.errors import FramingError, ParseError
from wirestruct.core.events import Event
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.parse import check_consumed, parse
from wirestruct.core.records import Direction
from wirestruct.core.stream import counted, parse_stream


class SpecPacket:
    """How one packet is read: the generated class ``cls``, the field naming the packet
    (``name_field``, None: every packet is named ``name``)."""

    def __init__(self, cls: type, name: str, name_field: str | None) -> None:
        self.cls = cls
        self.name = name
        self.name_field = name_field

    def read(self, data: bytes, limits: Limits) -> Any:
        return parse(self.cls, data, packet_name=self.name,
                     max_objects=limits.max_items_per_packet)

    def identify(self, packet: Any) -> tuple[int, str]:
        """The packet's id and name."""
        if self.name_field is None:
            return 0, self.name
        value = getattr(packet, self.name_field, None)
        if isinstance(value, enum.Enum):
            return int(value.value), value.name
        if isinstance(value, int):
            return value, f"unknown_{value}"
        return 0, self.name

    def known(self, packet: Any) -> bool:
        """Whether the packet's name is one its enum lists (any packet, without one)."""
        return self.name_field is None or isinstance(getattr(packet, self.name_field, None),
                                                     enum.Enum)


class SpecMessageDecoder(MessageDecoder):
    """One record, one packet of the spec."""

    protocol = "spec"
    splits = True               # a packet depends on no other

    def __init__(self, packet: SpecPacket, *, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(limits=limits)
        self.packet = packet

    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        obj = self.packet.read(data, self.limits)
        packet_id, name = self.packet.identify(obj)
        try:
            check_consumed(obj, len(data))
        except ParseError as exc:
            raise exc.at(packet_id=packet_id, packet_name=name) from None
        yield self.make_packet(ctx, packet_id, name, obj, data)


class _NeedMore(Exception):
    """The parse ran out of the bytes buffered so far."""


class SpecStreamDecoder(StreamDecoder):
    """Packets of the spec, one after another in each stream direction."""

    protocol = "spec"
    reads_ahead = True

    def __init__(self, packet: SpecPacket, *, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(limits=limits)
        self.packet = packet
        #: the last packet framed (the bytes it was read from, its length, the packet),
        #: which :meth:`decode_packet` takes rather than reading the same bytes again
        self._framed: tuple[bytes, int, Any] | None = None
        #: per direction, the bytes the last resync scan tried and the offsets that waited
        self._scans: dict[Direction, tuple[bytes, list[int]]] = {}

    def _measure(self, data: bytes) -> tuple[int, Any]:
        """The length of the packet ``data`` starts with, and the packet; :class:`_NeedMore`
        when the parse runs out of ``data``; a ParseError when it fails."""
        try:
            obj = self.packet.read(data, self.limits)
        except ParseError as exc:
            if _ran_out(exc.__cause__):
                raise _NeedMore() from None
            raise
        return obj._io.pos(), obj

    def packet_length(self, header: bytes, direction: Direction) -> int:
        self._framed = None
        try:
            length, obj = self._measure(header)
            if not lossy.take_notes():        # strings kept: read again, to report them
                self._framed = (header, length, obj)
        except _NeedMore:
            return len(header) + 1             # wait for the next bytes
        except ParseError as exc:
            at = f" at {exc.where.field_path}" if exc.where.field_path else ""
            raise FramingError(f"the packet does not parse{at}: {exc.message}",
                               expected=exc.expected or "a packet of the spec") from None
        return length

    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        framed, self._framed = self._framed, None
        if framed is not None and framed[1] == len(data) and framed[0][:len(data)] == data:
            obj = framed[2]
        else:
            obj = self.packet.read(data, self.limits)
            check_consumed(obj, len(data))
        packet_id, name = self.packet.identify(obj)
        yield self.make_packet(ctx, packet_id, name, obj, data)

    def resync(self, data: memoryview, direction: Direction) -> tuple[int, bool]:
        """The first offset where a packet of a known name parses and is followed by
        another that parses: ``(n, True)``. Else ``(n, False)``: ``n`` is the first offset
        where one may still start when more bytes come (a parse that runs out of them,
        or a whole packet with nothing after it yet), or every byte.

        What a scan found is kept for the next call of the direction while the bytes it
        scanned are still the start of ``data``: only the offsets that waited and the new
        bytes are tried again (a parse that failed fails again), so a long run of garbage
        arriving a segment at a time is scanned once, not once per segment."""
        whole = bytes(data)
        seen, waiting = self._scans.pop(direction, (b"", []))
        if len(seen) > len(whole) or not whole.startswith(seen):
            seen, waiting = b"", []
        still: list[int] = []
        for start in [*waiting, *range(len(seen), len(whole))]:
            state = self._candidate(whole, start)
            if state == "found":
                return start, True
            if state == "wait":
                still.append(start)
        first = still[0] if still else len(whole)
        self._scans[direction] = (whole[first:], [at - first for at in still])
        return first, False

    def _candidate(self, whole: bytes, start: int) -> str:
        """``found``, ``wait`` or ``no``: whether a packet starts at ``start``."""
        first = self._try(whole, start)
        if not isinstance(first, int):
            return first
        if start + first == len(whole):
            return "wait"
        second = self._try(whole, start + first)
        return "found" if isinstance(second, int) else second

    def _try(self, whole: bytes, start: int) -> int | str:
        """The length of a packet of a known name at ``start``, else ``wait`` (it runs
        out of bytes) or ``no``."""
        io = parse_stream(whole)
        io.seek(start)
        try:
            with counted(self.limits.max_items_per_packet):
                obj = self.packet.cls(io)
        except Exception as exc:  # noqa: BLE001 - any failure: no packet starts here
            return "wait" if _ran_out(exc) else "no"
        length = io.pos() - start
        return length if length >= 1 and self.packet.known(obj) else "no"


def _ran_out(exc: BaseException | None) -> bool:
    """Whether ``exc`` is the end of the outermost stream (the packet's bytes so far), not
    of a part of it whose size the spec gives."""
    if not isinstance(exc, EOFError):
        return False
    streams: list[Any] = []
    root: Any = None
    tb = exc.__traceback__
    while tb is not None:
        this: Any = tb.tb_frame.f_locals.get("self")
        if isinstance(this, KaitaiStream):
            streams.append(this)
        elif root is None and isinstance(this, KaitaiStruct):
            root = this._io
        tb = tb.tb_next
    return bool(streams) and root is not None and streams[-1] is root
