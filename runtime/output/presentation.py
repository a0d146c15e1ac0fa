"""How readable output shows values that the specs keep in their wire form.

The serializer (:mod:`wirestruct.output.serialize`) applies these rules unless ``raw`` output is
asked for. Generic rules come from the specs' field names (a type whose fields are ``x``,
``y``, ``z`` [, ``w``] is a vector, written in x, y, z, w order whatever the wire order);
protocol knowledge the generated classes do not carry (which byte order a UUID field is
documented with, which wrapper types are wire encodings of one value, which fields are
wire bookkeeping) lives in the small per-protocol tables below, keyed by generated class
(``module:Qual.Name``, the module without its package; ``*`` matches any module, for
classes of specs rendered per game build).
"""
from __future__ import annotations

import struct
import uuid
from collections.abc import Callable
from operator import attrgetter
from typing import Any

# -- diep.io -------------------------------------------------------------------------------
#: Wire encodings of one value (varints, fixed point, null-terminated strings): shown as
#: their ``value``.
_DIEP_VALUES = ("Vu", "Vi", "Vf", "F32", "U32", "StringNt", "FixedPoint")


def _diep_value_getters() -> dict[str, Callable[[Any], Any]]:
    """Per diep.io wrapper class name, what reads its ``value`` instance: the varint readers
    proven equal to it (:mod:`wirestruct.protocols.diep.values`) or the instance itself."""
    from wirestruct.protocols.diep.values import fixed_point_value, vi_value, vu_value
    fast = {"Vu": vu_value, "Vi": vi_value, "FixedPoint": fixed_point_value}
    return {name: fast.get(name, attrgetter("value")) for name in _DIEP_VALUES}


#: Jump tables: which field slots a message carries, already applied by the parse.
_DIEP_HIDDEN = ("IndexTable", "Jump", "IndexEntry")
#: Parameters and bookkeeping of the element tables (prev_index/length come from the
#: enclosing table; ``jump`` holds the xored offset).
_DIEP_HIDDEN_FIELDS = frozenset({"jump", "prev_index", "prev_mask", "num_slots", "length",
                                 "xored_jump", "is_end", "table_start"})

# -- Scrap Mechanic --------------------------------------------------------------------------
#: Fields holding ``sm_common::uuid`` documented `be u128` (the UUID text's bytes in order);
#: every other UUID field is documented `le u128` (the text's bytes reversed).
_SM_BE_UUID_FIELDS = frozenset({"filters", "filter_uuids"})


def sm_uuid(obj: Any, field: str | None) -> str:
    """A Scrap Mechanic UUID as canonical 8-4-4-4-12 text, by its field's documented order."""
    octets = bytes(obj.octets)
    if field not in _SM_BE_UUID_FIELDS:
        octets = octets[::-1]
    return str(uuid.UUID(bytes=octets))


def sm_f4_value(obj: Any) -> float:
    """``f4_from_bits``: its 32 bits as the big-endian IEEE 754 single they are (the spec's
    ``value`` builds the same float from the bits' parts, more slowly)."""
    return _F4BE_UNPACK(obj.bits.to_bytes(4, "big"))[0]


_F4BE_UNPACK = struct.Struct(">f").unpack

#: ``module:Qual.Name`` -> presentation of the whole object.
VALUE_OF: dict[str, Callable[[Any, str | None], Any]] = {
    **{f"diep_types:DiepTypes.{name}": (lambda obj, field, get=get: get(obj))
       for name, get in _diep_value_getters().items()},
    "sm_common:SmCommon.Uuid": sm_uuid,
    "sm_common:SmCommon.F4FromBits": lambda obj, field: sm_f4_value(obj),
}


