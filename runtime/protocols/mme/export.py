"""Web IDE export of mme packets: files that open with the specs of ``ksy/mme/``.

* every packet - the whole framed packet (header included), opened by ``mme_packet``;
* MAP_DATA and BUFFER_IS_MAP_DATA - the region's 12 bytes followed by the inflated block
  data, opened by ``mme_map_region`` (zlib is not run by the Web IDE, so the runtime's
  inflated data is what makes the blocks browsable).
"""
from __future__ import annotations

import struct

from wirestruct.core.events import PacketEvent
from wirestruct.plugin.protocol import ExportItem
from wirestruct.protocols.mme.expansions import RegionBlocks


def export_items(event: PacketEvent) -> list[ExportItem]:
    items = [ExportItem("packet", event.raw, "mme_packet", note=event.name)]
    blocks = event.expansions.get("blocks") if event.expansions else None
    if isinstance(blocks, RegionBlocks):
        items.append(ExportItem("region", struct.pack("<6h", *blocks.region) + blocks.data,
                                "mme_map_region", note="region corners + inflated blocks"))
    return items
