"""Shared code of the diep.io tests: parse bytes with a generated class and check that
every byte was consumed; the worked examples of the bundled build's README (section 4);
bytes crafted by hand (``Writer``)."""
from __future__ import annotations

import math
import struct
from collections.abc import Callable
from io import BytesIO
from typing import Any

from kaitaistruct import KaitaiStream
from wirestruct.generated.diep.diep_serverbound import DiepServerbound
from wirestruct.generated.diep.diep_types import DiepTypes  # noqa: F401 (used by the tests)
from wirestruct.protocols.diep import load_build
from wirestruct.protocols.diep.encoder import vu_bytes, zigzag
from wirestruct.protocols.diep.generate import FIXED_SCALE

BUILD = load_build()
Clientbound = BUILD.packet_class


def read(cls, data: bytes, *params):
    """Parse ``data`` with ``cls`` (a generated type, params first) and assert that it was
    consumed to the last byte."""
    io = KaitaiStream(BytesIO(data))
    obj = cls(*params, io)
    assert io.is_eof(), f"{len(data) - io.pos()} bytes left of {data.hex(' ')}"
    return obj


def clientbound(data: bytes):
    obj = read(Clientbound, data)
    assert obj._io.is_eof()
    return obj


def serverbound(data: bytes):
    return read(DiepServerbound, data)


def h(text: str) -> bytes:
    """Hex with spaces and `|` separators allowed, as the documents write it."""
    return bytes.fromhex(text.replace("|", " "))


# README section 4: the update of the player's tank (id 1003) and the creation of a
# square (id 283) from packet 12, and the arena's array-field update from packet 53.
TANK_UPDATE = h("""01 eb 07 | 00 01 | 00 a4 97 01 | 00 e4 08 | 00 82 03 | 01""")

SQUARE_CREATION = h("""
01 9b 02 | 01 | 00 02 00 05 03 00 | 01
a4 ac 01 | b5 10 | f4 03 | 41 90 1b 42 | 08 | 04 | 00 | 00 00 80 3f | 00 00 20 41 | 01 | 01 | 01
01 00 | c0 07 | 00 00 00 00 | 53 71 75 61 72 65 00 | 01 00 | 00 00 20 41 | 00 00 80 3f | 00
9a 02 | 00 00 00 41 | 00""")

ARENA_UPDATE = h("""
01 00  00 01
12 41 f7 19 44
07 00 42 6f 62 00 00 41 6c 69 63 65 00 01
07 4e 7c 0d 46
09 00 9c 01 00 14 01
01""")


class Writer:
    """Bytes crafted by hand in diep.io's encodings (README section 1), for packets the
    tests write byte by byte (corrupt ones included) rather than from fields."""

    __slots__ = ("buf",)

    def __init__(self, header: int | None = None) -> None:
        self.buf = bytearray()
        if header is not None:
            self.buf.append(header)

    def u8(self, v: int) -> Writer:
        self.buf.append(v)
        return self

    def vu(self, v: int) -> Writer:
        self.buf += vu_bytes(v & 0xFFFFFFFF)
        return self

    def vi(self, v: int) -> Writer:
        v = int(v)
        v = ((v + 0x80000000) & 0xFFFFFFFF) - 0x80000000  # ToInt32
        return self.vu(zigzag(v))

    def f32(self, v: float) -> Writer:
        self.buf += struct.pack("<f", v)
        return self

    def fixed(self, v: float) -> Writer:
        return self.vi(math.trunc(v * FIXED_SCALE))

    def string(self, s: str) -> Writer:
        self.buf += s.encode("utf-8") + b"\x00"
        return self

    def entid(self, ref: dict[str, int] | None) -> Writer:
        if ref is None:
            return self.u8(0)
        return self.vu(ref["hash"]).vu(ref["id"])

    def value(self, wire_type: str, v: Any) -> Writer:
        return _WRITE[wire_type](self, v)

    def jump(self, index: int, prev: int) -> Writer:
        return self.vu((index - prev) ^ 1)

    def bytes(self) -> bytes:
        return bytes(self.buf)


_WRITE: dict[str, Callable[[Writer, Any], Writer]] = {
    "vu": Writer.vu, "vi": Writer.vi, "float": Writer.f32, "float64Precision": Writer.fixed,
    "stringNT": Writer.string, "entid": Writer.entid}
