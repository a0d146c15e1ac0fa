"""diep.io rows: entity field values from 0x00 updates, one row per value set. Everything
this protocol's tables read from events is here.

A value goes to the column of its kind: ``vu``/``vi`` -> ``value_int``; ``float`` and
``float64Precision`` -> ``value_float``; ``stringNT`` -> ``value_str``; ``entid`` ->
``value_int`` (the id) and ``value_entity_hash`` (both null for "no entity"). The field's
wire type is in ``wire_type``."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pyarrow as pa
from wirestruct.core.events import PacketEvent
from wirestruct.core.records import Direction
from wirestruct.plugin.protocol import Tables
from wirestruct.protocols.diep.builds import Build, Field, load_build
from wirestruct.protocols.diep.field_values import (
    creation_mask,
    creation_reader,
    reader_of,
    update_body,
    update_value_reader,
)
from wirestruct.tables.rows import Row, time_ns
from wirestruct.tables.schemas import F64, I32, I64, STR, TIME, schema

UPDATE = 0x00
CREATION = 1
_NO_VALUE = (None, None, None, None)


def _columns(value: Any) -> tuple:
    """(value_int, value_float, value_str, value_entity_hash) of one value."""
    if value is None:
        return _NO_VALUE
    if isinstance(value, bool):
        return (int(value), None, None, None)
    if isinstance(value, int):
        return (value, None, None, None)
    if isinstance(value, float):
        return (None, value, None, None)
    if isinstance(value, str):
        return (None, None, value, None)
    if isinstance(value, dict):  # an entity reference
        return (value["id"], None, None, value["hash"])
    return (None, None, str(value), None)


#: diep.io: one row per field value set by a creation or update (one per array element),
#: and one per deletion. The value goes to the column of its kind (see docs/tables.md).
DIEP_ENTITY_FIELDS = schema(
    pa.field("packet_index", I64), pa.field("t", TIME), pa.field("tick", I64),
    pa.field("entity_id", I64), pa.field("hash", I64), pa.field("change", STR),
    pa.field("field", STR), pa.field("element", I32), pa.field("wire_type", STR),
    pa.field("value_int", I64), pa.field("value_float", F64),
    pa.field("value_str", STR), pa.field("value_entity_hash", I64),
)

class Rows:
    """Makes the rows of one diep.io capture's events (for one build's field table)."""

    def __init__(self, *, diep_build: Any = None, **_options: Any) -> None:
        self.build: Build = load_build(diep_build)
        self._creation = {f.key: creation_reader(f) for f in self.build.fields}
        self._update = {f.update_index: (f, update_value_reader(f)) for f in self.build.fields}
        self._creation_kind = self.build.packet_class.UpcreateKind(CREATION).name
        self._reader = reader_of(self.build)

    def __call__(self, event: PacketEvent) -> Iterator[Row]:
        if event.direction is not Direction.S2C or event.packet_id != UPDATE:
            return
        body = update_body(event, self._reader)
        head = (event.index, time_ns(event), body["tick"])
        for ref in body["deletions"]:
            yield "diep_entity_fields", head + (ref.get("id"), ref["hash"], "delete",
                                                None, None, None) + _NO_VALUE
        for upcreate in body["upcreates"]:
            ref = upcreate["entity"]
            entity = head + (ref.get("id"), ref["hash"])
            data = upcreate["body"]
            if upcreate["kind"] == self._creation_kind:
                for field in self.build.fields_of(creation_mask(self.build, data)):
                    value = self._creation[field.key](data[field.attr])
                    yield from _values(entity, "create", field, value, indexed=False)
            else:
                for entry in data["fields"]:
                    field, read = self._update[entry["index"]]
                    yield from _values(entity, "update", field, read(entry["value"]),
                                       indexed=True)

    @staticmethod
    def final(snapshot: dict[str, Any]) -> tuple[int | None, int]:
        """(tick, number of live entities) after the last packet."""
        return snapshot.get("tick"), len(snapshot.get("entities", ()))


def _values(entity: tuple, change: str, field: Field, value: Any, *,
            indexed: bool) -> Iterator[Row]:
    wire_type = field.update_type if change == "update" else field.type
    if field.length:
        items = value if indexed else enumerate(value)
        for element, item in items:
            yield "diep_entity_fields", entity + (change, field.key, element,
                                                  wire_type) + _columns(item)
    else:
        yield "diep_entity_fields", entity + (change, field.key, None,
                                              wire_type) + _columns(value)


TABLES = Tables(schemas={"diep_entity_fields": DIEP_ENTITY_FIELDS},
                rows=Rows)
