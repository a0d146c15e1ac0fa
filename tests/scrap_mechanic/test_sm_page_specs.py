"""The specs of every documented Scrap Mechanic packet and shared structure (LuaObject,
BlobData and its payloads, String, Character Customization), on byte vectors built by hand
from the pages' tables: every field's value, every byte consumed, every enum value and
branch, the undocumented tails kept as bytes, truncated and overlong inputs refused. Each
vector is also written back by the read-write classes (read and written, and built from
its parsed values), and parsed by the JavaScript build of the specs as the Web IDE would,
with the same result as Python."""
from __future__ import annotations

import json
import shutil
import struct
import uuid
from dataclasses import dataclass
from pathlib import Path

import lz4.block
import pytest
import write_roundtrip as roundtrip
from sm_testlib import parse_all
from wirestruct.captures.files.container import write_header
from wirestruct.core.errors import ParseError
from wirestruct.core.parse import check_consumed, parse
from wirestruct.encode.building import type_info
from wirestruct.encode.fields import encode_fields
from wirestruct.generated.scrap_mechanic.sm_blob_chat_message import SmBlobChatMessage
from wirestruct.generated.scrap_mechanic.sm_blob_data import SmBlobData
from wirestruct.generated.scrap_mechanic.sm_blob_gameplay_options import SmBlobGameplayOptions
from wirestruct.generated.scrap_mechanic.sm_blob_player_data import SmBlobPlayerData
from wirestruct.generated.scrap_mechanic.sm_blob_world_info import SmBlobWorldInfo
from wirestruct.generated.scrap_mechanic.sm_character_customization import (
    SmCharacterCustomization,
)
from wirestruct.generated.scrap_mechanic.sm_character_info import SmCharacterInfo
from wirestruct.generated.scrap_mechanic.sm_checksums_denied import SmChecksumsDenied
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.generated.scrap_mechanic.sm_compound_body import SmCompoundBody
from wirestruct.generated.scrap_mechanic.sm_connect import SmConnect
from wirestruct.generated.scrap_mechanic.sm_container_transaction import SmContainerTransaction
from wirestruct.generated.scrap_mechanic.sm_display_alert_text import SmDisplayAlertText
from wirestruct.generated.scrap_mechanic.sm_display_message import SmDisplayMessage
from wirestruct.generated.scrap_mechanic.sm_drop_item_stack import SmDropItemStack
from wirestruct.generated.scrap_mechanic.sm_file_checksums import SmFileChecksums
from wirestruct.generated.scrap_mechanic.sm_generic_data_c2s import SmGenericDataC2s
from wirestruct.generated.scrap_mechanic.sm_generic_data_s2c import SmGenericDataS2c
from wirestruct.generated.scrap_mechanic.sm_generic_initialization_data import (
    SmGenericInitializationData,
)
from wirestruct.generated.scrap_mechanic.sm_harvestable_destroy import SmHarvestableDestroy
from wirestruct.generated.scrap_mechanic.sm_hotbar_item_changed import SmHotbarItemChanged
from wirestruct.generated.scrap_mechanic.sm_interact import SmInteract
from wirestruct.generated.scrap_mechanic.sm_lift_delete_creation import SmLiftDeleteCreation
from wirestruct.generated.scrap_mechanic.sm_lift_import_creation import SmLiftImportCreation
from wirestruct.generated.scrap_mechanic.sm_lift_level import SmLiftLevel
from wirestruct.generated.scrap_mechanic.sm_lua_object import SmLuaObject
from wirestruct.generated.scrap_mechanic.sm_packet import SmPacket
from wirestruct.generated.scrap_mechanic.sm_place import SmPlace
from wirestruct.generated.scrap_mechanic.sm_remove import SmRemove
from wirestruct.generated.scrap_mechanic.sm_remove_joint import SmRemoveJoint
from wirestruct.generated.scrap_mechanic.sm_respond_passphrase import SmRespondPassphrase
from wirestruct.generated.scrap_mechanic.sm_script_data_c2s import SmScriptDataC2s
from wirestruct.generated.scrap_mechanic.sm_script_data_s2c import SmScriptDataS2c
from wirestruct.generated.scrap_mechanic.sm_script_initialization_data import (
    SmScriptInitializationData,
)
from wirestruct.generated.scrap_mechanic.sm_server_info import SmServerInfo
from wirestruct.generated.scrap_mechanic.sm_string import SmString
from wirestruct.output.jsonify import to_jsonable
from wirestruct.tools.webide import verify_export

ROOT = Path(__file__).resolve().parents[2]
PacketId = SmCommon.PacketId
Lua = SmLuaObject
LuaType = SmLuaObject.LuaSaveDataType
Userdata = SmLuaObject.UserdataTypeId


# -- bytes as the tables write them ---------------------------------------------------------
def be(fmt: str, *values) -> bytes:
    """Big-endian fields, as the tables' `be` types (and their un-ordered ones)."""
    return struct.pack(">" + fmt, *values)


def uuid_le(text: str) -> bytes:
    """`le u128` UUID: the canonical text's 16 bytes reversed."""
    return uuid.UUID(text).bytes[::-1]


def uuid_be(text: str) -> bytes:
    """`be u128` / `be UUID` / byte[16]: the canonical text's bytes in order."""
    return uuid.UUID(text).bytes


def string(text: str) -> bytes:
    """The `String` structure: be u16 size, UTF-8 data."""
    data = text.encode()
    return be("H", len(data)) + data


def f32_bits(value: float) -> int:
    return struct.unpack(">I", struct.pack(">f", value))[0]


def absent(obj, name: str) -> bool:
    """A field whose `if:` was false: the generated class leaves it unset."""
    return getattr(obj, name, None) is None


def octets(obj) -> bytes:
    return bytes(obj.octets)


def vec_zyx(z: int, y: int, x: int) -> bytes:
    """Vec3i of 34/35: Z, Y, X as be s32."""
    return be("iii", z, y, x)


