"""The diep.io decoder: one capture record is one packet (after the transport's own
encryption layer is removed).

Clientbound packets are parsed with the selected build's generated spec, serverbound ones
with ``diep_serverbound``. A 0x02 packet is decompressed here (declared length capped by
``Limits.max_decompressed`` and checked against the real output) and the inner packet is
decoded as a packet of its own, nested one level at most. The list counts of a clientbound
packet are checked against ``Limits.max_items_per_packet`` and the bytes left before it is
parsed (:mod:`.counts`).

A 0x00 update is read by the build's update reader (:mod:`.update_reader`) straight into its
readable fields; its generated object is parsed only when ``event.packet`` is first read
(:class:`~wirestruct.core.events.Unparsed`); raw output reads it with the raw reader
(:mod:`.raw_update_reader`). An update the reader does not take is parsed at once, and its
errors are the generated classes'.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from wirestruct.core.decoder import MessageDecoder, PacketContext
from wirestruct.core.errors import LimitExceededError, ParseError, WirestructError
from wirestruct.core.events import Event, Unparsed
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.lz4block import decompress_block
from wirestruct.core.parse import check_consumed, parse
from wirestruct.core.records import Direction
from wirestruct.generated.diep.diep_serverbound import DiepServerbound
from wirestruct.protocols.diep.builds import Build, load_build
from wirestruct.protocols.diep.counts import check_counts
from wirestruct.protocols.diep.raw_update_reader import raw_update_reader
from wirestruct.protocols.diep.update_reader import update_reader

UPDATE = 0x00
COMPRESSED = 0x02


class DiepDecoder(MessageDecoder):
    protocol = "diep"
    splits = True

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS,
                 diep_build: str | Build | None = None) -> None:
        super().__init__(limits=limits)
        self.build: Build = load_build(diep_build)
        clientbound = self.build.packet_class
        self._classes: dict[Direction, type[Any]] = {Direction.S2C: clientbound,
                                                     Direction.C2S: DiepServerbound}
        self._names = self.build.packet_names
        reader = update_reader(self.build)
        #: the update reader, where what it reads is what readable output shows
        self._updates = reader if reader is not None and reader.shown else None
        raw = raw_update_reader(self.build) if self._updates is not None else None
        #: how the raw form of an update the reader has read is read (None: parsed)
        self._raw_updates = raw.fields if raw is not None else None

    def _parse_update(self, data: bytes) -> Any:
        """The generated object of a 0x00 update the update reader has read."""
        obj = parse(self.build.packet_class, data, packet_name=self._names[Direction.S2C][UPDATE],
                    packet_id=UPDATE)
        check_consumed(obj, len(data))
        return obj


    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        if not data:
            raise ParseError("empty packet", expected="a header byte", offset=0)
        packet_id = data[0]
        name = self._names[ctx.direction].get(packet_id)
        if name is None:
            raise ParseError(f"unknown {ctx.direction.label} packet id 0x{packet_id:02x}",
                             expected="an id of " + ", ".join(
                                 f"0x{i:02x}" for i in self._names[ctx.direction]),
                             packet_id=packet_id, offset=0, field_path="packet_id")
        if ctx.direction is Direction.S2C:
            try:
                check_counts(data, self.limits)
            except WirestructError as exc:
                exc.at(packet_name=name, packet_id=packet_id)
                raise
        if packet_id == UPDATE and ctx.direction is Direction.S2C and self._updates is not None:
            fields = self._updates.fields(data)
            if fields is not None:
                yield self.make_packet(ctx, packet_id, name,
                                       Unparsed(self._parse_update, self._updates.fields,
                                                data, fields, self._raw_updates), data)
                return
        obj = parse(self._classes[ctx.direction], data, packet_name=name, packet_id=packet_id)
        try:
            check_consumed(obj, len(data))
        except ParseError as exc:
            exc.at(packet_name=name, packet_id=packet_id)
            raise
        if packet_id == COMPRESSED and ctx.direction is Direction.S2C:
            yield from self._decode_compressed(obj, data, name, ctx)
            return
        yield self.make_packet(ctx, packet_id, name, obj, data)

    def _decode_compressed(self, obj, data: bytes, name: str,
                           ctx: PacketContext) -> Iterator[Event]:
        if ctx.depth >= 1 or ctx.depth >= self.limits.max_nesting:
            raise LimitExceededError("a 0x02 packet inside a 0x02 packet",
                                     expected="one level of compression",
                                     packet_name=name, packet_id=COMPRESSED)
        body = obj.body
        try:
            inner = decompress_block(body.lz4_block, cap=self.limits.max_decompressed,
                                     expected_size=body.len_decompressed)
        except WirestructError as exc:
            exc.at(offset=5, field_path="body.lz4_block", packet_name=name,
                   packet_id=COMPRESSED)
            raise
        outer = self.make_packet(ctx, COMPRESSED, name, obj, data, {"decompressed": inner})
        yield outer
        yield from self.decode_packet(inner, replace(ctx, depth=ctx.depth + 1, parent=outer.index))
