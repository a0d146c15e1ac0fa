"""Web IDE export: the files that open a diep.io packet in the Kaitai Web IDE."""
from __future__ import annotations

from wirestruct.core.events import PacketEvent
from wirestruct.plugin.protocol import ExportItem


def export_items(event: PacketEvent) -> list[ExportItem]:
    """The packet itself, and for 0x02 the decompressed inner packet, each with the spec
    (meta.id) that parses it without parameters."""
    spec = type(event.packet).__module__.rsplit(".", 1)[-1]
    items = [ExportItem("packet", bytes(event.raw), spec)]
    inner = event.expansions.get("decompressed")
    if inner is not None:
        items.append(ExportItem("decompressed", bytes(inner), spec,
                                note="the 0x02 packet's LZ4 block, decompressed"))
    return items
