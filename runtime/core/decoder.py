"""Decoders: the sans-I/O base classes protocols build on.

Decoders are fed :class:`~wirestruct.core.records.CaptureRecord` objects and return events;
they never touch files or sockets. Two bases cover the two transports:

* :class:`MessageDecoder` - every record is one packet (UDP-style message protocols);
* :class:`StreamDecoder` - records are chunks of TCP byte streams, split anywhere; the
  decoder keeps a bounded buffer per (connection, direction) and frames packets out of it.

Both catch every error of one packet, turn it into an :class:`~wirestruct.core.events.ErrorEvent`
with the record, packet index and direction filled in, and go on with the next packet.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from wirestruct.core import lossy
from wirestruct.core.buffer import ReceiveBuffer
from wirestruct.core.errors import (
    DecodeError,
    FramingError,
    LimitExceededError,
    ParseError,
    ResyncError,
    TruncatedStreamError,
    WirestructError,
)
from wirestruct.core.events import ErrorEvent, Event, PacketEvent, slot_setters
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction


@dataclass(frozen=True, slots=True, init=False)
class PacketContext:
    """Where the packet being decoded came from. (One is made per packet: ``__init__`` is
    written out, as for the events; see :mod:`wirestruct.core.events`.)"""

    record: int
    t: float
    direction: Direction
    stream: int = 0
    offset: int = 0           #: byte offset of the packet in its stream (stream protocols)
    depth: int = 0            #: nesting depth (0 = top-level packet)
    parent: int | None = None
    frame: int | None = None  #: capture frame of the packet's first byte, if known
    t_ns: int | None = None   #: ``t`` exactly, in nanoseconds, if known
    ends: tuple[str, str] | None = None     #: (src, dst) "address:port", if known

    def __init__(self, record: int, t: float, direction: Direction, stream: int = 0,
                 offset: int = 0, depth: int = 0, parent: int | None = None,
                 frame: int | None = None, t_ns: int | None = None,
                 ends: tuple[str, str] | None = None) -> None:
        _ctx_record(self, record)
        _ctx_t(self, t)
        _ctx_direction(self, direction)
        _ctx_stream(self, stream)
        _ctx_offset(self, offset)
        _ctx_depth(self, depth)
        _ctx_parent(self, parent)
        _ctx_frame(self, frame)
        _ctx_t_ns(self, t_ns)
        _ctx_ends(self, ends)


(_ctx_record, _ctx_t, _ctx_direction, _ctx_stream, _ctx_offset, _ctx_depth,
 _ctx_parent, _ctx_frame, _ctx_t_ns, _ctx_ends) = slot_setters(PacketContext)


class _Tally:
    """The errors of one top-level packet (nested packets included): how many were shown
    as events, and of the rest, how many of each kind and the bytes they stand for."""

    __slots__ = ("shown", "kinds", "dropped", "first")

    def __init__(self) -> None:
        self.shown = 0
        self.kinds: dict[str, int] = {}
        self.dropped = 0
        self.first: WirestructError | None = None

    def note(self, error: WirestructError) -> None:
        kind = type(error).__name__
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.dropped += error.dropped or 0
        if self.first is None:
            self.first = error

    def summary(self, limit: int) -> LimitExceededError:
        count = sum(self.kinds.values())
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(self.kinds.items()))
        first = self.first
        assert first is not None
        where = f", the first at {first.where.field_path}" if first.where.field_path else ""
        return LimitExceededError(
            f"{count} more errors in this packet not shown one by one ({kinds}){where}",
            expected=f"at most {limit} errors shown per packet (max_errors_per_packet)",
            dropped=self.dropped, offset=first.where.offset, packet_id=first.where.packet_id,
            packet_name=first.where.packet_name)


#: What :meth:`Decoder.make_error` gives for an error past ``max_errors_per_packet``: no
#: event (and no packet index); the packet's summary error counts it.
_SUMMARISED = ErrorEvent(LimitExceededError("summarised"))


class Decoder:
    """Base of protocol decoders: numbers packets and turns failures into error events.

    One top-level packet shows at most ``limits.max_errors_per_packet`` errors as events;
    the rest are counted by kind (and the bytes they stand for) in one
    LimitExceededError after its other events.

    ``decode --jobs`` (:mod:`wirestruct.parallel`) splits decoding in two: an in-order
    stage here (:meth:`stage_packet` for each top-level packet, or the whole packet when
    :meth:`in_order_packet` claims it) and worker processes that decode each packet alone
    with a decoder of their own after :meth:`resume_packet`. A decoder whose packets read
    state from the packets before them carries that state across with these hooks and
    sets :attr:`splits`; the defaults suit a decoder without such state."""

    protocol = "?"
    #: Whether ``decode --jobs`` may decode this decoder's packets in worker processes:
    #: every state a packet's decoding reads from earlier packets is carried by
    #: :meth:`stage_packet` and :meth:`resume_packet` (or the packet is decoded in order,
    #: :meth:`in_order_packet`).
    splits = False

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self._next_index = 0
        self._tally: _Tally | None = None    #: the errors of the packet being decoded
        #: (stream, direction) pairs with per-stream state, least recently fed first
        self._streams: OrderedDict[tuple[int, Direction], None] = OrderedDict()

    def note_stream(self, stream: int, direction: Direction, record: CaptureRecord
                    ) -> list[Event]:
        """Mark ``(stream, direction)`` as the most recently used. A capture of endless
        short connections must not grow per-stream state without end: past
        ``2 * limits.max_flows`` stream directions (both directions of max_flows
        connections), the least recently used one is forgotten (:meth:`forget_stream`),
        and whatever it held undecoded is reported."""
        key = (stream, direction)
        streams = self._streams
        if key in streams:
            streams.move_to_end(key)
            return []
        streams[key] = None
        events: list[Event] = []
        while len(streams) > 2 * max(1, self.limits.max_flows):
            old_stream, old_direction = streams.popitem(last=False)[0]
            events.extend(self.forget_stream(old_stream, old_direction, record))
        return events

    def forget_stream(self, stream: int, direction: Direction, record: CaptureRecord
                      ) -> list[Event]:
        """Drop the state kept for one stream direction (it has been idle for longer than
        ``2 * limits.max_flows`` others); return error events for what it held undecoded.
        ``record`` is the record being fed when it is forgotten."""
        return []

    # -- the split decode (decode --jobs) -------------------------------------------------
    def stage_packet(self, data: bytes, ctx: PacketContext) -> Any:
        """The in-order part of decoding one top-level packet, in capture order: update the
        state later packets read and return what a worker needs to decode this packet
        alone the same way (given to :meth:`resume_packet`; it must pickle)."""
        return None

    def resume_packet(self, state: Any, ctx: PacketContext) -> None:
        """Load what :meth:`stage_packet` returned, before this decoder decodes the packet
        in a worker process."""

    def in_order_packet(self, data: bytes) -> bool:
        """Whether the packet must be decoded whole in the in-order stage (its decoding
        reads or changes state that :meth:`stage_packet` does not carry)."""
        return False

    # -- the sans-I/O interface -------------------------------------------------------
    def feed(self, record: CaptureRecord) -> list[Event]:
        raise NotImplementedError

    def close(self) -> list[Event]:
        """End of capture: report anything left unfinished."""
        return []

    # -- for subclasses -----------------------------------------------------------------
    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        """Decode one whole packet; yield its event(s). Raise WirestructError on bad input."""
        raise NotImplementedError

    def make_packet(self, ctx: PacketContext, packet_id: int, name: str, packet: Any,
                    raw: bytes, expansions: Mapping[str, Any] | None = None) -> PacketEvent:
        index = self._next_index
        self._next_index += 1
        return PacketEvent(index, ctx.record, ctx.t, ctx.direction, packet_id, name, packet,
                           raw, expansions or {}, ctx.stream, ctx.parent, ctx.frame,
                           ctx.t_ns, ctx.ends)

    def errors_to_show(self) -> int | None:
        """How many more errors of the top-level packet being decoded become events; the
        ones after are only counted. None outside :meth:`run_packet` (all are shown)."""
        tally = self._tally
        return None if tally is None else max(0, self.limits.max_errors_per_packet - tally.shown)

    def count_errors(self, kind: str, count: int, dropped: int = 0) -> None:
        """Count ``count`` more errors of ``kind`` (a class name) in the summary without
        building them: a packet of many failing parts need not make an exception for each.
        Only after :meth:`errors_to_show` has reached 0 and the summary's first error has
        gone through :meth:`make_error`."""
        tally = self._tally
        if tally is None or tally.first is None:
            raise AssertionError("count_errors before the first summarised error")
        tally.kinds[kind] = tally.kinds.get(kind, 0) + count
        tally.dropped += dropped

    def _noted(self, ctx: PacketContext, notes: list[ParseError], events: list[Event]
               ) -> list[ErrorEvent]:
        """The error events of the strings a packet's parse kept (wirestruct.core.lossy),
        named by the packet they were read for."""
        last = next((e for e in reversed(events) if isinstance(e, PacketEvent)), None)
        if last is not None:
            for note in notes:
                note.at(packet_id=last.packet_id, packet_name=last.name)
        return [self.make_error(ctx, note) for note in notes]

    def make_error(self, ctx: PacketContext, error: WirestructError) -> ErrorEvent:
        tally = self._tally
        if tally is not None:
            if tally.shown >= self.limits.max_errors_per_packet:
                tally.note(error)
                return _SUMMARISED
            tally.shown += 1
        index = self._next_index
        self._next_index += 1
        error.at(record=ctx.record, packet_index=index, stream=ctx.stream,
                 direction=ctx.direction.label)
        return ErrorEvent(error, ctx.record, ctx.t, ctx.direction, index, ctx.stream,
                          ctx.frame, ctx.t_ns, ctx.ends)

    def run_packet(self, data: bytes, ctx: PacketContext) -> list[Event]:
        """Decode one packet; events before a failure are kept, the failure becomes an event
        (past ``max_errors_per_packet``, the packet's errors end in one summary)."""
        events: list[Event] = []
        outer = self._tally
        tally = self._tally = _Tally() if outer is None else outer
        if outer is None:
            lossy.take_notes()          # strings kept by a parse outside any packet
        try:
            try:
                events.extend(self.decode_packet(data, ctx))  # keeps what came before a failure
                notes = lossy.take_notes()
                if notes:               # strings not valid in their encoding, kept
                    events.extend(self._noted(ctx, notes, events))
            except WirestructError as exc:
                events.append(self.make_error(ctx, exc))
            except RecursionError:
                events.append(self.make_error(ctx, DecodeError("nesting too deep")))
            except MemoryError:
                events.append(self.make_error(ctx, DecodeError("out of memory decoding packet")))
            except Exception as exc:  # noqa: BLE001 - only wirestruct errors leave a decoder
                events.append(self.make_error(ctx, DecodeError(f"{type(exc).__name__}: {exc}")))
        finally:
            self._tally = outer
        if outer is None and tally.first is not None:
            events = [e for e in events if e is not _SUMMARISED]
            events.append(self.make_error(ctx, tally.summary(self.limits.max_errors_per_packet)))
        return events


class MessageDecoder(Decoder):
    """Every capture record is one packet."""

    def feed(self, record: CaptureRecord) -> list[Event]:
        events = self.note_stream(record.stream, record.direction, record)
        packet = self.run_packet(record.data, PacketContext(
            record.index, record.t, record.direction, record.stream, 0, 0, None,
            record.frame, record.t_ns, record.ends))
        if not events:
            return packet
        events.extend(packet)
        return events


#: Bytes a ``reads_ahead`` decoder is first shown of a packet (see StreamDecoder).
READ_AHEAD = 4096

#: Packets framed after damage whose headers are still checked (a resync may land on a
#: false boundary that frames a few packets before it shows).
SUSPECT_PACKETS = 8


class _Framing:
    """The framing state of one (stream, direction)."""

    __slots__ = ("buf", "last", "last_start", "held_frame", "resyncing", "must_skip",
                 "run_start", "run_count", "suspect_end", "suspect_left")

    def __init__(self, buf: ReceiveBuffer, last: CaptureRecord) -> None:
        self.buf = buf
        self.last = last
        #: stream offset of the last record's first byte, and the capture frame of the
        #: byte at the buffer's start when that record came (see :meth:`frame_at`)
        self.last_start = 0
        self.held_frame: int | None = None
        self.resyncing = False    #: framing was lost; resync must find a boundary
        self.must_skip = 0        #: bytes resync must skip before a boundary is accepted
        self.run_start = 0        #: stream offset of the run of skipped bytes
        self.run_count = 0        #: bytes in the run not reported yet
        #: the stream was damaged (a gap, a conflicting copy) up to this offset: headers
        #: are checked with ``plausible_header`` until SUSPECT_PACKETS after it are framed
        self.suspect_end: int | None = None
        self.suspect_left = 0

    def append(self, record: CaptureRecord) -> None:
        """A record's bytes join the buffer."""
        buf = self.buf
        if len(buf):
            self.held_frame = self.frame_at(buf.consumed)
        self.last = record
        self.last_start = buf.consumed + len(buf)
        buf.append(record.data)

    def frame_at(self, offset: int) -> int | None:
        """The capture frame of the buffered byte at stream ``offset``: the last record's,
        or the one held before it. A packet framed after a record came ends in it, so
        the bytes after it start there; only a resynchronization may leave the next byte
        in a record before (its frame is then that of the byte the buffer began with)."""
        return self.last.frame if offset >= self.last_start else self.held_frame

    def damaged(self, end: int) -> None:
        self.suspect_end = max(self.suspect_end or 0, end)
        self.suspect_left = SUSPECT_PACKETS


class StreamDecoder(Decoder):
    """Records are chunks of TCP byte streams; subclasses say how long the next packet is.

    ``header_size`` bytes must be buffered before :meth:`packet_length` is asked; it returns
    the whole packet's length (header included) or raises FramingError.

    Framing can be lost: bytes missing from the capture (:meth:`lose_framing`, called for
    each :class:`~wirestruct.core.errors.StreamGapError`), or a header that cannot be framed
    (``packet_length`` raises, or the length is over ``limits.max_packet``). Then the
    packet in progress is dropped (a :class:`~wirestruct.core.errors.TruncatedStreamError`
    with its byte count) and :meth:`resync` is asked, as bytes arrive, where the next
    packet starts; every run of skipped bytes is a :class:`~wirestruct.core.errors.ResyncError`
    naming its stream byte range and count, and decoding goes on at the boundary found.
    A run longer than ``limits.max_resync_scan`` is reported when it reaches that size
    and skipping goes on; no more than that is held while resync waits for data.

    After damage - a gap, a resync, or bytes the capture holds two different copies of
    (:meth:`note_damage`, called for each conflicting copy; the first copy was delivered)
    - a header may be garbage: until ``SUSPECT_PACKETS`` packets after the damage are
    framed, every header is shown to :meth:`plausible_header`, and one the protocol cannot have
    loses framing as a header that cannot be framed does, rather than waiting for the
    bytes its length claims. A packet already waiting for its bytes when damage is noted
    is checked at once.

    Every byte of a stream direction is accounted for: it is in exactly one framed packet
    (a decoded packet, or an error event with ``dropped`` = the packet's size when none of
    it decoded), or named with ``dropped`` (unit bytes) in one TruncatedStreamError or
    ResyncError; bytes missing from the capture are named by the capture's gap events.
    """

    header_size = 1
    #: True: :meth:`packet_length` is given the bytes buffered, not ``header_size`` bytes,
    #: and returns more than it was given when it needs more (framing by parsing, where no
    #: fixed header says the length): first the first :data:`READ_AHEAD` bytes, then four
    #: times as many each time, up to all of them (at most ``max_packet``)
    reads_ahead = False

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(limits=limits)
        self._framing: dict[tuple[int, Direction], _Framing] = {}
        #: bytes buffered in all framing states (limits.max_stream_buffers)
        self._held = 0

    def packet_length(self, header: bytes, direction: Direction) -> int:
        raise NotImplementedError

    def plausible_header(self, header: bytes, direction: Direction) -> bool:
        """Whether a packet of the protocol can start with ``header`` (``header_size``
        bytes), asked after damage (see the class doc). The default: any header."""
        return True

    def resync(self, data: memoryview, direction: Direction) -> tuple[int, bool]:
        """Find the next plausible packet boundary after framing was lost (a capture gap,
        or a header that cannot be framed). ``data`` is the buffered stream from the
        current position on.

        Returns ``(n, True)`` when a packet plausibly starts at ``data[n:]`` (the first
        ``n`` bytes are skipped and framing resumes there), or ``(n, False)`` when no
        packet can start in the first ``n`` bytes and the rest must wait for more data to
        decide. The default knows no boundaries: every byte is skipped."""
        return len(data), False

    def _framing_of(self, record: CaptureRecord) -> _Framing:
        key = (record.stream, record.direction)
        state = self._framing.get(key)
        if state is None:
            state = self._framing[key] = _Framing(ReceiveBuffer(self.limits.max_packet), record)
        return state

    def feed(self, record: CaptureRecord) -> list[Event]:
        forgotten = self.note_stream(record.stream, record.direction, record)
        state = self._framing_of(record)
        before = len(state.buf)
        state.append(record)
        events = self._frame_packets(state)
        self._held += len(state.buf) - before
        if self._held > max(self.limits.max_stream_buffers, self.limits.max_packet):
            events.extend(self._shed(record))
        if not forgotten:
            return events
        forgotten.extend(events)
        return forgotten

    def _shed(self, record: CaptureRecord) -> list[Event]:
        """Forget the least recently fed streams until the bytes held fit
        ``limits.max_stream_buffers`` (the stream being fed is kept)."""
        events: list[Event] = []
        cap = max(self.limits.max_stream_buffers, self.limits.max_packet)
        streams = self._streams
        current = (record.stream, record.direction)
        while self._held > cap and len(streams) > 1:
            key = next(iter(streams))
            if key == current:
                break
            del streams[key]
            events.extend(self.forget_stream(key[0], key[1], record))
        return events

    def forget_stream(self, stream: int, direction: Direction, record: CaptureRecord
                      ) -> list[Event]:
        events: list[Event] = []
        state = self._framing.pop((stream, direction), None)
        if state is not None:
            self._held -= len(state.buf)
            self._drop_partial_packet(
                state, events, "stream forgotten to stay within max_flows and "
                "max_stream_buffers")
        return events

    def _framing_ctx(self, state: _Framing, offset: int) -> PacketContext:
        last = state.last
        return PacketContext(last.index, last.t, last.direction, last.stream, offset, 0, None,
                             state.frame_at(offset), last.t_ns, last.ends)

    def _frame_packets(self, state: _Framing) -> list[Event]:
        events: list[Event] = []
        buf = state.buf
        direction = state.last.direction
        header_size = self.header_size
        while True:
            if state.resyncing:
                if not self._resync_step(state, events):
                    break
                continue
            available = len(buf)
            if available < header_size:
                break
            try:
                if self.reads_ahead:
                    header, length = self._read_ahead(buf, available, direction)
                else:
                    header = buf.peek(header_size)
                    length = self._length(header, direction)
                buf.check_limit(length)
                if state.suspect_end is not None:
                    self._check_plausible(header, direction)
            except WirestructError as exc:
                exc.at(offset=buf.consumed)
                events.append(self.make_error(self._framing_ctx(state, buf.consumed), exc))
                state.resyncing = True
                state.must_skip = 1        # the boundary that failed is not one
                continue
            if available < length:
                break                      # the rest of the packet has not arrived
            ctx = self._framing_ctx(state, buf.consumed)
            data = buf.take(length)
            if state.suspect_end is not None and ctx.offset >= state.suspect_end:
                state.suspect_left -= 1
                if state.suspect_left <= 0:
                    state.suspect_end = None    # framing is back on its feet
            packet_events = self.run_packet(data, ctx)
            _count_undecoded(packet_events, len(data), ctx.offset)
            events.extend(packet_events)
        return events

    def _read_ahead(self, buf: ReceiveBuffer, available: int, direction: Direction
                    ) -> tuple[bytes, int]:
        """The bytes shown to :meth:`packet_length` and the length it gives (``reads_ahead``):
        a window growing while the packet needs more than it and more is buffered."""
        most = min(available, self.limits.max_packet)
        window = min(READ_AHEAD, most)
        while True:
            header = buf.peek(window)
            length = self._length(header, direction)
            if length <= window or window >= most:
                return header, length
            window = min(max(window * 4, length), most)

    def _check_plausible(self, header: bytes, direction: Direction) -> None:
        try:
            plausible = self.plausible_header(header, direction)
        except Exception:  # noqa: BLE001 - a header the check cannot read is not plausible
            plausible = False
        if not plausible:
            raise FramingError(f"header {header.hex()} after damage to the stream: no packet "
                               "of the protocol starts so", expected="a packet header the "
                               "protocol can have (looking for the next one)")

    def note_damage(self, stream: int, direction: str | None, start: int, end: int
                    ) -> list[Event]:
        """Stream bytes ``start``..``end`` of a direction may be wrong (the capture holds
        another copy of them with other contents; the first was delivered): headers are
        checked from here on (see the class doc), the packet waiting for its bytes too."""
        if direction is None:
            return []
        try:
            d = Direction.parse(direction)
        except ValueError:
            return []
        state = self._framing.get((stream, d))
        if state is None:
            return []
        state.damaged(end)
        if state.resyncing or len(state.buf) < self.header_size:
            return []
        before = len(state.buf)
        events = self._frame_packets(state)
        self._held += len(state.buf) - before
        return events

    def _length(self, header: bytes, direction: Direction) -> int:
        try:
            length = self.packet_length(header, direction)
        except WirestructError:
            raise
        except Exception as exc:  # noqa: BLE001 - a header that cannot be read frames nothing
            raise FramingError(f"{type(exc).__name__}: {exc}",
                               expected="a packet header") from None
        if not isinstance(length, int) or length < 1:
            raise FramingError(f"packet length {length!r}", expected="a length of 1 or more")
        return length

    def _resync_step(self, state: _Framing, events: list[Event]) -> bool:
        """One step of looking for a boundary; True once framing resumes."""
        buf = state.buf
        if not len(buf):
            return False
        try:
            with buf.viewed() as view:
                n, found = self.resync(view, state.last.direction)
            n = max(0, min(int(n), len(buf)))
        except Exception:  # noqa: BLE001 - a failing resync skips what it was shown
            n, found = len(buf), False
        if found and n < state.must_skip:
            n, found = min(state.must_skip, len(buf)), False
            self._skip_bytes(state, n, events)
            state.must_skip -= n
            return bool(len(buf))            # ask again at the next position
        self._skip_bytes(state, n, events)
        state.must_skip = max(0, state.must_skip - n)
        if found:
            self._report_skipped(state, events)
            state.resyncing = False
            return True
        over = len(buf) - self.limits.max_resync_scan
        if over > 0:                           # never hold more than the scan limit
            self._skip_bytes(state, over, events)
        return False

    def _skip_bytes(self, state: _Framing, n: int, events: list[Event]) -> None:
        buf = state.buf
        while n > 0:
            if not state.run_count:
                state.run_start = buf.consumed
            step = min(n, self.limits.max_resync_scan - state.run_count) or n
            buf.skip(step)
            state.run_count += step
            n -= step
            if state.run_count >= self.limits.max_resync_scan:
                self._report_skipped(state, events, still=True)

    def _report_skipped(self, state: _Framing, events: list[Event], still: bool = False) -> None:
        count = state.run_count
        if not count:
            return
        start = state.run_start
        state.run_count = 0
        more = "; still looking" if still else ""
        events.append(self.make_error(self._framing_ctx(state, start), ResyncError(
            f"{count} bytes skipped looking for the next packet boundary{more}",
            expected="a packet boundary", offset=start, span=(start, start + count),
            dropped=count)))

    def _drop_partial_packet(self, state: _Framing, events: list[Event], why: str) -> None:
        """Whatever is buffered can no longer become a packet: report it."""
        buf = state.buf
        if state.resyncing:
            self._skip_bytes(state, len(buf), events)
            self._report_skipped(state, events)
        elif len(buf):
            start, count = buf.consumed, len(buf)
            head = buf.peek(min(count, self.limits.max_packet) if self.reads_ahead
                            else self.header_size)
            expected = f"{self.header_size}-byte header"
            if len(head) >= self.header_size:
                try:
                    expected = f"{self.packet_length(head, state.last.direction)} bytes"
                except WirestructError:
                    pass
            buf.skip(count)
            events.append(self.make_error(self._framing_ctx(state, start), TruncatedStreamError(
                f"{why}: {count} bytes left over", expected=expected, offset=start,
                span=(start, start + count), dropped=count)))

    def lose_framing(self, stream: int, direction: str | None, missing: int = 0,
                     record: CaptureRecord | None = None) -> list[Event]:
        """``missing`` bytes are missing from a stream direction (a capture gap; all
        directions of the stream when ``direction`` is None): the packet in progress is
        dropped (reported), and what follows is resynchronized (see :meth:`resync`).
        Other streams go on. ``record`` is the gap's place in the capture, used for a
        direction that has seen no data yet."""
        events: list[Event] = []
        directions = ([Direction.parse(direction)] if direction is not None
                      else [Direction.C2S, Direction.S2C])
        for d in directions:
            events.extend(self.note_stream(stream, d, record or CaptureRecord(
                0, 0.0, d, b"", stream)))
            state = self._framing.get((stream, d))
            if state is None:
                if record is None:
                    if direction is None:
                        continue
                    record = CaptureRecord(0, 0.0, d, b"", stream)
                state = self._framing[(stream, d)] = _Framing(
                    ReceiveBuffer(self.limits.max_packet),
                    CaptureRecord(record.index, record.t, d, b"", stream))
            self._held -= len(state.buf)
            self._drop_partial_packet(state, events, "a gap in the stream cuts the packet")
            state.buf.advance(missing)
            self._held += len(state.buf)
            state.resyncing = True
            state.must_skip = 0
            state.damaged(state.buf.consumed)
        return events

    def close(self) -> list[Event]:
        events: list[Event] = []
        for state in self._framing.values():
            self._drop_partial_packet(state, events, "stream ends inside a packet")
        return events


def _count_undecoded(events: list[Event], size: int, offset: int) -> None:
    """A framed packet of which nothing decoded: its error names the bytes dropped."""
    for event in events:
        if event.__class__ is PacketEvent and event.parent is None:
            return
    for event in reversed(events):
        if event.__class__ is ErrorEvent:
            error = event.error
            if error.dropped is None:
                error.dropped, error.dropped_unit = size, "bytes"
            error.at(span=(offset, offset + size))
            return
