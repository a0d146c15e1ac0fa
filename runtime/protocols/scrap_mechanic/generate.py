"""Seeded Scrap Mechanic session generator: realistic captures for tests, samples, benchmarks.

A session is one client's connection: the joining sequence of ``joining.mdx`` for the
server's Multiplayer setting (``join``: ``public``, ``friends``, ``passphrase``, or
``denied``, which ends at 08 Checksums Denied; :mod:`.generate_play`), a burst of 21
Initialization Network Update packets creating the world's NetObjs, then one tick after
another with a 24 Unreliable Update (rigid body and character transforms, controller
data), the client's 30 Player Movement, and every few ticks a 22 Network Update creating,
updating (paint, revisions, lift levels, container slots, selected items ...) and removing
NetObjs. Each tick the players act too: every other documented packet, every branch of it,
over and over (:class:`.generate_play.Play`); what the server does about it comes in the
next 22. Some ticks bundle the server's packets into a 29 Compound Packet. Sub-updates are
delta-compressed against the previous one whenever the document allows it, across packet
boundaries too. ``play=False`` gives the NetObj world alone, without joining and actions
(the packets of the benchmarks that compare with earlier versions).

The same seed gives the same capture. The generator streams: it holds the live world (a
bounded population: removals balance creations), never the capture.

    from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator
    session = SessionGenerator(seed=7, ticks=300, join="passphrase")
    records = list(session)              # CaptureRecord objects
    session.expected_state()             # what the tracker must end with

Command line: ``python -m wirestruct.protocols.scrap_mechanic.generate --seed 7 --ticks 300
--out session.jsonl``.

Every byte is written by the runtime's encoder (``wirestruct.protocols.scrap_mechanic.encoder``)
from fields, with the read-write classes of the specs: the NetObj data of each sub-update
(``sm_network_update``), unreliable updates, player movement, sub-update framing (raw or
delta), compound packing and LZ4 bodies. The generator only chooses the values.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import uuid as uuid_module
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.encode.fields import encode_fields
from wirestruct.protocols.scrap_mechanic import encoder as sm_encoder
from wirestruct.protocols.scrap_mechanic.delta import DELTA, RAW
from wirestruct.protocols.scrap_mechanic.encoder import (
    SubUpdateFramer,
    compress,
    network_update_body,
    network_update_data,
    player_movement_body,
    unreliable_update_body,
    unreliable_update_fields,
)
from wirestruct.protocols.scrap_mechanic.generate_play import JOIN_VARIANTS, Play

# -- tables (22 - Network Update, 24 - Unreliable Update) -----------------------------------
CREATE, P, UPDATE, REMOVE = 1, 2, 3, 5
RIGID_BODY, CHILD_SHAPE, JOINT, CONTROLLER, CONTAINER, HARVESTABLE, CHARACTER, LIFT, TOOL = \
    0, 1, 2, 3, 4, 5, 6, 7, 8
NETOBJ_NAMES = ["rigid_body", "child_shape", "joint", "controller", "container", "harvestable",
                "character", "lift", "tool", "portal", "path_node", "unit",
                "voxel_terrain_cell", "scriptable_object", "shape_group"]
STATIC, DYNAMIC = 1, 2
BLOCK, PART = 31, 32
JOINT_TYPES = {2: "bearing", 3: "spring", 4: "survival_spring", 28: "piston",
               41: "generic_rotational"}
CONTROLLER_NAMES = {RIGID_BODY: {1: "static", 2: "dynamic"},
                    CHILD_SHAPE: {31: "block", 32: "part"}, JOINT: JOINT_TYPES}
INITIALIZATION_NETWORK_UPDATE, NETWORK_UPDATE, UNRELIABLE_UPDATE, COMPOUND, PLAYER_MOVEMENT = \
    0x15, 0x16, 0x18, 0x1D, 0x1E
NIL_UUID = bytes(16)
AXIS_NAMES = {-3: "neg_z", -2: "neg_y", -1: "neg_x", 1: "pos_x", 2: "pos_y", 3: "pos_z"}
NO_TOOL = 0xFFFFFFFF
#: Most updates in one 24 packet (its count is a u8).
MAX_UNRELIABLE = 255
#: Sub-updates per 21 packet in the join burst.
JOIN_BATCH = 40


# -- values and fields ------------------------------------------------------------------------
def f32(value: float) -> float:
    """``value`` rounded to a 32-bit float, as it comes back from the wire."""
    return float(np.float32(value))


def transform_fields(rotation, position, velocity, angular_velocity) -> dict[str, Any]:
    return {"rotation": xyzw(rotation), "position": xyz(position), "velocity": xyz(velocity),
            "angular_velocity": xyz(angular_velocity)}


def xyz(v) -> dict[str, Any]:
    """A vector as the tracker shows it."""
    return {"x": v[0], "y": v[1], "z": v[2]}


def xyzw(q) -> dict[str, Any]:
    return {"x": q[0], "y": q[1], "z": q[2], "w": q[3]}


def le_uuid_text(wire: bytes) -> str:
    """A UUID stored `le u128` (the text's bytes reversed) as its text."""
    return str(uuid_module.UUID(bytes=wire[::-1]))


def uuid_json(uuid: bytes) -> dict[str, str]:
    return {"octets": uuid.hex()}


def uuid_bytes(uuid: bytes) -> dict[str, bytes]:
    return {"octets": uuid}


def item_fields(uuid: bytes, tool_instance_id: int, quantity: int) -> dict[str, Any]:
    return {"uuid": uuid_bytes(uuid), "tool_instance_id": tool_instance_id,
            "quantity": quantity}


def item_json(uuid: bytes, tool_instance_id: int, quantity: int) -> dict[str, Any]:
    return {"uuid": uuid_json(uuid), "tool_instance_id": tool_instance_id,
            "quantity": quantity}


UPDATE_TYPES = {CREATE: "create", P: "p", UPDATE: "update", REMOVE: "remove"}


def network_update(update_type: int, netobj_type: int, netobj_id: int,
                   body: dict[str, Any] | None = None, controller_type: int = 0) -> bytes:
    """One sub-update's data (``sm_network_update``) from the NetObj's fields; the
    controller type is the create's, and the parameter of later updates."""
    fields: dict[str, Any] = {"update_type": UPDATE_TYPES[update_type],
                              "netobj_type": NETOBJ_NAMES[netobj_type], "netobj_id": netobj_id,
                              "data": {"body": body or {}},
                              "known_controller_type": controller_type}
    if update_type == CREATE:
        fields["controller_type"] = controller_type
    return network_update_data(fields)


def update_character_body(*, movement: tuple[bool, ...] | None = None,
                          color: int | None = None,
                          selected_item: tuple[bytes, int] | None = None,
                          player: tuple[bool, int] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"update_movement_states": movement is not None,
                            "update_color": color is not None,
                            "update_selected_item": selected_item is not None,
                            "update_is_player": player is not None}
    if movement is not None:
        body.update(zip(("is_downed", "is_swimming", "is_diving", "unknown", "is_climbing",
                         "is_tumbling"), movement))
    if color is not None:
        body["color"] = color
    if selected_item is not None:
        body["selected_item_uuid"] = list(selected_item[0])
        body["selected_item_instance_id"] = selected_item[1]
    if player is not None:
        body["is_player"], body["player_or_unit_id"] = player
    return body


def update_container_body(changes: list[tuple[bytes, int, int, int]],
                          filters: list[bytes] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "num_slot_changes": len(changes),
        "slot_changes": [{"uuid": uuid_bytes(uuid), "tool_instance_id": tool_instance_id,
                          "quantity": quantity, "slot": slot}
                         for uuid, tool_instance_id, quantity, slot in changes],
        "has_filters": filters is not None, "padding": 0}
    if filters is not None:
        body["num_filters"] = len(filters)
        body["filter_uuids"] = [uuid_bytes(u) for u in filters]
    return body


#: The key bits of a character's unreliable update, least significant first (the
#: generator draws the keys as one byte).
CHARACTER_KEYS = ("keys_jump", "keys_crawl", "keys_horizontal", "keys_sprint", "keys_aiming")
#: The same keys in 30 Player Movement.
MOVEMENT_KEYS = ("jump", "crawl", "horizontal", "sprint", "aim")


def key_flags(keys: int, names: tuple[str, ...]) -> dict[str, bool]:
    return {name: bool(keys >> i & 1) for i, name in enumerate(names)}


def unreliable_character(character_id: int, *, tumbling: bool, position, keys: int = 0,
                         direction: int = 0, yaw: int = 0, pitch: int = 0, rotation=None,
                         velocity=None, angular_velocity=None) -> dict[str, Any]:
    """A character's unreliable update; the floats are values (the encoder writes their
    bits)."""
    data: dict[str, Any] = {"character_id": character_id, "is_tumbling": tumbling,
                            "position": xyz(position), "padding": 0}
    if not tumbling:
        data.update(keys_unknown=keys >> 5, **key_flags(keys, CHARACTER_KEYS),
                    direction=direction, yaw=yaw, pitch=pitch)
    else:
        data.update(rotation=xyzw(rotation), velocity=xyz(velocity),
                    angular_velocity=xyz(angular_velocity))
    return data


class SubUpdateEncoder:
    """Frames sub-updates as RawUpdate or DeltaUpdate with the runtime's framer (deltas
    whenever shorter; the previous update carries over from packet to packet)."""

    KEY = (0, int(Direction.S2C))

    def __init__(self, use_deltas: bool = True) -> None:
        self.framer = SubUpdateFramer()
        self.use_deltas = use_deltas

    def encode(self, data: bytes) -> bytes:
        return self.framer.frame(self.KEY, data, None if self.use_deltas else RAW)

    @property
    def num_raw(self) -> int:
        return self.framer.counts[RAW]

    @property
    def num_delta(self) -> int:
        return self.framer.counts[DELTA]


def packet(packet_id: int, body: bytes) -> bytes:
    """A packet sent on its own: id byte, then the body as one raw LZ4 block (sm_packet)."""
    return encode_fields(sm_encoder.PACKET, {"packet_id": packet_id, "body": compress(body)})


def compound_body(subpackets: list[tuple[int, bytes]]) -> bytes:
    """Sub-packets (id, uncompressed body) packed as an sm_compound_body."""
    fields = {"subpackets": [{"len_subpacket": len(body) + 1, "packet_id": pid, "body": body}
                             for pid, body in subpackets]}
    size = sum(5 + len(body) for _, body in subpackets)
    return encode_fields(sm_encoder.COMPOUND, fields, size=size)


# -- the world ------------------------------------------------------------------------------
@dataclass
class Obj:
    netobj_type: int
    netobj_id: int
    controller_type: int
    fields: dict[str, Any] = field(default_factory=dict)   # as the tracker shows them
    state: dict[str, Any] = field(default_factory=dict)    # what the writers need
    # simulation state
    position: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    velocity: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    rotation: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 1.0])
    angular_velocity: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    awake: bool = True
    tumbling: bool = False
    revision: int = 0
    transform: dict[str, Any] | None = None
    children: list[int] = field(default_factory=list)   # child shape ids of a body
    joints: list[int] = field(default_factory=list)     # joint ids of a body


