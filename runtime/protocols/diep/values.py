"""Plain values of the 0x00 fields, read from the generated objects.

Values keep their wire types: ``vu``/``vi`` are ints, ``float`` is the float32 as a Python
float, ``float64Precision`` the fixed-point value (a float, steps of 1/64), ``stringNT`` a
str, and an ``entid`` is ``{"hash": h, "id": i}`` or ``None`` for "no entity". Array fields
are lists of those; an array field's update is a list of ``(element index, value)``.

Each field gets its reader once (:func:`creation_reader`, :func:`update_reader`), so the
tracker does no per-value dispatch on types.

Varints are most of the values: :func:`vu_value`, :func:`vi_value` and
:func:`fixed_point_value` compute them from the bytes the generated ``vu``/``vi`` objects
read (``b0`` .. ``b4``), as their ``value`` instances do, without the instances'
per-object caching (three times the cost);
``tests/diep/test_diep_varint_values.py`` checks them against the instances on every
length and edge of the encoding.
"""
from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from wirestruct.protocols.diep.builds import Field

Reader = Callable[[Any], Any]

_value: Reader = attrgetter("value")


def vu_value(obj: Any) -> int:
    """The ``value`` of a ``diep_types::vu``: unsigned LEB128 over ``b0`` .. ``b4``, the
    fifth byte's low four bits only."""
    d = obj.__dict__
    b = d["b0"]
    if b < 128:
        return b
    v = b - 128
    b = d["b1"]
    if b < 128:
        return v + (b << 7)
    v += (b - 128) << 7
    b = d["b2"]
    if b < 128:
        return v + (b << 14)
    v += (b - 128) << 14
    b = d["b3"]
    if b < 128:
        return v + (b << 21)
    return v + ((b - 128) << 21) + ((d["b4"] & 15) << 28)


def vi_value(obj: Any) -> int:
    """The ``value`` of a ``diep_types::vi``: the zigzag-decoded :func:`vu_value`."""
    z = vu_value(obj)
    return (z >> 1) ^ -(z & 1)


def fixed_point_value(obj: Any) -> float:
    """The ``value`` of a ``diep_types::fixed_point`` (``float64Precision``): its ``vi``
    over the scale."""
    return vi_value(obj.scaled) * 1.0 / obj.scale


def entry_index(entry: Any) -> int:
    """An update or element table entry's ``index`` instance: the value the parse computed
    to pick the entry's type (kept by the generated class as ``_m_index``)."""
    index = entry.__dict__.get("_m_index")
    return entry.index if index is None else index


def entid(obj: Any) -> dict[str, int] | None:
    """An entity reference as ``{"hash", "id"}``, or None for "no entity" (hash 0)."""
    h = vu_value(obj.hash)
    if h == 0:
        return None
    return {"hash": h, "id": vu_value(obj.id)}


#: Wire type -> reader of its generated object (the wire types are the build table's
#: ``wire_types``: ``vu`` is ``diep_types::vu``, ``vi`` ``diep_types::vi``,
#: ``float64Precision`` ``diep_types::fixed_point(64)``).
_READERS: dict[str, Reader] = {"vu": vu_value, "vi": vi_value,
                               "float64Precision": fixed_point_value, "entid": entid}


def _scalar(wire_type: str) -> Reader:
    return _READERS.get(wire_type, _value)


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
            return [(entry_index(e), read(e.value)) for e in table.elements[:-1]]
        return elements
    return read
