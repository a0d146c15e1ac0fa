"""TCP reassembly, sans-I/O: segments in, in-order bytes, gaps and rejected bytes out.

A :class:`HalfStream` follows one direction of one connection. :meth:`HalfStream.add`
takes a segment (sequence number, data, SYN/FIN flags) and returns what it settled:
:class:`Chunk` objects (new in-order bytes, one per segment that contributed),
:class:`Gap` objects (stream ranges that never arrived and are skipped; no bytes are
invented) and :class:`Rejected` objects (bytes of the capture that are not delivered, with
the reason and how many). :meth:`HalfStream.flush` ends the stream: every gap still open is
reported and the held bytes after it are delivered. Every payload byte of every segment is
thus either delivered once or named in a ``Rejected``; every stream byte that never came is
named in a ``Gap``; a gap is only ever a range between bytes seen (or before a FIN seen),
never a range the capture gives no sign of.

Sequence numbers are unwrapped into 64-bit stream offsets (0 = the first byte after the
SYN, or, when the capture started mid-connection, the sequence number of the first
segment seen, as Wireshark takes it: a keep-alive probe, which repeats the byte before
the next one, is then a copy of a byte before the stream and not data), so wraparound at
2^32 needs no special case later. Handled:

* retransmissions: bytes already delivered are compared with the last ``history`` bytes
  delivered; equal copies are dropped quietly (they are the same stream bytes), a copy
  with different contents is a ``Rejected("conflict")``. **The first copy is kept** (the
  one delivered first; among out-of-order copies held at once, the one starting earlier
  is delivered first), as most TCP stacks and Wireshark's "follow stream" do. Copies of
  bytes older than the history, or from before the stream's start, cannot be checked and
  are dropped as retransmissions;
* bytes arriving after their range was reported as a gap: ``Rejected("late")``;
* out-of-order segments, held until the hole before them fills, up to ``limit`` bytes
  per direction (each held segment counts its bytes plus ``SEGMENT_OVERHEAD``) and, with
  a :class:`Budget`, a total over every direction of the capture; past that, the first
  hole is reported as a gap and delivery goes on.
  Held segments sit in a heap by offset: each is pushed and popped once, never rescanned;
* SYN and FIN (each takes one sequence number); bytes past the FIN are
  ``Rejected("after_end")`` (a FIN takes the last sequence number; a reset does not end
  the byte stream here: data captured after a reset is what the peer had sent, or the
  reset was not the peer's);
* a SYN whose sequence number differs from the connection's: ``Rejected("syn")``
  (the caller starts a new stream instead when the connection never carried data, or
  after it ended);
* sequence numbers far outside the window: a segment starting more than ``WINDOW``
  (2^30, the largest window TCP can advertise) ahead of the delivery point or ending
  more than that behind it cannot be part of this stream. It is taken for garbage
  (corrupt, injected, or from another connection), not for a new stream: without a SYN
  nothing says where a new stream would start, and a new connection on the same ports
  shows itself with one. ``Rejected("far")``;
* bytes the capture missed: when the peer has acknowledged past a hole and bytes after
  the hole are held, the hole can never fill (acknowledged data is not sent again) - but
  captures taken on multi-queue interfaces show acknowledgments before the data they
  acknowledge, and segments out of order. So the hole is reported only once the sender's
  next ``ACKED_HOLE_WAIT`` segments have not filled it; data that arrives before then is
  delivered.
"""
from __future__ import annotations

import heapq
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any

from wirestruct.core.limits import (
    MAX_REASSEMBLY_BUFFER,
    MAX_REASSEMBLY_BUFFERS,
    MAX_TCP_HISTORIES,
    MAX_TCP_HISTORY,
)

_MOD = 1 << 32
_HALF = 1 << 31
#: Largest distance (bytes) between a segment and the delivery point that can still be
#: part of the stream: the largest window TCP can advertise (RFC 7323).
WINDOW = 1 << 30
#: What one held segment costs besides its bytes (heap entry, dict entry, tuples, the
#: bytes object), charged against ``limit`` so that tiny segments cannot hold more memory.
SEGMENT_OVERHEAD = 256
#: Segments of the sender an acknowledged hole waits for its data before it is reported
#: missing (captures of multi-queue interfaces show acknowledgments, and segments, a few
#: frames out of order).
ACKED_HOLE_WAIT = 32
_GAPS_REMEMBERED = 16


@dataclass(frozen=True, slots=True)
class Chunk:
    """In-order bytes starting at stream offset ``offset``. ``frame``: the caller's mark
    (the capture frame) of the segment the bytes came in, for bytes that were held out of
    order; None for bytes of the segment being added."""

    offset: int
    data: bytes
    frame: int | None = None


