"""The 0x00 update packet read straight into its raw fields (``wirestruct decode --raw``).

The raw twin of :mod:`wirestruct.protocols.diep.update_reader`: the same packet, read in
one pass into the dict raw output shows as its ``fields``, the parse as the spec defines
it (every sequence field, then every instance: a varint's bytes, ``len``/``value``/
``zigzag``, every table entry with its jump, ``prev_index``, ``index`` and ``is_end``, the
closing entries, a creation's group table with its masks). It is made from the build's
update reader (fields, groups, slot names, creation instances) and gives up wherever that
reader does, so the generated classes parse every packet it does not take and report
its errors. The key order of every object is taken from the generated classes; a build
whose classes show other keys gets no raw reader.
``tests/diep/test_update_reader.py`` proves its fields equal to raw output of the
generated parse, key for key and in order, on the same packets as the readable reader's.
"""
from __future__ import annotations

import functools
import sys
from typing import Any

from wirestruct.output.serialize import instance_names, nonfinite_text, seq_names
from wirestruct.protocols.diep.builds import Build, load_build
from wirestruct.protocols.diep.update_reader import (
    UNPACK_F32,
    UNPACK_U32,
    CreationField,
    GiveUp,
    PacketWalk,
    Read,
    Slot,
    UpdateReader,
    add_instances,
    field_plan,
    update_reader,
)

_BYTES = ("b0", "b1", "b2", "b3", "b4")


def _varint(data: bytes, pos: int) -> tuple[dict[str, Any], int, int]:
    """The bytes of a ``vu``/``vi`` as its fields, their LEB128 value, the position after."""
    out: dict[str, Any] = {}
    value = shift = 0
    for name in _BYTES:
        b = data[pos]
        pos += 1
        out[name] = b
        if b < 0x80:
            return out, value + (b << shift), pos
        if name == "b4":
            raise GiveUp                                # the spec's valid: max 0x7f
        value += (b - 0x80) << shift
        shift += 7
    raise AssertionError("unreachable")               # pragma: no cover


def _varint_last(data: bytes, pos: int) -> tuple[dict[str, Any], int, int]:
    out, value, pos = _varint(data, pos)
    if len(out) == 5:                                    # the fifth byte: its low four bits
        value = (value & 0x0FFFFFFF) + ((out["b4"] & 0x0F) << 28)
    return out, value, pos