class SessionGenerator:
    """Iterate to get the capture's records; then :meth:`expected_state` is the world."""

    def __init__(self, seed: int, ticks: int = 300, *, players: int = 3,
                 static_bodies: int = 12, creations: int = 6, use_deltas: bool = True,
                 compound_every: int = 9, t0: float = 1_700_000_000.0,
                 join: str = "passphrase", play: bool = True) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.ticks = ticks
        self.players = players
        self.static_bodies = static_bodies
        self.creations = creations
        self.compound_every = compound_every
        self.t0 = t0
        self.encoder = SubUpdateEncoder(use_deltas)
        self.objs: dict[tuple[int, int], Obj] = {}
        self.next_id = 1000
        self.tick = 0
        self.last_tick: int | None = None
        self.index = 0
        self.t = t0
        self.num_sub_updates = 0
        self.num_unreliable = 0
        self.uuids = [bytes(self.rng.getrandbits(8) for _ in range(16)) for _ in range(24)]
        self.characters: list[int] = []
        self.dynamic_bodies: list[int] = []
        self.static_body_ids: list[int] = []
        self.containers: list[int] = []
        self.lifts: dict[int, int] = {}        # player index -> lift id
        self.tools: list[int] = []
        self.controllers: list[int] = []
        self.harvestables: list[int] = []
        self.local_player = 0
        self.inventories: list[tuple[int, int]] = []   # per player: inventory, carry
        self.chests: list[int] = []
        self.checkpoints: list[tuple[int, int, list[dict[str, Any]]]] = []
        self.play = Play(self, random.Random(seed * 7919 + 1), join) if play else None

    # -- records ---------------------------------------------------------------------------
    def _record(self, direction: Direction, data: bytes) -> CaptureRecord:
        rec = CaptureRecord(index=self.index, t=round(self.t, 6), direction=direction,
                            data=data)
        self.index += 1
        self.t += 0.0005
        return rec

    def _new_id(self) -> int:
        self.next_id += self.rng.randint(1, 3)
        return self.next_id

    def _uuid(self) -> bytes:
        return self.rng.choice(self.uuids)

    # -- sub-updates (each returns NetworkUpdate bytes and updates the model) ---------------
    def _create(self, obj: Obj, body: dict[str, Any] | None = None) -> bytes:
        self.objs[(obj.netobj_type, obj.netobj_id)] = obj
        return network_update(CREATE, obj.netobj_type, obj.netobj_id, body,
                              obj.controller_type or 0)

    def _update(self, obj: Obj, body: dict[str, Any], update_type: int = UPDATE) -> bytes:
        return network_update(update_type, obj.netobj_type, obj.netobj_id, body,
                              obj.controller_type or 0)

    def _remove(self, obj: Obj) -> bytes:
        del self.objs[(obj.netobj_type, obj.netobj_id)]
        opaque = obj.netobj_type in (CONTROLLER, HARVESTABLE)       # no layout: payload bytes
        return network_update(REMOVE, obj.netobj_type, obj.netobj_id,
                              {"payload": b""} if opaque else None, obj.controller_type or 0)

    def _rand_quat(self) -> list[float]:
        q = [self.rng.uniform(-1, 1) for _ in range(4)]
        norm = math.sqrt(sum(c * c for c in q)) or 1.0
        return [f32(c / norm) for c in q]

    def _rand_vec(self, lo: float, hi: float) -> list[float]:
        return [f32(self.rng.uniform(lo, hi)) for _ in range(3)]

    def create_static_body(self) -> list[bytes]:
        obj = Obj(RIGID_BODY, self._new_id(), STATIC)
        obj.rotation = self._rand_quat()
        obj.position = [f32(self.rng.uniform(-500, 500)), f32(self.rng.uniform(-500, 500)),
                        f32(self.rng.uniform(0, 20))]
        obj.fields = {"world_id": 1, "rotation": xyzw(obj.rotation),
                      "position": xyz(obj.position)}
        self.static_body_ids.append(obj.netobj_id)
        out = [self._create(obj, {"body": {"world_id": 1, "rotation": xyzw(obj.rotation),
                                           "position": xyz(obj.position)}})]
        for _ in range(self.rng.randint(1, 3)):
            out += self.create_child_shape(obj, BLOCK)
        return out

    def create_dynamic_body(self) -> list[bytes]:
        obj = Obj(RIGID_BODY, self._new_id(), DYNAMIC)
        obj.rotation = self._rand_quat()
        obj.position = [f32(self.rng.uniform(-200, 200)), f32(self.rng.uniform(-200, 200)),
                        f32(self.rng.uniform(1, 30))]
        obj.velocity = self._rand_vec(-3, 3)
        obj.angular_velocity = self._rand_vec(-0.5, 0.5)
        obj.fields = {"world_id": 1}
        self.dynamic_bodies.append(obj.netobj_id)
        out = [self._create(obj, {"body": {"world_id": 1, "transform": transform_fields(
            obj.rotation, obj.position, obj.velocity, obj.angular_velocity)}})]
        shapes = []
        for _ in range(self.rng.randint(3, 8)):
            kind = BLOCK if self.rng.random() < 0.6 else PART
            out += self.create_child_shape(obj, kind)
            shapes.append(obj.children[-1])
        for _ in range(self.rng.randint(0, 2)):
            out += self.create_joint(obj, shapes)
        return out

    def create_child_shape(self, body: Obj, kind: int) -> list[bytes]:
        obj = Obj(CHILD_SHAPE, self._new_id(), kind)
        body.children.append(obj.netobj_id)
        obj.state = {"body_id": body.netobj_id,
                     "uuid": self.rng.randrange(0, 4000),
                     "local_position": [self.rng.randint(-20, 20) for _ in range(3)],
                     "color": self.rng.getrandbits(32)}
        if kind == BLOCK:
            obj.state["bounds"] = [self.rng.randint(1, 8) for _ in range(3)]
        else:
            obj.state["axes"] = self.rng.choice([(3, 1), (1, 3), (-3, 2), (2, -1)])
        return [self._create(obj), self._child_shape_update(obj)]

    def _child_shape_update(self, obj: Obj) -> bytes:
        f = obj.state
        obj.fields.update(body_id=f["body_id"], uuid=f["uuid"],
                          local_position=xyz(f["local_position"]), color=f["color"])
        if obj.controller_type == BLOCK:
            obj.fields["bounds"] = xyz(f["bounds"])
        else:
            obj.fields.update(z_axis=AXIS_NAMES[f["axes"][0]], x_axis=AXIS_NAMES[f["axes"][1]])
        if obj.controller_type == BLOCK:
            data = {"bounds": xyz(f["bounds"])}
        else:
            z, x = f["axes"]
            data = {"z_axis_raw": z + 4, "x_axis_raw": x + 4}
        return self._update(obj, {"uuid": f["uuid"], "body_id": f["body_id"],
                                  "local_position": xyz(f["local_position"]),
                                  "color": f["color"], "data": data})

    def create_joint(self, body: Obj, shapes: list[int]) -> list[bytes]:
        kind = self.rng.choice(sorted(JOINT_TYPES))
        obj = Obj(JOINT, self._new_id(), kind)
        body.joints.append(obj.netobj_id)
        pos_a = [self.rng.randint(-10, 10) for _ in range(3)]
        pos_b = list(pos_a) if kind != 28 else [pos_a[0], pos_a[1], pos_a[2] + 1]
        obj.state = {"uuid": self.rng.randrange(0, 200),
                     "id_shape_a": self.rng.choice(shapes), "id_shape_b": self.rng.choice(shapes),
                     "pos_a": pos_a, "pos_b": pos_b,
                     "axes": (self.rng.choice([3, -3]), 3, self.rng.choice([1, 2]), 1),
                     "color": self.rng.getrandbits(32)}
        return [self._create(obj), self._joint_update(obj)]

    def _joint_update(self, obj: Obj) -> bytes:
        f = obj.state
        zb, za, xb, xa = f["axes"]
        obj.fields.update(uuid=f["uuid"], id_shape_a=f["id_shape_a"], id_shape_b=f["id_shape_b"],
                          pos_a=xyz(f["pos_a"]), pos_b=xyz(f["pos_b"]), color=f["color"])
        obj.fields["axis"] = {"z_axis_b_raw": zb + 4, "z_axis_a_raw": za + 4,
                              "x_axis_b_raw": xb + 4, "x_axis_a_raw": xa + 4,
                              "z_axis_b": AXIS_NAMES[zb], "z_axis_a": AXIS_NAMES[za],
                              "x_axis_b": AXIS_NAMES[xb], "x_axis_a": AXIS_NAMES[xa]}
        return self._update(obj, {
            "uuid": f["uuid"], "id_shape_a": f["id_shape_a"], "id_shape_b": f["id_shape_b"],
            "pos_a": xyz(f["pos_a"]), "pos_b": xyz(f["pos_b"]),
            "axis": {"z_axis_b_raw": zb + 4, "z_axis_a_raw": za + 4,
                     "x_axis_b_raw": xb + 4, "x_axis_a_raw": xa + 4},
            "color": f["color"]})

    def create_container(self, slots: int, stack_size: int, filters: int = 0) -> list[bytes]:
        obj = Obj(CONTAINER, self._new_id(), 0)
        items = []
        for _ in range(slots):
            if self.rng.random() < 0.4:
                items.append((self._uuid(), NO_TOOL, self.rng.randint(1, stack_size)))
            else:
                items.append((NIL_UUID, NO_TOOL, 0))
        flt = [self._uuid() for _ in range(filters)]
        obj.state = {"items": items}
        obj.fields = {"num_slots": slots, "stack_size": stack_size,
                      "items": [item_json(*item) for item in items],
                      "num_filters": len(flt), "filters": [uuid_json(u) for u in flt]}
        self.containers.append(obj.netobj_id)
        return [self._create(obj, {"num_slots": slots, "stack_size": stack_size,
                                   "items": [item_fields(*item) for item in items],
                                   "num_filters": len(flt),
                                   "filters": [uuid_bytes(u) for u in flt]})]

    def create_character(self, player: int) -> list[bytes]:
        obj = Obj(CHARACTER, self._new_id(), 0)
        obj.position = [f32(self.rng.uniform(-100, 100)), f32(self.rng.uniform(-100, 100)),
                        f32(self.rng.uniform(0, 5))]
        steam = 76561197960265728 + self.rng.getrandbits(31)
        yaw, pitch = f32(self.rng.uniform(-3.1, 3.1)), f32(self.rng.uniform(-1.5, 1.5))
        obj.fields = {"steam_id_64": steam, "world_id": 1, "yaw": yaw, "pitch": pitch,
                      "position": {"z": obj.position[2], "y": obj.position[1],
                                   "x": obj.position[0]},
                      "character_uuid": uuid_json(NIL_UUID),
                      "color": self.rng.getrandbits(32), "is_player": True,
                      "player_or_unit_id": player + 1, "selected_item_instance_id": NO_TOOL,
                      "selected_item_uuid": le_uuid_text(NIL_UUID), "is_downed": False,
                      "is_tumbling": False}
        self.characters.append(obj.netobj_id)
        create = self._create(obj, {"steam_id": {"value": steam},
                                    "position": xyz(obj.position), "world_id": 1,
                                    "yaw": yaw, "pitch": pitch,
                                    "character_uuid": uuid_bytes(NIL_UUID)})
        update = self._update(obj, update_character_body(
            movement=(False,) * 6, color=obj.fields["color"], selected_item=(NIL_UUID, NO_TOOL),
            player=(True, player + 1)))
        return [create, update]

    def create_lift(self, player: int) -> list[bytes]:
        obj = Obj(LIFT, self._new_id(), 0)
        steam = self.objs[(CHARACTER, self.characters[player])].fields["steam_id_64"] \
            if player < len(self.characters) else 76561197960265728
        pos = [self.rng.randint(-300, 300), self.rng.randint(-300, 300), 0]
        obj.fields = {"steam_id_64": steam, "world_id": 1, "position": xyz(pos), "level": 0}
        self.lifts[player] = obj.netobj_id
        return [self._create(obj, {"steam_id": {"value": steam}, "world_id": 1,
                                   "position": xyz(pos), "level": 0})]

    def create_tool(self) -> list[bytes]:
        obj = Obj(TOOL, self._new_id(), 0)
        uuid = self._uuid()
        obj.fields = {"uuid": uuid_json(uuid), "player_id": NO_TOOL}
        self.tools.append(obj.netobj_id)
        return [self._create(obj, {"uuid": uuid_bytes(uuid)}),
                self._update(obj, {"player_id": NO_TOOL})]

    def create_opaque(self, netobj_type: int, controller_type: int) -> list[bytes]:
        obj = Obj(netobj_type, self._new_id(), controller_type)
        payload = bytes(self.rng.getrandbits(8) for _ in range(self.rng.randint(4, 24)))
        obj.fields = {"payload": payload.hex()}
        (self.controllers if netobj_type == CONTROLLER else self.harvestables).append(
            obj.netobj_id)
        return [self._create(obj, {"payload": payload})]

    # -- events during play ------------------------------------------------------------------
    def _obj(self, netobj_type: int, netobj_id: int) -> Obj:
        return self.objs[(netobj_type, netobj_id)]

    def event(self) -> list[bytes]:
        r = self.rng.random()
        if r < 0.22 and self.dynamic_bodies:       # a body is revised (runs of deltas)
            out = []
            for body_id in self.rng.sample(self.dynamic_bodies,
                                           min(len(self.dynamic_bodies), self.rng.randint(1, 4))):
                body = self._obj(RIGID_BODY, body_id)
                body.revision = (body.revision + self.rng.randint(1, 2)) & 0xFF
                body.fields.update(unknown=0, revision=body.revision)
                out.append(self._update(body, {"body": {"unknown": 0,
                                                        "revision": body.revision}}))
                for joint_id in body.joints:
                    joint = self._obj(JOINT, joint_id)
                    joint.fields["p_updates"] = joint.fields.get("p_updates", 0) + 1
                    out.append(self._update(joint, {}, P))
            return out
        if r < 0.40:                                # painting child shapes
            shapes = [k[1] for k in self.objs if k[0] == CHILD_SHAPE]
            out = []
            color = self.rng.getrandbits(32)
            for shape_id in self.rng.sample(shapes, min(len(shapes), self.rng.randint(1, 6))):
                shape = self._obj(CHILD_SHAPE, shape_id)
                shape.state["color"] = color
                out.append(self._child_shape_update(shape))
            return out
        if r < 0.48 and self.static_body_ids:       # static body touched
            body_id = self.rng.choice(self.static_body_ids)
            body = self._obj(RIGID_BODY, body_id)
            body.fields.update(unknown=0, unknown_2=-1)
            return [self._update(body, {"body": {"unknown": 0, "unknown_2": -1}})]
        if r < 0.56 and self.lifts:                 # lift level
            lift = self._obj(LIFT, self.rng.choice(sorted(self.lifts.values())))
            lift.fields["level"] = self.rng.randint(0, 10)
            return [self._update(lift, {"level": lift.fields["level"]})]
        if r < 0.64 and self.containers:            # items move
            box = self._obj(CONTAINER, self.rng.choice(self.containers))
            changes = []
            for _ in range(self.rng.randint(1, 3)):
                slot = self.rng.randrange(len(box.state["items"]))
                if self.rng.random() < 0.3:
                    item = (NIL_UUID, NO_TOOL, 0)
                else:
                    item = (self._uuid(), NO_TOOL, self.rng.randint(1, box.fields["stack_size"]))
                box.state["items"][slot] = item
                box.fields["items"][slot] = item_json(*item)
                changes.append((*item, slot))
            filters = None
            if self.rng.random() < 0.2:
                filters = [self._uuid() for _ in range(self.rng.randint(0, 2))]
                box.fields["filters"] = [uuid_json(u) for u in filters]
                box.fields["num_filters"] = len(filters)
            return [self._update(box, update_container_body(changes, filters))]
        if r < 0.72 and self.tools:                 # tool handed to a player
            tool = self._obj(TOOL, self.rng.choice(self.tools))
            tool.fields["player_id"] = self.rng.choice([NO_TOOL, 1, 2, 3])
            return [self._update(tool, {"player_id": tool.fields["player_id"]})]
        if r < 0.80 and self.characters:            # selected item / movement states
            char = self._obj(CHARACTER, self.rng.choice(self.characters))
            if self.rng.random() < 0.5:
                selected = (self._uuid(), self.rng.choice([NO_TOOL, self.rng.randrange(1, 50)]))
                char.fields["selected_item_uuid"] = le_uuid_text(selected[0])
                char.fields["selected_item_instance_id"] = selected[1]
                return [self._update(char, update_character_body(selected_item=selected))]
            states = tuple(self.rng.random() < 0.2 for _ in range(6))
            char.fields.update(is_downed=states[0], is_tumbling=states[5])
            char.fields["color"] = self.rng.getrandbits(32)
            return [self._update(char, update_character_body(movement=states,
                                                             color=char.fields["color"]))]
        if r < 0.86 and self.harvestables:          # a tree is felled, another grows
            victim = self._obj(HARVESTABLE, self.harvestables.pop(
                self.rng.randrange(len(self.harvestables))))
            return [self._remove(victim)] + self.create_opaque(HARVESTABLE, 0)
        if r < 0.93 and len(self.dynamic_bodies) > 1:  # a creation is deleted, a new one built
            return self.remove_creation() + self.create_dynamic_body()
        if self.lifts:                              # a lift is replaced
            player = self.rng.choice(sorted(self.lifts))
            lift = self._obj(LIFT, self.lifts.pop(player))
            return [self._remove(lift)] + self.create_lift(player)
        return []

    def remove_creation(self) -> list[bytes]:
        body_id = self.dynamic_bodies.pop(self.rng.randrange(len(self.dynamic_bodies)))
        body = self._obj(RIGID_BODY, body_id)
        out = [self._remove(self._obj(JOINT, j)) for j in body.joints]
        out += [self._remove(self._obj(CHILD_SHAPE, c)) for c in body.children]
        out.append(self._remove(body))
        return out

    # -- unreliable ------------------------------------------------------------------------------
    def unreliable_entries(self) -> list[tuple[str, dict[str, Any]]]:
        out = []
        dt = 1 / 40
        for body_id in self.dynamic_bodies:
            body = self._obj(RIGID_BODY, body_id)
            if self.rng.random() < 0.05:
                body.awake = not body.awake
            if body.awake:
                body.position = [f32(p + v * dt) for p, v in zip(body.position, body.velocity)]
                body.velocity = [f32(v + self.rng.uniform(-0.2, 0.2)) for v in body.velocity]
            elif self.rng.random() < 0.7:
                continue                             # sleeping bodies are sent rarely
            body.transform = {"position": xyz(body.position), "is_awake": body.awake,
                              "revision": body.revision & 0x7F}
            out.append(("rigid_body", {
                "body_id": body_id, **transform_fields(body.rotation, body.position,
                                                       body.velocity, body.angular_velocity),
                "is_awake": body.awake, "revision": body.revision & 0x7F}))
        for _i, char_id in enumerate(self.characters):
            char = self._obj(CHARACTER, char_id)
            if self.rng.random() < 0.01:
                char.tumbling = not char.tumbling
            char.position = [f32(p + self.rng.uniform(-0.1, 0.1)) for p in char.position]
            if char.tumbling:
                char.rotation = self._rand_quat()
                char.velocity = self._rand_vec(-2, 2)
                char.angular_velocity = self._rand_vec(-1, 1)
                data = unreliable_character(char_id, tumbling=True, position=char.position,
                                            rotation=char.rotation, velocity=char.velocity,
                                            angular_velocity=char.angular_velocity)
            else:
                keys = self.rng.choice([0, 0, 0x04, 0x0C, 0x01, 0x02, 0x14])
                direction, yaw, pitch = (self.rng.randrange(256) for _ in range(3))
                data = unreliable_character(char_id, tumbling=False, position=char.position,
                                            keys=keys, direction=direction, yaw=yaw,
                                            pitch=pitch)
            char.transform = {"position": xyz(char.position),
                              "is_tumbling": char.tumbling}
            out.append(("character", data))
        for ctl_id in self.controllers:
            if self.rng.random() < 0.3:
                payload = bytes(self.rng.getrandbits(8) for _ in range(self.rng.randint(1, 8)))
                self._obj(CONTROLLER, ctl_id).fields["unreliable_data"] = payload.hex()
                out.append(("controller", {"interactable_id": ctl_id, "data": payload}))
        return out

    def unreliable_bodies(self) -> list[bytes]:
        entries = self.unreliable_entries()
        self.num_unreliable += len(entries)
        bodies = []
        for start in range(0, max(len(entries), 1), MAX_UNRELIABLE):
            chunk = entries[start:start + MAX_UNRELIABLE]
            bodies.append(unreliable_update_body(
                unreliable_update_fields(self.tick, self.tick, chunk)))
        return bodies

    def network_update_body(self, updates: list[bytes]) -> bytes:
        self.num_sub_updates += len(updates)
        self.last_tick = self.tick
        return network_update_body(self.tick, [self.encoder.encode(u) for u in updates])

    # -- the session -------------------------------------------------------------------------------
    def join_burst(self) -> list[bytes]:
        updates: list[bytes] = []
        for player in range(self.players):
            updates += self.create_character(player)
            updates += self.create_container(30, 256)      # inventory
            updates += self.create_container(1, 256)       # carry
            self.inventories.append((self.containers[-2], self.containers[-1]))
        for _ in range(self.static_bodies):
            updates += self.create_static_body()
        for _ in range(self.creations):
            updates += self.create_dynamic_body()
        for _ in range(3):
            updates += self.create_container(20, 256, filters=self.rng.randint(0, 2))  # chests
            self.chests.append(self.containers[-1])
        for player in range(self.players):
            updates += self.create_lift(player)
        for _ in range(2 * self.players):
            updates += self.create_tool()
        for _ in range(4):
            updates += self.create_opaque(CONTROLLER, self.rng.choice([10, 11, 12]))
        for _ in range(8):
            updates += self.create_opaque(HARVESTABLE, 0)
        return updates

    def __iter__(self) -> Iterator[CaptureRecord]:
        updates = self.join_burst()
        batches = [updates[start:start + JOIN_BATCH]
                   for start in range(0, len(updates), JOIN_BATCH)]
        if self.play is not None:
            denied = self.play.join == "denied"
            first = None if denied else self.network_update_body(batches.pop(0))
            for direction, data in self.play.joining(first):
                yield self._record(Direction.parse(direction), data)
            if denied:                              # the connection ends: nothing was sent
                self.objs.clear()
                return
        for batch in batches:
            body = self.network_update_body(batch)
            yield self._record(Direction.S2C, packet(INITIALIZATION_NETWORK_UPDATE, body))
        for tick in range(1, self.ticks + 1):
            yield from self._tick(tick)

    def _tick(self, tick: int) -> Iterator[CaptureRecord]:
        self.tick = tick
        self.t = self.t0 + 1.0 + self.tick / 40
        reliable: list[bytes] = self.play.take_pending() if self.play is not None else []
        if self.tick % 3 == 0:
            for _ in range(self.rng.randint(1, 4)):
                reliable += self.event()
        subpackets: list[tuple[int, bytes]] = []
        if reliable:
            subpackets.append((NETWORK_UPDATE, self.network_update_body(reliable)))
        for body in self.unreliable_bodies():
            subpackets.append((UNRELIABLE_UPDATE, body))
        actions: list[bytes] = []
        if self.play is not None:
            actions, server = self.play.step()
            subpackets += server
        if self.compound_every and self.tick % self.compound_every == 0:
            yield self._record(Direction.S2C, packet(COMPOUND, compound_body(subpackets)))
        else:
            for pid, body in subpackets:
                yield self._record(Direction.S2C, packet(pid, body))
        keys = self.rng.choice([0, 0x04, 0x0C, 0x01])
        movement = player_movement_body({
            "tick": self.tick, "keys": {"reserved": 0, **key_flags(keys, MOVEMENT_KEYS)},
            "direction": self.rng.randrange(0, 256, 32), "yaw": self.rng.randrange(256),
            "pitch": self.rng.randrange(256)})
        yield self._record(Direction.C2S, packet(PLAYER_MOVEMENT, movement))
        for data in actions:
            record = self._record(Direction.C2S, data)
            for watched, container_id, items in self.play.checkpoints:  # type: ignore[union-attr]
                if watched is data:
                    self.checkpoints.append((record.index, container_id, items))
            yield record

    # -- what Play asks of the world ------------------------------------------------------------
    def random_uuid(self) -> bytes:
        assert self.play is not None
        return self.play.rng.choice(self.uuids)

    item_json = staticmethod(item_json)
    container_body = staticmethod(update_container_body)
    character_body = staticmethod(update_character_body)
    compound = staticmethod(compound_body)

    def update(self, obj: Obj, body: dict[str, Any]) -> bytes:
        return self._update(obj, body)

    def remove(self, obj: Obj) -> bytes:
        return self._remove(obj)

    # -- what the tracker must end with ---------------------------------------------------------
    def expected_state(self) -> dict[str, Any]:
        """The final world, keyed by (netobj_type name, id), in the tracker's vocabulary:
        controller type names, the fields the session set, the last transform; and what the
        joining and the players' actions leave (``session``: :attr:`.Play.expected`, whose
        values are as readable output shows them)."""
        netobjs = {}
        for (netobj_type, netobj_id), obj in self.objs.items():
            names = CONTROLLER_NAMES.get(netobj_type)
            ct = names[obj.controller_type] if names else obj.controller_type
            netobjs[(NETOBJ_NAMES[netobj_type], netobj_id)] = {
                "controller_type": ct, "fields": dict(obj.fields),
                "transform": obj.transform}
        return {"tick": self.tick if self.ticks else self.last_tick, "netobjs": netobjs,
                "session": self.play.expected if self.play is not None else None}

    @property
    def num_deltas(self) -> int:
        return self.encoder.num_delta


