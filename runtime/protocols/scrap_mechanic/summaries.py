"""The summary of every Scrap Mechanic packet: the info column of ``--format summary`` and
the dissector's Info column, both rendered from this one description (see
:mod:`wirestruct.output.summary_rules` for the template parts). ``body`` is the parsed
body (the decompressed one, or the one ``sm_packet`` routes); ``tick`` and
``sub_updates`` are a Network Update's, ``blobs`` the BlobData payloads of 11, 13, 25-28.
"""
from __future__ import annotations

from typing import Any

from wirestruct.output.summary_rules import each, get


def _body(*parts: Any) -> list[Any]:
    """A template of the body's fields (the generic summary without a parsed body)."""
    return [{"require": {"has": "body"}}, *parts]


_NO_DATA = [{"require": {"empty": "body"}}, "no data"]

_NETWORK_UPDATE = [
    "tick=", get("tick"), " sub_updates=", get("sub_updates", "len"), ": ",
    each("sub_updates", [get("update_type"), " ", get("netobj_type"), " #",
                         get("netobj_id")], first=4),
]

_BLOB = {"switch": "spec", "cases": {
    "sm_blob_chat_message": ["chat ", get("payload.sender", "text", width=20, default=["null"]),
                             ": ", get("payload.message", "text", default=["null"])],
    "sm_blob_player_data": ["player_data ",
                            get("payload.name", "text", width=20, default=["null"])],
}, "else": [get("uid", "name", default=["None"]), " (",
            get("size", default=["None"]), " bytes)"]}

_BLOBS = _body(
    {"if": {"has": "body.game_tick"}, "then": ["tick=", get("body.game_tick"), " "]},
    "blobs=", get("blobs", "len"),
    {"if": {"some": "blobs"}, "then": [": ", each("blobs", [_BLOB], first=4)]})

_STACK = [get("@head"), " ", get("container_id", default=["None"]), "[",
          get("slot", default=["None"]), "]x", get("quantity", default=["None"])]

_TRANSACTION = {"words": [
    [get("body.transaction.action", "name", default=["None"])],
    [{"fields": "body.transaction.data", "suffix": ["_stack"], "objects": True, "item": _STACK}],
    [{"fields": "body.transaction.data", "suffix": ["container_id", "slot", "quantity"],
      "item": [get("@key"), "=", get("@")]}],
]}


def _surface(path: str) -> dict[str, Any]:
    """The ``*_id`` fields of the object a shape is placed on or removed from."""
    return {"fields": path, "suffix": ["_id"], "item": [get("@key"), "=", get("@")]}


def _xyz(path: str) -> dict[str, Any]:
    return get(path, "xyz")


_INTERACT = _body({"if": {"has": "body.data.interactable_id"}, "then": [{"words": [
    [get("body.packet_type", "name")],
    ["interactable=", get("body.data.interactable_id")],
    [{"fields": "body.data", "except": ["interactable_id"],
      "item": [get("@key"), "=", get("@")]}]]}],
    "else": [get("body.packet_type", "name"), {"if": {"has": "body.data.setting"}, "then": [
        " ", get("body.data.setting", "name"), "=",
        get("body.data.float_value",
             default=[get("body.data.lock_value", default=["None"])])]}]})

SUMMARIES: dict[str, Any] = {
    "network_update": _NETWORK_UPDATE,
    "initialization_network_update": _NETWORK_UPDATE,
    "compound_packet": _body(
        "subpackets=", get("body.subpackets", "len"),
        {"if": {"some": "body.subpackets"}, "then": [
            ": ", each("body.subpackets", [get("packet_id", "name")], first=6)]}),
    **{name: _NO_DATA for name in ("hello", "request_passphrase", "client_accepted",
                                   "checksums_accepted", "join_confirmation", "legacy")},
    "server_info": _body(
        "version=", get("body.version"), " gamemode=", get("body.gamemode", "name"),
        " seed=", get("body.seed"), " tick=", get("body.gametick"),
        " mods=", get("body.mods", "len"), " script_keys=", get("body.script_data", "len"),
        " generic_keys=", get("body.generic_data", "len"),
        {"if": {"true": "body.flags.developer_mode"}, "then": [" developer_mode"]}),
    "respond_passphrase": _body("passphrase=", get("body.passphrase", "text")),
    "file_checksums": _body("checksums=", get("body.checksums", "len")),
    "checksums_denied": _body("index=", get("body.index")),
    "character_info": _body(
        "name=", get("body.name", "text"),
        " gender=", get("body.character_customization.gender", "name", default=["None"]),
        " options=", get("body.character_customization.option_uuids", "len",
                          default=["0"])),
    **{name: _BLOBS for name in ("script_initialization_data", "generic_initialization_data",
                                 "script_data_s2c", "script_data_c2s", "generic_data_s2c",
                                 "generic_data_c2s")},
    "display_message": _body(get("body.message_type", "text", width=20), ": ",
                             get("body.message", "text")),
    "display_alert_text": _body(get("body.message", "text")),
    "hotbar_item_changed": _body(
        "character=", get("body.character_id"), " item=", get("body.uuid", "uuid"),
        " tool=", get("body.tool_instance_id")),
    "container_transaction": _body(
        "transactions=", get("body.num_transactions"),
        {"if": {"has": "body.transaction"}, "then": [": ", _TRANSACTION]}),
    "drop_item_stack": _body(
        "container=", get("body.container_id"), " slot=", get("body.slot"),
        " quantity=", get("body.quantity")),
    "place": _body({"words": [
        ["shape ", get("body.shape_uuid", "uuid"), " at ", _xyz("body.local_position"),
         " size ", _xyz("body.size"), " on ", get("body.placed_on", "name")],
        [_surface("body.placed_on_data")]]}),
    "remove": _body({"words": [
        ["from ", _xyz("body.local_position_low"), " to ", _xyz("body.local_position_high"),
         " on ", get("body.removed_surface", "name")],
        [_surface("body.removed_surface_data")]]}),
    "remove_joint": _body("joint=", get("body.joint_id")),
    "harvestable_destroy": _body("effect=", get("body.effect_id")),
    "lift_delete_creation": _body("lift=", get("body.lift_id")),
    "connect": _body(
        "parent=", get("body.parent_id"), " child=", get("body.child_id"), " ",
        {"flags": "body.flags", "names": ["connect", "disconnect", "reverse_direction",
                                          "bearing", "standard"], "sep": "+", "none": "none"}),
    "lift_import_creation": _body("lift=", get("body.lift_id"),
                                  " blueprint=", get("body.uncompressed_size"), " bytes"),
    "interact": _INTERACT,
    "unreliable_update": _body(
        "tick=", get("body.server_tick"), " updates=", get("body.updates", "len"),
        {"if": {"some": "body.updates"}, "then": [": ", each(
            "body.updates", first=4, item=[{"words": [
                [get("netobj_type", "name")],
                [{"fields": "data", "suffix": ["_id"], "item": ["#", get("@")]}]]}])]}),
    "player_movement": _body({"words": [
        ["tick=", get("body.tick"), " direction=", get("body.direction"),
         " yaw=", get("body.yaw"), " pitch=", get("body.pitch")],
        [{"flags": "body.keys", "names": ["jump", "sprint", "crawl", "aim", "horizontal"],
          "sep": "+"}]]}),
    "lift_level": _body("lift=", get("body.lift_id"),
                        " change=", get("body.level_change", "signed")),
}
