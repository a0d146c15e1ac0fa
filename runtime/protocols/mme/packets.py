"""The packet table of the Multiplayer Map Editor protocol: names and valid payload sizes.

The byte layouts live in ``ksy/mme/``; this table holds what the decoder checks before it
runs them: the document's list of valid payload sizes for each packet type. A payload of
at least the smallest valid size is parsed (sizes between two listed sizes count as the
smaller one, bytes beyond the largest are kept as ``ignored`` by the specs); a shorter one
is an error naming the packet and its sizes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from wirestruct.generated.mme.mme_types import MmeTypes

#: Largest payload the U2 size field can declare.
MAX_PAYLOAD = 0xFFFF


@dataclass(frozen=True, slots=True)
class PacketInfo:
    packet_type: int
    name: str                  #: the document's name without ``PACKET_``, e.g. MOVE_PLAYER
    minimum: int               #: smallest valid payload size
    sizes: str                 #: the valid sizes as the document (and wirestruct) gives them
    #: the valid sizes as inclusive ranges, parsed from ``sizes``
    ranges: tuple[tuple[int, int], ...] = field(default=(), compare=False)

    def allows(self, size: int) -> bool:
        """Whether ``size`` is one of the document's valid payload sizes (exactly: sizes
        between two listed ones, which the decoder accepts, are not)."""
        return any(low <= size <= high for low, high in self.ranges)


def size_ranges(sizes: str) -> tuple[tuple[int, int], ...]:
    """``"0, 1, 2-5 or 10-13"``, ``"53 minimum"``, ``"1 or 4+"``, ``"any size"`` -> ranges."""
    text = sizes.split(" (")[0]
    if text == "any size":
        return ((0, MAX_PAYLOAD),)
    if text.endswith(" minimum"):
        return ((int(text.split()[0]), MAX_PAYLOAD),)
    out = []
    for part in re.split(r", | or ", text):
        if part.endswith("+"):
            out.append((int(part[:-1]), MAX_PAYLOAD))
        elif "-" in part:
            low, high = part.split("-")
            out.append((int(low), int(high)))
        else:
            out.append((int(part), int(part)))
    return tuple(out)


def _table(*rows: tuple[int, str, int, str]) -> dict[int, PacketInfo]:
    return {row[0]: PacketInfo(*row, ranges=size_ranges(row[3])) for row in rows}


#: Packet type -> name and valid payload sizes. Where the document's size list and its
#: field list disagree, the sizes follow the fields and the prose (see each spec's doc).
PACKETS: dict[int, PacketInfo] = _table(
    (0, "AVAILABLE_PACKET_TYPES", 0, "any size"),
    (1, "SELECT_PACKET_TYPES", 0, "any size"),
    (2, "PING_REQUEST", 0, "any size"),
    (3, "PING_RESPONSE", 0, "any size"),
    (4, "IDLE_PING", 0, "0"),
    (5, "AUTHENTICATE", 0, "0, 24 or 52"),
    (6, "CONNECT", 53, "53 minimum"),
    (7, "DISCONNECT", 0, "any size"),
    (8, "CHAT_MESSAGE", 1, "1 minimum"),
    (9, "ANNOUNCE_PLAYER", 1, "1 minimum (1, 2, 3-26)"),
    (10, "DENOUNCE_PLAYER", 1, "1"),
    (11, "PLAYER_ABILITIES", 10, "10 or 26"),
    (12, "MAP_LOADING", 0, "any size"),
    (13, "RANDOM_GARBAGE", 0, "any size"),
    (14, "MAP_SETUP", 0, "0 or 8"),
    (15, "MAP_PROPERTIES", 8, "8"),
    (16, "MAP_FILL", 13, "13 or 14"),
    (17, "MAP_DATA", 12, "12 minimum"),
    (18, "MAP_TOTAL_RESET", 0, "0"),
    (19, "MAP_TOTAL_DATA", 0, "any size"),
    (20, "BUFFER_RESET", 0, "0"),
    (21, "BUFFER_APPEND", 0, "any size"),
    (22, "BUFFER_IS_MAP_DATA", 12, "12"),
    (23, "BUFFER_IS_FILE_DATA", 0, "0"),
    (24, "MOVE_PLAYER", 20, "20 or 21"),
    (25, "MAP_MODIFY", 7, "7 or 8"),
    (26, "FILE_REQUEST", 20, "20"),
    (27, "TEXTURE_SETUP", 2, "2, 22 or 38"),
    (28, "GROUP_SETUP", 1, "1 minimum"),
    (29, "BLOCK_SETUP", 17, "17 minimum"),
    (30, "MENU_REQUEST", 2, "2"),
    (31, "MENU_RESPONSE", 1, "1 or 4+"),
    (32, "MENU_RESET", 0, "0, 3 or 4"),
    (33, "MENU_TEXT", 3, "3+"),
    (34, "MENU_LINK", 6, "6+"),
    (35, "MENU_CHECK", 6, "6+"),
    (36, "MENU_RADIO", 6, "6+"),
    (37, "MENU_INPUT", 8, "8+"),
    (38, "MENU_BUTTON", 7, "7+"),
    (39, "MENU_ERASE", 1, "1"),
    (40, "MENU_SALTED_PASSWORD", 7, "7, 27 or 47"),
    (41, "MENU_RESIZE", 3, "3"),
    (42, "SKY_BOX", 0, "0, 1, 2-5 or 10-13"),
    (43, "CLIENT_VERSION", 1, "1 minimum (5 for format 0)"),
    (44, "PORTAL_COOKIE", 0, "0 or 20"),
    (45, "PLAYER_SKIN", 0, "0, 1 or 3"),
    (46, "MENU_TEXTURE", 11, "11"),
    (47, "SERVER_NAME", 0, "any size"),
    (48, "PROJECTILE_CREATE", 21, "21"),
    (49, "PROJECTILE_COLLISION", 15, "15"),
)

#: The packet types, as the spec's enum names them: ``PacketType.move_player == 24``.
PacketType = MmeTypes.PacketType


def packet_name(packet_type: int) -> str:
    """The packet's name as events and snapshots give it: the spec's snake_case enum name
    (``move_player``), or ``unknown_<n>``."""
    info = PACKETS.get(packet_type)
    return info.name.lower() if info is not None else f"unknown_{packet_type}"


def type_set(bitmap: bytes) -> frozenset:
    """The packet types whose bits are set in an AVAILABLE/SELECT_PACKET_TYPES payload."""
    out: list[int] = []
    for byte_index, byte in enumerate(bitmap):
        if byte:
            base = byte_index * 8
            out.extend(base + bit for bit in range(8) if byte >> bit & 1)
    return frozenset(out)


def type_bitmap(types) -> bytes:
    """The bit vector for a set of packet types, without trailing zero bytes."""
    types = sorted(set(types))
    if not types:
        return b""
    out = bytearray(types[-1] // 8 + 1)
    for t in types:
        out[t // 8] |= 1 << (t % 8)
    return bytes(out)
