"""Wireshark fields from the specs: one ProtoField per field of every type of a protocol.

:func:`field_table` reads a protocol's specs (``Specs.folder``) and describes, for every
type (by the name of the Lua class the compiler makes of it, e.g. ``MyGamePacket.Move``),
its parameters, its sequence fields in spec order and its instances in name order (as the
compiler writes them, and wirestruct's output shows them), each with

- a filter name from the protocol, the type and the field: ``<proto>.move.x``; the fields
  of the protocol's root type are ``<proto>.<field>``, those of another spec's root type
  ``<proto>.<spec>.<field>``; a type name two specs share is prefixed with its spec
  (``<proto>.<spec>.<type>.<field>``);
- a label that says what the field is: its id as words, after its type's name where
  the id alone is generic (``Uuid high``, ``Var int value``; :func:`label`);
- a Wireshark field type from the spec's type: ``u1``..``u8``/``s1``..``s8`` as unsigned
  and signed integers of that width, ``b1`` as a boolean, ``bN`` as an integer, ``f4`` and
  ``f8`` as floats, ``str``/``strz`` as text, bytes as bytes, a user type or a switch as
  a subtree (``none``); an ``enum`` as an integer with the enum's names;
- a user type the readable output shows as one value (``Presentation.value_instance``: a
  wrapper such as a varint) typed as that value, the dissector adding it as one item;
- parameters (given by the parent type) with their declared type, shown as computed;
- value instances typed as the compiler types their expression (the ``INSTANCE_TYPES``
  ``wirestruct regen`` writes into the generated package): integers as 64-bit integers,
  floats as doubles, booleans, text, bytes, an enum's integer with its names; shown as
  computed, at the start of their object, size 0.

:func:`lua_table` writes the description as a Lua chunk the dissector loads.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from wirestruct.plugin.protocol import Protocol
from wirestruct.wireshark.lua_text import lua_string


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
    wrapper: bool = False  #: holds a wrapper shown as its value (typed as that value)
    label: str = ""      #: what the packet details call it (:func:`label`)


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

    def instances(self) -> dict[str, bool]:
        """Filter name -> whether the field is computed (shown without a range of its own)."""
        return {f.abbrev: f.instance for info in self.types.values() for f in info.fields}

    def wrappers(self) -> set[str]:
        """Filter names of the fields shown as a wrapper's value."""
        return {f.abbrev for info in self.types.values() for f in info.fields if f.wrapper}


def _ftype(attr: dict[str, Any]) -> str:
    t = attr.get("type")
    if t is None or _type_refs(t):
        # bytes; a user type or a switch is its bytes too, with the structure under it
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


def field_table(protocol: Protocol) -> Table:
    """The fields of every type of ``protocol``'s specs (it must have a Wireshark part)."""
    ws = protocol.wireshark
    if ws is None:
        raise ValueError(f"protocol {protocol.name} has no Wireshark dissector")
    package = importlib.import_module(protocol.specs.package)
    return spec_fields(protocol.specs.folder, ws.proto, ws.root_spec,
                       values=value_classes(protocol),
                       instance_types=getattr(package, "INSTANCE_TYPES", {}))


def value_classes(protocol: Protocol) -> dict[str, str]:
    """Lua class -> member: the wrapper types the readable output shows as one value
    (``Presentation.value_instance``), shown as their ``value``."""
    return {key.partition(":")[2]: "value" for key in protocol.presentation.value_instance}


def info_values(protocol: Protocol) -> dict[str, str]:
    """Lua class -> field: the wrappers the Info column shows as one of their fields
    (``Wireshark.values``), as the summary shows them; the tree keeps their fields."""
    if protocol.wireshark is None:
        return {}
    return {key.partition(":")[2]: member for key, member in protocol.wireshark.values.items()}


def hidden_classes(protocol: Protocol) -> list[str]:
    """The Lua classes the readable output leaves out."""
    return sorted(key.partition(":")[2] for key in protocol.presentation.hidden_classes)


