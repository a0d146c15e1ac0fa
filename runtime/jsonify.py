"""The one converter from parsed Kaitai objects to plain JSON-able data.

Used by the command line, the Web IDE export check and the golden files of the tests.
Close to the Web IDE's own JSON export: sequence fields in order, then instances; bytes as
lowercase hex; enum values by their (snake_case) names, unknown enum values as integers.
Internals are skipped: ``_io``, ``_parent``, ``_root``, ``_raw_*``, ``_m_*``. Non-finite
floats become the strings ``"NaN"``, ``"Infinity"`` and ``"-Infinity"`` so the output is
strict JSON (``jq`` reads it).
"""
from __future__ import annotations

import enum
import math
from typing import Any, Dict, Tuple

from kaitaistruct import KaitaiStruct

_INSTANCES: Dict[type, Tuple[str, ...]] = {}


def instance_names(cls: type) -> Tuple[str, ...]:
    """Public instances (properties) a generated class declares, in declaration order."""
    names = _INSTANCES.get(cls)
    if names is None:
        names = tuple(name for name, value in vars(cls).items()
                      if isinstance(value, property) and not name.startswith("_"))
        _INSTANCES[cls] = names
    return names


def to_jsonable(value: Any, *, instances: bool = True, enum_names: bool = True) -> Any:
    """Convert a parsed object (or any value inside one) to JSON-able data.

    ``enum_names=False`` gives enum values as integers, as the JavaScript build (and so
    the Web IDE's parse) holds them.
    """
    kw = {"instances": instances, "enum_names": enum_names}
    if isinstance(value, KaitaiStruct):
        out: Dict[str, Any] = {}
        for name, field in vars(value).items():
            if not name.startswith("_"):
                out[name] = to_jsonable(field, **kw)
        if instances:
            for name in instance_names(type(value)):
                if name in out:
                    continue
                try:
                    field = getattr(value, name)
                except Exception:  # noqa: BLE001 - an instance that cannot be computed is left out
                    continue
                out[name] = to_jsonable(field, **kw)
        return out
    if isinstance(value, enum.Enum):
        return value.name if enum_names else value.value
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    if isinstance(value, (list, tuple)):
        return [to_jsonable(item, **kw) for item in value]
    if isinstance(value, dict):
        return {str(to_jsonable(k)): to_jsonable(v, **kw) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(to_jsonable(item, **kw) for item in value)
    if hasattr(value, "to_json"):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        return {name: to_jsonable(getattr(value, name), **kw)
                for name in value.__dataclass_fields__}
    if hasattr(value, "tolist"):  # numpy scalars and arrays
        return value.tolist()
    return str(value)
