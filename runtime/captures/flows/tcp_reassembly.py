"""TCP reassembly, sans-I/O: segments in, in-order bytes, gaps and rejected bytes out.

A :class:`HalfStream` follows one direction of one connection. :meth:`HalfStream.add`
takes a segment (sequence number, data, SYN/FIN flags) and returns what it settled:
:class:`Chunk` objects (new in-order bytes, one per segment that contributed),
:class:`Gap` objects (stream ranges that never arrived and are skipped; no bytes are
invented) and :class:`Rejected` objects (bytes of the capture that are not delivered, with
the reason and how many). :meth:`HalfStream.flush` ends the stream: every gap still open is
reported and the held bytes after it are delivered. Every payload byte of every segment is
thus either delivered once or named in a ``Rejected``; every stream byte that never came is
named in a ``Gap``.

Sequence numbers are unwrapped into 64-bit stream offsets (0 = the first byte after the
SYN, or the first byte seen when the capture started mid-connection), so wraparound at
2^32 needs no special case later. Handled:

* retransmissions: bytes already delivered are compared with the last ``history`` bytes
  delivered; equal copies are dropped quietly (they are the same stream bytes), a copy
  with different contents is a ``Rejected("conflict")``. **The first copy is kept** (the
  one delivered first; among out-of-order copies held at once, the one starting earlier
  is delivered first), as most TCP stacks and Wireshark's "follow stream" do. Copies of
  bytes older than the history cannot be checked and are dropped as retransmissions;
* bytes arriving after their range was reported as a gap: ``Rejected("late")``;
* out-of-order segments, held until the hole before them fills, up to ``limit`` bytes
  per direction (each held segment counts its bytes plus ``SEGMENT_OVERHEAD``); past that,
  the first hole is reported as a gap and delivery goes on.
  Held segments sit in a heap by offset: each is pushed and popped once, never rescanned;
* SYN and FIN (each takes one sequence number); bytes past the FIN, or past the point
  where a reset ended the connection (:meth:`end`), are ``Rejected("after_end")``;
* a SYN whose sequence number differs from the connection's: ``Rejected("syn")``
  (a new connection on the same ports is recognised by the caller, after the old one
  ended);
* sequence numbers far outside the window: a segment starting more than ``WINDOW``
  (2^30, the largest window TCP can advertise) ahead of the delivery point or ending
  more than that behind it cannot be part of this stream. It is taken for garbage
  (corrupt, injected, or from another connection), not for a new stream: without a SYN
  nothing says where a new stream would start, and a new connection on the same ports
  shows itself with one. ``Rejected("far")``;
* bytes the capture missed: when the peer has acknowledged past a hole and the sender
  has sent more since, the hole can never fill (acknowledged data is not sent again),
  so it is reported then rather than at the end of the capture.
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from wirestruct.core.limits import MAX_REASSEMBLY_BUFFER, MAX_TCP_HISTORY

_MOD = 1 << 32
_HALF = 1 << 31
#: Largest distance (bytes) between a segment and the delivery point that can still be
#: part of the stream: the largest window TCP can advertise (RFC 7323).
WINDOW = 1 << 30
#: What one held segment costs besides its bytes (heap entry, dict entry, tuples, the
#: bytes object), charged against ``limit`` so that tiny segments cannot hold more memory.
SEGMENT_OVERHEAD = 256
_GAPS_REMEMBERED = 16


@dataclass(frozen=True, slots=True)
class Chunk:
    """In-order bytes starting at stream offset ``offset``."""

    offset: int
    data: bytes


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
    reported as a gap), ``after_end`` (after the FIN or the reset), ``syn`` (a SYN with
    another initial sequence number), ``far`` (far outside the window)."""

    start: int
    end: int
    kind: str
    count: int
    detail: str = ""


Delivery = Chunk | Gap | Rejected


