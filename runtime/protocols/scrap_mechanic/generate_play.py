"""The joining sequence and the players' actions of a generated Scrap Mechanic session.

:class:`Play` writes, for :class:`.generate.SessionGenerator`:

* the joining sequence of ``joining.mdx`` for a server's Multiplayer setting: ``public``
  and ``friends`` (05 Client Accepted, 01 Hello both ways, 02 Server Info, 13 Generic
  Initialization Data, a 29 holding 11 Script Initialization Data, 06 File Checksums, 07
  Checksums Accepted, 09 Character Info, 10 Join Confirmation), ``passphrase`` (03
  Request Passphrase and 04 Respond Passphrase first), ``denied`` (08 Checksums Denied:
  the session ends there);
* then, tick after tick, one or two actions from a list that covers every packet type and
  every branch of it (every transaction action, surface, connection flag, interaction
  type, message kind, Lua value type ...), taken in a shuffled order, over and over with
  new values: the client's 26, 28, 31-35, 39, 40, 43-45, 50-52 and the server's 18, 19, 25,
  27. What the server does about a client's action comes as sub-updates of the next 22:
  the container slots a transaction changed, the selected item of 31, a shape placed on a
  body, a shape, joint or harvestable removed, a lift's level.

:attr:`Play.expected` is what the tracker must show at the end, in its readable
vocabulary; :attr:`Play.checkpoints` are (record index, container id, items) taken right
after a transaction, before the server's update of it.

Every byte is written by the runtime's encoder from fields, with the specs' read-write
classes; the generator only chooses the values.
"""
from __future__ import annotations

import json
import random
import struct
import uuid
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any

from wirestruct.encode.fields import encode_fields
from wirestruct.protocols.scrap_mechanic.generate_lua import LuaValues, lua_bytes
from wirestruct.protocols.scrap_mechanic.packet_bodies import compress, payload_hooks, spec_info

NIL = bytes(16)
NO_TOOL = 0xFFFFFFFF
CONTAINER, CHARACTER, LIFT, JOINT, HARVESTABLE, CHILD_SHAPE, RIGID_BODY = 4, 6, 7, 2, 5, 1, 0
JOIN_VARIANTS = ("public", "friends", "passphrase", "denied")
MULTIPLAYER = {"public": 3, "friends": 1, "passphrase": 2, "denied": 3}

UID_TERRAIN = "61aa13d7-e715-4153-a269-4d338c0c5bd4"
UID_WORLD_INFO = "3ff36c8b-93f7-4428-ae4d-429a6f0cf77d"
UID_OPTIONS = "44ac020c-aec7-4f8b-b230-34d2e3bd23eb"
UID_PLAYER = "51868883-d2d2-4953-9135-1ab0bdc2a47e"
UID_CHAT = "46968863-090a-46b8-ad99-1159b53450fe"
UID_SCRIPT = "9b5a4a7e-2c1d-4e8f-9a6b-3c2d1e0f4a5b"       # a script's data: no page names it
NO_WORLD = 0xFFFE
NAMES = ("Wanderer", "Grüße 世界", "Builder_42", "Ωμέγα")
SPECIAL_WARNINGS = ("WARNING_TUNNELING", "VERSION_MISMATCH", "CONNECTION_FAILED",
                    "CONNECTION_TIMEOUT", "CONNECTION_LOST", "SERVER_SHUTDOWN",
                    "KICKED_FROM_SERVER", "UNLOAD_MOD", "INVALID_SHAPE_ID", "ERROR_MESSAGE",
                    "DATABASE_ERROR_MESSAGE")
ALERTS = ("#{INFO_INVENTORY_FULL}", "Your host does not support that shape")


def _second_transaction(action: int, r: bytes) -> dict[str, Any]:
    """A second 32 transaction (no sense is made of it: its fields are 27 random bytes):
    Collect's layout for Action 2, the Default Action's (Move) for the others."""
    def number(a: int, b: int) -> int:
        return int.from_bytes(r[a:b], "big")
    if action == 2:
        data = {"uuid": octets(r[:16]), "unknown": number(16, 20), "quantity": number(20, 22),
                "container_id": number(22, 26), "unknown_2": r[26]}
    else:
        data = {"from_stack": {"uuid": octets(r[:16]), "tool_instance_id": number(16, 20),
                               "quantity": number(20, 22), "slot": number(22, 24),
                               "container_id": number(24, 26)},
                "to_stack": {"uuid": octets(NIL), "tool_instance_id": NO_TOOL,
                             "quantity": 337, "slot": 0, "container_id": 0},
                "unknown": r[26]}
    return {"action": action, "data": data}


def body_bytes(spec: str, fields: dict[str, Any]) -> bytes:
    return encode_fields(spec_info(spec), fields, hooks=payload_hooks())


def packet(packet_id: int, body: bytes, compressed: bool = True) -> bytes:
    """A packet sent on its own: id byte, then the body (one raw LZ4 block if compressed)."""
    return bytes((packet_id,)) + (compress(body) if compressed else body)


def octets(data: bytes) -> dict[str, str]:
    return {"octets": data.hex()}


def be_uuid(text: str) -> dict[str, str]:
    """A UUID stored in text order (BlobData uids, 02's UUIDs, customization options)."""
    return octets(uuid.UUID(text).bytes)


