"""The 0x00 update packet written straight from its fields.

Through the read-write classes a 0x00 update costs an object for every varint of every
field of every entity, and readable values are first converted back to wire fields.
:class:`UpdateWriter` writes the same bytes in one pass. It is made once per build from the
build's field table, the data its clientbound spec is rendered from (``ksy/diep/data``,
:mod:`wirestruct.protocols.diep.builds`): each field's creation order, group, update slot,
element count, and the spec type of its wire type (``diep_types::vu``, ...,
``fixed_point(64)``). A build with a wire type this module does not write gets no writer.

It takes the fields as ``wirestruct decode`` prints them, readable or raw, each value as the
encoder reads it: a number, string or entity readable, or a varint's ``value``, a fixed
point's ``scaled``, a table entry's jump and a creation's ``groups`` as given (raw). It
gives up (None) on anything else: a varint given as its bytes alone, a value of another type
or out of its range, a jump out of its table, a closing entry before the end, a slot the
build never sends, a count that is not its list's length, a field of a group the creation
does not have. The encoder then converts and builds the packet as any other, so what is
accepted and every error message stay the read-write classes'.
``tests/diep/test_update_writer.py`` proves the bytes equal to theirs, on every update of
the sample and a generated session and on thousands of edited ones.
"""
from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Mapping
from typing import Any

from wirestruct.protocols.diep.builds import Build, by_wire_type, load_build

#: Writes one readable value, in a wire encoding, onto the end of the packet.
Write = Callable[[bytearray, Any], None]


class _GiveUp(Exception):
    """The fields are not ones this writer takes: the encoder builds the packet. Raised
    as a new instance each time: one instance raised again would keep every frame it
    passed through (and their fields) on its traceback."""


_PACK_F32 = struct.Struct("<f").pack
_VU_END = 1 << 32
_VI_LOW, _VI_END = -(1 << 31), 1 << 31


def _vu(out: bytearray, value: Any) -> None:
    if value.__class__ is not int:                    # raw: the bytes from its value
        if value.__class__ is not dict:
            raise _GiveUp
        value = value.get("value")                       # the bytes alone: the encoder's
        if value.__class__ is not int:
            raise _GiveUp
    if value < 0x80:
        if value < 0:
            raise _GiveUp
        out.append(value)
        return
    if value >= _VU_END:
        raise _GiveUp
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def _vi(out: bytearray, value: Any) -> None:
    if value.__class__ is not int:
        if value.__class__ is not dict:
            raise _GiveUp
        value = value.get("value")
        if value.__class__ is not int:
            raise _GiveUp
    if not _VI_LOW <= value < _VI_END:
        raise _GiveUp
    z = ((value << 1) ^ (value >> 31)) & 0xFFFFFFFF
    while z >= 0x80:
        out.append(z & 0x7F | 0x80)
        z >>= 7
    out.append(z)


def _f32(out: bytearray, value: Any) -> None:
    if value.__class__ is dict:
        value = value.get("value")
    cls = value.__class__
    if cls is not float and cls is not int:
        raise _GiveUp
    try:
        out += _PACK_F32(value)
    except (OverflowError, struct.error):
        raise _GiveUp from None


def _string(out: bytearray, value: Any) -> None:
    if value.__class__ is dict:
        value = value.get("value")
    if value.__class__ is not str or "\x00" in value:
        raise _GiveUp
    try:
        out += value.encode("utf-8")
    except UnicodeEncodeError:
        raise _GiveUp from None
    out.append(0)


def _entid(out: bytearray, value: Any) -> None:
    if value.__class__ is not dict:
        raise _GiveUp
    hash_ = value.get("hash")
    if hash_.__class__ is dict:                       # raw: its value (only once)
        hash_ = hash_.get("value")
    if hash_.__class__ is not int:
        raise _GiveUp
    _vu(out, hash_)
    if hash_:
        _vu(out, value.get("id"))
    elif value.get("id") is not None:
        raise _GiveUp                                    # "no entity" has no id


def _jump(entry: Any, key: str) -> int | None:
    """The xored jump an entry gives (raw), or None (readable: from its index)."""
    if entry.__class__ is not dict:
        raise _GiveUp
    jump = entry.get(key)
    if jump is None:
        return None
    if key == "jump":
        if jump.__class__ is not dict:
            raise _GiveUp
        jump = jump.get("xored_jump")
    if jump.__class__ is not int:
        raise _GiveUp
    return jump


