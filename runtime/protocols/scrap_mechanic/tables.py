"""Scrap Mechanic rows: sub-updates of 21/22 Network Updates, transforms of 24 Unreliable
Updates, messages (18, 19, chat in 27/28) and player actions (31-35, 39, 40, 43-45, 50-52)
with their tick and player. Everything this protocol's tables read from events is here."""
from __future__ import annotations

import json
from collections.abc import Iterator
from io import BytesIO
from typing import Any

import pyarrow as pa
from kaitaistruct import KaitaiStream
from wirestruct.core.events import PacketEvent
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.plugin.protocol import Tables
from wirestruct.protocols.scrap_mechanic import packets
from wirestruct.protocols.scrap_mechanic.actions import Clients, describe
from wirestruct.protocols.scrap_mechanic.messages import MESSAGE_PACKETS, messages_of
from wirestruct.tables.rows import Row, enum_name, time_ns
from wirestruct.tables.schemas import F64, I32, I64, STR, TIME, schema

_NETWORK_UPDATES = packets.NETWORK_UPDATES
_UNRELIABLE_UPDATE = int(packets.UNRELIABLE_UPDATE)
_RIGID_BODY = SmCommon.NetobjType.rigid_body
_CHARACTER = SmCommon.NetobjType.character
_NO_BYTES = KaitaiStream(BytesIO(b""))  # f4_from_bits reads nothing but needs a stream


def _float(bits: int) -> float:
    """A float from its 32 bits, converted by the spec's own f4_from_bits."""
    return SmCommon.F4FromBits(bits, _NO_BYTES).value


#: Scrap Mechanic: one row per sub-update of a 21/22 Network Update.
SM_SUB_UPDATES = schema(
    pa.field("packet_index", I64), pa.field("t", TIME), pa.field("tick", I64),
    pa.field("sub_index", I32), pa.field("netobj_id", I64), pa.field("netobj_type", STR),
    pa.field("controller_type", STR), pa.field("update_type", STR),
    pa.field("encoding", STR), pa.field("size", I32),
)

#: Scrap Mechanic: one row per rigid body / character transform of a 24 Unreliable Update.
SM_TRANSFORMS = schema(
    pa.field("packet_index", I64), pa.field("t", TIME), pa.field("tick", I64),
    pa.field("netobj_id", I64), pa.field("netobj_type", STR),
    pa.field("pos_x", F64), pa.field("pos_y", F64), pa.field("pos_z", F64),
    pa.field("rot_x", F64), pa.field("rot_y", F64), pa.field("rot_z", F64),
    pa.field("rot_w", F64),
)

#: Scrap Mechanic: one row per message shown (18, 19) or chat message sent (27, 28).
SM_MESSAGES = schema(
    pa.field("packet_index", I64), pa.field("t", TIME), pa.field("tick", I64),
    pa.field("stream", I32), pa.field("dir", STR), pa.field("kind", STR),
    pa.field("location", STR), pa.field("type", STR), pa.field("sender", STR),
    pa.field("message", STR), pa.field("shown", STR), pa.field("special", STR),
    pa.field("timestamp", I64),
)

#: Scrap Mechanic: one row per player action, with its tick and player.
SM_PLAYER_ACTIONS = schema(
    pa.field("packet_index", I64), pa.field("t", TIME), pa.field("tick", I64),
    pa.field("stream", I32), pa.field("player_id", I64), pa.field("player", STR),
    pa.field("action", STR), pa.field("kind", STR), pa.field("target_id", I64),
    pa.field("container_id", I64), pa.field("slot", I64), pa.field("quantity", I64),
    pa.field("item", STR), pa.field("details", STR),
)

_PLAYER_ACTIONS = packets.PLAYER_ACTIONS
_TIMESTAMP_MAX = (1 << 63) - 1


class Rows:
    """Makes the rows of one Scrap Mechanic capture's events (following who each
    connection is, for the player of its actions)."""

    def __init__(self, **_options: Any) -> None:
        self.clients = Clients(1 << 16)

    def __call__(self, event: PacketEvent) -> Iterator[Row]:
        self.clients.apply(event)
        expansions = event.expansions
        t = time_ns(event)
        if event.packet_id in _NETWORK_UPDATES and "sub_updates" in expansions:
            tick = expansions["tick"]
            for sub in expansions["sub_updates"]:
                yield "sm_sub_updates", (
                    event.index, t, tick, sub.index, sub.netobj_id,
                    enum_name(sub.netobj_type), enum_name(sub.controller_type),
                    enum_name(sub.update_type), sub.encoding, len(sub.data))
        elif event.packet_id == _UNRELIABLE_UPDATE and "body" in expansions:
            body = expansions["body"]
            for update in body.updates:
                row = _transform(update)
                if row is not None:
                    yield "sm_transforms", (event.index, t, body.server_tick) + row
        elif event.packet_id in _PLAYER_ACTIONS:
            yield from self._action(event)
        elif event.packet_id in MESSAGE_PACKETS:
            for m in messages_of(event):
                timestamp = m.get("timestamp")
                yield "sm_messages", (
                    event.index, t, self.clients.server_tick, event.stream,
                    event.direction.label, m["kind"], m.get("location"), m.get("type"),
                    m.get("sender"), m["message"], m.get("shown"), m.get("special"),
                    timestamp if timestamp is None or timestamp <= _TIMESTAMP_MAX else None)

    def _action(self, event: PacketEvent) -> Iterator[Row]:
        action = describe(event)
        if action is None:
            return
        tick, player_id, name = self.clients.who(event.stream)
        yield "sm_player_actions", (
            event.index, time_ns(event), tick, event.stream, player_id, name, action.action,
            action.kind, action.target_id, action.container_id, action.slot,
            action.quantity, action.item,
            json.dumps(action.details, separators=(",", ":")) if action.details else None)

    @staticmethod
    def final(snapshot: dict[str, Any]) -> tuple[int | None, int]:
        """(tick, number of live NetObjs) after the last packet."""
        return snapshot.get("tick"), len(snapshot.get("netobjs", ()))


def _transform(update: Any) -> tuple | None:
    netobj_type = update.netobj_type
    data = update.data
    if netobj_type is _RIGID_BODY:
        p, r = data.position, data.rotation
        return (data.body_id, "rigid_body", p.x, p.y, p.z, r.x, r.y, r.z, r.w)
    if netobj_type is _CHARACTER:
        position = (_float(data.position_x_bits), _float(data.position_y_bits),
                    _float(data.position_z_bits))
        rotation: tuple[float, float, float, float] | tuple[None, None, None, None]
        if data.is_tumbling:
            rotation = (_float(data.rotation_x_bits), _float(data.rotation_y_bits),
                        _float(data.rotation_z_bits), _float(data.rotation_w_bits))
        else:
            rotation = (None, None, None, None)
        return (data.character_id, "character") + position + rotation
    return None  # controllers carry no transform


TABLES = Tables(schemas={"sm_sub_updates": SM_SUB_UPDATES, "sm_transforms": SM_TRANSFORMS,
                         "sm_messages": SM_MESSAGES, "sm_player_actions": SM_PLAYER_ACTIONS},
                rows=Rows)
