"""How readable output shows diep.io values, and how they come back for the encoder.

Varints, fixed point, floats and null-terminated strings are wire encodings of one value:
readable output shows the value (the varint readers proven equal to the ``value``
instances, :mod:`wirestruct.protocols.diep.values`), and the encoder gets the wire fields
back. Jump tables (which field slots a message carries, already applied by the parse) and
their bookkeeping are left out, and rebuilt for the encoder: an entry's jump byte from its
``index`` and the previous entry (``(index - prev_index) XOR 1``), the closing entry, the
field-group table of a creation from its ``has_*`` flags, a table's constant start byte.
"""
from __future__ import annotations

import struct
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from wirestruct.plugin.protocol import Presentation
from wirestruct.protocols.diep.summaries import SUMMARIES
from wirestruct.protocols.diep.values import fixed_point_value, vi_value, vu_value

#: Wire encodings of one value, shown as their ``value``.
_VALUES = ("Vu", "Vi", "Vf", "F32", "U32", "StringNt", "FixedPoint")
_FAST: dict[str, Callable[[Any], Any]] = {"Vu": vu_value, "Vi": vi_value,
                                          "FixedPoint": fixed_point_value}
_GETTERS: dict[str, Callable[[Any], Any]] = {name: _FAST.get(name, attrgetter("value"))
                                             for name in _VALUES}
#: Jump tables: which field slots a message carries, already applied by the parse.
_HIDDEN = ("IndexTable", "Jump", "IndexEntry")
#: Parameters and bookkeeping of the element tables (prev_index/length come from the
#: enclosing table; ``jump`` holds the xored offset).
HIDDEN_FIELDS = frozenset({"jump", "prev_index", "prev_mask", "num_slots", "length",
                           "xored_jump", "is_end", "table_start"})
#: The jump byte of a table's closing entry.
CLOSING_JUMP = 1


def _key(name: str) -> str:
    return f"diep_types:DiepTypes.{name}"


def _int(value: Any, low: int, high: int) -> int:
    if value.__class__ is int and low <= value < high:
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit():
        value = int(value)                               # --big-ints string
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < high:
        raise ValueError(f"{value!r} is not an integer in {low} .. {high - 1}")
    return value


def _float(value: Any) -> float:
    if isinstance(value, str):
        return float({"Infinity": "inf", "-Infinity": "-inf"}.get(value, value))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{value!r} is not a number")
    return float(value)


_BYTE_NAMES = ("b0", "b1", "b2", "b3", "b4")


def _vu_from(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    """A varuint's LEB128 bytes as the fields ``b0`` .. ``b4``."""
    value = _int(value, 0, 1 << 32)
    out: dict[str, Any] = {}
    i = 0
    while value >= 0x80:
        out[_BYTE_NAMES[i]] = value & 0x7F | 0x80
        value >>= 7
        i += 1
    out[_BYTE_NAMES[i]] = value
    return out


def _vi_from(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    n = _int(value, -(1 << 31), 1 << 31)
    return _vu_from(((n << 1) ^ (n >> 31)) & 0xFFFFFFFF, params, field)


def _vf_from(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    swapped = int.from_bytes(struct.pack("<f", _float(value)), "big", signed=True)
    return {"swapped": _vi_from(swapped, params, field)}


def _fixed_point_from(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    return {"scaled": _vi_from(int(_float(value) * params[0]), params, field)}


def _same(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    return {"value": value}


def jump_from(index: Any, prev_index: int) -> int:
    """The xored jump byte of a table entry at ``index`` after ``prev_index``."""
    index = _int(index, prev_index + 1, 1 << 31)
    return (index - prev_index) ^ 1


def _value_of(get: Callable[[Any], Any]) -> Callable[[Any, str | None], Any]:
    """A getter as a ``value_of`` entry (the field's name is not needed)."""
    return lambda obj, field: get(obj)


PRESENTATION = Presentation(
    value_of={_key(name): _value_of(get) for name, get in _GETTERS.items()},
    value_instance={_key(name): get for name, get in _GETTERS.items()},
    value_from={_key("Vu"): _vu_from, _key("Vi"): _vi_from, _key("Vf"): _vf_from,
                _key("FixedPoint"): _fixed_point_from,
                **{_key(name): _same for name in ("F32", "U32", "StringNt")}},
    hidden_classes=frozenset(_key(name) for name in _HIDDEN),
    hidden_fields=HIDDEN_FIELDS,
    end_marker="is_end",
    summaries=SUMMARIES,
)
