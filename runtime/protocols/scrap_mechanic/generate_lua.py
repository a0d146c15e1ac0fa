"""Random Lua values for generated sessions, in the readable Lua form (:mod:`.lua_json`):
every LuaSaveDataType and documented userdata, tables as arrays, objects and tagged
tables nested a few levels, integers in their own and in wider types, undocumented values
(Json, userdata without a layout) that keep the rest of the object as bytes. Written to
bytes by the encoder (``lua_fields`` and the read-write classes of ``sm_lua_object``)."""
from __future__ import annotations

import random
import struct
import uuid
from typing import Any

from wirestruct.encode.fields import encode_fields
from wirestruct.protocols.scrap_mechanic.lua_json import TAG, lua_fields
from wirestruct.protocols.scrap_mechanic.packet_bodies import spec_info

_WORDS = ("seed", "tiles", "cells", "name", "x", "score", "Grüße", "世界", "flag", "level")
_ID_TYPES = ("shape", "body", "interactable", "container", "harvestable", "world", "unit",
             "player", "character", "joint", "portal", "path_node", "lift",
             "scriptable_object", "tool")


def f32(value: float) -> float:
    """``value`` as the 32-bit float a Lua Number holds."""
    return struct.unpack(">f", struct.pack(">f", value))[0]


class LuaValues:
    """Random Lua values from one generator (``rng``)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.cuts = 0

    def scalar(self) -> Any:
        rng = self.rng
        kind = rng.randrange(12)
        if kind == 0:
            return None
        if kind == 1:
            return rng.random() < 0.5
        if kind == 2:
            return f32(rng.uniform(-1e4, 1e4))
        if kind == 3:
            tail = "".join(rng.choice("ab€😀 ") for _ in range(rng.randrange(8)))
            return rng.choice(_WORDS) + tail
        if kind == 4:
            return rng.choice([0, -1, 127, -128, 300, -32768, 70000, -(1 << 31), (1 << 31) - 1])
        if kind == 5:
            wide = rng.choice(["int16", "int32"])
            return {TAG: wide, "value": rng.randrange(-100, 100)}
        if kind == 6:
            return {TAG: "uuid", "value": str(uuid.UUID(int=rng.getrandbits(128)))}
        if kind == 7:
            return {TAG: "vec3", "x": f32(rng.uniform(-50, 50)), "y": f32(rng.uniform(-50, 50)),
                    "z": f32(rng.uniform(0, 20))}
        if kind == 8:
            return self._quat_or_color()
        if kind == 9:
            return {TAG: rng.choice(_ID_TYPES), "id": rng.getrandbits(32)}
        if kind == 10:
            return {TAG: "weak_script_ref", "ref_id": rng.getrandbits(16),
                    "unknown": rng.random() < 0.7}
        negative = rng.random() < 0.5
        return {TAG: "number", "value": "-Infinity" if negative else "Infinity",
                "bits": 0xFF800000 if negative else 0x7F800000}

    def _quat_or_color(self) -> dict[str, Any]:
        rng = self.rng
        if rng.random() < 0.5:
            return {TAG: "quat", **{c: f32(rng.uniform(-1, 1)) for c in "xyzw"}}
        return {TAG: "color", **{c: f32(rng.random()) for c in "rgba"}}

    def value(self, depth: int = 0) -> Any:
        rng = self.rng
        if depth >= 3 or rng.random() < 0.4:
            return self.scalar()
        kind = rng.randrange(4)
        n = rng.randrange(5)
        if kind == 0:
            return [self.value(depth + 1) for _ in range(n)]
        if kind == 1:
            return {f"{rng.choice(_WORDS)}{i}": self.value(depth + 1) for i in range(n)}
        if kind == 2:
            pairs = [[self.scalar(), self.value(depth + 1)] for _ in range(n)]
            keys = [k for k, _ in pairs]
            if all(isinstance(k, str) for k in keys) and len(set(keys)) == len(keys) \
                    and TAG not in keys:
                return dict(pairs)                 # string keys: a plain object
            return {TAG: "table", "pairs": pairs}
        return {TAG: "array", "offset": rng.choice([0, 2]),
                "elements": [self.value(depth + 1) for _ in range(n)]}

    def cut(self) -> Any:
        """A value the page does not document: it keeps the rest of the object as bytes."""
        rng = self.rng
        rest = bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 12)))
        self.cuts += 1
        if self.cuts % 2:                               # Json and userdata in turn
            return {TAG: "json", "rest": {"hex": rest.hex()}}
        return {TAG: "userdata", "type_id": rng.choice(["load_cell_handle", "voxel_terrain",
                                                        "widget"]), "rest": {"hex": rest.hex()}}

    def obj(self, cut: bool = False, version: int = 1) -> Any:
        """A whole Lua object's readable value (a table ending in an undocumented value
        when ``cut``; wrapped in the ``object`` tag for another version)."""
        value = self.value()
        if cut:
            value = {TAG: "array", "offset": 1, "count": 3,
                     "elements": [self.scalar(), self.cut()]}
        if version != 1:
            return {TAG: "object", "version": version, "value": value}
        return value


def lua_bytes(value: Any) -> bytes:
    """A Lua object's bytes from its readable value."""
    return encode_fields(spec_info("sm_lua_object"), lua_fields(value))
