"""The whole Scrap Mechanic session, built from decoded packets: the NetObj world
(:class:`.tracker.NetObjTracker`) and everything the other packets say.

* ``join``: each connection's joining sequence and its outcome (:mod:`.joining`).
* ``server``: 02 Server Info (version, game mode, seed, tick, mods, game data, the keys of
  the script and generic data, developer mode); ``world``: the World Info and Gameplay
  Options payloads of 13.
* ``players``: the 13 Player Data payloads (character, Steam ID, containers, name,
  customization), the item each equipped last (31), whether its character NetObj is live;
  ``clients``: who each connection is (:class:`.actions.Clients`).
* ``messages``: 18 Display Message, 19 Display Alert Text and the chat messages of 27/28,
  in order (``max_history`` kept, the count of the others forgotten).
* ``actions``: every player action (:mod:`.actions`), with its tick and player
  (``max_history`` kept). Inventories: 32 and 33 change the container NetObjs' items as
  the page describes each action (:mod:`.inventory`); 31 the character's selected item.
* ``building``: 34 Place, 35 Remove, 39 Remove Joint, 40 Harvestable Destroy counted;
  44 Connect's connections (connect, disconnect, toggle, bearing direction).
* ``lifts``: per lift, its 52 Lift Level requests, its 45 imported creation (blueprint
  size) or 43 deletion, and its level from its NetObj.
* ``interactables``: per interactable, 50 Interact's last state, seated player, suspension
  height; the last bearing settings.
* ``data``: the script and generic data of 11, 13, 25-28 by manager, uid, key and world:
  the latest payload of each (Lua objects as natural JSON). The compressed data is kept,
  and expanded again when a snapshot is taken, so memory follows the capture, not what
  the data expands to.

Every table holds at most ``max_tracked_objects`` entries; what does not fit is a state
error with ``dropped`` = 1 object. Contradictions (a transaction on a slot past a live
container's end, a join step out of order) are state errors; the rest of the state stays.
"""
from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from typing import Any

from wirestruct.core.errors import WirestructError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.tracker import state_error
from wirestruct.protocols.scrap_mechanic import inventory, packets
from wirestruct.protocols.scrap_mechanic.actions import (
    Clients,
    body_of,
    customization,
    describe,
)
from wirestruct.protocols.scrap_mechanic.expand import BlobPayload, Budget, expand_payload
from wirestruct.protocols.scrap_mechanic.joining import RANKS, Join
from wirestruct.protocols.scrap_mechanic.messages import chat, messages_of
from wirestruct.protocols.scrap_mechanic.presentation import sm_uuid
from wirestruct.protocols.scrap_mechanic.tracker import NetObjTracker

P = packets.PacketId
_CONTAINER, _CHARACTER, _LIFT, _JOINT = 4, 6, 7, 2
_SCRIPT = frozenset({int(P.script_initialization_data), int(P.script_data_s2c),
                     int(P.script_data_c2s)})


class Refused(str):
    """A problem that is an object not tracked (the table is full): one object dropped."""


class History:
    """The latest ``limit`` entries of a log, and how many there were in all."""

    def __init__(self, limit: int) -> None:
        self.entries: deque[dict[str, Any]] = deque(maxlen=limit)
        self.count = 0

    def add(self, entry: dict[str, Any]) -> None:
        self.count += 1
        self.entries.append(entry)

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "forgotten": self.count - len(self.entries),
                "log": list(self.entries)}


