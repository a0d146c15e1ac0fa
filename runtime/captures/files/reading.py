"""Reading a packet capture file front to back: a view of the file that counts its
position, and the frames it holds before their headers are parsed."""
from __future__ import annotations

import io as _stdio
from typing import TYPE_CHECKING, NamedTuple

from wirestruct.core.errors import CaptureError

if TYPE_CHECKING:
    from wirestruct.captures.files.sources import CaptureStream

_CHUNK = 1 << 16
#: Bytes read ahead at most: records are cut out of blocks of this size.
BLOCK = 1 << 18


class FileSource:
    """Read-only view of the capture file that counts its position.

    Never reads the whole file (never ``read(-1)``), so it works on pipes and other
    non-seekable streams: small reads are served from a buffer filled with what the file
    has ready, up to :data:`BLOCK` bytes at a time, and larger ones read as they are asked
    for; :meth:`at_eof` looks one byte ahead.
    """

    def __init__(self, raw: CaptureStream) -> None:
        self._raw = raw
        self._pos = 0                 # bytes handed out
        self._buf = b""               # read ahead: self._buf[self._at:] not handed out yet
        self._at = 0
        #: what is ready without waiting for more (a buffered stream's ``read1``)
        self._ready = getattr(raw, "read1", raw.read)

    def read(self, n: int = -1) -> bytes:
        if n is None or n < 0:
            raise _stdio.UnsupportedOperation("capture files are read record by record")
        at, end = self._at, self._at + n
        if end <= len(self._buf):                  # the common case: already read ahead
            self._at = end
            self._pos += n
            return self._buf[at:end]
        data = self._buf[at:]
        self._buf, self._at = b"", 0
        if n - len(data) < BLOCK:
            self._fill(n - len(data))
            more = self._buf[:n - len(data)]
            self._at = len(more)
            data += more
        else:                                      # a large read: as asked, not buffered
            parts = [data]
            left = n - len(data)
            while left > 0:
                part = self._raw.read(left)
                if not part:
                    break
                parts.append(part)
                left -= len(part)
            data = b"".join(parts)
        self._pos += len(data)
        return data

    def _fill(self, n: int) -> None:
        """Reads what the file has ready until the buffer holds ``n`` bytes not handed out
        (fewer at the end)."""
        if self._at:
            self._buf, self._at = self._buf[self._at:], 0
        parts = [self._buf]
        held = len(self._buf)
        while held < n:
            part = self._ready(max(BLOCK - held, n - held))
            if not part:
                break
            parts.append(part)
            held += len(part)
        self._buf = b"".join(parts) if len(parts) > 1 else parts[0]

    def read_some(self, n: int) -> bytes:
        """What is ready of the next ``n`` bytes, at least one (empty only at the end):
        for a reader that cuts its records out of blocks itself (pcap)."""
        if self._at < len(self._buf):
            data = self._buf[self._at:self._at + n]
            self._at += len(data)
        else:
            data = self._ready(n)
        self._pos += len(data)
        return data

    def tell(self) -> int:
        return self._pos

    def seek(self, *args) -> int:
        raise _stdio.UnsupportedOperation("capture files are read front to back")

    def peek(self, n: int) -> bytes:
        """The next ``n`` bytes (fewer at the end), left to be read again."""
        if len(self._buf) - self._at < n:
            self._fill(n)
        return self._buf[self._at:self._at + n]

    def at_eof(self) -> bool:
        return not self.peek(1)

    def discard_rest(self) -> int | None:
        """Read to the end of the file, keeping nothing; the number of bytes read. None for
        a file that is followed while written, which has no end to read to."""
        if getattr(self._raw, "follows", False):
            return None
        count = len(self._buf) - self._at
        self._buf, self._at = b"", 0
        while True:
            part = self._raw.read(_CHUNK)
            if not part:
                break
            count += len(part)
        self._pos += count
        return count


class Frame(NamedTuple):
    """One captured frame, before its headers are parsed (a tuple: made at C speed)."""

    number: int          #: position in the file, from 1 (as Wireshark numbers frames)
    offset: int          #: file offset of the frame's first byte
    t: float             #: seconds since the Unix epoch
    link_type: int       #: LINKTYPE_ value
    data: bytes
    orig_len: int        #: length on the wire (more than len(data) if the capture cut it)
    #: ``t`` exactly, in nanoseconds (rounded down from finer units)
    t_ns: int | None = None


def truncated(what: str, offset: int, read: int = 0) -> CaptureError:
    """The file ends inside ``what``, which starts at ``offset``; ``read``: its bytes the
    file holds (dropped)."""
    return CaptureError(f"the file ends inside {what} (truncated capture)", offset=offset,
                        expected="more bytes", dropped=read or None)


def structure_lost(src: FileSource, message: str, offset: int, expected: str,
                   read: int) -> CaptureError:
    """A header whose lengths lose the file's structure at ``offset``: the rest of the
    file (``read`` bytes of it already read) is read, not decoded, and counted."""
    rest = src.discard_rest()
    if rest is None:
        return CaptureError(f"{message}; the file structure is lost here (the rest of the "
                            "followed file is not read)", offset=offset, expected=expected,
                            dropped=read or None)
    return CaptureError(f"{message}; the file structure is lost here: the {read + rest} bytes "
                        "from here to the end of the file are not read", offset=offset,
                        expected=expected, dropped=read + rest)
