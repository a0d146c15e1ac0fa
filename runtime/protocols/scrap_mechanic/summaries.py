"""The info column of ``--format summary`` for Scrap Mechanic packets: each packet's key
fields, from the event as the serializer shows it (readable or raw). A function returns
None when the event does not have the shape it reads (the generic column is used then).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Info = Callable[[dict[str, Any]], "str | None"]


def _body(data: dict[str, Any]) -> dict[str, Any] | None:
    """The parsed body: the expanded one, or the one ``sm_packet`` routes."""
    found = (data.get("expansions") or {}).get("body")
    if not isinstance(found, dict):
        found = (data.get("fields") or {}).get("body")
    return found if isinstance(found, dict) and set(found) != {"hex"} else None


def _text(value: Any, width: int = 40) -> str:
    if isinstance(value, dict) and "text" in value:          # a String in raw output
        value = value["text"]
    if not isinstance(value, str):
        return json.dumps(value) if value is None or isinstance(value, (int, float)) else "?"
    return json.dumps(value if len(value) <= width else value[:width - 3] + "...",
                      ensure_ascii=False)


def _name(value: Any) -> str:
    return str(value) if not isinstance(value, dict) else "?"


def _uuid(value: Any) -> str:
    if isinstance(value, dict) and "octets" in value:      # raw output: the wire bytes
        return str(value["octets"])
    return str(value)


def _xyz(value: Any) -> str:
    if isinstance(value, dict):
        return f"({value.get('x')}, {value.get('y')}, {value.get('z')})"
    return "?"


def network_update_info(data: dict[str, Any]) -> str | None:
    """The summary line of a 21/22: the tick and the first sub-updates."""
    exp = data.get("expansions") or {}
    subs = exp.get("sub_updates")
    if not isinstance(subs, list):
        return None
    kinds = ", ".join(f"{s.get('update_type')} {s.get('netobj_type')} #{s.get('netobj_id')}"
                      for s in subs[:4] if isinstance(s, dict))
    more = f", +{len(subs) - 4}" if len(subs) > 4 else ""
    return f"tick={exp.get('tick')} sub_updates={len(subs)}: {kinds}{more}"


def _body_info(make: Callable[[dict[str, Any]], str]) -> Info:
    """An info function from one that reads the parsed body."""
    def info(data: dict[str, Any]) -> str | None:
        body = _body(data)
        if body is None:
            return None
        try:
            return make(body)
        except (AttributeError, KeyError, TypeError, IndexError):
            return None
    return info


def _no_data(data: dict[str, Any]) -> str | None:
    return "no data" if _body(data) == {} else None


def _server_info(b: dict[str, Any]) -> str:
    flags = b.get("flags") or {}
    return (f"version={b['version']} gamemode={_name(b['gamemode'])} seed={b['seed']} "
            f"tick={b['gametick']} mods={len(b['mods'])} script_keys={len(b['script_data'])} "
            f"generic_keys={len(b['generic_data'])}"
            + (" developer_mode" if flags.get("developer_mode") else ""))


def _character_info(b: dict[str, Any]) -> str:
    custom = b.get("character_customization") or {}
    return (f"name={_text(b['name'])} gender={_name(custom.get('gender'))} "
            f"options={len(custom.get('option_uuids') or [])}")


def blob_info(data: dict[str, Any]) -> str | None:
    """11, 13, 25-28: the tick and each entry's payload kind (chat messages in full)."""
    body = _body(data)
    blobs = (data.get("expansions") or {}).get("blobs")
    if body is None or not isinstance(blobs, list):
        return None
    parts = []
    for entry in blobs[:4]:
        if not isinstance(entry, dict):
            continue
        payload = entry.get("payload")
        if entry.get("spec") == "sm_blob_chat_message" and isinstance(payload, dict):
            parts.append(f"chat {_text(payload.get('sender'), 20)}: "
                         f"{_text(payload.get('message'))}")
        elif entry.get("spec") == "sm_blob_player_data" and isinstance(payload, dict):
            parts.append(f"player_data {_text(payload.get('name'), 20)}")
        else:
            parts.append(f"{_name(entry.get('uid'))} ({entry.get('size')} bytes)")
    more = f", +{len(blobs) - 4}" if len(blobs) > 4 else ""
    tick = f"tick={body['game_tick']} " if "game_tick" in body else ""
    return f"{tick}blobs={len(blobs)}" + (": " + ", ".join(parts) + more if parts else "")


def _transaction(t: dict[str, Any]) -> str:
    action = _name(t.get("action"))
    d = t.get("data") or {}
    stacks = [f"{k.split('_')[0]} {s.get('container_id')}[{s.get('slot')}]x{s.get('quantity')}"
              for k, s in d.items() if k.endswith("_stack") and isinstance(s, dict)]
    ids = [f"{k}={v}" for k, v in d.items() if k.endswith(("container_id", "slot", "quantity"))]
    return " ".join([action] + stacks + ids)


