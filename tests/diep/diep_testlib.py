"""Shared code of the diep.io tests: parse bytes with a generated class and check that
every byte was consumed; the worked examples of the bundled build's README (section 4);
bytes crafted by hand (``Writer``, from ``tests/diep_wire.py``)."""
from __future__ import annotations

from io import BytesIO

from diep_wire import Writer  # noqa: F401 (re-exported for the tests)
from kaitaistruct import KaitaiStream
from wirestruct.generated.diep.diep_serverbound import DiepServerbound
from wirestruct.generated.diep.diep_types import DiepTypes  # noqa: F401 (used by the tests)
from wirestruct.protocols.diep import load_build

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
