"""zlib/gzip inflation for map data, capped by the volume it fills.

The document says compressed data is zlib, that the client also accepts gzip (whatever
zlib's automatic header detection accepts), and that buffered map data may be several
streams appended end to end. Both functions here accept all of that. Output never exceeds
the cap the caller gives (the region's or the map's volume): more is an error, raised as
soon as the cap is passed, before anything beyond it is held in memory.
"""
from __future__ import annotations

import zlib
from typing import List

from ..errors import DecompressionError, LimitExceededError

#: zlib window bits that accept a zlib or a gzip header (32 = detect, 15 = 32 KiB window).
AUTO_HEADER = 32 + zlib.MAX_WBITS


def inflate_exact(data: bytes, size: int, *, what: str = "region") -> bytes:
    """Inflate ``data`` (one or more zlib/gzip streams end to end) to exactly ``size`` bytes.

    Raises DecompressionError for corrupt or truncated data or too little output, and
    LimitExceededError when the data would inflate beyond ``size``.
    """
    chunks: List[bytes] = []
    produced = 0
    rest = data
    streams = 0
    while rest:
        inflater = zlib.decompressobj(AUTO_HEADER)
        try:
            chunk = inflater.decompress(rest, size - produced + 1)
        except zlib.error as exc:
            raise DecompressionError(f"corrupt compressed data in stream {streams + 1}: {exc}",
                                     expected="zlib or gzip data") from None
        produced += len(chunk)
        if produced > size:
            raise LimitExceededError(
                f"compressed data inflates beyond the {what}'s volume",
                expected=f"{size} bytes for the {what}")
        chunks.append(chunk)
        if not inflater.eof:
            raise DecompressionError(f"compressed stream {streams + 1} ends early",
                                     expected="a complete zlib or gzip stream")
        streams += 1
        rest = inflater.unused_data
    if produced != size:
        raise DecompressionError(f"compressed data inflates to {produced} bytes",
                                 expected=f"{size} bytes for the {what}")
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


class StreamInflater:
    """Inflate a compressed byte stream that arrives in pieces (MAP_TOTAL_DATA).

    ``feed`` returns the bytes the new piece completes; the total is capped at ``cap``.
    A new stream may start right where the previous one ended. After an error the
    inflater is broken until the caller replaces it (MAP_TOTAL_RESET).
    """

    __slots__ = ("cap", "produced", "_inflater", "broken")

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.produced = 0
        self._inflater = zlib.decompressobj(AUTO_HEADER)
        self.broken = False

    def feed(self, data: bytes) -> bytes:
        if self.broken:
            raise DecompressionError("the map stream was corrupt earlier",
                                     expected="MAP_TOTAL_RESET before more MAP_TOTAL_DATA")
        chunks: List[bytes] = []
        rest = data
        try:
            while rest:
                if self._inflater.eof:
                    self._inflater = zlib.decompressobj(AUTO_HEADER)
                try:
                    chunk = self._inflater.decompress(rest, self.cap - self.produced + 1)
                except zlib.error as exc:
                    raise DecompressionError(f"corrupt compressed map data: {exc}",
                                             expected="zlib or gzip data") from None
                self.produced += len(chunk)
                if self.produced > self.cap:
                    raise LimitExceededError("map data inflates beyond the map's volume",
                                             expected=f"{self.cap} bytes in all")
                chunks.append(chunk)
                rest = self._inflater.unused_data if self._inflater.eof else b""
        except Exception:
            self.broken = True
            raise
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
