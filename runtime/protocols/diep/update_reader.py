"""The 0x00 update packet read straight into its readable fields.

Through the generated classes a 0x00 update costs three objects for every changed field
(its table entry, its value, the varint under it), each a cycle through ``_root`` that only
the collector frees, and readable output then walks them all again. :class:`UpdateReader`
reads the same packet in one pass into the dict ``wirestruct decode`` prints as its
``fields``. It is made once per build from the build's field table, the data its
clientbound spec is rendered from (``ksy/diep/data``, :mod:`wirestruct.protocols.diep.builds`):
each field's creation order, group, update slot, element count and wire type; the names it
shows (packet ids, upcreate kinds, update slots, enums) and the order of every object's
keys are taken from the generated classes, and a build whose classes show anything this
module does not write gets no reader.

It checks what the spec checks and gives up (None) on anything else: a byte past the end,
a jump out of its table or onto a slot the build never sends, an upcreate kind or table
start the spec refuses, a fifth varint byte with its high bit, text that is not UTF-8,
bytes left over. The decoder then parses the packet with the generated classes, so every
error it reports is theirs. ``tests/diep/test_update_reader.py`` proves the fields equal,
key for key and in order, to the generated classes' readable output on every update of the
sample, the real captures and generated sessions, and on thousands of damaged ones.
"""
from __future__ import annotations

import functools
import struct
import sys
from collections.abc import Callable
from typing import Any

from wirestruct.output.serialize import instance_names, nonfinite_text, seq_names
from wirestruct.protocols.diep.builds import Build, by_wire_type, load_build
from wirestruct.protocols.diep.presentation import HIDDEN_FIELDS

#: Reads one value at a position of the packet: (its readable form, the position after).
Read = Callable[[bytes, int], tuple[Any, int]]


class GiveUp(Exception):
    """The packet is not one the reader takes: the generated classes parse it."""


UNPACK_F32 = struct.Struct("<f").unpack_from
UNPACK_U32 = struct.Struct("<I").unpack_from


def _vu(data: bytes, pos: int) -> tuple[int, int]:
    b = data[pos]
    if b < 0x80:
        return b, pos + 1
    v = b - 0x80
    b = data[pos + 1]
    if b < 0x80:
        return v + (b << 7), pos + 2
    v += (b - 0x80) << 7
    b = data[pos + 2]
    if b < 0x80:
        return v + (b << 14), pos + 3
    v += (b - 0x80) << 14
    b = data[pos + 3]
    if b < 0x80:
        return v + (b << 21), pos + 4
    v += (b - 0x80) << 21
    b = data[pos + 4]
    if b > 0x7F:
        raise GiveUp                                    # the spec's valid: max 0x7f
    return v + ((b & 0x0F) << 28), pos + 5


def _vi(data: bytes, pos: int) -> tuple[int, int]:
    z, pos = _vu(data, pos)
    return (z >> 1) ^ -(z & 1), pos


def _f32(data: bytes, pos: int) -> tuple[Any, int]:
    v = UNPACK_F32(data, pos)[0]
    return (v if v - v == 0.0 else nonfinite_text(v)), pos + 4


def _string(data: bytes, pos: int) -> tuple[str, int]:
    end = data.index(0, pos)
    return data[pos:end].decode("utf-8"), end + 1


