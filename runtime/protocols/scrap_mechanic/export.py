"""Web IDE export: the files that open one decoded packet in the Kaitai Web IDE.

Every packet gives its raw bytes (``sm_packet``: id and body, the body still compressed).
Documented packets also give their expanded body, which opens without parameters:
21/22 with every delta reconstructed and rewritten as a RawUpdate
(``sm_network_update_body``), 24 (``sm_unreliable_update``), 29 (``sm_compound_body``)
and 30 (``sm_player_movement``).
"""
from __future__ import annotations

from wirestruct.core.events import PacketEvent
from wirestruct.core.lz4block import LZ4_MAX_RATIO, decompress_block
from wirestruct.plugin.protocol import ExportItem
from wirestruct.protocols.scrap_mechanic import packets

_BODY_SPECS = {
    int(packets.UNRELIABLE_UPDATE): "sm_unreliable_update",
    int(packets.COMPOUND_PACKET): "sm_compound_body",
    int(packets.PLAYER_MOVEMENT): "sm_player_movement",
}


def expanded_network_update_body(tick: int, sub_updates) -> bytes:
    """A 21/22 body with every sub-update as a RawUpdate (size field + data)."""
    parts = [tick.to_bytes(4, "big")]
    for sub in sub_updates:
        parts.append((len(sub.data) + 2).to_bytes(2, "big"))
        parts.append(sub.data)
    return b"".join(parts)


def export_items(event: PacketEvent) -> list[ExportItem]:
    items = [ExportItem("packet", bytes(event.raw), "sm_packet",
                        f"{event.name}: packet id and body as sent")]
    expansions = event.expansions
    if event.packet_id in packets.NETWORK_UPDATES and "sub_updates" in expansions:
        subs = expansions["sub_updates"]
        items.append(ExportItem(
            "body", expanded_network_update_body(expansions["tick"], subs),
            "sm_network_update_body",
            f"decompressed body, {len(subs)} sub-updates, deltas expanded"))
    elif event.packet_id in _BODY_SPECS and "body" in expansions:
        items.append(ExportItem("body", _body_bytes(event),
                                _BODY_SPECS[event.packet_id], "decompressed body"))
    return items


def _body_bytes(event: PacketEvent) -> bytes:
    """The packet's body as its body spec reads it: sub-packets of a 29 are not
    compressed; packets sent alone are decompressed again (they decompressed before, so
    the natural LZ4 bound is the cap)."""
    body = bytes(event.raw[1:])
    if event.parent is not None:
        return body
    return decompress_block(body, cap=LZ4_MAX_RATIO * len(body) + 16)