def _vu(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
    out, value, pos = _varint_last(data, pos)
    out["len"] = len(out)
    out["value"] = value
    return out, pos


def _vi(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
    out, z, pos = _varint_last(data, pos)
    out["value"] = (z >> 1) ^ -(z & 1)
    out["zigzag"] = z
    return out, pos


def _f32(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
    v = UNPACK_F32(data, pos)[0]
    return {"value": v if v - v == 0.0 else nonfinite_text(v)}, pos + 4


def _u32(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
    return {"value": UNPACK_U32(data, pos)[0]}, pos + 4


def _string(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
    end = data.index(0, pos)
    return {"value": data[pos:end].decode("utf-8")}, end + 1


def _entid(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
    h, pos = _vu(data, pos)
    if h["value"] == 0:
        return {"hash": h, "is_null": True}, pos
    i, pos = _vu(data, pos)
    return {"hash": h, "id": i, "is_null": False}, pos


def _fixed(scale: int) -> Read:
    def read(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        scaled, pos = _vi(data, pos)
        return {"scale": scale, "scaled": scaled, "value": scaled["value"] * 1.0 / scale}, pos
    return read


def _jump(data: bytes, pos: int, prev: int, num: int) -> dict[str, Any]:
    """A ``diep_types::jump`` at ``pos`` (one byte) after index ``prev``, of ``num`` slots."""
    jump = data[pos]
    index = prev + (jump ^ 1)
    if jump > num + 1 or (jump != 1 and index >= num):
        raise GiveUp
    return {"prev_index": prev, "num_slots": num, "xored_jump": jump, "index": index,
            "is_end": jump == 1}


def _elements(read_one: Read, num: int) -> Read:
    """An element table over ``num`` elements, its closing entry included."""
    def read(data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        elements = []
        prev = -1
        while True:
            jump = _jump(data, pos, prev, num)
            pos += 1
            index = jump["index"]
            if jump["is_end"]:
                elements.append({"prev_index": prev, "num_elements": num, "jump": jump,
                                 "index": index, "is_end": True})
                return {"num_elements": num, "elements": elements}, pos
            value, pos = read_one(data, pos)
            elements.append({"prev_index": prev, "num_elements": num, "jump": jump,
                             "value": value, "index": index, "is_end": False})
            prev = index
    return read


_ENCODINGS: dict[str, Read] = {"diep_types::vu": _vu, "diep_types::vi": _vi,
                               "diep_types::f32": _f32, "diep_types::u32": _u32,
                               "diep_types::string_nt": _string,
                               "diep_types::entid": _entid}


#: The keys raw output shows of each class this reader writes, in its order (the
#: parameters and sequence fields, then the instances).
_SHOWN = {
    "": ("packet_id", "body"),
    "UpdatePacket": ("tick", "num_deletions", "deletions", "num_upcreates", "upcreates"),
    "Upcreate": ("entity", "kind", "body"), "EntityUpdate": ("table_start", "fields"),
    "UpdateField": ("prev_index", "xored_jump", "value", "index", "is_end", "slot"),
    **{f"ElementTable{t}": ("num_elements", "elements") for t in ("Vu", "Vi", "StringNt")},
    **{f"Element{t}": ("prev_index", "num_elements", "jump", "value", "index", "is_end")
       for t in ("Vu", "Vi", "StringNt")},
    "diep_types.Vu": ("b0", "b1", "b2", "b3", "b4", "len", "value"),
    "diep_types.Vi": ("b0", "b1", "b2", "b3", "b4", "value", "zigzag"),
    "diep_types.F32": ("value",), "diep_types.U32": ("value",),
    "diep_types.StringNt": ("value",), "diep_types.FixedPoint": ("scale", "scaled", "value"),
    "diep_types.Entid": ("hash", "id", "is_null"),
    "diep_types.Jump": ("prev_index", "num_slots", "xored_jump", "index", "is_end"),
    "diep_types.IndexTable": ("num_slots", "entries", "mask", "num_indexes"),
    "diep_types.IndexEntry": ("prev_index", "prev_mask", "num_slots", "jump", "index",
                              "is_end", "mask"),
}


def _keys(cls: type) -> tuple[str, ...]:
    names = seq_names(cls)
    return names + tuple(n for n in instance_names(cls) if n not in names)


class RawUpdateReader(PacketWalk):
    """The 0x00 update packets of one build, read into their raw fields."""

    read_vu = staticmethod(_vu)
    read_entid = staticmethod(_entid)

    def __init__(self, readable: UpdateReader, slots: list[Slot | None],
                 creation: tuple[CreationField, ...]) -> None:
        super().__init__(readable.build, readable.names)
        self.readable = readable
        self.slots = slots                #: update slot -> (how its value is read, its name)
        self.creation = creation          #: (field, group bit, how it is read)
        self._slot_names = {i: slot[1] for i, slot in enumerate(readable.slots)
                            if slot is not None}

    @staticmethod
    def count(value: Any) -> int:
        return value["value"]                            # raw: its value

    def _update(self, data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        slots, num_slots, names = self.slots, self._num_slots, self._slot_names
        fields: list[dict[str, Any]] = []
        prev = -1
        while True:
            jump = data[pos]
            pos += 1
            index = prev + (jump ^ 1)
            if jump == 1:
                fields.append({"prev_index": prev, "xored_jump": 1, "index": index,
                               "is_end": True, "slot": names.get(index, index)})
                return {"table_start": self._marker, "fields": fields}, pos
            if jump > num_slots + 1 or index >= num_slots:
                raise GiveUp
            slot = slots[index]
            if slot is None:
                raise GiveUp
            value, pos = slot[0](data, pos)
            fields.append({"prev_index": prev, "xored_jump": jump, "value": value,
                           "index": index, "is_end": False, "slot": slot[1]})
            prev = index

    def _creation(self, data: bytes, pos: int) -> tuple[dict[str, Any], int]:
        num = self._num_groups
        entries = []
        prev, mask = -1, 0
        while True:
            jump = _jump(data, pos, prev, num)
            pos += 1
            index = jump["index"]
            entry = {"prev_index": prev, "prev_mask": mask, "num_slots": num, "jump": jump,
                     "index": index, "is_end": jump["is_end"]}
            if jump["is_end"]:
                entry["mask"] = mask
                entries.append(entry)
                break
            mask += 1 << index
            entry["mask"] = mask
            entries.append(entry)
            prev = index
        body: dict[str, Any] = {"groups": {"num_slots": num, "entries": entries, "mask": mask,
                                           "num_indexes": len(entries) - 1}}
        for name, bit, read in self.creation:
            if mask & bit:
                body[name], pos = read(data, pos)
        add_instances(body, mask, self.readable.instances, raw=True)
        return body, pos


@functools.cache
def raw_update_reader(build: str | Build | None = None) -> RawUpdateReader | None:
    """The raw reader of a build's 0x00 updates; None when the build has no readable
    reader whose output is readable output, or its classes show other raw keys."""
    build = load_build(build)
    readable = update_reader(build)
    if readable is None or not readable.shown:
        return None
    cls = build.packet_class
    types = sys.modules[cls.__module__].diep_types.DiepTypes
    for name, keys in _SHOWN.items():
        owner, _, short = name.rpartition(".")
        found = cls if not name else getattr(types if owner else cls, short, None)
        if found is not None and _keys(found) != keys:
            return None
    slot_names = {i: slot[1] for i, slot in enumerate(readable.slots) if slot is not None}
    plan = field_plan(build, _ENCODINGS, _fixed, _elements, slot_names)
    if plan is None:
        return None
    slots, creation = plan
    expected = ("groups", *(name for name, _, _ in creation),
                *(name for name, *_ in readable.instances))
    if _keys(cls.Creation) != expected:
        return None
    return RawUpdateReader(readable, slots, creation)
