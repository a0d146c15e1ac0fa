"""The summary of every diep.io packet: the info column of ``--format summary`` and the
dissector's Info column, both rendered from this one description (see
:mod:`wirestruct.output.summary_rules`): an update's tick and entities, what the client
steers and types, the handshake's challenges and answers.
"""
from __future__ import annotations

from typing import Any

from wirestruct.output.summary_rules import each, get


def _b(path: str, fmt: str = "str", **more: Any) -> dict[str, Any]:
    """A value of the packet's body."""
    return get("body." + path, fmt, **more)


_KEYS = ["up", "down", "left", "right", "fire", "right_mouse", "god_mode", "suicide"]

SUMMARIES: dict[str, Any] = {
    # clientbound
    "update": ["tick=", _b("tick"), " deletions=", _b("deletions", "len"),
               " upcreates=", _b("upcreates", "len"),
               {"if": {"some": "body.upcreates"}, "then": [": ", each(
                   "body.upcreates", [get("kind", "name"), " #", get("entity.id")],
                   first=4)]}],
    "outdated_client": ["build=", _b("build", "text", width=44)],
    "compressed": [_b("lz4_block", "len"), " bytes, ", _b("len_decompressed"),
                   " decompressed"],
    "notification": [_b("message", "text", width=60), " duration=", _b("duration", "num"),
                     {"if": {"has": "body.identifier"}, "then": [
                         " id=", _b("identifier", "text", width=24)]}],
    "server_info": ["gamemode=", _b("gamemode", "text"),
                    " host=", _b("server_uuid_or_host", "text"),
                    {"if": {"has": "body.host_region"}, "then": [
                        " region=", _b("host_region", "text")]}],
    "heartbeat": ["heartbeat"],
    "party_code": ["code=", _b("code", "hex")],
    "accept": ["access_level=", _b("access_level")],
    "achievement": ["hashes=", _b("hashes", "len"), ": ",
                    each("body.hashes", [get("@", "text", width=24)], first=3)],
    "invalid_party": ["invalid party"],
    "player_count": ["players=", _b("num_clients")],
    "pow_challenge": ["difficulty=", _b("difficulty"), " prefix=", _b("prefix", "text")],
    "unnamed": [_b("unknown", "len"), " bytes"],
    "int_js_challenge": ["id=", _b("id"), " code=", _b("code", "len"), " characters"],
    # serverbound
    "init": ["build=", _b("build", "text", width=44),
             {"if": {"has": "body.party_code"}, "then": [
                 " party=", _b("party_code", "text", width=24)]}],
    "input": [{"words": [
        ["mouse=(", _b("mouse_x", "num"), ", ", _b("mouse_y", "num"), ")"],
        [{"flags": "body.flags", "names": _KEYS, "sep": "+"}]]}],
    "spawn": ["name=", _b("name", "text")],
    "stat_upgrade": ["stat_index_xored=", _b("stat_index_xored"), " max=", _b("stat_max")],
    "tank_upgrade": ["tank_id_xored=", _b("tank_id_xored")],
    "tcp_init": ["unknown=", _b("unknown"), " rest=", _b("rest", "len"), " bytes"],
    "extension_found": ["data=", _b("data", "len"), " bytes"],
    "to_respawn": ["to respawn"],
    "take_tank": ["take tank"],
    "pow_answer": ["answer=", _b("answer", "text")],
    "js_result": ["id=", _b("id"), " result=", _b("result")],
}
