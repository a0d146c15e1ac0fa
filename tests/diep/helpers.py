"""Shared helpers of the diep.io tests: parse bytes with a generated class and check that
every byte was consumed."""
from io import BytesIO

from kaitaistruct import KaitaiStream

from wirestruct.diep import load_build
from wirestruct.generated.diep.diep_serverbound import DiepServerbound
from wirestruct.generated.diep.diep_types import DiepTypes

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
