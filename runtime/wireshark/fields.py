"""Wireshark fields from the specs: one ProtoField per field of every type of a ksy/ folder.

:func:`field_table` reads the specs of a folder and describes, for every type (by the
name of the Lua class the compiler makes of it, e.g. ``MmePlayers.MovePlayer``), its
sequence fields in spec order and its instances in name order (as the compiler writes
them, and wirestruct's output shows them), each with

- a filter name from the protocol, the type and the field: ``mme.move_player.x``; the
  fields of the protocol's root type are ``mme.len_payload``; a type name two specs of
  the folder share is prefixed with its spec (``mme.mme_map.region.x``);
- a Wireshark field type from the spec's type: ``u1``..``u8``/``s1``..``s8`` as unsigned
  and signed integers of that width, ``b1`` as a boolean, ``bN`` as an integer, ``f4`` and
  ``f8`` as floats, ``str``/``strz`` as text, bytes as bytes, a user type or a switch as
  a subtree (``none``); an ``enum`` as an integer with the enum's names;
- parameters (given by the parent type) with their declared type, shown as computed;
- for value instances, which have no type in the spec: a boolean when the expression is a
  comparison or a logical operation (and no ``?:``), the enum's integer when it has
  ``enum``, text otherwise (shown as computed, at the start of their object, size 0).

:func:`lua_table` writes the description as a Lua chunk the dissector loads.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from wirestruct.core.resources import ksy_root


class _Yaml12Loader(yaml.SafeLoader):
    """PyYAML with YAML 1.2 booleans (``true``/``false`` only), as the Web IDE and the
    compiler read the specs: ``on``, ``off``, ``yes`` and ``no`` stay strings."""


_Yaml12Loader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"))


def load_spec(path: Path) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=_Yaml12Loader)  # noqa: S506 - a SafeLoader subclass


def camel(name: str) -> str:
    """Kaitai's class name for a type or enum id: ``vec3f_xyz`` -> ``Vec3fXyz``."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


_INT = re.compile(r"^([us])([1248])(le|be)?$")
_BITS = re.compile(r"^b(\d+)(le|be)?$")
_FLOAT = re.compile(r"^f([48])(le|be)?$")
#: an instance expression that is a truth value: a comparison or logical operation on top
_BOOLEAN = re.compile(r"(==|!=|<=|>=|<|>|\bnot\b|\band\b|\bor\b|^true$|^false$)")


@dataclass
class Field:
    id: str              #: the field's id in the spec
    abbrev: str          #: Wireshark filter name
    ftype: str           #: uint8 ... int64, bool, float, double, string, bytes, none
    enum: str | None     #: Lua class path of the enum (``MmeTypes.PacketType``)
    instance: bool       #: an instance (computed: no byte range unless positioned)
    doc: str = ""
    param: bool = False  #: a parameter of the type (given by its parent: no byte range)


@dataclass
class TypeInfo:
    lua_class: str       #: the Lua class, e.g. ``MmePlayers.MovePlayer``
    key: str             #: the spec's name, ``mme_players::move_player``
    fields: list[Field] = field(default_factory=list)


@dataclass
class Table:
    proto: str
    types: dict[str, TypeInfo]
    enums: dict[str, dict[int, str]]   #: Lua class path of an enum -> {value: name}


def _ftype(attr: dict[str, Any], endian_free: bool = True) -> str:
    t = attr.get("type")
    if isinstance(t, dict) or (isinstance(t, str) and not (
            _INT.match(t) or _BITS.match(t) or _FLOAT.match(t) or t in ("str", "strz"))):
        return "none"
    if t is None:
        return "bytes"
    m = _INT.match(t)
    if m:
        return ("uint" if m.group(1) == "u" else "int") + str(8 * int(m.group(2)))
    m = _BITS.match(t)
    if m:
        n = int(m.group(1))
        if n == 1 and "enum" not in attr:
            return "bool"
        return "uint64" if n > 32 else "uint32"
    m = _FLOAT.match(t)
    if m:
        return "float" if m.group(1) == "4" else "double"
    return "string"


def _first_line(doc: Any) -> str:
    text = str(doc or "").strip().split("\n\n")[0].replace("\n", " ")
    return text[:200]


