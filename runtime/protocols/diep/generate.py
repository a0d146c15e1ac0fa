"""A seeded diep.io session generator: realistic captures with their expected entity table.

The generated session is what a client sees of a DiepCustom-like server (see the bundled
build's README): the handshake (init, JS and proof-of-work challenges, server info, player
count, accept), then one 0x00 update a tick in which shapes, tanks with their barrels and
bullets enter the view (creations), move, turn and take damage (updates of a few fields),
and leave it (deletions; a tank's barrels go with it), the arena's scoreboard changes
through array element tables, the camera follows the player, ids are recycled with a new
hash, and the client sends its inputs. Big packets, and some others, are wrapped in 0x02
(one raw LZ4 block). Every packet is built from fields by the runtime encoder: the
handshake, inputs, notifications and the other packets by ``packet_bytes`` (the build's
clientbound spec and ``diep_serverbound``), 0x02 packets by ``compressed_packet``, and the
0x00 updates, given as ``wirestruct decode`` prints them, by ``update_packet`` (the build's
update writer), so they follow whichever build is selected.

    from wirestruct.protocols.diep.generate import generate
    session = generate(seed=7, ticks=300)
    records = list(session)          # CaptureRecord objects
    session.expected                 # the entity table a tracker must end with

    python -m wirestruct.protocols.diep.generate --seed 7 --ticks 300 --out session.jsonl
"""
from __future__ import annotations

import argparse
import heapq
import json
import math
import random
import struct
import sys
from collections.abc import Iterator
from typing import Any

from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.protocols.diep.builds import Build, Field, load_build
from wirestruct.protocols.diep.encoder import compressed_packet, packet_bytes, update_packet

#: float64Precision steps per unit (six fraction bits).
FIXED_SCALE = 64
#: Packets at least this long are always sent compressed.
COMPRESS_OVER = 2048


