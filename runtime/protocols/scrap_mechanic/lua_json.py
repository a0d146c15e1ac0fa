"""Lua objects (``sm_lua_object``) as natural JSON, and back to the spec's fields.

Readable output shows a Lua object as the value it serializes, the way a script sees it:

=============================  ==========================================================
Lua value                      JSON
=============================  ==========================================================
nil, boolean, string           ``null``, ``true``/``false``, a string
Int8 / Int16 / Int32           an integer (the smallest of the three that holds it is
                               the one the game writes)
Number (a 32-bit float)        a number with a fraction or an exponent (``1.0``)
array table, offset 1          an array
table, string keys             an object, keys in wire order
=============================  ==========================================================

Where JSON would lose what the wire holds, the value is an object tagged ``"$lua"``:

* ``{"$lua": "int8" | "int16" | "int32", "value": n}``: an integer in a wider type than
  it needs; ``{"$lua": "number", "value": "NaN" | "Infinity" | "-Infinity", "bits": n}``;
* ``{"$lua": "array", "offset": n, "elements": [...]}``: an array table whose offset is
  not 1; ``{"$lua": "table", "pairs": [[key, value], ...]}``: a table with a key that is
  not a string (or a string key twice, or the key ``"$lua"``); both take ``"count"`` when
  it is not the number of entries (a table cut by an undocumented value);
* userdata: ``{"$lua": "uuid", "value": "8-4-4-4-12"}`` (le u128: the text's bytes
  reversed), ``{"$lua": "vec3", "x", "y", "z"}``, ``{"$lua": "quat", "x", "y", "z", "w"}``,
  ``{"$lua": "color", "r", "g", "b", "a"}``, ``{"$lua": "shape" | "body" | ..., "id": n}``
  (the ``userdata_type_id`` name);
* ``{"$lua": "weak_script_ref", "ref_id": n, "unknown": bool}``;
* what the page does not document keeps the rest of the object as bytes:
  ``{"$lua": "json", "rest": {"hex": ...}}``, ``{"$lua": "userdata", "type_id": ...,
  "rest": ...}``, ``{"$lua": "undocumented", "type_id": n, "rest": ...}``, with
  ``"rest_bits"`` when the bits left in the byte before the rest are not zero;
* ``{"$lua": "string", "value": ..., "padding": [...]}``: padding bits that are not zero;
* the object itself is its value when its version is 1 and its closing bits are zero,
  else ``{"$lua": "object", "version": n, "value": ..., "padding": [...]}``.

:func:`lua_fields` turns that JSON (or the spec's raw fields, which it keeps) back into
the fields of ``sm_lua_object``, with every padding list (zero bits) where the bit stream
needs one.
"""
from __future__ import annotations

import math
import struct
import uuid
from collections.abc import Mapping
from typing import Any

from wirestruct.core.errors import EncodeError
from wirestruct.generated.scrap_mechanic.sm_lua_object import SmLuaObject
from wirestruct.protocols.scrap_mechanic import lua_scan

TAG = "$lua"
LuaType = SmLuaObject.LuaSaveDataType
UserdataType = SmLuaObject.UserdataTypeId
_F4 = struct.Struct(">f")
_U4 = struct.Struct(">I")

#: Userdata whose data is one id: type -> the spec's field name.
_ID_FIELDS = {t: f"{t.name}_id" for t in UserdataType
              if lua_scan.USERDATA_BITS.get(int(t)) == 32}
#: Userdata of floats: type -> components.
_FLOATS = {UserdataType.vec3: "xyz", UserdataType.quat: "xyzw", UserdataType.color: "rgba"}
_INTS = {LuaType.int8: (8, -(1 << 7)), LuaType.int16: (16, -(1 << 15)),
         LuaType.int32: (32, -(1 << 31))}


def _float(bits: int) -> float:
    return _F4.unpack(_U4.pack(bits))[0]


def _bits_of(value: Any) -> int:
    if isinstance(value, str):
        value = float({"Infinity": "inf", "-Infinity": "-inf"}.get(value, value))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EncodeError(f"Lua number {value!r}", expected="a number")
    try:
        return _U4.unpack(_F4.pack(value))[0]
    except OverflowError:
        raise EncodeError(f"Lua number {value!r} out of single-precision range",
                          expected="a float32 value") from None


# -- the wire form shown ------------------------------------------------------------------
def natural(obj: SmLuaObject) -> Any:
    """A parsed Lua object as natural JSON data (see the module doc)."""
    value = _value(obj.data)
    padding = list(obj.padding)
    if obj.version == 1 and not any(padding):
        return value
    out = {TAG: "object", "version": obj.version, "value": value}
    if any(padding):
        out["padding"] = padding
    return out


def _name(kind: Any) -> Any:
    return kind.name if hasattr(kind, "name") else kind