def _entid(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
    h, pos = _vu(data, pos)
    if h == 0:
        return {"hash": 0, "is_null": True}, pos
    i, pos = _vu(data, pos)
    return {"hash": h, "id": i, "is_null": False}, pos


def _fixed(scale: int) -> Read:
    def read(data: bytes, pos: int) -> tuple[float, int]:
        v, pos = _vi(data, pos)
        return v * 1.0 / scale, pos
    return read


def _elements(read_one: Read, num: int) -> Read:
    """An element table over ``num`` elements: the changed ones, then the closing ``01``."""
    last_jump = num + 1

    def read(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        elements: list[dict[str, Any]] = []
        prev = -1
        while True:
            jump = data[pos]
            pos += 1
            if jump == 1:
                return {"num_elements": num, "elements": elements}, pos
            index = prev + (jump ^ 1)
            if jump > last_jump or index >= num:
                raise GiveUp
            value, pos = read_one(data, pos)
            elements.append({"num_elements": num, "value": value, "index": index})
            prev = index
    return read


def array(read_one: Read, num: int) -> Read:
    """An array field of a creation: ``num`` values, one after another."""
    def read(data: bytes, pos: int) -> tuple[list[Any], int]:
        out = []
        for _ in range(num):
            value, pos = read_one(data, pos)
            out.append(value)
        return out, pos
    return read


def _u32(data: bytes, pos: int) -> tuple[int, int]:
    return UNPACK_U32(data, pos)[0], pos + 4


_ENCODINGS: dict[str, Read] = {"diep_types::vu": _vu, "diep_types::vi": _vi,
                               "diep_types::f32": _f32, "diep_types::u32": _u32,
                               "diep_types::string_nt": _string,
                               "diep_types::entid": _entid}

#: An update slot's reader and the name it is shown by; a creation field's name, group
#: bit and reader.
Slot = tuple[Read, Any]
CreationField = tuple[str, int, Read]


def field_plan(build: Build, encodings: dict[str, Read], fixed_point: Callable[[int], Read],
               elements: Callable[[Read, int], Read], slot_names: dict[int, Any]
               ) -> tuple[list[Slot | None], tuple[CreationField, ...]] | None:
    """How each update slot and each creation field of ``build`` is read, from its field
    table: by wire type (``encodings``, ``fixed_point(scale)``), an array's update as an
    ``elements`` table, its creation as all its elements; None when a wire type has no
    reader."""
    slots: list[Slot | None] = [None] * build.num_update_slots
    creation = []
    for f in build.fields:                            # in creation order
        read = by_wire_type(build.wire_types[f.type], encodings, fixed_point)
        update = by_wire_type(build.wire_types[f.update_type], encodings, fixed_point)
        if read is None or update is None or not 0 <= f.update_index < len(slots):
            return None
        slots[f.update_index] = (elements(update, f.length) if f.length else update,
                                 slot_names.get(f.update_index, f.update_index))
        creation.append((f.attr, 1 << f.group_id, array(read, f.length) if f.length else read))
    return slots, tuple(creation)


#: The keys readable output shows of each class this reader writes, in its order (the
#: parameters and sequence fields, then the instances, less the hidden bookkeeping).
_SHOWN = {"UpdatePacket": ("tick", "num_deletions", "deletions", "num_upcreates", "upcreates"),
          "Upcreate": ("entity", "kind", "body"), "EntityUpdate": ("fields",),
          "UpdateField": ("value", "index", "slot"),
          "ElementTableVu": ("num_elements", "elements"),
          "ElementTableVi": ("num_elements", "elements"),
          "ElementTableStringNt": ("num_elements", "elements"),
          "ElementVu": ("num_elements", "value", "index"),
          "ElementVi": ("num_elements", "value", "index"),
          "ElementStringNt": ("num_elements", "value", "index")}
_SHOWN_TOP = ("packet_id", "body")
_SHOWN_ENTID = ("hash", "id", "is_null")


def _shown(cls: type) -> tuple[str, ...]:
    return tuple(n for n in seq_names(cls) + instance_names(cls) if n not in HIDDEN_FIELDS)


_Instance = tuple[str, int, "dict[int, str] | None", str]


class PacketWalk:
    """The walk of a 0x00 update both readers share, the readable one and its raw twin
    (:mod:`.raw_update_reader`): the id byte, the tick, the deletions, the upcreates (each
    its entity, kind and body), no byte left over. A reader says how it reads a varint and
    an entity reference (``read_vu``, ``read_entid``), the number a count it read stands
    for (``count``), an update's field table after its table start (``_update``) and a
    creation's body (``_creation``), each in its own form."""

    read_vu: Read
    read_entid: Read

    def __init__(self, build: Build, names: dict[str, Any]) -> None:
        self.build = build
        self.names = names                #: the packet id's and the upcreate kinds' names
        self._num_groups = build.num_field_groups
        self._num_slots = build.num_update_slots
        self._marker = build.update_marker

    @staticmethod
    def count(value: Any) -> int:
        return value                                     # readable: the number

    def fields(self, data: bytes) -> dict[str, Any] | None:
        """The packet's fields (its id byte included), or None: a packet this reader does
        not take."""
        if data.__class__ is not bytes:
            data = bytes(data)                           # a view, a bytearray
        read_vu, read_entid, count = self.read_vu, self.read_entid, self.count
        update, creation, marker = self._update, self._creation, self._marker
        update_kind, creation_kind = self.names["update"], self.names["creation"]
        try:
            if data[0] != 0:
                return None
            tick, pos = read_vu(data, 1)
            num_deletions, pos = read_vu(data, pos)
            deletions = []
            for _ in range(count(num_deletions)):
                ref, pos = read_entid(data, pos)
                deletions.append(ref)
            num_upcreates, pos = read_vu(data, pos)
            upcreates = []
            for _ in range(count(num_upcreates)):
                entity, pos = read_entid(data, pos)
                kind = data[pos]
                if kind == 0:
                    if data[pos + 1] != marker:
                        raise GiveUp                     # the spec's valid table start
                    body, pos = update(data, pos + 2)
                    upcreates.append({"entity": entity, "kind": update_kind, "body": body})
                elif kind == 1:
                    body, pos = creation(data, pos + 1)
                    upcreates.append({"entity": entity, "kind": creation_kind, "body": body})
                else:
                    raise GiveUp
            if pos != len(data):
                return None                              # bytes left over
        except (GiveUp, IndexError, ValueError, struct.error):
            return None                                  # (UnicodeDecodeError too)
        return {"packet_id": self.names["packet_id"], "body": {
            "tick": tick, "num_deletions": num_deletions, "deletions": deletions,
            "num_upcreates": num_upcreates, "upcreates": upcreates}}

    def _update(self, data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        raise NotImplementedError

    def _creation(self, data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        raise NotImplementedError


class UpdateReader(PacketWalk):
    """The 0x00 update packets of one build, read into their readable fields."""

    read_vu = staticmethod(_vu)
    read_entid = staticmethod(_entid)

    def __init__(self, build: Build, slots: list[Slot | None],
                 creation: tuple[CreationField, ...],
                 instances: tuple[_Instance, ...],
                 names: dict[str, Any]) -> None:
        super().__init__(build, names)
        self.slots = slots                #: update slot -> (how its value is read, its name)
        self.creation = creation          #: (field, group bit, how it is read)
        #: creation instances in order: a group's flag (name, group bit, None, ""), or the
        #: enum of a field (name, group bit, value -> member name, the field)
        self.instances = instances
        #: whether :meth:`fields` gives exactly what readable output shows, key for key and
        #: in order (the build's generated classes show nothing this module does not write)
        self.shown = False

    def _update(self, data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        slots, num_slots = self.slots, self._num_slots
        last_jump = num_slots + 1
        fields: list[dict[str, Any]] = []
        prev = -1
        while True:
            jump = data[pos]
            pos += 1
            if jump == 1:
                return {"fields": fields}, pos
            index = prev + (jump ^ 1)
            if jump > last_jump or index >= num_slots:
                raise GiveUp
            slot = slots[index]
            if slot is None:
                raise GiveUp                            # a slot the build never sends
            value, pos = slot[0](data, pos)
            fields.append({"value": value, "index": index, "slot": slot[1]})
            prev = index

    def _creation(self, data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        num_groups = self._num_groups
        last_jump = num_groups + 1
        mask = 0
        prev = -1
        while True:
            jump = data[pos]
            pos += 1
            if jump == 1:
                break
            index = prev + (jump ^ 1)
            if jump > last_jump or index >= num_groups:
                raise GiveUp
            mask += 1 << index
            prev = index
        body: dict[str, Any] = {}
        for name, bit, read in self.creation:
            if mask & bit:
                body[name], pos = read(data, pos)
        add_instances(body, mask, self.instances, raw=False)
        return body, pos


def add_instances(body: dict[str, Any], mask: int, instances: tuple[_Instance, ...], *,
                  raw: bool) -> None:
    """A creation's instances added to its ``body`` (its fields read, ``mask`` its groups):
    each group's flag, and each enum of a field its group has (the member's name, or the
    value where the enum has none), None where it has not; ``raw``: the fields are raw."""
    for name, bit, enum, source in instances:
        if enum is None:
            body[name] = bool(mask & bit)
        elif mask & bit:
            value = body[source]["value"] if raw else body[source]
            body[name] = enum.get(value, value)
        else:
            body[name] = None


@functools.cache
def update_reader(build: str | Build | None = None) -> UpdateReader | None:
    """The reader of a build's 0x00 updates; None when one of its wire types is not one
    this module reads."""
    build = load_build(build)
    cls = build.packet_class
    slot_names = {member.value: member.name for member in cls.UpdateSlot}
    plan = field_plan(build, _ENCODINGS, _fixed, _elements, slot_names)
    if plan is None:
        return None
    slots, creation = plan
    enums: dict[str, _Instance] = {}
    for f in build.fields:
        members = getattr(cls, _class_name(f.enum), None) if f.enum and not f.length else None
        if members is not None:
            name = f"{f.attr}_enum"
            enums[name] = (name, 1 << f.group_id, {m.value: m.name for m in members}, f.attr)
    # A creation's instances: its group flags, then the enums of its fields; in the order
    # readable output shows them where the generated classes say it.
    instances: dict[str, _Instance] = {
        flag: (flag, 1 << group, None, "")
        for group, flag in sorted(build.group_flags.items(), key=lambda g: g[1])}
    instances.update(enums)
    shown = _shown(cls.Creation)           # the group table (hidden), fields, instances
    order = shown[len(creation) + 1:]
    if sorted(order) == sorted(instances):
        instances = {name: instances[name] for name in order}
    names = {"packet_id": cls.ClientboundPacketId(0).name,
             "update": cls.UpcreateKind(0).name, "creation": cls.UpcreateKind(1).name}
    reader = UpdateReader(build, slots, creation, tuple(instances.values()), names)
    reader.shown = (shown[:len(creation) + 1] == ("groups", *(n for n, _, _ in creation))
                    and order == tuple(instances) and _shown(cls) == _SHOWN_TOP
                    and _shown(sys.modules[cls.__module__].diep_types.DiepTypes.Entid)
                    == _SHOWN_ENTID
                    and all(_shown(getattr(cls, name)) == keys
                            for name, keys in _SHOWN.items() if hasattr(cls, name)))
    return reader


def _class_name(enum_id: str) -> str:
    return "".join(part.capitalize() for part in enum_id.split("_"))