def f32(x: float) -> float:
    """``x`` rounded to the nearest float32, as the wire carries it."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def fixed(x: float) -> float:
    """``x`` as float64Precision decodes it (truncated to 1/64 steps)."""
    return math.trunc(x * FIXED_SCALE) / FIXED_SCALE


def _wire(wire_type: str, value: Any) -> Any:
    """A world value as its field's wire type holds it: varints as 32-bit integers
    (``vi`` truncated toward zero, as the server's ToInt32), "no entity" as hash 0."""
    if wire_type == "vu":
        return int(value) & 0xFFFFFFFF
    if wire_type == "vi":
        return ((int(value) + 0x80000000) & 0xFFFFFFFF) - 0x80000000
    if wire_type == "entid" and value is None:
        return {"hash": 0}
    return value


_DEFAULT = {"vu": 0, "vi": 0, "float": 0.0, "float64Precision": 0.0, "stringNT": "",
            "entid": None}


def s2c_packet(packet_id: str, **body: Any) -> bytes:
    """A clientbound packet from its fields (varints and strings as their ``value``)."""
    return packet_bytes(_packet_fields(packet_id, body), Direction.S2C)


def c2s_packet(packet_id: str, **body: Any) -> bytes:
    """A serverbound packet from its fields."""
    return packet_bytes(_packet_fields(packet_id, body), Direction.C2S)


def _packet_fields(packet_id: str, body: dict[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {"packet_id": packet_id}
    if body:
        fields["body"] = {k: _value(v) for k, v in body.items()}
    return fields


def _value(v: Any) -> Any:
    """A varint, varfloat, f32/u32 or string as its fields: its ``value``."""
    if isinstance(v, list):
        return [_value(x) for x in v]
    if isinstance(v, (int, float, str)) and not isinstance(v, bool):
        return {"value": v}
    return v


def compress(inner: bytes) -> bytes:
    """A 0x02 packet around ``inner`` (README section 5), written by the encoder."""
    return compressed_packet(inner)


# -- the world ---------------------------------------------------------------------------------
class Ent:
    __slots__ = ("id", "hash", "kind", "mask", "fields", "vx", "vy", "spin", "ttl", "children",
                 "owner")

    def __init__(self, id: int, hash: int, kind: str, mask: int, fields: dict[str, Any]) -> None:
        self.id, self.hash, self.kind, self.mask, self.fields = id, hash, kind, mask, fields
        self.vx = self.vy = self.spin = 0.0
        self.ttl = -1
        self.children: list[Ent] = []
        self.owner: Ent | None = None

    @property
    def ref(self) -> dict[str, int]:
        return {"hash": self.hash, "id": self.id}


GROUPS = {  # kind -> field group ids (README section 3.3, "seen in the captures")
    "arena": (7, 14), "camera": (0, 9), "shape": (0, 3, 4, 8, 10, 11),
    "tank": (0, 3, 4, 8, 10, 11, 13), "barrel": (0, 2, 3, 10, 11), "bullet": (0, 3, 4, 10, 11),
}
SHAPES = [  # name, colour, sides, health, size
    ("Square", 8, 4, 10.0, 38.890873), ("Triangle", 9, 3, 30.0, 33.0),
    ("Pentagon", 10, 5, 100.0, 53.0), ("Alpha Pentagon", 10, 5, 3000.0, 150.0),
]
NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Mallory", "Trent", "Peggy", "Victor", "Zoë"]
STAT_NAMES = ["Movement Speed", "Reload", "Bullet Damage", "Bullet Penetration",
              "Bullet Speed", "Body Damage", "Max Health", "Health Regen"]


class SessionGenerator:
    """Iterate to get the capture records; ``expected`` is the final entity table."""

    def __init__(self, seed: int = 1, *, ticks: int = 300, shapes: int = 160, tanks: int = 6,
                 build: str | None = None, compress_share: float = 0.15,
                 t0: float = 1_700_000_000.0) -> None:
        self.rng = random.Random(seed)
        self.ticks = ticks
        self.target_shapes = shapes
        self.target_tanks = tanks
        self.build: Build = load_build(build)
        self.compress_share = compress_share
        self.t0 = t0
        self.by_key: dict[str, Field] = {f.key: f for f in self.build.fields}
        self._flags = self.build.group_flags      # group id -> has_* flag of a creation
        self.entities: dict[int, Ent] = {}
        self.hashes: dict[int, int] = {}
        self.free: list[int] = []
        self.next_id = 0
        self.tick = 0
        self.index = 0
        self.upcreates = 0
        self.expected: dict[str, Any] | None = None
        # per tick
        self._deleted: list[dict[str, int]] = []
        self._created: list[Ent] = []
        self._changes: dict[int, dict[str, Any]] = {}

    # -- ids and entities --------------------------------------------------------------------
    def _alloc(self) -> tuple[int, int]:
        if self.free and (self.rng.random() < 0.7 or self.next_id > 4000):
            eid = heapq.heappop(self.free)
        else:
            eid = self.next_id
            self.next_id += 1
        h = self.hashes.get(eid, 0) % 255 + 1  # 1..255; a hash of 0 would mean "no entity"
        self.hashes[eid] = h
        return eid, h

    def _create(self, kind: str, values: dict[str, Any], eid: int | None = None) -> Ent:
        if eid is None:
            eid, h = self._alloc()
        else:
            if eid in self.free:
                self.free.remove(eid)
                heapq.heapify(self.free)
            self.next_id = max(self.next_id, eid + 1)
            h = self.hashes.get(eid, 0) % 255 + 1
            self.hashes[eid] = h
        mask = 0
        for g in GROUPS[kind]:
            mask |= 1 << g
        fields: dict[str, Any] = {}
        for f in self.build.fields_of(mask):
            default = _DEFAULT[f.type]
            fields[f.key] = [default] * f.length if f.length else default
        for key, v in values.items():
            if key in fields:
                fields[key] = v
        ent = Ent(eid, h, kind, mask, fields)
        self.entities[eid] = ent
        self._created.append(ent)
        return ent

    def _delete(self, ent: Ent) -> None:
        for child in ent.children:
            if child.id in self.entities and self.entities[child.id] is child:
                self._delete(child)
        if self.entities.get(ent.id) is not ent:
            return
        del self.entities[ent.id]
        self._changes.pop(ent.id, None)
        if ent in self._created:
            self._created.remove(ent)
        else:
            self._deleted.append(ent.ref)
        heapq.heappush(self.free, ent.id)

    def _set(self, ent: Ent, key: str, value: Any) -> None:
        field = self.by_key[key]
        if field.type == "float":
            value = f32(value)
        elif field.type == "float64Precision":
            value = fixed(value)
        elif field.type == "vi":
            value = int(value)
        if ent.fields[key] == value:
            return
        ent.fields[key] = value
        if ent not in self._created:
            self._changes.setdefault(ent.id, {})[key] = value

    def _set_element(self, ent: Ent, key: str, index: int, value: Any) -> None:
        field = self.by_key[key]
        wire = field.update_type if ent not in self._created else field.type
        if wire == "float":
            value = f32(value)
        elif wire == "vi":
            value = int(value)
        array = ent.fields[key]
        if array[index] == value and type(array[index]) is type(value):
            return
        array[index] = value
        if ent not in self._created:
            self._changes.setdefault(ent.id, {}).setdefault(key, {})[index] = value

    # -- kinds -----------------------------------------------------------------------------
    def _arena(self) -> Ent:
        names = NAMES[:]
        self.rng.shuffle(names)
        scores = sorted((f32(self.rng.uniform(100, 50000)) for _ in range(10)), reverse=True)
        return self._create("arena", {
            "Arena.flags": 2, "Arena.leftX": -11150.0, "Arena.topY": -11150.0,
            "Arena.rightX": 11150.0, "Arena.bottomY": 11150.0, "Arena.scoreboardAmount": 10,
            "Arena.scoreboardNames": names, "Arena.scoreboardScores": scores,
            "Arena.scoreboardColors": [13] * 10, "Arena.scoreboardSuffixes": [""] * 10,
            "Arena.scoreboardTanks": [self.rng.randrange(0, 53) for _ in range(10)],
            "Arena.leaderX": f32(self.rng.uniform(-5000, 5000)),
            "Arena.leaderY": f32(self.rng.uniform(-5000, 5000)),
            "Arena.playersNeeded": 0, "Arena.ticksUntilStart": 250.0, "Team.teamColor": 12,
        }, eid=0)

    def _camera(self, player: Ent | None) -> Ent:
        return self._create("camera", {
            "Relations.team": self.arena.ref, "Camera.player": player.ref if player else None,
            "Camera.FOV": f32(0.35), "Camera.level": 1, "Camera.tank": 53 if player is None else 0,
            "Camera.levelbarMax": 1.0, "Camera.statsAvailable": 0,
            "Camera.statNames": STAT_NAMES[:], "Camera.statLevels": [0] * 8,
            "Camera.statLimits": [7] * 8, "Camera.cameraX": 0.0, "Camera.cameraY": 0.0,
            "Camera.movementSpeed": f32(2.55), "Camera.flags": 1,
            "Camera.killedBy": "", "Camera.tankOverride": "", "Camera.spawnTick": self.tick,
        }, eid=1)

    def _shape(self) -> Ent:
        name, color, sides, health, size = self.rng.choice(SHAPES)
        x, y = self.rng.uniform(-2000, 2000), self.rng.uniform(-2000, 2000)
        ent = self._create("shape", {
            "Position.x": int(x), "Position.y": int(y),
            "Position.angle": fixed(self.rng.uniform(0, 2 * math.pi)), "Position.flags": 1,
            "Physics.size": f32(size), "Physics.sides": sides, "Physics.absorbtionFactor": 1.0,
            "Physics.pushFactor": 8.0, "Health.health": health, "Health.maxHealth": health,
            "Style.color": color, "Style.flags": 1, "Style.borderWidth": 7.5, "Style.opacity": 1.0,
            "Style.zIndex": self.rng.randrange(0, 400), "Name.name": name, "Name.flags": 1,
            "Relations.team": self.arena.ref, "Relations.owner": self.arena.ref,
        })
        ent.vx, ent.vy = self.rng.uniform(-1.5, 1.5), self.rng.uniform(-1.5, 1.5)
        ent.spin = self.rng.choice([-1, 1]) * self.rng.uniform(0.005, 0.03)
        return ent

    def _tank(self, name: str, own: bool) -> Ent:
        x, y = self.rng.uniform(-1500, 1500), self.rng.uniform(-1500, 1500)
        tank = self._create("tank", {
            "Position.x": int(x), "Position.y": int(y), "Position.angle": 0.0,
            "Physics.size": 50.0, "Physics.sides": 1, "Physics.absorbtionFactor": 1.0,
            "Physics.pushFactor": 8.0, "Health.health": 50.0, "Health.maxHealth": 50.0,
            "Style.color": 2 if own else 15, "Style.flags": 1, "Style.borderWidth": 7.5,
            "Style.opacity": 1.0, "Style.zIndex": 5, "Name.name": name, "Name.flags": 0,
            "Score.score": 0.0, "Relations.team": None,
        })
        tank.fields["Relations.team"] = tank.ref  # free-for-all: every tank is its own team
        tank.vx, tank.vy = self.rng.uniform(-4, 4), self.rng.uniform(-4, 4)
        barrel = self._create("barrel", {
            "Position.x": 0, "Position.y": 0, "Position.angle": 0.0, "Position.flags": 0,
            "Physics.size": 95.0, "Physics.width": 42.0, "Physics.sides": 2,
            "Barrel.reloadTime": 15.0, "Barrel.trapezoidDirection": 0.0, "Barrel.flags": 0,
            "Style.color": 1, "Style.flags": 1, "Style.borderWidth": 7.5, "Style.opacity": 1.0,
            "Style.zIndex": 4, "Relations.parent": tank.ref, "Relations.owner": tank.ref,
            "Relations.team": tank.ref,
        })
        tank.children.append(barrel)
        return tank

    def _bullet(self, tank: Ent) -> Ent:
        angle = tank.fields["Position.angle"]
        bullet = self._create("bullet", {
            "Position.x": tank.fields["Position.x"], "Position.y": tank.fields["Position.y"],
            "Position.angle": angle, "Physics.size": 21.0, "Physics.sides": 1,
            "Physics.absorbtionFactor": 1.0, "Physics.pushFactor": 8.0,
            "Health.health": 10.0, "Health.maxHealth": 10.0,
            "Style.color": tank.fields["Style.color"], "Style.flags": 1,
            "Style.borderWidth": 7.5, "Style.opacity": 1.0, "Style.zIndex": 3,
            "Relations.owner": tank.ref, "Relations.team": tank.fields["Relations.team"],
        })
        bullet.vx, bullet.vy = 20 * math.cos(angle), 20 * math.sin(angle)
        bullet.ttl = self.rng.randrange(15, 60)
        bullet.owner = tank
        return bullet

    # -- one tick of the world -----------------------------------------------------------------
    def _step(self) -> None:
        rng = self.rng
        shapes = [e for e in self.entities.values() if e.kind == "shape"]
        tanks = [e for e in self.entities.values() if e.kind == "tank"]
        for ent in list(self.entities.values()):
            if self.entities.get(ent.id) is not ent or ent in self._created:
                continue
            f = ent.fields
            if ent.kind in ("shape", "tank", "bullet"):
                x = f["Position.x"] + ent.vx
                y = f["Position.y"] + ent.vy
                if ent.kind == "bullet":
                    ent.ttl -= 1
                    if ent.ttl <= 0:
                        self._delete(ent)
                        continue
                if abs(x) > 2600 or abs(y) > 2600:  # left the view
                    self._delete(ent)
                    continue
                if rng.random() < 0.85 or ent.kind == "bullet":
                    self._set(ent, "Position.x", x)
                    self._set(ent, "Position.y", y)
                if ent.kind == "shape":
                    self._set(ent, "Position.angle", f["Position.angle"] + ent.spin)
                    if rng.random() < 0.01:
                        health = f["Health.health"] - rng.uniform(1, 12)
                        if health <= 0:
                            self._delete(ent)
                            continue
                        self._set(ent, "Health.health", health)
                        self._set(ent, "Health.flags", 1 if health < f["Health.maxHealth"] else 0)
                elif ent.kind == "tank":
                    self._set(ent, "Position.angle", rng.uniform(-math.pi, math.pi))
                    if rng.random() < 0.05:
                        ent.vx, ent.vy = rng.uniform(-4, 4), rng.uniform(-4, 4)
                    if rng.random() < 0.05:
                        self._set(ent, "Score.score", f["Score.score"] + rng.choice([10, 25, 130]))
                    for barrel in ent.children:
                        if barrel.id in self.entities and barrel not in self._created:
                            self._set(barrel, "Position.angle", f["Position.angle"])
                    if rng.random() < 0.25:
                        self._bullet(ent)
        # the camera follows the player
        cam, player = self.camera, self.player
        if player is not None and self.entities.get(player.id) is player:
            self._set(cam, "Camera.cameraX", player.fields["Position.x"])
            self._set(cam, "Camera.cameraY", player.fields["Position.y"])
            if rng.random() < 0.03:
                level = cam.fields["Camera.level"] + 1
                self._set(cam, "Camera.level", level)
                self._set(cam, "Camera.levelbarProgress", rng.uniform(0, 1))
                self._set(cam, "Camera.statsAvailable", cam.fields["Camera.statsAvailable"] + 1)
            if rng.random() < 0.02:
                stat = rng.randrange(8)
                self._set_element(cam, "Camera.statLevels", stat,
                                  min(7, cam.fields["Camera.statLevels"][stat] + 1))
        # the leaderboard
        arena = self.arena
        if self.tick % 10 == 0:
            self._set(arena, "Arena.leaderX", rng.uniform(-5000, 5000))
            self._set(arena, "Arena.leaderY", rng.uniform(-5000, 5000))
        if self.tick % 25 == 0:
            for i in sorted(rng.sample(range(10), rng.randrange(1, 4))):
                self._set_element(arena, "Arena.scoreboardScores", i, rng.uniform(100, 60000))
            if rng.random() < 0.5:
                i = rng.randrange(10)
                self._set_element(arena, "Arena.scoreboardNames", i, rng.choice(NAMES))
                self._set_element(arena, "Arena.scoreboardTanks", i, rng.randrange(53))
        # population
        missing = self.target_shapes - len(shapes)
        for _ in range(min(missing, 40 if self.tick < 3 else 4)):
            if rng.random() < 0.8:
                self._shape()
        if len(tanks) < self.target_tanks and rng.random() < 0.1:
            self._tank(rng.choice(NAMES), own=False)
        if rng.random() < 0.01 and len(tanks) > 2:
            victim = rng.choice([t for t in tanks if t is not self.player])
            if self.entities.get(victim.id) is victim:
                self._delete(victim)

    # -- packets ---------------------------------------------------------------------------------
    def _update_packet(self) -> bytes:
        """This tick's 0x00 update, from its fields as ``wirestruct decode`` prints them,
        written by the encoder (``update_packet``)."""
        updates = [(self.entities[eid], ch) for eid, ch in self._changes.items() if ch]
        upcreates: list[dict[str, Any]] = []
        by_key = self.by_key
        for ent, changes in updates:  # updates first, then creations, as DiepCustom does
            entries = []
            for key in sorted(changes, key=lambda k: by_key[k].update_index):
                field = by_key[key]
                value = changes[key]
                if field.length:
                    value = {"elements": [{"index": i, "value": _wire(field.update_type, value[i])}
                                          for i in sorted(value)]}
                else:
                    value = _wire(field.update_type, value)
                entries.append({"index": field.update_index, "value": value})
            upcreates.append({"entity": ent.ref, "kind": "update", "body": {"fields": entries}})
        flags = self._flags
        for ent in self._created:
            body: dict[str, Any] = {flags[gid]: True for gid in range(32)
                                    if ent.mask >> gid & 1}
            for field in self.build.fields_of(ent.mask):
                value = ent.fields[field.key]
                body[field.attr] = ([_wire(field.type, item) for item in value] if field.length
                                    else _wire(field.type, value))
            upcreates.append({"entity": ent.ref, "kind": "creation", "body": body})
        deleted = self._deleted
        fields = {"packet_id": "update", "body": {
            "tick": self.tick, "num_deletions": len(deleted), "deletions": deleted,
            "num_upcreates": len(upcreates), "upcreates": upcreates}}
        self.upcreates += len(upcreates)
        self._deleted, self._created, self._changes = [], [], {}
        return update_packet(fields, self.build)

    def _record(self, direction: Direction, data: bytes, dt: float = 0.0) -> CaptureRecord:
        rec = CaptureRecord(self.index, round(self.t0 + self.tick * 0.04 + dt, 6), direction, data)
        self.index += 1
        return rec

    def _s2c(self, data: bytes, dt: float = 0.0, maybe_compress: bool = True) -> CaptureRecord:
        if maybe_compress and (len(data) >= COMPRESS_OVER
                               or self.rng.random() < self.compress_share):
            data = compress(data)
        return self._record(Direction.S2C, data, dt)

    def _input(self) -> bytes:
        rng = self.rng
        flags = 0
        for bit, p in ((0, 0.4), (1, 0.2), (2, 0.2), (3, 0.2), (4, 0.2), (7, 0.05), (11, 0.01)):
            if rng.random() < p:
                flags |= 1 << bit
        joystick = rng.random() < 0.1
        if joystick:
            flags |= 1 << 9
        body: dict[str, Any] = {"flags": {"bits": {"value": flags}},
                                "mouse_x": f32(rng.uniform(-3000, 3000)),
                                "mouse_y": f32(rng.uniform(-3000, 3000))}
        if joystick:
            body["axis_x"] = f32(rng.uniform(-1, 1))
            body["axis_y"] = f32(rng.uniform(-1, 1))
        return c2s_packet("input", **body)

    def __iter__(self) -> Iterator[CaptureRecord]:
        rng = self.rng
        self.expected = None
        c2s, s2c = Direction.C2S, self._s2c
        # handshake (README section 2: accept order 04, 0a, 07; the first 00 a tick later)
        yield self._record(c2s, c2s_packet(
            "init", build="c94fc18cf6171f8d502f5c979488e143f1e5f74f", dev_password="",
            party_code="", player_token=""))
        code = "return function(r){r(" + str(rng.randrange(1 << 31)) + ")};" + "/*pad*/" * 400
        yield s2c(s2c_packet("int_js_challenge", id=3, code=code), 0.001)
        yield self._record(c2s, c2s_packet("js_result", id=3, result=rng.randrange(1 << 32)),
                           0.002)
        yield s2c(s2c_packet("pow_challenge", difficulty=20, prefix="5X6qqhhfkp4v5zf2"),
                  0.003, False)
        yield self._record(c2s, c2s_packet("pow_answer", answer="1f8a3c"), 0.004)
        yield s2c(s2c_packet("server_info", gamemode="ffa", server_uuid_or_host=""),
                  0.005, False)
        yield s2c(s2c_packet("player_count", num_clients=rng.randrange(1, 300)), 0.005, False)
        yield s2c(s2c_packet("accept", access_level=2), 0.005, False)
        yield s2c(s2c_packet("party_code", code=bytes(rng.randrange(256) for _ in range(5))),
                  0.006, False)
        yield s2c(s2c_packet("achievement", num_hashes=2,
                             hashes=["9898db9ff6d3c1b3_1", "300ddd6f1fb3d69d_1"]), 0.006, False)
        self.arena = self._arena()
        self.player: Ent | None = None
        self.camera = self._camera(None)
        for tick in range(1, self.ticks + 1):
            self.tick = tick
            if tick > 1:
                self._step()
            if tick == 2:
                yield self._record(c2s, c2s_packet("spawn", name="Alice"), 0.01)
            if tick == 4:  # the player spawns: its camera is deleted and created again
                self.player = self._tank("Alice", own=True)
                self._delete(self.camera)
                self.camera = self._camera(self.player)
                yield s2c(s2c_packet("notification", message="You spawned", rgb=0x218243,
                                     duration=4000.0, identifier=""), 0.02, False)
            if tick % 7 == 3:
                yield self._record(c2s, self._input(), 0.01)
            if tick % 25 == 5:
                yield self._record(c2s, c2s_packet("heartbeat"), 0.015)
                yield s2c(s2c_packet("heartbeat"), 0.03, False)
            if tick % 60 == 30:
                yield self._record(c2s, c2s_packet("stat_upgrade",
                                                   stat_index_xored=rng.randrange(8),
                                                   stat_max=-1), 0.012)
            if tick % 90 == 45:
                yield self._record(c2s, c2s_packet("tank_upgrade", tank_id_xored=rng.randrange(54)),
                                   0.012)
            if tick % 100 == 50:
                yield s2c(s2c_packet("player_count", num_clients=rng.randrange(1, 300)),
                          0.02, False)
            yield s2c(self._update_packet())
        self.expected = self.snapshot()

    def snapshot(self) -> dict[str, Any]:
        """The entity table as the tracker's snapshot shows it."""
        names = self.build.group_names
        return {"tick": self.tick, "entities": [
            {"id": e.id, "hash": e.hash, "groups": names(e.mask),
             "fields": {k: (list(v) if isinstance(v, list) else v) for k, v in e.fields.items()}}
            for _, e in sorted(self.entities.items())]}


def generate(seed: int = 1, **options: Any) -> SessionGenerator:
    """A session: iterate it for CaptureRecord objects; afterwards ``.expected`` holds the
    final entity table and ``.upcreates`` the number of upcreates written."""
    return SessionGenerator(seed, **options)


def write_jsonl(records, out) -> int:
    n = 0
    for rec in records:
        line = {"t": rec.t, "dir": rec.direction.label, "data": rec.data.hex()}
        out.write(json.dumps(line) + "\n")
        n += 1
    return n


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wirestruct.protocols.diep.generate",
                                     description="Write a seeded diep.io session as JSON Lines.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ticks", type=int, default=300)
    parser.add_argument("--shapes", type=int, default=160, help="shapes kept in view")
    parser.add_argument("--diep-build", default=None,
                        help="field table (default: the bundled build)")
    parser.add_argument("--out", required=True, help="JSON Lines file to write ('-' for stdout)")
    parser.add_argument("--expected", help="also write the expected final entity table (JSON)")
    args = parser.parse_args(argv)
    session = generate(args.seed, ticks=args.ticks, shapes=args.shapes, build=args.diep_build)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    try:
        n = write_jsonl(session, out)
    finally:
        if out is not sys.stdout:
            out.close()
    expected = session.expected
    assert expected is not None, "write_jsonl ran the whole session"
    if args.expected:
        with open(args.expected, "w", encoding="utf-8") as f:
            json.dump(expected, f, indent=1, ensure_ascii=False)
    print(f"{n} records, {session.upcreates} upcreates, {len(expected['entities'])} "
          f"entities at tick {session.tick}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
