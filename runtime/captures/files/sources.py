"""Where capture bytes come from: a file, standard input (``-``), a compressed file or pipe,
or a file that is still being written (``follow``).

:func:`open_source` returns a :class:`Source`: a buffered, front-to-back reader with
:meth:`~Source.peek` that never seeks, so every capture reader works the same on a
regular file and on a pipe. Compressed input (gzip, xz, zstd) is recognised by its magic
bytes, not its name, and decompressed as it is read, never whole. With ``follow=True``
the end of the file is not the end of the capture: reading waits (polling) for the
writer to append more, as ``tail -f`` does, so a record cut off at the end waits for
its remaining bytes; it ends when the reader is interrupted.

One decompression budget holds for the whole capture: past ``limits.expansion_allowance``
decompressed bytes, the output may not exceed ``limits.max_capture_expansion`` times the
compressed bytes read (a few kilobytes of zstd can stand for gigabytes of blank lines or
garbage; real captures compress far less). Past it, or at any decompression error, the
input ends with an error that counts the compressed bytes not decoded; bytes after the
last gzip member that are not gzip data are counted exactly.
"""
from __future__ import annotations

import io
import lzma
import os
import sys
import time
import zlib
from typing import IO, BinaryIO, Protocol, cast

from wirestruct.core.errors import CaptureError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits

#: The name a capture read from standard input goes by.
STDIN = "-"

#: Bytes requested from the layer below per read (partial reads are fine).
CHUNK = 1 << 16

#: Seconds between looks at a followed file that has no new bytes.
POLL_INTERVAL = 0.1

COMPRESSIONS = ("gzip", "xz", "zstd")

_MAGICS = (
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)


class _Readable(Protocol):
    def read(self, n: int = ..., /) -> bytes: ...


class CaptureStream(Protocol):
    """What the capture readers read, front to back: a :class:`Source` (or a
    :class:`PeekView` of one) as :func:`open_source` makes it, or any binary file."""

    def read(self, n: int = ..., /) -> bytes: ...

    def readline(self, limit: int = ..., /) -> bytes: ...

    def close(self) -> None: ...


def detect_compression(head: bytes) -> str | None:
    """The compression whose magic bytes ``head`` starts with, or None."""
    for magic, name in _MAGICS:
        if head.startswith(magic):
            return name
    return None


class _Follow:
    """A file read as it grows: at its end, wait for more instead of ending."""

    def __init__(self, raw: BinaryIO, name: str, interval: float) -> None:
        self._raw = raw
        self._name = name
        self._interval = interval
        self._pos = 0

    def read(self, n: int = CHUNK, /) -> bytes:
        while True:
            data = self._raw.read(n)
            if data:
                self._pos += len(data)
                return data
            size = os.fstat(self._raw.fileno()).st_size
            if size < self._pos:
                raise CaptureError(f"the file shrank from {self._pos} to {size} "
                                   "bytes while being followed", offset=size, file=self._name,
                                   expected="a file that is only appended to")
            time.sleep(self._interval)

    def close(self) -> None:
        self._raw.close()


class _PartialReads:
    """A decompressing file read with ``read1``: what is ready, not a full buffer (a
    live pipe must not stall waiting for bytes that have not been sent yet)."""

    def __init__(self, reader) -> None:
        self._reader = reader

    def read(self, n: int = CHUNK, /) -> bytes:
        return self._reader.read1(n)

    def close(self) -> None:
        self._reader.close()


