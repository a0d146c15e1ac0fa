"""Per-build field tables of the 0x00 update packet, and the generated spec of each build.

diep.io shuffles its field order with every game build, so the 0x00 layout is data: one
field table a build, ``ksy/diep/data/<key>.json``. ``wirestruct regen`` renders each table
into ``ksy/diep/diep_clientbound_<key>.ksy`` (compiled to
``wirestruct.generated.diep.diep_clientbound_<key>``); the tracker reads the same table for
field and group names, so the names in its snapshots are exactly the table's.

A build is named by its ``build`` string (``diepcustom-011c2e9``) or by its data file's key
(``diepcustom_011c2e9``).
"""
from __future__ import annotations

import functools
import importlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from wirestruct.core.records import Direction
from wirestruct.core.resources import ksy_root
from wirestruct.generated.diep.diep_serverbound import DiepServerbound

#: Where the field tables live (the same files the specs are rendered from).
DATA_DIR = ksy_root() / "diep" / "data"

#: The build whose table is bundled with the documents, used when none is named.
DEFAULT_BUILD = "diepcustom-011c2e9"

SPEC_PREFIX = "diep_clientbound_"


@dataclass(frozen=True)
class Field:
    """One field of the field table."""

    key: str                 #: "Group.name", as the table spells it
    attr: str                #: attribute of the generated creation type
    group_id: int
    creation_index: int
    update_index: int
    type: str                #: wire type in creations
    update_type: str         #: wire type in updates (differs for Arena.scoreboardScores)
    length: int | None    #: number of elements of an array field, None for scalars
    enum: str | None = None  #: the spec enum a scalar field's value is also shown as

    @property
    def is_entid(self) -> bool:
        return self.type == "entid"


@dataclass(frozen=True, eq=False)
class Build:
    """The field table of one build and the generated class that parses its packets."""

    key: str
    build: str
    groups: dict[int, str]                 #: group id -> name, every group of the table
    fields: tuple[Field, ...]              #: in creation order
    by_update_index: dict[int, Field]
    num_update_slots: int
    package: str = "wirestruct.generated.diep"   #: where the build's generated module is
    #: group id -> the group's name in the spec (its creation flag is ``has_<name>``)
    group_ids: dict[int, str] = field(default_factory=dict)
    #: wire type -> the spec type that reads it (``float64Precision`` ->
    #: ``diep_types::fixed_point(64)``)
    wire_types: dict[str, str] = field(default_factory=dict)
    num_field_groups: int = 0              #: slots of a creation's group table
    update_marker: int = 1                 #: the byte every update's field table starts with

    @property
    def spec(self) -> str:
        """meta.id of the build's clientbound spec."""
        return SPEC_PREFIX + self.key

    @functools.cached_property
    def packet_class(self) -> type[Any]:
        """The build's generated packet class (its members are the compiler's)."""
        module = importlib.import_module(f"{self.package}.{self.spec}")
        name = "".join(part.capitalize() for part in self.spec.split("_"))
        return getattr(module, name)

    @functools.cached_property
    def packet_names(self) -> dict[Direction, dict[int, str]]:
        """Per direction, packet id -> the name events give it (the specs' enums: the
        build's clientbound packets, the serverbound ones)."""
        return {direction: {member.value: member.name for member in enum}
                for direction, enum in ((Direction.S2C, self.packet_class.ClientboundPacketId),
                                        (Direction.C2S, DiepServerbound.ServerboundPacketId))}

    @property
    def group_flags(self) -> dict[int, str]:
        """Group id -> the ``has_<group>`` flag a creation shows it by (readable output)."""
        return {group: f"has_{name}" for group, name in self.group_ids.items()}

    @functools.cached_property
    def group_flag_bits(self) -> tuple[tuple[int, str], ...]:
        """(group bit, ``has_<group>`` flag) of every group, in group id order."""
        return tuple((1 << group, flag) for group, flag in sorted(self.group_flags.items()))

    def group_names(self, mask: int) -> list[str]:
        return [name for gid, name in sorted(self.groups.items()) if mask >> gid & 1]

    def fields_of(self, mask: int) -> tuple[Field, ...]:
        """The fields a creation with these groups carries, in creation order."""
        return _fields_of(self, mask)


_T = TypeVar("_T")
_CALL = re.compile(r"^([\w:]+)\((\d+)\)$")


def by_wire_type(kind: str, plain: Mapping[str, _T],
                 fixed_point: Callable[[int], _T]) -> _T | None:
    """What handles values of spec type ``kind`` (a wire type's ``type`` in the field
    table): the handler ``plain`` names it by (``diep_types::vu``, ...), or
    ``fixed_point(scale)`` for ``diep_types::fixed_point(scale)``; None for any other."""
    found = plain.get(kind)
    if found is not None:
        return found
    call = _CALL.match(kind)
    if call is not None and call.group(1) == "diep_types::fixed_point":
        return fixed_point(int(call.group(2)))
    return None


@functools.lru_cache(maxsize=256)
def _fields_of(build: Build, mask: int) -> tuple[Field, ...]:
    return tuple(f for f in build.fields if mask >> f.group_id & 1)


def build_key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(".", "_")


def available_builds() -> list[str]:
    """Keys of every build with a field table."""
    return sorted(p.stem for p in DATA_DIR.glob("*.json"))


def load_build(name: str | Build | None = None) -> Build:
    """The field table of build ``name`` (default: the bundled build); a :class:`Build`
    is passed through."""
    if isinstance(name, Build):
        return name
    return _load(build_key(name or DEFAULT_BUILD))


@functools.cache
def _load(key: str) -> Build:
    path = DATA_DIR / f"{key}.json"
    if not path.is_file():
        raise ValueError(f"unknown diep build {key!r}; known: {', '.join(available_builds())}")
    data = json.loads(path.read_text(encoding="utf-8"))
    return build_from_table(key, data)


def build_from_table(key: str, data: dict, package: str = "wirestruct.generated.diep") -> Build:
    """A :class:`Build` from a field table as ``ksy/diep/data/<key>.json`` holds it."""
    groups = {g["id"]: g["name"] for g in data["field_groups"]}
    fields = tuple(sorted((Field(key=f["key"], attr=f["ksy_id"], group_id=f["group_id"],
                                 creation_index=f["creation_index"],
                                 update_index=f["update_index"], type=f["type"],
                                 update_type=f["update_type"], length=f["length"],
                                 enum=f.get("enum"))
                           for f in data["fields"]), key=lambda f: f.creation_index))
    return Build(key=key, build=data["build"], groups=groups, fields=fields,
                 by_update_index={f.update_index: f for f in fields},
                 num_update_slots=data["num_update_slots"], package=package,
                 group_ids={g["id"]: g["ksy_id"] for g in data["field_groups"]},
                 wire_types={name: w["type"] for name, w in data["wire_types"].items()},
                 num_field_groups=data["num_field_groups"],
                 update_marker=data["update_marker"])
