"""Toy packets: one record a packet, parsed with the spec's own class."""
from __future__ import annotations

import enum
from collections.abc import Iterator

from wirestruct.core.decoder import MessageDecoder, PacketContext
from wirestruct.core.events import Event
from wirestruct.core.parse import check_consumed, parse

from .generated.toy.toy_packet import ToyPacket


class ToyDecoder(MessageDecoder):
    protocol = "toy"
    splits = True            # a packet depends on no other

    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        packet = parse(ToyPacket, data, packet_name="toy packet")
        check_consumed(packet, len(data))
        kind = packet.packet_id
        name = kind.name if isinstance(kind, enum.Enum) else f"unknown_{kind}"
        yield self.make_packet(ctx, int(kind), name, packet, data)
