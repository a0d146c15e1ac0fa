"""Toy events back to packets, with the specs' read-write classes."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirestruct.core.encoder import Encoder, EventNode
from wirestruct.encode.building import type_info
from wirestruct.encode.fields import encode_fields
from wirestruct.encode.unpresent import convert, readable

from . import SPECS

PACKET = type_info(SPECS, "toy_packet")


class ToyEncoder(Encoder):
    protocol = "toy"

    def to_raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        return readable(event, lambda out: convert(out, "fields", PACKET))

    def encode_packet(self, node: EventNode, depth: int) -> bytes:
        return encode_fields(PACKET, node.fields)
