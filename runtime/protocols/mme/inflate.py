"""Capped zlib/gzip inflation of MME map data, in time linear in the input.

Map data may be several zlib or gzip streams end to end (the document allows "multiple
smaller data streams compressed separately and then appended end-to-end"). Python's
``zlib`` keeps the input left over after a stream's end as ``unused_data`` - a copy of
all of it - so handing the whole rest of a buffer to each new stream is quadratic: a
buffer of a million empty 8-byte streams copies terabytes. :class:`StreamInflater` hands
the decompressor a window of the input instead, starting small for each stream and
doubling while the stream goes on, so the bytes copied per stream are at most about
twice the stream's own length plus a small constant.

Output is capped before it is produced: every ``decompress`` call is told the most bytes
it may return, one more than the remaining allowance, so a bomb is stopped at the cap.
"""
from __future__ import annotations

import zlib
from typing import Protocol

from wirestruct.core.errors import DecompressionError, LimitExceededError

#: zlib window bits that accept a zlib or a gzip header (32 = detect, 15 = 32 KiB window).
AUTO_HEADER = 32 + zlib.MAX_WBITS

#: Input handed to a new stream's first ``decompress`` call (bytes); doubled per call
#: while the stream goes on, up to ``_MAX_WINDOW``.
_FIRST_WINDOW = 64
_MAX_WINDOW = 256 * 1024


class _Inflater(Protocol):
    """What is used of a ``zlib.decompressobj``."""

    @property
    def eof(self) -> bool: ...

    @property
    def unused_data(self) -> bytes: ...

    def decompress(self, data: memoryview, max_length: int = 0, /) -> bytes: ...


class StreamInflater:
    """Inflate compressed data that may arrive in pieces and hold appended streams.

    ``feed`` returns the bytes the new piece completes. The whole output is capped at
    ``cap`` bytes (a region's or a map's volume) and one ``feed`` at ``per_feed`` bytes
    (``Limits.max_decompressed``). After an error the inflater is broken until the caller
    replaces it. ``fed`` counts the input bytes handed to ``zlib`` so far (a measure of
    the work done: it stays below about three times the input plus 64 bytes per stream).
    """

    __slots__ = ("cap", "per_feed", "what", "produced", "streams", "fed", "broken",
                 "_inflater", "_window")

    def __init__(self, cap: int, *, per_feed: int | None = None, what: str = "map") -> None:
        self.cap = cap
        self.per_feed = cap if per_feed is None else per_feed
        self.what = what
        self.produced = 0
        self.streams = 0          #: streams started so far
        self.fed = 0
        self.broken = False
        self._inflater: _Inflater | None = None
        self._window = _FIRST_WINDOW

    @property
    def in_stream(self) -> bool:
        """True while a started stream has not reached its end."""
        return self._inflater is not None and not self._inflater.eof

    def feed(self, data) -> bytes:
        if self.broken:
            raise DecompressionError(f"the {self.what} data was corrupt or too large earlier",
                                     expected="a reset before more data")
        try:
            return self._feed(data)
        except Exception:
            self.broken = True
            raise

    def _feed(self, data) -> bytes:
        chunks: list[bytes] = []
        got = 0
        allowance = min(self.cap - self.produced, self.per_feed)
        inflater, window, fed, streams = self._inflater, self._window, self.fed, self.streams
        decompressobj = zlib.decompressobj
        try:
            with memoryview(data) as view:
                pos, end_all = 0, len(view)
                while pos < end_all:
                    if inflater is None or inflater.eof:
                        inflater = self._inflater = decompressobj(AUTO_HEADER)
                        streams += 1
                        window = _FIRST_WINDOW
                    end = pos + window
                    if end > end_all:
                        end = end_all
                    fed += end - pos
                    try:
                        chunk = inflater.decompress(view[pos:end], allowance - got + 1)
                    except zlib.error as exc:
                        raise DecompressionError(
                            f"corrupt compressed {self.what} data in stream {streams}: {exc}",
                            expected="zlib or gzip data", dropped=end_all - pos) from None
                    if chunk:
                        got += len(chunk)
                        if got > allowance:
                            self._raise_over(allowance, end_all - pos)
                        chunks.append(chunk)
                    if inflater.eof:
                        pos = end - len(inflater.unused_data)
                    else:   # all of the window was taken in (the output was under the cap)
                        pos = end
                        if window < _MAX_WINDOW:
                            window *= 2
        finally:
            self._window, self.fed, self.streams = window, fed, streams
        self.produced += got
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)

    def _raise_over(self, allowance: int, left: int) -> None:
        if allowance == self.per_feed and self.per_feed < self.cap - self.produced:
            raise LimitExceededError(
                f"one packet's {self.what} data inflates beyond max_decompressed",
                expected=f"at most {self.per_feed} bytes from one packet", dropped=left)
        raise LimitExceededError(
            f"{self.what} data inflates beyond the {self.what}'s volume",
            expected=f"{self.cap} bytes for the {self.what}", dropped=left)


def inflate_exact(data, size: int, *, what: str = "region") -> bytes:
    """Inflate ``data`` (one or more zlib/gzip streams end to end) to exactly ``size`` bytes.

    Raises DecompressionError for corrupt or truncated data or too little output, and
    LimitExceededError when the data would inflate beyond ``size``.
    """
    inflater = StreamInflater(size, what=what)
    out = inflater.feed(data)
    if inflater.in_stream:
        raise DecompressionError(f"compressed stream {inflater.streams} ends early",
                                 expected="a complete zlib or gzip stream",
                                 dropped=len(data))
    if len(out) != size:
        raise DecompressionError(f"compressed data inflates to {len(out)} bytes",
                                 expected=f"{size} bytes for the {what}", dropped=len(data))
    return out
