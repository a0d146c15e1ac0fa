"""The Arrow schema of every table wirestruct writes, in one place.

Every table starts with ``capture`` (the capture's id: the file name, see
:func:`wirestruct.tables.capture_id`, or what the caller gives; in a dataset of
``wirestruct batch``, the SHA-256 of the capture's bytes); ``docs/tables.md`` documents
each column. Columns that only some rows have are nullable. Names and types here are the
contract of the datasets ``wirestruct batch`` writes (which store them as Delta tables,
see :mod:`wirestruct.dataset`); :data:`SCHEMA_VERSION` changes with them.
"""
from __future__ import annotations

import pyarrow as pa

#: Bumped whenever a table's columns change (it is part of a captures row's options).
SCHEMA_VERSION = 2

#: A capture's rows all hold the same id: dictionary-encoded, the type pyarrow and pandas
#: give a hive partition column, so reading ``DATASET/NAME`` merges the two.
_CAPTURE = pa.field("capture", pa.dictionary(pa.int32(), pa.string()), nullable=False)
STR = pa.string()
I64 = pa.int64()
I32 = pa.int32()
F64 = pa.float64()
#: Capture times: whole nanoseconds since 1970, UTC (see :func:`wirestruct.tables.rows.time_ns`).
TIME = pa.timestamp("ns", tz="UTC")


def schema(*fields: pa.Field) -> pa.Schema:
    """A table's schema: ``capture`` first, then ``fields``."""
    return pa.schema([_CAPTURE, *fields])


#: One row per packet event and per error event (decode, capture and state errors).
PACKETS = schema(
    pa.field("index", I64), pa.field("record", I64), pa.field("t", TIME),
    pa.field("dir", STR), pa.field("stream", I32), pa.field("packet_id", I32),
    pa.field("name", STR), pa.field("parent", I64), pa.field("wire_size", I64),
    pa.field("decompressed_size", I64), pa.field("error_kind", STR),
    pa.field("error_message", STR), pa.field("error_offset", I64),
    pa.field("dropped", I64), pa.field("dropped_unit", STR),
)

#: One row per capture: what it is and the tracked state after its last packet.
CAPTURES = schema(
    pa.field("protocol", STR), pa.field("source", STR), pa.field("sha256", STR),
    pa.field("packets", I64), pa.field("errors", I64), pa.field("final_tick", I64),
    pa.field("final_objects", I64), pa.field("map_size_x", I64),
    pa.field("map_size_y", I64), pa.field("map_size_z", I64),
    pa.field("map_sha256", STR), pa.field("error_kind", STR),
    pa.field("error_message", STR),
)

#: The tables every protocol has.
COMMON = {"packets": PACKETS, "captures": CAPTURES}
