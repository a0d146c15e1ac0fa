"""Encoder for diep.io: events back to packets.

Clientbound packets are built with the selected build's spec
(``diep_clientbound_<build>``), serverbound ones with ``diep_serverbound``, from the
event's ``fields``. A 0x02 packet is built from the event nested under it (``parent``):
the inner packet is encoded, compressed as one LZ4 block and ``len_decompressed`` set to
its size; with no nested event (the inner packet did not decode) its fields are written
as they are.

0x00 updates are written by the build's update writer
(:mod:`wirestruct.protocols.diep.update_writer`) where it takes their fields, with the
read-write classes otherwise; both write the same bytes. Varints are written from their
``value`` (:func:`vu_fields`, :func:`vi_fields`): the ``b0``..``b4`` bytes of the fields
are recomputed, so editing ``value`` is enough, and the per-build 0x00 field tables keep
the jump bytes the fields give (each entry's ``xored_jump``; ``jump_fields`` computes one
from the slot it means).
"""
from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

import lz4.block
from wirestruct.core.encoder import Encoder, EventNode
from wirestruct.core.errors import EncodeError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import Direction
from wirestruct.encode.building import Hooks, type_info
from wirestruct.encode.fields import encode_fields
from wirestruct.encode.unpresent import convert, raw_fields, readable
from wirestruct.protocols.diep.builds import Build, load_build
from wirestruct.protocols.diep.rebuild import rebuild
from wirestruct.protocols.diep.update_writer import update_writer

COMPRESSED = 0x02
TYPES = type_info("diep", "diep_types")


def vu_bytes(value: int) -> bytes:
    """A 32-bit unsigned value as LEB128."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 32:
        raise EncodeError(f"varuint {value!r}", expected="an integer in 0 .. 2^32-1")
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def zigzag(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not -(1 << 31) <= value < 1 << 31:
        raise EncodeError(f"varint {value!r}", expected="an integer in -2^31 .. 2^31-1")
    return ((value << 1) ^ (value >> 31)) & 0xFFFFFFFF


def _byte_fields(data: bytes) -> dict[str, int]:
    return {f"b{i}": b for i, b in enumerate(data)}


def vu_fields(fields: Mapping[str, Any], params: tuple[Any, ...] = ()) -> Mapping[str, Any]:
    """``vu`` fields from ``value`` (when given); the bytes otherwise."""
    if "value" not in fields:
        return fields
    return _byte_fields(vu_bytes(fields["value"]))


def vi_fields(fields: Mapping[str, Any], params: tuple[Any, ...] = ()) -> Mapping[str, Any]:
    if "value" not in fields:
        return fields
    return _byte_fields(vu_bytes(zigzag(fields["value"])))


def vf_fields(fields: Mapping[str, Any], params: tuple[Any, ...] = ()) -> Mapping[str, Any]:
    """``vf`` fields from the float ``value`` when ``swapped`` is not given: the float's
    little-endian bytes read as a big-endian signed integer, written as a ``vi``."""
    if "swapped" in fields or "value" not in fields:
        return fields
    value = fields["value"]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EncodeError(f"varfloat {value!r}", expected="a number")
    try:
        swapped = int.from_bytes(struct.pack("<f", value), "big")
    except OverflowError:
        raise EncodeError(f"varfloat {value!r} out of single-precision range",
                          expected="a float32 value") from None
    return {"swapped": {"value": swapped - (1 << 32) if swapped >= 1 << 31 else swapped}}


def jump_fields(index: int, prev_index: int) -> dict[str, int]:
    """The entry of a jump table that goes from ``prev_index`` to ``index``."""
    if index <= prev_index:
        raise EncodeError(f"jump from {prev_index} to {index}", expected="increasing indexes")
    return {"xored_jump": (index - prev_index) ^ 1}


def compressed_fields(inner: bytes) -> dict[str, Any]:
    """The fields of a 0x02 packet around the packet ``inner``: one LZ4 block and the
    size it decompresses to."""
    return {"packet_id": "compressed",
            "body": {"len_decompressed": len(inner),
                     "lz4_block": lz4.block.compress(inner, store_size=False)}}


def compressed_packet(inner: bytes, build: str | Build | None = None) -> bytes:
    """A 0x02 packet around ``inner``, written with the build's clientbound spec."""
    return encode_fields(type_info("diep", load_build(build).spec), compressed_fields(inner),
                         hooks=HOOKS)


