"""Sub-update framing of 21/22 Network Update bodies: RawUpdate and DeltaUpdate.

A decompressed body is a be u32 tick, then sub-updates until the end. A sub-update whose
first bit is clear is a RawUpdate (be u16 size including itself, then the data); one whose
first bit is set is a DeltaUpdate: a bitfield of ``(n + 8) >> 3`` bytes, ``n`` being the
size of the previous sub-update's data, then one new byte for every data byte whose bit is
clear. Bits are taken one by one from the least significant bit of the *last* bitfield
byte, bit ``i`` standing for data byte ``i`` (the document's worked example; its
pseudo-code's byte loop is not what the example does). The reconstructed data is the same
size as the previous one and becomes the previous data of the next delta, also across
packets. The documented bounds are checked: ``n`` at most 0x3f, a bitfield of 1..8 bytes.

:func:`split_sub_update` frames one sub-update and returns its data; it never parses it.
"""
from __future__ import annotations

from wirestruct.core.errors import DecodeError, DeltaError

#: Largest previous-update size a DeltaUpdate can refer to (its bitfield is at most 8 bytes
#: and the first bit is the delta flag).
MAX_DELTA_SIZE = 0x3F

#: Largest RawUpdate size (the first bit is the raw/delta flag).
MAX_RAW_SIZE = 0x7FFF

RAW = "raw"
DELTA = "delta"


def bitfield_size(previous_size: int) -> int:
    """Bytes of a DeltaUpdate's bitfield for a previous update of ``previous_size`` bytes."""
    return (previous_size + 8) >> 3


def expand_delta(previous: bytes, body: bytes, pos: int) -> tuple[bytes, int]:
    """Reconstruct the DeltaUpdate at ``body[pos:]`` against ``previous`` (the previous
    sub-update's data, without its size field). Returns the data and the end offset."""
    size = len(previous)
    if size > MAX_DELTA_SIZE:
        raise DeltaError(f"delta update after a {size}-byte update", offset=pos,
                         expected=f"a previous update of at most {MAX_DELTA_SIZE} bytes")
    n_bitfield = bitfield_size(size)
    end = pos + n_bitfield
    if end > len(body):
        raise DeltaError("delta bitfield runs past the end of the body", offset=pos,
                         expected=f"{n_bitfield} bitfield bytes")
    bits = int.from_bytes(body[pos:end], "big")
    # Data bytes whose bit is clear are replaced, in order, by the bytes after the bitfield.
    missing = ~bits & ((1 << size) - 1)
    n_new = missing.bit_count()
    if end + n_new > len(body):
        raise DeltaError("delta update runs past the end of the body", offset=end,
                         expected=f"{n_new} new bytes after the bitfield")
    if not missing:
        return previous, end
    out = bytearray(previous)
    while missing:
        lowest = missing & -missing
        out[lowest.bit_length() - 1] = body[end]
        end += 1
        missing ^= lowest
    return bytes(out), end


def split_sub_update(body: bytes, pos: int, previous: bytes | None) -> tuple[str, bytes, int]:
    """Frame the sub-update at ``body[pos:]``: (``RAW`` or ``DELTA``, its data, end offset)."""
    first = body[pos]
    if first & 0x80:
        if previous is None:
            raise DeltaError("delta update with no previous update", offset=pos,
                             expected="a raw update earlier in the capture")
        data, end = expand_delta(previous, body, pos)
        return DELTA, data, end
    if pos + 2 > len(body):
        raise DecodeError("raw update size field cut off", offset=pos,
                         expected="a 2-byte size")
    size = (first << 8) | body[pos + 1]
    if size < 2:
        raise DecodeError(f"raw update size {size}", offset=pos,
                         expected="a size of at least 2 (it counts its own 2 bytes)")
    end = pos + size
    if end > len(body):
        raise DecodeError(f"raw update of {size} bytes runs past the end of the body",
                         offset=pos, expected=f"{end - len(body)} more bytes")
    return RAW, body[pos + 2:end], end
