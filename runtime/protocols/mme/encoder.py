"""Encoder for the Multiplayer Map Editor: events back to the TCP byte stream.

Each packet is ``mme_packet`` built from the event's ``fields`` (packet type, payload
length, payload fields) by :mod:`wirestruct.encode.building`; one record per packet, on the
event's stream and direction. ``len_payload`` is kept when the payload's fields fit in it
exactly (for the types whose optional fields depend on the payload size it chooses the
variant); otherwise the builder sets it from the fields, as the spec's ``size:`` says
(:mod:`wirestruct.encode.lengths`).

The compressed layers (MAP_DATA and BUFFER_IS_MAP_DATA block data, the MAP_TOTAL_DATA and
BUFFER_APPEND pieces) are bytes in the fields, written as they are; to build them from
blocks, :func:`compress_blocks` gives the zlib stream (or gzip member) and
:func:`map_data_fields` / :func:`packet_fields` the fields of a packet.
"""
from __future__ import annotations

import gzip
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from wirestruct.core.encoder import Encoder, EventNode
from wirestruct.core.errors import EncodeError
from wirestruct.encode import direct
from wirestruct.encode.building import build, to_bytes, type_info
from wirestruct.encode.unpresent import convert, raw_fields, readable
from wirestruct.protocols.mme.packets import packet_name

PACKET = type_info("mme", "mme_packet")


class MmeEncoder(Encoder):
    protocol = "mme"
    id_field = "packet_type"

    def packet_name(self, packet_id: int, direction: str) -> str | None:
        return packet_name(packet_id)

    def to_raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        return readable(event, lambda out: convert(out, "fields", PACKET))

    def _raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        """Events are kept as given: :meth:`encode_packet` writes readable fields directly
        and converts them (:meth:`to_raw`) only where the direct writer gives up."""
        return event

    def encode_packet(self, node: EventNode, depth: int) -> bytes:
        return encode_packet(node.fields, readable=True)


def encode_packet(fields: Mapping[str, Any], *, readable: bool = False) -> bytes:
    """One packet (4-byte header and payload) from its fields (``readable``: as
    ``wirestruct decode`` prints them, readable, raw or a mix)."""
    length = fields.get("len_payload")
    if length.__class__ is int and 0 <= length <= 0xFFFF:
        written = direct.write(PACKET, fields, size=4 + length, readable=readable)
        if written is not None:
            return written
    if readable:
        fields = raw_fields(PACKET, fields)
    packet = build(PACKET, fields)
    length = packet.len_payload
    if length > 0xFFFF:
        raise EncodeError(f"payload of {length} bytes", field_path="len_payload",
                          expected="at most 65535 bytes")
    return to_bytes(packet, 4 + length)


def packet_fields(packet_type: str, payload: Mapping[str, Any],
                  len_payload: int | None) -> dict[str, Any]:
    """The fields of a packet of type ``packet_type`` (its enum name); ``len_payload`` None
    is set from the payload."""
    return {"packet_type": packet_type, "len_payload": len_payload, "payload": dict(payload)}


def payload_packet(packet_type: str, payload: Mapping[str, Any],
                   len_payload: int | None = None) -> bytes:
    """One packet from its type (enum name) and payload fields.

    ``len_payload`` is computed unless given (:mod:`wirestruct.encode.lengths`): the least
    size that holds exactly the given fields (a field present is written, an optional
    field absent is left out with everything after it; strings take their own length,
    unpadded). Give it to choose a longer variant the same fields also fit, e.g.
    ANNOUNCE_PLAYER's 24-byte name field."""
    return encode_packet(packet_fields(packet_type, payload, len_payload))


def compress_blocks(blocks: bytes, *, level: int = 6, use_gzip: bool = False) -> bytes:
    """Block data as the protocol sends it: one zlib stream, or one gzip member."""
    if use_gzip:
        return gzip.compress(blocks, compresslevel=level, mtime=0)
    return zlib.compress(blocks, level)


def region_fields(lower: Sequence[int], upper: Sequence[int]) -> dict[str, Any]:
    lx, ly, lz = lower
    ux, uy, uz = upper
    return {"lower_x": lx, "lower_y": ly, "lower_z": lz,
            "upper_x": ux, "upper_y": uy, "upper_z": uz}


def map_data_fields(lower: Sequence[int], upper: Sequence[int], blocks: bytes, *,
                    level: int = 6, use_gzip: bool = False) -> dict[str, Any]:
    """MAP_DATA for a region (inclusive corners) and its blocks, x fastest, then y, z."""
    volume = 1
    for lo, hi in zip(lower, upper):
        volume *= hi - lo + 1
    if volume != len(blocks):
        raise EncodeError(f"{len(blocks)} blocks for a region of {volume}",
                          field_path="payload/data", expected="one block per position")
    data = compress_blocks(blocks, level=level, use_gzip=use_gzip)
    if 12 + len(data) > 0xFFFF:
        raise EncodeError(f"compressed region of {len(data)} bytes", field_path="payload/data",
                          expected="at most 65523 bytes: send smaller regions")
    return packet_fields("map_data", {"region": region_fields(lower, upper), "data": data},
                         12 + len(data))
