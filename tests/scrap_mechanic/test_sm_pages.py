"""Self-consistency of the page-derived Scrap Mechanic vectors (sm_pages).

The readers below are written separately from sm_pages' encoders (struct and a small bit reader),
straight from the pages' tables, so that the encoder and a second reading of the same tables agree
on every vector they cover.  Nothing here uses wirestruct's specs.
"""
from __future__ import annotations

import math
import struct
import uuid
from pathlib import Path
from typing import Any

import lz4.block
import pytest
import sm_pages
from needs import needs_documents
from sm_pages import AMBIGUITIES, VECTORS, BitWriter, Vector, build_vectors

ROOT = Path(__file__).resolve().parents[2]

# "Bound To" and "LZ4 Compressed" of every page, copied from the pages for this test.
PAGES = {
    "01-hello.mdx": (1, {"c2s", "s2c"}, False),
    "02-server-info.mdx": (2, {"s2c"}, True),
    "03-request-passphrase.mdx": (3, {"s2c"}, False),
    "04-respond-passphrase.mdx": (4, {"c2s"}, False),
    "05-client-accepted.mdx": (5, {"s2c"}, False),
    "06-file-checksums.mdx": (6, {"c2s"}, True),
    "07-checksums-accepted.mdx": (7, {"s2c"}, False),
    "08-checksums-denied.mdx": (8, {"c2s"}, True),
    "09-character-info.mdx": (9, {"c2s"}, True),
    "10-join-confirmation.mdx": (10, {"s2c"}, False),
    "11-script-initialization-data.mdx": (11, {"s2c"}, True),
    "13-generic-initialization-data.mdx": (13, {"s2c"}, True),
    "18-display-message.mdx": (18, {"s2c"}, True),
    "19-display-alert-text.mdx": (19, {"s2c"}, True),
    "25-script-data-s2c.mdx": (25, {"s2c"}, True),
    "26-script-data-c2s.mdx": (26, {"c2s"}, True),
    "27-generic-data-s2c.mdx": (27, {"s2c"}, True),
    "28-generic-data-c2s.mdx": (28, {"c2s"}, True),
    "29-compound-packet.mdx": (29, {"s2c"}, True),
    "31-hotbar-item-changed.mdx": (31, {"c2s"}, True),
    "32-container-transaction.mdx": (32, {"c2s"}, True),
    "33-drop-item-stack.mdx": (33, {"c2s"}, True),
    "34-place.mdx": (34, {"c2s"}, True),
    "35-remove.mdx": (35, {"c2s"}, True),
    "39-remove-joint.mdx": (39, {"c2s"}, True),
    "40-harvestable-destroy.mdx": (40, {"c2s"}, False),
    "43-lift-delete-creation.mdx": (43, {"c2s"}, True),
    "44-connect.mdx": (44, {"c2s"}, True),
    "45-lift-import-creation.mdx": (45, {"c2s"}, True),
    "50-interact.mdx": (50, {"c2s"}, False),
    "51-legacy.mdx": (51, {"c2s"}, False),
    "52-lift-level.mdx": (52, {"c2s"}, True),
}
# Fixed body sizes the pages' "Size" lines give (ID byte left out).
FIXED_BODY_SIZE = {1: 0, 3: 0, 5: 0, 7: 0, 8: 4, 10: 0, 31: 24, 33: 12, 34: 109, 35: 33, 39: 4,
                   40: 6, 43: 4, 44: 9, 51: 0, 52: 8}


def by_id(*ids: int) -> list[Vector]:
    return [v for v in VECTORS if v.packet_id in ids]


def ids(vectors: list[Vector]) -> list[str]:
    return [v.name for v in vectors]


# ------------------------------------------------------------------------------------------------
# Framing, determinism, coverage
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("v", VECTORS, ids=ids(VECTORS))
def test_packet_is_id_then_body_compressed_as_the_page_says(v: Vector):
    packet_id, directions, compressed = PAGES[v.page]
    assert (v.packet_id, v.compressed) == (packet_id, compressed)
    assert v.direction in directions
    assert v.packet[0] == packet_id
    if compressed:
        assert lz4.block.decompress(v.packet[1:], uncompressed_size=len(v.body)) == v.body
    else:
        assert v.packet[1:] == v.body
    assert sm_pages.encode_body(v.packet_id, v.expected) == v.body


