"""The Arrow schema of every table wirestruct writes, in one place.

Every table starts with ``capture`` (the capture's id: its file name, see
:func:`wirestruct.tables.capture_id`); ``docs/tables.md`` documents each column. Columns
that only some rows have are nullable. Names and types here are the contract of the
Parquet datasets ``wirestruct batch`` writes; :data:`SCHEMA_VERSION` changes with them.
"""
from __future__ import annotations

import pyarrow as pa

#: Bumped whenever a table's columns change (it is part of a capture's manifest).
SCHEMA_VERSION = 1

#: A capture's rows all hold the same id: dictionary-encoded, the type pyarrow and pandas
#: give a hive partition column, so reading ``DATASET/table=NAME`` merges the two.
_CAPTURE = pa.field("capture", pa.dictionary(pa.int32(), pa.string()), nullable=False)
_STR = pa.string()
_I64 = pa.int64()
_I32 = pa.int32()
_F64 = pa.float64()


def _schema(*fields: pa.Field) -> pa.Schema:
    return pa.schema([_CAPTURE, *fields])


#: One row per packet event and per error event (decode, capture and state errors).
PACKETS = _schema(
    pa.field("index", _I64), pa.field("record", _I64), pa.field("t", _F64),
    pa.field("direction", _STR), pa.field("stream", _I32), pa.field("packet_id", _I32),
    pa.field("name", _STR), pa.field("parent", _I64), pa.field("wire_size", _I64),
    pa.field("decompressed_size", _I64), pa.field("error_kind", _STR),
    pa.field("error_message", _STR), pa.field("error_offset", _I64),
    pa.field("dropped", _I64), pa.field("dropped_unit", _STR),
)

#: One row per capture: what it is and the tracked state after its last packet.
CAPTURES = _schema(
    pa.field("protocol", _STR), pa.field("source", _STR), pa.field("sha256", _STR),
    pa.field("packets", _I64), pa.field("errors", _I64), pa.field("final_tick", _I64),
    pa.field("final_objects", _I64), pa.field("map_size_x", _I64),
    pa.field("map_size_y", _I64), pa.field("map_size_z", _I64),
    pa.field("map_sha256", _STR), pa.field("error_kind", _STR),
    pa.field("error_message", _STR),
)

#: Scrap Mechanic: one row per sub-update of a 21/22 Network Update.
SM_SUB_UPDATES = _schema(
    pa.field("packet_index", _I64), pa.field("t", _F64), pa.field("tick", _I64),
    pa.field("sub_index", _I32), pa.field("netobj_id", _I64), pa.field("netobj_type", _STR),
    pa.field("controller_type", _STR), pa.field("update_type", _STR),
    pa.field("encoding", _STR), pa.field("size", _I32),
)

#: Scrap Mechanic: one row per rigid body / character transform of a 24 Unreliable Update.
SM_TRANSFORMS = _schema(
    pa.field("packet_index", _I64), pa.field("t", _F64), pa.field("tick", _I64),
    pa.field("netobj_id", _I64), pa.field("netobj_type", _STR),
    pa.field("pos_x", _F64), pa.field("pos_y", _F64), pa.field("pos_z", _F64),
    pa.field("rot_x", _F64), pa.field("rot_y", _F64), pa.field("rot_z", _F64),
    pa.field("rot_w", _F64),
)

#: MME: one row per MOVE_PLAYER (both directions).
MME_MOVES = _schema(
    pa.field("packet_index", _I64), pa.field("t", _F64), pa.field("direction", _STR),
    pa.field("player_id", _I32), pa.field("is_self", pa.bool_()),
    pa.field("x", _F64), pa.field("y", _F64), pa.field("z", _F64),
    pa.field("u", _F64), pa.field("v", _F64),
)

#: MME: one row per map change (setup, free, fill, modify, region data, stream data).
MME_MAP_CHANGES = _schema(
    pa.field("packet_index", _I64), pa.field("t", _F64), pa.field("kind", _STR),
    pa.field("lower_x", _I64), pa.field("lower_y", _I64), pa.field("lower_z", _I64),
    pa.field("upper_x", _I64), pa.field("upper_y", _I64), pa.field("upper_z", _I64),
    pa.field("offset", _I64), pa.field("blocks", _I64), pa.field("block_type", _I32),
)

#: MME: one row per CHAT_MESSAGE (both directions).
MME_CHAT = _schema(
    pa.field("packet_index", _I64), pa.field("t", _F64), pa.field("direction", _STR),
    pa.field("player_id", _I32), pa.field("text", _STR),
)

#: diep.io: one row per field value set by a creation or update (one per array element),
#: and one per deletion. The value goes to the column of its kind (see docs/tables.md).
DIEP_ENTITY_FIELDS = _schema(
    pa.field("packet_index", _I64), pa.field("t", _F64), pa.field("tick", _I64),
    pa.field("entity_id", _I64), pa.field("hash", _I64), pa.field("change", _STR),
    pa.field("field", _STR), pa.field("element", _I32), pa.field("wire_type", _STR),
    pa.field("value_int", _I64), pa.field("value_float", _F64),
    pa.field("value_str", _STR), pa.field("value_entity_hash", _I64),
)

#: Protocol -> its tables (name -> schema); ``packets`` and ``captures`` are in every one.
TABLES: dict[str, dict[str, pa.Schema]] = {
    "scrap-mechanic": {"packets": PACKETS, "captures": CAPTURES,
                       "sm_sub_updates": SM_SUB_UPDATES, "sm_transforms": SM_TRANSFORMS},
    "mme": {"packets": PACKETS, "captures": CAPTURES, "mme_moves": MME_MOVES,
            "mme_map_changes": MME_MAP_CHANGES, "mme_chat": MME_CHAT},
    "diep": {"packets": PACKETS, "captures": CAPTURES,
             "diep_entity_fields": DIEP_ENTITY_FIELDS},
}


def tables_of(protocol: str) -> dict[str, pa.Schema]:
    try:
        return TABLES[protocol]
    except KeyError:
        raise ValueError(f"no tables for protocol {protocol!r}; known: "
                         + ", ".join(TABLES)) from None