#: Filter names under the protocol the dissector adds itself (no spec field may take them).
RESERVED = ("wirestruct_value", "packet_name")


def spec_fields(folder: Path, proto: str, root_spec: str, *,
                values: dict[str, str] | None = None,
                instance_types: dict[str, dict[str, str]] | None = None) -> Table:
    """The fields of every type of the specs in ``folder`` for protocol ``proto`` (the
    filter prefix), ``root_spec`` being the spec whose root type is the protocol's packet;
    ``values``: wrapper classes shown as one of their members (typed as it); and
    ``instance_types``: ``spec:Lua.Class`` -> instance -> the compiler's type of it."""
    specs = {p.stem: load_spec(p) for p in sorted(Path(folder).glob("*.ksy"))}
    found = _types(specs)
    enums = _enums(found)
    classes = {".".join([camel(s), *map(camel, path)]) for s, path, _ in found}
    shared: dict[str, set[str]] = {}
    for spec_id, path, _ in found:
        if path:
            shared.setdefault(path[-1], set()).add(spec_id)
    types: dict[str, TypeInfo] = {}
    seen_abbrevs = {f"{proto}.{name}" for name in RESERVED}
    resolved: list[tuple[Field, list[str]]] = []
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
        info.fields.extend(_params(
            node, prefix, seen_abbrevs, (spec_id, path),
            lambda ref, spec_id=spec_id, path=path: _enum_class(specs, enums, spec_id, path, ref),
            enums.__getitem__))
        typed = (instance_types or {}).get(f"{spec_id}:{lua_class}", {})
        entries = [(a, False) for a in node.get("seq") or []]
        # instances in name order, as the compiler writes them (and wirestruct shows them)
        entries += [(dict(v, id=k), True)
                    for k, v in sorted((node.get("instances") or {}).items())]
        for attr, instance in entries:
            fid = attr.get("id")
            if not isinstance(fid, str):
                continue
            if instance and "value" in attr:
                ftype = _value_ftype(str(attr["value"]), typed.get(fid))
            else:
                ftype = _ftype(attr)
            enum = _enum_class(specs, enums, spec_id, path, attr["enum"]) \
                if "enum" in attr else None
            if enum is not None:
                ftype = _enum_ftype(ftype, enums[enum])
            abbrev = f"{prefix}.{fid}"
            if abbrev in seen_abbrevs:
                raise ValueError(f"two fields would be called {abbrev}")
            seen_abbrevs.add(abbrev)
            entry = Field(fid, abbrev, ftype, enum, instance, _first_line(attr.get("doc")),
                          label=label(fid, spec_id, path))
            info.fields.append(entry)
            refs = _type_refs(attr.get("type"))
            if refs and values:
                wrapped = [_type_class(specs, classes, spec_id, path, ref) for ref in refs]
                if wrapped and all(c in values for c in wrapped):
                    resolved.append((entry, [f"{c}.{values[c]}" for c in wrapped
                                             if c is not None]))
        types[lua_class] = info
    _type_wrappers(types, resolved)
    return Table(proto, types, enums)


def _types(specs: dict[str, dict[str, Any]]) -> list[tuple[str, tuple[str, ...], dict[str, Any]]]:
    """Every type: (spec id, path of type names, spec node)."""
    found: list[tuple[str, tuple[str, ...], dict[str, Any]]] = []

    def walk(spec_id: str, path: tuple[str, ...], node: dict[str, Any]) -> None:
        found.append((spec_id, path, node))
        for name, sub in (node.get("types") or {}).items():
            walk(spec_id, path + (name,), sub)

    for spec_id, spec in specs.items():
        walk(spec_id, (), spec)
    return found


def _enums(found) -> dict[str, dict[int, str]]:
    enums: dict[str, dict[int, str]] = {}
    for spec_id, path, node in found:
        for name, table in (node.get("enums") or {}).items():
            lua = ".".join([camel(spec_id), *map(camel, path), camel(name)])
            enums[lua] = {int(k): (v["id"] if isinstance(v, dict) else str(v))
                          for k, v in table.items()}
    return enums


