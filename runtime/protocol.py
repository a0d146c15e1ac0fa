"""What a protocol plugs into the decode path: a decoder, a tracker, Web IDE export items.

A protocol is specs (``ksy/<folder>/``) + a decoder + a tracker. Decoders are sans-I/O:
they are fed :class:`~wirestruct.records.CaptureRecord` objects and return events; they
never touch files or sockets. Two bases cover the two transports:

* :class:`MessageDecoder` - every record is one packet (UDP-style message protocols);
* :class:`StreamDecoder` - records are chunks of TCP byte streams, split anywhere; the
  decoder keeps a bounded buffer per (connection, direction) and frames packets out of it.

Both catch every error of one packet, turn it into an :class:`~wirestruct.events.ErrorEvent`
with the record, packet index and direction filled in, and go on with the next packet.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Tuple

from .buffer import ReceiveBuffer
from .errors import DecodeError, StateError, TruncatedStreamError, WirestructError
from .events import ErrorEvent, Event, PacketEvent, slot_setters
from .limits import DEFAULT_LIMITS, Limits
from .records import CaptureRecord, Direction


@dataclass(frozen=True, slots=True, init=False)
class PacketContext:
    """Where the packet being decoded came from. (One is made per packet: ``__init__`` is
    written out, as for the events; see :mod:`wirestruct.events`.)"""

    record: int
    t: float
    direction: Direction
    stream: int = 0
    offset: int = 0           #: byte offset of the packet in its stream (stream protocols)
    depth: int = 0            #: nesting depth (0 = top-level packet)
    parent: Optional[int] = None

    def __init__(self, record: int, t: float, direction: Direction, stream: int = 0,
                 offset: int = 0, depth: int = 0, parent: Optional[int] = None) -> None:
        _ctx_record(self, record)
        _ctx_t(self, t)
        _ctx_direction(self, direction)
        _ctx_stream(self, stream)
        _ctx_offset(self, offset)
        _ctx_depth(self, depth)
        _ctx_parent(self, parent)


(_ctx_record, _ctx_t, _ctx_direction, _ctx_stream, _ctx_offset, _ctx_depth,
 _ctx_parent) = slot_setters(PacketContext)


class Decoder:
    """Base of protocol decoders: numbers packets and turns failures into error events."""

    protocol = "?"

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self._next_index = 0

    # -- the sans-I/O interface -------------------------------------------------------
    def feed(self, record: CaptureRecord) -> List[Event]:
        raise NotImplementedError

    def close(self) -> List[Event]:
        """End of capture: report anything left unfinished."""
        return []

    # -- for subclasses -----------------------------------------------------------------
    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        """Decode one whole packet; yield its event(s). Raise WirestructError on bad input."""
        raise NotImplementedError

    def make_packet(self, ctx: PacketContext, packet_id: int, name: str, packet: Any,
                    raw: bytes, expansions: Optional[Mapping[str, Any]] = None) -> PacketEvent:
        index = self._next_index
        self._next_index += 1
        return PacketEvent(index, ctx.record, ctx.t, ctx.direction, packet_id, name, packet,
                           raw, expansions or {}, ctx.stream, ctx.parent)

    def make_error(self, ctx: PacketContext, error: WirestructError) -> ErrorEvent:
        index = self._next_index
        self._next_index += 1
        error.at(record=ctx.record, packet_index=index, stream=ctx.stream,
                 direction=ctx.direction.label)
        return ErrorEvent(error=error, record=ctx.record, t=ctx.t, direction=ctx.direction,
                          index=index, stream=ctx.stream)

    def run_packet(self, data: bytes, ctx: PacketContext) -> List[Event]:
        """Decode one packet; events before a failure are kept, the failure becomes an event."""
        events: List[Event] = []
        try:
            events.extend(self.decode_packet(data, ctx))  # keeps what came before a failure
        except WirestructError as exc:
            events.append(self.make_error(ctx, exc))
        except RecursionError:
            events.append(self.make_error(ctx, DecodeError("nesting too deep")))
        except MemoryError:
            events.append(self.make_error(ctx, DecodeError("out of memory decoding packet")))
        except Exception as exc:  # noqa: BLE001 - nothing but wirestruct errors leaves a decoder
            events.append(self.make_error(ctx, DecodeError(f"{type(exc).__name__}: {exc}")))
        return events


class MessageDecoder(Decoder):
    """Every capture record is one packet."""

    def feed(self, record: CaptureRecord) -> List[Event]:
        return self.run_packet(record.data, PacketContext(record.index, record.t,
                                                          record.direction, record.stream))


class StreamDecoder(Decoder):
    """Records are chunks of TCP byte streams; subclasses say how long the next packet is.

    ``header_size`` bytes must be buffered before :meth:`packet_length` is asked; it returns
    the whole packet's length (header included) or raises FramingError.
    """

    header_size = 1

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(limits=limits)
        self._buffers: Dict[Tuple[int, Direction], ReceiveBuffer] = {}
        self._last: Dict[Tuple[int, Direction], CaptureRecord] = {}
        self._broken: Dict[Tuple[int, Direction], bool] = {}

    def packet_length(self, header: bytes, direction: Direction) -> int:
        raise NotImplementedError

    def resync(self, data: memoryview, direction: Direction) -> Tuple[int, bool]:
        """Find the next plausible packet boundary after framing was lost (a capture gap,
        or a header that cannot be framed). ``data`` is the buffered stream from the
        current position on.

        Returns ``(n, True)`` when a packet plausibly starts at ``data[n:]`` (the first
        ``n`` bytes are skipped and framing resumes there), or ``(n, False)`` when no
        packet can start in the first ``n`` bytes and the rest must wait for more data to
        decide. The default knows no boundaries: every byte is skipped."""
        return len(data), False

    def feed(self, record: CaptureRecord) -> List[Event]:
        key = (record.stream, record.direction)
        buf = self._buffers.get(key)
        if buf is None:
            buf = self._buffers[key] = ReceiveBuffer(self.limits.max_packet)
        self._last[key] = record
        events: List[Event] = []
        if self._broken.get(key):
            return events  # framing was lost on this stream; later bytes cannot be split
        buf.append(record.data)
        while len(buf) >= self.header_size:
            ctx = PacketContext(record=record.index, t=record.t, direction=record.direction,
                                stream=record.stream, offset=buf.consumed)
            try:
                length = self.packet_length(buf.peek(self.header_size), record.direction)
                buf.check_limit(length)
            except WirestructError as exc:
                exc.at(offset=buf.consumed)
                events.append(self.make_error(ctx, exc))
                self._broken[key] = True
                buf.take_all()
                break
            if len(buf) < length:
                break
            events.extend(self.run_packet(buf.take(length), ctx))
        return events

    def lose_framing(self, stream: int, direction: Optional[str]) -> None:
        """Bytes are missing from a stream (a capture gap): what follows starts at an
        unknown point inside a packet, so the rest of that stream cannot be framed. The
        partial packet is dropped and the stream is marked broken; other streams go on."""
        for key, buf in self._buffers.items():
            if key[0] == stream and (direction is None or key[1].label == direction):
                buf.take_all()
                self._broken[key] = True
        if direction is not None:
            self._broken[(stream, Direction.parse(direction))] = True

    def close(self) -> List[Event]:
        events: List[Event] = []
        for key, buf in self._buffers.items():
            if len(buf) and not self._broken.get(key):
                last = self._last[key]
                ctx = PacketContext(record=last.index, t=last.t, direction=last.direction,
                                    stream=last.stream, offset=buf.consumed)
                head = buf.peek(self.header_size)
                expected = f"{self.header_size}-byte header"
                if len(head) >= self.header_size:
                    try:
                        expected = f"{self.packet_length(head, last.direction)} bytes"
                    except WirestructError:
                        pass
                events.append(self.make_error(ctx, TruncatedStreamError(
                    f"stream ends inside a packet: {len(buf)} bytes left over",
                    expected=expected, offset=buf.consumed)))
        return events


class Tracker:
    """Base of world-state trackers: consume events, hold state, snapshot it as JSON data."""

    def apply(self, event: PacketEvent) -> List[ErrorEvent]:
        raise NotImplementedError

    def snapshot(self) -> Dict[str, Any]:
        raise NotImplementedError

    def apply_safely(self, event: PacketEvent) -> List[ErrorEvent]:
        """Apply one event; a failure becomes an error event and the state goes on."""
        try:
            errors = self.apply(event)
            return errors if errors.__class__ is list else list(errors or [])
        except WirestructError as exc:
            return [_state_error(event, exc)]
        except Exception as exc:  # noqa: BLE001
            return [_state_error(event, StateError(f"{type(exc).__name__}: {exc}"))]


def _state_error(event: PacketEvent, exc: WirestructError) -> ErrorEvent:
    exc.at(record=event.record, packet_index=event.index, packet_id=event.packet_id,
           packet_name=event.name, stream=event.stream, direction=event.direction.label)
    return ErrorEvent(error=exc, record=event.record, t=event.t, direction=event.direction,
                      index=event.index, stream=event.stream)


def state_error(event: PacketEvent, message: str, **kw: Any) -> ErrorEvent:
    """An error event for a packet that contradicts the tracked state."""
    return _state_error(event, StateError(message, **kw))


@dataclass(frozen=True)
class ExportItem:
    """One file of a Web IDE export: bytes and the spec (meta.id) that opens them."""

    label: str      #: short name for the file, e.g. "body" or "sub3"
    data: bytes
    spec: str       #: meta.id of the .ksy that opens it
    note: str = ""


@dataclass(frozen=True)
class Protocol:
    """A protocol's plug-in to the decode path."""

    name: str                                   #: command-line name, e.g. "scrap-mechanic"
    title: str
    transport: str                              #: "message" or "stream"
    ksy_folder: str                             #: folder under ksy/ holding its specs
    make_decoder: Callable[..., Decoder]        #: (limits=..., **options) -> Decoder
    make_tracker: Callable[..., Tracker]        #: (limits=..., **options) -> Tracker
    export_items: Callable[[PacketEvent], List[ExportItem]]
    default_ports: Tuple[int, ...] = ()         #: server TCP/UDP ports, to infer direction

    def decoder(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> Decoder:
        return self.make_decoder(limits=limits, **options)

    def tracker(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> Tracker:
        return self.make_tracker(limits=limits, **options)
