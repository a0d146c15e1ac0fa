"""permessage-deflate (RFC 7692): the parameters a WebSocket handshake settles and the
inflation of each direction's compressed messages, within a budget.

A compressed message is the raw DEFLATE data of its frames' payloads joined, without the
final empty stored block ``00 00 ff ff`` that the sender cut off: the reader appends it
and inflates with the window the handshake allowed the sender. With context takeover
(the default) one inflater lasts the whole connection direction; with
``server_no_context_takeover`` (the server's messages) or ``client_no_context_takeover``
(the client's) each message starts a new one. Output is produced a bounded piece at a
time, so a deflate bomb stops at the limit instead of filling memory.

Bytes missing from the stream (a gap) lose the context: the inflater starts again from
an empty window (:meth:`Inflater.lose_context`), so that a later message referring back
to data the capture lost fails to inflate and is reported, instead of inflating to bytes
taken from the wrong place of a window that lacks the lost messages.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass

from wirestruct.core.records import Direction

__all__ = ["Deflate", "Inflater", "InflateError", "negotiated"]

_TAIL = b"\x00\x00\xff\xff"
#: Bytes inflated per call: a bomb is never held in more than this beyond the limit.
_PIECE = 1 << 16


@dataclass(frozen=True)
class Deflate:
    """The permessage-deflate parameters in force, as the server's response accepted them."""

    server_no_context_takeover: bool = False
    client_no_context_takeover: bool = False
    server_max_window_bits: int = 15
    client_max_window_bits: int = 15

    def takeover(self, direction: Direction) -> bool:
        """Whether the sender of ``direction`` keeps its compression context across
        messages."""
        return not (self.client_no_context_takeover if direction is Direction.C2S
                    else self.server_no_context_takeover)

    def window_bits(self, direction: Direction) -> int:
        """The window of the sender of ``direction``, in bits (zlib's raw inflate takes 9
        to 15; a sender told 8 uses 9, as zlib's deflate does)."""
        bits = (self.client_max_window_bits if direction is Direction.C2S
                else self.server_max_window_bits)
        return max(9, bits)


def negotiated(header: str) -> tuple[Deflate | None, str | None]:
    """The permessage-deflate parameters of a response's ``Sec-WebSocket-Extensions``
    value (None when it accepts no permessage-deflate), and what is wrong with it (None
    when nothing is). Other extensions are named in the problem: their frames cannot be
    read."""
    found: Deflate | None = None
    problems: list[str] = []
    for offer in header.split(","):
        parts = [part.strip() for part in offer.split(";")]
        name = parts[0].lower()
        if not name:
            continue
        if name != "permessage-deflate":
            problems.append(f"extension {parts[0]!r} is not one wirestruct reads")
            continue
        if found is not None:
            problems.append("permessage-deflate accepted twice; the first is used")
            continue
        values: dict[str, object] = {}
        for param in parts[1:]:
            key, sep, value = param.partition("=")
            key, value = key.strip().lower(), value.strip().strip('"')
            if key in ("server_no_context_takeover", "client_no_context_takeover"):
                values[key] = True
            elif key in ("server_max_window_bits", "client_max_window_bits"):
                if not sep:      # only an offer may leave it out; then it is 15
                    continue
                if not value.isdigit() or not 8 <= int(value) <= 15:
                    problems.append(f"{key}={value!r} is not 8 to 15; 15 is used")
                    continue
                values[key] = int(value)
            elif key:
                problems.append(f"unknown permessage-deflate parameter {key!r}")
        found = Deflate(**values)  # type: ignore[arg-type]
    return found, "; ".join(problems) or None


class InflateError(Exception):
    """A compressed message that does not inflate (the text says why), or that inflates
    past ``limit`` bytes (``over`` set)."""

    def __init__(self, message: str, over: bool = False) -> None:
        super().__init__(message)
        self.over = over


class Inflater:
    """One direction's decompression: :meth:`inflate` a whole message's compressed bytes."""

    __slots__ = ("bits", "takeover", "_inflater", "lost_at")

    def __init__(self, deflate: Deflate, direction: Direction) -> None:
        self.bits = deflate.window_bits(direction)
        self.takeover = deflate.takeover(direction)
        self._inflater: zlib._Decompress | None = None
        #: the stream offset of the gap that last lost the context (None: none did)
        self.lost_at: int | None = None

    def lose_context(self, offset: int) -> None:
        """Bytes at stream offset ``offset`` are missing: what the sender's window held is
        no longer known. The next message starts from an empty window."""
        self._inflater = None
        if self.takeover:
            self.lost_at = offset

    def inflate(self, data: bytes, limit: int) -> bytes:
        """The message ``data`` compresses, at most ``limit`` bytes of it; raises
        :class:`InflateError` for data that does not inflate or inflates past ``limit``
        (the context is then lost: later messages of a direction with context takeover
        start from an empty window and may fail in turn)."""
        inflater = self._inflater
        if inflater is None or not self.takeover:
            inflater = zlib.decompressobj(-self.bits)
        parts: list[bytes] = []
        size = 0
        pending = data + _TAIL
        try:
            while True:
                want = min(_PIECE, limit - size + 1)
                piece = inflater.decompress(pending, want)
                size += len(piece)
                if size > limit:
                    self._inflater = None
                    raise InflateError(f"inflates past {limit} bytes", over=True)
                parts.append(piece)
                if inflater.eof:
                    # a final block: the sender ended its stream (no_context_takeover
                    # senders may); the next message starts a new one. Only the tail
                    # this reader appended may follow it (zlib keeps what follows in
                    # unused_data, and would take it again on every call).
                    left = len(inflater.unused_data) - len(_TAIL)
                    inflater = None
                    if left > 0:
                        self._inflater = None
                        raise InflateError(f"{left} bytes follow the final DEFLATE block")
                    break
                pending = inflater.unconsumed_tail
                if not pending and len(piece) < want:   # all input read, all output out
                    break
        except zlib.error as exc:
            self._inflater = None
            lost = (f"; the compression context was lost to the gap at stream offset "
                    f"{self.lost_at}" if self.lost_at is not None else "")
            raise InflateError(f"raw DEFLATE data does not inflate ({exc}){lost}") from None
        self._inflater = inflater if self.takeover else None
        return b"".join(parts)
