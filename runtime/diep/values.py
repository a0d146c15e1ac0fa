"""Plain values of the 0x00 fields, read from the generated objects.

Values keep their wire types: ``vu``/``vi`` are ints, ``float`` is the float32 as a Python
float, ``float64Precision`` the fixed-point value (a float, steps of 1/64), ``stringNT`` a
str, and an ``entid`` is ``{"hash": h, "id": i}`` or ``None`` for "no entity". Array fields
are lists of those; an array field's update is a list of ``(element index, value)``.

Each field gets its reader once (:func:`creation_reader`, :func:`update_reader`), so the
tracker does no per-value dispatch on types.
"""
from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from .builds import Field

Reader = Callable[[Any], Any]

_value: Reader = attrgetter("value")


def entid(obj: Any) -> dict[str, int] | None:
    """An entity reference as ``{"hash", "id"}``, or None for "no entity" (hash 0)."""
    h = obj.hash.value
    if h == 0:
        return None
    return {"hash": h, "id": obj.id.value}


def _scalar(wire_type: str) -> Reader:
    return entid if wire_type == "entid" else _value


def creation_reader(field: Field) -> Reader:
    """Reads the field from a creation (arrays: every element)."""
    read = _scalar(field.type)
    if field.length:
        return lambda items: [read(item) for item in items]
    return read


def update_reader(field: Field) -> Reader:
    """Reads an update entry's value (arrays: the changed elements, with their indexes)."""
    read = _scalar(field.update_type)
    if field.length:
        def elements(table: Any) -> list[tuple[int, Any]]:
            # the last entry closes the element table
            return [(e.index, read(e.value)) for e in table.elements[:-1]]
        return elements
    return read