def field_table(folder: str, proto: str, root_spec: str, ksy: Path | None = None) -> Table:
    """The fields of every type of ``ksy/<folder>/`` for protocol ``proto`` (the filter
    prefix), ``root_spec`` being the spec whose root type is the protocol's packet."""
    ksy = ksy or ksy_root()
    specs = {p.stem: load_spec(p) for p in sorted((ksy / folder).glob("*.ksy"))}
    # every type: (spec id, path of type names) -> spec node
    found: list[tuple[str, tuple[str, ...], dict[str, Any]]] = []

    def walk(spec_id: str, path: tuple[str, ...], node: dict[str, Any]) -> None:
        found.append((spec_id, path, node))
        for name, sub in (node.get("types") or {}).items():
            walk(spec_id, path + (name,), sub)

    for spec_id, spec in specs.items():
        walk(spec_id, (), spec)
    shared = {}
    for spec_id, path, _ in found:
        if path:
            shared.setdefault(path[-1], set()).add(spec_id)
    enums: dict[str, dict[int, str]] = {}

    def collect_enums(spec_id: str, path: tuple[str, ...], node: dict[str, Any]) -> None:
        for name, table in (node.get("enums") or {}).items():
            lua = ".".join([camel(spec_id), *map(camel, path), camel(name)])
            enums[lua] = {int(k): (v["id"] if isinstance(v, dict) else str(v))
                          for k, v in table.items()}

    for spec_id, path, node in found:
        collect_enums(spec_id, path, node)

    def enum_class(spec_id: str, path: tuple[str, ...], ref: str) -> str | None:
        parts = ref.split("::")
        if len(parts) > 1 and parts[0] in specs:      # spec::enum or spec::type::enum
            candidate = ".".join([camel(parts[0]), *map(camel, parts[1:])])
            return candidate if candidate in enums else None
        # a local enum: looked up from the type outwards, as Kaitai resolves names
        for depth in range(len(path), -1, -1):
            candidate = ".".join([camel(spec_id), *map(camel, path[:depth]),
                                  *map(camel, parts)])
            if candidate in enums:
                return candidate
        return None

    types: dict[str, TypeInfo] = {}
    seen_abbrevs: set[str] = set()
    for spec_id, path, node in found:
        lua_class = ".".join([camel(spec_id), *map(camel, path)])
        key = f"{spec_id}::{'::'.join(path)}" if path else spec_id
        if spec_id == root_spec and not path:
            prefix = proto
        elif not path:
            prefix = f"{proto}.{spec_id}"
        elif len(shared.get(path[-1], ())) > 1:
            prefix = f"{proto}.{spec_id}.{'.'.join(path)}"
        else:
            prefix = f"{proto}.{'.'.join(path)}"
        info = TypeInfo(lua_class, key)
        info.fields.extend(_params(node, prefix, seen_abbrevs))
        entries = [(a, False) for a in node.get("seq") or []]
        # instances in name order, as the compiler writes them (and wirestruct shows them)
        entries += [(dict(v, id=k), True)
                    for k, v in sorted((node.get("instances") or {}).items())]
        for attr, instance in entries:
            fid = attr.get("id")
            if not isinstance(fid, str):
                continue
            if instance and "value" in attr:
                expression = str(attr["value"])
                boolean = "?" not in expression and _BOOLEAN.search(expression)
                ftype = "bool" if boolean else "string"
            else:
                ftype = _ftype(attr)
            enum = enum_class(spec_id, path, attr["enum"]) if "enum" in attr else None
            if enum is not None:
                ftype = ftype if ftype.startswith(("uint", "int")) else "uint32"
                if ftype.startswith("int"):
                    ftype = "u" + ftype
            abbrev = f"{prefix}.{fid}"
            if abbrev in seen_abbrevs:
                raise ValueError(f"two fields would be called {abbrev}")
            seen_abbrevs.add(abbrev)
            info.fields.append(Field(fid, abbrev, ftype, enum, instance,
                                     _first_line(attr.get("doc"))))
        types[lua_class] = info
    return Table(proto, types, enums)


def _params(node: dict[str, Any], prefix: str, seen: set[str]) -> list[Field]:
    """A type's parameters, shown as computed items (wirestruct's raw output lists them
    with the fields)."""
    out = []
    for param in node.get("params") or []:
        ftype = _ftype({"type": param.get("type")}) if param.get("type") else "string"
        if ftype in ("none", "bytes"):
            ftype = "string"
        abbrev = f"{prefix}.{param['id']}"
        if abbrev in seen:
            raise ValueError(f"two fields would be called {abbrev}")
        seen.add(abbrev)
        out.append(Field(param["id"], abbrev, ftype, None, True,
                         _first_line(param.get("doc")), param=True))
    return out


def _lua_string(text: str) -> str:
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + "".join(c if 32 <= ord(c) < 127 or ord(c) > 127 else f"\\{ord(c):03d}"
                         for c in out) + '"'


def lua_table(table: Table) -> str:
    """The table as a Lua chunk returning
    ``{proto=, enums={[class]={[value]=name}}, types={[class]={key=, fields={{id, abbrev,
    ftype, enum, instance, doc}, ...}}}}``."""
    lines = ["-- Generated by wirestruct.wireshark.fields from the specs: do not edit.",
             "return {", f"  proto = {_lua_string(table.proto)},", "  enums = {"]
    for name, values in sorted(table.enums.items()):
        items = ", ".join(f"[{v}] = {_lua_string(n)}" for v, n in sorted(values.items()))
        lines.append(f"    [{_lua_string(name)}] = {{ {items} }},")
    lines += ["  },", "  types = {"]
    for name, info in sorted(table.types.items()):
        lines.append(f"    [{_lua_string(name)}] = {{ key = {_lua_string(info.key)}, fields = {{")
        for f in info.fields:
            enum = _lua_string(f.enum) if f.enum else "nil"
            lines.append(f"      {{ id = {_lua_string(f.id)}, abbrev = {_lua_string(f.abbrev)}, "
                         f"ftype = {_lua_string(f.ftype)}, enum = {enum}, "
                         f"instance = {'true' if f.instance else 'false'}, "
                         f"param = {'true' if f.param else 'false'}, "
                         f"doc = {_lua_string(f.doc)} }},")
        lines.append("    } },")
    lines += ["  },", "}", ""]
    return "\n".join(lines)