class ScrapMechanicTracker(NetObjTracker):
    """The session's state (see the module doc)."""

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(limits=limits)
        self.limits = limits
        self.clients = Clients(limits.max_tracked_objects)
        self.joins: dict[int, Join] = {}
        self.server: dict[str, Any] | None = None
        self.world: dict[str, Any] = {}
        self.players: dict[int, dict[str, Any]] = {}
        self.messages = History(limits.max_history)
        self.actions = History(limits.max_history)
        self.building = {"placed": 0, "removed": 0, "joints_removed": 0,
                         "harvestables_destroyed": 0, "connect_requests": 0}
        self.connections: dict[tuple[int, int], dict[str, Any]] = {}
        self.lifts: dict[int, dict[str, Any]] = {}
        self.interactables: dict[int, dict[str, Any]] = {}
        self.bearing_settings: dict[str, Any] = {}
        self.data: dict[tuple, dict[str, Any]] = {}
        self._handlers = {
            int(P.display_message): self._display_message,
            int(P.display_alert_text): self._display_message,
            **{pid: self._blobs for pid in packets.BLOB_PACKETS},
            **{pid: self._action for pid in packets.PLAYER_ACTIONS},
            int(P.player_movement): self._movement,
            **{pid: self._join_step for pid in RANKS},      # 11 and 13 too: they join
        }

    # -- events ---------------------------------------------------------------------------
    def apply(self, event: PacketEvent) -> list[ErrorEvent]:
        handler = self._handlers.get(event.packet_id)
        if handler is None:
            errors = NetObjTracker.apply(self, event)
            if self.tick is not None:
                self.clients.server_tick = self.tick
            return errors
        return handler(event)

    def _error(self, event: PacketEvent, message: str, path: str | None = None,
               dropped: bool = False) -> ErrorEvent:
        error = state_error(event, message, field_path=path)
        if dropped:
            error.error.expected = (f"at most {self.limits.max_tracked_objects} tracked "
                                    "objects (max_tracked_objects)")
            error.error.dropped, error.error.dropped_unit = 1, "objects"
        return error

    def _room(self, table: dict, key: Any) -> bool:
        return key in table or len(table) < self.limits.max_tracked_objects

    def _movement(self, event: PacketEvent) -> list[ErrorEvent]:
        self.clients.apply(event)
        return []

    def _join_step(self, event: PacketEvent) -> list[ErrorEvent]:
        self.clients.apply(event)
        errors: list[ErrorEvent] = []
        join = self.joins.get(event.stream)
        if join is None:
            if not self._room(self.joins, event.stream):
                return [self._error(event, f"join of connection {event.stream} not tracked",
                                    dropped=True)]
            join = self.joins[event.stream] = Join()
        body = body_of(event)
        problem = join.step(event.packet_id, event.name, body)
        if problem is not None:
            errors.append(self._error(event, problem))
        if event.packet_id == int(P.server_info):
            self.server = _server_info(body)
        elif event.packet_id in packets.BLOB_PACKETS:
            errors += self._blobs(event)
        return errors

    # -- messages -------------------------------------------------------------------------
    def _entry(self, event: PacketEvent, **values: Any) -> dict[str, Any]:
        return {"index": event.index, "t": event.t, "tick": self.clients.server_tick,
                "dir": event.direction.label, **values}

    def _display_message(self, event: PacketEvent) -> list[ErrorEvent]:
        for message in messages_of(event):
            self.messages.add(self._entry(event, **message))
        return []

    # -- script and generic data ------------------------------------------------------------
    def _blobs(self, event: PacketEvent) -> list[ErrorEvent]:
        self.clients.apply(event)
        body = event.expansions.get("body")
        if body is None:
            return []
        errors: list[ErrorEvent] = []
        expanded = {b.index: b for b in event.expansions.get("blobs") or ()}
        manager = "script" if event.packet_id in _SCRIPT else "generic"
        tick = getattr(body, "game_tick", None)
        for i, blob in enumerate(body.blobs):
            found = expanded.get(i)
            message = self._blob(event, manager, tick, blob, found)
            if message is not None:
                errors.append(self._error(event, message, f"blobs[{i}]", dropped=True))
        return errors

    def _blob(self, event: PacketEvent, manager: str, tick: int | None, blob: Any,
              found: BlobPayload | None) -> str | None:
        uid = blob.known_uid.name
        payload = found.payload if found is not None else None
        if uid == "chat_message" and payload is not None:
            self.messages.add(self._entry(event, **chat(payload, blob.key_u32)))
            return None
        if uid == "player_data" and payload is not None and blob.key_u32 is not None:
            return self._player(blob.key_u32, payload)
        if uid in ("world_info", "gameplay_options") and payload is not None:
            self.world[uid] = _world_value(payload)
            return None
        key = (manager, bytes(blob.uid.octets), bytes(blob.key), int(blob.world_id))
        if not self._room(self.data, key):
            return f"{manager} data {sm_uuid(blob.uid, 'uid')} not tracked"
        self.data[key] = {"manager": manager, "uid": blob.uid, "known_uid": blob.known_uid,
                          "key": blob.key_u32 if blob.key_u32 is not None else bytes(blob.key),
                          "world_id": blob.world_id, "flags": blob.flags, "tick": tick,
                          "index": event.index, "compressed": bytes(blob.data),
                          "raw_key": bytes(blob.key)}
        return None

    def _player(self, player_id: int, payload: Any) -> str | None:
        if not self._room(self.players, player_id):
            return f"player {player_id} not tracked"
        old = self.players.get(player_id, {})
        self.players[player_id] = {
            "player_id": player_id, "name": payload.name,
            "character_id": payload.character_id, "steam_id_64": payload.steam_id_64,
            "inventory_container_id": payload.inventory_container_id,
            "carry_container_id": payload.carry_container_id,
            "carry_color": payload.carry_color,
            "customization": customization(payload.character_customization),
            "equipped": old.get("equipped")}
        self.clients.player_data(player_id, payload.name, payload.character_id)
        return None

    # -- player actions -------------------------------------------------------------------
    def _action(self, event: PacketEvent) -> list[ErrorEvent]:
        self.clients.apply(event)
        action = describe(event)
        if action is None:
            return []
        tick, player_id, name = self.clients.who(event.stream)
        entry = {"index": event.index, "t": event.t, "tick": tick, "player_id": player_id,
                 "player": name, **action.to_json()}
        self.actions.add(entry)
        effect = _EFFECTS.get(event.packet_id)
        problems = effect(self, event, body_of(event), player_id) if effect else []
        if isinstance(problems, inventory.Outcome):
            if problems.missing:
                entry["containers_not_live"] = problems.missing
            problems = problems.problems
        return [self._error(event, p, dropped=isinstance(p, Refused)) for p in problems]

    def _container(self, container_id: int) -> Any:
        return self.netobjs.get((_CONTAINER, container_id))

    def _inventory(self, event: PacketEvent, body: Any, player: int | None
                   ) -> inventory.Outcome:
        apply = inventory.apply_transaction if event.packet_id == int(
            P.container_transaction) else inventory.apply_drop
        outcome = apply(body, self._container)
        outcome.problems[:] = [f"not applied: {p}" for p in outcome.problems]
        return outcome

    def _equipped(self, event: PacketEvent, body: Any, player: int | None) -> list[str]:
        item = {"uuid": sm_uuid(body.uuid, "uuid"), "tool_instance_id": body.tool_instance_id}
        if player is not None and player in self.players:
            self.players[player]["equipped"] = item
        character = self.netobjs.get((_CHARACTER, body.character_id))
        if character is not None:
            character.fields["selected_item_uuid"] = item["uuid"]
            character.fields["selected_item_instance_id"] = body.tool_instance_id
        return []

    def _building(self, event: PacketEvent, body: Any, player: int | None) -> list[str]:
        counter = {int(P.place): "placed", int(P.remove): "removed",
                   int(P.remove_joint): "joints_removed",
                   int(P.harvestable_destroy): "harvestables_destroyed",
                   int(P.connect): "connect_requests"}[event.packet_id]
        self.building[counter] += 1
        if event.packet_id == int(P.connect):
            return self._connect(body)
        return []

    def _connect(self, body: Any) -> list[str]:
        key = (body.parent_id, body.child_id)
        flags = body.flags
        live = self.connections.get(key)
        if flags.reverse_direction:
            if live is not None:                   # connect and disconnect are ignored
                live["reversed"] = not live["reversed"]
            return []
        if flags.connect and flags.disconnect:
            add = live is None
        elif flags.connect or flags.disconnect:
            add = bool(flags.connect)
        else:
            return []
        if not add:
            self.connections.pop(key, None)
        elif live is None:
            if not self._room(self.connections, key):
                return [Refused(f"connection {key} not tracked: {len(self.connections)} are")]
            self.connections[key] = {"parent_id": key[0], "child_id": key[1],
                                     "reversed": False,
                                     "to": "bearing" if flags.bearing and not flags.standard
                                     else "part"}
        return []

    def _lift(self, event: PacketEvent, body: Any, player: int | None) -> list[str]:
        lift_id = body.lift_id
        if not self._room(self.lifts, lift_id):
            return [Refused(f"lift {lift_id} not tracked")]
        lift = self.lifts.setdefault(lift_id, {"lift_id": lift_id, "level_requests": 0,
                                               "level_change": 0, "creation": None,
                                               "player_id": player})
        if event.packet_id == int(P.lift_level):
            lift["level_requests"] += 1
            lift["level_change"] += body.level_change
        elif event.packet_id == int(P.lift_import_creation):
            blueprint = event.expansions.get("blueprint")
            lift["creation"] = {"imported_at": event.index,
                                "blueprint_size": body.uncompressed_size,
                                "blueprint_is_json": _is_json(blueprint)}
        else:
            lift["creation"] = None
        return []

    def _interact(self, event: PacketEvent, body: Any, player: int | None) -> list[str]:
        data = body.data
        interactable_id = getattr(data, "interactable_id", None)
        if interactable_id is None:
            if hasattr(data, "setting"):
                value = getattr(data, "float_value", None)
                self.bearing_settings[data.setting.name if hasattr(data.setting, "name")
                                      else str(data.setting)] = \
                    value if value is not None else bool(data.lock_value)
            return []
        if not self._room(self.interactables, interactable_id):
            return [Refused(f"interactable {interactable_id} not tracked")]
        entry = self.interactables.setdefault(interactable_id, {"id": interactable_id})
        kind = body.packet_type.name
        if kind == "set_seated":
            entry["seated_player_id"] = data.player_id
        elif kind == "other":
            entry["state"] = data.state
        elif kind == "suspension_height":
            entry["suspension_height"] = data.value
        entry["interactions"] = entry.get("interactions", 0) + 1
        return []

    # -- state ----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        out = NetObjTracker.snapshot(self)
        live = {key[1] for key in self.netobjs if key[0] == _CHARACTER}
        lifts = {key[1]: obj for key, obj in self.netobjs.items() if key[0] == _LIFT}
        out.update({
            "join": {str(stream): join.to_json() for stream, join in sorted(self.joins.items())},
            "server": self.server,
            "world": dict(self.world),
            "players": [{**p, "character_live": p["character_id"] in live}
                        for _, p in sorted(self.players.items())],
            "clients": [c.to_json() for _, c in sorted(self.clients.by_stream.items())],
            "messages": self.messages.to_json(),
            "actions": self.actions.to_json(),
            "building": {**self.building, "connections": list(self.connections.values())},
            "lifts": [{**lift, "level": _field(lifts.get(i), "level")}
                      for i, lift in sorted(self.lifts.items())],
            "interactables": [v for _, v in sorted(self.interactables.items())],
            "bearing_settings": dict(self.bearing_settings),
            "data": [self._data_json(entry) for entry in self.data.values()],
        })
        return out

    def _data_json(self, entry: dict[str, Any]) -> dict[str, Any]:
        shown = {k: v for k, v in entry.items() if k not in ("compressed", "raw_key")}
        limits = self.limits
        budget = Budget(limits.max_decompressed, limits.max_lua_values, limits.max_lua_depth)
        try:
            payload = expand_payload(entry["known_uid"], entry["raw_key"],
                                     entry["compressed"], budget)
        except WirestructError as exc:
            shown["error"] = exc.message
        else:
            shown["size"] = None if payload.data is None else len(payload.data)
            shown["spec"] = payload.spec
            if payload.key is not None:
                shown["key"] = payload.key
            shown["payload"] = payload.payload
        return shown


