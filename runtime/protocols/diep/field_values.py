"""Plain values of the 0x00 fields, for the tracker and the tables.

Values keep their wire types: ``vu``/``vi`` are ints, ``float`` is the float32 as a Python
float, ``float64Precision`` the fixed-point value (a float, steps of 1/64), ``stringNT`` a
str, and an ``entid`` is ``{"hash": h, "id": i}`` or ``None`` for "no entity". Array fields
are lists of those; an array field's update is a list of ``(element index, value)``.

They are read from the update's readable fields (:func:`update_body`): the form the
decoder's update reader gives without parsing the packet, and the one readable output
shows. Each field gets its reader once (:func:`creation_reader`,
:func:`update_value_reader`), so the tracker does no per-value dispatch on types.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wirestruct.core.events import decoded_fields
from wirestruct.protocols.diep.builds import Build, Field
from wirestruct.protocols.diep.update_reader import UpdateReader, update_reader

Reader = Callable[[Any], Any]


def reader_of(build: Build) -> UpdateReader:
    """The build's update reader (every wire type of the bundled tables has one)."""
    reader = update_reader(build)
    if reader is None:
        raise ValueError(f"diep build {build.build!r} has a wire type the update reader "
                         f"does not read: {', '.join(sorted(set(build.wire_types.values())))}")
    return reader


def update_body(event: Any, reader: UpdateReader) -> dict[str, Any]:
    """The readable body of a 0x00 update event (what ``wirestruct decode`` prints as
    ``fields.body``): as the decoder read it, else read from the packet's bytes by the
    build's update reader. Shared with the event: read it, keep copies."""
    fields = decoded_fields(event)
    if fields is None:
        fields = reader.fields(bytes(event.raw))
        if fields is None:
            raise ValueError("the update reader does not take this 0x00 update's bytes")
    return fields["body"]


def creation_mask(build: Build, body: dict[str, Any]) -> int:
    """The group mask of a creation's readable body: a bit for each ``has_<group>`` flag
    set (its fields: ``build.fields_of(mask)``)."""
    mask = 0
    for bit, flag in build.group_flag_bits:
        if body[flag]:
            mask |= bit
    return mask


def _same(value: Any) -> Any:
    return value


def _float(value: Any) -> float:
    """A float32 as readable output shows it: a number, or "NaN", "Infinity" or
    "-Infinity"."""
    return value if value.__class__ is float else float(value)


def entid(value: dict[str, Any]) -> dict[str, int] | None:
    """An entity reference as ``{"hash", "id"}``, or None for "no entity" (hash 0)."""
    if value["is_null"]:
        return None
    return {"hash": value["hash"], "id": value["id"]}


#: Wire type -> reader of its readable value (``float`` may be a non-finite's text).
_READERS: dict[str, Reader] = {"float": _float, "entid": entid}


def _scalar(wire_type: str) -> Reader:
    return _READERS.get(wire_type, _same)


def creation_reader(field: Field) -> Reader:
    """Reads the field from a creation (arrays: every element, as a new list)."""
    read = _scalar(field.type)
    if field.length:
        return lambda items: [read(item) for item in items]
    return read


def update_value_reader(field: Field) -> Reader:
    """Reads an update entry's value (arrays: the changed elements, with their indexes)."""
    read = _scalar(field.update_type)
    if field.length:
        def elements(table: dict[str, Any]) -> list[tuple[int, Any]]:
            return [(e["index"], read(e["value"])) for e in table["elements"]]
        return elements
    return read
