"""Multiplayer Map Editor rows: player moves, map changes and chat. Everything this
protocol's tables read from events is here."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pyarrow as pa
from wirestruct.core.events import PacketEvent
from wirestruct.core.records import Direction
from wirestruct.plugin.protocol import Tables
from wirestruct.protocols.mme.packets import PacketType as P
from wirestruct.protocols.mme.text import plain_text
from wirestruct.tables.rows import Row, time_ns
from wirestruct.tables.schemas import F64, I32, I64, STR, TIME, schema

_REGION_DATA = (int(P.map_data), int(P.buffer_is_map_data))


#: MME: one row per MOVE_PLAYER (both directions).
MME_MOVES = schema(
    pa.field("packet_index", I64), pa.field("t", TIME), pa.field("dir", STR),
    pa.field("player_id", I32), pa.field("is_self", pa.bool_()),
    pa.field("x", F64), pa.field("y", F64), pa.field("z", F64),
    pa.field("u", F64), pa.field("v", F64),
)

#: MME: one row per map change (setup, free, fill, modify, region data, stream data).
MME_MAP_CHANGES = schema(
    pa.field("packet_index", I64), pa.field("t", TIME), pa.field("kind", STR),
    pa.field("lower_x", I64), pa.field("lower_y", I64), pa.field("lower_z", I64),
    pa.field("upper_x", I64), pa.field("upper_y", I64), pa.field("upper_z", I64),
    pa.field("offset", I64), pa.field("blocks", I64), pa.field("block_type", I32),
)

#: MME: one row per CHAT_MESSAGE (both directions).
MME_CHAT = schema(
    pa.field("packet_index", I64), pa.field("t", TIME), pa.field("dir", STR),
    pa.field("player_id", I32), pa.field("text", STR),
)

class Rows:
    """Makes the rows of one MME capture's events."""

    def __init__(self, **_options: Any) -> None:
        pass

    def __call__(self, event: PacketEvent) -> Iterator[Row]:
        packet_id = event.packet_id
        if packet_id == P.move_player:
            p = event.packet.payload
            s2c = event.direction is Direction.S2C
            is_self = (not s2c) or bool(p.teleports_self)
            player_id = getattr(p, "player_id", None) if s2c and not is_self else None
            yield "mme_moves", (event.index, time_ns(event), event.direction.label, player_id,
                                is_self, p.x, p.y, p.z, p.u, p.v)
        elif packet_id == P.chat_message:
            p = event.packet.payload
            yield "mme_chat", (event.index, time_ns(event), event.direction.label, p.player_id,
                               plain_text(p.message))
        elif event.direction is Direction.S2C:
            change = _map_change(event)
            if change is not None:
                yield "mme_map_changes", (event.index, time_ns(event)) + change

    @staticmethod
    def final(snapshot: dict[str, Any]) -> tuple[int | None, int]:
        """(tick: MME has none, number of players known) after the last packet."""
        return None, len(snapshot.get("players", ()))


def _map_change(event: PacketEvent) -> tuple | None:
    """(kind, lower x/y/z, upper x/y/z, offset, blocks written, block type)."""
    packet_id = event.packet_id
    if packet_id == P.map_setup:
        p = event.packet.payload
        if p.frees:
            return ("free",) + (None,) * 9
        return ("setup", 0, 0, 0, p.size_x - 1, p.size_y - 1, p.size_z - 1, None,
                p.size_x * p.size_y * p.size_z, None)
    if packet_id == P.map_fill:
        p = event.packet.payload
        r = p.region
        lower, upper = (r.lower_x, r.lower_y, r.lower_z), (r.upper_x, r.upper_y, r.upper_z)
        volume = 1
        for lo, hi in zip(lower, upper):
            volume *= max(0, hi - lo + 1)
        return ("fill",) + lower + upper + (None, volume, p.block_type)
    if packet_id == P.map_modify:
        p = event.packet.payload
        return ("modify", p.x, p.y, p.z, p.x, p.y, p.z, None, 1, p.block_type)
    blocks = event.expansions.get("blocks")
    if blocks is None:
        return None
    if packet_id in _REGION_DATA:
        return ("region",) + tuple(blocks.region) + (None, len(blocks.data), None)
    if packet_id == P.map_total_data:
        return ("stream",) + (None,) * 6 + (blocks.offset, len(blocks.data), None)
    return None


TABLES = Tables(schemas={"mme_moves": MME_MOVES, "mme_map_changes": MME_MAP_CHANGES,
                         "mme_chat": MME_CHAT},
                rows=Rows)
