"""``to_jsonable``: any event or parsed object as JSON-able data, by the one serializer
(:mod:`wirestruct.output.serialize`).

``to_jsonable(event)`` is exactly the JSON object ``wirestruct decode`` prints for the event
(readable form; ``raw=True`` and ``big_ints="string"`` as on the command line).
``to_jsonable(obj)`` of a generated object (or any value inside one) is its raw form, as
the specs define it and close to the Web IDE's JSON export: sequence fields in order, then
instances; bytes as lowercase hex; enum values by their names (``enum_names=False``: as
integers, as the JavaScript build holds them), unknown enum values as integers. Internals
are skipped: ``_io``, ``_parent``, ``_root``, ``_raw_*``, ``_m_*``. Non-finite floats
become the strings ``"NaN"``, ``"Infinity"`` and ``"-Infinity"`` (strict JSON).
"""
from __future__ import annotations

from typing import Any

from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.output.serialize import instance_names, serializer

__all__ = ["instance_names", "to_jsonable"]


def to_jsonable(value: Any, *, raw: bool | None = None, big_ints: str = "number",
                instances: bool = True, enum_names: bool = True) -> Any:
    """``value`` as JSON-able data: an event as the command line prints it (readable
    unless ``raw=True``), anything else raw unless ``raw=False``."""
    if isinstance(value, (PacketEvent, ErrorEvent)):
        return serializer(raw=bool(raw), big_ints=big_ints).event(value)
    return serializer(raw=raw is not False, big_ints=big_ints, enum_names=enum_names,
                      instances=instances).value(value)
