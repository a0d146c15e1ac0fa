"""Scrap Mechanic in Wireshark: what the specs do not say (the plug-in's
:class:`~wirestruct.plugin.protocol.Wireshark` part).

Packets reach the dissector as exported PDUs (``wirestruct convert --to pcapng`` writes a
capture's records so, one frame a packet, with the direction and the connection's
endpoints). ``sm_packet`` parses a packet and routes the bodies sent uncompressed; the
piece (``wireshark.lua`` beside this module) does what :mod:`.decoder` does with the others:
the LZ4 body decompressed with the Lua LZ4 (capped), into a tab of its own, and parsed with
the body spec its packet id names (the ``sm_common::packet_id`` docs); 21/22 sub-updates
framed, deltas rebuilt from the previous sub-update of the same direction of the
connection and controller types taken from the NetObj's Create (:mod:`.delta`); 29's
sub-packets dissected as packets of their own; every item counted against
``max_items_per_packet``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from wirestruct.core.resources import ksy_root
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.generated.scrap_mechanic.sm_compound_body import SmCompoundBody
from wirestruct.generated.scrap_mechanic.sm_lua_object import SmLuaObject
from wirestruct.generated.scrap_mechanic.sm_network_update import SmNetworkUpdate
from wirestruct.generated.scrap_mechanic.sm_player_movement import SmPlayerMovement
from wirestruct.generated.scrap_mechanic.sm_unreliable_update import SmUnreliableUpdate
from wirestruct.plugin.protocol import Wireshark
from wirestruct.protocols.scrap_mechanic import counts, lua_scan, packets
from wirestruct.protocols.scrap_mechanic.decoder import CONTROLLER_TYPE_ENUMS
from wirestruct.protocols.scrap_mechanic.delta import MAX_DELTA_SIZE, MAX_RAW_SIZE
from wirestruct.protocols.scrap_mechanic.expand import PAYLOAD_SPECS
from wirestruct.protocols.scrap_mechanic.presentation import BE_UUID_FIELDS

_SPEC = re.compile(r"`(sm_\w+)`")


def _spec_of(cls: type) -> str:
    return cls.__module__.rsplit(".", 1)[1]


def compressed_bodies(ksy: Path | None = None) -> dict[int, str]:
    """Packet id -> the spec of its decompressed body, for every packet the
    ``sm_common::packet_id`` docs call LZ4 compressed (the spec the doc names in
    backquotes; for the packets :mod:`.decoder` handles itself, the spec it parses them
    with: 21/22 are framed into sub-updates, ``sm_network_update`` each). Ids without a
    body spec are left out (their body stays bytes)."""
    path = (ksy or ksy_root()) / "scrap_mechanic" / "sm_common.ksy"
    with open(path, encoding="utf-8") as f:
        enum = yaml.safe_load(f)["enums"]["packet_id"]
    own = {int(packets.UNRELIABLE_UPDATE): _spec_of(SmUnreliableUpdate),
           int(packets.COMPOUND_PACKET): _spec_of(SmCompoundBody),
           int(packets.PLAYER_MOVEMENT): _spec_of(SmPlayerMovement),
           **{i: _spec_of(SmNetworkUpdate) for i in packets.NETWORK_UPDATES}}
    out = {}
    for key, entry in enum.items():
        doc = " ".join(str(entry.get("doc", "") if isinstance(entry, dict) else "").split())
        doc = doc.lower()
        if "lz4 compressed" not in doc or "not compressed" in doc:
            continue
        found = _SPEC.search(doc)
        spec = own.get(int(key)) or (found.group(1) if found else None)
        if spec is not None:
            out[int(key)] = spec
    return out


def data() -> dict[str, Any]:
    """The tables the Lua piece reads."""
    update_type = SmNetworkUpdate.UpdateType
    return {
        "compressed": compressed_bodies(),
        "network_updates": {i: True for i in packets.NETWORK_UPDATES},
        "unreliable_update": int(packets.UNRELIABLE_UPDATE),
        "compound_packet": int(packets.COMPOUND_PACKET),
        "update_spec": _spec_of(SmNetworkUpdate),
        "create": int(update_type.create), "update": int(update_type.update),
        "remove": int(update_type.remove),
        "container": int(SmCommon.NetobjType.container),
        "controller_netobj_types": {t: True for t in CONTROLLER_TYPE_ENUMS},
        "max_delta_size": MAX_DELTA_SIZE, "max_raw_size": MAX_RAW_SIZE,
        "names": {int(member): member.name for member in SmCommon.PacketId},
        "be_uuid_fields": {name: True for name in sorted(BE_UUID_FIELDS)},
        # the spec of each documented BlobData payload (by known_uid), for the summary
        "blob_specs": {uid.name: _spec_of(cls) for uid, cls in PAYLOAD_SPECS.items()},
        "lua_object_spec": _spec_of(SmLuaObject),
        "counts": counted_lists(),
        "lua_scan": lua_scan_numbers(),
        "lift_import_creation": int(packets.PacketId.lift_import_creation),
    }


def lua_scan_numbers() -> dict[str, Any]:
    """What :mod:`.lua_scan` walks a Lua object with, for the Lua piece's walk (the same
    numbers, so that the dissector refuses exactly the objects the decoder refuses): the
    magic, the header's bits, the type bytes of strings, tables and userdata, the bits after
    the type byte of the values of a fixed size, and the bits of each documented
    userdata."""
    return {"magic": lua_scan.MAGIC.decode("ascii"), "header_bits": lua_scan.HEADER_BITS,
            "string": lua_scan.STRING, "table": lua_scan.TABLE,
            "userdata": lua_scan.USERDATA, "fixed_bits": dict(lua_scan.FIXED_BITS),
            "userdata_bits": dict(lua_scan.USERDATA_BITS)}


def counted_lists() -> dict[str, Any]:
    """What :mod:`.counts` walks before a body is parsed, for the Lua piece's walk (the
    same numbers, so that the dissector refuses exactly the bodies the decoder refuses):
    the packet ids of 02, 06 and 32, where the BlobData entries of each blob packet start, and
    the least bytes of one entry of each list."""
    return {"server_info": counts.SERVER_INFO, "file_checksums": counts.FILE_CHECKSUMS,
            "container_transaction": counts.CONTAINER_TRANSACTION,
            "transaction_min": counts.TRANSACTION_MIN,
            "blob_start": dict(counts.BLOB_START), "mod_size": counts.MOD_SIZE,
            "key_size": counts.KEY_SIZE, "checksum_size": counts.CHECKSUM_SIZE,
            "blob_min": counts.BLOB_MIN}


WIRESHARK = Wireshark(
    proto="scrap_mechanic",
    title="Scrap Mechanic (wirestruct)",
    short="Scrap Mechanic",
    root_spec="sm_packet",
    carrier="exported_pdu",
    piece=Path(__file__).resolve().with_name("wireshark.lua"),
    data=data,
    values={"sm_string:SmString": "text"},
)
