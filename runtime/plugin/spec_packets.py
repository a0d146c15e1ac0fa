"""A protocol's packets as its specs describe them: their names and field paths, which a
plug-in need not list by hand.

A packet spec routes on its packet id: its top-level ``seq`` reads the id as an enum and
parses the body with a ``switch-on`` of that id. The enum's names are the packets' names,
as the decoder names a packet after the id's enum member. :func:`packet_names` finds
that switch in the root spec (the one ``Wireshark.root_spec`` names, else every spec of
the folder that no other one imports) and gives the names of the enum it switches on,
from the compiled Python class (the names a decoder gives its packets).

A spec with no such switch names no packets here (the decoder's names are then
``unknown_<n>`` and what its own ``Protocol.packet_names`` gives).

:func:`field_paths` gives, for each of those packets, the dotted paths of the fields its
parse holds (as ``-e`` names them): the root's fields, the body type its case of the
switch names (the ``_`` case for packets without one) and, through user types and
switches (every case), their fields and instances, lists walked through.
"""
from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml

#: ``packet_id``, ``packet_id.to_i``, ``(packet_id)``: the field a switch reads
_SUBJECT = re.compile(r"^\(?\s*([a-z_][a-z0-9_]*)\s*\)?(?:\.to_i)?$")


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def _load(path: Path) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except (OSError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


def _imports(spec: dict[str, Any]) -> list[str]:
    meta = spec.get("meta")
    found = meta.get("imports") if isinstance(meta, dict) else None
    return [Path(str(i)).name for i in found] if isinstance(found, list) else []


def root_specs(folder: Path) -> list[str]:
    """The specs of ``folder`` that no other spec there imports (by ``meta.id``)."""
    specs = {path.stem: _load(path) for path in sorted(Path(folder).glob("*.ksy"))}
    imported = {name for spec in specs.values() for name in _imports(spec)}
    return [name for name in specs if name not in imported]


def switch_field(spec: dict[str, Any]) -> tuple[str, str] | None:
    """The field the top-level ``seq`` switches a body on and its enum (as the spec names
    it, e.g. ``("packet_id", "sm_common::packet_id")``); None when it has no such switch."""
    seq = spec.get("seq")
    if not isinstance(seq, list):
        return None
    enums = {str(a.get("id")): str(a["enum"]) for a in seq
             if isinstance(a, dict) and a.get("enum") is not None}
    for attr in seq:
        kind = attr.get("type") if isinstance(attr, dict) else None
        if isinstance(kind, dict) and "switch-on" in kind:
            match = _SUBJECT.match(str(kind["switch-on"]).strip())
            if match is not None and match.group(1) in enums:
                return match.group(1), enums[match.group(1)]
    return None


def switch_enum(spec: dict[str, Any]) -> str | None:
    """The enum (as the spec names it, e.g. ``sm_common::packet_id``) of the field the
    top-level ``seq`` switches a body on; None when it has no such switch."""
    found = switch_field(spec)
    return None if found is None else found[1]


def enum_class(package: str, spec_id: str, enum: str, imports: list[str]) -> Any:
    """The compiled Python enum class of ``enum`` as named in spec ``spec_id`` (``a::b``:
    enum ``b`` of imported spec ``a``, or of type ``a`` of this spec)."""
    parts = enum.split("::")
    module_name = spec_id
    if len(parts) > 1 and parts[0] in imports:
        module_name, parts = parts[0], parts[1:]
    owner: Any = getattr(importlib.import_module(f"{package}.{module_name}"), _camel(module_name))
    for part in parts:
        owner = getattr(owner, _camel(part))
    return owner


@cache
def packet_names(folder: Path, package: str, root: str | None = None) -> frozenset[str]:
    """The names of the enum the root spec(s) of ``folder`` switch their body on (the
    classes compiled into ``package``). Specs that cannot be read, or whose class is not
    there, name nothing."""
    names: set[str] = set()
    for spec_id in [root] if root is not None else root_specs(folder):
        spec = _load(Path(folder) / f"{spec_id}.ksy")
        enum = switch_enum(spec)
        if enum is None:
            continue
        try:
            cls = enum_class(package, spec_id, enum, _imports(spec))
        except (ImportError, AttributeError):
            continue
        names.update(member.name for member in cls)
    return frozenset(names)


#: Nesting of user types :func:`field_paths` follows (recursive types stop there).
MAX_DEPTH = 12

_Ref = tuple[str, tuple[str, ...]]      # (spec id, type path in the spec; () is its root)


class _Specs:
    """The specs of one folder, read when first asked for."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.loaded: dict[str, dict[str, Any]] = {}

    def spec(self, spec_id: str) -> dict[str, Any]:
        if spec_id not in self.loaded:
            self.loaded[spec_id] = _load(self.folder / f"{spec_id}.ksy")
        return self.loaded[spec_id]

    def body(self, ref: _Ref) -> dict[str, Any]:
        node: Any = self.spec(ref[0])
        for name in ref[1]:
            types = node.get("types") if isinstance(node, dict) else None
            node = types.get(name) if isinstance(types, dict) else None
        return node if isinstance(node, dict) else {}

    def resolve(self, name: str, at: _Ref) -> _Ref | None:
        """The type ``name`` (``a::b``) means inside type ``at``, as Kaitai looks it up:
        the types of ``at`` and of each type around it, then the specs it imports."""
        first, *rest = name.split("::")
        for depth in range(len(at[1]), -1, -1):
            outer = (at[0], at[1][:depth])
            types = self.body(outer).get("types")
            if isinstance(types, dict) and first in types:
                return self._within((at[0], (*outer[1], first)), rest)
        if first in _imports(self.spec(at[0])) or first == at[0]:
            return self._within((first, ()), rest)
        return None

    def _within(self, ref: _Ref, rest: list[str]) -> _Ref | None:
        for name in rest:
            types = self.body(ref).get("types")
            if not (isinstance(types, dict) and name in types):
                return None
            ref = (ref[0], (*ref[1], name))
        return ref

    def paths(self, ref: _Ref, prefix: str, seen: tuple[_Ref, ...] = ()) -> set[str]:
        """Every dotted path into an object of type ``ref``."""
        if ref in seen or len(seen) >= MAX_DEPTH:
            return set()
        body = self.body(ref)
        attrs = [a for a in body.get("seq") or [] if isinstance(a, dict)]
        instances = body.get("instances")
        if isinstance(instances, dict):
            attrs += [{**a, "id": k} for k, a in instances.items() if isinstance(a, dict)]
        return self.attr_paths(attrs, ref, prefix, (*seen, ref))

    def attr_paths(self, attrs: list[dict[str, Any]], ref: _Ref, prefix: str,
                   seen: tuple[_Ref, ...]) -> set[str]:
        """Every dotted path into the fields ``attrs`` of type ``ref``."""
        found: set[str] = set()
        for attr in attrs:
            if attr.get("id") is None:
                continue
            path = f"{prefix}.{attr['id']}" if prefix else str(attr["id"])
            found.add(path)
            for kind in _kinds(attr.get("type")):
                inner = self.resolve(kind, ref)
                if inner is not None:
                    found |= self.paths(inner, path, seen)
        return found


def _kinds(kind: Any) -> list[str]:
    """The user type names a field's ``type`` may be (every case of a switch)."""
    if isinstance(kind, dict):
        cases = kind.get("cases")
        return [str(v).split("(")[0].strip() for v in cases.values()] \
            if isinstance(cases, dict) else []
    return [kind.split("(")[0].strip()] if isinstance(kind, str) else []


def field_paths(folder: Path, package: str, root: str | None = None
                ) -> dict[str, frozenset[str]]:
    """Packet name -> the dotted paths of its fields, for the packets
    :func:`packet_names` finds (the root specs of ``folder``, or ``root``); a root spec
    without that switch is one packet named after the spec (as a protocol given by its
    spec alone names it, :mod:`wirestruct.core.spec_decoder`)."""
    specs = _Specs(Path(folder))
    out: dict[str, set[str]] = {}
    for spec_id in [root] if root is not None else root_specs(folder):
        spec = specs.spec(spec_id)
        enum = switch_enum(spec)
        if enum is None:
            if spec:
                out.setdefault(spec_id, set()).update(specs.paths((spec_id, ()), ""))
            continue
        try:
            members = {m.value: m.name for m in enum_class(package, spec_id, enum,
                                                           _imports(spec))}
        except (ImportError, AttributeError):
            continue
        shared = specs.attr_paths([a for a in spec["seq"] if isinstance(a, dict)
                                   and not _is_switch(a)], (spec_id, ()), "", ())
        switch = next(a for a in spec["seq"] if _is_switch(a))
        cases = switch["type"].get("cases") or {}
        by_name: dict[str, str] = {}
        for key, kind in cases.items():
            name = members.get(key) if isinstance(key, int) else str(key).split("::")[-1]
            if name is not None:
                by_name[name] = str(kind).split("(")[0].strip()
        for name in members.values():
            found = out.setdefault(name, set())
            found |= shared | {str(switch["id"])}
            kind = by_name.get(name, str(cases.get("_", "")).split("(")[0].strip())
            inner = specs.resolve(kind, (spec_id, ())) if kind else None
            if inner is not None:
                found |= specs.paths(inner, str(switch["id"]))
    return {name: frozenset(paths) for name, paths in out.items()}


def _is_switch(attr: Any) -> bool:
    return isinstance(attr, dict) and isinstance(attr.get("type"), dict) \
        and "switch-on" in attr["type"]


#: The specs of one folder, read when first asked for, their type names resolved as
#: Kaitai resolves them (``spec``, ``body``, ``resolve``): for other readers of the specs.
SpecTypes = _Specs
