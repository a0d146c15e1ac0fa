"""How Multiplayer Map Editor packets read in ``--format summary``: the key fields of the
packets an analyst looks for (who moved where, who said what, what of the map changed)."""
from __future__ import annotations

from typing import Any

from wirestruct.plugin.protocol import Presentation
from wirestruct.protocols.mme.text import plain_text


def _payload(data: dict[str, Any]) -> dict[str, Any]:
    payload = (data.get("fields") or {}).get("payload")
    return payload if isinstance(payload, dict) else {}


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def move_player(data: dict[str, Any]) -> str | None:
    p = _payload(data)
    if "x" not in p:
        return None
    who = f"player={p['player_id']} " if p.get("player_id") is not None else ""
    return (f"{who}at ({_number(p['x'])}, {_number(p['y'])}, {_number(p['z'])}) "
            f"u={_number(p.get('u'))} v={_number(p.get('v'))}")


def chat_message(data: dict[str, Any]) -> str | None:
    p = _payload(data)
    message = p.get("message")
    if not isinstance(message, str):
        return None
    return f"player={p.get('player_id')} {plain_text(message)!r}"


def _region(p: dict[str, Any]) -> str | None:
    r = p.get("region")
    if not isinstance(r, dict):
        return None
    return (f"({r.get('lower_x')}, {r.get('lower_y')}, {r.get('lower_z')})-"
            f"({r.get('upper_x')}, {r.get('upper_y')}, {r.get('upper_z')})")


def map_change(data: dict[str, Any]) -> str | None:
    p = _payload(data)
    region = _region(p)
    if region is not None:
        block = f" block={p['block_type']}" if "block_type" in p else ""
        return f"region {region}{block}"
    if "block_type" in p and "x" in p:
        return f"({p['x']}, {p['y']}, {p['z']}) block={p['block_type']}"
    return None


def packet_types(data: dict[str, Any]) -> str | None:
    """AVAILABLE/SELECT_PACKET_TYPES: the packet types of the set (its expansion)."""
    types = (data.get("expansions") or {}).get("packet_types")
    if not isinstance(types, list):
        return None
    shown = ",".join(str(t) for t in types[:_TYPES_SHOWN])
    more = f",... ({len(types)} types)" if len(types) > _TYPES_SHOWN else ""
    return f"types={shown}{more}"


#: Packet types named in one summary line of a packet type set.
_TYPES_SHOWN = 12

PRESENTATION = Presentation(summaries={
    "move_player": move_player, "chat_message": chat_message, "map_fill": map_change,
    "map_data": map_change, "map_modify": map_change, "buffer_is_map_data": map_change,
    "available_packet_types": packet_types, "select_packet_types": packet_types})
