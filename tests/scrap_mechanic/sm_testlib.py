"""Shared test functions: bytes built by hand from the Scrap Mechanic document's tables."""
from __future__ import annotations

import struct
from io import BytesIO

import lz4.block
from kaitaistruct import KaitaiStream
from wirestruct.core.records import CaptureRecord, Direction


def f4(*values: float) -> bytes:
    """be float, as the tables write them."""
    return struct.pack(f">{len(values)}f", *values)


def float_bits(value: float) -> str:
    return format(struct.unpack(">I", struct.pack(">f", value))[0], "032b")


def bits(*parts: str) -> bytes:
    """Concatenate bit strings (most significant bit first, as the BitStream writes) and
    pad the last byte with zero bits."""
    text = "".join(parts)
    text += "0" * (-len(text) % 8)
    return int(text, 2).to_bytes(len(text) // 8, "big") if text else b""


def u(value: int, n: int) -> str:
    """``value`` as an ``n``-bit field of a bit string."""
    return format(value, f"0{n}b")


def parse_all(cls, data: bytes, *params):
    """Parse ``data`` and check that every byte was consumed."""
    obj = cls(*params, KaitaiStream(BytesIO(data)))
    assert obj._io.is_eof(), f"{obj._io.size() - obj._io.pos()} bytes left over"
    return obj


def lz4_packet(packet_id: int, body: bytes) -> bytes:
    return bytes([packet_id]) + lz4.block.compress(body, store_size=False)


def raw_update(data: bytes) -> bytes:
    """RawUpdate: be u16 size including itself, then the data."""
    return struct.pack(">H", len(data) + 2) + data


def record(data: bytes, index: int = 0, direction: Direction = Direction.S2C,
           t: float = 0.0) -> CaptureRecord:
    return CaptureRecord(index=index, t=t, direction=direction, data=data)
