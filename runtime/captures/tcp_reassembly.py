"""TCP reassembly, sans-I/O: segments in, in-order bytes and gaps out.

A :class:`HalfStream` follows one direction of one connection. :meth:`HalfStream.add`
takes a segment (sequence number, data, SYN/FIN flags) and returns what became
deliverable: :class:`Chunk` objects (new in-order bytes, one per segment that
contributed) and :class:`Gap` objects (sequence ranges that never arrived and are
skipped; no bytes are invented). :meth:`HalfStream.flush` ends the stream: every gap
still open is reported and the held bytes after it are delivered.

Sequence numbers are unwrapped into 64-bit stream offsets (0 = the first byte after the
SYN, or the first byte seen when the capture started mid-connection), so wraparound at
2^32 needs no special case later. Handled:

* retransmissions (bytes already delivered are dropped);
* overlapping segments (only the part not delivered yet is used; where held segments
  overlap, the bytes of the one starting earlier are used);
* out-of-order segments, held until the hole before them fills, up to ``limit`` bytes
  per direction; past that, the hole is reported as a gap and delivery goes on;
* SYN and FIN (each takes one sequence number; bytes after the FIN are ignored);
* bytes the capture missed: when the peer has acknowledged past a hole and the sender
  has sent more since, the hole can never fill (acknowledged data is not sent again),
  so it is reported then rather than at the end of the capture.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Dict, List, Optional, Union

from ..limits import MAX_REASSEMBLY_BUFFER

_MOD = 1 << 32
_HALF = 1 << 31


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


Delivery = Union[Chunk, Gap]


class HalfStream:
    """One direction of a TCP connection."""

    __slots__ = ("limit", "isn", "next_offset", "fin_offset", "acked_offset", "_held", "_heap",
                 "held_bytes")

    def __init__(self, limit: int = MAX_REASSEMBLY_BUFFER) -> None:
        self.limit = limit
        self.isn: Optional[int] = None        #: sequence number of stream offset 0
        self.next_offset = 0                  #: first offset not delivered yet
        self.fin_offset: Optional[int] = None
        self.acked_offset = 0                 #: the peer acknowledged every byte before it
        self._held: Dict[int, bytes] = {}     #: out-of-order bytes by offset
        self._heap: List[int] = []
        self.held_bytes = 0

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

    def add(self, seq: int, data: bytes, *, syn: bool = False, fin: bool = False) -> List[Delivery]:
        """Take one segment; return what it made deliverable, in stream order."""
        if self.isn is None:
            if syn:
                self.isn = (seq + 1) % _MOD
            elif data or fin:
                self.isn = seq  # capture started mid-connection
            else:
                return []
        elif not data and not fin:
            return []  # a repeated SYN or a bare acknowledgment
        start = self.offset_of((seq + 1) % _MOD if syn else seq)
        if fin:
            end = start + len(data)
            if self.fin_offset is None or end < self.fin_offset:
                self.fin_offset = max(end, self.next_offset)
        if self.fin_offset is not None and start + len(data) > self.fin_offset:
            data = data[: max(0, self.fin_offset - start)]
        out: List[Delivery] = []
        if data:
            end = start + len(data)
            if end <= self.next_offset:
                return out  # all retransmitted
            if start < self.next_offset:
                data = data[self.next_offset - start:]
                start = self.next_offset
            if start == self.next_offset:
                out.append(Chunk(start, data))
                self.next_offset = end
                self._drain(out)
            else:
                self._hold(start, data)
                if self.held_bytes > self.limit:
                    self._skip_first_gap(out)
        acked = self.acked_offset if self.fin_offset is None else min(self.acked_offset,
                                                                      self.fin_offset)
        while acked > self.next_offset:
            # The peer has these bytes and the sender has moved on: the capture missed them.
            end = min(self._heap[0], acked) if self._heap else acked
            if end > self.next_offset:
                out.append(Gap(self.next_offset, end))
                self.next_offset = end
            self._drain(out)
        return out

    def acknowledged(self, ack: int) -> None:
        """The peer acknowledged everything before sequence number ``ack``.

        Acknowledged bytes are never sent again. Once the sender has also sent something
        after such a hole (see :meth:`add`), the hole cannot fill and is reported as a
        gap at once; until then the bytes may still be on their way in the capture.
        """
        if self.isn is None:
            return
        acked = self.offset_of(ack)
        if acked > self.acked_offset:
            self.acked_offset = acked

    def flush(self) -> List[Delivery]:
        """End of the stream: report every open gap and deliver all held bytes."""
        out: List[Delivery] = []
        while self._heap:
            self._skip_first_gap(out)
        if self.fin_offset is not None and self.next_offset < self.fin_offset:
            out.append(Gap(self.next_offset, self.fin_offset))
            self.next_offset = self.fin_offset
        return out

    def _hold(self, start: int, data: bytes) -> None:
        old = self._held.get(start)
        if old is None:
            heapq.heappush(self._heap, start)
        elif len(old) >= len(data):
            return
        else:
            self.held_bytes -= len(old)
        self._held[start] = data
        self.held_bytes += len(data)

    def _drain(self, out: List[Delivery]) -> None:
        heap, held = self._heap, self._held
        while heap and heap[0] <= self.next_offset:
            start = heapq.heappop(heap)
            data = held.pop(start)
            self.held_bytes -= len(data)
            end = start + len(data)
            if end > self.next_offset:
                out.append(Chunk(self.next_offset, data[self.next_offset - start:]))
                self.next_offset = end

    def _skip_first_gap(self, out: List[Delivery]) -> None:
        first = self._heap[0]
        if first > self.next_offset:
            out.append(Gap(self.next_offset, first))
            self.next_offset = first
        self._drain(out)
