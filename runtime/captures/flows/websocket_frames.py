"""WebSocket frames (RFC 6455) of one direction of a connection: stream bytes in, whole
messages and error events out (sans-I/O).

Frame headers are read with :func:`frame_header`, the ``struct`` form of
``ksy/capture/websocket_frame.ksy`` (``frame_header``); a test holds the two equal for
every first two bytes. The payload of a masked frame is unmasked; fragmented messages are
joined from their continuation frames, with control frames (close, ping, pong) between
them; a message whose first frame has RSV1 set is inflated (:mod:`.permessage_deflate`).

Every frame that breaks the rules (reserved bits or opcodes, a control frame that is
fragmented or longer than 125 bytes, a continuation with no message begun, a mask bit on
the wrong side, a close frame whose payload is not a code and a UTF-8 reason) is an error
event naming the stream offset of its header; its payload is skipped by its length, and
reading goes on at the next frame. A frame or message over ``max_ws_message`` bytes, a
message of more than ``max_ws_fragments`` frames, and a compressed message that inflates
past ``max_ws_inflated`` (or past what is left of ``max_ws_inflated_total`` for the
capture) are dropped with an error counting their bytes; oversized payloads are skipped
as they arrive, never held. A 64-bit length with its top bit set cannot be skipped: the
rest of the direction is counted as unread. Bytes missing from the stream (a gap) drop
the message they cut; when the gap leaves no frame boundary known, the reader looks for
the next header that a second header confirms (:meth:`FrameReader.gap`), counting the
bytes it skips.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass

from wirestruct.captures.flows.permessage_deflate import Deflate, InflateError, Inflater
from wirestruct.core.errors import CaptureError, LimitExceededError
from wirestruct.core.limits import Limits
from wirestruct.core.records import Direction

__all__ = ["CONTINUATION", "TEXT", "BINARY", "CLOSE", "PING", "PONG", "Budget",
           "FrameReader", "Message", "frame_header", "unmask"]

CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
_KNOWN = frozenset({CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG})
_NAMES = {CONTINUATION: "continuation", TEXT: "text", BINARY: "binary", CLOSE: "close",
          PING: "ping", PONG: "pong"}
#: Close codes a peer may send (RFC 6455 section 7.4): the defined ones and 3000-4999.
_CLOSE_CODES = frozenset({1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012,
                          1013, 1014})

#: Frames that must follow the rules, one after another, where a search after a gap
#: takes a frame boundary to be (a false one of random bytes: well under one in 10^8).
CONFIRMING = 4

_U16 = struct.Struct(">H").unpack_from
_U64 = struct.Struct(">Q").unpack_from

#: (fin, rsv bits, opcode, masked, payload length, masking key, header length)
Header = tuple[bool, int, int, bool, int, bytes, int]


def frame_header(data: bytes | bytearray, at: int = 0) -> Header | None:
    """The frame header at ``data[at:]``, None while its bytes are not all there. ``rsv``
    holds RSV1..RSV3 as bits 2..0 (RSV1 = 4)."""
    end = len(data)
    if end - at < 2:
        return None
    b0, b1 = data[at], data[at + 1]
    length = b1 & 0x7F
    size = 2
    if length == 126:
        if end - at < 4:
            return None
        length = _U16(data, at + 2)[0]
        size = 4
    elif length == 127:
        if end - at < 10:
            return None
        length = _U64(data, at + 2)[0]
        size = 10
    masked = b1 & 0x80 != 0
    key = b""
    if masked:
        if end - at < size + 4:
            return None
        key = bytes(data[at + size:at + size + 4])
        size += 4
    return b0 & 0x80 != 0, (b0 >> 4) & 7, b0 & 0x0F, masked, length, key, size


def unmask(payload: bytes | bytearray, key: bytes) -> bytes:
    """``payload`` XORed with the 4-byte masking ``key`` (byte i with key byte i mod 4)."""
    n = len(payload)
    if not n:
        return b""
    repeated = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(repeated, "little")
            ).to_bytes(n, "little")


@dataclass(frozen=True, slots=True)
class Message:
    """A whole message: its bytes (inflated), whether it was a text message, its
    direction, and the
    capture time and frame of what completed it (``t``, ``t_ns``) and began it
    (``frame``)."""

    data: bytes
    text: bool
    direction: Direction
    t: float
    t_ns: int | None
    frame: int | None
    offset: int             #: stream offset of its first frame's header


class Budget:
    """Bytes inflated over a whole capture, against ``max_ws_inflated_total``."""

    __slots__ = ("left",)

    def __init__(self, total: int) -> None:
        self.left = total


Item = Message | CaptureError | LimitExceededError


class FrameReader:
    """One direction's frames: :meth:`feed` stream bytes, :meth:`gap` missing ones,
    :meth:`finish` at the end; each returns the messages and errors it completes."""

    def __init__(self, direction: Direction, limits: Limits, budget: Budget,
                 deflate: Deflate | None = None, guess_deflate: bool = False,
                 offset: int = 0) -> None:
        self.direction = direction
        self.client = direction is Direction.C2S
        self.max_message = limits.max_ws_message
        self.max_fragments = limits.max_ws_fragments
        self.max_inflated = limits.max_ws_inflated
        self.max_scan = limits.max_resync_scan
        self.budget = budget
        self.deflate = deflate
        #: no handshake seen: a first frame with RSV1 set turns permessage-deflate on
        #: (with context takeover, which also inflates a sender that resets its context)
        self.guess_deflate = guess_deflate and deflate is None
        self.inflater = Inflater(deflate, direction) if deflate is not None else None
        self.buf = bytearray()
        self.base = offset          # stream offset of buf[0]
        self.marks: list[tuple[int, int | None]] = []   # (offset, frame) of each chunk
        self.t = 0.0
        self.t_ns: int | None = None
        self.skip = 0               # payload bytes still to skip
        self.lost = False           # framing lost for good: the rest is counted
        self.lost_bytes = 0
        self.lost_at = 0
        self.searching = False      # after a gap: looking for a frame boundary
        self.scanned = 0            # bytes skipped by the search, not reported yet
        self.scan_start = 0
        self.closed = False         # a close frame was read
        self.after_close = 0        # bytes after it
        # the message being joined
        self.opcode: int | None = None
        self.parts: list[bytes] = []
        self.size = 0
        self.fragments = 0
        self.compressed = False
        self.start = 0              # stream offset of its first header
        self.frame: int | None = None
        # a dropped message whose further fragments are skipped
        self.dropping = False
        self.dropped_bytes = 0
        self.dropped_frames = 0

    # -- input --------------------------------------------------------------------------------
    def feed(self, data: bytes, t: float, t_ns: int | None, frame: int | None) -> list[Item]:
        self.t, self.t_ns = t, t_ns
        out: list[Item] = []
        if self.lost:
            self.lost_bytes += len(data)
            return out
        if self.closed:
            self.after_close += len(data)
            self.base += len(data)
            return out
        at = 0
        if self.skip:
            used = min(self.skip, len(data))
            self.skip -= used
            self.base += used
            at = used
            if at == len(data):
                return out
        self.marks.append((self.base + len(self.buf), frame))
        self.buf += data if not at else memoryview(data)[at:]
        self._frames(out)
        return out

    def gap(self, start: int, end: int) -> list[Item]:
        """Bytes ``start..end-1`` of the stream are missing (the capture's gap error has
        counted them)."""
        out: list[Item] = []
        size = end - start
        if self.inflater is not None:
            self.inflater.lose_context(start)
        if self.lost or self.closed:
            self.base += size
            return out
        if self.skip >= size and not self.buf:
            self.skip -= size               # inside a payload being skipped
            self.base += size
            return out
        pending = frame_header(self.buf) if not self.searching else None
        if pending is not None and not self.skip:
            left = pending[6] + pending[4] - len(self.buf)
            if 0 < size <= left:            # inside the payload of the frame held
                self._drop_message(out, f"a gap of {size} bytes at stream offset {start} "
                                   "cuts its frame")
                held = len(self.buf)
                out.append(self._error(
                    CaptureError, f"the {_NAMES.get(pending[2], 'reserved')} frame at "
                    f"stream offset {self.base} lost {size} of its {pending[4]} payload "
                    f"bytes to a gap; its {held} bytes before the gap are dropped",
                    self.base, dropped=held))
                self.base += held + size
                self.skip = left - size
                self.buf.clear()
                self.marks.clear()
                return out
        # the frame boundary is lost: look for the next one
        self._drop_message(out, f"a gap of {size} bytes at stream offset {start}")
        if self.buf and not self.searching:
            out.append(self._error(
                CaptureError, f"{len(self.buf)} bytes before a gap at stream offset {start} "
                "hold an unfinished frame; dropped", self.base, dropped=len(self.buf)))
        elif self.skip:
            out.append(self._error(
                CaptureError, f"the frame being skipped ends inside a gap at stream offset "
                f"{start}; frame boundaries are searched for after it", start))
        self.buf.clear()
        self.marks.clear()
        self.skip = 0
        self.base = end
        if not self.searching:
            self.searching = True
            self.scan_start = end
        return out

    def finish(self) -> list[Item]:
        out: list[Item] = []
        if self.searching and (self.scanned or self.buf):
            self.scanned += len(self.buf)
            self._report_scan(out, "the stream ended before a frame boundary was found")
            self.buf.clear()
        if self.lost and self.lost_bytes:
            out.append(self._error(
                CaptureError, f"{self.lost_bytes} bytes after stream offset {self.lost_at} "
                "are not read (the frames could not be followed)", self.lost_at,
                dropped=self.lost_bytes))
        if self.after_close:
            out.append(self._error(
                CaptureError, f"{self.after_close} bytes came after the close frame; not "
                "read", self.base - self.after_close, dropped=self.after_close))
        if self.skip:
            out.append(self._error(
                CaptureError, f"the stream ended {self.skip} bytes before the end of the "
                "frame being skipped", self.base))
        elif self.buf and not self.searching:
            out.append(self._error(
                CaptureError, f"the stream ended inside a frame: {len(self.buf)} bytes of "
                "it are not read", self.base, dropped=len(self.buf)))
        self._drop_message(out, "the stream ended")
        if self.dropping and self.dropped_frames:
            self._end_dropping(out)
        self.buf.clear()
        return out

    # -- frames --------------------------------------------------------------------------------
    def _frames(self, out: list[Item]) -> None:
        buf = self.buf
        at = 0
        if self.searching:
            at = self._search(out)
            if self.searching:
                self._consume(at)
                return
        while True:
            header = frame_header(buf, at)
            if header is None:
                break
            fin, rsv, opcode, masked, length, key, size = header
            offset = self.base + at
            if length >> 63:
                self._lose(out, length, offset)
                return
            problem = self._problem(fin, rsv, opcode, masked, length)
            over = (problem is None and opcode < 8
                    and (length > self.max_message or (
                        opcode == CONTINUATION and not self.dropping
                        and self.opcode is not None
                        and self.size + length > self.max_message)))
            if problem is not None or over or (self.dropping and opcode == CONTINUATION):
                at += size
                if problem is not None:
                    out.append(self._error(
                        CaptureError, f"the {_NAMES.get(opcode, f'opcode {opcode:#x}')} "
                        f"frame at stream offset {offset} {problem}; its {length} payload "
                        "bytes are skipped", offset, dropped=size + length,
                        expected="a frame as RFC 6455 section 5 allows"))
                elif over:
                    self._over(out, opcode, fin, length, size, offset)
                else:                                       # a dropped message goes on
                    self.dropped_bytes += size + length
                    self.dropped_frames += 1
                    if fin:
                        self._end_dropping(out)
                avail = len(buf) - at
                if length <= avail:
                    at += length
                    continue
                at = len(buf)
                self.skip = length - avail
                break
            if len(buf) - at < size + length:
                break                       # wait for the payload (within max_ws_message)
            payload = bytes(buf[at + size:at + size + length])
            if masked:
                payload = unmask(payload, key)
            frame = self._frame_of(offset)
            at += size + length
            if masked != self.client:
                out.append(self._error(
                    CaptureError, f"the frame at stream offset {offset} is "
                    + ("not masked (a client's frames are)" if self.client
                       else "masked (a server's frames are not)") + "; read as it is",
                    offset, expected="masked client frames, unmasked server frames"))
            if opcode >= 8:
                self._control(out, opcode, payload, offset)
                if self.closed:
                    self.after_close += len(buf) - at
                    at = len(buf)
                    break
                continue
            self._data(out, header, payload, offset, frame)
        self._consume(at)

    def _lose(self, out: list[Item], length: int, offset: int) -> None:
        """A length with its top bit set: no frame after it can be found."""
        self.lost, self.lost_at = True, offset
        self.lost_bytes = len(self.buf) - (offset - self.base)
        self._drop_message(out, f"the frame at stream offset {offset} claims a length past "
                           "2^63")
        out.append(self._error(
            CaptureError, f"the frame at stream offset {offset} claims {length} payload "
            "bytes, which has its top bit set (not a length); the frames after it cannot "
            "be found", offset, expected="a 64-bit payload length below 2^63"))
        self.buf.clear()
        self.marks.clear()
        self.base = offset

    def _data(self, out: list[Item], header: Header, payload: bytes, offset: int,
              frame: int | None) -> None:
        """A text, binary or continuation frame, read whole: its message begun, joined,
        or completed."""
        fin, rsv, opcode, _, length, _, size = header
        if opcode != CONTINUATION:
            self._drop_message(out, f"a new message begins at stream offset {offset}")
            self.opcode, self.parts, self.size, self.fragments = opcode, [], 0, 0
            self.compressed, self.start, self.frame = rsv & 4 != 0, offset, frame
            if self.compressed and self.inflater is None and self.guess_deflate:
                self.inflater = Inflater(Deflate(), self.direction)
        self.fragments += 1
        if self.fragments > self.max_fragments:
            self._over_fragments(out, fin, size + length, offset)
            return
        self.parts.append(payload)
        self.size += length
        if fin:
            self._complete(out)

    def _consume(self, at: int) -> None:
        if at:
            del self.buf[:at]
            self.base += at
            marks = self.marks
            keep = 0
            while keep + 1 < len(marks) and marks[keep + 1][0] <= self.base:
                keep += 1
            if keep:
                del marks[:keep]

    def _frame_of(self, offset: int) -> int | None:
        found = None
        for start, frame in self.marks:
            if start > offset:
                break
            found = frame
        return found

    def _problem(self, fin: bool, rsv: int, opcode: int, masked: bool, length: int
                 ) -> str | None:
        """What makes a frame unreadable (None: nothing)."""
        if opcode not in _KNOWN:
            return f"has the reserved opcode {opcode:#x}"
        if rsv & 3:
            return f"sets RSV2/RSV3 (bits {rsv:03b}), which no extension negotiated defines"
        if rsv & 4:
            if opcode >= 8 or opcode == CONTINUATION:
                return "sets RSV1, which only a message's first data frame may"
            if self.inflater is None and not self.guess_deflate:
                return "sets RSV1 without permessage-deflate negotiated"
        if opcode >= 8:
            if not fin:
                return "is a fragmented control frame"
            if length > 125:
                return f"is a control frame of {length} bytes (at most 125)"
        elif opcode == CONTINUATION and self.opcode is None and not self.dropping:
            return "continues no message"
        return None

    def _over(self, out: list[Item], opcode: int, fin: bool, length: int, size: int,
              offset: int) -> None:
        """A data frame that takes its message past ``max_ws_message``: the message is
        dropped and its further fragments skipped."""
        held = self.size if opcode == CONTINUATION else 0
        if opcode != CONTINUATION:
            self._drop_message(out, f"a new message begins at stream offset {offset}")
        else:
            self._reset_message()
        out.append(self._error(
            LimitExceededError, f"a {_NAMES[opcode]} frame at stream offset {offset} of "
            f"{length} payload bytes takes its message to {held + length} bytes; the "
            f"message is dropped ({held + length + size} bytes)", offset,
            expected=f"messages of at most max_ws_message={self.max_message} bytes",
            dropped=held + length + size))
        if not fin:
            self.dropping, self.dropped_bytes, self.dropped_frames = True, 0, 0

    def _over_fragments(self, out: list[Item], fin: bool, length: int, offset: int) -> None:
        held, frames = self.size, self.fragments
        self._reset_message()
        out.append(self._error(
            LimitExceededError, f"frame {frames} of the message begun at stream offset "
            f"{self.start} is at stream offset {offset}; the message is dropped "
            f"({held + length} bytes so far, its further frames skipped)",
            offset, expected=f"at most max_ws_fragments={self.max_fragments} frames a "
            "message", dropped=held + length))
        if not fin:
            self.dropping, self.dropped_bytes, self.dropped_frames = True, 0, 0

    def _end_dropping(self, out: list[Item]) -> None:
        out.append(self._error(
            LimitExceededError, f"the dropped message's further {self.dropped_frames} "
            f"frames ({self.dropped_bytes} bytes) were skipped", self.base,
            expected="the limits above", dropped=self.dropped_bytes))
        self.dropping, self.dropped_bytes, self.dropped_frames = False, 0, 0

    def _control(self, out: list[Item], opcode: int, payload: bytes, offset: int) -> None:
        if opcode != CLOSE:
            return                          # ping and pong carry no message
        self.closed = True
        if not payload:
            return
        if len(payload) == 1:
            problem = "a 1-byte payload (a code takes 2)"
        else:
            code = _U16(payload)[0]
            try:
                payload[2:].decode("utf-8")
                problem = None
            except UnicodeDecodeError as exc:
                problem = f"a reason that is not UTF-8 (at reason byte {exc.start})"
            if code not in _CLOSE_CODES and not 3000 <= code <= 4999:
                problem = f"the status code {code}, which a peer may not send"
        if problem is not None:
            out.append(self._error(CaptureError, f"the close frame at stream offset "
                                   f"{offset} has {problem}", offset,
                                   expected="a close frame with no payload, or a status "
                                            "code and a UTF-8 reason"))

    def _complete(self, out: list[Item]) -> None:
        data = self.parts[0] if len(self.parts) == 1 else b"".join(self.parts)
        text, start, frame = self.opcode == TEXT, self.start, self.frame
        compressed, size, frames = self.compressed, self.size, self.fragments
        self._reset_message()
        if compressed and self.inflater is not None:
            limit = min(self.max_inflated, self.budget.left)
            try:
                data = self.inflater.inflate(data, limit)
            except InflateError as exc:
                if exc.over:
                    which = ("max_ws_inflated" if limit == self.max_inflated
                             else "max_ws_inflated_total")
                    out.append(self._error(
                        LimitExceededError, f"the compressed message at stream offset "
                        f"{start} ({size} bytes, {frames} frames) {exc}; dropped", start,
                        expected=f"at most {which}={limit} bytes inflated"
                        + (" (what is left for the capture)" if which.endswith("total")
                           else ""), dropped=size))
                else:
                    out.append(self._error(
                        CaptureError, f"the compressed message at stream offset "
                        f"{start} ({size} bytes, {frames} frames): {exc}; dropped", start,
                        expected="permessage-deflate data (RFC 7692)", dropped=size))
                return
            self.budget.left -= len(data)
        if text:
            try:
                data.decode("utf-8")
            except UnicodeDecodeError as exc:
                out.append(self._error(
                    CaptureError, f"the text message at stream offset {start} is not "
                    f"UTF-8 at its byte {exc.start}; passed on as it is", start,
                    expected="UTF-8 text"))
        out.append(Message(data, text, self.direction, self.t, self.t_ns, frame, start))

    def _reset_message(self) -> None:
        self.opcode, self.parts, self.size, self.fragments = None, [], 0, 0
        self.compressed = False

    def _drop_message(self, out: list[Item], why: str) -> None:
        """The message being joined cannot be finished: it is dropped, with an error."""
        if self.opcode is None:
            if self.dropping and why.startswith("a new message"):
                self._end_dropping(out)
            return
        size, frames, start = self.size, self.fragments, self.start
        self._reset_message()
        out.append(self._error(
            CaptureError, f"the message begun at stream offset {start} ({frames} frames, "
            f"{size} bytes, no final frame) is dropped: {why}", start,
            expected="a final (FIN) frame ending each message", dropped=size))

    # -- after a gap --------------------------------------------------------------------------
    def _search(self, out: list[Item]) -> int:
        """The offset in the buffer of the first frame header that begins a chain of
        :data:`CONFIRMING` frames that follow the rules (a message begins with a text or
        binary frame, continuations continue it, control frames are whole and short, the
        mask bit is this side's), or that ends exactly at the end of the bytes held; the
        bytes before it are counted as skipped. Leaves ``searching`` set while none is
        found."""
        buf = self.buf
        at = 0
        end = len(buf)
        while at < end - 1:
            verdict = self._chain(at)
            if verdict is None:
                break                       # the chain's next bytes are not there yet
            if verdict:
                self._found(out, at)
                return at
            at += 1
        # nothing found yet: the bytes before ``at`` begin no frame
        drop = min(at, end)
        if drop:
            self.scanned += drop
        if self.scanned >= self.max_scan:
            self._report_scan(out, "searching on")
            self.scan_start = self.base + drop
        return drop

    def _chain(self, at: int) -> bool | None:
        """Whether frames that follow the rules begin at ``at`` (None: not known until
        more bytes come)."""
        buf = self.buf
        in_message = False
        deflate = self.inflater is not None or self.guess_deflate
        for _ in range(CONFIRMING):
            if at == len(buf):
                return None
            header = frame_header(buf, at)
            if header is None:
                return None
            fin, rsv, opcode, masked, length, _, size = header
            if masked != self.client or rsv & 3 or length > self.max_message:
                return False
            if opcode >= 8:
                if opcode not in _KNOWN or not fin or length > 125 or rsv:
                    return False
            elif opcode == CONTINUATION:
                if not in_message or rsv:
                    return False
                in_message = not fin
            elif opcode in (TEXT, BINARY):
                if in_message or rsv and not deflate:
                    return False
                in_message = not fin
            else:
                return False
            at += size + length
            if at > len(buf):
                return None
        return True

    def _found(self, out: list[Item], at: int) -> None:
        self.scanned += at
        if self.scanned:
            self._report_scan(out, f"a frame header found at stream offset {self.base + at}")
        self.searching = False

    def _report_scan(self, out: list[Item], note: str) -> None:
        out.append(self._error(
            CaptureError, f"{self.scanned} bytes from stream offset {self.scan_start} skipped "
            f"looking for a frame boundary after a gap ({note})", self.scan_start,
            expected="a frame header that the next header confirms", dropped=self.scanned))
        self.scanned = 0

    def _error(self, kind: type[CaptureError] | type[LimitExceededError], message: str,
               offset: int, *, expected: str | None = None, dropped: int | None = None
               ) -> CaptureError | LimitExceededError:
        return kind(f"WebSocket: {message}", expected=expected, dropped=dropped,
                    direction=self.direction.label, span=(offset, offset + 1)
                    if dropped is None else (offset, offset + max(dropped, 1)))