# -- the way back (wirestruct.encode.unpresent) ----------------------------------------------------
# Each entry of VALUE_FROM undoes the VALUE_OF entry of the same class: shown value ->
# the wire fields the read-write classes take (``params`` are the type's parameters).
def _vu_from(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    return {f"b{i}": b for i, b in enumerate(_leb128(_int(value, 0, 1 << 32)))}


def _vi_from(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    n = _int(value, -(1 << 31), 1 << 31)
    return _vu_from(((n << 1) ^ (n >> 31)) & 0xFFFFFFFF, params, field)


def _vf_from(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    swapped = int.from_bytes(struct.pack("<f", _float(value)), "big", signed=True)
    return {"swapped": _vi_from(swapped, params, field)}


def _fixed_point_from(value: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    return {"scaled": _vi_from(int(_float(value) * params[0]), params, field)}


def sm_uuid_from(text: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    """The inverse of :func:`sm_uuid`: the octets of a UUID's text, by its field's order."""
    octets = uuid.UUID(str(text)).bytes
    if field not in _SM_BE_UUID_FIELDS:
        octets = octets[::-1]
    return {"octets": octets.hex()}


def _int(value: Any, low: int, high: int) -> int:
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


def _leb128(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


#: ``module:Qual.Name`` -> ``(shown value, params, field) -> wire fields``; one entry per
#: VALUE_OF entry (a test holds the two tables to the same keys).
VALUE_FROM: dict[str, Callable[[Any, tuple[Any, ...], str | None], dict[str, Any]]] = {
    "diep_types:DiepTypes.Vu": _vu_from,
    "diep_types:DiepTypes.Vi": _vi_from,
    "diep_types:DiepTypes.Vf": _vf_from,
    "diep_types:DiepTypes.FixedPoint": _fixed_point_from,
    **{f"diep_types:DiepTypes.{name}": (lambda value, params, field: {"value": value})
       for name in ("F32", "U32", "StringNt")},
    "sm_common:SmCommon.Uuid": sm_uuid_from,
    # The float itself: the enclosing type's `*_bits` follow from it when it is encoded.
    "sm_common:SmCommon.F4FromBits": lambda value, params, field: {"value": value},
}
#: Per generated package, how hidden bookkeeping comes back: the closing entry's jump
#: byte, and the jump byte of an entry (``(index - prev_index) XOR 1``, from the
#: ``index`` readable output keeps and the ``prev_index`` parameter).
CLOSING_JUMP: dict[str, int] = {"wirestruct.generated.diep": 1}


def jump_from(index: Any, prev_index: int) -> int:
    """The xored jump byte of a table entry at ``index`` after ``prev_index``."""
    index = _int(index, prev_index + 1, 1 << 31)
    return (index - prev_index) ^ 1


#: Classes of VALUE_OF shown as their ``value`` instance alone (the serializer's fast path),
#: with the function that reads it.
VALUE_INSTANCE: dict[str, Callable[[Any], Any]] = {
    **{f"diep_types:DiepTypes.{name}": get for name, get in _diep_value_getters().items()},
    "sm_common:SmCommon.F4FromBits": sm_f4_value,
}
#: Classes left out of readable output (the field holding one is omitted).
HIDDEN_CLASSES: frozenset[str] = frozenset(f"diep_types:DiepTypes.{n}" for n in _DIEP_HIDDEN)
#: Field names left out of readable output, per generated package.
HIDDEN_FIELDS: dict[str, frozenset[str]] = {
    "wirestruct.generated.diep": _DIEP_HIDDEN_FIELDS,
}
#: Per generated package, the instance that marks a table's closing entry (bookkeeping:
#: such entries are left out of readable lists).
END_MARKERS: dict[str, str] = {
    "wirestruct.generated.diep": "is_end",
}
#: Runtime objects whose readable form is a dict of (still unconverted) values, instead
#: of their ``to_json()``; ``module:Qual.Name`` with the full module name.
OBJECT_VIEWS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "wirestruct.protocols.scrap_mechanic.decoder:SubUpdate": lambda s: {
        "index": s.index, "encoding": s.encoding, "update_type": s.update_type,
        "netobj_type": s.netobj_type, "netobj_id": s.netobj_id,
        "controller_type": s.controller_type,
        "controller_type_source": s.controller_type_source,
        "data": bytes(s.data), "update": s.update},
}

_VECTOR_ORDER = "xyzw"


def class_key(cls: type) -> str:
    return f"{cls.__module__.rsplit('.', 1)[-1]}:{cls.__qualname__}"


def lookup(table: dict[str, Any], cls: type) -> Any:
    key = class_key(cls)
    found = table.get(key)
    if found is None:
        found = table.get("*:" + cls.__qualname__)
    return found


def hidden_fields(cls: type) -> frozenset[str]:
    package = cls.__module__.rsplit(".", 1)[0]
    return HIDDEN_FIELDS.get(package, frozenset())


def end_marker(cls: type) -> str | None:
    """The closing-entry instance of ``cls`` (None when its package has none or the class
    does not declare it)."""
    name = END_MARKERS.get(cls.__module__.rsplit(".", 1)[0])
    return name if name is not None and isinstance(vars(cls).get(name), property) else None


def vector_order(names: tuple[str, ...]) -> tuple[str, ...] | None:
    """``names`` in x, y, z, w order when they are a vector's components, else None."""
    if set(names) in ({"x", "y", "z"}, {"x", "y", "z", "w"}):
        return tuple(sorted(names, key=_VECTOR_ORDER.index))
    return None
