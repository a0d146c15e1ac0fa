"""A bounded receive buffer for stream framers (sans-I/O).

A framer appends whatever bytes arrived, then repeatedly asks for complete packets; bytes
of an incomplete packet stay buffered until more arrive. The buffer compacts lazily so
feeding one byte at a time stays linear.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from wirestruct.core.errors import LimitExceededError


class ReceiveBuffer:
    __slots__ = ("_data", "_start", "_limit", "consumed")

    def __init__(self, limit: int) -> None:
        self._data = bytearray()
        self._start = 0
        self._limit = limit
        #: bytes handed out so far: the stream offset of the buffer's first byte
        self.consumed = 0

    def __len__(self) -> int:
        return len(self._data) - self._start

    def append(self, data: bytes) -> None:
        if self._start and self._start >= len(self._data) // 2:
            del self._data[:self._start]
            self._start = 0
        self._data += data

    def peek(self, n: int) -> bytes:
        """The first ``n`` buffered bytes (fewer if fewer are buffered)."""
        return bytes(self._data[self._start:self._start + n])

    def take(self, n: int) -> bytes:
        """Remove and return exactly ``n`` bytes; the caller checked ``len``."""
        if n > self._limit:
            raise LimitExceededError(f"packet of {n} bytes exceeds the buffer limit",
                                     expected=f"at most {self._limit} bytes")
        out = bytes(self._data[self._start:self._start + n])
        self._start += n
        self.consumed += n
        return out

    @contextmanager
    def viewed(self) -> Iterator[memoryview]:
        """The buffered bytes as a read-only view, without copying, for the ``with`` block.
        A view kept past the block keeps the bytes it saw; the buffer moves to a copy."""
        whole = memoryview(self._data)
        readonly = whole.toreadonly()
        part = readonly[self._start:]
        try:
            yield part
        finally:
            part.release()
            readonly.release()
            whole.release()
            try:
                self._data.append(0)     # still exported (a slice was kept)?
                del self._data[-1]
            except BufferError:
                self._data = bytearray(self._data)

    def skip(self, n: int) -> None:
        """Discard the first ``n`` buffered bytes (at most ``len``)."""
        n = min(n, len(self))
        self._start += n
        self.consumed += n

    def advance(self, n: int) -> None:
        """``n`` stream bytes never arrived (a gap): the next byte's offset moves on."""
        self.consumed += n

    def take_all(self) -> bytes:
        return self.take(len(self))

    def check_limit(self, needed: int) -> None:
        if needed > self._limit:
            raise LimitExceededError(f"packet of {needed} bytes exceeds the buffer limit",
                                     expected=f"at most {self._limit} bytes")