def _lookup(specs: dict[str, dict[str, Any]], spec_id: str, path: tuple[str, ...],
            ref: str, known: Any) -> str | None:
    """The Lua class path ``ref`` names from type ``path`` of ``spec_id``, as Kaitai
    resolves names: ``spec::name`` in that spec, otherwise from the type outwards;
    ``known(candidate)`` says whether a candidate exists."""
    parts = ref.split("::")
    if len(parts) > 1 and parts[0] in specs:      # spec::enum or spec::type::enum
        candidate = ".".join([camel(parts[0]), *map(camel, parts[1:])])
        return candidate if known(candidate) else None
    for depth in range(len(path), -1, -1):
        candidate = ".".join([camel(spec_id), *map(camel, path[:depth]), *map(camel, parts)])
        if known(candidate):
            return candidate
    if len(parts) == 1 and parts[0] in specs:     # an imported spec's root type
        return camel(parts[0])
    return None


def _enum_class(specs, enums, spec_id: str, path: tuple[str, ...], ref: str) -> str | None:
    return _lookup(specs, spec_id, path, ref, lambda c: c in enums)


def _type_class(specs, classes: set[str], spec_id: str, path: tuple[str, ...],
                ref: str) -> str | None:
    return _lookup(specs, spec_id, path, ref.split("(")[0].strip(), lambda c: c in classes)


def _enum_ftype(ftype: str, values: dict[int, str]) -> str:
    """The field type of an enum-valued field: its integer type where it has one of at
    most 32 bits, else a 32-bit integer (Wireshark names the values of those), signed
    where the enum has negative values."""
    signed = any(v < 0 for v in values)
    if ftype in ("int8", "int16", "int32") or (not signed and ftype in (
            "uint8", "uint16", "uint32")):
        return ftype
    if any(not -2**31 <= v < 2**32 for v in values):
        return "int64" if signed else "uint64"
    return "int32" if signed else "uint32"


def _type_refs(t: Any) -> list[str]:
    """The user types a field's ``type`` names (every case of a switch)."""
    if isinstance(t, dict):
        return [str(ref) for ref in (t.get("cases") or {}).values()]
    if isinstance(t, str) and not (_INT.match(t) or _BITS.match(t) or _FLOAT.match(t)
                                   or t in ("str", "strz")):
        return [t]
    return []


def _type_wrappers(types: dict[str, TypeInfo],
                   resolved: list[tuple[Field, list[str]]]) -> None:
    """Fields holding wrappers: typed as the wrapper's value (one type for every case)."""
    def member(path: str) -> Field | None:
        cls, _, name = path.rpartition(".")
        info = types.get(cls)
        return next((f for f in info.fields if f.id == name), None) if info else None

    for entry, members in resolved:
        found = [member(m) for m in members]
        kinds = {(f.ftype, f.enum) for f in found if f is not None}
        if len(kinds) == 1 and None not in found:
            entry.ftype, entry.enum = next(iter(kinds))
            entry.wrapper = True


#: The compiler's types of value instances (``INSTANCE_TYPES``) as Wireshark field types.
_INSTANCE_FTYPES = {"bool": "bool", "int": "int64", "str": "string", "bytes": "bytes",
                    "enum": "int64", "struct": "none", "list": "none"}


def _value_ftype(expression: str, typed: str | None) -> str:
    if typed is not None:
        m = _INT.match(typed)
        if m:
            return ("uint" if m.group(1) == "u" else "int") + str(8 * int(m.group(2)))
        if typed in ("f4", "f8"):
            return "float" if typed == "f4" else "double"
        return _INSTANCE_FTYPES.get(typed, "string")
    # no type from the compiler: a truth value when the expression is a comparison or a
    # logical operation on top, text otherwise
    boolean = "?" not in expression and _BOOLEAN.search(expression)
    return "bool" if boolean else "string"


