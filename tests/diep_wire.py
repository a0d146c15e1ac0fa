"""diep.io bytes crafted by hand, for the tests and attack captures that write packets byte
by byte (corrupt ones included) rather than from fields through the encoder."""
from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

from wirestruct.protocols.diep.encoder import vu_bytes, zigzag
from wirestruct.protocols.diep.generate import FIXED_SCALE


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