def _field(obj: Any, name: str) -> Any:
    return None if obj is None else obj.fields.get(name)


def _is_json(text: Any) -> bool:
    if not isinstance(text, str):
        return False
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _server_info(body: Any) -> dict[str, Any]:
    return {"version": body.version, "gamemode": body.gamemode, "seed": body.seed,
            "gametick": body.gametick,
            "mods": [{"file_id": m.file_id.value, "uuid": sm_uuid(m.mod_uuid, "mod_uuid")}
                     for m in body.mods],
            "game_data": body.game_data.text,
            "script_keys": [{"uid": sm_uuid(k.uid, "uid"), "key": k.key_le}
                            for k in body.script_data],
            "generic_keys": [{"uid": sm_uuid(k.uid, "uid"), "key": k.key_le}
                             for k in body.generic_data],
            "developer_mode": body.flags.developer_mode}


def _world_value(payload: Any) -> Any:
    if hasattr(payload, "options"):                     # Gameplay Options: JSON text
        text = payload.options.text
        try:
            return json.loads(text)
        except ValueError:
            return text
    return {"seed": payload.seed, "filename": payload.filename.text,
            "classname": payload.classname.text, "terrain_params": payload.terrain_params.text}


#: What a player's action does to the state: the problems it finds (an Outcome for the
#: container transactions, which also name the containers that are not live).
_Effect = Callable[[ScrapMechanicTracker, PacketEvent, Any, int | None],
                   list[str] | inventory.Outcome]
_EFFECTS: dict[int, _Effect] = {
    int(P.container_transaction): ScrapMechanicTracker._inventory,
    int(P.drop_item_stack): ScrapMechanicTracker._inventory,
    int(P.hotbar_item_changed): ScrapMechanicTracker._equipped,
    int(P.place): ScrapMechanicTracker._building,
    int(P.remove): ScrapMechanicTracker._building,
    int(P.remove_joint): ScrapMechanicTracker._building,
    int(P.harvestable_destroy): ScrapMechanicTracker._building,
    int(P.connect): ScrapMechanicTracker._building,
    int(P.lift_level): ScrapMechanicTracker._lift,
    int(P.lift_import_creation): ScrapMechanicTracker._lift,
    int(P.lift_delete_creation): ScrapMechanicTracker._lift,
    int(P.interact): ScrapMechanicTracker._interact,
}
