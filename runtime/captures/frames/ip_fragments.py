"""IP fragment reassembly, bounded as a host's stack bounds it.

IPv4 fragments and IPv6 Fragment headers (RFC 8200 section 4.5) are treated alike.
Fragments are grouped per (source, destination, identification, protocol). Each fragment
covers ``[offset, offset + len)`` of the datagram's payload (offsets come in 8-byte units
on the wire); the fragment without More Fragments gives the payload's length. Where
fragments overlap, the first copy wins and different bytes are reported. A datagram is
handed out when its payload is covered from 0 to its length.

Bounds: a datagram (IPv4 header, IPv6 extension headers included) never exceeds 65535
bytes; all held fragments cost at most ``limits.max_fragment_buffer`` (each piece is
charged its bytes plus a fixed overhead, and each datagram one more, so floods of tiny
fragments are bounded too), the oldest incomplete datagrams being evicted first; a
datagram still incomplete ``limits.fragment_timeout`` seconds of capture time after its
first fragment is dropped. Every drop is a
:class:`~wirestruct.core.errors.FragmentError` counting the bytes lost. Work per fragment is
proportional to the pieces it overlaps, so no input makes reassembly quadratic.
"""
from __future__ import annotations

import ipaddress
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from wirestruct.core.errors import FragmentError

__all__ = ["FragmentKey", "FragmentBuffer", "MAX_DATAGRAM", "PIECE_OVERHEAD",
           "DATAGRAM_OVERHEAD"]

#: (source address, destination address, identification, protocol number)
FragmentKey = tuple[bytes, bytes, int, int]

#: Largest IPv4 datagram, header included (Total Length is 16 bits).
MAX_DATAGRAM = 65535

#: Bytes charged against the buffer limit for each held piece, on top of its data.
PIECE_OVERHEAD = 128

#: Bytes charged for each incomplete datagram held (its record, lists and key), so that a
#: flood of one-byte fragments of distinct datagrams is bounded by what it really costs.
DATAGRAM_OVERHEAD = 512


@dataclass(slots=True)
class _Datagram:
    first_t: float
    first_frame: int
    starts: list[int] = field(default_factory=list)     # sorted piece starts
    pieces: list[bytes] = field(default_factory=list)   # parallel to starts
    held: int = 0                 # payload bytes held
    total: int | None = None   # payload length, once the last fragment came

    @property
    def cost(self) -> int:
        return self.held + PIECE_OVERHEAD * len(self.pieces) + DATAGRAM_OVERHEAD

    @property
    def end(self) -> int:
        return self.starts[-1] + len(self.pieces[-1]) if self.pieces else 0


def describe(key: FragmentKey) -> str:
    src, dst, ident, protocol = key
    version = 4 if len(src) == 4 else 6
    return (f"IPv{version} datagram {ipaddress.ip_address(src)} -> {ipaddress.ip_address(dst)} "
            f"id {ident} (protocol {protocol})")


