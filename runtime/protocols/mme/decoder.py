"""Decoder: TCP byte-stream chunks in, one PacketEvent per Multiplayer Map Editor packet out.

Framing (U2 type, U2 payload size, payload) is :class:`~wirestruct.protocol.StreamDecoder`'s
bounded per-(connection, direction) buffer with a 4-byte header. Each whole packet is
checked against the document's smallest valid payload size, parsed with the generated
``MmePacket`` (``ksy/mme/mme_packet.ksy``), and expanded:

* AVAILABLE/SELECT_PACKET_TYPES - ``packet_types``: the set of packet type numbers (at
  most ``max_items_per_packet``);
* CHAT_MESSAGE, MENU_TEXT - ``segments``: the text split at its color escapes;
* GROUP_SETUP - ``block_ids``: the null-terminated block list as numbers;
* MAP_DATA - ``blocks``: the region's data, inflated to exactly its volume;
* BUFFER_RESET / BUFFER_APPEND - ``len_buffer``: bytes in the append buffer;
* BUFFER_IS_MAP_DATA - ``blocks``: the whole buffer inflated into the region;
* BUFFER_IS_FILE_DATA - ``file``: the buffer as a cached file (named by its SHA-1);
* MAP_TOTAL_DATA - ``blocks``: the whole-map bytes this piece completes, with their offset.

The append buffer and the whole-map stream are state of each (connection, direction),
like the framing buffer; the decoder also remembers each direction's map dimensions from
MAP_SETUP to cap the whole-map stream at the map's volume.

Every cap is a field of :class:`~wirestruct.core.limits.Limits`, checked before memory is
spent: a MAP_SETUP beyond ``max_map_volume`` (or of zero volume) is refused; a region is
refused before inflating when it exceeds ``max_region_volume``, ``max_decompressed``,
``max_map_volume`` or the map set up; no inflation produces a byte beyond the volume it
fills; the append buffer holds at most ``max_append_buffer`` bytes; one MAP_TOTAL_DATA
inflates to at most ``max_decompressed`` bytes and the whole stream to the map's volume.
Inflation is linear in the input however many streams it holds (:mod:`.inflate`). A
refused packet becomes an error event with ``dropped`` = the bytes not decoded; decoding
goes on with the next one.

After framing is lost (a capture gap), :meth:`MmeDecoder.resync` finds the next packet
boundary; after damage, :meth:`MmeDecoder.plausible_header` says which headers an MME
stream cannot have.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from wirestruct.core.decoder import PacketContext, StreamDecoder
from wirestruct.core.errors import DecodeError, LimitExceededError, WirestructError
from wirestruct.core.events import Event
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.parse import parse
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.stream import bind
from wirestruct.generated.mme.mme_packet import MmePacket
from wirestruct.protocols.mme.expansions import FileData, Region, RegionBlocks, StreamBlocks
from wirestruct.protocols.mme.inflate import StreamInflater, inflate_exact
from wirestruct.protocols.mme.packets import PACKETS, packet_name, type_set
from wirestruct.protocols.mme.packets import PacketType as P
from wirestruct.protocols.mme.text import color_segments

bind("wirestruct.generated.mme")


def _plausible(data: memoryview, pos: int) -> bool:
    """Whether ``data[pos:pos + 4]`` is a header the document allows, other than four zero
    bytes (see :meth:`MmeDecoder.resync`)."""
    if data[pos + 1]:
        return False
    size = data[pos + 2] | data[pos + 3] << 8
    packet_type = data[pos]
    if packet_type == 0 and size == 0:
        return False
    info = PACKETS.get(packet_type)
    return info is not None and info.allows(size)


@dataclass
class _Transfers:
    """Map-transfer state of one direction of one connection."""

    buffer: bytearray = field(default_factory=bytearray)
    overflowed: bool = False
    map_volume: int | None = None
    total: StreamInflater | None = None


class MmeDecoder(StreamDecoder):
    protocol = "mme"
    splits = True
    header_size = 4

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(limits=limits)
        self._transfers: dict[tuple[int, Direction], _Transfers] = {}
        #: bytes in all append buffers together (limits.max_append_buffers)
        self._appended = 0

    # -- the split decode (wirestruct.parallel) -------------------------------------------

    def in_order_packet(self, data: bytes) -> bool:
        """Whether the packet reads or changes the map-transfer state of its direction,
        so that it is decoded in order, in the process that frames it."""
        return (data[0] | data[1] << 8) in _TRANSFER_PACKETS

    def packet_length(self, header: bytes, direction: Direction) -> int:
        return 4 + (header[2] | header[3] << 8)

    def plausible_header(self, header: bytes, direction: Direction) -> bool:
        """After damage: a header is one of a known packet type (0-49, high byte 0) with a
        payload size the document lists for it. An unknown type, or a size the type
        cannot have (such as 65,535 for a fixed-size packet), sends the decoder to
        resynchronize instead of waiting for that many bytes."""
        info = PACKETS.get(header[0]) if not header[1] else None
        return info is not None and info.allows(header[2] | header[3] << 8)

    def resync(self, data: memoryview, direction: Direction) -> tuple[int, bool]:
        """Find the next packet boundary in ``data`` after framing was lost.

        A candidate is a 4-byte header whose type is a known packet type (0-49, high byte
        0) and whose payload size is one the document lists for that type (exactly, see
        :meth:`PacketInfo.allows`). It is taken only when CONFIRMED by a second such header
        right after its packet: returns ``(n, True)`` for the first confirmed candidate at
        ``n``. When the data does not yet reach past a candidate's packet + 4 bytes, returns
        ``(n, False)`` with ``n`` the candidate's offset (everything before it is no
        packet start; the caller keeps ``data[n:]`` and asks again with more data). With no
        candidate, returns ``(len(data) - 3, False)`` at most: a header may start in the
        last three bytes.

        Time is linear: each offset is examined once over all calls (the caller drops the
        ``n`` bytes), except a waiting candidate, which is re-examined in O(1) per call.

        False positives: two consecutive plausible headers can occur inside a payload -
        a float, a count or compressed bytes that happen to read as a type below 50 with a
        size the document lists, followed at the right distance by another. Types of
        "any size" (pings, chat, BUFFER_APPEND, MAP_TOTAL_DATA ...) accept any size, so
        they are the likeliest false candidates, and a payload that holds a copy of two
        packets cannot be told from them. Such a boundary is wrong: the packets framed from
        it fail their size checks or their parse and become error events, until a header
        that cannot be framed loses framing again and resync runs once more. Four zero
        bytes (an empty AVAILABLE_PACKET_TYPES, legal but never useful) are not taken as a
        header, because runs of zeros are common inside payloads; a resync never lands on
        such a packet but on the one after it.
        """
        n = len(data)
        pos = 0
        while pos + 4 <= n:
            if not _plausible(data, pos):
                pos += 1
                continue
            nxt = pos + 4 + (data[pos + 2] | data[pos + 3] << 8)
            if nxt + 4 > n:
                return pos, False
            if _plausible(data, nxt):
                return pos, True
            pos += 1
        return max(0, n - 3), False

    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        """One packet; a failure names the packet and its offset, and says how much was
        not decoded (``dropped``: the whole packet, unless the error knows better)."""
        packet_type = data[0] | data[1] << 8
        name = packet_name(packet_type)
        try:
            event = self._decode(data, ctx, packet_type, name)
        except WirestructError as exc:
            if exc.dropped is None:
                exc.dropped, exc.dropped_unit = len(data), "bytes"
            exc.at(packet_id=packet_type, packet_name=name, offset=ctx.offset)
            raise
        yield event

    def _decode(self, data: bytes, ctx: PacketContext, packet_type: int, name: str) -> Event:
        info = PACKETS.get(packet_type)
        size = len(data) - 4
        if info is not None and size < info.minimum:
            raise DecodeError(
                f"{name} payload of {size} bytes is shorter than the smallest valid size",
                expected=f"{info.sizes} bytes")
        packet = parse(MmePacket, data, packet_name=name, packet_id=packet_type,
                       offset_base=ctx.offset)
        expand = _EXPANDERS.get(packet_type)
        expansions = expand(self, packet.payload, data, ctx) if expand is not None else None
        return self.make_packet(ctx, packet_type, name, packet, data, expansions)

    def forget_stream(self, stream: int, direction: Direction, record: CaptureRecord
                      ) -> list[Event]:
        events = super().forget_stream(stream, direction, record)
        state = self._transfers.pop((stream, direction), None)
        if state is not None:
            self._appended -= len(state.buffer)
        if state is not None and state.buffer:
            ctx = PacketContext(record.index, record.t, direction, stream, t_ns=record.t_ns)
            events.append(self.make_error(ctx, LimitExceededError(
                f"append buffer of {len(state.buffer)} bytes dropped: its stream was "
                "forgotten to stay within max_flows and max_stream_buffers",
                expected="at most max_flows connections at once",
                dropped=len(state.buffer))))
        return events

    # -- expansions -------------------------------------------------------------------
    def _state(self, ctx: PacketContext) -> _Transfers:
        key = (ctx.stream, ctx.direction)
        state = self._transfers.get(key)
        if state is None:
            state = self._transfers[key] = _Transfers()
        return state

    def _region(self, region, state: _Transfers, compressed: int) -> Region:
        """The region's corners, after checking its volume against every cap (before
        anything is inflated); ``compressed`` is the data it would consume."""
        if not region.is_ordered:
            raise DecodeError("region's lower corner exceeds its upper corner",
                              expected="lower <= upper on every axis",
                              field_path="region", dropped=compressed)
        limits = self.limits
        cap, name = min((limits.max_region_volume, "max_region_volume"),
                        (limits.max_decompressed, "max_decompressed"),
                        (limits.max_map_volume, "max_map_volume"))
        if region.volume > cap:
            raise LimitExceededError(f"region of {region.volume} blocks exceeds {name}",
                                     expected=f"at most {cap} blocks", field_path="region",
                                     dropped=compressed)
        if state.map_volume is not None and region.volume > state.map_volume:
            raise LimitExceededError(
                f"region of {region.volume} blocks is larger than the map "
                f"({state.map_volume} blocks)", expected=f"at most {state.map_volume} blocks",
                field_path="region", dropped=compressed)
        return (region.lower_x, region.lower_y, region.lower_z,
                region.upper_x, region.upper_y, region.upper_z)

    def _packet_types(self, payload, data, ctx):
        count = int.from_bytes(data[4:], "little").bit_count()
        cap = self.limits.max_items_per_packet
        if count > cap:
            raise LimitExceededError(f"{count} packet types in one packet exceed "
                                     "max_items_per_packet", expected=f"at most {cap} types",
                                     dropped=count, dropped_unit="items")
        return {"packet_types": type_set(data[4:])}

    def _chat_segments(self, payload, data, ctx):
        return {"segments": color_segments(payload.message)}

    def _menu_text_segments(self, payload, data, ctx):
        return {"segments": color_segments(payload.text)}

    def _group(self, payload, data, ctx):
        return {"block_ids": list(getattr(payload, "block_ids", b""))}

    def _map_setup(self, payload, data, ctx):
        state = self._state(ctx)
        state.total = None
        if payload.frees:
            state.map_volume = None
            return None
        volume = payload.size_x * payload.size_y * payload.size_z
        state.map_volume = None
        dims = f"{payload.size_x} x {payload.size_y} x {payload.size_z}"
        if volume == 0:
            raise DecodeError(f"map of 0 blocks ({dims})",
                              expected="dimensions of at least 32", dropped=len(data))
        if volume > self.limits.max_map_volume:
            raise LimitExceededError(f"map of {volume} blocks ({dims}) exceeds max_map_volume",
                                     expected=f"at most {self.limits.max_map_volume} blocks",
                                     dropped=len(data))
        state.map_volume = volume
        return None

    def _map_data(self, payload, data, ctx):
        region = self._region(payload.region, self._state(ctx), len(payload.data))
        data = inflate_exact(payload.data, payload.region.volume)
        return {"blocks": RegionBlocks(region, data)}

    def _buffer_reset(self, payload, data, ctx):
        state = self._state(ctx)
        self._appended -= len(state.buffer)
        state.buffer = bytearray()
        state.overflowed = False
        return {"len_buffer": 0}

    def _buffer_append(self, payload, data, ctx):
        state = self._state(ctx)
        if state.overflowed:
            raise LimitExceededError("the append buffer overflowed earlier",
                                     expected="BUFFER_RESET")
        cap = self.limits.max_append_buffer
        total_cap = self.limits.max_append_buffers
        added = len(payload.data)
        if len(state.buffer) + added > cap or self._appended + added > total_cap:
            dropped = len(state.buffer) + added
            self._appended -= len(state.buffer)
            state.overflowed = True
            state.buffer = bytearray()
            if dropped > cap:
                what, expected = "exceeds max_append_buffer", f"at most {cap} bytes"
            else:
                what = "would take the append buffers of all connections past max_append_buffers"
                expected = f"at most {total_cap} bytes in all"
            raise LimitExceededError(
                f"append buffer of {dropped} bytes {what}; the buffer is dropped until "
                "BUFFER_RESET", expected=expected, dropped=dropped)
        state.buffer += payload.data
        self._appended += added
        return {"len_buffer": len(state.buffer)}

    def _buffer_is_map_data(self, payload, data, ctx):
        state = self._state(ctx)
        if state.overflowed:
            raise LimitExceededError("the append buffer overflowed earlier",
                                     expected="BUFFER_RESET")
        region = self._region(payload.region, state, len(state.buffer))
        data = inflate_exact(state.buffer, payload.region.volume)
        return {"blocks": RegionBlocks(region, data), "len_buffer": len(state.buffer)}

    def _buffer_is_file_data(self, payload, data, ctx):
        state = self._state(ctx)
        if state.overflowed:
            raise LimitExceededError("the append buffer overflowed earlier",
                                     expected="BUFFER_RESET")
        return {"file": FileData(bytes(state.buffer))}

    def _new_total(self, state: _Transfers) -> StreamInflater:
        state.total = StreamInflater(
            state.map_volume if state.map_volume is not None else self.limits.max_map_volume,
            per_feed=self.limits.max_decompressed)
        return state.total

    def _total_reset(self, payload, data, ctx):
        self._new_total(self._state(ctx))
        return None

    def _total_data(self, payload, data, ctx):
        state = self._state(ctx)
        total = state.total if state.total is not None else self._new_total(state)
        offset = total.produced
        data = total.feed(payload.data)
        return {"blocks": StreamBlocks(offset, data)}


_EXPANDERS: dict[int, Callable[[MmeDecoder, Any, bytes, PacketContext], dict | None]] = {
    P.available_packet_types: MmeDecoder._packet_types,
    P.select_packet_types: MmeDecoder._packet_types,
    P.chat_message: MmeDecoder._chat_segments,
    P.menu_text: MmeDecoder._menu_text_segments,
    P.group_setup: MmeDecoder._group,
    P.map_setup: MmeDecoder._map_setup,
    P.map_data: MmeDecoder._map_data,
    P.buffer_reset: MmeDecoder._buffer_reset,
    P.buffer_append: MmeDecoder._buffer_append,
    P.buffer_is_map_data: MmeDecoder._buffer_is_map_data,
    P.buffer_is_file_data: MmeDecoder._buffer_is_file_data,
    P.map_total_reset: MmeDecoder._total_reset,
    P.map_total_data: MmeDecoder._total_data,
}

#: the packets whose expansion reads or changes the map-transfer state (``_state``)
_TRANSFER_PACKETS = frozenset((P.map_setup, P.map_data, P.buffer_reset, P.buffer_append,
                               P.buffer_is_map_data, P.buffer_is_file_data,
                               P.map_total_reset, P.map_total_data))
