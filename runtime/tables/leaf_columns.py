"""Tables of a protocol read from its specs: one per packet name, its leaf fields as
columns, for a protocol with no tables of its own (one given by its specs alone).

The packets are those of the enum the root spec's top-level switch routes on
(:mod:`wirestruct.plugin.spec_packets`; a spec without one is one packet named after it).
Table ``packet_<name>`` has ``packet_index`` and ``t``, then one column per leaf field of
the packet's sequence (the root's fields and its case of the switch, user types and every
case of inner switches followed), named by its dotted path as ``-e`` takes it: integers
as int64 (u8 as uint64), floats as float64, strings and enum names as text, byte arrays
as binary, one bit as bool; a leaf inside a repeated field is a list of its values.
Instances are left out (a table holds what the packet carries).
"""
from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pyarrow as pa
from wirestruct.core.events import PacketEvent
from wirestruct.plugin import spec_packets
from wirestruct.plugin.protocol import Specs, Tables
from wirestruct.tables.rows import Row, time_ns
from wirestruct.tables.schemas import I64, TIME, schema

_INTS = {f"{s}{n}{e}" for s in "us" for n in (1, 2, 4, 8) for e in ("", "le", "be")}
_FLOATS = {f"f{n}{e}" for n in (4, 8) for e in ("", "le", "be")}
#: Nesting of user types followed (recursive types stop there).
MAX_DEPTH = 12


@dataclass(frozen=True)
class Leaf:
    path: str                   #: dotted, as ``-e`` names it
    kind: pa.DataType
    repeated: bool              #: inside a repeated field: a list of values


def _kind(attr: dict[str, Any]) -> pa.DataType | None:
    """The column type of a field that holds a value (None: a user type or switch)."""
    kind = attr.get("type")
    if attr.get("enum") is not None or kind in ("str", "strz") or (
            kind is None and attr.get("encoding") is not None):
        return pa.string()
    if kind is None:
        return pa.binary()
    if not isinstance(kind, str):
        return None
    if kind in _INTS:
        return pa.uint64() if kind.startswith("u8") else pa.int64()
    if kind in _FLOATS:
        return pa.float64()
    if kind == "b1":
        return pa.bool_()
    if kind[:1] == "b" and kind[1:].isdigit():
        return pa.int64()
    return None


def leaves(types: spec_packets.SpecTypes, ref: tuple[str, tuple[str, ...]], prefix: str,
           repeated: bool = False, seen: tuple[Any, ...] = ()) -> list[Leaf]:
    """The leaf fields of type ``ref`` (its sequence), under ``prefix``."""
    if ref in seen or len(seen) >= MAX_DEPTH:
        return []
    out: list[Leaf] = []
    for attr in types.body(ref).get("seq") or []:
        if not isinstance(attr, dict) or attr.get("id") is None:
            continue
        out.extend(attr_leaves(types, attr, ref, prefix, repeated, (*seen, ref)))
    return out


def attr_leaves(types: spec_packets.SpecTypes, attr: dict[str, Any],
                ref: tuple[str, tuple[str, ...]], prefix: str, repeated: bool,
                seen: tuple[Any, ...]) -> list[Leaf]:
    path = f"{prefix}.{attr['id']}" if prefix else str(attr["id"])
    many = repeated or attr.get("repeat") is not None
    kind = _kind(attr)
    if kind is not None:
        return [Leaf(path, kind, many)]
    out: list[Leaf] = []
    names = _type_names(attr.get("type"))
    for name in names:
        inner = types.resolve(name, ref)
        if inner is not None:
            out.extend(leaf for leaf in leaves(types, inner, path, many, seen)
                       if all(leaf.path != o.path for o in out))
        elif _kind({"type": name}) is not None and all(o.path != path for o in out):
            out.append(Leaf(path, _kind({"type": name}) or pa.string(), many))
    return out


def _type_names(kind: Any) -> list[str]:
    if isinstance(kind, dict):
        cases = kind.get("cases")
        return [str(v).split("(")[0].strip() for v in cases.values()] \
            if isinstance(cases, dict) else []
    return [kind.split("(")[0].strip()] if isinstance(kind, str) else []


