"""Web IDE export: the files that open one decoded packet in the Kaitai Web IDE.

Every packet gives its raw bytes (``sm_packet``: id and body, the body still compressed;
the bodies of packets sent uncompressed open from it, routed by packet id). Documented
compressed packets also give their expanded body, which opens without parameters with
the spec of its packet id (:data:`.packets.PACKETS`): 21/22 with every delta
reconstructed and rewritten as a RawUpdate (``sm_network_update_body``), the others as
they expanded (a sub-packet of a 29 as it is, not compressed). The expansions nested in a
body give their own files: each BlobData payload with the spec that named it
(``sm_lua_object``, ``sm_blob_world_info``, ``sm_blob_gameplay_options``,
``sm_blob_player_data``, ``sm_blob_chat_message``) and each Lua object key
(``sm_lua_object``). 45's ``blueprint.json`` is JSON text, which no spec describes; it is
not exported.
"""
from __future__ import annotations

from wirestruct.core.events import PacketEvent
from wirestruct.core.lz4block import LZ4_MAX_RATIO, decompress_block
from wirestruct.plugin.protocol import ExportItem
from wirestruct.protocols.scrap_mechanic import packets


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
    info = packets.PACKETS.get(event.packet_id)
    if event.packet_id in packets.NETWORK_UPDATES and "sub_updates" in expansions:
        subs = expansions["sub_updates"]
        items.append(ExportItem(
            "body", expanded_network_update_body(expansions["tick"], subs),
            "sm_network_update_body",
            f"decompressed body, {len(subs)} sub-updates, deltas expanded"))
    elif info is not None and info.compressed and "body" in expansions:
        items.append(ExportItem("body", _body_bytes(event), info.spec, "decompressed body"))
    for blob in expansions.get("blobs") or ():
        if blob.key is not None:
            items.append(ExportItem(f"blob{blob.index}_key", bytes(blob.key._io._io.getvalue()),
                                    "sm_lua_object", f"BlobData {blob.index}: its key"))
        spec = blob.spec
        if spec is not None and blob.data is not None:
            items.append(ExportItem(f"blob{blob.index}_payload", blob.data, spec,
                                    f"BlobData {blob.index} ({blob.uid.name}): its payload, "
                                    "decompressed"))
    return items


def _body_bytes(event: PacketEvent) -> bytes:
    """The packet's body as its body spec reads it: sub-packets of a 29 are not
    compressed; packets sent alone are decompressed again (they decompressed before, so
    the natural LZ4 bound is the cap)."""
    body = bytes(event.raw[1:])
    if event.parent is not None:
        return body
    return decompress_block(body, cap=LZ4_MAX_RATIO * len(body) + 16)
