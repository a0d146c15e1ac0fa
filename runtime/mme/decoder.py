"""Decoder: TCP byte-stream chunks in, one PacketEvent per Multiplayer Map Editor packet out.

Framing (U2 type, U2 payload size, payload) is :class:`~wirestruct.protocol.StreamDecoder`'s
bounded per-(connection, direction) buffer with a 4-byte header. Each whole packet is
checked against the document's smallest valid payload size, parsed with the generated
``MmePacket`` (``ksy/mme/mme_packet.ksy``), and expanded:

* AVAILABLE/SELECT_PACKET_TYPES - ``packet_types``: the set of packet type numbers;
* CHAT_MESSAGE, MENU_TEXT - ``segments``: the text split at its color escapes;
* GROUP_SETUP - ``block_ids``: the null-terminated block list as numbers;
* MAP_DATA - ``blocks``: the region's data, inflated to exactly its volume;
* BUFFER_RESET / BUFFER_APPEND - ``len_buffer``: bytes in the append buffer;
* BUFFER_IS_MAP_DATA - ``blocks``: the whole buffer inflated into the region;
* BUFFER_IS_FILE_DATA - ``file``: the buffer as a cached file (named by its SHA-1);
* MAP_TOTAL_DATA - ``blocks``: the whole-map bytes this piece completes, with their offset.

The append buffer and the whole-map stream are state of each (connection, direction),
like the framing buffer; the decoder also remembers each direction's map dimensions from
MAP_SETUP to cap the whole-map stream at the map's volume. No decompression ever produces
more than the volume it fills (or ``max_map_volume``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, Optional, Tuple

from ..errors import DecodeError, LimitExceededError
from ..events import Event
from ..limits import DEFAULT_LIMITS, Limits
from ..parse import parse
from ..protocol import PacketContext, StreamDecoder
from ..records import Direction
from ..generated.mme.mme_packet import MmePacket
from .expansions import FileData, Region, RegionBlocks, StreamBlocks
from .inflate import StreamInflater, inflate_exact
from .packets import PACKETS, PacketType as P, packet_name, type_set
from .text import color_segments

#: Largest map (blocks) a map setup, a region or the whole-map stream may have: 128 Mi
#: blocks (one byte each), e.g. 1024 x 1024 x 128. Larger ones are refused before anything
#: is allocated or inflated. Override with the ``max_map_volume`` option of the decoder
#: and the tracker.
MAX_MAP_VOLUME = 128 * 1024 * 1024


@dataclass
class _Transfers:
    """Map-transfer state of one direction of one connection."""

    buffer: bytearray = field(default_factory=bytearray)
    overflowed: bool = False
    map_volume: Optional[int] = None
    total: Optional[StreamInflater] = None


class MmeDecoder(StreamDecoder):
    protocol = "mme"
    header_size = 4

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS,
                 max_map_volume: int = MAX_MAP_VOLUME, **_options: Any) -> None:
        super().__init__(limits=limits)
        self.max_map_volume = max_map_volume
        self._transfers: Dict[Tuple[int, Direction], _Transfers] = {}

    def packet_length(self, header: bytes, direction: Direction) -> int:
        return 4 + (header[2] | header[3] << 8)

    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        packet_type = data[0] | data[1] << 8
        info = PACKETS.get(packet_type)
        name = packet_name(packet_type)
        size = len(data) - 4
        if info is not None and size < info.minimum:
            raise DecodeError(
                f"{name} payload of {size} bytes is shorter than the smallest valid size",
                expected=f"{info.sizes} bytes", packet_id=packet_type, packet_name=name,
                offset=ctx.offset)
        packet = parse(MmePacket, data, packet_name=name, packet_id=packet_type,
                       offset_base=ctx.offset)
        expand = _EXPANDERS.get(packet_type)
        expansions = None
        if expand is not None:
            try:
                expansions = expand(self, packet.payload, data, ctx)
            except DecodeError as exc:
                raise exc.at(packet_id=packet_type, packet_name=name, offset=ctx.offset)
        yield self.make_packet(ctx, packet_type, name, packet, data, expansions)

    # -- expansions -------------------------------------------------------------------
    def _state(self, ctx: PacketContext) -> _Transfers:
        key = (ctx.stream, ctx.direction)
        state = self._transfers.get(key)
        if state is None:
            state = self._transfers[key] = _Transfers()
        return state

    def _region(self, region) -> Region:
        if not region.is_ordered:
            raise DecodeError("region's lower corner exceeds its upper corner",
                              expected="lower <= upper on every axis",
                              field_path="region")
        if region.volume > self.max_map_volume:
            raise LimitExceededError(f"region of {region.volume} blocks",
                                     expected=f"at most {self.max_map_volume} blocks")
        return (region.lower_x, region.lower_y, region.lower_z,
                region.upper_x, region.upper_y, region.upper_z)

    def _packet_types(self, payload, data, ctx):
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
        if volume > self.max_map_volume:
            state.map_volume = None
            raise LimitExceededError(f"map of {volume} blocks",
                                     expected=f"at most {self.max_map_volume} blocks")
        state.map_volume = volume
        return None

    def _map_data(self, payload, data, ctx):
        region = self._region(payload.region)
        data = inflate_exact(payload.data, payload.region.volume)
        return {"blocks": RegionBlocks(region, data)}

    def _buffer_reset(self, payload, data, ctx):
        state = self._state(ctx)
        state.buffer = bytearray()
        state.overflowed = False
        return {"len_buffer": 0}

    def _buffer_append(self, payload, data, ctx):
        state = self._state(ctx)
        if state.overflowed:
            raise LimitExceededError("the append buffer overflowed earlier",
                                     expected="BUFFER_RESET")
        if len(state.buffer) + len(payload.data) > self.limits.max_decompressed:
            state.overflowed = True
            state.buffer = bytearray()
            raise LimitExceededError("append buffer grows beyond the limit",
                                     expected=f"at most {self.limits.max_decompressed} bytes")
        state.buffer += payload.data
        return {"len_buffer": len(state.buffer)}

    def _buffer_is_map_data(self, payload, data, ctx):
        state = self._state(ctx)
        if state.overflowed:
            raise LimitExceededError("the append buffer overflowed earlier",
                                     expected="BUFFER_RESET")
        region = self._region(payload.region)
        data = inflate_exact(bytes(state.buffer), payload.region.volume)
        return {"blocks": RegionBlocks(region, data), "len_buffer": len(state.buffer)}

    def _buffer_is_file_data(self, payload, data, ctx):
        state = self._state(ctx)
        if state.overflowed:
            raise LimitExceededError("the append buffer overflowed earlier",
                                     expected="BUFFER_RESET")
        return {"file": FileData(bytes(state.buffer))}

    def _total_reset(self, payload, data, ctx):
        state = self._state(ctx)
        state.total = StreamInflater(state.map_volume if state.map_volume is not None
                                     else self.max_map_volume)
        return None

    def _total_data(self, payload, data, ctx):
        state = self._state(ctx)
        if state.total is None:
            self._total_reset(payload, data, ctx)
        offset = state.total.produced
        data = state.total.feed(payload.data)
        return {"blocks": StreamBlocks(offset, data)}


_EXPANDERS: Dict[int, Callable[[MmeDecoder, Any, bytes, PacketContext], Optional[dict]]] = {
    P.AVAILABLE_PACKET_TYPES: MmeDecoder._packet_types,
    P.SELECT_PACKET_TYPES: MmeDecoder._packet_types,
    P.CHAT_MESSAGE: MmeDecoder._chat_segments,
    P.MENU_TEXT: MmeDecoder._menu_text_segments,
    P.GROUP_SETUP: MmeDecoder._group,
    P.MAP_SETUP: MmeDecoder._map_setup,
    P.MAP_DATA: MmeDecoder._map_data,
    P.BUFFER_RESET: MmeDecoder._buffer_reset,
    P.BUFFER_APPEND: MmeDecoder._buffer_append,
    P.BUFFER_IS_MAP_DATA: MmeDecoder._buffer_is_map_data,
    P.BUFFER_IS_FILE_DATA: MmeDecoder._buffer_is_file_data,
    P.MAP_TOTAL_RESET: MmeDecoder._total_reset,
    P.MAP_TOTAL_DATA: MmeDecoder._total_data,
}