def packet_leaves(specs: Specs, root: str) -> dict[str, list[Leaf]]:
    """Packet name -> its leaves (every packet of the root's switch; a root without one
    is one packet named after the spec)."""
    types = spec_packets.SpecTypes(specs.folder)
    spec = types.spec(root)
    found = spec_packets.switch_field(spec)
    if found is None:
        return {root: leaves(types, (root, ()), "")}
    field, enum_ref = found
    members = {m.value: m.name for m in spec_packets.enum_class(
        specs.package, root, enum_ref, _imports(spec))}
    seq = [a for a in spec.get("seq") or [] if isinstance(a, dict) and a.get("id")]
    switch = next(a for a in seq if isinstance(a.get("type"), dict)
                  and "switch-on" in a["type"])
    shared = [leaf for a in seq if a is not switch
              for leaf in attr_leaves(types, a, (root, ()), "", False, ())]
    cases = switch["type"].get("cases") or {}
    by_name = {members.get(k) if isinstance(k, int) else str(k).split("::")[-1]: v
               for k, v in cases.items()}
    out: dict[str, list[Leaf]] = {}
    for name in members.values():
        kind = by_name.get(name, cases.get("_"))
        body = attr_leaves(types, {**switch, "type": kind}, (root, ()), "", False, ()) \
            if kind is not None else []
        out[name] = shared + body
    return out


def _imports(spec: dict[str, Any]) -> list[str]:
    meta = spec.get("meta")
    found = meta.get("imports") if isinstance(meta, dict) else None
    return [str(i).rsplit("/", 1)[-1] for i in found] if isinstance(found, list) else []


def _value(obj: Any, parts: list[str]) -> Any:
    """The value at ``parts`` below ``obj``; a list through repeated fields (flattened);
    None where a field is absent."""
    if obj is None:
        return None
    if isinstance(obj, list):
        out: list[Any] = []
        for item in obj:
            found = _value(item, parts)
            out.extend(found if isinstance(found, list) else [found])
        return out
    if not parts:
        return obj
    try:
        inner = getattr(obj, parts[0])
    except Exception:  # noqa: BLE001 - a field the packet does not have (if:, another case)
        return None
    return _value(inner, parts[1:])


def _cell(value: Any, kind: pa.DataType) -> Any:
    if isinstance(value, list):
        return [_cell(v, kind) for v in value]
    if isinstance(value, enum.Enum):
        return value.name
    if value is None:
        return None
    if pa.types.is_string(kind):
        return value if isinstance(value, str) else str(value)
    if pa.types.is_binary(kind):
        return bytes(value) if isinstance(value, (bytes, bytearray)) else None
    if pa.types.is_boolean(kind):
        return bool(value)
    if pa.types.is_floating(kind):
        return float(value) if isinstance(value, (int, float)) else None
    return value if isinstance(value, int) else None


class _Rows:
    def __init__(self, tables: dict[str, tuple[str, list[Leaf]]]) -> None:
        self.tables = tables

    def __call__(self, event: PacketEvent) -> Iterator[Row]:
        found = self.tables.get(event.name)
        if found is None:
            return
        table, cols = found
        packet = event.packet
        values = []
        for leaf in cols:
            value = _value(packet, leaf.path.split("."))
            if leaf.repeated and not isinstance(value, list):
                value = None if value is None else [value]
            values.append(_cell(value, leaf.kind))
        yield table, (event.index, time_ns(event), *values)

    @staticmethod
    def final(snapshot: dict[str, Any]) -> tuple[int | None, int]:
        return None, len(snapshot.get("packets") or {})


def packet_tables(specs: Specs, root: str) -> Tables:
    """The tables of the packets of spec ``root`` (compiled into ``specs``)."""
    tables: dict[str, tuple[str, list[Leaf]]] = {}
    schemas: dict[str, pa.Schema] = {}
    for name, cols in sorted(packet_leaves(specs, root).items()):
        table = f"packet_{name}"
        tables[name] = (table, cols)
        schemas[table] = schema(pa.field("packet_index", I64), pa.field("t", TIME), *(
            pa.field(leaf.path, pa.list_(leaf.kind) if leaf.repeated else leaf.kind)
            for leaf in cols))
    return Tables(schemas=schemas, rows=lambda **_options: _Rows(tables))