class FragmentBuffer:
    """Collects fragments; :meth:`add` returns the payload of a datagram when complete."""

    def __init__(self, max_bytes: int, timeout: float) -> None:
        self.max_bytes = max_bytes
        self.timeout = timeout
        self.cost = 0
        self._datagrams: dict[FragmentKey, _Datagram] = {}   # oldest first

    def __len__(self) -> int:
        return len(self._datagrams)

    def _error(self, message: str, dropped: int | None, expected: str) -> FragmentError:
        return FragmentError(message, expected=expected, dropped=dropped, dropped_unit="bytes")

    def _drop(self, key: FragmentKey, why: str, expected: str) -> FragmentError:
        dg = self._datagrams.pop(key)
        self.cost -= dg.cost
        have = f"{dg.held} of {dg.total}" if dg.total is not None else f"{dg.held}"
        return self._error(f"{describe(key)} (first fragment in frame {dg.first_frame}): {why}; "
                           f"its {have} payload bytes held are dropped", dg.held, expected)

    def add(self, key: FragmentKey, t: float, frame: int, offset: int, more: bool,
            data: bytes, len_header: int) -> tuple[bytes | None, list[FragmentError]]:
        """One fragment: ``offset`` in bytes, ``more`` the More Fragments flag, ``data``
        its payload. Returns (the datagram's payload if now complete, errors)."""
        errors: list[FragmentError] = []
        end = offset + len(data)
        where = f"frame {frame}: fragment at offset {offset} of {describe(key)}"
        if len_header + end > MAX_DATAGRAM:
            errors.append(self._error(
                f"{where} ends at byte {len_header + end} of the datagram; the fragment is "
                f"dropped", len(data), f"a datagram of at most {MAX_DATAGRAM} bytes"))
            return None, errors
        if not data:
            errors.append(self._error(f"{where} carries no data; it is ignored", 0,
                                      "fragments with data"))     # nothing is lost
            return None, errors
        dg = self._datagrams.get(key)
        fresh = dg is None
        if dg is None:
            dg = _Datagram(t, frame)
        misfit = _misfit(dg, end, more, where, len(data))
        if misfit is not None:
            errors.append(self._error(*misfit))
            return None, errors
        starts, pieces = dg.starts, dg.pieces
        new, differ = _not_held(dg, offset, data)
        if differ:
            errors.append(self._error(
                f"{where} overlaps {differ} held bytes with different contents; the first "
                "copy is kept", differ, "overlapping fragments to agree"))
        added = sum(len(piece) for _, piece in new)
        charge = added + PIECE_OVERHEAD * len(new) + (DATAGRAM_OVERHEAD if fresh else 0)
        # Room before storing: evict the oldest incomplete datagrams.
        while self._datagrams and self.cost + charge > self.max_bytes:
            oldest = next(iter(self._datagrams))
            errors.append(self._drop(oldest, "evicted to make room for newer fragments",
                                     f"at most {self.max_bytes} bytes of fragments held "
                                     "(limits.max_fragment_buffer)"))
            if oldest == key:     # this datagram itself: it starts again with this fragment
                dg = _Datagram(t, frame)
                starts, pieces = dg.starts, dg.pieces
                new = [(offset, data)]
                added = len(data)
                charge = added + PIECE_OVERHEAD + DATAGRAM_OVERHEAD
        if charge > self.max_bytes:
            errors.append(self._error(f"{where} alone needs more than the fragment buffer; "
                                      "it is dropped", len(data),
                                      f"at most {self.max_bytes} bytes of fragments held "
                                      "(limits.max_fragment_buffer)"))
            return None, errors
        if not more:
            dg.total = end
        for start, piece in new:
            at = bisect_left(starts, start)
            starts.insert(at, start)
            pieces.insert(at, piece)
        dg.held += added
        self.cost += charge
        self._datagrams[key] = dg
        if dg.total is not None and dg.held == dg.total:
            del self._datagrams[key]
            self.cost -= dg.cost
            return b"".join(pieces), errors
        return None, errors

    def expire(self, t: float) -> list[FragmentError]:
        """Drop the datagrams whose first fragment is older than the timeout."""
        errors: list[FragmentError] = []
        limit = t - self.timeout
        while self._datagrams:
            key = next(iter(self._datagrams))
            if self._datagrams[key].first_t >= limit:
                break
            errors.append(self._drop(key, f"still incomplete after {self.timeout:g} s",
                                     "the missing fragments within limits.fragment_timeout"))
        return errors

    def finish(self) -> list[FragmentError]:
        """The datagrams still incomplete when the capture ends."""
        return [self._drop(key, "incomplete at the end of the capture", "the missing fragments")
                for key in list(self._datagrams)]


def _misfit(dg: _Datagram, end: int, more: bool, where: str, size: int
            ) -> tuple[str, int, str] | None:
    """Why a fragment ending at ``end`` does not fit the datagram held (message, bytes
    dropped, what was expected), or None."""
    if not more:
        if dg.total is not None and dg.total != end:
            return (f"{where} ends the datagram at {end} but an earlier last fragment ended "
                    f"it at {dg.total}; the fragment is dropped", size,
                    "one length for the datagram")
        if dg.end > end:
            return (f"{where} ends the datagram at {end} but fragments reach {dg.end}; the "
                    "fragment is dropped", size, "fragments within the datagram")
    elif dg.total is not None and end > dg.total:
        return (f"{where} reaches byte {end} of a {dg.total}-byte payload; the fragment is "
                "dropped", size, "fragments within the datagram")
    return None


def _not_held(dg: _Datagram, offset: int, data: bytes) -> tuple[list[tuple[int, bytes]], int]:
    """The parts of a fragment the datagram does not hold yet (the first copy wins), and
    how many bytes it overlaps with other contents."""
    end = offset + len(data)
    new: list[tuple[int, bytes]] = []
    differ = 0
    pos = offset
    i = max(bisect_right(dg.starts, offset) - 1, 0)
    starts, pieces = dg.starts, dg.pieces
    while i < len(starts) and pos < end:
        s = starts[i]
        e = s + len(pieces[i])
        if s >= end:
            break
        if e > pos:
            if s > pos:
                new.append((pos, data[pos - offset:s - offset]))
            a, b = max(s, pos), min(e, end)
            if pieces[i][a - s:b - s] != data[a - offset:b - offset]:
                differ += b - a
            pos = b
        i += 1
    if pos < end:
        new.append((pos, data[pos - offset:]))
    return new, differ