def le_text(wire: bytes) -> str:
    """The text of a UUID stored `le u128` (the text's bytes reversed)."""
    return str(uuid.UUID(bytes=wire[::-1]))


def string(text: str) -> dict[str, Any]:
    return {"len_text": len(text.encode()), "text": text}


def blob(uid: str, key: bytes, world_id: int, flags: int, payload: bytes) -> dict[str, Any]:
    data = compress(payload)
    return {"uid": be_uuid(uid), "len_key": len(key), "key": key.hex(), "world_id": world_id,
            "flags": flags, "len_data": len(data), "data": data.hex()}


def xyz(v: list[int]) -> dict[str, int]:
    return {"x": v[0], "y": v[1], "z": v[2]}


class Play:
    """Joining and playing packets for one generated session (see the module doc)."""

    def __init__(self, gen: Any, rng: random.Random, join: str) -> None:
        if join not in JOIN_VARIANTS:
            raise ValueError(f"join must be one of {JOIN_VARIANTS}, not {join!r}")
        self.gen = gen
        self.rng = rng
        self.lua = LuaValues(rng)
        self.join = join
        self.pending: list[bytes] = []         # sub-updates for the next 22
        self.checkpoints: list[tuple[int, int, list[dict[str, Any]]]] = []
        self.chat_key = 0
        self.queue: deque[Callable[[], tuple[list[bytes], list[tuple[int, bytes]]]]] = deque()
        self.players = min(gen.players, len(NAMES))
        self.expected: dict[str, Any] = {
            "messages": [], "actions": [], "connections": {}, "lifts": {},
            "interactables": {}, "bearing_settings": {}, "data": {},
            "building": {"placed": 0, "removed": 0, "joints_removed": 0,
                         "harvestables_destroyed": 0, "connect_requests": 0},
            "equipped": None}

    # -- joining ----------------------------------------------------------------------------
    def customization(self, player: int) -> dict[str, Any]:
        rng = random.Random(player)
        options = [str(uuid.UUID(int=rng.getrandbits(128))) for _ in range(9)]
        return {"version": 2, "gender": player % 2, "num_options": 9,
                "option_uuids": [be_uuid(u) for u in options],
                "option_palette_indices": [rng.randrange(16) for _ in range(9)],
                "_texts": options}

    def _custom_fields(self, player: int) -> dict[str, Any]:
        return {k: v for k, v in self.customization(player).items() if k != "_texts"}

    def server_info(self) -> tuple[dict[str, Any], dict[str, Any]]:
        rng = self.rng
        mods = [(rng.getrandbits(40), str(uuid.UUID(int=rng.getrandbits(128))))
                for _ in range(2)]
        game_data = json.dumps({"seed": self.gen.seed, "dev": False})
        generic = [UID_WORLD_INFO, UID_OPTIONS] + [UID_PLAYER] * self.players
        keys = [1, 0] + list(range(1, self.players + 1))
        fields = {"version": 723, "gamemode": "survival", "seed": self.gen.seed & 0xFFFFFFFF,
                  "gametick": 0, "num_mods": len(mods),
                  "mods": [{"file_id": {"high": f >> 32, "low": f & 0xFFFFFFFF},
                            "mod_uuid": be_uuid(u)} for f, u in mods],
                  "game_data": string(game_data), "num_script_keys": 1,
                  "script_data": [{"uid": be_uuid(UID_TERRAIN), "key_size": 4,
                                   "key": struct.unpack(">I", struct.pack("<I", 1))[0]}],
                  "num_generic_keys": len(generic),
                  "generic_data": [{"uid": be_uuid(u), "key_size": 4,
                                    "key": struct.unpack(">I", struct.pack("<I", k))[0]}
                                   for u, k in zip(generic, keys)],
                  "flags": {"developer_mode": self.join == "passphrase", "unknown": 0}}
        expected = {"version": 723, "gamemode": "survival", "seed": fields["seed"],
                    "gametick": 0, "mods": [{"file_id": f, "uuid": u} for f, u in mods],
                    "game_data": game_data,
                    "script_keys": [{"uid": UID_TERRAIN, "key": 1}],
                    "generic_keys": [{"uid": u, "key": k} for u, k in zip(generic, keys)],
                    "developer_mode": self.join == "passphrase"}
        return fields, expected

    def player_blob(self, player: int) -> tuple[dict[str, Any], dict[str, Any]]:
        gen = self.gen
        character = gen.characters[player]
        steam = gen.objs[(CHARACTER, character)].fields["steam_id_64"]
        inventory, carry = gen.inventories[player]
        color = 0xFFFFFFFF if player % 2 == 0 else 0xFF2040E0
        name = NAMES[player]
        payload = body_bytes("sm_blob_player_data", {
            "character_id": character, "steam_id": {"value": steam},
            "inventory_container_id": inventory, "carry_container_id": carry,
            "carry_color": color, "unknown": 0, "len_name": len(name.encode()), "name": name,
            "character_customization": self._custom_fields(player)})
        custom = self.customization(player)
        expected = {"player_id": player + 1, "name": name, "character_id": character,
                    "steam_id_64": steam, "inventory_container_id": inventory,
                    "carry_container_id": carry, "carry_color": color,
                    "customization": {"version": 2, "gender": ("male", "female")[player % 2],
                                      "options": custom["_texts"],
                                      "palette_indices": custom["option_palette_indices"]}}
        return blob(UID_PLAYER, struct.pack("<I", player + 1), NO_WORLD, 13, payload), expected

    def joining(self, first_burst: bytes | None) -> list[tuple[str, bytes]]:
        """The joining sequence's packets, (direction, packet); ``first_burst`` (a 21 body;
        None when the join is denied) rides in the 29 with 11."""
        out: list[tuple[str, bytes]] = []
        steps: list[str] = []
        if self.join == "passphrase":
            secret = str(uuid.UUID(int=self.rng.getrandbits(128)))
            out += [("s2c", packet(0x03, b"", False)),
                    ("c2s", packet(0x04, body_bytes("sm_respond_passphrase", {
                        "size": 0x24, "passphrase": secret}), False))]
            steps += ["request_passphrase", "respond_passphrase"]
            self.expected["passphrase"] = secret
        out += [("s2c", packet(0x05, b"", False)), ("c2s", packet(0x01, b"", False)),
                ("s2c", packet(0x01, b"", False))]
        info, self.expected["server"] = self.server_info()
        out.append(("s2c", packet(0x02, body_bytes("sm_server_info", info))))
        out.append(("s2c", packet(0x0D, self.generic_init())))
        steps += ["client_accepted", "hello", "hello", "server_info",
                  "generic_initialization_data"]
        script = self.script_init()
        compound = self.gen.compound([(0x0B, script)] + (
            [(0x15, first_burst)] if first_burst is not None else []))
        out.append(("s2c", packet(0x1D, compound)))
        steps.append("script_initialization_data")
        sums = [self.rng.getrandbits(32) for _ in range(self.rng.randint(20, 40))]
        out.append(("c2s", packet(0x06, body_bytes("sm_file_checksums", {
            "num_checksums": len(sums), "checksums": sums}))))
        steps.append("file_checksums")
        self.expected["checksums"] = len(sums)
        join = self.expected["join"] = {
            "passphrase_requested": self.join == "passphrase",
            "passphrase": self.expected.get("passphrase"), "accepted": True,
            "checksums": len(sums), "checksums_outcome": "accepted", "denied_index": None,
            "character_name": NAMES[0], "confirmed": True, "phase": "join_confirmation"}
        if self.join == "denied":
            index = self.rng.randrange(len(sums))
            # 08's page says Client -> Server; it answers 06 as 07 does: the server sends it
            out.append(("s2c", packet(0x08, body_bytes("sm_checksums_denied", {"index": index}))))
            join.update(checksums_outcome="denied", denied_index=index, character_name=None,
                        confirmed=False, phase="checksums_denied",
                        steps=steps + ["checksums_denied"])
            return out
        out.append(("s2c", packet(0x07, b"", False)))
        out.append(("c2s", packet(0x09, body_bytes("sm_character_info", {
            "name": string(NAMES[0]), "character_customization": self._custom_fields(0)}))))
        out.append(("s2c", packet(0x0A, b"", False)))
        join["steps"] = steps + ["checksums_accepted", "character_info", "join_confirmation"]
        out.append(("s2c", packet(0x1B, self.chat_body(27, "", f"{NAMES[0]} joined the game"))))
        return out

    def generic_init(self) -> bytes:
        world = body_bytes("sm_blob_world_info", {
            "seed": self.gen.seed & 0xFFFFFFFF, "filename": string("$SURVIVAL_DATA/World.lua"),
            "classname": string("World"),
            "terrain_params": string(json.dumps({"worldFile": "$SURVIVAL_DATA/overworld.world"}))})
        options = {"Difficulty": 1, "Multiplayer": MULTIPLAYER[self.join], "PhysicsQuality": 8}
        blobs = [blob(UID_WORLD_INFO, struct.pack("<I", 1), 1, 13, world),
                 blob(UID_OPTIONS, struct.pack("<I", 0), NO_WORLD, 15,
                      body_bytes("sm_blob_gameplay_options",
                                 {"options": string(json.dumps(options) + "\n")}))]
        players = [self.player_blob(p) for p in range(self.players)]
        blobs += [b for b, _ in players]
        self.expected["players"] = [e for _, e in players]
        self.expected["world"] = {
            "world_info": {"seed": self.gen.seed & 0xFFFFFFFF,
                           "filename": "$SURVIVAL_DATA/World.lua", "classname": "World",
                           "terrain_params": json.dumps(
                               {"worldFile": "$SURVIVAL_DATA/overworld.world"})},
            "gameplay_options": options}
        return body_bytes("sm_generic_initialization_data", {"game_tick": 0, "blobs": blobs})

    def script_init(self) -> bytes:
        terrain = {"seed": self.gen.seed & 0x7FFFFFFF, "tiles": [[1, 2], [3, 4]],
                   "name": "overworld", "scale": 0.5}
        payload = lua_bytes(terrain)
        self.expected["data"][("script", UID_TERRAIN, 1)] = terrain
        return body_bytes("sm_script_initialization_data", {
            "game_tick": 0, "blobs": [blob(UID_TERRAIN, struct.pack("<I", 1), 1, 7, payload)]})

    def chat_body(self, packet_id: int, sender: str, message: str) -> bytes:
        """A 27 (the server's broadcast, numbered) or 28 (the client's) chat message."""
        timestamp = 1_700_000_000 + self.gen.tick
        payload = body_bytes("sm_blob_chat_message", {
            "timestamp": {"high": 0, "low": timestamp}, "sender": string(sender),
            "message": string(message)})
        if packet_id == 27:
            self.chat_key += 1
            entry = blob(UID_CHAT, struct.pack("<I", self.chat_key), NO_WORLD, 20, payload)
            body = {"game_tick": self.gen.tick, "blobs": [entry]}
            spec = "sm_generic_data_s2c"
        else:
            body = {"blobs": [blob(UID_CHAT, struct.pack("<I", 0), NO_WORLD, 0, payload)]}
            spec = "sm_generic_data_c2s"
        self.expected["messages"].append(("chat", message))
        return body_bytes(spec, body)

    # -- playing: the plan ----------------------------------------------------------------------
    def _plan(self) -> list[Callable[[], tuple[list[bytes], list[tuple[int, bytes]]]]]:
        """One round of actions: every packet type and branch once."""
        actions: list[Callable[[], tuple[list[bytes], list[tuple[int, bytes]]]]] = []
        for name in ("set_item", "swap", "collect", "spend", "collect_to_slot",
                     "collect_to_slot_or_collect", "spend_from_slot", "move",
                     "move_from_slot", "move_all", "default", "none", "two"):
            actions.append(partial(self.transaction, name))
        for case in ("valid", "zero", "too_many"):
            actions.append(partial(self.drop, case))
        for item in (True, False):
            actions.append(partial(self.equip, item))
        for surface in (2, 3, 4, 6, 8, 5):
            actions.append(partial(self.place, surface))
        for surface in (4, 6, 2):
            actions.append(partial(self.remove, surface))
        actions += [self.remove_joint, self.harvestable_destroy, self.lift_delete,
                    self.lift_import, self.legacy, self.script_c2s, self.chat,
                    self.script_s2c, self.other_chat]
        for flags in (0x11, 0x21, 0x31, 0x42, 0x12, 0x00, 0x52):
            actions.append(partial(self.connect, flags))
        for change in (3, -2):
            actions.append(partial(self.lift_level, change))
        for kind in ("set_seated", "other", "suspension_height", 1, 2, 3, 4, "lock_on",
                     "lock_off", "unknown"):
            actions.append(partial(self.interact, kind))
        for message in SPECIAL_WARNINGS + ("Example popup",):
            actions.append(partial(self.display, "<WARNING>", message))
        actions += [lambda: self.display("<ALERT>", "Example alert text"),
                    lambda: self.display("Server", "Welcome to the server")]
        for case in ("known", "host", "cut", "long"):
            actions.append(partial(self.alert, case))
        self.rng.shuffle(actions)
        return actions

    def step(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        """One tick's actions: the client's packets and the server's (id, body)."""
        c2s: list[bytes] = []
        s2c: list[tuple[int, bytes]] = []
        for _ in range(self.rng.choice((1, 1, 2))):
            if not self.queue:
                self.queue.extend(self._plan())
            more_c2s, more_s2c = self.queue.popleft()()
            c2s += more_c2s
            s2c += more_s2c
        return c2s, s2c

    def take_pending(self) -> list[bytes]:
        out, self.pending = self.pending, []
        return out

    def _action(self, name: str) -> None:
        self.expected["actions"].append(name)

    # -- items ------------------------------------------------------------------------------
    def _box(self, container_id: int) -> Any:
        return self.gen.objs[(CONTAINER, container_id)]

    def _containers(self) -> tuple[int, int]:
        """The local player's inventory and a chest."""
        inventory = self.gen.inventories[0][0]
        chest = self.gen.chests[self.rng.randrange(len(self.gen.chests))]
        return inventory, chest

    def _slots(self, box: Any, full: bool) -> list[int]:
        return [i for i, (_, _, q) in enumerate(box.state["items"]) if (q > 0) == full]

    def _set(self, changes: dict[int, dict[int, tuple]], box: Any, slot: int,
             item: tuple[bytes, int, int]) -> None:
        if item[2] <= 0:
            item = (NIL, NO_TOOL, 0)
        box.state["items"][slot] = item
        box.fields["items"][slot] = self.gen.item_json(*item)
        changes.setdefault(box.netobj_id, {})[slot] = item

    def _add(self, changes: dict, box: Any, uuid_: bytes, tool: int, quantity: int,
             slots: list[int] | None = None) -> int:
        """Collect ``quantity``: same item's stacks first (up to the stack size), then
        empty slots; what does not fit is returned."""
        stack = box.fields["stack_size"]
        items = box.state["items"]
        order = list(range(len(items))) if slots is None else slots
        for empty in (False, True):
            for i in order:
                have_uuid, _, have = items[i]
                if quantity <= 0 or (have == 0) != empty or (not empty and have_uuid != uuid_):
                    continue
                take = min(quantity, stack - have)
                if take > 0:
                    self._set(changes, box, i, (uuid_, tool, have + take))
                    quantity -= take
        return quantity

    def _stack(self, box: Any, slot: int, uuid_: bytes = NIL, tool: int = NO_TOOL,
               quantity: int = 0) -> dict[str, Any]:
        return {"uuid": octets(uuid_), "tool_instance_id": tool, "quantity": quantity,
                "slot": slot, "container_id": box.netobj_id}

    def _flush(self, changes: dict[int, dict[int, tuple]]) -> None:
        for container_id, slots in changes.items():
            box = self._box(container_id)
            self.pending.append(self.gen.update(box, self.gen.container_body(
                [(*item, slot) for slot, item in sorted(slots.items())])))

    # -- 32, 33, 31 -------------------------------------------------------------------------
    def _full(self, box: Any) -> int | None:
        slots = self._slots(box, True)
        return self.rng.choice(slots) if slots else None

    def _empty(self, box: Any) -> int | None:
        slots = self._slots(box, False)
        return self.rng.choice(slots) if slots else None

    def transaction(self, name: str) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        inventory, chest = (self._box(i) for i in self._containers())
        changes: dict[int, dict[int, tuple]] = {}
        made = self._transaction(name, inventory, chest, changes)
        if made is None:                             # nothing to act on: set an item
            name = "set_item"
            made = self._transaction(name, inventory, chest, changes)
            assert made is not None                  # an item is always set
        transaction, count, more = made
        fields: dict[str, Any] = {"num_transactions": count}
        if transaction is not None:
            fields["transaction"] = transaction
        if more:
            fields["more_transactions"] = more
        data = packet(0x20, body_bytes("sm_container_transaction", fields))
        self._flush(changes)
        self._watch(data, changes)
        self._action("container_transaction")
        return [data], []

    def _watch(self, data: bytes, changes: dict[int, dict[int, tuple]]) -> None:
        for container_id in changes:
            items = [dict(item) for item in self._box(container_id).fields["items"]]
            self.checkpoints.append((data, container_id, items))   # type: ignore[arg-type]

    def _transaction(self, name: str, inv: Any, chest: Any, changes: dict
                     ) -> tuple[dict[str, Any] | None, int, list[dict[str, Any]]] | None:
        rng, gen = self.rng, self.gen
        if name == "none":
            return None, 0, []
        if name in ("set_item", "two"):
            slot, item = rng.randrange(len(inv.state["items"])), gen.random_uuid()
            quantity = rng.randint(1, 50)
            self._set(changes, inv, slot, (item, NO_TOOL, quantity))
            first = {"action": "set_item",
                     "data": {"to_stack": self._stack(inv, slot, item, NO_TOOL, quantity)}}
            if name == "two":                        # the second: no sense is made of it
                action = rng.choice([2, 20, 51, 65, 87])
                return first, 2, [_second_transaction(
                    action, bytes(rng.getrandbits(8) for _ in range(27)))]
            return first, 1, []
        if name == "swap":
            a, b = rng.randrange(len(inv.state["items"])), rng.randrange(len(chest.state["items"]))
            first, second = inv.state["items"][a], chest.state["items"][b]
            self._set(changes, inv, a, second)
            self._set(changes, chest, b, first)
            return {"action": "swap", "data": {"from_stack": self._stack(inv, a),
                                               "to_stack": self._stack(chest, b, quantity=456)}
                    }, 1, []
        if name in ("collect", "spend"):
            return self._collect_or_spend(name, chest, changes)
        if name in ("collect_to_slot", "collect_to_slot_or_collect"):
            return self._collect_to_slot(name, inv, changes)
        if name == "spend_from_slot":
            full = self._full(inv)
            if full is None:
                return None
            item, tool, have = inv.state["items"][full]
            quantity = rng.randint(1, have)
            self._set(changes, inv, full, (item, tool, have - quantity))
            return {"action": "spend_from_slot", "data": {
                "from_stack": self._stack(inv, full, item, tool, quantity), "unknown": 0}}, 1, []
        if name in ("move", "default"):
            return self._move(name, inv, chest, changes)
        return self._move_stacks(name, inv, chest, changes)

    def _collect_or_spend(self, name: str, chest: Any, changes: dict) -> Any:
        rng, gen = self.rng, self.gen
        if name == "collect":
            full = self._full(chest)
            item = chest.state["items"][full][0] if full is not None and rng.random() < 0.5 \
                else gen.random_uuid()
            quantity = rng.randint(1, 400)
            self._add(changes, chest, item, NO_TOOL, quantity)
        else:
            full = self._full(chest)
            if full is None:
                return None
            item = chest.state["items"][full][0]
            total = sum(q for u, _, q in chest.state["items"] if u == item)
            quantity = rng.randint(1, total)
            left = quantity
            for i, (u, tool, have) in enumerate(chest.state["items"]):
                if left > 0 and have and u == item:
                    take = min(have, left)
                    self._set(changes, chest, i, (u, tool, have - take))
                    left -= take
        return {"action": name, "data": {"uuid": octets(item), "unknown": NO_TOOL,
                                         "quantity": quantity,
                                         "container_id": chest.netobj_id,
                                         "unknown_2": 0x80}}, 1, []

    def _collect_to_slot(self, name: str, inv: Any, changes: dict) -> Any:
        rng, gen = self.rng, self.gen
        items = inv.state["items"]
        slot = rng.randrange(len(items))
        item = items[slot][0] if items[slot][2] else gen.random_uuid()
        quantity = rng.randint(1, 400)
        slots = list(range(slot, len(items))) if name.endswith("or_collect") else [slot]
        self._add(changes, inv, item, NO_TOOL, quantity, slots)
        return {"action": name, "data": {
            "to_stack": self._stack(inv, slot, item, NO_TOOL, quantity),
            "unknown": 0 if name.endswith("or_collect") else 0x80}}, 1, []

    def _move(self, name: str, inv: Any, chest: Any, changes: dict) -> Any:
        a, b = self._full(inv), self._empty(chest)
        if a is None or b is None:
            return None
        item, tool, have = inv.state["items"][a]
        quantity = self.rng.randint(1, have)
        self._set(changes, inv, a, (item, tool, have - quantity))
        self._set(changes, chest, b, (item, tool, quantity))
        action = "move" if name == "move" else 87          # Default Action: read as a Move
        return {"action": action, "data": {
            "from_stack": self._stack(inv, a, quantity=quantity),
            "to_stack": self._stack(chest, b, quantity=337), "unknown": 0}}, 1, []

    def _move_stacks(self, name: str, inv: Any, chest: Any, changes: dict) -> Any:
        """Move From Slot (one of the chest's stacks) or Move All (every one), collected
        into the inventory; what does not fit stays."""
        slots = self._slots(chest, True)
        if not slots:
            return None
        if name == "move_from_slot":
            slots = [self.rng.choice(slots)]
        for slot in slots:
            item, tool, have = chest.state["items"][slot]
            left = self._add(changes, inv, item, tool, have)
            self._set(changes, chest, slot, (item, tool, left))
        if name == "move_from_slot":
            data = {"from_slot": slots[0], "from_container_id": chest.netobj_id,
                    "to_container_id": inv.netobj_id}
        else:
            data = {"from_container_id": chest.netobj_id, "to_container_id": inv.netobj_id}
        return {"action": name, "data": data}, 1, []

    def drop(self, case: str) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        inv = self._box(self.gen.inventories[0][0])
        slot = self._full(inv)
        if slot is None:
            slot, case = 0, "zero"
        item, tool, have = inv.state["items"][slot]
        quantity = {"valid": self.rng.randint(1, max(1, have)), "zero": 0,
                    "too_many": have + 1}[case]
        changes: dict[int, dict[int, tuple]] = {}
        if case == "valid" and have:
            self._set(changes, inv, slot, (item, tool, have - quantity))
        data = packet(0x21, body_bytes("sm_drop_item_stack", {
            "container_id": inv.netobj_id, "slot": slot, "quantity": quantity}))
        self._flush(changes)
        self._watch(data, changes)
        self._action("drop_item_stack")
        return [data], []

    def equip(self, item: bool) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        gen = self.gen
        character = gen.objs[(CHARACTER, gen.characters[0])]
        wire = gen.random_uuid() if item else NIL
        tool = self.rng.choice([NO_TOOL, self.rng.randrange(1, 500)]) if item else NO_TOOL
        data = packet(0x1F, body_bytes("sm_hotbar_item_changed", {
            "character_id": character.netobj_id, "uuid": octets(wire),
            "tool_instance_id": tool}))
        character.fields["selected_item_uuid"] = le_text(wire)
        character.fields["selected_item_instance_id"] = tool
        self.pending.append(gen.update(character, gen.character_body(selected_item=(wire, tool))))
        self.expected["equipped"] = {"uuid": le_text(wire), "tool_instance_id": tool}
        self._action("hotbar_item_changed")
        return [data], []

    # -- building ---------------------------------------------------------------------------
    def _vec(self) -> dict[str, int]:
        return xyz([self.rng.randint(-40, 40) for _ in range(3)])

    def _surface_bytes(self) -> str:
        return bytes(self.rng.getrandbits(8) for _ in range(4)).hex()

    def _live_joint(self) -> tuple[Any, int] | None:
        gen = self.gen
        bodies = [b for b in gen.dynamic_bodies if gen.objs[(RIGID_BODY, b)].joints]
        if not bodies:
            return None
        body = gen.objs[(RIGID_BODY, self.rng.choice(bodies))]
        return body, self.rng.choice(body.joints)

    def place(self, surface: int) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        gen, rng = self.gen, self.rng
        shape = gen.random_uuid()
        data: Any = {"unknown": self._surface_bytes(), "unknown_2": self._surface_bytes()}
        if surface == 4 and gen.dynamic_bodies:
            body = gen.objs[(RIGID_BODY, rng.choice(gen.dynamic_bodies))]
            data = {"shape_id": rng.choice(body.children) if body.children else 0,
                    "body_id": body.netobj_id}
            self.pending += gen.create_child_shape(body, rng.choice([31, 32]))
        elif surface == 6:
            data = {"unknown": "000002bb", "lift_id": gen.lifts[0]}
        elif surface == 8:
            joint = self._live_joint()
            data = {"unknown": "000002bb", "joint_id": joint[1] if joint else 1}
        elif surface == 5:                          # not in the enum: the data stays bytes
            data = self._surface_bytes() + self._surface_bytes()
        fields = {"hotbar_index": rng.randrange(10), "total_item_quantity": rng.randint(1, 99),
                  "size": xyz([1, 1, rng.randint(1, 4)]), "local_position_start": self._vec(),
                  "z_axis": xyz([0, 0, 1]), "x_axis": xyz([1, 0, 0]),
                  "local_position": self._vec(), "item_uuid": octets(shape),
                  "shape_uuid": octets(shape), "placed_on": surface, "placed_on_data": data}
        self.expected["building"]["placed"] += 1
        self._action("place")
        return [packet(0x22, body_bytes("sm_place", fields))], []

    def remove(self, surface: int) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        gen, rng = self.gen, self.rng
        data: Any = self._surface_bytes() + self._surface_bytes()
        bodies = [b for b in gen.dynamic_bodies if len(gen.objs[(RIGID_BODY, b)].children) > 1]
        if surface == 4 and bodies:
            body = gen.objs[(RIGID_BODY, rng.choice(bodies))]
            shape = body.children.pop(rng.randrange(len(body.children)))
            self.pending.append(gen.remove(gen.objs[(CHILD_SHAPE, shape)]))
            data = {"shape_id": shape, "body_id": body.netobj_id}
        elif surface == 6:
            data = {"unknown": "00000000", "lift_id": gen.lifts[0]}
        fields = {"local_position_high": self._vec(), "local_position_low": self._vec(),
                  "removed_surface": surface if surface != 2 else 2, "removed_surface_data": data}
        self.expected["building"]["removed"] += 1
        self._action("remove")
        return [packet(0x23, body_bytes("sm_remove", fields))], []

    def remove_joint(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        found = self._live_joint()
        joint_id = 0xFFFF
        if found is not None:
            body, joint_id = found
            body.joints.remove(joint_id)
            self.pending.append(self.gen.remove(self.gen.objs[(JOINT, joint_id)]))
        self.expected["building"]["joints_removed"] += 1
        self._action("remove_joint")
        return [packet(0x27, body_bytes("sm_remove_joint", {"joint_id": joint_id}))], []

    def harvestable_destroy(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        gen = self.gen
        effect = 0xFFFF
        if gen.harvestables:
            effect = gen.harvestables.pop(self.rng.randrange(len(gen.harvestables)))
            self.pending.append(gen.remove(gen.objs[(HARVESTABLE, effect)]))
        self.expected["building"]["harvestables_destroyed"] += 1
        self._action("harvestable_destroy")
        return [packet(0x28, body_bytes("sm_harvestable_destroy", {
            "unknown": 1, "unknown_2": 0, "effect_id": effect, "unknown_rest": ""}),
            False)], []

    def connect(self, flags: int) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        gen = self.gen
        parent = gen.controllers[0]
        child = gen.controllers[1 + self.rng.randrange(2)]
        bits = {"unused": False, "reverse_direction": bool(flags & 0x40),
                "disconnect": bool(flags & 0x20), "connect": bool(flags & 0x10),
                "unused_2": 0, "bearing": bool(flags & 0x02), "standard": bool(flags & 0x01)}
        self._connection(parent, child, bits)
        self.expected["building"]["connect_requests"] += 1
        self._action("connect")
        return [packet(0x2C, body_bytes("sm_connect", {
            "child_id": child, "parent_id": parent, "flags": bits}))], []

    def _connection(self, parent: int, child: int, bits: dict[str, Any]) -> None:
        """44 Connect's effect on the connections, as its page describes it."""
        live = self.expected["connections"]
        key = (parent, child)
        if bits["reverse_direction"]:
            if key in live:
                live[key]["reversed"] = not live[key]["reversed"]
            return
        if bits["connect"] and bits["disconnect"]:
            add = key not in live
        elif bits["connect"] or bits["disconnect"]:
            add = bits["connect"]
        else:
            return
        if not add:
            live.pop(key, None)
        elif key not in live:
            live[key] = {"parent_id": parent, "child_id": child, "reversed": False,
                         "to": "bearing" if bits["bearing"] and not bits["standard"] else "part"}

    # -- lifts ----------------------------------------------------------------------------------
    def _lift(self) -> dict[str, Any]:
        lift_id = self.gen.lifts[0]
        return self.expected["lifts"].setdefault(lift_id, {
            "lift_id": lift_id, "level_requests": 0, "level_change": 0, "creation": None})

    def lift_level(self, change: int) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        gen = self.gen
        lift = gen.objs[(LIFT, gen.lifts[0])]
        entry = self._lift()
        entry["level_requests"] += 1
        entry["level_change"] += change
        lift.fields["level"] = max(0, lift.fields["level"] + change)
        self.pending.append(gen.update(lift, {"level": lift.fields["level"]}))
        self._action("lift_level")
        return [packet(0x34, body_bytes("sm_lift_level", {
            "lift_id": lift.netobj_id, "level_change": change}))], []

    def lift_import(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        rng = self.rng
        blueprint = json.dumps({"bodies": [{"childs": [
            {"shapeId": str(uuid.UUID(int=rng.getrandbits(128))), "color": "df7f00",
             "pos": {"x": rng.randint(-5, 5), "y": rng.randint(-5, 5), "z": i},
             "bounds": {"x": 1, "y": 1, "z": 1}, "xaxis": 1, "zaxis": 3}
            for i in range(rng.randint(1, 6))]}], "version": 4})
        data = blueprint.encode()
        block = compress(data)
        entry = self._lift()
        entry["creation"] = {"blueprint_size": len(data), "blueprint_is_json": True}
        self._action("lift_import_creation")
        return [packet(0x2D, body_bytes("sm_lift_import_creation", {
            "lift_id": entry["lift_id"], "uncompressed_size": len(data),
            "len_compressed_blueprint_data": len(block),
            "compressed_blueprint_data": block.hex(), "unknown_rest": ""}))], []

    def lift_delete(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        entry = self._lift()
        entry["creation"] = None
        self._action("lift_delete_creation")
        return [packet(0x2B, body_bytes("sm_lift_delete_creation",
                                        {"lift_id": entry["lift_id"]}))], []

    # -- interactions ---------------------------------------------------------------------------
    def interact(self, kind: Any) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        rng, gen = self.rng, self.gen
        target = rng.choice(gen.controllers)
        entry = None
        if kind in ("set_seated", "other", "suspension_height"):
            entry = self.expected["interactables"].setdefault(target, {"id": target})
            entry["interactions"] = entry.get("interactions", 0) + 1
        if kind == "set_seated":
            fields: dict[str, Any] = {"packet_type": kind, "data": {
                "interactable_id": target, "player_id": 1}}
            entry["seated_player_id"] = 1                               # type: ignore[index]
        elif kind == "other":
            state = rng.choice([0, 1])
            fields = {"packet_type": kind, "data": {"interactable_id": target, "state": state}}
            entry["state"] = state                                      # type: ignore[index]
        elif kind == "suspension_height":
            value = rng.randrange(0, 1 << 16)
            fields = {"packet_type": kind, "data": {"interactable_id": target, "value": value}}
            entry["suspension_height"] = value                          # type: ignore[index]
        elif kind == "unknown":
            fields = {"packet_type": 0x33, "data": {"data": bytes(
                rng.getrandbits(8) for _ in range(5)).hex()}}
        else:
            fields = {"packet_type": "bearing_setting", "data": self._bearing(kind)}
        fields["unknown_rest"] = ""
        self._action("interact")
        return [packet(0x32, body_bytes("sm_interact", fields), False)], []

    def _bearing(self, kind: Any) -> dict[str, Any]:
        from wirestruct.protocols.scrap_mechanic.generate_lua import f32
        names = {1: "l_turn_speed", 2: "r_turn_speed", 3: "r_turn_angle", 4: "l_turn_angle"}
        data: dict[str, Any] = {"unknown": bytes(self.rng.getrandbits(8)
                                                 for _ in range(14)).hex(), "unknown_2": "00"}
        if kind in names:
            value = f32(self.rng.uniform(-20, 20))
            data.update(setting=kind, float_value=value)
            self.expected["bearing_settings"][names[kind]] = value
        else:
            on = kind == "lock_on"
            data.update(setting=0x10, lock_value=0x80 if on else 0)
            self.expected["bearing_settings"]["bearing_lock"] = on
        return data

    def legacy(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        self._action("legacy")
        return [packet(0x33, b"", False)], []

    # -- script data and chat ---------------------------------------------------------------
    def _script_blobs(self, manager: str) -> list[dict[str, Any]]:
        rng = self.rng
        key_number = rng.randrange(1, 4)
        value = self.lua.obj(cut=rng.random() < 0.25, version=2 if rng.random() < 0.1 else 1)
        blobs = [blob(UID_SCRIPT, struct.pack("<I", key_number), 1, 7, lua_bytes(value))]
        self.expected["data"][(manager, UID_SCRIPT, key_number)] = value
        if rng.random() < 0.5:                 # a Lua object as the key (the page allows it)
            key_value = f"request{rng.randrange(3)}"
            other = self.lua.value()
            blobs.append(blob(UID_SCRIPT, lua_bytes(key_value), 1, 7, lua_bytes(other)))
            self.expected["data"][(manager, UID_SCRIPT, key_value)] = other
        if rng.random() < 0.3:                 # data that is no Lua object: bytes
            raw = b"\x01\x02" + bytes(rng.getrandbits(8) for _ in range(rng.randrange(20)))
            blobs.append(blob(UID_SCRIPT, struct.pack("<I", 99), NO_WORLD, 7, raw))
            self.expected["data"][(manager, UID_SCRIPT, 99)] = {"hex": raw.hex()}
        return blobs

    def script_c2s(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        return [packet(0x1A, body_bytes("sm_script_data_c2s",
                                        {"blobs": self._script_blobs("script")}))], []

    def script_s2c(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        body = body_bytes("sm_script_data_s2c", {"game_tick": self.gen.tick,
                                                 "blobs": self._script_blobs("script")})
        return [], [(0x19, body)]

    def chat(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        """The client's chat message (28), and the server's broadcast of it (27)."""
        message = self.rng.choice(["hello", "anyone?", "Grüße 👋", "gg", "where is the lift"])
        sender = f"#ff8800{NAMES[0]}"
        return ([packet(0x1C, self.chat_body(28, sender, message))],
                [(0x1B, self.chat_body(27, sender, message))])

    def other_chat(self) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        player = 1 + self.rng.randrange(max(1, self.players - 1))
        message = self.rng.choice(["on my way", "need wood", "世界"])
        return [], [(0x1B, self.chat_body(27, f"#00aaff{NAMES[player]}", message))]

    # -- messages -------------------------------------------------------------------------
    def display(self, kind: str, message: str) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        self.expected["messages"].append(("display_message", message))
        return [], [(0x12, body_bytes("sm_display_message", {
            "len_message_type": len(kind.encode()), "message_type": kind,
            "len_message": len(message.encode()), "message": message}))]

    def alert(self, case: str) -> tuple[list[bytes], list[tuple[int, bytes]]]:
        message = {"known": ALERTS[0], "host": ALERTS[1], "cut": "Inventory almost full",
                   "long": "Too long"}[case]
        size = len(message.encode())
        size = {"cut": size - 5, "long": size + 10}.get(case, size)
        self.expected["messages"].append(("alert", message))
        return [], [(0x13, body_bytes("sm_display_alert_text", {
            "len_message": size, "message": message}))]
