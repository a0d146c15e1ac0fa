"""Seeded Multiplayer Map Editor sessions, and a loopback server/client that plays them.

Used to make the committed captures under ``tests/data/mme/``, the bundled sample
``samples/mme.jsonl`` and the benchmark inputs. A session is a list of *turns*: one side
sends a run of packets, the other reads all of it before the next turn starts, so the
order of the two directions is the same in every capture of it.

    python -m wirestruct.protocols.mme.generate capture --seed 7 --out tests/data/mme
        run the session over 127.0.0.1 TCP, captured at once by tcpdump (pcap) and
        dumpcap (pcapng); the client/server log every write to session.jsonl
    python -m wirestruct.protocols.mme.generate jsonl --seed 7 --out samples/mme.jsonl
        write the session as JSON Lines without sockets (writes split the same way)

The loopback run binds 127.0.0.1 only, uses socket timeouts and stops by itself.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypedDict

import numpy as np
from wirestruct.encode.building import type_info
from wirestruct.protocols.mme.auth import authenticate_token, password_response
from wirestruct.protocols.mme.encoder import (
    compress_blocks,
    encode_packet,
    map_data_fields,
    payload_packet,
    region_fields,
)
from wirestruct.protocols.mme.packets import PacketType as P

C2S, S2C = "c2s", "s2c"
Turn = tuple[str, list[bytes]]


class WriteRecord(TypedDict):
    """One write of a session as a JSON Lines record."""

    t: float
    dir: str
    data: str


#: The salt the session's "login server" shares with the game server.
SERVER_SALT = bytes(range(100, 120))


# -- packet builders: payload fields, written by the MME encoder from the specs ---------
_CASES = type_info("mme", "mme_packet").seq[2]["type"]["cases"]


def packet(packet_type: int, payload: dict[str, Any] | None = None,
           len_payload: int | None = None) -> bytes:
    """A packet from its payload fields (``mme_packet``'s payload type for the type); the
    payload's trailing ``ignored`` bytes are empty."""
    fields = dict(payload or {})
    if "ignored" in {attr["id"] for attr in type_info("mme", _CASES[int(packet_type)]).seq}:
        fields.setdefault("ignored", b"")
    return payload_packet(P(packet_type).name, fields, len_payload)


def type_bits(types: Iterable[int]) -> dict[str, Any]:
    """A packet type set: one bit per type, whole bytes up to the highest type."""
    wanted = set(types)
    bitmap = bytearray(max(wanted) // 8 + 1)
    for t in wanted:
        bitmap[t // 8] |= 1 << (t % 8)
    return {"bitmap": bytes(bitmap)}


def region(lower: Sequence[int], upper: Sequence[int]) -> dict[str, Any]:
    return region_fields(lower, upper)


def credentials(name: str, player_id: int, when: int, salt: bytes = SERVER_SALT) -> dict[str, Any]:
    return {"name": name, "player_id": player_id, "time": when,
            "token": authenticate_token(salt, name, player_id, when)}


def move(x, y, z, u, v, player_id: int | None = None) -> bytes:
    fields = {"x": x, "y": y, "z": z, "u": u, "v": v}
    if player_id is not None:
        fields["player_id"] = player_id
    return packet(P.move_player, fields)


def chat(player_id: int, text: str) -> bytes:
    return packet(P.chat_message, {"player_id": player_id, "message": text})


def widget_flags(bits: int) -> dict[str, Any]:
    return {"active": bool(bits & 1), "live": bool(bits & 2), "disable": bool(bits & 4),
            "offset": bool(bits & 8), "reserved": 0}


def widget(packet_type: int, index: int, column: int, line: int, text: str = "",
           **fields: Any) -> bytes:
    if "flags" in fields:
        fields["flags"] = widget_flags(fields["flags"])
    return packet(packet_type, {"index": index, "column": column, "line": line, **fields,
                                "text": text})


def texture(texture_id: int, sha1: bytes, width: float, height: float, alpha: float,
            min_filter: str, mag_filter: str) -> bytes:
    return packet(P.texture_setup, {
        "texture_id": texture_id, "sha1": sha1, "width": width, "height": height,
        "alpha": alpha, "flags": {"min_filter": min_filter, "mag_filter": mag_filter,
                                  "reserved": 0}})


def block(block_id: int, textures: Sequence[int], description: str, *, visible: bool = False,
          impassable: bool = False, draw_reverse: bool = False, light: str = "none",
          draw_between: bool = False) -> bytes:
    sides = ("top", "bottom", "front", "back", "left", "right")
    return packet(P.block_setup, {
        "block_id": block_id, **{f"texture_{side}": t for side, t in zip(sides, textures)},
        "flags": {"visible": visible, "impassable": impassable, "draw_reverse": draw_reverse,
                  "light": light, "draw_between": draw_between, "reserved": 0},
        "description": description})


def compress(data: bytes, level: int = 6) -> bytes:
    return compress_blocks(data, level=level)


def map_setup(sx: int, sy: int, sz: int, sea: int) -> bytes:
    return packet(P.map_setup, {"size_x": sx, "size_y": sy, "size_z": sz, "sea_level": sea})


def map_properties(block_size: float) -> bytes:
    return packet(P.map_properties, {"attributes": {"removed_features": 0, "reserved": 0},
                                     "block_size": block_size})


def map_modify(x: int, y: int, z: int, block_type: int, player_id: int | None = None) -> bytes:
    fields = {"x": x, "y": y, "z": z, "block_type": block_type}
    if player_id is not None:
        fields["player_id"] = player_id
    return packet(P.map_modify, fields)


def menu_response(name: int, value: int, flags: int, data: bytes = b"") -> bytes:
    return packet(P.menu_response, {"menu_number": 3, "name": name, "value": value,
                                    "flags": widget_flags(flags), "data": data})


def ping_data(number: int, dtype: str) -> bytes:
    """Ping data is opaque to the protocol: the session puts a number in it."""
    return np.array([number], dtype=dtype).tobytes()


# -- maps ------------------------------------------------------------------------------
AIR, STONE, GRASS, WATER, SAND, GLASS = 255, 1, 2, 3, 4, 5


def terrain(size_x: int, size_y: int, size_z: int, sea_level: int, rng: np.random.Generator,
            ) -> np.ndarray:
    """A (z, y, x) block array: rolling hills of stone and grass, water up to sea level."""
    xs = np.arange(size_x)[None, :]
    ys = np.arange(size_y)[:, None]
    phase = rng.uniform(0, 6.28, size=4)
    height = (sea_level + 3 * np.sin(xs / 7.0 + phase[0]) + 3 * np.cos(ys / 9.0 + phase[1])
              + 2 * np.sin((xs + ys) / 5.0 + phase[2])).astype(np.int32)
    z = np.arange(size_z)[:, None, None]
    blocks = np.full((size_z, size_y, size_x), AIR, dtype=np.uint8)
    blocks[z < height[None] - 1] = STONE
    blocks[z == height[None] - 1] = GRASS
    blocks[(z >= height[None]) & (z < sea_level)] = WATER
    return blocks


def map_data(blocks: np.ndarray, lower: Sequence[int]) -> bytes:
    """MAP_DATA for a (z, y, x) block array placed at ``lower`` (x, y, z)."""
    dz, dy, dx = blocks.shape
    upper = (lower[0] + dx - 1, lower[1] + dy - 1, lower[2] + dz - 1)
    return encode_packet(map_data_fields(lower, upper, blocks.tobytes()))


# -- the session -----------------------------------------------------------------------
CLIENT_OFFERS = [P.available_packet_types, P.select_packet_types, P.ping_request,
                 P.ping_response, P.idle_ping, P.authenticate, P.disconnect, P.chat_message,
                 P.move_player, P.map_modify, P.file_request, P.menu_request,
                 P.menu_response, P.menu_resize, P.client_version, P.portal_cookie,
                 P.projectile_create, P.projectile_collision]
#: What the client reads: everything a server sends but RANDOM_GARBAGE, so a server
#: that sends it anyway is flagged.
CLIENT_SELECTS = [t for t in range(50) if t != P.random_garbage
                  and t not in (P.authenticate, P.menu_request, P.menu_response,
                                P.menu_resize, P.file_request, P.client_version)]
SERVER_SELECTS = [t for t in CLIENT_OFFERS if t != P.idle_ping]


def session_turns(seed: int, dims: tuple[int, int, int] = (64, 64, 32),
                  chatty_rounds: int = 40) -> list[Turn]:
    """A seeded, varied session: negotiation, login, assets, two map loads, players, chat,
    a menu with a salted password, edits, pings and a disconnect."""
    session = _Session(seed, dims)
    when = session.negotiate()
    session.assets()
    session.first_map()
    session.players()
    session.second_map()
    for round_no in range(chatty_rounds):
        session.chatty_round(round_no, chatty_rounds)
    session.menu(when)
    return session.turns


class _Session:
    """The turns of one seeded session, made phase by phase (the random draws in the same
    order as one pass would make them)."""

    NAMES = ["Alice", "Bob", "Carol", "Dmitri"]

    def __init__(self, seed: int, dims: tuple[int, int, int]) -> None:
        self.rng = random.Random(seed)
        self.nrng = np.random.default_rng(seed)
        self.sx, self.sy, self.sz = dims
        self.sea = self.sz // 2
        self.turns: list[Turn] = []
        self.sha: list[bytes] = []
        self.players_at: dict[int, list[float]] = {}
        self.me: list[float] = []

    def turn(self, direction: str, *packets: bytes) -> None:
        self.turns.append((direction, [p for p in packets if p]))

    def negotiate(self) -> int:
        """Packet types offered and selected, the login; returns the login's time."""
        rng, turn = self.rng, self.turn
        turn(C2S, packet(P.available_packet_types, type_bits(CLIENT_OFFERS)))
        turn(S2C, packet(P.available_packet_types, type_bits(list(range(50)))))
        turn(C2S, packet(P.select_packet_types, type_bits(CLIENT_SELECTS)))
        turn(S2C, packet(P.select_packet_types, type_bits(SERVER_SELECTS)))
        when = 1_700_000_000 + rng.randrange(10**6)
        turn(C2S, packet(P.authenticate, {"credentials": credentials("Builder", 4242, when)}),
             packet(P.client_version, {"format": 0, "version": {"svn_revision": 1234}}))
        return when

    def assets(self) -> None:
        rng = self.rng
        sha = self.sha = [bytes(rng.randrange(256) for _ in range(20)) for _ in range(4)]
        self.turn(S2C, *[
            packet(P.server_name, {"name": "wirestruct test server"}),
            packet(P.portal_cookie, {"cookie": bytes(rng.randrange(256) for _ in range(20))}),
            packet(P.player_abilities, {
                "permissions": {"allow_flying": True, "allow_fast_flying": True,
                                "allow_noclip": False, "reserved": 0},
                "box_volume_limit": 4096, "box_dimension_limit": 64,
                "box_dimension_limit_2": 32, "box_dimension_limit_3": 16,
                "copy_volume_limit": 100000, "copy_dimension_limit_1": 50,
                "copy_dimension_limit_2": 50, "copy_dimension_limit_3": 50,
                "max_chat_length": 120}),
            texture(1, sha[0], 1.0, 1.0, 0.0, "mipmap", "linear"),
            texture(2, sha[1], -2.0, -2.0, 0.5, "mipmap", "nearest"),
            texture(3, sha[2], 1.0, 1.0, 1.0, "linear", "linear"),
            packet(P.texture_setup, {"texture_id": 9, "sha1": sha[3]}),
            packet(P.texture_setup, {"texture_id": 9}),
            block(STONE, (1, 1, 1, 1, 1, 1), "Stone", visible=True, impassable=True),
            block(GRASS, (2, 1, 2, 2, 2, 2), "Grass", visible=True, impassable=True),
            block(WATER, (3, 3, 3, 3, 3, 3), "Water", visible=True, draw_reverse=True),
            block(GLASS, (3, 3, 3, 3, 3, 3), "Lamp", visible=True, impassable=True,
                  draw_reverse=True, light="weak", draw_between=True),
            block(AIR, (0, 0, 0, 0, 0, 0), "Air"),
            packet(P.group_setup, {"group_id": 1, "block_ids": bytes([STONE, GRASS]),
                                   "name": "Ground"}),
            packet(P.group_setup, {"group_id": 2, "block_ids": bytes([WATER, GLASS]),
                                   "name": "Other"}),
            packet(P.group_setup, {"group_id": 3, "block_ids": bytes([STONE]), "name": "Gone"}),
            packet(P.group_setup, {"group_id": 3}),
            packet(P.sky_box, {"texture_ids": [1, 1, 2, 1, 1, 3],
                               "flags": {"on_map_edges": True, "reserved": 0}}),
        ])

    def first_map(self) -> None:
        """The whole-map stream, two zlib streams end to end, split into pieces; then a
        file through the append buffer."""
        rng, nrng, sx, sy, sz, sea = self.rng, self.nrng, self.sx, self.sy, self.sz, self.sea
        raw = terrain(sx, sy, sz, sea, nrng).tobytes()
        half = len(raw) // 2
        stream = compress(raw[:half]) + compress(raw[half:], 9)
        pieces = _split(stream, rng, 600, 3000)
        self.turn(S2C, packet(P.map_loading, {"progress": 0, "message": "Receiving map data..."}),
                  map_setup(sx, sy, sz, sea),
                  map_properties(0.5),
                  packet(P.map_total_reset),
                  *[packet(P.map_total_data, {"data": piece}) for piece in pieces],
                  packet(P.map_loading),
                  map_data(np.full((4, 6, 8), GLASS, dtype=np.uint8), (sx // 2, sy // 2, sea)))
        self.turn(C2S, packet(P.file_request, {"sha1": self.sha[0]}))
        image = bytes(nrng.integers(0, 256, 1500, dtype=np.uint8))
        self.turn(S2C, packet(P.buffer_reset), packet(P.buffer_append, {"data": image[:700]}),
                  packet(P.buffer_append, {"data": image[700:]}), packet(P.buffer_is_file_data))

    def players(self) -> None:
        self.turn(S2C, *[packet(P.announce_player, {"player_id": i + 2, "color": i + 2, "name": n},
                                len_payload=26)           # the name in its 24-byte field
                         for i, n in enumerate(self.NAMES)],
                  move(self.sx / 2, self.sy / 2, self.sea + 2, 0.0, 0.0),
                  chat(0, "\x1b\x09Welcome to \x1b\x0ethe test server\x1b\x09!"))

    def second_map(self) -> None:
        """The append buffer (a zlib stream and a gzip member), loaded with
        BUFFER_IS_MAP_DATA while the loading screen shows progress."""
        rng, sx, sy, sz, sea = self.rng, self.sx, self.sy, self.sz, self.sea
        second = terrain(sx, sy, sz, sea, self.nrng)
        second[sea:sea + 4, 10:20, 10:20] = GLASS
        raw = second.tobytes()
        third = len(raw) // 3
        buffered = compress(raw[:third]) + compress_blocks(raw[third:], level=9, use_gzip=True)
        chunks = _split(buffered, rng, 800, 4000)
        loading = [packet(P.buffer_reset)]
        for i, chunk in enumerate(chunks):
            loading.append(packet(P.buffer_append, {"data": chunk}))
            loading.append(packet(P.map_loading,
                                  {"progress": min(255, 255 * (i + 1) // len(chunks))}))
        loading += [map_setup(sx, sy, sz, sea),
                    map_properties(1.0),
                    packet(P.buffer_is_map_data,
                           {"region": region((0, 0, 0), (sx - 1, sy - 1, sz - 1))}),
                    packet(P.map_loading)]
        self.turn(S2C, *loading)
        self.players_at = {i + 2: [rng.uniform(0, sx), rng.uniform(0, sy), sea + 1.0]
                           for i in range(4)}
        self.me = [sx / 2, sy / 2, sea + 2.0]

    def chatty_round(self, round_no: int, rounds: int) -> None:
        edit = self._client_round(round_no)
        self._server_round(round_no, rounds, edit)

    def _client_round(self, round_no: int) -> tuple[int, int, int, int]:
        rng = self.rng
        c2s = []
        for _ in range(rng.randrange(1, 5)):
            self.me = [c + rng.uniform(-1, 1) for c in self.me]
            x, y, z = self.me
            c2s.append(move(x, y, z, rng.uniform(-3, 3), rng.uniform(-1, 1)))
        edit = (rng.randrange(self.sx), rng.randrange(self.sy), rng.randrange(self.sz),
                rng.choice([1, 2, 5]))
        if rng.random() < 0.5:
            c2s.append(map_modify(*edit))
        if rng.random() < 0.3:
            c2s.append(chat(0, rng.choice(["hi", "nice map", "brb", "where is the lamp?"])))
        if rng.random() < 0.2:
            c2s.append(packet(P.ping_request, {"data": ping_data(round_no, "<I")}))
        if rng.random() < 0.15:
            c2s.append(packet(P.projectile_create, {
                "projectile_type": rng.randrange(2), **dict(zip("xyz", self.me)), "u": 0.1,
                "v": 0.2}))
            c2s.append(packet(P.projectile_collision, {
                "projectile_type": 0, **dict(zip("xyz", self.me)), "collision_type": 0,
                "thing_id": STONE}))
        self.turn(C2S, *c2s)
        return edit

    def _server_round(self, round_no: int, rounds: int, edit: tuple[int, int, int, int]) -> None:
        rng, players, sx, sy, sz = self.rng, self.players_at, self.sx, self.sy, self.sz
        s2c = []
        for pid, pos in players.items():
            if rng.random() < 0.6:
                pos[:] = [c + rng.uniform(-1, 1) for c in pos]
                x, y, z = pos
                s2c.append(move(x, y, z, rng.uniform(-3, 3), rng.uniform(-1, 1), pid))
        s2c.append(map_modify(*edit, rng.choice([0, 2, 3])))
        if rng.random() < 0.3:
            s2c.append(map_modify(rng.randrange(sx), rng.randrange(sy), rng.randrange(sz), 4))
        if rng.random() < 0.3:
            speaker = rng.choice(list(players))
            color = rng.randrange(1, 17)
            s2c.append(chat(speaker, f"{self.NAMES[speaker - 2]}: \x1b{chr(color)}"
                                     f"{rng.choice(['hello', 'look here', 'building a tower'])}"))
        if rng.random() < 0.15:
            lo = (rng.randrange(sx - 8), rng.randrange(sy - 8), rng.randrange(sz - 8))
            hi = tuple(c + rng.randrange(1, 8) for c in lo)
            fill = {"region": region(lo, hi), "block_type": rng.choice([1, 4, 5])}
            if rng.random() < 0.5:
                fill["player_id"] = rng.choice(list(players))
            s2c.append(packet(P.map_fill, fill))
        if rng.random() < 0.1:
            chunk = np.zeros((8, 8, 8), dtype=np.uint8)
            chunk[self.nrng.random((8, 8, 8)) < 0.3] = SAND
            lo = (rng.randrange(sx - 8), rng.randrange(sy - 8), rng.randrange(sz - 8))
            s2c.append(map_data(chunk, lo))
        if round_no == rounds // 2:
            s2c += [packet(P.denounce_player, {"player_id": 3}),
                    packet(P.announce_player, {"player_id": 3}),
                    packet(P.denounce_player, {"player_id": 5}),
                    packet(P.player_skin, {"model_id": 1, "texture_id": 2}),
                    packet(P.player_skin, {"model_id": 2, "texture_id": 3}),
                    packet(P.player_skin, {"model_id": 2}),
                    packet(P.idle_ping),
                    packet(P.random_garbage, {"data": bytes(range(16)) + b"private"})]
        if rng.random() < 0.2:
            s2c.append(packet(P.ping_request, {"data": ping_data(round_no, "<f8")}))
        self.turn(S2C, *s2c)

    def menu(self, when: int) -> None:
        """The server menu, with a salted password, then a redirect and a disconnect."""
        rng, turn = self.rng, self.turn
        stored_salt, fresh_salt = bytes([7] * 20), bytes(rng.randrange(256) for _ in range(20))
        turn(C2S, packet(P.menu_request, {"columns": 82, "lines": 25}))
        turn(S2C, *self._menu_widgets(stored_salt, fresh_salt))
        client_salt = bytes(rng.randrange(256) for _ in range(20))
        turn(C2S, menu_response(11, 1, 0b01),
             menu_response(12, 2, 0b01),
             menu_response(13, 1, 0, b"Builder2"),
             menu_response(14, 1, 0, password_response("hunter2", [stored_salt, fresh_salt],
                                                       client_salt)),
             menu_response(15, 1, 0),
             packet(P.menu_resize, {"columns": 100, "lines": 30, "menu_number": 3}))
        turn(S2C, chat(0, "\x1b\x05Settings saved."), packet(P.ping_response, {"data": b"pong"}),
             packet(P.connect, {"credentials": credentials("Builder", 4242, when + 60),
                                "address": "127.0.0.1:20001"}))
        turn(C2S, packet(P.disconnect, {"reason_code": 7, "reconnect_delay": 0,
                                        "reason": "Player quit"}))

    @staticmethod
    def _menu_widgets(stored_salt: bytes, fresh_salt: bytes) -> list[bytes]:
        return [
            packet(P.menu_reset, {"menu_number": 3, "width": 40, "height": 12,
                                  "flags": {"close_button": True, "title_bar": True,
                                            "reserved": 0}}),
            widget(P.menu_text, 1, 2, 1, text="\x1b\x0eServer menu"),
            widget(P.menu_link, 2, 2, 3, name=10, value=1, flags=0, text="Rules"),
            widget(P.menu_check, 3, 4, 4, name=11, value=1, flags=0b01, text="Show names"),
            widget(P.menu_radio, 4, 4, 5, name=12, value=1, flags=0b01, text="Day"),
            widget(P.menu_radio, 5, 4, 6, name=12, value=2, flags=0b00, text="Night"),
            widget(P.menu_input, 6, 2, 7, name=13, value=1, width=20, max_length=24,
                   flags=0b01, text="Builder"),
            packet(P.menu_salted_password, {"index": 7, "column": 2, "line": 8, "name": 14,
                                            "value": 1, "width": 20, "flags": widget_flags(0),
                                            "salt_1": stored_salt, "salt_2": fresh_salt}),
            widget(P.menu_button, 8, 2, 10, name=15, value=1, width=0, flags=0, text="OK"),
            widget(P.menu_button, 11, 12, 10, name=15, value=2, width=0, flags=0b100,
                   text="Cancel"),
            packet(P.menu_texture, {"index": 9, "column": 30, "line": 1, "width": 8,
                                    "height": 4, "texture_id": 2, "x1": 0, "y1": 0, "x2": 128,
                                    "y2": 0}),
            widget(P.menu_text, 10, 2, 11, text="temporary"),
            packet(P.menu_erase, {"index": 10}),
        ]


def _split(data: bytes, rng: random.Random, low: int, high: int) -> list[bytes]:
    out, pos = [], 0
    while pos < len(data):
        n = rng.randrange(low, high)
        out.append(data[pos:pos + n])
        pos += n
    return out


def write_sizes(data: bytes, rng: random.Random) -> list[bytes]:
    """Split a turn's bytes into random write sizes (1 byte to ~1.5 KB, mostly small), so
    packets straddle writes and several packets share one."""
    out, pos = [], 0
    while pos < len(data):
        n = max(1, int(rng.lognormvariate(4.0, 1.2)))
        out.append(data[pos:pos + min(n, 1500)])
        pos += len(out[-1])
    return out


def session_records(turns: list[Turn], seed: int, t0: float = 1_700_000_000.0,
                    ) -> list[WriteRecord]:
    """The session as JSON Lines records without sockets (one record per write)."""
    rng = random.Random(seed ^ 0x5EED)
    records: list[WriteRecord] = []
    t = t0
    for direction, packets in turns:
        for chunk in write_sizes(b"".join(packets), rng):
            t += 0.0005
            records.append({"t": round(t, 6), "dir": direction, "data": chunk.hex()})
    return records


def write_jsonl(records: Iterable[WriteRecord], path: Path) -> None:
    with open(path, "w", encoding="ascii") as out:
        for record in records:
            out.write(json.dumps(record) + "\n")


# -- loopback server and client --------------------------------------------------------
def play_loopback(turns: list[Turn], seed: int, *, timeout: float = 20.0,
                  listener: socket.socket | None = None) -> list[WriteRecord]:
    """Play the session between a server and a client over 127.0.0.1 TCP.

    Each side writes its turns in random write sizes (TCP_NODELAY, so writes become
    segments) and reads the other side's turns in full before going on. Returns the JSONL
    records of every write in order. Bounded by ``timeout`` per socket operation.
    """
    own = listener is None
    listening = listener if listener is not None else socket.create_server(("127.0.0.1", 0))
    listening.settimeout(timeout)
    records: list[WriteRecord] = []
    lock = threading.Lock()
    failures: list[BaseException] = []

    def side(sock: socket.socket, role: str, rng: random.Random) -> None:
        sock.settimeout(timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for direction, packets in turns:
            data = b"".join(packets)
            if direction == role:
                for chunk in write_sizes(data, rng):
                    with lock:
                        records.append({"t": round(time.time(), 6), "dir": role,
                                        "data": chunk.hex()})
                    sock.sendall(chunk)
                    if rng.random() < 0.05:
                        time.sleep(0.001)
            else:
                need = len(data)
                while need:
                    got = sock.recv(min(need, 65536))
                    if not got:
                        raise ConnectionError("peer closed early")
                    need -= len(got)

    def server() -> None:
        try:
            conn, _ = listening.accept()
            with conn:
                side(conn, S2C, random.Random(seed * 2 + 1))
                conn.settimeout(timeout)
                while conn.recv(4096):   # wait for the client to close
                    pass
        except BaseException as exc:  # noqa: BLE001 - reported by the caller
            failures.append(exc)

    thread = threading.Thread(target=server, daemon=True)
    thread.start()
    try:
        with socket.create_connection(listening.getsockname()[:2], timeout=timeout) as client:
            side(client, C2S, random.Random(seed * 2))
            client.shutdown(socket.SHUT_WR)
    finally:
        thread.join(timeout)
        if own:
            listening.close()
    if failures:
        raise RuntimeError(f"loopback server failed: {failures[0]!r}")
    if thread.is_alive():
        raise RuntimeError("loopback server did not finish")
    return records


def capture_session(seed: int, out: Path, *, dims=(64, 64, 32), chatty_rounds: int = 40,
                    timeout: float = 20.0) -> dict[str, object]:
    """Play the session on loopback while tcpdump (pcap) and dumpcap (pcapng) capture it."""
    out.mkdir(parents=True, exist_ok=True)
    turns = session_turns(seed, dims, chatty_rounds)
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    pcap, pcapng = out / "session.pcap", out / "session.pcapng"
    bpf = f"tcp port {port}"
    tools = []
    try:
        tools.append(subprocess.Popen(["tcpdump", "-i", "lo", "-U", "-n", "-w", str(pcap), bpf],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
        tools.append(subprocess.Popen(["dumpcap", "-i", "lo", "-q", "-f", bpf, "-w", str(pcapng)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
        for tool in tools:     # both print a line on stderr once they listen
            assert tool.stderr is not None  # stderr=PIPE
            tool.stderr.readline()
        time.sleep(1.0)
        records = play_loopback(turns, seed, timeout=timeout, listener=listener)
        time.sleep(1.0)
    finally:
        listener.close()
        for tool in tools:
            tool.send_signal(signal.SIGINT)
        for tool in tools:
            try:
                tool.wait(timeout)
            except subprocess.TimeoutExpired:
                tool.kill()
                tool.wait()
    write_jsonl(records, out / "session.jsonl")
    for path in (pcap, pcapng):     # tcpdump drops privileges, dumpcap writes 0600
        shutil.chown(path, os.getuid(), os.getgid())
        path.chmod(0o644)
    meta = {"seed": seed, "port": port, "dims": list(dims), "chatty_rounds": chatty_rounds,
            "tcpdump": _version(["tcpdump", "--version"]),
            "dumpcap": _version(["dumpcap", "--version"])}
    (out / "session.json").write_text(json.dumps(meta, indent=2) + "\n")
    return meta


def _version(command: list[str]) -> str:
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return (proc.stdout or proc.stderr).strip().splitlines()[0]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="generate_mme", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cap = sub.add_parser("capture", help="loopback session captured by tcpdump and dumpcap")
    cap.add_argument("--seed", type=int, default=7)
    cap.add_argument("--out", type=Path, required=True, help="folder for session.*")
    cap.add_argument("--rounds", type=int, default=40)
    js = sub.add_parser("jsonl", help="the session as JSON Lines, without sockets")
    js.add_argument("--seed", type=int, default=7)
    js.add_argument("--out", type=Path, required=True, help="output .jsonl file")
    js.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args(argv)
    if args.command == "capture":
        for tool in ("tcpdump", "dumpcap"):
            if shutil.which(tool) is None:
                print(f"generate_mme: {tool} is not installed", file=sys.stderr)
                return 2
        meta = capture_session(args.seed, args.out, chatty_rounds=args.rounds)
        print(json.dumps(meta))
    else:
        turns = session_turns(args.seed, chatty_rounds=args.rounds)
        write_jsonl(session_records(turns, args.seed), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
