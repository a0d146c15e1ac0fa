"""Scrap Mechanic rows: sub-updates of 21/22 Network Updates and transforms of 24
Unreliable Updates. Everything this protocol's tables read from events is here."""
from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO
from typing import Any

from kaitaistruct import KaitaiStream
from wirestruct.core.events import PacketEvent
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.protocols.scrap_mechanic import packets
from wirestruct.tables.rows import Row, enum_name

_NETWORK_UPDATES = packets.NETWORK_UPDATES
_UNRELIABLE_UPDATE = int(packets.UNRELIABLE_UPDATE)
_RIGID_BODY = SmCommon.NetobjType.rigid_body
_CHARACTER = SmCommon.NetobjType.character
_NO_BYTES = KaitaiStream(BytesIO(b""))  # f4_from_bits reads nothing but needs a stream


def _float(bits: int) -> float:
    """A float from its 32 bits, converted by the spec's own f4_from_bits."""
    return SmCommon.F4FromBits(bits, _NO_BYTES).value


class Rows:
    """Makes the rows of one Scrap Mechanic capture's events."""

    def __init__(self, **_options: Any) -> None:
        pass

    def __call__(self, event: PacketEvent) -> Iterator[Row]:
        expansions = event.expansions
        if event.packet_id in _NETWORK_UPDATES and "sub_updates" in expansions:
            tick = expansions["tick"]
            for sub in expansions["sub_updates"]:
                yield "sm_sub_updates", (
                    event.index, event.t, tick, sub.index, sub.netobj_id,
                    enum_name(sub.netobj_type), enum_name(sub.controller_type),
                    enum_name(sub.update_type), sub.encoding, len(sub.data))
        elif event.packet_id == _UNRELIABLE_UPDATE and "body" in expansions:
            body = expansions["body"]
            for update in body.updates:
                row = _transform(update)
                if row is not None:
                    yield "sm_transforms", (event.index, event.t, body.server_tick) + row

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
        if data.is_tumbling:
            rotation = (_float(data.rotation_x_bits), _float(data.rotation_y_bits),
                        _float(data.rotation_z_bits), _float(data.rotation_w_bits))
        else:
            rotation = (None, None, None, None)
        return (data.character_id, "character") + position + rotation
    return None  # controllers carry no transform