def _params(node: dict[str, Any], prefix: str, seen: set[str], owner: tuple[str, Any],
            enum_of: Any, enum_values: Any) -> list[Field]:
    """A type's parameters, shown as computed items (wirestruct's raw output lists them
    with the fields); ``owner`` is the type's (spec id, path) for the labels,
    ``enum_of(ref)`` resolves a parameter's enum, ``enum_values`` gives an enum's table."""
    out = []
    for param in node.get("params") or []:
        ftype = _ftype({"type": param.get("type")}) if param.get("type") else "string"
        if ftype == "bytes":
            ftype = "string"
        enum = enum_of(param["enum"]) if "enum" in param else None
        if enum is not None:
            ftype = _enum_ftype(ftype, enum_values(enum))
        abbrev = f"{prefix}.{param['id']}"
        if abbrev in seen:
            raise ValueError(f"two fields would be called {abbrev}")
        seen.add(abbrev)
        out.append(Field(param["id"], abbrev, ftype, enum, True,
                         _first_line(param.get("doc")), param=True,
                         label=label(param["id"], *owner)))
    return out


#: Field ids that do not say what a field is without the type they belong to.
GENERIC_IDS = frozenset({
    "value", "high", "low", "data", "body", "payload", "raw", "rest", "bytes", "index",
    "flags", "key", "id", "len", "size", "count", "num", "type", "kind", "mode", "item",
    "items", "entry", "entries", "elements", "a", "b", "g", "r", "u", "v",
    "w", "x", "y", "z", "lo", "hi", "first", "second", "left", "right"})
_FILLER = re.compile(r"^(unknown|ignored|reserved|padding|unused)(_\d+)?$")


def humanise(name: str) -> str:
    """``len_payload`` -> ``Len payload``: an id as words, the first one capitalised."""
    words = " ".join(part for part in name.split("_") if part)
    return words[:1].upper() + words[1:]


def label(field_id: str, spec_id: str, path: tuple[str, ...] = ()) -> str:
    """The name the packet details show for field ``field_id`` of type ``path`` of spec
    ``spec_id``: its id as words (``player_id`` -> ``Player id``), after the type's name
    where the id alone says nothing of what the field is (``value`` of ``var_int`` ->
    ``Var int value``; ``high`` of ``uuid`` -> ``Uuid high``; ``unknown_2`` of
    ``sm_interact`` -> ``Sm interact unknown 2``)."""
    words = humanise(field_id) or field_id
    if field_id in GENERIC_IDS or _FILLER.match(field_id):
        owner = humanise(path[-1] if path else spec_id)
        return f"{owner} {words[:1].lower() + words[1:]}" if owner else words
    return words


def lua_table(table: Table) -> str:
    """The table as a Lua chunk returning
    ``{proto=, enums={[class]={[value]=name}}, types={[class]={key=, fields={{id, abbrev,
    ftype, enum, instance, param, doc, label}, ...}}}}``."""
    lines = ["-- Generated by wirestruct.wireshark.fields from the specs: do not edit.",
             "return {", f"  proto = {lua_string(table.proto)},", "  enums = {"]
    for name, values in sorted(table.enums.items()):
        items = ", ".join(f"[{v}] = {lua_string(n)}" for v, n in sorted(values.items()))
        lines.append(f"    [{lua_string(name)}] = {{ {items} }},")
    lines += ["  },", "  types = {"]
    for name, info in sorted(table.types.items()):
        lines.append(f"    [{lua_string(name)}] = {{ key = {lua_string(info.key)}, fields = {{")
        for f in info.fields:
            enum = lua_string(f.enum) if f.enum else "nil"
            lines.append(f"      {{ id = {lua_string(f.id)}, abbrev = {lua_string(f.abbrev)}, "
                         f"ftype = {lua_string(f.ftype)}, enum = {enum}, "
                         f"instance = {'true' if f.instance else 'false'}, "
                         f"param = {'true' if f.param else 'false'}, "
                         f"doc = {lua_string(f.doc)}, label = {lua_string(f.label or f.id)} }},")
        lines.append("    } },")
    lines += ["  },", "}", ""]
    return "\n".join(lines)
