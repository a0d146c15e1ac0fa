"""The Scrap Mechanic packet table: ids, names, which bodies are LZ4 blocks."""
from __future__ import annotations

from wirestruct.generated.scrap_mechanic.sm_common import SmCommon

PacketId = SmCommon.PacketId

INITIALIZATION_NETWORK_UPDATE = PacketId.initialization_network_update  # 21
NETWORK_UPDATE = PacketId.network_update                                # 22
UNRELIABLE_UPDATE = PacketId.unreliable_update                          # 24
COMPOUND_PACKET = PacketId.compound_packet                              # 29
PLAYER_MOVEMENT = PacketId.player_movement                              # 30

#: Packets documented "LZ4 Compressed: Yes": sent alone, their body is one raw LZ4 block
#: without a size prefix. Inside a 29 Compound Packet they are not compressed.
COMPRESSED = frozenset(int(p) for p in PacketId)

#: Packets whose body is a sequence of NetworkUpdate sub-updates.
NETWORK_UPDATES = frozenset({int(INITIALIZATION_NETWORK_UPDATE), int(NETWORK_UPDATE)})


_NAMES = {int(p): p.name for p in PacketId}


def packet_name(packet_id: int) -> str:
    """The documented name (snake_case), or ``unknown_<id>`` (the id in decimal, as every
    protocol names packets it does not know) for undocumented ids."""
    name = _NAMES.get(packet_id)
    return name if name is not None else f"unknown_{packet_id}"
