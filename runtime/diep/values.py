"""Plain values of the 0x00 fields, from the generated objects.

Values keep their wire types: ``vu``/``vi`` are ints, ``float`` is the float32 as a Python
float, ``float64Precision`` the fixed-point value (a float, steps of 1/64), ``stringNT`` a
str, and an ``entid`` is ``{"hash": h, "id": i}`` or ``None`` for "no entity". Array fields
are lists of those.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from .builds import Field


def entid(obj: Any) -> Optional[Dict[str, int]]:
    """An entity reference as ``{"hash", "id"}``, or None for "no entity" (hash 0)."""
    h = obj.hash.value
    if h == 0:
        return None
    return {"hash": h, "id": obj.id.value}


def creation_value(field: Field, obj: Any) -> Any:
    """The value of a field as a creation carries it (arrays: every element)."""
    if field.length:
        if field.is_entid:
            return [entid(item) for item in obj]
        return [item.value for item in obj]
    if field.is_entid:
        return entid(obj)
    return obj.value


def update_value(field: Field, obj: Any) -> Any:
    """The value of an update entry; for arrays a list of ``(element index, value)``."""
    entid_type = field.update_type == "entid"
    if field.length:
        out: List[Tuple[int, Any]] = []
        for element in obj.elements[:-1]:  # the last entry closes the table
            value = element.value
            out.append((element.index, entid(value) if entid_type else value.value))
        return out
    return entid(obj) if entid_type else obj.value
