"""Bounded decompression of raw LZ4 blocks (no size prefix), with the ``lz4`` library.

The decompressed size of a raw block is not stored. LZ4 cannot expand a byte to more than
255 bytes, so the output is at most ``255 * len(block)``; the buffer starts small and
grows by 8x up to that bound or the cap, whichever is lower. Reaching the cap is a
:class:`LimitExceededError`; failing below the natural bound is corrupt input.
"""
from __future__ import annotations

import lz4.block
from wirestruct.core.errors import DecompressionError, LimitExceededError
from wirestruct.core.limits import MAX_DECOMPRESSED

#: LZ4's largest expansion ratio (one token byte can stand for 255 more literal/match bytes).
LZ4_MAX_RATIO = 255


def decompress_block(block: bytes, cap: int = MAX_DECOMPRESSED,
                     expected_size: int | None = None) -> bytes:
    """Decompress one raw LZ4 block.

    With ``expected_size`` (a declared length, as a packet may carry), the output must be
    exactly that long; otherwise the size is found by growing the buffer up to ``cap``.
    """
    if expected_size is not None:
        if expected_size > cap:
            raise LimitExceededError(
                f"declared decompressed length {expected_size} exceeds the cap",
                expected=f"at most {cap} bytes")
        try:
            out = lz4.block.decompress(block, uncompressed_size=expected_size)
        except lz4.block.LZ4BlockError as exc:
            raise DecompressionError(f"corrupt LZ4 block: {exc}",
                                     expected=f"an LZ4 block of {expected_size} bytes") from None
        if len(out) != expected_size:
            raise DecompressionError(
                f"LZ4 block expanded to {len(out)} bytes, not the declared {expected_size}",
                expected=f"{expected_size} bytes")
        return out
    if not block:
        raise DecompressionError("empty LZ4 block", expected="at least one token byte")
    bound = LZ4_MAX_RATIO * len(block) + 16
    size = min(bound, cap, max(4096, 4 * len(block)))
    while True:
        try:
            return lz4.block.decompress(block, uncompressed_size=size)
        except lz4.block.LZ4BlockError:
            if size >= bound:
                raise DecompressionError("corrupt LZ4 block",
                                         expected="a valid raw LZ4 block") from None
            if size >= cap:
                raise LimitExceededError(
                    "LZ4 block expands beyond the decompression cap",
                    expected=f"at most {cap} bytes") from None
            size = min(bound, cap, size * 8)
