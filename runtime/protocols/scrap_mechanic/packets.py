"""The Scrap Mechanic packet table: ids, names, which bodies are LZ4 blocks, the spec of
each body and the direction each page gives ("Bound To").

The table is the one of ``sm_common::packet_id`` (whose docs say the same for every id;
``tests/scrap_mechanic/test_sm_packets.py`` holds the two equal).
"""
from __future__ import annotations

from dataclasses import dataclass

from wirestruct.generated.scrap_mechanic.sm_common import SmCommon

PacketId = SmCommon.PacketId

INITIALIZATION_NETWORK_UPDATE = PacketId.initialization_network_update  # 21
NETWORK_UPDATE = PacketId.network_update                                # 22
UNRELIABLE_UPDATE = PacketId.unreliable_update                          # 24
COMPOUND_PACKET = PacketId.compound_packet                              # 29
PLAYER_MOVEMENT = PacketId.player_movement                              # 30

C2S, S2C, BOTH = "c2s", "s2c", "both"


@dataclass(frozen=True)
class PacketInfo:
    """One documented packet: ``compressed`` is the page's "LZ4 Compressed" (sent on its
    own, the body is one raw LZ4 block with no size prefix; inside a 29 Compound it is not
    compressed); ``spec`` opens the (expanded) body; ``bound_to`` is the page's
    direction (the decoder reads either direction the same way)."""

    packet_id: int
    compressed: bool
    spec: str
    bound_to: str

    @property
    def name(self) -> str:
        return PacketId(self.packet_id).name


def _table(*rows: tuple[int, bool, str, str]) -> dict[int, PacketInfo]:
    return {row[0]: PacketInfo(*row) for row in rows}


#: Every documented packet by id.
PACKETS: dict[int, PacketInfo] = _table(
    (0x01, False, "sm_hello", BOTH),
    (0x02, True, "sm_server_info", S2C),
    (0x03, False, "sm_request_passphrase", S2C),
    (0x04, False, "sm_respond_passphrase", C2S),
    (0x05, False, "sm_client_accepted", S2C),
    (0x06, True, "sm_file_checksums", C2S),
    (0x07, False, "sm_checksums_accepted", S2C),
    # The page says Client -> Server, though it answers 06 as 07 does (see the report of
    # ambiguities in the README); the layout is the same either way.
    (0x08, True, "sm_checksums_denied", C2S),
    (0x09, True, "sm_character_info", C2S),
    (0x0A, False, "sm_join_confirmation", S2C),
    (0x0B, True, "sm_script_initialization_data", S2C),
    (0x0D, True, "sm_generic_initialization_data", S2C),
    (0x12, True, "sm_display_message", S2C),
    (0x13, True, "sm_display_alert_text", S2C),
    (0x15, True, "sm_network_update_body", S2C),
    (0x16, True, "sm_network_update_body", S2C),
    (0x18, True, "sm_unreliable_update", S2C),
    (0x19, True, "sm_script_data_s2c", S2C),
    (0x1A, True, "sm_script_data_c2s", C2S),
    (0x1B, True, "sm_generic_data_s2c", S2C),
    (0x1C, True, "sm_generic_data_c2s", C2S),
    (0x1D, True, "sm_compound_body", S2C),
    (0x1E, True, "sm_player_movement", C2S),
    (0x1F, True, "sm_hotbar_item_changed", C2S),
    (0x20, True, "sm_container_transaction", C2S),
    (0x21, True, "sm_drop_item_stack", C2S),
    (0x22, True, "sm_place", C2S),
    (0x23, True, "sm_remove", C2S),
    (0x27, True, "sm_remove_joint", C2S),
    (0x28, False, "sm_harvestable_destroy", C2S),
    (0x2B, True, "sm_lift_delete_creation", C2S),
    (0x2C, True, "sm_connect", C2S),
    (0x2D, True, "sm_lift_import_creation", C2S),
    (0x32, False, "sm_interact", C2S),
    (0x33, False, "sm_legacy", C2S),
    (0x34, True, "sm_lift_level", C2S),
)

#: Packets documented "LZ4 Compressed: Yes": sent alone, their body is one raw LZ4 block
#: without a size prefix. Inside a 29 Compound Packet they are not compressed.
COMPRESSED = frozenset(pid for pid, info in PACKETS.items() if info.compressed)

#: Packets whose body is a sequence of NetworkUpdate sub-updates.
NETWORK_UPDATES = frozenset({int(INITIALIZATION_NETWORK_UPDATE), int(NETWORK_UPDATE)})

#: Packets whose body carries BlobData entries (script and generic data).
BLOB_PACKETS = frozenset({0x0B, 0x0D, 0x19, 0x1A, 0x1B, 0x1C})

#: Packets the client sends while playing that act on the world (player actions).
PLAYER_ACTIONS = frozenset({0x1F, 0x20, 0x21, 0x22, 0x23, 0x27, 0x28, 0x2B, 0x2C, 0x2D,
                            0x32, 0x33, 0x34})

_NAMES = {int(p): p.name for p in PacketId}


def packet_name(packet_id: int) -> str:
    """The documented name (snake_case), or ``unknown_<id>`` (the id in decimal, as every
    protocol names packets it does not know) for undocumented ids."""
    name = _NAMES.get(packet_id)
    return name if name is not None else f"unknown_{packet_id}"