@dataclass(frozen=True, slots=True)
class Gap:
    """Stream offsets ``start`` .. ``end`` (exclusive) are missing."""

    start: int
    end: int

    @property
    def size(self) -> int:
        return self.end - self.start


@dataclass(frozen=True, slots=True)
class Rejected:
    """``count`` payload bytes of the capture at stream offsets ``start`` .. ``end`` that
    are not delivered. ``kind``: ``conflict`` (a second copy of delivered bytes with
    different contents; the first copy was kept), ``late`` (bytes of a range already
    reported as a gap), ``after_end`` (after the FIN), ``syn`` (a SYN with another initial
    sequence number), ``far`` (far outside the window)."""

    start: int
    end: int
    kind: str
    count: int
    detail: str = ""


Delivery = Chunk | Gap | Rejected


class Budget:
    """What the half streams of one capture hold together: out-of-order bytes (their
    cost, as charged against ``limit``) and delivered history, each with a total.

    ``holding`` and ``keeping`` list the halves that hold some, least recently fed
    first. History over ``history_cap`` is let go at once, oldest first (a half that
    forgets its history drops later copies of those bytes unchecked, as for bytes older
    than its own history); held bytes over ``held_cap`` are the caller's to release
    (:meth:`HalfStream.release`), since that delivers bytes of other connections."""

    __slots__ = ("held", "held_cap", "holding", "history", "history_cap", "keeping")

    def __init__(self, held_cap: int = MAX_REASSEMBLY_BUFFERS,
                 history_cap: int = MAX_TCP_HISTORIES) -> None:
        self.held = 0
        self.held_cap = held_cap
        self.holding: OrderedDict[HalfStream, None] = OrderedDict()
        self.history = 0
        self.history_cap = history_cap
        self.keeping: OrderedDict[HalfStream, None] = OrderedDict()

    def trim_history(self) -> None:
        keeping = self.keeping
        while self.history > self.history_cap and keeping:
            next(iter(keeping)).forget_history()