class Source(io.RawIOBase):
    """Buffered front-to-back reading of a capture's bytes, with :meth:`peek`.

    ``read(n)`` returns ``n`` bytes unless the input ends first; ``tell()`` counts bytes
    read (of the decompressed input, when compressed). A decompression error (corrupt
    or cut-off compressed data) ends the input; :attr:`error` then says what happened
    and where, for the capture reader to report after the records it could read.
    """

    def __init__(self, raw: _Readable, name: str, *, compression: str | None = None,
                 closes: tuple = (), fd: int | None = None,
                 compressed: Source | None = None, follow: bool = False,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__()
        self._fd = fd
        self._expansion = limits.max_capture_expansion
        self._allowance = limits.expansion_allowance
        self._compressed = compressed   # the compressed bytes below, when decompressing
        self._decoded_to = 0            # compressed bytes read when output last came
        self._follow = follow
        self.name = name
        self.compression = compression
        self.error: CaptureError | None = None
        self._raw = raw
        self._closes = closes
        self._buf = b""
        self._start = 0         # first unread byte of _buf
        self._pos = 0
        self._eof = False

    @property
    def follows(self) -> bool:
        """Whether the input is a file followed while written (it has no end)."""
        return self._follow

    # -- io.RawIOBase ------------------------------------------------------------------
    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return False

    def tell(self) -> int:
        return self._pos

    def seek(self, *args) -> int:
        raise io.UnsupportedOperation(f"{self.name}: captures are read front to back")

    def fileno(self) -> int:
        """The descriptor of a plain (uncompressed, not followed) capture file, whose size
        is then the total that :meth:`tell` counts toward."""
        if self._fd is None:
            raise io.UnsupportedOperation(f"{self.name}: no file whose size is the input's")
        return self._fd

    def close(self) -> None:
        if not self.closed:
            for item in (self._raw, *self._closes):
                close = getattr(item, "close", None)
                if close is not None:
                    close()
        super().close()

    # -- reading -----------------------------------------------------------------------
    def _available(self) -> int:
        return len(self._buf) - self._start

    def _fill(self, want: int) -> bool:
        """Read from below until ``want`` bytes are buffered; False at the end. The unread
        rest and the new chunks are joined once (each chunk is at least CHUNK bytes asked
        for, so every byte is copied O(1) times however the layer below splits it)."""
        have = len(self._buf) - self._start
        if have >= want:
            return True
        parts = [self._buf[self._start:]]
        try:
            while have < want and not self._eof:
                try:
                    chunk = self._raw.read(max(CHUNK, want - have))
                except CaptureError:
                    raise
                except Exception as exc:  # noqa: BLE001 - EOFError, OSError, LZMAError, ZstdError
                    self._fail(exc, have)
                    break
                if not chunk:
                    self._eof = True
                    break
                if self._compressed is not None:
                    self._decoded_to = self._compressed.tell()
                    if self._over_budget(have, len(chunk)):
                        break
                parts.append(chunk)
                have += len(chunk)
        finally:
            self._buf = b"".join(parts)
            self._start = 0
        return have >= want

    def _over_budget(self, have: int, size: int) -> bool:
        """Whether ``size`` more decompressed bytes (``have`` are buffered beyond the
        position) spend the capture's decompression budget; if so, the input ends before
        them, with the error."""
        produced = self._pos + have + size
        if produced <= self._allowance:
            return False
        read = self._decoded_to
        if produced <= self._expansion * read:
            return False
        self._fail(CaptureError(
            f"{produced} decompressed bytes from {read} compressed bytes, more than "
            f"max_capture_expansion={self._expansion} times as many past "
            f"expansion_allowance={self._allowance} (a bomb, or data far more repetitive "
            "than a capture)"), have, start=read)
        return True

    def _fail(self, exc: BaseException, have: int, start: int | None = None) -> None:
        """The layer below failed: the input ends here. With compressed input, the
        compressed bytes from where output last came (the decompressor reads ahead, so
        some of them may have been decoded) to the end of the input are counted, read
        and discarded, and reported as dropped; a followed file, which has no end, is
        not read on."""
        self._eof = True
        what = f"{self.compression} data" if self.compression else "input"
        message = f"{what} unreadable after {self._pos + have} bytes: {exc or type(exc).__name__}"
        dropped = None
        below = self._compressed
        if isinstance(exc, _Trailing):
            message += f" ({exc.count} bytes from byte {exc.offset} on)"
            dropped, below = exc.count, None
        if below is not None:
            start = self._decoded_to if start is None else start
            message += f"; the compressed input from byte {start} on"
            if not self._follow:
                dropped = below.tell() - start + below.discard_rest()
                message += f" ({dropped} bytes)"
            message += " is not decoded"
            if not dropped:         # all of it was read ahead: its output is what is lost
                message += " (all of it was read; the rest of its output is not)"
                dropped = None
        self.error = CaptureError(
            message, offset=self._pos + have, file=self.name, dropped=dropped,
            expected=f"complete {self.compression} data" if self.compression else None)

    def discard_rest(self) -> int:
        """Read to the end without keeping anything; the number of bytes read."""
        count = self._available()
        self._buf, self._start = b"", 0
        while not self._eof:
            try:
                chunk = self._raw.read(CHUNK)
            except Exception:  # noqa: BLE001 - the input ends where it cannot be read
                break
            if not chunk:
                break
            count += len(chunk)
        self._eof = True
        self._pos += count
        return count

    def read(self, n: int = -1, /) -> bytes:
        if n is None or n < 0:
            raise io.UnsupportedOperation(f"{self.name}: captures are read record by record")
        start = self._start
        if len(self._buf) - start < n:
            self._fill(n)
            start = self._start
        data = self._buf[start:start + n]
        self._start = start + len(data)
        self._pos += len(data)
        return data

    def readinto(self, buffer) -> int:
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def read1(self, n: int = CHUNK, /) -> bytes:
        if not self._available():
            self._fill(1)
        return self.read(min(n, self._available()) if n >= 0 else self._available())

    def peek(self, n: int = 1) -> bytes:
        """The next ``n`` bytes (fewer at the end), left to be read again."""
        self._fill(n)
        return self._buf[self._start:self._start + n]

    def peek_range(self, start: int, end: int) -> bytes:
        """Unread bytes ``start`` to ``end`` ahead of the position (fewer at the end)."""
        self._fill(end)
        return self._buf[self._start + start:self._start + end]

    def readline(self, limit: int | None = -1, /) -> bytes:
        """Up to and including the next newline, at most ``limit`` bytes (None or
        negative: no limit); waits for the newline (or the end) rather than returning
        half a line."""
        if limit is None:
            limit = -1
        scanned = 0
        while True:
            found = self._buf.find(b"\n", self._start + scanned)
            if found >= 0:
                n = found - self._start + 1
                break
            scanned = self._available()
            if 0 <= limit <= scanned:
                n = limit
                break
            want = max(scanned + 1, 2 * scanned)     # doubling: a long line is copied O(1) times
            if 0 <= limit < want:
                want = limit
            if not self._fill(want) and self._available() == scanned:
                n = self._available()
                break
        if limit >= 0:
            n = min(n, limit)
        return self.read(n)


class PeekView(io.RawIOBase):
    """The first ``limit`` bytes of a :class:`Source`, read without consuming them (to try
    a reader on the start of a pipe and still read it all afterwards). Reading blocks
    only as far as it goes: a live capture is not waited on for more than is asked."""

    def __init__(self, source: Source, limit: int) -> None:
        super().__init__()
        self.name = source.name
        self._source = source
        self._limit = limit
        self._pos = 0

    def readable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def peek(self, n: int = 1) -> bytes:
        return self._source.peek_range(self._pos, min(self._pos + n, self._limit))

    def read(self, n: int = -1, /) -> bytes:
        if n is None or n < 0:
            raise io.UnsupportedOperation(f"{self.name}: captures are read record by record")
        data = self.peek(n)
        self._pos += len(data)
        return data

    def readline(self, limit: int | None = -1, /) -> bytes:
        if limit is None:
            limit = -1
        want = CHUNK
        while True:
            if 0 <= limit < want:
                want = limit
            head = self.peek(want)
            found = head.find(b"\n")
            if found >= 0:
                head = head[:found + 1]
                break
            if len(head) < want or len(head) == limit:
                break
            want *= 2
        self._pos += len(head)
        return head


def _open_raw(path: str) -> tuple[BinaryIO, str]:
    if path == STDIN:
        return open(sys.stdin.fileno(), "rb", buffering=0, closefd=False), "<stdin>"
    try:
        return open(path, "rb", buffering=0), path
    except OSError as exc:
        raise CaptureError(f"cannot open: {exc.strerror or exc}", file=path,
                           expected="a readable capture file") from None


class _Available:
    """The compressed bytes for a decompressor: what is there, without waiting for a full
    buffer (a live pipe or a followed file must not stall on bytes not yet written)."""

    def __init__(self, source: Source) -> None:
        self._source = source

    def read(self, n: int = CHUNK, /) -> bytes:
        return self._source.read1(n)

    def seekable(self) -> bool:
        return False

    def seek(self, *args) -> int:
        raise io.UnsupportedOperation(f"{self._source.name}: captures are read front to back")


class _Trailing(Exception):
    """Bytes after the last gzip member that are not gzip data (counted exactly)."""

    def __init__(self, offset: int, count: int) -> None:
        super().__init__("bytes after the last gzip member are not gzip data")
        self.offset = offset
        self.count = count


class _GzipMembers:
    """gzip members one after another (as ``gzip -d`` reads concatenated files), inflated
    with zlib so that where each member ends is known exactly: after the last one, zero
    padding is ignored (as gzip does) and anything else is an error counting its bytes.
    Each read inflates at most what it returns (``max_length``), so a bomb is met one
    chunk at a time."""

    def __init__(self, source: Source) -> None:
        self._source = source
        self._inflater: zlib._Decompress | None = None
        self._input = b""           # compressed bytes read and not given to zlib yet

    def _more(self) -> bool:
        data = self._source.read1(CHUNK)
        self._input += data
        return bool(data)

    def _start_member(self) -> bool:
        while len(self._input) < 2 and self._more():
            pass
        if not self._input:
            return False
        if self._input[:2] == b"\x1f\x8b":
            self._inflater = zlib.decompressobj(31)     # a gzip header and trailer
            return True
        offset = self._source.tell() - len(self._input)
        count, zeros = len(self._input), not self._input.strip(b"\x00")
        self._input = b""
        while True:
            data = self._source.read1(CHUNK)
            if not data:
                break
            count += len(data)
            zeros = zeros and not data.strip(b"\x00")
        if zeros:
            return False
        raise _Trailing(offset, count)

    def read1(self, n: int = CHUNK, /) -> bytes:
        while True:
            if self._inflater is None and not self._start_member():
                return b""
            inflater = self._inflater
            assert inflater is not None                 # _start_member made one
            data = inflater.unconsumed_tail
            if not data:
                if not self._input and not self._more():
                    raise EOFError("the compressed file ends inside a gzip member")
                data, self._input = self._input, b""
            out = inflater.decompress(data, max(1, n))
            if inflater.eof:
                self._input = inflater.unused_data + self._input
                self._inflater = None
            if out:
                return out

    def close(self) -> None:
        self._inflater = None


#: Memory liblzma may use besides the dictionary (its decoder state is well under this).
_XZ_OVERHEAD = 256 * 1024


#: zstd's smallest and largest windows (ZSTD_WINDOWLOG_MIN, ZSTD_WINDOWLOG_MAX on 64 bits).
_ZSTD_WINDOWS = (1 << 10, 1 << 31)


def _decompressor(compression: str, source: Source, window: int):
    """A reader of the decompressed bytes; the xz dictionary and the zstd window (the
    history the decompressor holds, which the data declares) are capped at ``window``
    bytes before they are allocated: data that declares more is an error."""
    compressed = _Available(source)
    if compression == "gzip":
        return _GzipMembers(source)                             # a 32 KiB window
    if compression == "xz":
        import _compression
        raw = _compression.DecompressReader(compressed, lzma.LZMADecompressor,
                                            trailing_error=lzma.LZMAError,
                                            format=lzma.FORMAT_AUTO,
                                            memlimit=window + _XZ_OVERHEAD)
        return io.BufferedReader(raw, CHUNK)
    import zstandard
    if window < _ZSTD_WINDOWS[0]:
        raise CaptureError(f"zstd data cannot be read with max_capture_window={window}",
                           file=source.name, offset=0, expected=f"max_capture_window of at "
                           f"least {_ZSTD_WINDOWS[0]} (zstd's smallest window)")
    decompressor = zstandard.ZstdDecompressor(max_window_size=min(window, _ZSTD_WINDOWS[1]))
    # zstandard reads its source with read() alone; its stubs ask for a whole binary file
    return decompressor.stream_reader(cast(IO[bytes], compressed), read_across_frames=True,
                                      closefd=False)


def open_source(path: str | os.PathLike, *, follow: bool = False,
                poll_interval: float = POLL_INTERVAL,
                limits: Limits = DEFAULT_LIMITS) -> Source:
    """Open ``path`` (``-`` for standard input) for reading, decompressing gzip, xz and
    zstd input by its magic bytes; ``follow`` waits at the end of a growing file. A
    compressed input may not declare a window larger than ``limits.max_capture_window``."""
    path = os.fspath(path)
    if follow and path == STDIN:
        raise ValueError("follow reads a growing file; standard input waits for more anyway")
    file, name = _open_raw(path)
    raw: BinaryIO | _Follow = file
    try:
        if follow:
            raw = _Follow(file, name, poll_interval)
        plain_file = path != STDIN and not follow
        source = Source(raw, name, fd=file.fileno() if plain_file else None)
        compression = detect_compression(source.peek(6))
        if compression is None:
            return source
        reader = _decompressor(compression, source, limits.max_capture_window)
        return Source(_PartialReads(reader), name, compression=compression,
                      closes=(source,), compressed=source, follow=follow, limits=limits)
    except BaseException:
        raw.close()
        raise