class HalfStream:
    """One direction of a TCP connection."""

    __slots__ = ("limit", "isn", "next_offset", "fin_offset", "acked_offset", "_held", "_heap",
                 "held_bytes", "_held_cost", "_arrivals", "_history", "_history_size",
                 "_history_start", "_gaps")

    def __init__(self, limit: int = MAX_REASSEMBLY_BUFFER, history: int = MAX_TCP_HISTORY
                 ) -> None:
        self.limit = limit
        self.isn: int | None = None        #: sequence number of stream offset 0
        self.next_offset = 0                  #: first offset not delivered yet
        self.fin_offset: int | None = None
        self.acked_offset = 0                 #: the peer acknowledged every byte before it
        self._held: dict[int, tuple[int, bytes]] = {}   #: arrival -> (offset, bytes)
        self._heap: list[tuple[int, int]] = []          #: (offset, arrival)
        self._arrivals = 0
        self.held_bytes = 0                   #: out-of-order payload bytes held
        self._held_cost = 0                   #: held_bytes + SEGMENT_OVERHEAD per segment
        self._history = bytearray()           #: the last bytes delivered, up to next_offset
        self._history_size = history
        self._history_start = 0               #: stream offset of _history[0]
        self._gaps: deque[tuple[int, int]] = deque(maxlen=_GAPS_REMEMBERED)

    @property
    def started(self) -> bool:
        return self.isn is not None

    @property
    def finished(self) -> bool:
        """The FIN was seen and every byte before it delivered."""
        return self.fin_offset is not None and self.next_offset >= self.fin_offset

    def offset_of(self, seq: int) -> int:
        """Stream offset of sequence number ``seq`` (the one nearest the delivery point)."""
        expected = (self.isn + self.next_offset) % _MOD
        delta = (seq - expected) % _MOD
        if delta >= _HALF:
            delta -= _MOD
        return self.next_offset + delta

    def take_in_order(self, seq: int, data: bytes) -> bool:
        """The commonest segment: ``data`` (not empty, no SYN or FIN) right at the delivery
        point of a stream that holds nothing out of order, is not ended and has no
        acknowledged hole. Delivers it and returns True (:meth:`add` would return one
        Chunk of it at the old ``next_offset``); anything else returns False and changes
        nothing (give the segment to :meth:`add`)."""
        if (self._heap or self.fin_offset is not None or self.isn is None
                or seq != (self.isn + self.next_offset) % _MOD
                or self.acked_offset > self.next_offset):
            return False
        self._advance(data)
        return True

    def add(self, seq: int, data: bytes, *, syn: bool = False, fin: bool = False
            ) -> list[Delivery]:
        """Take one segment; return what it settled, in stream order."""
        if data and not syn and not fin:
            start = self.next_offset
            if self.take_in_order(seq, data):
                return [Chunk(start, data)]
        out: list[Delivery] = []
        if self.isn is None:
            if syn:
                self.isn = (seq + 1) % _MOD
            elif data or fin:
                self.isn = seq  # capture started mid-connection
            else:
                return out
        elif syn and (seq + 1) % _MOD != self.isn:
            start = self.offset_of((seq + 1) % _MOD)
            if data:
                out.append(Rejected(start, start + len(data), "syn", len(data),
                                    f"initial sequence number {(seq + 1) % _MOD}, "
                                    f"the connection's is {self.isn}"))
            else:
                out.append(Rejected(start, start, "syn", 0,
                                    f"initial sequence number {(seq + 1) % _MOD}, "
                                    f"the connection's is {self.isn}"))
            return out
        elif not data and not fin:
            return out  # a repeated SYN or a bare acknowledgment
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
        if data:
            if start < self.next_offset:
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
                self._hold(start, data)
                while self._held_cost > self.limit and self._heap:
                    self._skip_first_gap(out)
        acked = self.acked_offset if self.fin_offset is None else min(self.acked_offset,
                                                                      self.fin_offset)
        while acked > self.next_offset:
            # The peer has these bytes and the sender has moved on: the capture missed them.
            end = min(self._heap[0][0], acked) if self._heap else acked
            if end > self.next_offset:
                self._gap(self.next_offset, end, out)
            self._drain(out)
        return out

    def acknowledged(self, ack: int) -> None:
        """The peer acknowledged everything before sequence number ``ack``.

        Acknowledged bytes are never sent again. Once the sender has also sent something
        after such a hole (see :meth:`add`), the hole cannot fill and is reported as a
        gap at once; until then the bytes may still be on their way in the capture.
        Acknowledgments far outside the window are ignored.
        """
        if self.isn is None:
            return
        acked = self.offset_of(ack)
        if self.acked_offset < acked <= self.next_offset + WINDOW:
            self.acked_offset = acked

    def flush(self) -> list[Delivery]:
        """End of the stream: report every open gap and deliver all held bytes."""
        out: list[Delivery] = []
        while self._heap:
            self._skip_first_gap(out)
        if self.fin_offset is not None and self.next_offset < self.fin_offset:
            self._gap(self.next_offset, self.fin_offset, out)
        return out

    def end(self) -> None:
        """The connection was reset: nothing after what was delivered belongs to it."""
        if self.fin_offset is None or self.fin_offset > self.next_offset:
            self.fin_offset = self.next_offset

    # -- internals --------------------------------------------------------------------
    def _deliver(self, start: int, data: bytes, out: list[Delivery]) -> None:
        out.append(Chunk(start, data))
        self.next_offset = start
        self._advance(data)

    def _advance(self, data: bytes) -> None:
        """``data`` delivered at ``next_offset``: the delivery point moves past it and the
        history keeps its last bytes."""
        self.next_offset += len(data)
        history = self._history
        history += data
        over = len(history) - self._history_size
        if over > 0:
            del history[:over]
            self._history_start += over

    def _gap(self, start: int, end: int, out: list[Delivery]) -> None:
        out.append(Gap(start, end))
        self.next_offset = end
        self._gaps.append((start, end))
        self._history.clear()
        self._history_start = end

    def _check_old(self, start: int, data: bytes, out: list[Delivery]) -> None:
        """``data`` at ``start`` lies wholly before ``next_offset``: a retransmission, a
        conflicting copy, or bytes of a range reported missing."""
        end = start + len(data)
        for gap_start, gap_end in self._gaps:
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

    def _hold(self, start: int, data: bytes) -> None:
        arrival = self._arrivals
        self._arrivals += 1
        heapq.heappush(self._heap, (start, arrival))
        self._held[arrival] = (start, data)
        self.held_bytes += len(data)
        self._held_cost += len(data) + SEGMENT_OVERHEAD

    def _drain(self, out: list[Delivery]) -> None:
        heap, held = self._heap, self._held
        while heap and heap[0][0] <= self.next_offset:
            _, arrival = heapq.heappop(heap)
            start, data = held.pop(arrival)
            self.held_bytes -= len(data)
            self._held_cost -= len(data) + SEGMENT_OVERHEAD
            end = start + len(data)
            if self.fin_offset is not None and end > self.fin_offset:
                cut = max(start, self.fin_offset)
                out.append(Rejected(cut, end, "after_end", end - cut))
                data = data[: cut - start]
                end = cut
            if start < self.next_offset:
                self._check_old(start, data[: self.next_offset - start], out)
            if end > self.next_offset:
                self._deliver(self.next_offset, data[self.next_offset - start:], out)

    def _skip_first_gap(self, out: list[Delivery]) -> None:
        first = self._heap[0][0]
        if first > self.next_offset:
            self._gap(self.next_offset, first, out)
        self._drain(out)