class Bits:
    """A BitStream writer (BitStream page): fields most significant bit first, one after
    the other; ``align`` pads with zero bits to a whole byte, as before a Lua string's
    data."""

    def __init__(self) -> None:
        self.text = ""

    def put(self, value: int, n: int) -> Bits:
        self.text += format(value, f"0{n}b")
        return self

    def align(self) -> Bits:
        self.text += "0" * (-len(self.text) % 8)
        return self

    def raw(self, data: bytes) -> Bits:
        for b in data:
            self.put(b, 8)
        return self

    def bytes(self) -> bytes:
        self.align()
        return int(self.text, 2).to_bytes(len(self.text) // 8, "big") if self.text else b""


# -- LuaObject (Lua Object page), written value by value --------------------------------------
def lua_nil(w: Bits) -> None:
    w.put(1, 8)


def lua_bool(w: Bits, value: bool) -> None:
    w.put(2, 8).put(int(value), 1)


def lua_number(w: Bits, value: float) -> None:
    w.put(3, 8).put(f32_bits(value), 32)


def lua_string(w: Bits, text: str) -> None:
    data = text.encode()
    w.put(4, 8).put(len(data), 32).align().raw(data)


def lua_dict(w: Bits, pairs) -> None:
    w.put(5, 8).put(len(pairs), 32).put(0, 1)
    for key, value in pairs:
        key(w)
        value(w)


def lua_array(w: Bits, elements, offset: int = 1) -> None:
    w.put(5, 8).put(len(elements), 32).put(1, 1).put(offset, 32)
    for element in elements:
        element(w)


def lua_int32(w: Bits, value: int) -> None:
    w.put(6, 8).put(value & 0xFFFFFFFF, 32)


def lua_int16(w: Bits, value: int) -> None:
    w.put(7, 8).put(value & 0xFFFF, 16)


def lua_int8(w: Bits, value: int) -> None:
    w.put(8, 8).put(value & 0xFF, 8)


def lua_userdata(w: Bits, type_id: int, *fields: tuple[int, int]) -> None:
    w.put(100, 8).put(type_id, 32)
    for value, n in fields:
        w.put(value, n)


def lua_weak_ref(w: Bits, ref_id: int, flag: bool) -> None:
    w.put(101, 8).put(ref_id, 32).put(int(flag), 1)


def L(fn, *args):
    """A value writer for nesting: ``L(lua_bool, True)``."""
    return lambda w: fn(w, *args)


def lua_object(*writers, version: int = 1, tail: bytes = b"") -> bytes:
    """Magic "LUA", be u32 version, then the data bits (padded to a byte) and ``tail``."""
    w = Bits()
    for write in writers:
        write(w)
    return b"LUA" + be("I", version) + w.bytes() + tail


def lua_value(node):
    """A parsed LuaSaveData as plain Python: None, bool, float, str, int, dict, list,
    ("userdata", name, fields), ("weak_script_ref", id, flag) or ("cut", rest)."""
    kind = node.header.type_id
    v = node.value
    if kind == LuaType.nil_value:
        return None
    if kind in (LuaType.boolean,):
        return v.value
    if kind == LuaType.number:
        return v.value.value
    if kind == LuaType.string:
        return v.value
    if kind in (LuaType.int32, LuaType.int16, LuaType.int8):
        return v.value
    if kind == LuaType.table:
        if v.header.count == 0:
            return [] if v.header.is_array else {}
        if v.header.is_array:
            return [lua_value(e) for e in v.elements]
        return {_key(lua_value(p.key)): (lua_value(p.value) if not p.key.is_cut else None)
                for p in v.pairs}
    if kind == LuaType.userdata:
        data = v.data
        if not v.header.is_documented:
            return ("cut", data.rest)
        fields = {k: getattr(data, k) for k in vars(data) if not k.startswith("_")}
        for name in ("x", "y", "z", "w", "r", "g", "b", "a"):
            if hasattr(type(data), name):
                fields[name] = getattr(data, name).value
        return ("userdata", v.header.type_id.name, fields)
    if kind == LuaType.weak_script_ref:
        return ("weak_script_ref", v.ref_id, v.unknown)
    return ("cut", v.rest)


def _key(value):
    return tuple(value) if isinstance(value, list) else value


# -- the vectors ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Vector:
    cls: type
    data: bytes
    #: every byte is needed and every byte must be read: one byte less or one more fails
    fixed: bool = True


VECTORS: dict[str, Vector] = {}


def vector(name: str, cls: type, data: bytes, fixed: bool = True) -> bytes:
    VECTORS[name] = Vector(cls, data, fixed)
    return data


def spec_of(cls: type) -> str:
    return cls.__module__.rsplit(".", 1)[1]


def parsed(name: str):
    v = VECTORS[name]
    return parse_all(v.cls, v.data)


# Shared structures.
vector("string", SmString, string("Alice \u00e9"))
vector("string_empty", SmString, string(""))

OPTION_UUIDS = [f"{i:08x}-1111-4222-8333-{i:012x}" for i in range(1, 10)]
CUSTOMIZATION = (be("I", 2) + be("B", 1) + be("B", 9)
                 + b"".join(uuid_be(u) for u in OPTION_UUIDS) + be("9I", *range(10, 19)))
vector("customization", SmCharacterCustomization, CUSTOMIZATION)
vector("customization_none", SmCharacterCustomization, be("I", 2) + be("BB", 0, 0))

TERRAIN_LUA = lua_object(L(lua_dict, [(L(lua_string, "cells"), L(lua_array, [
    L(lua_int8, 3), L(lua_int16, -300), L(lua_int32, 100000)])),
    (L(lua_string, "seed"), L(lua_number, 0.5))]))
TERRAIN_UID = "61aa13d7-e715-4153-a269-4d338c0c5bd4"
WORLD_INFO_UID = "3ff36c8b-93f7-4428-ae4d-429a6f0cf77d"
OPTIONS_UID = "44ac020c-aec7-4f8b-b230-34d2e3bd23eb"
PLAYER_UID = "51868883-d2d2-4953-9135-1ab0bdc2a47e"
CHAT_UID = "46968863-090a-46b8-ad99-1159b53450fe"


def blob(uid: str, key: bytes, world_id: int, flags: int, payload: bytes) -> bytes:
    """BlobData: be UUID, be u16 key size, key, be u16 world id, u8 flags, be u32 data
    size, the payload as an LZ4 block."""
    data = lz4.block.compress(payload, store_size=False)
    return (uuid_be(uid) + be("H", len(key)) + key + be("H", world_id) + be("B", flags)
            + be("I", len(data)) + data)


WORLD_INFO = be("I", 1234) + string("$CONTENT/Terrain/World.lua") + string("World") \
    + string('{"worldSize":8}')
OPTIONS_JSON = '{"Difficulty":1,"Multiplayer":2,"PhysicsQuality":8}\n'
STEAM_ID = 76561198000000123          # universe 1, individual, instance 1
PLAYER_DATA = (be("I", 0x60) + be("Q", STEAM_ID) + be("I", 0x61)
               + be("I", 0x62) + be("I", 0xFFFFFFFF) + be("B", 0) + be("B", 5) + b"Alice"
               + CUSTOMIZATION)
CHAT = be("Q", 1705000000) + string("#ff0000Alice") + string("hello \u263a")

vector("blob_terrain", SmBlobData, blob(TERRAIN_UID, struct.pack("<I", 7), 7, 7, TERRAIN_LUA))
vector("blob_lua_key", SmBlobData, blob("01234567-89ab-4def-8123-456789abcdef",
                                        lua_object(L(lua_string, "k")), 0xFFFF, 3, b"xyz"))
vector("world_info", SmBlobWorldInfo, WORLD_INFO)
vector("gameplay_options", SmBlobGameplayOptions, string(OPTIONS_JSON))
vector("player_data", SmBlobPlayerData, PLAYER_DATA)
vector("chat_message", SmBlobChatMessage, CHAT)

# LuaObject: every LuaSaveDataType, nested tables, userdata, cuts.
USERDATA_IDS = {  # serializable ones: type id -> (name, its fields as (value, bits))
    10001: ("uuid", [(b, 8) for b in uuid_le("17bf7b5b-75a3-4530-a9a0-a8d8a4da7171")]),
    10003: ("vec3", [(f32_bits(1.0), 32), (f32_bits(-2.5), 32), (f32_bits(0.25), 32)]),
    10004: ("quat", [(f32_bits(0.0), 32), (f32_bits(0.0), 32), (f32_bits(0.0), 32),
                     (f32_bits(1.0), 32)]),
    10005: ("color", [(f32_bits(1.0), 32), (f32_bits(0.5), 32), (f32_bits(0.0), 32),
                      (f32_bits(1.0), 32)]),
    10021: ("shape", [(21, 32)]), 10022: ("body", [(22, 32)]),
    10023: ("interactable", [(23, 32)]), 10024: ("container", [(24, 32)]),
    10025: ("harvestable", [(25, 32)]), 10027: ("world", [(27, 32)]),
    10028: ("unit", [(28, 32)]), 10030: ("player", [(30, 32)]),
    10031: ("character", [(31, 32)]), 10032: ("joint", [(32, 32)]),
    10036: ("portal", [(36, 32)]), 10037: ("path_node", [(37, 32)]),
    10038: ("lift", [(38, 32)]), 10039: ("scriptable_object", [(39, 32)]),
    20002: ("tool", [(2002, 32)]),
}
vector("lua_nil", Lua, lua_object(lua_nil))
vector("lua_true", Lua, lua_object(L(lua_bool, True)))
vector("lua_number", Lua, lua_object(L(lua_number, -1.75)))
vector("lua_string", Lua, lua_object(L(lua_string, "h\u00e9llo")))
vector("lua_string_empty", Lua, lua_object(L(lua_string, "")))
vector("lua_ints", Lua, lua_object(L(lua_array, [
    L(lua_int32, -2147483648), L(lua_int32, 2147483647), L(lua_int16, -32768),
    L(lua_int16, 32767), L(lua_int8, -128), L(lua_int8, 127), L(lua_int8, 0)])))
vector("lua_empty_tables", Lua, lua_object(L(lua_array, [L(lua_dict, []), L(lua_array, [], 0)])))
# Every bit offset: booleans shift what follows by one bit, strings realign.
vector("lua_shifted", Lua, lua_object(L(lua_array, [L(lua_bool, i % 2 == 0) for i in range(9)]
                                        + [L(lua_string, "ab"), L(lua_bool, True),
                                           L(lua_number, 3.0), L(lua_bool, False)])))
NESTED = [(L(lua_bool, True), L(lua_dict, [(L(lua_int8, 1), L(lua_array, [
    L(lua_dict, [(L(lua_string, "deep"), L(lua_bool, False))]), L(lua_nil)]))])),
    (L(lua_number, 2.0), L(lua_string, "two")),
    (L(lua_string, "ref"), L(lua_weak_ref, 0xDEADBEEF, True))]
vector("lua_nested", Lua, lua_object(L(lua_dict, NESTED)))
vector("lua_userdata", Lua, lua_object(L(lua_array, [
    L(lua_userdata, type_id, *fields) for type_id, (_, fields) in USERDATA_IDS.items()]
    + [L(lua_bool, True)])))
# Undocumented values keep the rest of the object as bytes, from any bit offset.
vector("lua_json", Lua, lua_object(L(lua_array, [L(lua_bool, True), lambda w: w.put(9, 8),
                                                 L(lua_int8, 1)])) + b"\x00{}", fixed=False)
vector("lua_unknown_type", Lua, lua_object(L(lua_dict, [(L(lua_int8, 1), lambda w: w.put(42, 8))]))
       + b"\xaa\xbb", fixed=False)
vector("lua_unknown_key", Lua, lua_object(L(lua_dict, [(L(lua_bool, False), L(lua_nil)),
                                                       (lambda w: w.put(9, 8), L(lua_nil))])),
       fixed=False)
vector("lua_raycast_result", Lua, lua_object(L(lua_array, [L(lua_bool, True), L(
    lua_userdata, 10006)])) + b"\x01\x02", fixed=False)


# Packets: bodies by spec (decompressed for the compressed ones).
def packet(packet_id: int, body: bytes = b"") -> bytes:
    return bytes([packet_id]) + body


for pid, name in ((1, "hello"), (3, "request_passphrase"), (5, "client_accepted"),
                  (7, "checksums_accepted"), (10, "join_confirmation"), (51, "legacy")):
    vector(f"packet_{name}", SmPacket, packet(pid), fixed=False)
vector("packet_respond_passphrase", SmPacket,
       packet(4, b"$" + b"0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1"), fixed=False)
vector("packet_harvestable_destroy", SmPacket, packet(40, be("BBI", 1, 2, 0x1234)), fixed=False)
vector("packet_harvestable_destroy_longer", SmPacket,
       packet(40, be("BBI", 1, 2, 0x1234) + b"\x09\x08"), fixed=False)
vector("packet_compressed_body", SmPacket, packet(22, b"\xf0\x01\x02"), fixed=False)

SERVER_INFO = (be("IIII", 722, 14, 0xC0FFEE, 5000) + be("I", 2)
               + be("Q", 2811134013) + uuid_be("a1b2c3d4-0000-4000-8000-000000000001")
               + be("Q", 2**53 + 1) + uuid_be("a1b2c3d4-0000-4000-8000-000000000002")
               + string('{"custom":true}')
               + be("I", 1) + uuid_be(TERRAIN_UID) + be("H", 4) + struct.pack("<I", 1)
               + be("I", 2) + uuid_be(WORLD_INFO_UID) + be("H", 4) + struct.pack("<I", 1)
               + uuid_be(PLAYER_UID) + be("H", 4) + struct.pack("<I", 0x21)
               + be("B", 0x80))
vector("server_info", SmServerInfo, SERVER_INFO)
vector("file_checksums", SmFileChecksums, be("I", 3) + be("3I", 0xDEADBEEF, 0, 0xFFFFFFFF))
vector("file_checksums_none", SmFileChecksums, be("I", 0))
vector("checksums_denied", SmChecksumsDenied, be("I", 17))
vector("character_info", SmCharacterInfo, string("Alice") + CUSTOMIZATION)
vector("script_initialization_data", SmScriptInitializationData,
       be("I", 4242) + blob(TERRAIN_UID, struct.pack("<I", 1), 1, 7, TERRAIN_LUA), fixed=False)
vector("generic_initialization_data", SmGenericInitializationData, be("I", 4243)
       + blob(WORLD_INFO_UID, struct.pack("<I", 1), 1, 13, WORLD_INFO)
       + blob(OPTIONS_UID, struct.pack("<I", 0), 0xFFFE, 15, string(OPTIONS_JSON))
       + blob(PLAYER_UID, struct.pack("<I", 0x21), 0xFFFE, 13, PLAYER_DATA), fixed=False)
UNKNOWN_BLOB = blob("9d9d0000-0000-4000-8000-00000000abcd", b"", 5, 7, b"\x00\x01")
vector("script_data_s2c", SmScriptDataS2c, be("I", 99) + UNKNOWN_BLOB, fixed=False)
vector("script_data_s2c_empty", SmScriptDataS2c, be("I", 100), fixed=False)
vector("script_data_c2s", SmScriptDataC2s, UNKNOWN_BLOB + UNKNOWN_BLOB, fixed=False)
vector("generic_data_s2c", SmGenericDataS2c,
       be("I", 7) + blob(CHAT_UID, struct.pack("<I", 3), 0xFFFE, 20, CHAT), fixed=False)
vector("generic_data_c2s", SmGenericDataC2s,
       blob(CHAT_UID, struct.pack("<I", 0), 0xFFFE, 0, CHAT), fixed=False)
vector("display_message_warning", SmDisplayMessage, string("<WARNING>") + string("WARNING_TUNNELING"))
vector("display_message_alert", SmDisplayMessage, string("<ALERT>") + string("Example alert text"))
vector("display_message_chat", SmDisplayMessage, string("Example type") + string("Example message"))
vector("display_alert_text", SmDisplayAlertText, string("#{INFO_INVENTORY_FULL}"), fixed=False)
vector("display_alert_text_cut", SmDisplayAlertText, be("H", 4) + b"Your host does not support that shape",
       fixed=False)
vector("display_alert_text_icon_only", SmDisplayAlertText, be("H", 99) + b"Hi", fixed=False)
ITEM = "e8ce5a8b-8e8a-4e2a-a3b7-4b0e7d9c1f11"
vector("hotbar_item_changed", SmHotbarItemChanged, be("I", 3) + uuid_le(ITEM) + be("I", 0xFFFFFFFF))


def item_stack(text: str, instance: int, quantity: int, slot: int, container: int) -> bytes:
    """ItemStack: le u128 Uuid, be u32 Tool Instance ID, be u16 Quantity, be u16 Slot,
    be u32 Container ID."""
    return uuid_le(text) + be("IHHI", instance, quantity, slot, container)


NIL = "00000000-0000-0000-0000-000000000000"
TRANSACTIONS = {
    0: item_stack(ITEM, 0xFFFFFFFF, 10, 3, 7),
    1: item_stack(NIL, 0xFFFFFFFF, 0, 1, 7) + item_stack(NIL, 0xFFFFFFFF, 456, 2, 8),
    2: uuid_le(ITEM) + be("IHIB", 0xFFFFFFFF, 5, 7, 0x80),
    3: uuid_le(ITEM) + be("IHIB", 0xFFFFFFFF, 6, 8, 0x80),
    4: item_stack(ITEM, 0xFFFFFFFF, 11, 4, 7) + be("B", 1),
    5: item_stack(ITEM, 0xFFFFFFFF, 12, 5, 7) + be("B", 0),
    6: item_stack(ITEM, 0xFFFFFFFF, 13, 6, 7) + be("B", 0),
    7: item_stack(NIL, 0xFFFFFFFF, 14, 7, 7) + item_stack(NIL, 0xFFFFFFFF, 337, 8, 9) + be("B", 0),
    8: be("HII", 9, 7, 8),
    9: be("II", 7, 8),
    87: item_stack(NIL, 0xFFFFFFFF, 1, 0, 7) + item_stack(NIL, 0xFFFFFFFF, 337, 1, 7) + be("B", 0),
}
for action, data in TRANSACTIONS.items():
    vector(f"container_transaction_{action}", SmContainerTransaction,
           be("I", 1) + be("B", action) + data, fixed=False)
vector("container_transaction_none", SmContainerTransaction, be("I", 0), fixed=False)
vector("container_transaction_two", SmContainerTransaction, be("I", 2) + be("B", 5)
       + TRANSACTIONS[5] + be("B", 87) + TRANSACTIONS[87], fixed=False)
vector("drop_item_stack", SmDropItemStack, be("III", 7, 2, 10))

SHAPE = "a6c6ce30-dd47-4587-b475-085d55c6a3b4"
PLACE_HEAD = (be("II", 2, 1) + vec_zyx(1, 2, 3) + vec_zyx(-4, 5, -6) + vec_zyx(1, 0, 0)
              + vec_zyx(0, 0, 1) + vec_zyx(7, -8, 9) + uuid_le(ITEM) + uuid_le(SHAPE))
PLACED_ON = {2: bytes.fromhex("000002bb") + b"\x01\x02\x03\x04",
             3: bytes.fromhex("d20a698d") + b"\x05\x06\x07\x08",
             4: be("II", 0x31, 0x32), 6: bytes.fromhex("000002bb") + be("I", 0x33),
             8: bytes.fromhex("000002bb") + be("I", 0x34), 5: b"\x00" * 8}
for placed_on, data in PLACED_ON.items():
    vector(f"place_{placed_on}", SmPlace, PLACE_HEAD + be("B", placed_on) + data)
REMOVE_HEAD = vec_zyx(2, 3, 4) + vec_zyx(1, 1, 1)
for surface, data in {4: be("II", 0, 0x41), 6: b"\x00" * 4 + be("I", 0x42), 9: b"\x09" * 8}.items():
    vector(f"remove_{surface}", SmRemove, REMOVE_HEAD + be("B", surface) + data)
vector("remove_joint", SmRemoveJoint, be("I", 0x51))
vector("lift_delete_creation", SmLiftDeleteCreation, be("I", 0x52))
vector("lift_level", SmLiftLevel, be("Ii", 0x53, -3))
for flags in (0x10, 0x20, 0x30, 0x40, 0x11, 0x12, 0x13, 0xFF, 0x00):
    vector(f"connect_{flags:02x}", SmConnect, be("IIB", 0x71, 0x72, flags))
BLUEPRINT = b'{"bodies":[{"childs":[]}],"version":4}'
BLUEPRINT_LZ4 = lz4.block.compress(BLUEPRINT, store_size=False)
vector("lift_import_creation", SmLiftImportCreation,
       be("III", 0x54, len(BLUEPRINT), len(BLUEPRINT_LZ4)) + BLUEPRINT_LZ4, fixed=False)
INTERACT = {
    "set_seated": be("BII", 0x90, 0x81, 0x82),
    "other": be("BIB", 0x80, 0x83, 1),
    "suspension_height": be("BIH", 0x60, 0x84, 3),
    **{f"bearing_{index}": be("B", 0xFA) + bytes(range(14)) + be("BB", index, 0xEE)
       + be("f", 1.5 * index) for index in (1, 2, 3, 4)},
    "bearing_lock": be("B", 0xFA) + bytes(range(14)) + be("BBB", 0x10, 0xEE, 1),
    "bearing_unknown": be("B", 0xFA) + bytes(range(14)) + be("BB", 0x07, 0xEE) + b"\x01\x02",
    "unknown_type": be("B", 0x33) + b"\x01\x02\x03",
    "other_longer": be("BIB", 0x80, 0x83, 0) + b"\x07",
}
for name, body in INTERACT.items():
    vector(f"packet_interact_{name}", SmPacket, packet(50, body), fixed=False)


# -- shared structures ------------------------------------------------------------------------
def test_string_is_a_be_u16_size_and_utf8_text():
    s = parsed("string")
    assert (s.len_text, s.text) == (len("Alice \u00e9".encode()), "Alice \u00e9")
    assert parsed("string_empty").text == ""
    lossy = parse(SmString, be("H", 3) + b"\xff\xfe\xfd")     # not UTF-8: kept, U+FFFD
    assert (lossy.text, lossy.text.raw) == ("\ufffd" * 3, b"\xff\xfe\xfd")


def test_character_customization():
    c = parsed("customization")
    assert (c.version, c.gender, c.num_options) == (2, SmCharacterCustomization.Gender.female, 9)
    Option = SmCharacterCustomization.CustomizationOption
    assert [octets(u) for u in c.option_uuids] == [uuid_be(u) for u in OPTION_UUIDS]
    assert c.option_palette_indices == list(range(10, 19))
    assert [o.value for o in Option] == list(range(9))
    assert c.option_uuids[Option.backpack].octets == uuid_be(OPTION_UUIDS[8])
    none = parsed("customization_none")
    assert none.gender == SmCharacterCustomization.Gender.male
    assert none.option_uuids == [] and none.option_palette_indices == []


def test_blob_data_keeps_its_lz4_data_and_names_the_payload():
    b = parsed("blob_terrain")
    assert octets(b.uid) == uuid_be(TERRAIN_UID)
    assert (b.len_key, b.key, b.key_u32) == (4, b"\x07\x00\x00\x00", 7)
    assert (b.world_id, b.flags) == (7, 7)
    assert b.len_data == len(b.data)
    assert b.known_uid == SmBlobData.KnownUid.terrain_data
    payload = lz4.block.decompress(b.data, uncompressed_size=len(TERRAIN_LUA))
    terrain = parse_all(Lua, payload)
    assert lua_value(terrain.data) == {"cells": [3, -300, 100000], "seed": 0.5}
    other = parsed("blob_lua_key")
    assert other.known_uid == SmBlobData.KnownUid.unknown
    assert other.world_id == SmBlobData.SpecialWorldId.any_world
    assert other.key_u32 is None
    assert lua_value(parse_all(Lua, other.key).data) == "k"       # a Lua Object key


@pytest.mark.parametrize("uid, known", [
    (TERRAIN_UID, "terrain_data"), (WORLD_INFO_UID, "world_info"),
    (OPTIONS_UID, "gameplay_options"), (PLAYER_UID, "player_data"), (CHAT_UID, "chat_message"),
    (str(uuid.UUID(bytes=uuid_le(CHAT_UID))), "unknown")])    # a uid's bytes reversed: unknown
def test_blob_data_known_uids(uid, known):
    b = parse_all(SmBlobData, blob(uid, b"", 0xFFFE, 0, b""))
    assert b.known_uid.name == known
    assert b.world_id == SmBlobData.SpecialWorldId.no_world
    assert b.len_key == 0 and b.key == b""


def test_blob_payloads():
    w = parsed("world_info")
    assert (w.seed, w.filename.text, w.classname.text, w.terrain_params.text) == (
        1234, "$CONTENT/Terrain/World.lua", "World", '{"worldSize":8}')
    assert parsed("gameplay_options").options.text == OPTIONS_JSON
    options = json.loads(OPTIONS_JSON)
    assert SmBlobGameplayOptions.Difficulty(options["Difficulty"]).name == "normal"
    assert SmBlobGameplayOptions.Multiplayer(options["Multiplayer"]).name == "friends_of_friends"
    assert SmBlobGameplayOptions.PhysicsQuality(options["PhysicsQuality"]).name == "advanced"
    p = parsed("player_data")
    assert (p.character_id, p.steam_id_64, p.inventory_container_id, p.carry_container_id) == (
        0x60, STEAM_ID, 0x61, 0x62)
    assert (p.steam_id.universe, p.steam_id.account_type, p.steam_id.instance) == (1, 1, 1)
    assert (p.carry_color, p.unknown, p.len_name, p.name) == (0xFFFFFFFF, 0, 5, "Alice")
    assert p.character_customization.num_options == 9
    c = parsed("chat_message")
    assert (c.timestamp.high, c.timestamp.low, c.timestamp_seconds) == (0, 1705000000, 1705000000)
    assert (c.sender.text, c.message.text) == ("#ff0000Alice", "hello \u263a")


def test_value_tables_of_the_pages():
    """Tables whose values sit inside text or bitfields, as the pages list them."""
    def table(enum):
        return {m.value: m.name for m in enum}
    assert table(SmBlobGameplayOptions.Difficulty) == {0: "easy", 1: "normal"}
    assert table(SmBlobGameplayOptions.Multiplayer) == {
        0: "private", 1: "friends_only", 2: "friends_of_friends", 3: "public"}
    assert table(SmBlobGameplayOptions.PhysicsQuality) == {0: "simple_1", 8: "advanced"}
    assert table(SmCharacterCustomization.CustomizationOption) == {
        0: "face", 1: "hair", 2: "facial_hair", 3: "torso", 4: "gloves", 5: "shoes",
        6: "pants", 7: "hat", 8: "backpack"}
    assert table(SmConnect.InteractionFlag) == {0x10: "connect", 0x20: "disconnect",
                                                0x40: "reverse_direction"}
    assert table(SmConnect.ConnectionFlag) == {0x01: "standard", 0x02: "bearing"}
    assert table(SmBlobData.SpecialWorldId) == {0xFFFE: "no_world", 0xFFFF: "any_world"}
    assert table(LuaType) == {1: "nil_value", 2: "boolean", 3: "number", 4: "string",
                              5: "table", 6: "int32", 7: "int16", 8: "int8", 9: "json",
                              100: "userdata", 101: "weak_script_ref"}
    assert len(Userdata) == 32 and {m.value for m in Userdata} >= set(USERDATA_IDS)


# -- LuaObject --------------------------------------------------------------------------------
def test_lua_object_scalars():
    for name, value in (("lua_nil", None), ("lua_true", True), ("lua_number", -1.75),
                        ("lua_string", "h\u00e9llo"), ("lua_string_empty", "")):
        obj = parsed(name)
        assert obj.magic == b"LUA" and obj.version == 1
        assert lua_value(obj.data) == value, name
    number = parsed("lua_number").data.value
    assert number.value_bits == f32_bits(-1.75)
    boolean = parsed("lua_true")
    assert boolean.data.end_bit_offset == 1 and boolean.padding == [False] * 7
    text = parsed("lua_string").data.value
    assert text.len_value == len("h\u00e9llo".encode()) and text.padding == []


def test_lua_object_integers_are_signed():
    obj = parsed("lua_ints")
    assert lua_value(obj.data) == [-2147483648, 2147483647, -32768, 32767, -128, 127, 0]
    assert [e.header.type_id for e in obj.data.value.elements] == [
        LuaType.int32, LuaType.int32, LuaType.int16, LuaType.int16, LuaType.int8,
        LuaType.int8, LuaType.int8]
    assert obj.data.value.header.offset == 1


def test_lua_object_empty_tables():
    obj = parsed("lua_empty_tables")
    inner = obj.data.value.elements
    assert lua_value(obj.data) == [{}, []]
    assert absent(inner[0].value, "pairs") and absent(inner[1].value, "elements")
    assert inner[1].value.header.offset == 0


def test_lua_object_bits_shift_and_strings_realign():
    obj = parsed("lua_shifted")
    assert lua_value(obj.data) == [i % 2 == 0 for i in range(9)] + ["ab", True, 3.0, False]
    elements = obj.data.value.elements
    # The array's Is Array bit leaves the first element one bit into a byte; every boolean
    # moves the next value one bit further, modulo 8.
    assert [e.bit_offset for e in elements[:10]] == [1, 2, 3, 4, 5, 6, 7, 0, 1, 2]
    string_value = elements[9].value
    assert len(string_value.padding) == 6 and elements[9].end_bit_offset == 0
    assert [e.bit_offset for e in elements[10:]] == [0, 1, 1]
    assert obj.data.end_bit_offset == 2 and len(obj.padding) == 6
    assert [e.element_index for e in elements] == list(range(13))


def test_lua_object_nested_tables():
    obj = parsed("lua_nested")
    assert lua_value(obj.data) == {
        True: {1: [{"deep": False}, None]}, 2.0: "two",
        "ref": ("weak_script_ref", 0xDEADBEEF, True)}
    pairs = obj.data.value.pairs
    assert [p.pair_index for p in pairs] == [0, 1, 2]
    assert pairs[2].value.end_bit_offset == pairs[2].value.bit_offset + 1
    assert not obj.data.is_cut


def test_lua_object_every_serializable_userdata():
    obj = parsed("lua_userdata")
    values = lua_value(obj.data)
    assert values[-1] is True
    by_name = {v[1]: v[2] for v in values[:-1]}
    assert list(by_name) == [name for name, _ in USERDATA_IDS.values()]
    assert by_name["uuid"]["uuid"] == list(uuid_le("17bf7b5b-75a3-4530-a9a0-a8d8a4da7171"))
    assert (by_name["vec3"]["x"], by_name["vec3"]["y"], by_name["vec3"]["z"]) == (1.0, -2.5, 0.25)
    assert [by_name["quat"][c] for c in "xyzw"] == [0.0, 0.0, 0.0, 1.0]
    assert [by_name["color"][c] for c in "rgba"] == [1.0, 0.5, 0.0, 1.0]
    ids = {name: next(v for k, v in fields.items() if k.endswith("_id"))
           for name, fields in by_name.items() if name not in ("uuid", "vec3", "quat", "color")}
    assert ids == {name: fields[0][0] for name, fields in USERDATA_IDS.values()
                   if name not in ("uuid", "vec3", "quat", "color")}
    # Serializable types are those the page describes; the others are not.
    for member in Userdata:
        data = lua_object(L(lua_userdata, member.value)) + b"\x00" * 16
        node = parse(Lua, data).data
        assert node.value.header.is_documented == (member.value in USERDATA_IDS), member


def test_lua_object_undocumented_values_keep_the_rest():
    obj = parsed("lua_json")
    array = obj.data.value
    assert [e.header.type_id for e in array.elements] == [LuaType.boolean, LuaType.json]
    json_value = array.elements[1].value
    # After the array's bit and the boolean's, 6 bits of the byte are left: the start of
    # what the writer put after the Json tag (an Int8 1, then the closing padding).
    after = "00001000" + "00000001" + "000000"
    assert json_value.rest_bits == [c == "1" for c in after[:6]]
    assert json_value.rest == int(after[6:], 2).to_bytes(2, "big") + b"\x00{}"
    assert obj.data.is_cut and obj.padding == []
    unknown = parsed("lua_unknown_type")
    pair = unknown.data.value.pairs[0]
    assert pair.value.header.type_id == 42 and pair.is_cut
    assert pair.value.value.rest == b"\xaa\xbb"
    key = parsed("lua_unknown_key").data.value.pairs
    assert len(key) == 2 and key[1].key.is_cut and absent(key[1], "value")
    raycast = parsed("lua_raycast_result").data.value.elements[1].value
    assert raycast.header.type_id == Userdata.raycast_result and raycast.is_cut
    assert raycast.data.rest_bits == [False] * 6 and raycast.data.rest == b"\x01\x02"


def test_lua_object_refuses_a_wrong_magic_and_lying_sizes():
    with pytest.raises(ParseError):
        parse(Lua, b"LUB" + be("I", 1) + b"\x01")
    w = Bits()
    w.put(4, 8).put(50, 32).align().raw(b"short")           # a string of 50 bytes has 5
    with pytest.raises(ParseError):
        parse(Lua, b"LUA" + be("I", 1) + w.bytes())
    w = Bits()
    w.put(5, 8).put(0xFFFFFFFF, 32).put(1, 1).put(1, 32)     # 4 billion elements, none there
    with pytest.raises(ParseError):
        parse(Lua, b"LUA" + be("I", 1) + w.bytes())


def test_lua_object_nesting_deeper_than_the_parser_goes_is_an_error():
    w = Bits()
    for _ in range(5000):
        w.put(5, 8).put(1, 32).put(1, 1).put(1, 32)          # [[[[ ... ]]]]
    lua_nil(w)
    with pytest.raises(ParseError):
        parse(Lua, b"LUA" + be("I", 1) + w.bytes())


# -- packets not compressed, routed by sm_packet ------------------------------------------------
@pytest.mark.parametrize("name, packet_id", [
    ("hello", 1), ("request_passphrase", 3), ("client_accepted", 5),
    ("checksums_accepted", 7), ("join_confirmation", 10), ("legacy", 51)])
def test_packets_without_data(name, packet_id):
    p = parsed(f"packet_{name}")
    assert p.packet_id == PacketId(packet_id) and p.packet_id.name == name
    assert spec_of(type(p.body)) == f"sm_{name}"
    assert p.body._io.size() == 0
    longer = parse(SmPacket, packet(packet_id, b"\x00"))
    with pytest.raises(ParseError):
        check_consumed(longer.body, 1, "body")


def test_respond_passphrase():
    p = parsed("packet_respond_passphrase")
    assert isinstance(p.body, SmRespondPassphrase)
    assert (p.body.size, p.body.passphrase) == (0x24, "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f1")
    assert parse(SmPacket, packet(4, b"$")).body.passphrase == ""


def test_harvestable_destroy():
    p = parsed("packet_harvestable_destroy").body
    assert isinstance(p, SmHarvestableDestroy)
    assert (p.unknown, p.unknown_2, p.effect_id, p.unknown_rest) == (1, 2, 0x1234, b"")
    assert parsed("packet_harvestable_destroy_longer").body.unknown_rest == b"\x09\x08"
    with pytest.raises(ParseError):
        parse(SmPacket, packet(40, be("BB", 1, 2) + b"\x00\x00"))


def test_compressed_and_undocumented_bodies_stay_bytes():
    assert parsed("packet_compressed_body").body == b"\xf0\x01\x02"
    for packet_id in (0, 12, 14, 20, 23, 36, 41, 53, 255):
        p = parse(SmPacket, packet(packet_id, b"\x01\x02"))
        assert p.body == b"\x01\x02" and p.packet_id == packet_id


def test_interact_packet_types():
    body = {n: parsed(f"packet_interact_{n}").body for n in INTERACT}
    T = SmInteract.PacketType
    seated = body["set_seated"]
    assert seated.packet_type == T.set_seated
    assert (seated.data.interactable_id, seated.data.player_id, seated.unknown_rest) == (
        0x81, 0x82, b"")
    assert (body["other"].packet_type, body["other"].data.interactable_id,
            body["other"].data.state) == (T.other, 0x83, 1)
    assert body["other_longer"].unknown_rest == b"\x07"
    suspension = body["suspension_height"]
    assert (suspension.packet_type, suspension.data.value) == (T.suspension_height, 3)
    Setting = SmInteract.BearingSettingIndex
    for index in (1, 2, 3, 4):
        bearing = body[f"bearing_{index}"]
        assert bearing.packet_type == T.bearing_setting
        assert bearing.data.unknown == bytes(range(14)) and bearing.data.unknown_2 == b"\xee"
        assert bearing.data.setting == Setting(index) and bearing.data.is_float_setting
        assert bearing.data.float_value == 1.5 * index and absent(bearing.data, "lock_value")
        assert len(VECTORS[f"packet_interact_bearing_{index}"].data) == 1 + 21
    lock = body["bearing_lock"].data
    assert (lock.setting, lock.lock_value) == (Setting.bearing_lock, 1)
    assert absent(lock, "float_value")
    assert len(VECTORS["packet_interact_bearing_lock"].data) == 1 + 18
    unknown_setting = body["bearing_unknown"]
    assert unknown_setting.data.setting == 7 and unknown_setting.unknown_rest == b"\x01\x02"
    unknown = body["unknown_type"]
    assert unknown.packet_type == 0x33 and unknown.data.data == b"\x01\x02\x03"


# -- packets documented as LZ4 compressed: their expanded bodies ----------------------------------
def test_server_info():
    s = parsed("server_info")
    assert (s.version, s.gamemode, s.seed, s.gametick) == (
        722, SmServerInfo.Gamemode.survival, 0xC0FFEE, 5000)
    assert s.num_mods == 2
    assert [(m.file_id.value, octets(m.mod_uuid)) for m in s.mods] == [
        (2811134013, uuid_be("a1b2c3d4-0000-4000-8000-000000000001")),
        (2**53 + 1, uuid_be("a1b2c3d4-0000-4000-8000-000000000002"))]
    assert (s.mods[1].file_id.high, s.mods[1].file_id.low) == (0x00200000, 1)
    assert s.game_data.text == '{"custom":true}'
    assert s.num_script_keys == 1 and octets(s.script_data[0].uid) == uuid_be(TERRAIN_UID)
    assert (s.script_data[0].key_size, s.script_data[0].key_le) == (4, 1)
    assert s.num_generic_keys == 2
    assert [g.key_le for g in s.generic_data] == [1, 0x21]
    assert s.flags.developer_mode is True and s.flags.unknown == 0


@pytest.mark.parametrize("value, name", [
    (0, "alpha_terrain"), (1, "flat_terrain"), (2, "classic_terrain"),
    (3, "created_terrain_test"), (4, "created_terrain"), (5, "challenge"),
    (6, "challenge_builder"), (7, "terrain"), (8, "menu_creation"), (14, "survival"),
    (15, "custom"), (16, "development")])
def test_server_info_gamemodes(value, name):
    data = be("IIII", 1, value, 2, 3) + be("I", 0) + string("") + be("II", 0, 0) + b"\x00"
    s = parse_all(SmServerInfo, data)
    assert s.gamemode.name == name
    assert s.flags.developer_mode is False and s.mods == []


def test_file_checksums_and_denied():
    c = parsed("file_checksums")
    assert (c.num_checksums, c.checksums) == (3, [0xDEADBEEF, 0, 0xFFFFFFFF])
    assert parsed("file_checksums_none").checksums == []
    assert parsed("checksums_denied").index == 17
    with pytest.raises(ParseError):
        parse(SmFileChecksums, be("I", 0xFFFFFFFF) + be("I", 1))     # a count that lies


def test_character_info():
    c = parsed("character_info")
    assert c.name.text == "Alice"
    assert c.character_customization.gender == SmCharacterCustomization.Gender.female


def test_initialization_data_blobs():
    s = parsed("script_initialization_data")
    assert s.game_tick == 4242 and len(s.blobs) == 1
    assert s.blobs[0].known_uid == SmBlobData.KnownUid.terrain_data
    g = parsed("generic_initialization_data")
    assert g.game_tick == 4243
    assert [b.known_uid.name for b in g.blobs] == ["world_info", "gameplay_options", "player_data"]
    assert [b.flags for b in g.blobs] == [13, 15, 13]
    payloads = [SmBlobWorldInfo, SmBlobGameplayOptions, SmBlobPlayerData]
    expected = [WORLD_INFO, string(OPTIONS_JSON), PLAYER_DATA]
    for b, cls, raw in zip(g.blobs, payloads, expected, strict=True):
        data = lz4.block.decompress(b.data, uncompressed_size=len(raw))
        assert data == raw
        parse_all(cls, data)


def test_script_and_generic_data():
    s2c = parsed("script_data_s2c")
    assert s2c.game_tick == 99 and [b.world_id for b in s2c.blobs] == [5]
    assert parsed("script_data_s2c_empty").blobs == []
    assert len(parsed("script_data_c2s").blobs) == 2
    chat_s2c = parsed("generic_data_s2c")
    assert chat_s2c.game_tick == 7
    [b] = chat_s2c.blobs
    assert (b.known_uid, b.key_u32, b.world_id, b.flags) == (
        SmBlobData.KnownUid.chat_message, 3, SmBlobData.SpecialWorldId.no_world, 20)
    [c] = parsed("generic_data_c2s").blobs
    assert (c.key_u32, c.flags) == (0, 0)
    message = parse_all(SmBlobChatMessage, lz4.block.decompress(c.data, uncompressed_size=len(CHAT)))
    assert message.message.text == "hello \u263a"
    with pytest.raises(ParseError):
        parse(SmScriptDataC2s, UNKNOWN_BLOB[:-1])                 # data size says one more


def test_display_message_locations():
    Loc = SmDisplayMessage.Location
    Special = SmDisplayMessage.SpecialMessage
    w = parsed("display_message_warning")
    assert (w.len_message_type, w.message_type, w.len_message, w.message) == (
        9, "<WARNING>", 17, "WARNING_TUNNELING")
    assert (w.location, w.special_message) == (Loc.popup, Special.warning_tunneling)
    a = parsed("display_message_alert")
    assert (a.location, a.special_message, a.message) == (
        Loc.alert_text, Special.none, "Example alert text")
    c = parsed("display_message_chat")
    assert (c.location, c.message_type, c.message) == (Loc.chat, "Example type", "Example message")


@pytest.mark.parametrize("special", list(SmDisplayMessage.SpecialMessage))
def test_display_message_special_messages(special):
    text = special.name.upper() if special.value else "Example popup"
    w = parse_all(SmDisplayMessage, string("<WARNING>") + string(text))
    assert w.special_message == special
    if special.value:   # the same text outside a pop-up is no special message
        chat = parse_all(SmDisplayMessage, string("<ALERT>") + string(text))
        assert chat.special_message == SmDisplayMessage.SpecialMessage.none


def test_display_alert_text_sizes():
    Known = SmDisplayAlertText.KnownMessage
    t = parsed("display_alert_text")
    assert (t.len_message, t.message, t.len_sent) == (22, "#{INFO_INVENTORY_FULL}", 22)
    assert (t.is_cut, t.shows_text, t.known_message) == (False, True, Known.info_inventory_full)
    cut = parsed("display_alert_text_cut")
    assert (cut.len_message, cut.is_cut, cut.shows_text) == (4, True, True)
    assert cut.known_message == Known.host_does_not_support_shape
    icon = parsed("display_alert_text_icon_only")
    assert (icon.len_message, icon.message, icon.shows_text, icon.known_message) == (
        99, "Hi", False, Known.other)


def test_hotbar_item_changed():
    h = parsed("hotbar_item_changed")
    assert (h.character_id, octets(h.uuid), h.tool_instance_id) == (3, uuid_le(ITEM), 0xFFFFFFFF)


def _stack(s, text, instance, quantity, slot, container):
    assert (octets(s.uuid), s.tool_instance_id, s.quantity, s.slot, s.container_id) == (
        uuid_le(text), instance, quantity, slot, container)


def test_container_transaction_actions():
    A = SmContainerTransaction.Action
    t = {a: parsed(f"container_transaction_{a}") for a in TRANSACTIONS}
    for action, obj in t.items():
        assert obj.num_transactions == 1 and absent(obj, "more_transactions")
        assert obj.transaction.action == (A(action) if action < 10 else action)
    _stack(t[0].transaction.data.to_stack, ITEM, 0xFFFFFFFF, 10, 3, 7)
    swap = t[1].transaction.data
    _stack(swap.from_stack, NIL, 0xFFFFFFFF, 0, 1, 7)
    _stack(swap.to_stack, NIL, 0xFFFFFFFF, 456, 2, 8)
    for action, quantity, container in ((2, 5, 7), (3, 6, 8)):
        d = t[action].transaction.data
        assert (octets(d.uuid), d.unknown, d.quantity, d.container_id, d.unknown_2) == (
            uuid_le(ITEM), 0xFFFFFFFF, quantity, container, 0x80)
    for action, quantity, slot, flag in ((4, 11, 4, 1), (5, 12, 5, 0)):
        d = t[action].transaction.data
        _stack(d.to_stack, ITEM, 0xFFFFFFFF, quantity, slot, 7)
        assert d.unknown == flag
    _stack(t[6].transaction.data.from_stack, ITEM, 0xFFFFFFFF, 13, 6, 7)
    move = t[7].transaction.data
    _stack(move.from_stack, NIL, 0xFFFFFFFF, 14, 7, 7)
    _stack(move.to_stack, NIL, 0xFFFFFFFF, 337, 8, 9)
    assert move.unknown == 0
    d = t[8].transaction.data
    assert (d.from_slot, d.from_container_id, d.to_container_id) == (9, 7, 8)
    d = t[9].transaction.data
    assert (d.from_container_id, d.to_container_id) == (7, 8)
    default = t[87].transaction.data            # Default Action: read as Move
    assert type(default).__name__ == "ActionMove" and default.to_stack.quantity == 337


def test_container_transaction_counts_0_and_2():
    none = parsed("container_transaction_none")
    assert absent(none, "transaction") and absent(none, "more_transactions")
    two = parsed("container_transaction_two")
    assert two.num_transactions == 2
    assert two.transaction.action == SmContainerTransaction.Action.collect_to_slot_or_collect
    [second] = two.more_transactions            # the same format; Action 87: a Move
    assert second.action == 87 and type(second.data).__name__ == "ActionMove"
    _stack(second.data.to_stack, NIL, 0xFFFFFFFF, 337, 1, 7)


def test_drop_item_stack_follows_the_field_names():
    d = parsed("drop_item_stack")
    assert (d.container_id, d.slot, d.quantity) == (7, 2, 10)


def test_place_surfaces():
    P = SmPlace.PlacedOn
    for placed_on in PLACED_ON:
        p = parsed(f"place_{placed_on}")
        assert (p.hotbar_index, p.total_item_quantity) == (2, 1)
        assert (p.size.z, p.size.y, p.size.x) == (1, 2, 3)
        s = p.local_position_start
        assert (s.x, s.y, s.z) == (-6, 5, -4)
        assert (p.z_axis.z, p.x_axis.x) == (1, 1)
        assert (p.local_position.x, p.local_position.y, p.local_position.z) == (9, -8, 7)
        assert (octets(p.item_uuid), octets(p.shape_uuid)) == (uuid_le(ITEM), uuid_le(SHAPE))
        assert p.placed_on == (P(placed_on) if placed_on != 5 else 5)
        assert len(VECTORS[f"place_{placed_on}"].data) == 109
    terrain = parsed("place_2").placed_on_data
    assert (terrain.unknown, terrain.unknown_2) == (bytes.fromhex("000002bb"), b"\x01\x02\x03\x04")
    assert parsed("place_3").placed_on_data.unknown == bytes.fromhex("d20a698d")
    body = parsed("place_4").placed_on_data
    assert (body.shape_id, body.body_id) == (0x31, 0x32)
    assert parsed("place_6").placed_on_data.lift_id == 0x33
    assert parsed("place_8").placed_on_data.joint_id == 0x34
    assert parsed("place_5").placed_on_data == b"\x00" * 8


def test_remove_surfaces():
    R = SmRemove.RemovedSurface
    body = parsed("remove_4")
    high, low = body.local_position_high, body.local_position_low
    assert (high.z, high.y, high.x, low.x) == (2, 3, 4, 1)
    assert body.removed_surface == R.body
    assert (body.removed_surface_data.shape_id, body.removed_surface_data.body_id) == (0, 0x41)
    lift = parsed("remove_6")
    assert lift.removed_surface == R.lift
    assert (lift.removed_surface_data.unknown, lift.removed_surface_data.lift_id) == (
        b"\x00" * 4, 0x42)
    other = parsed("remove_9")
    assert other.removed_surface == 9 and other.removed_surface_data == b"\x09" * 8
    assert len(VECTORS["remove_4"].data) == 33


def test_small_client_packets():
    assert parsed("remove_joint").joint_id == 0x51
    assert parsed("lift_delete_creation").lift_id == 0x52
    level = parsed("lift_level")
    assert (level.lift_id, level.level_change) == (0x53, -3)


@pytest.mark.parametrize("flags", [0x10, 0x20, 0x30, 0x40, 0x11, 0x12, 0x13, 0xFF, 0x00])
def test_connect_flags(flags):
    c = parsed(f"connect_{flags:02x}")
    f = c.flags
    assert (c.child_id, c.parent_id) == (0x71, 0x72)
    assert (f.unused, f.reverse_direction, f.disconnect, f.connect) == tuple(
        bool(flags & bit) for bit in (0x80, 0x40, 0x20, 0x10))
    assert f.unused_2 == (flags >> 2) & 3
    assert (f.bearing, f.standard) == (bool(flags & 2), bool(flags & 1))
    assert f.value == flags & 0x73
    documented = {m.value for m in SmConnect.InteractionFlag} | {
        m.value for m in SmConnect.ConnectionFlag}
    assert sum(documented) == 0x73


def test_lift_import_creation():
    c = parsed("lift_import_creation")
    assert (c.lift_id, c.uncompressed_size, c.len_compressed_blueprint_data) == (
        0x54, len(BLUEPRINT), len(BLUEPRINT_LZ4))
    assert lz4.block.decompress(c.compressed_blueprint_data,
                                uncompressed_size=c.uncompressed_size) == BLUEPRINT
    assert c.unknown_rest == b""


# -- every documented packet as a sub-packet of 29 Compound ---------------------------------------
#: packet id -> a vector of its body (compressed ids: their body spec; the others: the body
#: sm_packet routes)
SUB_PACKETS = {
    2: "server_info", 6: "file_checksums", 8: "checksums_denied", 9: "character_info",
    11: "script_initialization_data", 13: "generic_initialization_data",
    18: "display_message_warning", 19: "display_alert_text", 25: "script_data_s2c",
    26: "script_data_c2s", 27: "generic_data_s2c", 28: "generic_data_c2s",
    31: "hotbar_item_changed", 32: "container_transaction_7", 33: "drop_item_stack",
    34: "place_4", 35: "remove_6", 39: "remove_joint", 43: "lift_delete_creation",
    44: "connect_11", 45: "lift_import_creation", 52: "lift_level",
    1: "packet_hello", 3: "packet_request_passphrase", 4: "packet_respond_passphrase",
    5: "packet_client_accepted", 7: "packet_checksums_accepted", 10: "packet_join_confirmation",
    40: "packet_harvestable_destroy", 50: "packet_interact_bearing_lock", 51: "packet_legacy",
}


def test_every_documented_id_is_named_and_every_page_is_a_sub_packet():
    assert set(SUB_PACKETS) | {21, 22, 24, 29, 30} == {int(p) for p in PacketId}
    bodies = {pid: (VECTORS[name].data[1:] if VECTORS[name].cls is SmPacket
                    else VECTORS[name].data) for pid, name in SUB_PACKETS.items()}
    compound = b"".join(be("I", len(body) + 1) + bytes([pid]) + body
                        for pid, body in bodies.items())
    obj = parse_all(SmCompoundBody, compound)
    assert [int(s.packet_id) for s in obj.subpackets] == list(bodies)
    for sub in obj.subpackets:
        name = SUB_PACKETS[int(sub.packet_id)]
        vector_ = VECTORS[name]
        if vector_.cls is SmPacket:
            routed = parse_all(SmPacket, bytes([int(sub.packet_id)]) + sub.body)
            assert spec_of(type(routed.body)) == spec_of(type(parsed(name).body))
            assert to_jsonable(routed) == to_jsonable(parsed(name))
        else:
            assert to_jsonable(parse_all(vector_.cls, sub.body)) == to_jsonable(parsed(name))
        assert sub.packet_id.name in spec_of(vector_.cls) + name


# -- every vector: bounds, writing back, and the Web IDE --------------------------------------------
@pytest.mark.parametrize("name", sorted(VECTORS))
def test_truncated_and_overlong_vectors(name):
    v = VECTORS[name]
    obj = parse(v.cls, v.data)
    check_consumed(obj, len(v.data))
    if not v.fixed:
        return
    with pytest.raises(ParseError):
        parse(v.cls, v.data[:-1])
    longer = parse(v.cls, v.data + b"\x00")
    with pytest.raises(ParseError):
        check_consumed(longer, len(v.data) + 1)


def _params(obj) -> tuple:
    return tuple(getattr(obj, n) for n in roundtrip.param_names(type(obj)))


@pytest.mark.parametrize("name", sorted(VECTORS))
def test_vector_is_written_back_by_the_read_write_classes(name):
    v = VECTORS[name]
    # Read with the read-write class, checked and written: the same bytes, the same values.
    assert roundtrip.round_trip(roundtrip.Sample(v.cls, (), v.data, name)) == "ok"
    # Built from the values the read-only class parsed: the same bytes. A routed packet
    # body is a substream taking the rest of the packet, so the packet's size is given.
    obj = parse(v.cls, v.data)
    info = type_info("scrap_mechanic", spec_of(v.cls))
    size = len(v.data) if v.cls is SmPacket else None
    assert encode_fields(info, to_jsonable(obj), size=size) == v.data


def test_vectors_open_in_the_web_ide_and_agree_with_python(tmp_path):
    """Every vector, parsed by the JavaScript build of its spec (the Web IDE's compiler and
    runtime, under Node), gives what Python gives: the bit streams included."""
    out = tmp_path / "export"
    (out / "ksy").mkdir(parents=True)
    (out / "packets").mkdir()
    specs = []
    for src in sorted((ROOT / "ksy" / "scrap_mechanic").glob("*.ksy")) + [
            ROOT / "ksy" / "capture" / "wirestruct_capture.ksy"]:
        shutil.copyfile(src, out / "ksy" / src.name)
        specs.append(src.name)
    with open(out / "capture.wscap", "wb") as f:
        write_header(f, "scrap-mechanic")
    files = []
    for name, v in sorted(VECTORS.items()):
        (out / "packets" / f"{name}.bin").write_bytes(v.data)
        files.append({"file": f"packets/{name}.bin", "spec": f"{spec_of(v.cls)}.ksy"})
    (out / "index.json").write_text(json.dumps({
        "protocol": "scrap-mechanic", "container": "capture.wscap",
        "container_spec": "wirestruct_capture.ksy", "specs": specs, "files": files}))
    js, problems = verify_export(out)
    assert problems == []
    assert len(js) == len(VECTORS) + 1


@pytest.mark.needs("luac5.2")
def test_specs_compile_to_lua_5_2(tmp_path):
    """The Scrap Mechanic specs also compile to Lua (for Wireshark) and the output is valid
    Lua 5.2, which has no bitwise operators: the specs' expressions use arithmetic."""
    import subprocess
    specs = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "ksy" / "scrap_mechanic").glob("*.ksy"))
    proc = subprocess.run(["node", str(ROOT / "tools" / "ksc.js")], cwd=ROOT, check=True,
                          input=json.dumps({"specs": specs, "languages": ["lua"]}),
                          capture_output=True, text=True, timeout=600)
    results = json.loads(proc.stdout)["results"]
    assert {spec: r["errors"] for spec, r in results.items() if r["errors"]} == {}
    problems = []
    for result in results.values():
        for file_name, text in result["outputs"]["lua"].items():
            path = tmp_path / file_name
            path.write_text(text)
            check = subprocess.run(["luac5.2", "-p", str(path)], capture_output=True, text=True)
            if check.returncode:
                problems.append(check.stderr.strip())
    assert problems == []
