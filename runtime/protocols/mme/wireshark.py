"""Multiplayer Map Editor in Wireshark: what the specs do not say (the plug-in's
:class:`~wirestruct.plugin.protocol.Wireshark` part).

A stream over TCP, framed by the 4-byte header, claimed by heuristic at the start of a
connection; payloads shorter than their type allows are refused before the spec runs, with
the sizes of :mod:`.packets`; map transfers inflated as :mod:`.decoder` does (the runtime's
capped Lua inflater, the transfer state per direction of a connection). The piece is
``wireshark.lua`` beside this module.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from wirestruct.plugin.protocol import Wireshark

#: The packets of map transfers: their step in the Lua piece.
TRANSFERS = ("map_setup", "map_data", "map_total_reset", "map_total_data", "buffer_reset",
             "buffer_append", "buffer_is_map_data", "buffer_is_file_data")

#: The packets whose payload is a set of packet types (one bit a type; at most
#: max_items_per_packet of them, as :mod:`.decoder` has it).
TYPE_SETS = ("available_packet_types", "select_packet_types")


def data() -> dict[str, Any]:
    """The tables the Lua piece reads: smallest payload size and name of each type, and
    the packet types of map transfers and of packet type sets."""
    from wirestruct.protocols.mme.packets import PACKETS, PacketType

    return {"minimum": {t: info.minimum for t, info in PACKETS.items()},
            "names": {t: info.name.lower() for t, info in PACKETS.items()},
            "transfers": {int(PacketType.__members__[name]): name.lower() for name in TRANSFERS},
            "type_sets": {int(PacketType.__members__[name]): True for name in TYPE_SETS}}


WIRESHARK = Wireshark(
    proto="mme",
    title="Multiplayer Map Editor (wirestruct)",
    short="MME",
    root_spec="mme_packet",
    carrier="tcp",
    heuristics=("tcp",),
    header_size=4,
    whole=False,
    piece=Path(__file__).resolve().with_name("wireshark.lua"),
    data=data,
)