def _table(out: bytearray, entries: Any, key: str, num_slots: int,
           write: Callable[[bytearray, int, Any], None]) -> int:
    """A jump table: each entry's jump (given, or from its ``index``) and what ``write``
    writes of it, closed by ``01`` (given, last, or added); the mask of the indexes."""
    if entries.__class__ is not list:
        raise _GiveUp
    prev, mask, last = -1, 0, len(entries) - 1
    for i, entry in enumerate(entries):
        jump = _jump(entry, key)
        if jump is None:
            index = entry.get("index")
            if index.__class__ is not int or not prev < index < num_slots:
                raise _GiveUp
            jump = (index - prev) ^ 1
        elif jump == 1:                                   # the closing entry, given
            if i != last or entry.get("value") is not None:
                raise _GiveUp
            out.append(1)
            return mask
        else:
            index = prev + (jump ^ 1)
            if not 0 <= jump <= num_slots + 1 or not index < num_slots:
                raise _GiveUp
        out.append(jump)
        write(out, index, entry)
        mask |= 1 << index
        prev = index
    out.append(1)
    return mask


def _fixed(scale: int) -> Write:
    def write(out: bytearray, value: Any) -> None:
        cls = value.__class__
        if cls is float or cls is int:
            try:
                scaled = int(float(value) * scale)
            except (OverflowError, ValueError):
                raise _GiveUp from None
            if not _VI_LOW <= scaled < _VI_END:
                raise _GiveUp
            z = ((scaled << 1) ^ (scaled >> 31)) & 0xFFFFFFFF     # _vi, inline
            while z >= 0x80:
                out.append(z & 0x7F | 0x80)
                z >>= 7
            out.append(z)
        elif cls is dict:                                 # raw: its scaled varint
            _vi(out, value.get("scaled"))
        else:
            raise _GiveUp
    return write


def _elements(write_one: Write, num_elements: int) -> Write:
    """An element table: the changed elements' jumps and values, then the closing ``01``."""
    def element(out: bytearray, index: int, entry: Any) -> None:
        write_one(out, entry.get("value"))

    def write(out: bytearray, value: Any) -> None:
        if value.__class__ is not dict:
            raise _GiveUp
        _table(out, value.get("elements"), "jump", num_elements, element)
    return write


_ENCODINGS: dict[str, Write] = {"diep_types::vu": _vu, "diep_types::vi": _vi,
                                "diep_types::f32": _f32, "diep_types::string_nt": _string,
                                "diep_types::entid": _entid}