def test_encoder_is_deterministic():
    again = build_vectors()
    assert [v.name for v in again] == [v.name for v in VECTORS]
    for a, b in zip(again, VECTORS):
        assert (a.body, a.packet, a.expected, a.direction, a.note) == \
            (b.body, b.packet, b.expected, b.direction, b.note), a.name


def test_every_page_has_vectors_and_names_are_unique():
    pages = {v.page for v in VECTORS}
    assert set(PAGES) <= pages
    for page, (_, directions, _) in PAGES.items():
        assert directions == {v.direction for v in VECTORS if v.page == page}, page
    assert len({v.name for v in VECTORS}) == len(VECTORS)


def test_fixed_sizes_match_the_pages():
    for v in VECTORS:
        if v.packet_id in FIXED_BODY_SIZE:
            assert len(v.body) == FIXED_BODY_SIZE[v.packet_id], v.name
    for v in by_id(50):
        kind = v.expected["Packet Type"]["value"]
        if kind == 0xFA:  # "Bearing Setting (Size=21)" and "(Size=18)"
            assert len(v.body) == (18 if v.expected["type"]["value"] == 0x10 else 21), v.name


def _walk(value: Any):
    yield value
    if isinstance(value, dict):
        for k, item in value.items():
            assert isinstance(k, str)
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)
    else:
        assert value is None or isinstance(value, (bool, int, float, str, bytes)), value


def test_expected_values_are_plain_data():
    for v in VECTORS:
        list(_walk(v.expected))


def test_ambiguities_name_pages_and_say_something():
    assert set(PAGES) <= set(AMBIGUITIES)
    for page, notes in AMBIGUITIES.items():
        assert isinstance(notes, list) and all(isinstance(n, str) and n for n in notes), page
    specs = needs_documents("scrap_mechanic")
    for page in AMBIGUITIES:
        assert (specs / page).is_file(), page


# ------------------------------------------------------------------------------------------------
# bitstream.mdx's own examples
# ------------------------------------------------------------------------------------------------

def test_bit_writer_matches_the_bitstream_examples():
    w = BitWriter()
    w.bits(0x11, 8)
    w.bits(0x2233, 16)
    assert (w.getvalue(), w.bit_index) == (bytes.fromhex("112233"), 24)
    w = BitWriter()
    w.flag(True)
    w.bits(0x11, 8)
    w.bits(0x2233, 16)
    assert w.bit_index == 25
    # 1 | 0001 0001 | 0010 0010 0011 0011 -> 1000 1000 1001 0001 0001 1001 1(000 0000)
    assert w.getvalue() == bytes.fromhex("88911980")


# ------------------------------------------------------------------------------------------------
# An independent reader for fixed-layout packets
# ------------------------------------------------------------------------------------------------

class Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def take(self, fmt: str) -> Any:
        values = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += struct.calcsize(fmt)
        return values[0] if len(values) == 1 else values

    def raw(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise ValueError("past the end")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def uuid_le(self) -> str:
        return str(uuid.UUID(bytes=self.raw(16)[::-1]))

    def uuid_be(self) -> str:
        return str(uuid.UUID(bytes=self.raw(16)))

    def text(self, size: int) -> str:
        return self.raw(size).decode("utf-8")

    def string(self) -> str:
        return self.text(self.take(">H"))

    def rest(self) -> bytes:
        return self.raw(len(self.data) - self.pos)

    def done(self) -> bool:
        return self.pos == len(self.data)


def vec3i(r: Reader) -> dict[str, int]:
    z, y, x = r.take(">iii")
    return {"Z": z, "Y": y, "X": x}


def named(table: dict[int, str], value: int, other: str | None = None) -> dict[str, Any]:
    return {"value": value, "name": table.get(value, other)}


def surface(r: Reader, value: int, two_unknown: set[int]) -> dict[str, Any]:
    if value in two_unknown:
        return {"Unknown (0x00)": r.raw(4), "Unknown (0x04)": r.raw(4)}
    if value == 4:
        shape, body = r.take(">II")
        return {"Shape ID": shape, "Body ID": body}
    if value in (6, 8):
        return {"Unknown": r.raw(4), ("Lift ID" if value == 6 else "Joint ID"): r.take(">I")}
    return {"unknown": r.raw(8)}


def read_fixed(packet_id: int, body: bytes) -> dict[str, Any]:
    r = Reader(body)
    if packet_id == 4:
        out: dict[str, Any] = {"Size": r.take("B"), "Passphrase": r.rest().decode("utf-8")}
    elif packet_id == 6:
        n = r.take(">I")
        out = {"size": n, "checksum": [r.take(">I") for _ in range(n)]}
    elif packet_id == 8:
        out = {"Index": r.take(">I")}
    elif packet_id == 18:
        n = r.take(">H")
        kind = r.text(n)
        m = r.take(">H")
        out = {"Type Size": n, "Type": kind, "Message Size": m, "Message": r.text(m)}
    elif packet_id == 19:
        n = r.take(">H")
        out = {"Size": n, "Message": r.text(n)}
    elif packet_id == 31:
        out = {"Character ID": r.take(">I"), "Uuid": r.uuid_le(),
               "Tool Instance ID": r.take(">I")}
    elif packet_id == 33:
        c, s, q = r.take(">III")
        out = {"Container ID": c, "Slot": s, "Quantity": q}
    elif packet_id == 34:
        out = {"Hotbar Index": r.take(">I"), "Total Item Quantity": r.take(">I")}
        for name in ("Size", "Local Position Start", "Z Axis", "X Axis", "Local Position"):
            out[name] = vec3i(r)
        out["Item Uuid"] = r.uuid_le()
        out["Shape Uuid"] = r.uuid_le()
        placed = r.take("B")
        out["Placed On"] = named({2: "Terrain Surface", 3: "Terrain Asset", 4: "Body",
                                  6: "Lift", 8: "Joint"}, placed)
        out["Placed On Data"] = surface(r, placed, {2, 3})
    elif packet_id == 35:
        out = {"Local Position High": vec3i(r), "Local Position Low": vec3i(r)}
        removed = r.take("B")
        out["Removed Surface"] = named({4: "Body", 6: "Lift"}, removed)
        out["Removed Surface Data"] = surface(r, removed, set()) if removed in (4, 6) \
            else {"unknown": r.raw(8)}
    elif packet_id == 39:
        out = {"Joint ID": r.take(">I")}
    elif packet_id == 40:
        a, b, e = r.take(">BBI")
        out = {"Unknown (0x00)": a, "Unknown (0x01)": b, "Effect ID": e}
    elif packet_id == 43:
        out = {"Lift ID": r.take(">I")}
    elif packet_id == 44:
        child, parent, f = r.take(">IIB")
        out = {"Child ID": child, "Parent ID": parent, "Flags": {
            "value": f, "Unused (bit 7)": bool(f & 0x80), "Reverse Direction": bool(f & 0x40),
            "Disconnect": bool(f & 0x20), "Connect": bool(f & 0x10),
            "Bearing": bool(f & 0x02), "Standard": bool(f & 0x01),
            "Unused (bits 3-2)": (f >> 2) & 3}}
    elif packet_id == 45:
        lift, size, csize = r.take(">III")
        data = r.raw(csize)
        out = {"Lift ID": lift, "Uncompressed Size": size, "Compressed Size": csize,
               "Compressed Blueprint Data": data,
               "blueprint.json": lz4.block.decompress(data, uncompressed_size=size).decode()}
    elif packet_id == 50:
        kind = r.take("B")
        out = {"Packet Type": named({0x90: "Set seated", 0x80: "Other",
                                     0x60: "Suspension Height", 0xFA: "Bearing Setting"}, kind)}
        if kind == 0x90:
            out["Interactable ID"], out["Player ID"] = r.take(">II")
        elif kind == 0x80:
            out["Interactable ID"], out["State"] = r.take(">IB")
        elif kind == 0x60:
            out["Interactable ID"], out["Value"] = r.take(">IH")
        elif kind == 0xFA:
            out["Unknown"] = r.raw(14)
            setting = r.take("B")
            out["type"] = named({1: "LTurnSpeed", 2: "RTurnSpeed", 3: "RTurnANgle",
                                 4: "LTurnAngle", 0x10: "BearingLock"}, setting)
            out["undocumented (0x10)"] = r.raw(1)
            out["Value"] = bool(r.take("B") & 0x80) if setting == 0x10 else r.take(">f")
        else:
            out["unknown"] = r.rest()
    elif packet_id == 52:
        out = {"Lift ID": r.take(">I"), "Level Change": r.take(">i")}
    elif packet_id in (1, 3, 5, 7, 10, 51):
        out = {}
    else:
        raise KeyError(packet_id)
    assert r.done(), f"{len(body) - r.pos} bytes left"
    return out


FIXED = by_id(1, 3, 4, 5, 6, 7, 8, 10, 18, 19, 31, 33, 34, 35, 39, 40, 43, 44, 45, 50, 51, 52)


@pytest.mark.parametrize("v", FIXED, ids=ids(FIXED))
def test_independent_reader_agrees_on_fixed_layouts(v: Vector):
    assert read_fixed(v.packet_id, v.body) == v.expected


# ------------------------------------------------------------------------------------------------
# An independent reader for BlobData, its documented payloads and Lua objects
# ------------------------------------------------------------------------------------------------

class Bits:
    """bitstream.mdx: bits read left to right, the top bit of each byte first."""

    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def read(self, n: int) -> int:
        value = 0
        for _ in range(n):
            byte = self.data[self.pos // 8]
            value = value << 1 | (byte >> (7 - self.pos % 8)) & 1
            self.pos += 1
        return value

    def raw(self, n: int) -> bytes:
        return bytes(self.read(8) for _ in range(n))

    def rest(self) -> bytes:
        assert self.pos % 8 == 0, "opaque data read from a byte border only"
        out = self.data[self.pos // 8:]
        self.pos = len(self.data) * 8
        return out


LUA_TYPES = {1: "Nil", 2: "Boolean", 3: "Number", 4: "String", 5: "Table", 6: "Int32",
             7: "Int16", 8: "Int8", 9: "Json", 100: "Userdata", 101: "WeakScriptRef"}
USERDATA = {10001: ("Uuid", "uuid"), 10003: ("Vec3", "XYZ"), 10004: ("Quat", "XYZW"),
            10005: ("Color", "RGBA"), 10007: ("LoadCellHandle", None),
            10021: ("Shape", "Shape ID"), 10022: ("Body", "Body ID"),
            10023: ("Interactable", "Interactable ID"), 10024: ("Container", "Container ID"),
            10025: ("Harvestable", "Harvestable ID"), 10027: ("World", "World ID"),
            10028: ("Unit", "Unit ID"), 10030: ("Player", "Player ID"),
            10031: ("Character", "Character ID"), 10032: ("Joint", "Joint ID"),
            10036: ("Portal", "Portal ID"), 10037: ("PathNode", "PathNode ID"),
            10038: ("Lift", "Lift ID"), 10039: ("ScriptableObject", "Scriptable Object ID"),
            10042: ("VoxelTerrain", None), 20001: ("Widget", None), 20002: ("Tool", "Tool ID")}


def read_lua_value(b: Bits) -> dict[str, Any]:
    kind = LUA_TYPES[b.read(8)]
    value: Any
    if kind == "Nil":
        value = None
    elif kind == "Boolean":
        value = bool(b.read(1))
    elif kind == "Number":
        value = struct.unpack(">f", b.raw(4))[0]
    elif kind == "String":
        size = b.read(32)
        b.pos += -b.pos % 8
        value = b.raw(size).decode("utf-8")
    elif kind == "Table":
        count = b.read(32)
        value = {"Count": count, "Is Array": bool(b.read(1))}
        if value["Is Array"]:
            value["Offset"] = b.read(32)
            value["Elements"] = [read_lua_value(b) for _ in range(count)]
        else:
            value["Elements"] = [{"Key": read_lua_value(b), "Value": read_lua_value(b)}
                                 for _ in range(count)]
    elif kind in ("Int32", "Int16", "Int8"):
        fmt = {"Int32": ">i", "Int16": ">h", "Int8": ">b"}[kind]
        value = struct.unpack(fmt, b.raw(struct.calcsize(fmt)))[0]
    elif kind == "Json":
        value = {"unknown": b.rest()}
    elif kind == "Userdata":
        code = b.read(32)
        name, layout = USERDATA[code]
        value = {"Type ID": {"value": code, "name": name}}
        if layout is None:
            value["unknown"] = b.rest()
        elif layout == "uuid":
            value["Data"] = {"Uuid": str(uuid.UUID(bytes=b.raw(16)[::-1]))}
        elif len(layout) <= 4:
            value["Data"] = {c: struct.unpack(">f", b.raw(4))[0] for c in layout}
        else:
            value["Data"] = {layout: b.read(32)}
    else:
        value = {"RefID": b.read(32), "Unknown": bool(b.read(1))}
    return {"type": kind, "value": value}


def read_lua_object(data: bytes) -> dict[str, Any]:
    b = Bits(data)
    obj = {"Magic Tag": b.raw(3), "Version": b.read(32), "Data": read_lua_value(b)}
    left = len(data) * 8 - b.pos
    assert 0 <= left < 8 and b.read(left) == 0, "only zero fill after the object"
    return obj


def read_customization(r: Reader) -> dict[str, Any]:
    version, gender, n = r.take(">IBB")
    return {"Version": version, "Gender": named({0: "Male", 1: "Female"}, gender),
            "Options Length": n, "Options UUIDs": [r.uuid_be() for _ in range(n)],
            "Options Palette Indeces": [r.take(">I") for _ in range(n)]}


def read_payload(uid: str, key: bytes, data: bytes) -> dict[str, Any] | None:
    names = {"61aa13d7-e715-4153-a269-4d338c0c5bd4": "Terrain Data",
             "3ff36c8b-93f7-4428-ae4d-429a6f0cf77d": "World Info",
             "44ac020c-aec7-4f8b-b230-34d2e3bd23eb": "Gameplay Options",
             "51868883-d2d2-4953-9135-1ab0bdc2a47e": "Player Data",
             "46968863-090a-46b8-ad99-1159b53450fe": "Chat Message"}
    if uid not in names:
        return None
    raw = lz4.block.decompress(data, uncompressed_size=1 << 20)
    out: dict[str, Any] = {"name": names[uid], "Key": struct.unpack("<I", key)[0]}
    r = Reader(raw)
    if out["name"] == "Terrain Data":
        out["Terrain Data"] = read_lua_object(r.rest())
    elif out["name"] == "World Info":
        out.update({"Seed": r.take(">I"), "Filename": r.string(), "Classname": r.string(),
                    "Terrain Params": r.string()})
    elif out["name"] == "Gameplay Options":
        out["Options"] = r.string()
    elif out["name"] == "Player Data":
        for name, fmt in (("Character ID", ">I"), ("Steam ID 64", ">Q"),
                          ("Inventory Container ID", ">I"), ("Carry Container ID", ">I"),
                          ("Carry Color", ">I"), ("Unknown", "B"), ("Name Size", "B")):
            out[name] = r.take(fmt)
        out["Name"] = r.text(out["Name Size"])
        out["Character Customization"] = read_customization(r)
    else:
        out.update({"Timestamp": r.take(">Q"), "Sender": r.string(), "Message": r.string()})
    assert r.done()
    return out


def read_blobs(r: Reader) -> list[dict[str, Any]]:
    blobs = []
    while not r.done():
        blob: dict[str, Any] = {"Uid": r.uuid_be(), "Key Size": r.take(">H")}
        blob["Key"] = r.raw(blob["Key Size"])
        blob["World ID"], blob["Flags"], blob["Data Size"] = r.take(">HBI")
        blob["Data"] = r.raw(blob["Data Size"])
        payload = read_payload(blob["Uid"], blob["Key"], blob["Data"])
        if payload is not None:
            blob["Payload"] = payload
        blobs.append(blob)
    return blobs


def read_blob_packet(packet_id: int, body: bytes) -> dict[str, Any]:
    r = Reader(body)
    out: dict[str, Any] = {}
    if packet_id in (11, 13, 25, 27):
        out["Game Tick"] = r.take(">I")
    out["Data"] = read_blobs(r)
    return out


BLOBS = by_id(11, 13, 25, 26, 27, 28)


def _same(a: Any, b: Any) -> bool:
    """Equality that lets float values compare as 32-bit floats (all are exact here)."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("v", BLOBS, ids=ids(BLOBS))
def test_independent_reader_agrees_on_blob_data_and_lua_objects(v: Vector):
    assert _same(read_blob_packet(v.packet_id, v.body), v.expected)


def test_independent_reader_agrees_on_server_info_and_character_info():
    for v in by_id(2):
        r = Reader(v.body)
        version, mode, seed, tick, mods = r.take(">IIIII")
        got: dict[str, Any] = {"Version": version, "Gamemode": mode, "Seed": seed,
                               "Gametick": tick, "Mod Count": mods}
        got["Mod Data"] = [{"File ID": r.take(">Q"), "UUID": r.uuid_be()} for _ in range(mods)]
        got["Game Data"] = r.string()
        for count, items in (("Script Key Count", "Script Data"),
                             ("Generic Key Count", "Generic Data")):
            got[count] = r.take(">I")
            got[items] = [{"UUID": r.uuid_be(), "Size": r.take(">H"), "Key": r.take(">I")}
                          for _ in range(got[count])]
        flags = r.take("B")
        got["Flags"] = {"value": flags, "Developer Mode": bool(flags & 0x80),
                        "Unknown": flags & 0x7F}
        assert r.done()
        expected = dict(v.expected, Gamemode=v.expected["Gamemode"]["value"])
        assert got == expected, v.name
    for v in by_id(9):
        r = Reader(v.body)
        got = {"Name": r.string(), "Character Customization": read_customization(r)}
        assert r.done() and got == v.expected, v.name


def read_transaction(r: Reader) -> dict[str, Any]:
    def stack() -> dict[str, Any]:
        u = r.uuid_le()
        tool, quantity, slot, container = r.take(">IHHI")
        return {"Uuid": u, "Tool Instance ID": tool, "Quantity": quantity, "Slot": slot,
                "Container ID": container}

    names = ["Set Item", "Swap", "Collect", "Spend", "Collect To Slot",
             "Collect To Slot Or Collect", "Spend From Slot", "Move", "Move From Slot", "Move All"]
    action = r.take("B")
    name = names[action] if action < len(names) else "Default Action"
    if action == 0:
        data: dict[str, Any] = {"To": stack()}
    elif action == 1:
        data = {"From": stack(), "To": stack()}
    elif action in (2, 3):
        data = {"Uuid": r.uuid_le()}
        data["Unknown (0x11)"], data["Quantity"], data["Container ID"], data["Unknown (0x1B)"] = \
            r.take(">IHIB")
    elif action in (4, 5):
        data = {"To": stack(), "Unknown": r.take("B")}
    elif action == 6:
        data = {"From": stack(), "Unknown": r.take("B")}
    elif action == 8:
        slot, frm, to = r.take(">HII")
        data = {"From Slot": slot, "From Container ID": frm, "To Container ID": to}
    elif action == 9:
        frm, to = r.take(">II")
        data = {"From Container ID": frm, "To Container ID": to}
    else:
        data = {"From": stack(), "To": stack(), "Unknown": r.take("B")}
    return {"Action": {"value": action, "name": name}, "Action Data": data}


@pytest.mark.parametrize("v", by_id(32), ids=ids(by_id(32)))
def test_independent_reader_agrees_on_container_transactions(v: Vector):
    r = Reader(v.body)
    count = r.take(">I")
    got = {"Transaction Count": count, "Transactions": [read_transaction(r) for _ in range(count)]}
    assert r.done()
    assert got == v.expected


def _by_name() -> dict[str, Vector]:
    return {v.name: v for v in VECTORS}


@pytest.mark.parametrize("v", by_id(29), ids=ids(by_id(29)))
def test_compound_subpackets_hold_the_other_vectors(v: Vector):
    r = Reader(v.body)
    subs = []
    while not r.done():
        size, packet_id = r.take(">IB")
        subs.append({"Size": size, "Packet ID": packet_id, "Packet Data": r.raw(size - 1)})
    assert len(subs) == len(v.expected["Subpackets"])
    for got, want in zip(subs, v.expected["Subpackets"]):
        assert got == {k: want[k] for k in ("Size", "Packet ID", "Packet Data")}
        assert sm_pages.encode_body(got["Packet ID"], want["Packet"]) == got["Packet Data"]
        if got["Packet ID"] in sm_pages.COMPOUND_ELIGIBLE:
            continue
        assert "outside the page" in v.note


# ------------------------------------------------------------------------------------------------
# Every documented enum value and branch is covered
# ------------------------------------------------------------------------------------------------

def _all(pid: int) -> list[Any]:
    return [x for v in by_id(pid) for x in _walk(v.expected)]


def _enum_names(values: list[Any]) -> set[Any]:
    return {x["name"] for x in values if isinstance(x, dict) and set(x) == {"value", "name"}}


def _lua_types(values: list[Any]) -> set[str]:
    return {x["type"] for x in values if isinstance(x, dict) and set(x) == {"type", "value"}}


def test_every_documented_value_has_a_vector():
    lua = _all(11)
    assert _lua_types(lua) == set(sm_pages.LUA_SAVE_DATA_TYPE.values())
    serializable = set(sm_pages.USERDATA_TYPE_ID.values()) - set(
        sm_pages.USERDATA_NOT_SERIALIZABLE)
    assert serializable <= _enum_names(lua)
    assert {True, False} <= {x["value"]["Is Array"] for x in lua
                             if isinstance(x, dict) and x.get("type") == "Table"}
    assert set(sm_pages.GAMEMODE.values()) <= _enum_names(_all(2))
    assert {"Male", "Female"} <= _enum_names(_all(9)) & _enum_names(_all(13))
    assert set(sm_pages.ACTION.values()) | {"Default Action"} <= _enum_names(_all(32))
    assert set(sm_pages.PLACED_ON.values()) <= _enum_names(_all(34))
    assert set(sm_pages.REMOVED_SURFACE.values()) <= _enum_names(_all(35))
    assert set(sm_pages.INTERACT_PACKET_TYPE.values()) <= _enum_names(_all(50))
    assert set(sm_pages.BEARING_SETTING_TYPE.values()) <= _enum_names(_all(50))
    messages = {v.expected["Message"] for v in by_id(18) if v.expected["Type"] == "<WARNING>"}
    assert set(sm_pages.DISPLAY_MESSAGE_SPECIAL) <= messages
    assert {"<WARNING>", "<ALERT>"} < {v.expected["Type"] for v in by_id(18)}
    world_ids = {b["World ID"] for v in by_id(11, 13, 25, 26, 27, 28) for b in v.expected["Data"]}
    assert {0xFFFF, 0xFFFE} <= world_ids
    payloads = {b["Payload"]["name"] for v in by_id(11, 13, 27, 28) for b in v.expected["Data"]
                if "Payload" in b}
    assert payloads == {"Terrain Data", "World Info", "Gameplay Options", "Player Data",
                        "Chat Message"}
    flag_bits = {name for v in by_id(44) for name, bit in v.expected["Flags"].items()
                 if bit is True}
    assert flag_bits == {"Unused (bit 7)", "Reverse Direction", "Disconnect", "Connect",
                         "Bearing", "Standard"}
    inside = {s["Packet ID"] for v in by_id(29) for s in v.expected["Subpackets"]}
    assert set(sm_pages.COMPOUND_ELIGIBLE) <= inside
    assert {p for p, *_ in PAGES.values()} <= inside