class HalfStream:
    """One direction of a TCP connection. ``owner`` is the caller's, to find the
    connection a half belongs to when the budget makes it release held bytes."""

    __slots__ = ("limit", "isn", "next_offset", "fin_offset", "acked_offset", "_held",
                 "_heap", "held_bytes", "_held_cost", "_arrivals", "_history",
                 "_history_size", "_history_start", "_gaps", "_waited", "_budget", "owner")

    def __init__(self, limit: int = MAX_REASSEMBLY_BUFFER, history: int = MAX_TCP_HISTORY,
                 budget: Budget | None = None, owner: Any = None) -> None:
        self.limit = limit
        self.isn: int | None = None        #: sequence number of stream offset 0
        self.next_offset = 0                  #: first offset not delivered yet
        self.fin_offset: int | None = None
        self.acked_offset = 0                 #: the peer acknowledged every byte before it
        #: arrival -> (offset, bytes, frame)
        self._held: dict[int, tuple[int, bytes, int | None]] = {}
        self._heap: list[tuple[int, int]] = []          #: (offset, arrival)
        self._arrivals = 0
        self.held_bytes = 0                   #: out-of-order payload bytes held
        self._held_cost = 0                   #: held_bytes + SEGMENT_OVERHEAD per segment
        self._history = bytearray()           #: the last bytes delivered, up to next_offset
        self._history_size = history
        self._history_start = 0               #: stream offset of _history[0]
        self._gaps: deque[tuple[int, int]] | None = None    #: the last gaps reported
        self._waited = 0                      #: segments an acknowledged hole waited
        self._budget = budget
        self.owner = owner

    @property
    def started(self) -> bool:
        return self.isn is not None

    @property
    def finished(self) -> bool:
        """The FIN was seen and every byte before it delivered."""
        return self.fin_offset is not None and self.next_offset >= self.fin_offset

    @property
    def carried_data(self) -> bool:
        """Whether any stream byte was delivered, held or reported missing."""
        return bool(self.next_offset or self._heap)

    def offset_of(self, seq: int) -> int:
        """Stream offset of sequence number ``seq`` (the one nearest the delivery point);
        the stream has started."""
        isn = self.isn
        assert isn is not None, "offset_of before the stream started"
        expected = (isn + self.next_offset) % _MOD
        delta = (seq - expected) % _MOD
        if delta >= _HALF:
            delta -= _MOD
        return self.next_offset + delta

    def take_in_order(self, seq: int, data: bytes) -> bool:
        """The commonest segment: ``data`` (not empty, no SYN or FIN) right at the delivery
        point of a stream that holds nothing out of order and is not ended. Delivers it
        and returns True (:meth:`add` would return one Chunk of it at the old
        ``next_offset``); anything else returns False and changes nothing (give the
        segment to :meth:`add`)."""
        if (self._heap or self.fin_offset is not None or self.isn is None
                or seq != (self.isn + self.next_offset) % _MOD):
            return False
        self._advance(data)
        return True

    def add(self, seq: int, data: bytes, *, syn: bool = False, fin: bool = False,
            frame: int | None = None) -> list[Delivery]:
        """Take one segment; return what it settled, in stream order. ``frame`` marks the
        segment's bytes if they are held (their Chunk carries it when delivered)."""
        if data and not syn and not fin:
            start = self.next_offset
            if self.take_in_order(seq, data):
                return [Chunk(start, data)]
        out: list[Delivery] = []
        if self.isn is None:
            # Offset 0 is the byte after the SYN, or else the first sequence number seen
            # (a bare acknowledgment's too: it is the next byte the sender will send).
            self.isn = (seq + 1) % _MOD if syn else seq
            if not data and not fin:
                return out
        elif syn and (seq + 1) % _MOD != self.isn:
            start = self.offset_of((seq + 1) % _MOD)
            out.append(Rejected(start, start + len(data), "syn", len(data),
                                f"initial sequence number {(seq + 1) % _MOD}, "
                                f"the connection's is {self.isn}"))
            return out
        elif not data and not fin:
            return self._acked_hole(out) if self._heap else out
        start = self.offset_of((seq + 1) % _MOD if syn else seq)
        end = start + len(data)
        if start - self.next_offset > WINDOW or self.next_offset - end > WINDOW:
            if data:
                out.append(Rejected(start, end, "far", len(data),
                                    f"sequence numbers {seq}..{(seq + len(data) - 1) % _MOD}"))
            return out
        if fin and (self.fin_offset is None or end < self.fin_offset):
            self.fin_offset = max(end, self.next_offset)
        if self.fin_offset is not None and end > self.fin_offset:
            cut = max(start, self.fin_offset)
            out.append(Rejected(cut, end, "after_end", end - cut))
            data = data[: cut - start]
            end = cut
        if data and start < self.next_offset:
            self._check_old(start, data[: self.next_offset - start], out)
            if end <= self.next_offset:
                data = b""
            else:
                data = data[self.next_offset - start:]
                start = self.next_offset
        if data:
            if start == self.next_offset:
                self._deliver(start, data, out)
                self._drain(out)
            else:
                self._hold(start, data, frame)
                while self._held_cost > self.limit and self._heap:
                    self._skip_first_gap(out)
        return self._acked_hole(out) if self._heap else out

    def acknowledged(self, ack: int) -> None:
        """The peer acknowledged everything before sequence number ``ack``.

        Acknowledged bytes are never sent again: a hole before bytes held that the peer
        has acknowledged is reported missing once it has waited ``ACKED_HOLE_WAIT`` of the
        sender's segments (see :meth:`add`). Acknowledgments far outside the window are
        ignored."""
        if self.isn is None:
            return
        acked = self.offset_of(ack)
        if self.acked_offset < acked <= self.next_offset + WINDOW:
            self.acked_offset = acked

    def release(self) -> list[Delivery]:
        """Report the first hole as a gap and deliver what follows it (the budget of all
        connections is spent)."""
        out: list[Delivery] = []
        if self._heap:
            self._skip_first_gap(out)
        return out

    def flush(self) -> list[Delivery]:
        """End of the stream: report every open gap and deliver all held bytes."""
        out: list[Delivery] = []
        while self._heap:
            self._skip_first_gap(out)
        if self.fin_offset is not None and self.next_offset < self.fin_offset:
            self._gap(self.next_offset, self.fin_offset, out)
        return out

    def forget_history(self) -> None:
        """Let go of the delivered bytes kept to check copies against."""
        budget = self._budget
        if budget is not None:
            budget.history -= len(self._history)
            budget.keeping.pop(self, None)
        self._history = bytearray()
        self._history_start = self.next_offset

    def close(self) -> None:
        """Nothing more will be fed: give back what the budget counts for this half."""
        self.forget_history()
        if self._heap:
            raise ValueError("flush() a half stream that holds bytes before closing it")

    # -- internals --------------------------------------------------------------------
    def _acked_hole(self, out: list[Delivery]) -> list[Delivery]:
        """Bytes are held: a hole before them that the peer acknowledged is reported once
        it has waited ACKED_HOLE_WAIT segments."""
        acked = self.acked_offset if self.fin_offset is None else min(self.acked_offset,
                                                                      self.fin_offset)
        if acked <= self.next_offset:
            self._waited = 0
            return out
        self._waited += 1
        if self._waited <= ACKED_HOLE_WAIT:
            return out
        self._waited = 0
        while self._heap and acked > self.next_offset:
            end = min(self._heap[0][0], acked)
            if end > self.next_offset:
                self._gap(self.next_offset, end, out)
            self._drain(out)
        return out

    def _deliver(self, start: int, data: bytes, out: list[Delivery],
                 frame: int | None = None) -> None:
        out.append(Chunk(start, data, frame))
        self.next_offset = start
        self._advance(data)

    def _advance(self, data: bytes) -> None:
        """``data`` delivered at ``next_offset``: the delivery point moves past it and the
        history keeps its last bytes."""
        self.next_offset += len(data)
        history = self._history
        before = len(history)
        history += data
        over = len(history) - self._history_size
        if over > 0:
            del history[:over]
            self._history_start += over
        budget = self._budget
        if budget is not None:
            budget.history += len(history) - before
            keeping = budget.keeping
            try:
                keeping.move_to_end(self)
            except KeyError:
                keeping[self] = None
            if budget.history > budget.history_cap:
                budget.trim_history()

    def _gap(self, start: int, end: int, out: list[Delivery]) -> None:
        out.append(Gap(start, end))
        self.next_offset = end
        if self._gaps is None:
            self._gaps = deque(maxlen=_GAPS_REMEMBERED)
        self._gaps.append((start, end))
        self.forget_history()

    def _check_old(self, start: int, data: bytes, out: list[Delivery]) -> None:
        """``data`` at ``start`` lies wholly before ``next_offset``: a retransmission, a
        conflicting copy, or bytes of a range reported missing."""
        end = start + len(data)
        for gap_start, gap_end in self._gaps or ():
            lo, hi = max(start, gap_start), min(end, gap_end)
            if lo < hi:
                out.append(Rejected(lo, hi, "late", hi - lo,
                                    f"bytes {gap_start}..{gap_end - 1} were reported missing"))
        lo = max(start, self._history_start)
        if lo >= end:
            return
        old = self._history[lo - self._history_start: end - self._history_start]
        new = data[lo - start:]
        if old != new:
            first = next(i for i in range(len(new)) if new[i] != old[i])
            last = next(i for i in range(len(new) - 1, -1, -1) if new[i] != old[i])
            differ = sum(1 for i in range(first, last + 1) if new[i] != old[i])
            out.append(Rejected(lo + first, lo + last + 1, "conflict", last + 1 - first,
                                f"{differ} of the {last + 1 - first} bytes differ"))

    def _hold(self, start: int, data: bytes, frame: int | None = None) -> None:
        arrival = self._arrivals
        self._arrivals += 1
        heapq.heappush(self._heap, (start, arrival))
        self._held[arrival] = (start, data, frame)
        self.held_bytes += len(data)
        cost = len(data) + SEGMENT_OVERHEAD
        self._held_cost += cost
        budget = self._budget
        if budget is not None:
            budget.held += cost
            holding = budget.holding
            try:
                holding.move_to_end(self)
            except KeyError:
                holding[self] = None

    def _drain(self, out: list[Delivery]) -> None:
        heap, held = self._heap, self._held
        budget = self._budget
        while heap and heap[0][0] <= self.next_offset:
            _, arrival = heapq.heappop(heap)
            start, data, frame = held.pop(arrival)
            self.held_bytes -= len(data)
            self._held_cost -= len(data) + SEGMENT_OVERHEAD
            if budget is not None:
                budget.held -= len(data) + SEGMENT_OVERHEAD
                if not heap:
                    budget.holding.pop(self, None)
            end = start + len(data)
            if self.fin_offset is not None and end > self.fin_offset:
                cut = max(start, self.fin_offset)
                out.append(Rejected(cut, end, "after_end", end - cut))
                data = data[: cut - start]
                end = cut
            if start < self.next_offset:
                self._check_old(start, data[: self.next_offset - start], out)
            if end > self.next_offset:
                self._deliver(self.next_offset, data[self.next_offset - start:], out, frame)

    def _skip_first_gap(self, out: list[Delivery]) -> None:
        first = self._heap[0][0]
        if first > self.next_offset:
            self._gap(self.next_offset, first, out)
        self._drain(out)
