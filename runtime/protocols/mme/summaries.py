"""The summary of every Multiplayer Map Editor packet: the info column of ``--format
summary`` and the dissector's Info column, both rendered from this one description (see
:mod:`wirestruct.output.summary_rules`): who moved where, who said what, what of the map
changed, which menu item is where. Texts are shown without their color escapes.
"""
from __future__ import annotations

from typing import Any

from wirestruct.output.summary_rules import each, flag, get


def _p(path: str, fmt: str = "str", **more: Any) -> dict[str, Any]:
    """A value of the packet's payload."""
    return get("payload." + path, fmt, **more)


def _flag(name: str, text: str | None = None) -> dict[str, Any]:
    return flag("payload." + name, text)


def _region() -> list[Any]:
    r = "region."
    return ["region (", _p(r + "lower_x"), ", ", _p(r + "lower_y"), ", ", _p(r + "lower_z"),
            ")-(", _p(r + "upper_x"), ", ", _p(r + "upper_y"), ", ", _p(r + "upper_z"), ")"]


def _at(fmt: str = "num") -> list[Any]:
    return ["(", _p("x", fmt), ", ", _p("y", fmt), ", ", _p("z", fmt), ")"]


def _types() -> list[Any]:
    """The packet types whose bits the set's bitmap has (the first twelve)."""
    return ["types=", each("payload.bitmap", [get("@")], first=12, sep=",",
                           more=[",... (", get("@count"), " types)"]) | {"bits": True}]


def _bytes(path: str, label: str) -> list[Any]:
    return [label, "=", _p(path, "len"), " bytes"]


def _menu_item(*rest: Any) -> list[Any]:
    """A menu item: its index and place, then what it is."""
    return ["#", _p("index"), " at ", _p("column"), ",", _p("line"), *rest]


def _menu_control(*rest: Any) -> list[Any]:
    return _menu_item(" name=", _p("name"), " value=", _p("value"), *rest,
                      " ", _p("text", "plain", width=40))


def _player(prefix: str = "player=") -> dict[str, Any]:
    return {"if": {"has": "payload.player_id"}, "then": [prefix, _p("player_id")]}


def _credentials() -> dict[str, Any]:
    return {"if": {"has": "payload.credentials.player_id"},
            "then": [" player=", _p("credentials.player_id")]}


SUMMARIES: dict[str, Any] = {
    "available_packet_types": _types(),
    "select_packet_types": _types(),
    "ping_request": _bytes("data", "data"),
    "ping_response": _bytes("data", "data"),
    "idle_ping": ["idle"],
    "authenticate": ["name=", _p("name", "text", width=32), _credentials(),
                     _flag("has_token", "with token")],
    "connect": ["to ", _p("address", "text"), _credentials()],
    "disconnect": [_p("reason_code", "name"), " ", _p("reason", "plain"),
                   " reconnect_delay=", _p("reconnect_delay")],
    "chat_message": [_player(), {"if": {"has": "payload.player_id"}, "then": [" "]},
                     _p("message", "plain", width=80), _flag("from_server")],
    "announce_player": ["player=", _p("player_id"), " ", _p("name", "plain", width=32),
                        " color=", _p("color", "name")],
    "denounce_player": ["player=", _p("player_id")],
    "player_abilities": [
        "box_volume=", _p("box_volume_limit"), " copy_volume=", _p("copy_volume_limit"),
        " max_chat_length=", _p("max_chat_length"),
        _flag("permissions.allow_flying", "flying"),
        _flag("permissions.allow_fast_flying", "fast_flying"),
        _flag("permissions.allow_noclip", "noclip")],
    "map_loading": ["progress=", _p("progress"), " ", _p("message", "plain"),
                    _flag("removes_screen")],
    "random_garbage": _bytes("data", "garbage"),
    "map_setup": [{"if": {"true": "payload.frees"}, "then": ["frees the map"], "else": [
        "size=", _p("size_x"), "x", _p("size_y"), "x", _p("size_z"),
        " sea_level=", _p("sea_level")]}],
    "map_properties": ["block_size=", _p("block_size", "num")],
    "map_fill": [*_region(), " block=", _p("block_type")],
    "map_data": [*_region(), " ", _p("data", "len"), " compressed bytes"],
    "map_total_reset": ["map reset"],
    "map_total_data": _bytes("data", "compressed"),
    "buffer_reset": ["buffer reset"],
    "buffer_append": _bytes("data", "appended"),
    "buffer_is_map_data": _region(),
    "buffer_is_file_data": ["buffer is a file"],
    "move_player": [_player(), {"if": {"has": "payload.player_id"}, "then": [" "]},
                    "at ", *_at(), " u=", _p("u", "num"), " v=", _p("v", "num"),
                    _flag("teleports_self")],
    "map_modify": [*_at("str"), " block=", _p("block_type"), _player(" player=")],
    "file_request": ["sha1=", _p("sha1", "hex")],
    "texture_setup": ["texture=", _p("texture_id"), " ", _p("width", "num"), "x",
                      _p("height", "num"), " sha1=", _p("sha1", "hex"), _flag("deletes")],
    "group_setup": ["group=", _p("group_id"), " ", _p("name", "plain", width=32),
                    " blocks=", _p("block_ids", "len"), _flag("deletes")],
    "block_setup": ["block=", _p("block_id"), " textures=", _p("texture_top"), "/",
                    _p("texture_bottom"), "/", _p("texture_front"), "/", _p("texture_back"),
                    "/", _p("texture_left"), "/", _p("texture_right"),
                    {"if": {"has": "payload.description"},
                     "then": [" ", _p("description", "plain", width=32)]}],
    "menu_request": ["columns=", _p("columns"), " lines=", _p("lines")],
    "menu_response": ["menu=", _p("menu_number"), " name=", _p("name"), " value=", _p("value"),
                      {"if": {"has": "payload.text"}, "then": [" ", _p("text", "plain")]},
                      _flag("closed")],
    "menu_reset": ["menu=", _p("menu_number"), " ", _p("width"), "x", _p("height"),
                   _flag("removes_menu")],
    "menu_text": _menu_item(" ", _p("text", "plain", width=40)),
    "menu_link": _menu_control(),
    "menu_check": _menu_control(),
    "menu_radio": _menu_control(),
    "menu_input": _menu_control(" width=", _p("width"), " max_length=", _p("max_length")),
    "menu_button": _menu_control(),
    "menu_erase": ["#", _p("index")],
    "menu_salted_password": _menu_item(" name=", _p("name"), " value=", _p("value"),
                                       " salts=", _p("num_salts")),
    "menu_resize": ["menu=", _p("menu_number"), " columns=", _p("columns"),
                    " lines=", _p("lines")],
    "sky_box": ["textures=", each("payload.texture_ids", [get("@")], sep=",")],
    "client_version": [{"words": [["format=", _p("format")],
                                  [{"fields": "payload.version",
                                    "item": [get("@key"), "=", get("@")]}]]}],
    "portal_cookie": ["cookie=", _p("cookie", "hex"), _flag("deletes")],
    "player_skin": ["model=", _p("model_id"), " texture=", _p("texture_id"), _flag("resets")],
    "menu_texture": _menu_item(" ", _p("width"), "x", _p("height"),
                               " texture=", _p("texture_id")),
    "server_name": [_p("name", "plain", width=60)],
    "projectile_create": [_p("projectile_type", "name"), " at ", *_at(),
                          " u=", _p("u", "num"), " v=", _p("v", "num")],
    "projectile_collision": [_p("projectile_type", "name"), " at ", *_at(), " hit ",
                             _p("collision_type", "name"), " #", _p("thing_id")],
}
