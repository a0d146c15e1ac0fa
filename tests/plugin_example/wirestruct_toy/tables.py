"""One table of the game: every move."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pyarrow as pa
from wirestruct.core.events import PacketEvent
from wirestruct.plugin.protocol import Tables
from wirestruct.tables.rows import Row, time_ns
from wirestruct.tables.schemas import I32, I64, TIME, schema

TOY_MOVES = schema(pa.field("packet_index", I64), pa.field("t", TIME),
                   pa.field("player", I32), pa.field("x", I32), pa.field("y", I32))


class Rows:
    def __init__(self, **_options: Any) -> None:
        pass

    def __call__(self, event: PacketEvent) -> Iterator[Row]:
        if event.name == "move":
            body = event.packet.body
            yield "toy_moves", (event.index, time_ns(event), body.player, body.x, body.y)

    @staticmethod
    def final(snapshot: dict[str, Any]) -> tuple[int | None, int]:
        return None, len(snapshot["players"])


TABLES = Tables(schemas={"toy_moves": TOY_MOVES}, rows=Rows)
