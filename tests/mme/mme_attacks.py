"""Hostile Multiplayer Map Editor streams, shared by the attack tests and
``benchmarks/bench_mme_attacks.py``. Each builder returns the server-to-client byte
stream; ``LEGIT`` sets up the map the attacks try to damage (a 64 x 64 x 32 map with
known blocks, and players and textures), so a test can check that it survives."""
from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from functools import cache

MIB = 1 << 20
EMPTY_ZLIB = zlib.compress(b"")               # 8 bytes
DIMS = (64, 64, 32)
LEGIT_BLOCKS = bytes((i * 7) % 250 + 1 for i in range(DIMS[0] * DIMS[1] * DIMS[2]))
SMALL_BLOCKS = bytes(range(1, 9))             # a 2 x 2 x 2 region


def frame(packet_type: int, payload: bytes = b"") -> bytes:
    if len(payload) > 0xFFFF:
        raise ValueError("payload too long for one packet")
    return struct.pack("<HH", packet_type, len(payload)) + payload


def region(lower, upper) -> bytes:
    return struct.pack("<6h", *lower, *upper)


def appends(data: bytes, piece: int = 0xFFFF) -> bytes:
    """BUFFER_RESET, then ``data`` in BUFFER_APPENDs of ``piece`` bytes."""
    return frame(20) + b"".join(frame(21, data[i:i + piece])
                                for i in range(0, len(data), piece))


IDLE = frame(4)
CHAT = frame(8, b"\x00still here")
#: Map setup, a whole-map load through the append buffer, a player and a texture.
LEGIT = (frame(14, struct.pack("<4H", *DIMS, 16))
         + appends(zlib.compress(LEGIT_BLOCKS))
         + frame(22, region((0, 0, 0), (DIMS[0] - 1, DIMS[1] - 1, DIMS[2] - 1)))
         + frame(9, b"\x05\x07Alice") + frame(27, b"\x03\x00" + bytes(range(20))))


def empty_streams(size: int = 16 * MIB) -> bytes:
    """An append buffer of ``size`` bytes: empty zlib streams, then the region's data;
    BUFFER_IS_MAP_DATA inflates it into a 2 x 2 x 2 region (legitimate, if absurd)."""
    tail = zlib.compress(SMALL_BLOCKS)
    data = EMPTY_ZLIB * ((size - len(tail)) // len(EMPTY_ZLIB)) + tail
    return appends(data) + frame(22, region((0, 0, 0), (1, 1, 1))) + IDLE


@cache
def _bomb(size: int, wbits: int = 15) -> bytes:
    """``size`` bytes of 0x01, deflated (about 1000:1) in a zlib (15) or gzip (31) wrapper."""
    raw = zlib.compressobj(9, zlib.DEFLATED, wbits)
    return raw.compress(b"\x01" * size) + raw.flush()


def map_data_bomb(gzip_wrapped: bool = False) -> bytes:
    """MAP_DATA for a 32^3 region whose data inflates to 48 MiB."""
    data = _bomb(48 * MIB, 31 if gzip_wrapped else 15)
    return frame(17, region((0, 0, 0), (31, 31, 31)) + data) + IDLE


def total_data_bomb() -> bytes:
    """MAP_TOTAL_DATA whose one packet inflates to 48 MiB, past the 128 KiB map."""
    return frame(18) + frame(19, _bomb(48 * MIB)) + IDLE


def huge_map_setup() -> bytes:
    """MAP_SETUP of 65504^3 blocks (2.8e14), then one of zero volume."""
    return (frame(14, struct.pack("<4H", 0xFFE0, 0xFFE0, 0xFFE0, 0)) + IDLE
            + frame(14, struct.pack("<4H", 0, 64, 32, 0)) + IDLE)


def append_overflow(size: int = 32 * MIB) -> bytes:
    """``size`` bytes of BUFFER_APPEND (past max_append_buffer), then a use of it."""
    data = bytes(0xFFFF)
    count = size // len(data)
    return (frame(20) + frame(21, data) * count
            + frame(22, region((0, 0, 0), (1, 1, 1))) + IDLE)


def lying_lengths() -> bytes:
    """Packets whose sizes the document does not allow, a region whose data is short, and
    a header announcing a payload the stream never delivers."""
    return (frame(24, b"\x01" * 12)                                   # MOVE_PLAYER < 20
            + frame(17, region((0, 0, 0), (1, 1, 1)) + zlib.compress(b"\x01" * 7))
            + frame(22, region((0, 0, 0), (0, 0, 0)))                   # buffer is empty
            + IDLE + struct.pack("<HH", 8, 0xFFFF) + b"\x00short")


def many_players(count: int = 255) -> bytes:
    return b"".join(frame(9, bytes([pid]) + b"\x07P%d" % pid) for pid in range(1, count + 1))


def many_textures(count: int = 2000) -> bytes:
    return b"".join(frame(27, struct.pack("<h", tid) + bytes(20)) for tid in range(1, count + 1))


ATTACKS: dict[str, Callable[[], bytes]] = {
    "empty_streams_16MiB": empty_streams,
    "map_data_zlib_bomb": map_data_bomb,
    "map_data_gzip_bomb": lambda: map_data_bomb(gzip_wrapped=True),
    "map_total_data_bomb": total_data_bomb,
    "huge_and_zero_map_setup": huge_map_setup,
    "append_buffer_overflow": append_overflow,
    "lying_lengths": lying_lengths,
    "many_players": many_players,
    "many_textures": many_textures,
}


def chat_color_flood(lines: int = 40) -> bytes:
    """Chat lines of one-character runs in alternating colors (21844 segments each, about
    12 MB of segment dicts if all were kept)."""
    text = b"\x1b\x02a\x1b\x05b" * 10922
    return b"".join(frame(8, b"\x00" + text) for _ in range(lines))


def menu_widget_flood(count: int = 300) -> bytes:
    """A menu, then MENU_TEXT widgets with index 0 (the client picks a slot) by the
    thousand, each text in alternating colors."""
    text = b"\x1b\x02a\x1b\x05b" * 1000
    return frame(32, b"\x03\x28\x0c") + b"".join(frame(33, b"\x00\x01\x01" + text)
                                                 for _ in range(count))


def packet_type_flood() -> bytes:
    """AVAILABLE_PACKET_TYPES with every bit of a 64 KiB bitmap set (524,280 types)."""
    return frame(0, b"\xff" * 0xFFFF) + IDLE


ATTACKS.update({
    "chat_color_flood": chat_color_flood,
    "menu_widget_flood": menu_widget_flood,
    "packet_type_flood": packet_type_flood,
})