def _rest(value: Any, tag: str, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {TAG: tag, **extra, "rest": {"hex": bytes(value.rest).hex()}}
    if any(value.rest_bits):
        out["rest_bits"] = list(value.rest_bits)
    return out


def _value(data: Any) -> Any:
    kind = data.header.type_id
    value = data.value
    if kind is LuaType.nil_value:
        return None
    if kind is LuaType.boolean:
        return value.value
    if kind is LuaType.string:
        if any(value.padding):
            return {TAG: "string", "value": value.value, "padding": list(value.padding)}
        return value.value
    if kind is LuaType.number:
        number = _float(value.value_bits)
        if math.isfinite(number):
            return number
        return {TAG: "number", "value": "NaN" if math.isnan(number) else
                ("Infinity" if number > 0 else "-Infinity"), "bits": value.value_bits}
    if kind in _INTS:
        number = value.value
        return number if _int_type(number) is kind else {TAG: kind.name, "value": number}
    if kind is LuaType.table:
        return _table(value)
    if kind is LuaType.userdata:
        return _userdata(value)
    if kind is LuaType.weak_script_ref:
        return {TAG: "weak_script_ref", "ref_id": value.ref_id, "unknown": value.unknown}
    if kind is LuaType.json:
        return _rest(value, "json")
    return _rest(value, "undocumented", type_id=_name(kind))


def _table(table: Any) -> Any:
    header = table.header
    count = header.count
    if header.is_array:
        elements = [_value(e) for e in (table.elements or [])] if count else []
        if header.offset == 1 and len(elements) == count:
            return elements
        out: dict[str, Any] = {TAG: "array", "offset": header.offset, "elements": elements}
    else:
        pairs = (table.pairs or []) if count else []
        keys = [p.key for p in pairs]
        if len(pairs) == count and all(
                k.header.type_id is LuaType.string and not any(k.value.padding) for k in keys):
            names = [k.value.value for k in keys]
            if TAG not in names and len(set(names)) == len(names):
                return {name: _value(p.value) for name, p in zip(names, pairs)}
        out = {TAG: "table", "pairs": [
            [_value(p.key)] + ([] if p.key.is_cut else [_value(p.value)]) for p in pairs]}
    if len(out.get("elements", out.get("pairs", []))) != count:
        out["count"] = count
    return out


def _userdata(value: Any) -> Any:
    kind = value.header.type_id
    data = value.data
    if kind is UserdataType.uuid:
        return {TAG: "uuid", "value": str(uuid.UUID(bytes=bytes(data.uuid)[::-1]))}
    components = _FLOATS.get(kind)
    if components is not None:
        return {TAG: kind.name, **{c: _float(getattr(data, f"{c}_bits")) for c in components}}
    field = _ID_FIELDS.get(kind)
    if field is not None:
        return {TAG: kind.name, "id": getattr(data, field)}
    return _rest(data, "userdata", type_id=_name(kind))


def _int_type(number: int) -> Any:
    """The type the game writes an integer in (None: none holds it, a Number then)."""
    for kind, (_, low) in _INTS.items():
        if low <= number < -low:
            return kind
    return None


# -- back to the wire form -----------------------------------------------------------------
def is_raw(value: Any) -> bool:
    """Whether ``value`` is already the spec's raw fields of an ``sm_lua_object``."""
    return isinstance(value, Mapping) and "data" in value and "version" in value \
        and TAG not in value and isinstance(value.get("data"), Mapping) \
        and "header" in value["data"] and set(value) <= {"magic", "version", "data", "padding"}


def lua_fields(value: Any) -> dict[str, Any]:
    """The raw fields of ``sm_lua_object`` from its natural JSON (see the module doc); raw
    fields come back as they are."""
    if is_raw(value):
        return dict(value)
    version, padding = 1, None
    if isinstance(value, Mapping) and value.get(TAG) == "object":
        version, padding = value.get("version", 1), value.get("padding")
        value = value.get("value")
    writer = _Writer()
    data = writer.value(value, "data")
    end = writer.pad()
    return {"magic": "4c5541", "version": version, "data": data,
            "padding": list(padding) if padding is not None else end}


class _Writer:
    """Natural JSON to raw fields, following the bit offset for the padding lists."""

    def __init__(self) -> None:
        self.bit = 0                                      # bits of the current byte used

    def pad(self, given: Any = None) -> list[bool]:
        bits = [False] * ((8 - self.bit) % 8) if given is None else list(given)
        self.bit = 0
        return bits

    def value(self, value: Any, path: str) -> dict[str, Any]:
        kind, fields = self.typed(value, path)
        return {"header": {"type_id": kind}, "value": fields}

    def typed(self, value: Any, path: str) -> tuple[Any, dict[str, Any]]:
        if value is None:
            return "nil_value", {}
        if isinstance(value, bool):
            self.bit = (self.bit + 1) % 8
            return "boolean", {"value": value}
        if isinstance(value, int):
            kind = _int_type(value)
            if kind is None:
                return "number", {"value_bits": _bits_of(float(value))}
            return kind.name, {"value_bits": value & ((1 << _INTS[kind][0]) - 1)}
        if isinstance(value, float):
            return "number", {"value_bits": _bits_of(value)}
        if isinstance(value, str):
            return "string", self.string(value, None)
        if isinstance(value, list):
            return "table", self.array(1, value, len(value), path)
        if not isinstance(value, Mapping):
            raise EncodeError(f"{type(value).__name__} is no Lua value", field_path=path,
                              expected="a JSON value as readable output shows Lua values")
        tag = value.get(TAG)
        if tag is None:
            pairs = [[k, v] for k, v in value.items()]
            return "table", self.pairs(pairs, len(pairs), path)
        return self.tagged(str(tag), value, path)

    def string(self, text: str, padding: Any) -> dict[str, Any]:
        data = text.encode("utf-8")
        return {"len_value": len(data), "padding": self.pad(padding), "value": text}

    def array(self, offset: int, elements: list, count: int, path: str) -> dict[str, Any]:
        self.bit = (self.bit + 1) % 8                     # Is Array
        out: dict[str, Any] = {"header": {"count": count, "is_array": True, "offset": offset}}
        if count:
            out["elements"] = [self.value(e, f"{path}[{i}]") for i, e in enumerate(elements)]
        return out

    def pairs(self, pairs: list, count: int, path: str) -> dict[str, Any]:
        self.bit = (self.bit + 1) % 8                     # Is Array
        out: dict[str, Any] = {"header": {"count": count, "is_array": False}}
        if count:
            written = []
            for i, pair in enumerate(pairs):
                if not isinstance(pair, (list, tuple)) or not 1 <= len(pair) <= 2:
                    raise EncodeError("a table pair must be [key, value]",
                                      field_path=f"{path}.pairs[{i}]", expected="[key, value]")
                entry = {"key": self.value(pair[0], f"{path}.pairs[{i}][0]")}
                if len(pair) == 2:
                    entry["value"] = self.value(pair[1], f"{path}.pairs[{i}][1]")
                written.append(entry)
            out["pairs"] = written
        return out

    def rest(self, value: Mapping[str, Any]) -> dict[str, Any]:
        rest = value.get("rest", "")
        if isinstance(rest, Mapping):
            rest = rest.get("hex", "")
        return {"rest_bits": self.pad(value.get("rest_bits")), "rest": rest}

    def tagged(self, tag: str, value: Mapping[str, Any], path: str) -> tuple[Any, dict]:
        if tag == "number":
            bits = value.get("bits")
            return "number", {"value_bits": bits if isinstance(bits, int)
                              else _bits_of(value.get("value"))}
        if tag in ("int8", "int16", "int32"):
            number = value.get("value")
            if isinstance(number, bool) or not isinstance(number, int):
                raise EncodeError(f"Lua {tag} {number!r}", field_path=path,
                                  expected="an integer")
            return tag, {"value_bits": number & ((1 << _INTS[LuaType.__members__[tag]][0]) - 1)}
        if tag == "string":
            return "string", self.string(str(value.get("value", "")), value.get("padding"))
        if tag == "array":
            elements = list(value.get("elements") or [])
            return "table", self.array(value.get("offset", 1), elements,
                                       value.get("count", len(elements)), path)
        if tag == "table":
            pairs = list(value.get("pairs") or [])
            return "table", self.pairs(pairs, value.get("count", len(pairs)), path)
        if tag == "weak_script_ref":
            self.bit = (self.bit + 1) % 8
            return "weak_script_ref", {"ref_id": value.get("ref_id"),
                                       "unknown": value.get("unknown")}
        if tag == "json":
            return "json", self.rest(value)
        if tag == "undocumented":
            return value.get("type_id"), self.rest(value)
        return "userdata", self.userdata(tag, value, path)

    def userdata(self, tag: str, value: Mapping[str, Any], path: str) -> dict[str, Any]:
        if tag == "userdata":
            return {"header": {"type_id": value.get("type_id")}, "data": self.rest(value)}
        kind = UserdataType.__members__.get(tag)
        if kind is None:
            raise EncodeError(f"unknown Lua tag {tag!r}", field_path=path,
                              expected="a tag of the readable Lua form")
        if kind is UserdataType.uuid:
            octets = uuid.UUID(str(value.get("value"))).bytes[::-1]
            data: dict[str, Any] = {"uuid": list(octets)}
        elif kind in _FLOATS:
            data = {f"{c}_bits": _bits_of(value.get(c)) for c in _FLOATS[kind]}
        elif kind in _ID_FIELDS:
            data = {_ID_FIELDS[kind]: value.get("id")}
        else:
            raise EncodeError(f"userdata {tag!r} has no documented layout", field_path=path,
                              expected='{"$lua": "userdata", "type_id": ..., "rest": ...}')
        return {"header": {"type_id": kind.name}, "data": data}