def generate(seed: int, ticks: int = 300, **options: Any) -> Iterator[CaptureRecord]:
    """The records of a seeded session (see :class:`SessionGenerator` for the options)."""
    return iter(SessionGenerator(seed, ticks, **options))


def write_jsonl(records, out) -> int:
    n = 0
    for rec in records:
        out.write(json.dumps({"t": rec.t, "dir": rec.direction.label, "data": rec.data.hex()},
                             separators=(", ", ": ")) + "\n")
        n += 1
    return n


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wirestruct.protocols.scrap_mechanic.generate",
                                     description="Write a seeded Scrap Mechanic session "
                                                 "as JSON Lines.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ticks", type=int, default=300)
    parser.add_argument("--join", default="passphrase", choices=JOIN_VARIANTS,
                        help="the server's Multiplayer setting, as joining.mdx names the "
                             "sequences (denied: the checksums are denied; the session ends)")
    parser.add_argument("--no-play", action="store_true",
                        help="the NetObj world alone: no joining sequence, no player actions")
    parser.add_argument("--out", default="-", help="output file (default: stdout)")
    args = parser.parse_args(argv)
    session = SessionGenerator(args.seed, args.ticks, join=args.join, play=not args.no_play)
    if args.out == "-":
        n = write_jsonl(session, sys.stdout)
    else:
        with open(args.out, "w", encoding="utf-8") as out:
            n = write_jsonl(session, out)
    print(f"{n} records, {session.num_sub_updates} sub-updates ({session.num_deltas} deltas), "
          f"{session.num_unreliable} unreliable updates", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