def _container_transaction(b: dict[str, Any]) -> str:
    first = b.get("transaction")
    text = f"transactions={b['num_transactions']}"
    return text + (f": {_transaction(first)}" if isinstance(first, dict) else "")


def _place(b: dict[str, Any]) -> str:
    return (f"shape {_uuid(b['shape_uuid'])} at {_xyz(b['local_position'])} size {_xyz(b['size'])} "
            f"on {_name(b['placed_on'])} {_surface(b.get('placed_on_data'))}").rstrip()


def _surface(data: Any) -> str:
    if not isinstance(data, dict):
        return ""
    return " ".join(f"{k}={v}" for k, v in data.items() if k.endswith("_id"))


def _remove(b: dict[str, Any]) -> str:
    return (f"from {_xyz(b['local_position_low'])} to {_xyz(b['local_position_high'])} "
            f"on {_name(b['removed_surface'])} {_surface(b.get('removed_surface_data'))}"
            ).rstrip()


def _connect(b: dict[str, Any]) -> str:
    flags = b.get("flags") or {}
    set_bits = [k for k in ("connect", "disconnect", "reverse_direction", "bearing", "standard")
                if flags.get(k) is True]
    return f"parent={b['parent_id']} child={b['child_id']} " + ("+".join(set_bits) or "none")


def _interact(b: dict[str, Any]) -> str:
    data = b.get("data") or {}
    kind = _name(b["packet_type"])
    if "interactable_id" in data:
        rest = " ".join(f"{k}={v}" for k, v in data.items() if k != "interactable_id")
        return f"{kind} interactable={data['interactable_id']} {rest}".rstrip()
    if "setting" in data:
        value = data.get("float_value", data.get("lock_value"))
        return f"{kind} {_name(data['setting'])}={value}"
    return kind


def _lift_import(data: dict[str, Any]) -> str | None:
    body = _body(data)
    if body is None:
        return None
    blueprint = (data.get("expansions") or {}).get("blueprint")
    size = len(blueprint) if isinstance(blueprint, str) else body.get("uncompressed_size")
    return f"lift={body.get('lift_id')} blueprint={size} bytes"


def _compound(data: dict[str, Any]) -> str | None:
    body = _body(data)
    if body is None or not isinstance(body.get("subpackets"), list):
        return None
    names = [_name(s.get("packet_id")) for s in body["subpackets"] if isinstance(s, dict)]
    more = f", +{len(names) - 6}" if len(names) > 6 else ""
    return f"subpackets={len(names)}" + (": " + ", ".join(names[:6]) + more if names else "")


SUMMARIES: dict[str, Info] = {
    "network_update": network_update_info,
    "initialization_network_update": network_update_info,
    "compound_packet": _compound,
    **{name: _no_data for name in ("hello", "request_passphrase", "client_accepted",
                                   "checksums_accepted", "join_confirmation", "legacy")},
    "server_info": _body_info(_server_info),
    "respond_passphrase": _body_info(lambda b: f"passphrase={_text(b['passphrase'])}"),
    "file_checksums": _body_info(lambda b: f"checksums={len(b['checksums'])}"),
    "checksums_denied": _body_info(lambda b: f"index={b['index']}"),
    "character_info": _body_info(_character_info),
    **{name: blob_info for name in ("script_initialization_data",
                                    "generic_initialization_data", "script_data_s2c",
                                    "script_data_c2s", "generic_data_s2c", "generic_data_c2s")},
    "display_message": _body_info(
        lambda b: f"{_text(b['message_type'], 20)}: {_text(b['message'])}"),
    "display_alert_text": _body_info(lambda b: _text(b["message"])),
    "hotbar_item_changed": _body_info(
        lambda b: f"character={b['character_id']} item={_uuid(b['uuid'])} "
                  f"tool={b['tool_instance_id']}"),
    "container_transaction": _body_info(_container_transaction),
    "drop_item_stack": _body_info(
        lambda b: f"container={b['container_id']} slot={b['slot']} quantity={b['quantity']}"),
    "place": _body_info(_place),
    "remove": _body_info(_remove),
    "remove_joint": _body_info(lambda b: f"joint={b['joint_id']}"),
    "harvestable_destroy": _body_info(lambda b: f"effect={b['effect_id']}"),
    "lift_delete_creation": _body_info(lambda b: f"lift={b['lift_id']}"),
    "connect": _body_info(_connect),
    "lift_import_creation": _lift_import,
    "interact": _body_info(_interact),
    "lift_level": _body_info(lambda b: f"lift={b['lift_id']} change={b['level_change']:+d}"),
}
