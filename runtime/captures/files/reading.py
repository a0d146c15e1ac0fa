"""Reading a packet capture file front to back: a view of the file that counts its
position, and the frames it holds before their headers are parsed."""
from __future__ import annotations

import io as _stdio
from typing import TYPE_CHECKING, NamedTuple

from wirestruct.core.errors import CaptureError

if TYPE_CHECKING:
    from wirestruct.captures.files.sources import CaptureStream

_CHUNK = 1 << 16


class FileSource:
    """Read-only view of the capture file that counts its position.

    Only ever reads what it is asked for (never ``read(-1)``), so it works on pipes and
    other non-seekable streams; :meth:`at_eof` looks one byte ahead.
    """

    def __init__(self, raw: CaptureStream) -> None:
        self._raw = raw
        self._pos = 0
        self._ahead = b""
        #: what is ready without waiting for more (a buffered stream's ``read1``)
        self._ready = getattr(raw, "read1", raw.read)

    def read(self, n: int = -1) -> bytes:
        if n is None or n < 0:
            raise _stdio.UnsupportedOperation("capture files are read record by record")
        if not self._ahead:
            data = self._raw.read(n)
            if len(data) == n:      # the common case: one read gives it all
                self._pos += n
                return data
            parts = [data] if data else []
            n -= len(data)
        else:
            parts = []
        if self._ahead:
            parts.append(self._ahead[:n])
            self._ahead = self._ahead[n:]
            n -= len(parts[0])
        while n > 0:
            part = self._raw.read(n)
            if not part:
                break
            parts.append(part)
            n -= len(part)
        data = parts[0] if len(parts) == 1 else b"".join(parts)
        self._pos += len(data)
        return data

    def read_some(self, n: int) -> bytes:
        """What is ready of the next ``n`` bytes, at least one (empty only at the end):
        one read of the file, for readers that keep their own buffer."""
        if self._ahead:
            data, self._ahead = self._ahead[:n], self._ahead[n:]
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
        while len(self._ahead) < n:
            part = self._raw.read(n - len(self._ahead))
            if not part:
                break
            self._ahead += part
        return self._ahead[:n]

    def at_eof(self) -> bool:
        return not self.peek(1)

    def discard_rest(self) -> int | None:
        """Read to the end of the file, keeping nothing; the number of bytes read. None for
        a file that is followed while written, which has no end to read to."""
        if getattr(self._raw, "follows", False):
            return None
        count = len(self._ahead)
        self._ahead = b""
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