HOOKS: Hooks = {TYPES.resolve_type("vu").cls: vu_fields,
                TYPES.resolve_type("vi").cls: vi_fields,
                TYPES.resolve_type("vf").cls: vf_fields}


def packet_bytes(fields: Mapping[str, Any], direction: Direction,
                 build: str | Build | None = None) -> bytes:
    """One packet from its fields (``packet_id`` and ``body``), with the build's
    clientbound spec or ``diep_serverbound``; varints and varfloats from their values."""
    spec = load_build(build).spec if direction is Direction.S2C else "diep_serverbound"
    return encode_fields(type_info("diep", spec), fields, hooks=HOOKS)


def update_packet(fields: Mapping[str, Any], build: str | Build | None = None) -> bytes:
    """A 0x00 update from its fields as ``wirestruct decode`` prints them (readable, raw or
    a mix): by the build's update writer (:mod:`wirestruct.protocols.diep.update_writer`),
    or, for fields it does not take, converted and built with the read-write classes as
    any packet (whose errors name the field)."""
    writer = update_writer(build)
    data = writer.packet(fields) if writer is not None else None
    if data is not None:
        return data
    info = type_info("diep", load_build(build).spec)
    return packet_bytes(raw_fields(info, fields, rebuild=rebuild), Direction.S2C, build)


class _Written(dict):
    """An event's fields (kept as given) and the packet the update writer made of them."""

    __slots__ = ("data",)

    def __init__(self, fields: Mapping[str, Any], data: bytes) -> None:
        super().__init__(fields)
        self.data = data


class DiepEncoder(Encoder):
    protocol = "diep"
    id_field = "packet_id"

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS,
                 diep_build: str | Build | None = None, **options: Any) -> None:
        super().__init__(limits=limits, **options)
        self.build = load_build(diep_build)
        clientbound = type_info("diep", self.build.spec)
        self._types = {Direction.S2C: clientbound,
                       Direction.C2S: type_info("diep", "diep_serverbound")}
        self._by_label = {d.label: info for d, info in self._types.items()}
        self._updates = update_writer(self.build)
        self._names = {d.label: names for d, names in self.build.packet_names.items()}

    def packet_name(self, packet_id: int, direction: str) -> str | None:
        return self._names.get(direction, {}).get(packet_id)

    def to_raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        return readable(event, self._convert)

    def _raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        """A 0x00 update the build's update writer takes is written at once (its fields
        kept as they are); every other event is converted (:meth:`to_raw`)."""
        fields = event.get("fields")
        if self._updates is not None and fields.__class__ is dict and "error" not in event \
                and fields.get("packet_id") == "update" \
                and self._by_label.get(str(event.get("dir"))) is self._types[Direction.S2C]:
            data = self._updates.packet(fields)
            if data is not None:
                return {**event, "fields": _Written(fields, data)}
        return super()._raw(event)

    def _convert(self, event: dict[str, Any]) -> None:
        info = self._by_label.get(str(event.get("dir")))
        if info is not None:
            convert(event, "fields", info, rebuild=rebuild)

    def encode_packet(self, node: EventNode, depth: int) -> bytes:
        direction = node.direction
        fields = node.fields
        if fields.__class__ is _Written:
            return fields.data
        if node.event.get("id") == COMPRESSED and direction is Direction.S2C and node.children:
            if depth >= 1 or len(node.children) != 1:
                raise EncodeError("a 0x02 packet holds exactly one packet, not nested",
                                  expected="one nested event")
            inner = self.encode_packet(node.children[0], depth + 1)
            fields = {**fields, "body": compressed_fields(inner)["body"]}
        return encode_fields(self._types[direction], fields, hooks=HOOKS)