class UpdateWriter:
    """The 0x00 update packets of one build, written from their readable fields."""

    def __init__(self, build: Build, slots: dict[int, Write],
                 creation: tuple[tuple[str, int, Write, int | None], ...],
                 flags: dict[str, int], num_groups: int, num_slots: int) -> None:
        self.build = build
        self.slots = slots                #: update slot -> how its value is written
        self.creation = creation          #: (field, group id, write, count or None)
        self.flags = flags                #: group flag -> group id
        self.num_groups = num_groups
        self.num_slots = num_slots        #: update slots of the build (the table's size)
        self._marker = build.update_marker
        #: update slot -> how its value is written (None: a slot the build never sends)
        self.writers: list[Write | None] = [slots.get(i) for i in range(num_slots)]

    def packet(self, fields: Mapping[str, Any]) -> bytes | None:
        """The packet (its id byte included), or None: fields this writer does not take."""
        out = bytearray(b"\x00")
        try:
            if fields.__class__ is not dict or fields.get("packet_id") != "update":
                raise _GiveUp
            body = fields.get("body")
            if body.__class__ is not dict:
                raise _GiveUp
            _vu(out, body.get("tick"))
            self._counted(out, body, "num_deletions", "deletions", _entid)
            self._counted(out, body, "num_upcreates", "upcreates", self._upcreate)
        except _GiveUp:
            return None
        return bytes(out)

    @staticmethod
    def _counted(out: bytearray, body: dict[str, Any], count: str, name: str,
                 write: Write) -> None:
        items, given = body.get(name), body.get(count)
        if given.__class__ is dict:                       # raw: the varint's value
            given = given.get("value")
        if items.__class__ is not list or given.__class__ is not int or given != len(items):
            raise _GiveUp
        _vu(out, len(items))
        for item in items:
            write(out, item)

    def _upcreate(self, out: bytearray, value: Any) -> None:
        if value.__class__ is not dict:
            raise _GiveUp
        entity = value.get("entity")                    # _entid, its common case inline
        if entity.__class__ is not dict:
            raise _GiveUp
        hash_, id_ = entity.get("hash"), entity.get("id")
        if hash_.__class__ is dict and id_.__class__ is dict:    # raw: their values
            hash_, id_ = hash_.get("value"), id_.get("value")
        if hash_.__class__ is int and id_.__class__ is int and 0 < hash_ < 0x80 \
                and 0 <= id_ < 0x80:
            out.append(hash_)
            out.append(id_)
        else:
            _entid(out, entity)
        kind, body = value.get("kind"), value.get("body")
        if body.__class__ is not dict:
            raise _GiveUp
        if kind == "update":
            out.append(0)
            self._update(out, body)
        elif kind == "creation":
            out.append(1)
            self._creation(out, body)
        else:
            raise _GiveUp

    def _update(self, out: bytearray, body: dict[str, Any]) -> None:
        """The field table: :func:`_table` over the update slots, written out (the most
        frequent table by far)."""
        start, marker = body.get("table_start"), self._marker
        if start is not None and (start.__class__ is not int or start != marker):
            raise _GiveUp
        out.append(marker)
        entries = body.get("fields")
        if entries.__class__ is not list:
            raise _GiveUp
        writers, num_slots = self.writers, self.num_slots
        prev, last = -1, len(entries) - 1
        for i, entry in enumerate(entries):
            if entry.__class__ is not dict:
                raise _GiveUp
            jump = entry.get("xored_jump")
            if jump is None:                              # readable: from its index
                index = entry.get("index")
                if index.__class__ is not int or not prev < index < num_slots:
                    raise _GiveUp
                jump = (index - prev) ^ 1
            elif jump.__class__ is not int:
                raise _GiveUp
            elif jump == 1:                               # the closing entry, given
                if i != last or entry.get("value") is not None:
                    raise _GiveUp
                break
            else:
                index = prev + (jump ^ 1)
                if not 0 <= jump <= num_slots + 1 or not index < num_slots:
                    raise _GiveUp
            write = writers[index]
            if write is None:
                raise _GiveUp                            # a slot the build never sends
            out.append(jump)
            write(out, entry.get("value"))
            prev = index
        out.append(1)

    def _creation(self, out: bytearray, body: dict[str, Any]) -> None:
        groups = body.get("groups")
        if groups is None:                                # readable: the has_* flags
            mask = 0
            get = body.get
            for flag, bit in self.flags.items():
                if get(flag) is True:
                    mask |= 1 << bit
            _table(out, [{"index": bit} for bit in range(self.num_groups) if mask >> bit & 1],
                   "jump", self.num_groups, _nothing)
        elif groups.__class__ is dict:
            mask = _table(out, groups.get("entries"), "jump", self.num_groups, _nothing)
        else:
            raise _GiveUp
        get = body.get
        for name, bit, write, count in self.creation:
            value = get(name)
            if not mask >> bit & 1:
                if value is not None:
                    raise _GiveUp                        # a field of a group not present
                continue
            if count is None:
                write(out, value)
            elif value.__class__ is not list or len(value) != count:
                raise _GiveUp
            else:
                for item in value:
                    write(out, item)


def _nothing(out: bytearray, index: int, entry: Any) -> None:
    return None


@functools.cache
def update_writer(build: str | Build | None = None) -> UpdateWriter | None:
    """The writer of a build's 0x00 updates; None when one of its wire types is not one
    this module writes."""
    build = load_build(build)
    encodings = {name: _encoding(kind) for name, kind in build.wire_types.items()}
    slots: dict[int, Write] = {}
    creation = []
    for f in build.fields:                            # in creation order
        write, update = encodings.get(f.type), encodings.get(f.update_type)
        if write is None or update is None:
            return None
        slots[f.update_index] = _elements(update, f.length) if f.length else update
        creation.append((f.attr, f.group_id, write, f.length or None))
    flags = {flag: group for group, flag in build.group_flags.items()}
    return UpdateWriter(build, slots, tuple(creation), flags, build.num_field_groups,
                        build.num_update_slots)


def _encoding(kind: str) -> Write | None:
    """How a value of spec type ``kind`` is written; None for one this module does not
    write."""
    return by_wire_type(kind, _ENCODINGS, _fixed)
