"""Scrap Mechanic packets encoded from the protocol pages alone, with test vectors.

This module is an independent reading of the pages in ``shared/specs/scrap_mechanic/`` (one page
per packet, plus ``format.mdx``, ``bitstream.mdx`` and ``structures/``).  It uses the standard
library and ``lz4.block`` only, nothing from wirestruct, so that the Kaitai specs can be checked
against it.

Layout of the values
--------------------
Every encoder takes the *decoded* form of a packet, a nested dict keyed by the page's own field
names exactly as written in its table, and writes every field as given (counts and sizes
included, so the builders below compute them).  The same dict is the vector's ``expected``:

* arrays are lists, numbers are int/float, text is str, raw byte fields are bytes;
* enum fields are ``{"value": int, "name": <the page's name or None when undocumented>}``;
* bitfields are ``{"value": <whole byte>, <bit name>: bool, ...}``;
* UUIDs are canonical 8-4-4-4-12 text whatever the wire order (``le u128`` = the 16 bytes
  reversed, ``be u128`` / ``be UUID`` / ``byte[16]`` = the text order);
* Lua values are ``{"type": <LuaSaveDataType name>, "value": ...}`` (lua-object.md);
* where a table repeats a name (two ``Unknown`` fields) each is keyed ``"<name> (<offset>)"``
  with the offset as the page writes it;
* bytes a page leaves undocumented or opaque sit under ``"unknown"`` (or
  ``"undocumented (<offset>)"`` for a gap between documented fields).

Three entries carry decoded forms of data a field holds as bytes (no page name exists for them):
a BlobData dict gets ``"Payload"`` (``{"name": <payload heading>, "Key": <le u32 key>, <payload
fields>}``) when its Uid has a documented payload; a 29 Compound subpacket gets ``"Packet"`` (the
expected dict of the sub-packet); 45 Lift Import Creation gets ``"blueprint.json"`` (the
decompressed text).

Packets on the wire are the packet ID byte followed by the body; when the page says "LZ4
Compressed: Yes" the body is one raw LZ4 block without a size prefix.  The compressed bytes depend
on the LZ4 library's version, so a cross-check should compare ``body`` (and decompress
``packet[1:]`` with ``len(body)``), not the compressed bytes.

``AMBIGUITIES`` lists, per page, every place the pages leave open or contradict themselves and
which reading this module chose.
"""
from __future__ import annotations

import copy
import struct
import uuid as _uuid
from dataclasses import dataclass
from typing import Any

import lz4.block

C2S = "c2s"
S2C = "s2c"


@dataclass(frozen=True)
class PacketPage:
    packet_id: int
    page: str
    directions: tuple[str, ...]
    compressed: bool


PACKETS: dict[int, PacketPage] = {
    p.packet_id: p
    for p in (
        PacketPage(1, "01-hello.mdx", (C2S, S2C), False),
        PacketPage(2, "02-server-info.mdx", (S2C,), True),
        PacketPage(3, "03-request-passphrase.mdx", (S2C,), False),
        PacketPage(4, "04-respond-passphrase.mdx", (C2S,), False),
        PacketPage(5, "05-client-accepted.mdx", (S2C,), False),
        PacketPage(6, "06-file-checksums.mdx", (C2S,), True),
        PacketPage(7, "07-checksums-accepted.mdx", (S2C,), False),
        PacketPage(8, "08-checksums-denied.mdx", (C2S,), True),
        PacketPage(9, "09-character-info.mdx", (C2S,), True),
        PacketPage(10, "10-join-confirmation.mdx", (S2C,), False),
        PacketPage(11, "11-script-initialization-data.mdx", (S2C,), True),
        PacketPage(13, "13-generic-initialization-data.mdx", (S2C,), True),
        PacketPage(18, "18-display-message.mdx", (S2C,), True),
        PacketPage(19, "19-display-alert-text.mdx", (S2C,), True),
        PacketPage(25, "25-script-data-s2c.mdx", (S2C,), True),
        PacketPage(26, "26-script-data-c2s.mdx", (C2S,), True),
        PacketPage(27, "27-generic-data-s2c.mdx", (S2C,), True),
        PacketPage(28, "28-generic-data-c2s.mdx", (C2S,), True),
        PacketPage(29, "29-compound-packet.mdx", (S2C,), True),
        PacketPage(31, "31-hotbar-item-changed.mdx", (C2S,), True),
        PacketPage(32, "32-container-transaction.mdx", (C2S,), True),
        PacketPage(33, "33-drop-item-stack.mdx", (C2S,), True),
        PacketPage(34, "34-place.mdx", (C2S,), True),
        PacketPage(35, "35-remove.mdx", (C2S,), True),
        PacketPage(39, "39-remove-joint.mdx", (C2S,), True),
        PacketPage(40, "40-harvestable-destroy.mdx", (C2S,), False),
        PacketPage(43, "43-lift-delete-creation.mdx", (C2S,), True),
        PacketPage(44, "44-connect.mdx", (C2S,), True),
        PacketPage(45, "45-lift-import-creation.mdx", (C2S,), True),
        PacketPage(50, "50-interact.mdx", (C2S,), False),
        PacketPage(51, "51-legacy.mdx", (C2S,), False),
        PacketPage(52, "52-lift-level.mdx", (C2S,), True),
    )
}

# Packets 29 Compound may hold by its page: Server -> Client and "LZ4 Compressed: Yes".
COMPOUND_ELIGIBLE = tuple(
    pid for pid, p in PACKETS.items() if p.compressed and p.directions == (S2C,)
)

# ----------------------------------------------------------------------------------------------
# Enum tables, names exactly as the pages spell them
# ----------------------------------------------------------------------------------------------

GAMEMODE = {  # 02-server-info.mdx, Gamemode enum
    0: "AlphaTerrain", 1: "FlatTerrain", 2: "ClassicTerrain", 3: "CreatedTerrain_Test",
    4: "CreatedTerrain", 5: "Challenge", 6: "ChallengeBuilder", 7: "Terrain",
    8: "Menu Creation", 14: "Survival", 15: "Custom", 16: "Development",
}
GENDER = {0: "Male", 1: "Female"}  # structures/character-customization.md
CUSTOMIZATION_OPTIONS = (  # index -> option, structures/character-customization.md
    "Face", "Hair", "FacialHair", "Torso", "Gloves", "Shoes", "Pants", "Hat", "Backpack",
)
LUA_SAVE_DATA_TYPE = {  # structures/lua-object.md, LuaSaveDataType enum
    1: "Nil", 2: "Boolean", 3: "Number", 4: "String", 5: "Table", 6: "Int32", 7: "Int16",
    8: "Int8", 9: "Json", 100: "Userdata", 101: "WeakScriptRef",
}
LUA_TYPE_CODE = {name: code for code, name in LUA_SAVE_DATA_TYPE.items()}
USERDATA_TYPE_ID = {  # structures/lua-object.md, UserdataTypeId enum
    10001: "Uuid", 10003: "Vec3", 10004: "Quat", 10005: "Color", 10006: "RaycastResult",
    10007: "LoadCellHandle", 10008: "Effect", 10021: "Shape", 10022: "Body",
    10023: "Interactable", 10024: "Container", 10025: "Harvestable", 10026: "Network",
    10027: "World", 10028: "Unit", 10029: "Storage", 10030: "Player", 10031: "Character",
    10032: "Joint", 10033: "AiState", 10035: "AreaTrigger", 10036: "Portal", 10037: "PathNode",
    10038: "Lift", 10039: "ScriptableObject", 10040: "BuilderGuide", 10041: "CullSphereGroup",
    10042: "VoxelTerrain", 20001: "Widget", 20002: "Tool", 20006: "GuiInterface",
    20007: "BlueprintVisualization",
}
USERDATA_CODE = {name: code for code, name in USERDATA_TYPE_ID.items()}
# Userdata whose data is one be u32, with the page's field name.
USERDATA_ID_FIELD = {
    "Shape": "Shape ID", "Body": "Body ID", "Interactable": "Interactable ID",
    "Container": "Container ID", "Harvestable": "Harvestable ID", "World": "World ID",
    "Unit": "Unit ID", "Player": "Player ID", "Character": "Character ID", "Joint": "Joint ID",
    "Portal": "Portal ID", "PathNode": "PathNode ID", "Lift": "Lift ID",
    "ScriptableObject": "Scriptable Object ID", "Tool": "Tool ID",
}
USERDATA_FLOAT_FIELDS = {"Vec3": ("X", "Y", "Z"), "Quat": ("X", "Y", "Z", "W"),
                         "Color": ("R", "G", "B", "A")}
# Marked ":x: Cannot be serialized at all": no vectors can exist for them.
USERDATA_NOT_SERIALIZABLE = (
    "RaycastResult", "Effect", "Network", "Storage", "AiState", "AreaTrigger", "BuilderGuide",
    "CullSphereGroup", "GuiInterface", "BlueprintVisualization",
)
# Marked ":grey_question: Unknown" and without a layout: data kept opaque.
USERDATA_UNKNOWN_LAYOUT = ("LoadCellHandle", "VoxelTerrain", "Widget")

WORLD_IDS = {0xFFFF: "Any World", 0xFFFE: "No World"}  # networking-blobdata.md
ACTION = {  # 32-container-transaction.mdx, Action enum ("Other" -> Default Action)
    0: "Set Item", 1: "Swap", 2: "Collect", 3: "Spend", 4: "Collect To Slot",
    5: "Collect To Slot Or Collect", 6: "Spend From Slot", 7: "Move", 8: "Move From Slot",
    9: "Move All",
}
DEFAULT_ACTION = "Default Action"
PLACED_ON = {2: "Terrain Surface", 3: "Terrain Asset", 4: "Body", 6: "Lift", 8: "Joint"}
REMOVED_SURFACE = {4: "Body", 6: "Lift"}
INTERACT_PACKET_TYPE = {0x90: "Set seated", 0x80: "Other", 0x60: "Suspension Height",
                        0xFA: "Bearing Setting"}
BEARING_SETTING_TYPE = {0x01: "LTurnSpeed", 0x02: "RTurnSpeed", 0x03: "RTurnANgle",
                        0x04: "LTurnAngle", 0x10: "BearingLock"}
DISPLAY_MESSAGE_SPECIAL = (  # 18-display-message.mdx, special <WARNING> messages
    "WARNING_TUNNELING", "VERSION_MISMATCH", "CONNECTION_FAILED", "CONNECTION_TIMEOUT",
    "CONNECTION_LOST", "SERVER_SHUTDOWN", "KICKED_FROM_SERVER", "UNLOAD_MOD", "INVALID_SHAPE_ID",
    "ERROR_MESSAGE", "DATABASE_ERROR_MESSAGE",
)

# Documented BlobData payload Uids
UID_TERRAIN_DATA = "61aa13d7-e715-4153-a269-4d338c0c5bd4"
UID_WORLD_INFO = "3ff36c8b-93f7-4428-ae4d-429a6f0cf77d"
UID_GAMEPLAY_OPTIONS = "44ac020c-aec7-4f8b-b230-34d2e3bd23eb"
UID_PLAYER_DATA = "51868883-d2d2-4953-9135-1ab0bdc2a47e"
UID_CHAT_MESSAGE = "46968863-090a-46b8-ad99-1159b53450fe"
NIL_UUID = "00000000-0000-0000-0000-000000000000"
MAX_UUID = "ffffffff-ffff-ffff-ffff-ffffffffffff"

U32_MAX = 0xFFFFFFFF
S32_MIN, S32_MAX = -(2**31), 2**31 - 1
F32_MAX = struct.unpack(">f", b"\x7f\x7f\xff\xff")[0]
F32_MIN_SUBNORMAL = struct.unpack(">f", b"\x00\x00\x00\x01")[0]
NON_ASCII = "Grüße, 世界! Ωμέγα ☃ 🚀"


def enum(table: dict[int, str], value: int, default: str | None = None) -> dict[str, Any]:
    return {"value": value, "name": table.get(value, default)}


def f32(x: float) -> float:
    """A float that a 32-bit float holds exactly (so expected values compare equal)."""
    y = struct.unpack(">f", struct.pack(">f", x))[0]
    if y != x:
        raise ValueError(f"{x!r} is not exact in a 32-bit float")
    return x


# ----------------------------------------------------------------------------------------------
# Primitive writers
# ----------------------------------------------------------------------------------------------

def u8(v: int) -> bytes:
    return struct.pack(">B", v)


def be_u16(v: int) -> bytes:
    return struct.pack(">H", v)


def be_u32(v: int) -> bytes:
    return struct.pack(">I", v)


def be_s32(v: int) -> bytes:
    return struct.pack(">i", v)


def be_u64(v: int) -> bytes:
    return struct.pack(">Q", v)


def le_u32(v: int) -> bytes:
    return struct.pack("<I", v)


def be_f32(v: float) -> bytes:
    return struct.pack(">f", v)


def uuid_text_order(text: str) -> bytes:
    """``be u128`` / ``be UUID`` / ``byte[16]``: the bytes in the order of the text."""
    return _uuid.UUID(text).bytes


def uuid_le(text: str) -> bytes:
    """``le u128``: the 128-bit number of the text, little-endian (all 16 bytes reversed)."""
    return _uuid.UUID(text).bytes[::-1]


def string(text: str) -> bytes:
    """structures/networking-string.md: be u16 byte size, then the UTF-8 bytes."""
    data = text.encode("utf-8")
    return be_u16(len(data)) + data


def lz4_block(data: bytes) -> bytes:
    return lz4.block.compress(data, store_size=False)


class BitWriter:
    """bitstream.mdx: bits written left to right, the first bit of a byte being its top bit.

    Values are written as their big-endian bit sequence from the current bit on; the last byte
    is filled with zero bits.
    """

    def __init__(self) -> None:
        self._acc = 0
        self._bits = 0

    def bits(self, value: int, count: int) -> None:
        if not 0 <= value < (1 << count):
            raise ValueError(f"{value} does not fit in {count} bits")
        self._acc = (self._acc << count) | value
        self._bits += count

    def flag(self, value: bool) -> None:
        self.bits(1 if value else 0, 1)

    def raw(self, data: bytes) -> None:
        self.bits(int.from_bytes(data, "big"), 8 * len(data))

    def align(self) -> None:
        self.bits(0, -self._bits % 8)

    @property
    def bit_index(self) -> int:
        return self._bits

    def getvalue(self) -> bytes:
        pad = -self._bits % 8
        return (self._acc << pad).to_bytes((self._bits + pad) // 8, "big")


# ----------------------------------------------------------------------------------------------
# Shared structures
# ----------------------------------------------------------------------------------------------

def encode_character_customization(c: dict[str, Any]) -> bytes:
    """structures/character-customization.md"""
    n = c["Options Length"]
    if len(c["Options UUIDs"]) != n or len(c["Options Palette Indeces"]) != n:
        raise ValueError("Options Length disagrees with the option lists")
    return (be_u32(c["Version"]) + u8(c["Gender"]["value"]) + u8(n)
            + b"".join(uuid_text_order(u) for u in c["Options UUIDs"])
            + b"".join(be_u32(p) for p in c["Options Palette Indeces"]))


def character_customization(gender: int, uuids: list[str], palette: list[int],
                            version: int = 2) -> dict[str, Any]:
    return {"Version": version, "Gender": enum(GENDER, gender), "Options Length": len(uuids),
            "Options UUIDs": list(uuids), "Options Palette Indeces": list(palette)}


def _lua_value(w: BitWriter, d: dict[str, Any]) -> None:
    kind = d["type"]
    v = d["value"]
    w.bits(LUA_TYPE_CODE[kind], 8)
    if kind == "Nil":
        if v is not None:
            raise ValueError("Nil has no value")
    elif kind == "Boolean":
        w.flag(v)
    elif kind == "Number":
        w.raw(be_f32(v))
    elif kind == "String":
        data = v.encode("utf-8")
        w.bits(len(data), 32)
        w.align()
        w.raw(data)
    elif kind == "Table":
        if v["Count"] != len(v["Elements"]):
            raise ValueError("Table Count disagrees with Elements")
        w.bits(v["Count"], 32)
        w.flag(v["Is Array"])
        if v["Is Array"]:
            w.bits(v["Offset"], 32)
            for element in v["Elements"]:
                _lua_value(w, element)
        else:
            for pair in v["Elements"]:
                _lua_value(w, pair["Key"])
                _lua_value(w, pair["Value"])
    elif kind == "Int32":
        w.raw(struct.pack(">i", v))
    elif kind == "Int16":
        w.raw(struct.pack(">h", v))
    elif kind == "Int8":
        w.raw(struct.pack(">b", v))
    elif kind == "Json":
        w.raw(v["unknown"])  # undocumented: opaque to the end of the object
    elif kind == "Userdata":
        name = v["Type ID"]["name"]
        w.bits(v["Type ID"]["value"], 32)
        if "unknown" in v:
            w.raw(v["unknown"])
        elif name == "Uuid":
            w.raw(uuid_le(v["Data"]["Uuid"]))
        elif name in USERDATA_FLOAT_FIELDS:
            for field in USERDATA_FLOAT_FIELDS[name]:
                w.raw(be_f32(v["Data"][field]))
        elif name in USERDATA_ID_FIELD:
            w.bits(v["Data"][USERDATA_ID_FIELD[name]], 32)
        else:
            raise ValueError(f"no layout for userdata {name}")
    elif kind == "WeakScriptRef":
        w.bits(v["RefID"], 32)
        w.flag(v["Unknown"])
    else:
        raise ValueError(f"unknown LuaSaveDataType {kind}")


def encode_lua_object(obj: dict[str, Any]) -> bytes:
    """structures/lua-object.md: "LUA", be u32 version, LuaSaveData; zero bits to the byte."""
    w = BitWriter()
    w.raw(obj["Magic Tag"])
    w.bits(obj["Version"], 32)
    _lua_value(w, obj["Data"])
    return w.getvalue()


def lua_object(data: dict[str, Any], version: int = 1) -> dict[str, Any]:
    return {"Magic Tag": b"LUA", "Version": version, "Data": data}


def lua(kind: str, value: Any) -> dict[str, Any]:
    return {"type": kind, "value": value}


def lnil() -> dict[str, Any]:
    return lua("Nil", None)


def lbool(v: bool) -> dict[str, Any]:
    return lua("Boolean", v)


def lnum(v: float) -> dict[str, Any]:
    return lua("Number", f32(v))


def lstr(v: str) -> dict[str, Any]:
    return lua("String", v)


def li32(v: int) -> dict[str, Any]:
    return lua("Int32", v)


def li16(v: int) -> dict[str, Any]:
    return lua("Int16", v)


def li8(v: int) -> dict[str, Any]:
    return lua("Int8", v)


def larray(items: list[dict[str, Any]], offset: int = 1) -> dict[str, Any]:
    return lua("Table", {"Count": len(items), "Is Array": True, "Offset": offset,
                         "Elements": list(items)})


def ldict(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> dict[str, Any]:
    return lua("Table", {"Count": len(pairs), "Is Array": False,
                         "Elements": [{"Key": k, "Value": v} for k, v in pairs]})


def ljson(raw: bytes) -> dict[str, Any]:
    return lua("Json", {"unknown": raw})


def luserdata(name: str, data: dict[str, Any]) -> dict[str, Any]:
    return lua("Userdata", {"Type ID": enum(USERDATA_TYPE_ID, USERDATA_CODE[name]), "Data": data})


def luserdata_opaque(name: str, raw: bytes) -> dict[str, Any]:
    return lua("Userdata", {"Type ID": enum(USERDATA_TYPE_ID, USERDATA_CODE[name]),
                            "unknown": raw})


def lweak(ref: int, flag: bool) -> dict[str, Any]:
    return lua("WeakScriptRef", {"RefID": ref, "Unknown": flag})


def encode_blob(b: dict[str, Any]) -> bytes:
    """structures/networking-blobdata.md, fields in table order, World ID after the Key."""
    if b["Key Size"] != len(b["Key"]) or b["Data Size"] != len(b["Data"]):
        raise ValueError("BlobData size fields disagree with the data")
    return (uuid_text_order(b["Uid"]) + be_u16(b["Key Size"]) + b["Key"] + be_u16(b["World ID"])
            + u8(b["Flags"]) + be_u32(b["Data Size"]) + b["Data"])


def blob_opaque(uid: str, key: bytes, world_id: int, flags: int, data: bytes) -> dict[str, Any]:
    """A BlobData whose payload the pages do not document: Data (already compressed) as is."""
    return {"Uid": uid, "Key Size": len(key), "Key": key, "World ID": world_id, "Flags": flags,
            "Data Size": len(data), "Data": data}


def blob_known(uid: str, key: int, world_id: int, flags: int, name: str, payload: bytes,
               fields: dict[str, Any]) -> dict[str, Any]:
    """A BlobData with a documented payload: Key as le u32, Data = LZ4 block of the payload."""
    b = blob_opaque(uid, le_u32(key), world_id, flags, lz4_block(payload))
    b["Payload"] = {"name": name, "Key": key, **fields}
    return b


def terrain_data_blob(key: int, obj: dict[str, Any], world_id: int | None = None,
                      flags: int = 7) -> dict[str, Any]:
    """11 Script Initialization Data, Terrain Data: the payload is one Lua object.

    Key is the world's ID as le u32; World ID (be u16) is the same world unless given.
    """
    return blob_known(UID_TERRAIN_DATA, key, key if world_id is None else world_id, flags,
                      "Terrain Data", encode_lua_object(obj), {"Terrain Data": obj})


def world_info_blob(world_id: int, seed: int, filename: str, classname: str,
                    terrain_params: str) -> dict[str, Any]:
    fields = {"Seed": seed, "Filename": filename, "Classname": classname,
              "Terrain Params": terrain_params}
    payload = be_u32(seed) + string(filename) + string(classname) + string(terrain_params)
    return blob_known(UID_WORLD_INFO, world_id, world_id, 13, "World Info", payload, fields)


def gameplay_options_blob(options: str) -> dict[str, Any]:
    return blob_known(UID_GAMEPLAY_OPTIONS, 0, 0xFFFE, 15, "Gameplay Options", string(options),
                      {"Options": options})


def player_data_blob(player_id: int, character_id: int, steam_id: int, inventory: int,
                     carry: int, carry_color: int, unknown: int, name: str,
                     customization: dict[str, Any]) -> dict[str, Any]:
    name_bytes = name.encode("utf-8")
    fields = {"Character ID": character_id, "Steam ID 64": steam_id,
              "Inventory Container ID": inventory, "Carry Container ID": carry,
              "Carry Color": carry_color, "Unknown": unknown, "Name Size": len(name_bytes),
              "Name": name, "Character Customization": customization}
    payload = (be_u32(character_id) + be_u64(steam_id) + be_u32(inventory) + be_u32(carry)
               + be_u32(carry_color) + u8(unknown) + u8(len(name_bytes)) + name_bytes
               + encode_character_customization(customization))
    return blob_known(UID_PLAYER_DATA, player_id, 0xFFFE, 13, "Player Data", payload, fields)


def chat_message_blob(key: int, flags: int, timestamp: int, sender: str,
                      message: str) -> dict[str, Any]:
    payload = be_u64(timestamp) + string(sender) + string(message)
    return blob_known(UID_CHAT_MESSAGE, key, 0xFFFE, flags, "Chat Message", payload,
                      {"Timestamp": timestamp, "Sender": sender, "Message": message})


def vec3i(z: int, y: int, x: int) -> dict[str, int]:
    return {"Z": z, "Y": y, "X": x}


def encode_vec3i(v: dict[str, int]) -> bytes:
    return be_s32(v["Z"]) + be_s32(v["Y"]) + be_s32(v["X"])


def item_stack(uuid: str, tool: int, quantity: int, slot: int, container: int) -> dict[str, Any]:
    return {"Uuid": uuid, "Tool Instance ID": tool, "Quantity": quantity, "Slot": slot,
            "Container ID": container}


def encode_item_stack(s: dict[str, Any]) -> bytes:
    """32-container-transaction.mdx, ItemStack (28 bytes)."""
    return (uuid_le(s["Uuid"]) + be_u32(s["Tool Instance ID"]) + be_u16(s["Quantity"])
            + be_u16(s["Slot"]) + be_u32(s["Container ID"]))


# ----------------------------------------------------------------------------------------------
# Packet bodies
# ----------------------------------------------------------------------------------------------

def _empty(f: dict[str, Any]) -> bytes:
    if f:
        raise ValueError("this packet has no data")
    return b""


def server_info_flags(developer_mode: bool, unknown: int = 0) -> dict[str, Any]:
    return {"value": (0x80 if developer_mode else 0) | unknown, "Developer Mode": developer_mode,
            "Unknown": unknown}


def _server_info(f: dict[str, Any]) -> bytes:
    flags = f["Flags"]
    byte = (0x80 if flags["Developer Mode"] else 0) | flags["Unknown"]
    if byte != flags["value"] or flags["Unknown"] > 0x7F:
        raise ValueError("Flags value disagrees with its bits")
    if (f["Mod Count"] != len(f["Mod Data"]) or f["Script Key Count"] != len(f["Script Data"])
            or f["Generic Key Count"] != len(f["Generic Data"])):
        raise ValueError("a count disagrees with its list")
    out = [be_u32(f["Version"]), be_u32(f["Gamemode"]["value"]), be_u32(f["Seed"]),
           be_u32(f["Gametick"]), be_u32(f["Mod Count"])]
    out += [be_u64(m["File ID"]) + uuid_text_order(m["UUID"]) for m in f["Mod Data"]]
    out.append(string(f["Game Data"]))
    for count, items in (("Script Key Count", "Script Data"),
                         ("Generic Key Count", "Generic Data")):
        out.append(be_u32(f[count]))
        out += [uuid_text_order(g["UUID"]) + be_u16(g["Size"]) + be_u32(g["Key"])
                for g in f[items]]
    out.append(u8(byte))
    return b"".join(out)


def _respond_passphrase(f: dict[str, Any]) -> bytes:
    return u8(f["Size"]) + f["Passphrase"].encode("utf-8")


def _file_checksums(f: dict[str, Any]) -> bytes:
    if f["size"] != len(f["checksum"]):
        raise ValueError("size disagrees with checksum")
    return be_u32(f["size"]) + b"".join(be_u32(c) for c in f["checksum"])


def _checksums_denied(f: dict[str, Any]) -> bytes:
    return be_u32(f["Index"])


def _character_info(f: dict[str, Any]) -> bytes:
    return string(f["Name"]) + encode_character_customization(f["Character Customization"])


def _blobs(blobs: list[dict[str, Any]]) -> bytes:
    return b"".join(encode_blob(b) for b in blobs)


def _tick_and_blobs(f: dict[str, Any]) -> bytes:
    return be_u32(f["Game Tick"]) + _blobs(f["Data"])


def _blobs_only(f: dict[str, Any]) -> bytes:
    return _blobs(f["Data"])


def _sized_text(size: int, text: str) -> bytes:
    data = text.encode("utf-8")
    if size != len(data):
        raise ValueError("size disagrees with the text")
    return be_u16(size) + data


def _display_message(f: dict[str, Any]) -> bytes:
    return _sized_text(f["Type Size"], f["Type"]) + _sized_text(f["Message Size"], f["Message"])


def _display_alert_text(f: dict[str, Any]) -> bytes:
    return _sized_text(f["Size"], f["Message"])


def _compound(f: dict[str, Any]) -> bytes:
    out = []
    for s in f["Subpackets"]:
        if s["Size"] != 1 + len(s["Packet Data"]):
            raise ValueError("subpacket Size disagrees with its data")
        out.append(be_u32(s["Size"]) + u8(s["Packet ID"]) + s["Packet Data"])
    return b"".join(out)


def _hotbar_item_changed(f: dict[str, Any]) -> bytes:
    return be_u32(f["Character ID"]) + uuid_le(f["Uuid"]) + be_u32(f["Tool Instance ID"])


def _collect_like(d: dict[str, Any]) -> bytes:
    return (uuid_le(d["Uuid"]) + be_u32(d["Unknown (0x11)"]) + be_u16(d["Quantity"])
            + be_u32(d["Container ID"]) + u8(d["Unknown (0x1B)"]))


def _transaction(t: dict[str, Any]) -> bytes:
    action = t["Action"]["value"]
    d = t["Action Data"]
    if action == 0:
        data = encode_item_stack(d["To"])
    elif action == 1:
        data = encode_item_stack(d["From"]) + encode_item_stack(d["To"])
    elif action in (2, 3):
        data = _collect_like(d)
    elif action in (4, 5):
        data = encode_item_stack(d["To"]) + u8(d["Unknown"])
    elif action == 6:
        data = encode_item_stack(d["From"]) + u8(d["Unknown"])
    elif action == 8:
        data = be_u16(d["From Slot"]) + be_u32(d["From Container ID"]) + be_u32(d["To Container ID"])
    elif action == 9:
        data = be_u32(d["From Container ID"]) + be_u32(d["To Container ID"])
    else:  # 7 Move, and every other value (Default Action = Move)
        data = encode_item_stack(d["From"]) + encode_item_stack(d["To"]) + u8(d["Unknown"])
    return u8(action) + data


def _container_transaction(f: dict[str, Any]) -> bytes:
    if f["Transaction Count"] != len(f["Transactions"]):
        raise ValueError("Transaction Count disagrees with Transactions")
    return be_u32(f["Transaction Count"]) + b"".join(_transaction(t) for t in f["Transactions"])


def _drop_item_stack(f: dict[str, Any]) -> bytes:
    return be_u32(f["Container ID"]) + be_u32(f["Slot"]) + be_u32(f["Quantity"])


def _surface_data(value: int, d: dict[str, Any], layouts: dict[int, str]) -> bytes:
    """Placed On / Removed Surface data: 8 bytes, the layout chosen by the enum value."""
    layout = layouts.get(value)
    if layout == "two unknown":
        data = d["Unknown (0x00)"] + d["Unknown (0x04)"]
    elif layout == "body":
        data = be_u32(d["Shape ID"]) + be_u32(d["Body ID"])
    elif layout in ("Lift ID", "Joint ID"):
        data = d["Unknown"] + be_u32(d[layout])
    else:
        data = d["unknown"]
    if len(data) != 8:
        raise ValueError("surface data is 8 bytes")
    return data


PLACED_ON_LAYOUT = {2: "two unknown", 3: "two unknown", 4: "body", 6: "Lift ID", 8: "Joint ID"}
REMOVED_SURFACE_LAYOUT = {4: "body", 6: "Lift ID"}


def _place(f: dict[str, Any]) -> bytes:
    return (be_u32(f["Hotbar Index"]) + be_u32(f["Total Item Quantity"])
            + b"".join(encode_vec3i(f[k]) for k in ("Size", "Local Position Start", "Z Axis",
                                                     "X Axis", "Local Position"))
            + uuid_le(f["Item Uuid"]) + uuid_le(f["Shape Uuid"]) + u8(f["Placed On"]["value"])
            + _surface_data(f["Placed On"]["value"], f["Placed On Data"], PLACED_ON_LAYOUT))


def _remove(f: dict[str, Any]) -> bytes:
    return (encode_vec3i(f["Local Position High"]) + encode_vec3i(f["Local Position Low"])
            + u8(f["Removed Surface"]["value"])
            + _surface_data(f["Removed Surface"]["value"], f["Removed Surface Data"],
                            REMOVED_SURFACE_LAYOUT))


def _u32_field(name: str):
    def encode(f: dict[str, Any]) -> bytes:
        return be_u32(f[name])
    return encode


def _harvestable_destroy(f: dict[str, Any]) -> bytes:
    return u8(f["Unknown (0x00)"]) + u8(f["Unknown (0x01)"]) + be_u32(f["Effect ID"])


CONNECT_BITS = (("Unused (bit 7)", 7), ("Reverse Direction", 6), ("Disconnect", 5),
                ("Connect", 4), ("Bearing", 1), ("Standard", 0))


def connect_flags(value: int) -> dict[str, Any]:
    flags: dict[str, Any] = {"value": value}
    for name, bit in CONNECT_BITS:
        flags[name] = bool(value >> bit & 1)
    flags["Unused (bits 3-2)"] = value >> 2 & 3
    return flags


def _connect(f: dict[str, Any]) -> bytes:
    flags = f["Flags"]
    byte = sum(1 << bit for name, bit in CONNECT_BITS if flags[name]) | flags["Unused (bits 3-2)"] << 2
    if byte != flags["value"]:
        raise ValueError("Flags value disagrees with its bits")
    return be_u32(f["Child ID"]) + be_u32(f["Parent ID"]) + u8(byte)


def _lift_import_creation(f: dict[str, Any]) -> bytes:
    data = f["Compressed Blueprint Data"]
    if f["Compressed Size"] != len(data):
        raise ValueError("Compressed Size disagrees with the data")
    return (be_u32(f["Lift ID"]) + be_u32(f["Uncompressed Size"]) + be_u32(f["Compressed Size"])
            + data)


def _interact(f: dict[str, Any]) -> bytes:
    kind = f["Packet Type"]["value"]
    out = u8(kind)
    if kind == 0x90:
        return out + be_u32(f["Interactable ID"]) + be_u32(f["Player ID"])
    if kind == 0x80:
        return out + be_u32(f["Interactable ID"]) + u8(f["State"])
    if kind == 0x60:
        return out + be_u32(f["Interactable ID"]) + be_u16(f["Value"])
    if kind == 0xFA:
        if len(f["Unknown"]) != 14 or len(f["undocumented (0x10)"]) != 1:
            raise ValueError("Bearing Setting: 14 unknown bytes, 1 undocumented byte")
        out += f["Unknown"] + u8(f["type"]["value"]) + f["undocumented (0x10)"]
        if f["type"]["value"] == 0x10:  # BearingLock: Boolean, one BitStream bit
            return out + (b"\x80" if f["Value"] else b"\x00")
        return out + be_f32(f["Value"])
    return out + f["unknown"]


def _lift_level(f: dict[str, Any]) -> bytes:
    return be_u32(f["Lift ID"]) + be_s32(f["Level Change"])


ENCODERS = {
    1: _empty, 2: _server_info, 3: _empty, 4: _respond_passphrase, 5: _empty,
    6: _file_checksums, 7: _empty, 8: _checksums_denied, 9: _character_info, 10: _empty,
    11: _tick_and_blobs, 13: _tick_and_blobs, 18: _display_message, 19: _display_alert_text,
    25: _tick_and_blobs, 26: _blobs_only, 27: _tick_and_blobs, 28: _blobs_only, 29: _compound,
    31: _hotbar_item_changed, 32: _container_transaction, 33: _drop_item_stack, 34: _place,
    35: _remove, 39: _u32_field("Joint ID"), 40: _harvestable_destroy,
    43: _u32_field("Lift ID"), 44: _connect, 45: _lift_import_creation, 50: _interact,
    51: _empty, 52: _lift_level,
}


def encode_body(packet_id: int, fields: dict[str, Any]) -> bytes:
    """The uncompressed body of a packet from its page-shaped field values."""
    return ENCODERS[packet_id](fields)


def frame(packet_id: int, body: bytes) -> bytes:
    """The packet as sent: ID byte, then the body (a raw LZ4 block if the page says so)."""
    return u8(packet_id) + (lz4_block(body) if PACKETS[packet_id].compressed else body)


def encode_packet(packet_id: int, fields: dict[str, Any]) -> bytes:
    return frame(packet_id, encode_body(packet_id, fields))


# ----------------------------------------------------------------------------------------------
# Vectors
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Vector:
    name: str
    page: str
    packet_id: int
    direction: str
    compressed: bool
    body: bytes
    packet: bytes
    expected: dict[str, Any]
    note: str = ""


class _Builder:
    def __init__(self) -> None:
        self.vectors: list[Vector] = []

    @staticmethod
    def make(name: str, packet_id: int, fields: dict[str, Any], direction: str | None = None,
             note: str = "") -> Vector:
        page = PACKETS[packet_id]
        fields = copy.deepcopy(fields)  # vectors never share mutable parts
        body = encode_body(packet_id, fields)
        return Vector(name=f"{page.page.split('.')[0]}: {name}", page=page.page,
                      packet_id=packet_id, direction=direction or page.directions[0],
                      compressed=page.compressed, body=body, packet=frame(packet_id, body),
                      expected=fields, note=note)

    def add(self, *args: Any, **kwargs: Any) -> Vector:
        v = self.make(*args, **kwargs)
        self.vectors.append(v)
        return v


UUIDS = (
    "17bf7b5b-75a3-4530-a9a0-a8d8a4da7171",  # the example on structures/uuid.md
    "a6c6ce30-dd47-4587-b475-085d55c6a3b4",
    "8c7efc37-cd7c-4262-976e-39585f8527bf",
    "2f3a8d41-0c5e-4b7a-9e21-7d4c3b2a1f00",
    "0123abcd-4567-89ef-0123-456789abcdef",
    "fedcba98-7654-3210-fedc-ba9876543210",
)
CUSTOM_UUIDS = [  # nine option UUIDs, Face .. Backpack
    f"{i:08x}-{i * 0x111:04x}-4{i:03x}-8{i:03x}-{0x1000000000 + i * 0x123456789:012x}"
    for i in range(1, 10)
]


def _customizations() -> list[tuple[str, dict[str, Any]]]:
    nine = character_customization(0, CUSTOM_UUIDS, [0, 1, 2, 3, 4, 5, 6, 7, 8])
    return [
        ("male, 9 options", nine),
        ("female, 9 options, large palette indices",
         character_customization(1, list(reversed(CUSTOM_UUIDS)),
                                 [U32_MAX, 0, 0x7FFFFFFF, 12, 0x80000000, 1, 2, 3, 4])),
        ("no options", character_customization(0, [], [])),
        ("255 options, version 0",
         character_customization(1, [UUIDS[i % len(UUIDS)] for i in range(255)],
                                 list(range(255)), version=0)),
        ("nil and max UUIDs, version max",
         character_customization(0, [NIL_UUID, MAX_UUID], [0, U32_MAX], version=U32_MAX)),
    ]


def _lua_cases() -> list[tuple[str, dict[str, Any]]]:
    """Lua objects covering every LuaSaveDataType, userdata type with a layout, and nesting."""
    cases: list[tuple[str, dict[str, Any]]] = [
        ("nil", lua_object(lnil())),
        ("boolean true", lua_object(lbool(True))),
        ("boolean false", lua_object(lbool(False))),
    ]
    for x in (0.0, -1.5, 100.125, 2147483648.0, 1e10, F32_MAX, -F32_MAX, F32_MIN_SUBNORMAL,
              float("inf"), float("-inf")):
        cases.append((f"number {x!r}", lua_object(lnum(x))))
    for s, label in (("", "empty"), ("hello", "ascii"), (NON_ASCII, "non-ascii"),
                     ("x" * 300, "300 bytes")):
        cases.append((f"string {label}", lua_object(lstr(s))))
    for v in (S32_MIN, -32769, 32768, S32_MAX, 0):
        cases.append((f"int32 {v}", lua_object(li32(v))))
    for v in (-32768, -129, 128, 32767):
        cases.append((f"int16 {v}", lua_object(li16(v))))
    for v in (-128, -1, 0, 127):
        cases.append((f"int8 {v}", lua_object(li8(v))))
    cases.append(("json (opaque)", lua_object(ljson(string('{"a":1}') + b"\x00\x00"))))
    cases.append(("json (opaque, empty)", lua_object(ljson(b""))))
    # Userdata with a documented layout
    cases += [
        ("userdata Uuid", lua_object(luserdata("Uuid", {"Uuid": UUIDS[0]}))),
        ("userdata Uuid nil", lua_object(luserdata("Uuid", {"Uuid": NIL_UUID}))),
        ("userdata Vec3", lua_object(luserdata("Vec3", {"X": 1.0, "Y": -2.5, "Z": 0.25}))),
        ("userdata Quat", lua_object(luserdata("Quat", {"X": 0.0, "Y": 0.0, "Z": -0.5,
                                                         "W": 1.0}))),
        ("userdata Color", lua_object(luserdata("Color", {"R": 1.0, "G": 0.5, "B": 0.0,
                                                           "A": 1.0}))),
    ]
    for i, (name, field) in enumerate(USERDATA_ID_FIELD.items()):
        value = (0, 1, U32_MAX, 123456789)[i % 4]
        cases.append((f"userdata {name}", lua_object(luserdata(name, {field: value}))))
    for name in USERDATA_UNKNOWN_LAYOUT:
        cases.append((f"userdata {name} (opaque)",
                      lua_object(luserdata_opaque(name, b"\x00\x00\x00\x2a"))))
    cases += [
        ("weak script ref, flag set", lua_object(lweak(7, True))),
        ("weak script ref, flag clear, max id", lua_object(lweak(U32_MAX, False))),
        ("table: empty array", lua_object(larray([]))),
        ("table: empty dictionary", lua_object(ldict([]))),
        ("table: array of 9 booleans (bits across bytes)",
         lua_object(larray([lbool(i % 3 == 0) for i in range(9)]))),
        ("table: array offset 0", lua_object(larray([li8(1), li8(2)], offset=0))),
        ("table: array offset max", lua_object(larray([lnil()], offset=U32_MAX))),
        ("table: array mixing every type after an odd bit",
         lua_object(larray([lbool(True), lstr("after one bit"), lnum(-0.5), li32(S32_MIN),
                            li16(-2), li8(5), lnil(), luserdata("Uuid", {"Uuid": UUIDS[1]}),
                            lweak(3, True), lstr(""), lstr(NON_ASCII),
                            luserdata("Vec3", {"X": 0.5, "Y": 1.5, "Z": -8.0})]))),
        ("table: dictionary with string, number, boolean and userdata keys",
         lua_object(ldict([
             (lstr("name"), lstr("terrain")),
             (lnum(2.5), lbool(False)),
             (lbool(True), li16(300)),
             (li8(1), lnil()),
             (luserdata("World", {"World ID": 1}), lweak(0, False)),
         ]))),
        ("table: nested four deep",
         lua_object(ldict([
             (lstr("cells"), larray([
                 larray([ldict([(lstr("x"), li8(-3)), (lstr("flag"), lbool(True))]),
                         larray([lbool(False), larray([lstr("deep")])])]),
                 ldict([]),
             ])),
             (lstr("seed"), li32(123456)),
         ]))),
        ("version 2", lua_object(li8(1), version=2)),
    ]
    return cases


def _v_server_info(b: _Builder) -> None:
    mods = [{"File ID": 2504530003, "UUID": UUIDS[0]},
            {"File ID": 0, "UUID": NIL_UUID},
            {"File ID": 2**64 - 1, "UUID": MAX_UUID}]
    keys = [{"UUID": UID_TERRAIN_DATA, "Size": 4, "Key": 1},
            {"UUID": UUIDS[2], "Size": 0, "Key": 0},
            {"UUID": UUIDS[3], "Size": 0xFFFF, "Key": U32_MAX}]

    def info(gamemode: int, **over: Any) -> dict[str, Any]:
        f = {"Version": 723, "Gamemode": enum(GAMEMODE, gamemode), "Seed": 1234567890,
             "Gametick": 4321, "Mod Count": 1, "Mod Data": mods[:1],
             "Game Data": '{"dev":false}', "Script Key Count": 1, "Script Data": keys[:1],
             "Generic Key Count": 2, "Generic Data": keys[1:], "Flags": server_info_flags(False)}
        f.update(over)
        return f

    for value, name in GAMEMODE.items():
        b.add(f"gamemode {value} {name}", 2, info(value))
    b.add("nothing enabled, empty game data", 2,
          info(14, **{"Mod Count": 0, "Mod Data": [], "Game Data": "", "Script Key Count": 0,
                      "Script Data": [], "Generic Key Count": 0, "Generic Data": []}))
    b.add("developer mode, three mods, max numbers", 2,
          info(16, **{"Version": U32_MAX, "Seed": U32_MAX, "Gametick": U32_MAX, "Mod Count": 3,
                      "Mod Data": mods, "Script Key Count": 3, "Script Data": keys,
                      "Flags": server_info_flags(True)}))
    b.add("unknown flag bits set, non-ascii game data", 2,
          info(15, **{"Version": 0, "Seed": 0, "Gametick": 0,
                      "Game Data": '{"name":"' + NON_ASCII + '"}',
                      "Flags": server_info_flags(True, 0x7F)}))
    b.add("unknown flag bits only", 2, info(15, Flags=server_info_flags(False, 0x01)))



def _utf8_36(text: str) -> str:
    return text + "x" * (36 - len(text.encode("utf-8")))


def _v_joining(b: _Builder) -> None:
    b.add("client to server", 1, {}, direction=C2S)
    b.add("server to client", 1, {}, direction=S2C)
    b.add("no data", 3, {})
    for label, text in (("36-character passphrase", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"),
                        ("36-byte non-ascii passphrase", _utf8_36("pässwörd-ünïcode-☃-")),
                        ("empty passphrase", "")):
        b.add(label, 4, {"Size": 0x24, "Passphrase": text},
              note="" if len(text.encode()) == 36 else
              "Size kept at 0x24 while the passphrase is not 36 bytes (literal reading)")
    b.add("no data", 5, {})
    for checks in ([], [0x12345678], [0, 1, U32_MAX, 0xDEADBEEF, 0x80000000]):
        b.add(f"{len(checks)} checksums", 6, {"size": len(checks), "checksum": checks})
    b.add("no data", 7, {})
    for index in (0, 1, U32_MAX):
        b.add(f"index {index}", 8, {"Index": index})
    names = ("Player", "", NON_ASCII, "Nick", "x" * 64)
    for (label, custom), name in zip(_customizations(), names):
        b.add(f"{label}, name {name[:8]!r}", 9,
              {"Name": name, "Character Customization": custom})
    b.add("no data", 10, {})


def _v_script_initialization(b: _Builder) -> None:
    b.add("no blob data", 11, {"Game Tick": 0, "Data": []})
    for i, (label, obj) in enumerate(_lua_cases()):
        b.add(f"terrain data, lua {label}", 11,
              {"Game Tick": 1000 + i, "Data": [terrain_data_blob(i, obj)]})
    b.add("two terrain blobs, an unknown blob, any world", 11,
          {"Game Tick": U32_MAX, "Data": [
              terrain_data_blob(1, lua_object(ldict([(lstr("tiles"), larray([li16(700)]))]))),
              blob_opaque(UUIDS[4], le_u32(5), 0xFFFF, 7, lz4_block(b"opaque payload")),
              terrain_data_blob(U32_MAX, lua_object(lbool(True)), world_id=0xFFFD, flags=255),
          ]})


def _v_generic_initialization(b: _Builder) -> None:
    customs = dict(_customizations())
    world = world_info_blob(1, 0x2A2A2A2A, "$CONTENT_DATA/Terrain/World.lua", "World",
                            '{"worldFile":"$CONTENT_DATA/Terrain/Worlds/test.world"}')
    options = gameplay_options_blob('{"Difficulty":1,"Multiplayer":2,"PhysicsQuality":8}\n')
    player = player_data_blob(1, 2, 76561198000000000, 3, 4, 0xFFFFFFFF, 0, "Host",
                              customs["male, 9 options"])
    b.add("no blob data", 13, {"Game Tick": 0, "Data": []})
    b.add("world info", 13, {"Game Tick": 1, "Data": [world]})
    b.add("world info, empty strings, max world", 13, {"Game Tick": 2, "Data": [
        world_info_blob(0xFFFD, 0, "", "", "")]})
    b.add("gameplay options (page example)", 13, {"Game Tick": 3, "Data": [options]})
    for difficulty, multiplayer, physics in ((0, 0, 0), (1, 1, 8), (0, 3, 8)):
        b.add(f"gameplay options {difficulty}/{multiplayer}/{physics}", 13, {
            "Game Tick": 4, "Data": [gameplay_options_blob(
                f'{{"Difficulty":{difficulty},"Multiplayer":{multiplayer},'
                f'"PhysicsQuality":{physics}}}')]})
    b.add("player data, not carrying", 13, {"Game Tick": 5, "Data": [player]})
    b.add("player data, carrying, non-ascii name", 13, {"Game Tick": 6, "Data": [
        player_data_blob(2, 0, 0, 0, 9, 0xFF00FF80, 0xAB, NON_ASCII,
                         customs["female, 9 options, large palette indices"])]})
    b.add("player data, empty name, no options, max numbers", 13, {"Game Tick": 7, "Data": [
        player_data_blob(U32_MAX, U32_MAX, 2**64 - 1, U32_MAX, U32_MAX, 0, 0xFF, "",
                         customs["no options"])]})
    b.add("player data, 255-byte name", 13, {"Game Tick": 8, "Data": [
        player_data_blob(3, 7, 76561197960287930, 11, 12, 0x11223344, 1, "n" * 255,
                         customs["nil and max UUIDs, version max"])]})
    b.add("join: world info, gameplay options, two players", 13, {"Game Tick": 1234, "Data": [
        world, options, player,
        player_data_blob(2, 5, 76561198000000001, 6, 7, 0xFFFFFFFF, 0, "Guest",
                         customs["no options"])]})


def _v_messages(b: _Builder) -> None:
    def msg(kind: str, text: str) -> dict[str, Any]:
        return {"Type Size": len(kind.encode()), "Type": kind,
                "Message Size": len(text.encode()), "Message": text}

    for special in DISPLAY_MESSAGE_SPECIAL:
        b.add(f"<WARNING> {special}", 18, msg("<WARNING>", special))
    b.add("<WARNING> free caption", 18, msg("<WARNING>", "Example popup"))
    b.add("<ALERT>", 18, msg("<ALERT>", "Example alert text"))
    b.add("chat", 18, msg("Example type", "Example message"))
    b.add("chat, empty type and message", 18, msg("", ""))
    b.add("chat, non-ascii", 18, msg(NON_ASCII, NON_ASCII[::-1]))
    for text in ("#{INFO_INVENTORY_FULL}", "Your host does not support that shape", "",
                 NON_ASCII, "m" * 0xFFFF):
        label = text if len(text) < 40 else f"{len(text)} bytes"
        b.add(f"message {label!r}", 19, {"Size": len(text.encode()), "Message": text})


def _v_blob_data(b: _Builder) -> None:
    lua_key = encode_lua_object(lua_object(lstr("network key")))
    opaque = [
        blob_opaque(UUIDS[0], le_u32(1), 1, 7, lz4_block(b"\x01\x02\x03 script payload")),
        blob_opaque(UUIDS[1], lua_key, 0xFFFF, 0, lz4_block(encode_lua_object(
            lua_object(larray([lstr("callback"), li8(1)]))))),
        blob_opaque(UUIDS[2], b"", 0xFFFE, 255, b""),
        blob_opaque(MAX_UUID, b"\xff" * 8, 0, 7, lz4_block(bytes(range(256)) * 4)),
    ]
    b.add("no blob data", 25, {"Game Tick": 0, "Data": []})
    b.add("one blob (opaque payload)", 25, {"Game Tick": 77, "Data": opaque[:1]})
    b.add("lua object key, any world", 25, {"Game Tick": 78, "Data": opaque[1:2]})
    b.add("four blobs: empty key and data, no world, world 0", 25,
          {"Game Tick": U32_MAX, "Data": opaque})
    b.add("no blob data", 26, {"Data": []})
    b.add("one blob (opaque payload)", 26, {"Data": opaque[:1]})
    b.add("lua object key", 26, {"Data": opaque[1:2]})
    b.add("four blobs", 26, {"Data": opaque})

    b.add("no blob data", 27, {"Game Tick": 0, "Data": []})
    b.add("chat message", 27, {"Game Tick": 100, "Data": [
        chat_message_blob(1, 20, 1700000000, "#ff0000Player", "Hello world")]})
    b.add("join message, empty sender, timestamp 0", 27, {"Game Tick": 101, "Data": [
        chat_message_blob(2, 20, 0, "", "#ffff00Guest joined the game")]})
    b.add("chat message, non-ascii, max key and timestamp", 27, {"Game Tick": 102, "Data": [
        chat_message_blob(U32_MAX, 20, 2**64 - 1, "#00ff00" + NON_ASCII, NON_ASCII)]})
    b.add("chat message, empty message", 27, {"Game Tick": 103, "Data": [
        chat_message_blob(3, 20, 1, "#ffffffA", "")]})
    b.add("chat messages and an opaque blob", 27, {"Game Tick": 104, "Data": [
        chat_message_blob(4, 20, 1700000001, "#ffffffA", "first"), opaque[0],
        chat_message_blob(5, 20, 1700000002, "#ffffffB", "second")]})
    b.add("no blob data", 28, {"Data": []})
    b.add("chat message", 28, {"Data": [chat_message_blob(0, 0, 1700000000, "#ff0000Player",
                                                          "Hello server")]})
    b.add("chat message, non-ascii, empty sender", 28, {"Data": [
        chat_message_blob(0, 0, 0, "", NON_ASCII)]})
    b.add("chat message and an opaque blob", 28, {"Data": [
        chat_message_blob(0, 0, 2**64 - 1, "x", "y" * 1000), opaque[3]]})


def _subpacket(v: Vector) -> dict[str, Any]:
    return {"Size": 1 + len(v.body), "Packet ID": v.packet_id, "Packet Data": v.body,
            "Packet": v.expected}


def _v_compound(b: _Builder) -> None:
    first: dict[int, Vector] = {}  # per packet the first vector, one not named "no ..." if any
    for v in b.vectors:
        empty = v.name.split(": ", 1)[1].startswith("no ")
        if v.packet_id not in first or (first[v.packet_id].name.split(": ", 1)[1]
                                        .startswith("no ") and not empty):
            first[v.packet_id] = v
    b.add("no subpackets", 29, {"Subpackets": []})
    for pid in COMPOUND_ELIGIBLE:
        if pid != 29:
            b.add(f"holding {first[pid].name}", 29, {"Subpackets": [_subpacket(first[pid])]})
    every = [_subpacket(first[pid]) for pid in COMPOUND_ELIGIBLE if pid != 29]
    b.add("holding one of each eligible packet", 29, {"Subpackets": every})
    chat = [v for v in b.vectors if v.packet_id == 27 and "chat message" in v.name]
    b.add("holding three generic data packets", 29,
          {"Subpackets": [_subpacket(v) for v in chat[:3]]})
    inner = b.make("inner compound", 29, {"Subpackets": every[:2]})
    b.add("holding a compound packet", 29, {"Subpackets": [_subpacket(inner), every[2]]},
          note="a compound inside a compound: 29 is itself S2C and compressed (literal reading)")
    for pid, v in first.items():
        if pid not in COMPOUND_ELIGIBLE:
            b.add(f"outside the page's rule, holding {v.name}", 29,
                  {"Subpackets": [_subpacket(v)]},
                  note="outside the page's rule: the page allows only Server -> Client packets "
                       "with LZ4 Compressed: Yes; this vector checks sub-packet dispatch for "
                       "every other id")


def _v_items(b: _Builder) -> None:
    for label, (cid, uuid, tool) in {
        "no item": (1, NIL_UUID, U32_MAX),
        "block": (2, UUIDS[1], U32_MAX),
        "tool with instance id": (3, UUIDS[0], 17),
        "max character id, instance 0": (U32_MAX, MAX_UUID, 0),
    }.items():
        b.add(label, 31, {"Character ID": cid, "Uuid": uuid, "Tool Instance ID": tool})

    def tx(action: int, data: dict[str, Any]) -> dict[str, Any]:
        return {"Action": enum(ACTION, action, DEFAULT_ACTION), "Action Data": data}

    def collect(uuid: str, unknown: int, quantity: int, container: int, flag: int):
        return {"Uuid": uuid, "Unknown (0x11)": unknown, "Quantity": quantity,
                "Container ID": container, "Unknown (0x1B)": flag}

    def move(frm: dict[str, Any], to: dict[str, Any], unknown: int = 0) -> dict[str, Any]:
        return {"From": frm, "To": to, "Unknown": unknown}

    stack = item_stack(UUIDS[1], U32_MAX, 10, 3, 42)
    empty_from = item_stack(NIL_UUID, U32_MAX, 0, 5, 42)
    cases: list[tuple[str, list[dict[str, Any]]]] = [
        ("no transaction", []),
        ("set item", [tx(0, {"To": stack})]),
        ("set item, tool, max slot and quantity",
         [tx(0, {"To": item_stack(UUIDS[0], 12, 0xFFFF, 0xFFFF, U32_MAX)})]),
        ("swap", [tx(1, {"From": empty_from, "To": item_stack(NIL_UUID, U32_MAX, 456, 7, 43)})]),
        ("collect", [tx(2, collect(UUIDS[2], U32_MAX, 64, 42, 0x80))]),
        ("collect, zero quantity", [tx(2, collect(UUIDS[3], U32_MAX, 0, 0, 0x00))]),
        ("spend", [tx(3, collect(UUIDS[2], 5, 1, 42, 0x80))]),
        ("spend, max values", [tx(3, collect(MAX_UUID, U32_MAX, 0xFFFF, U32_MAX, 0xFF))]),
        ("collect to slot", [tx(4, {"To": stack, "Unknown": 0x80})]),
        ("collect to slot or collect", [tx(5, {"To": stack, "Unknown": 0x00})]),
        ("spend from slot", [tx(6, {"From": stack, "Unknown": 0x00})]),
        ("move", [tx(7, move(item_stack(NIL_UUID, U32_MAX, 3, 1, 42),
                             item_stack(NIL_UUID, U32_MAX, 337, 9, 43)))]),
        ("move, unknown byte set", [tx(7, move(stack, stack, 0xFF))]),
        ("move from slot", [tx(8, {"From Slot": 4, "From Container ID": 42,
                                   "To Container ID": 43})]),
        ("move from slot, max", [tx(8, {"From Slot": 0xFFFF, "From Container ID": U32_MAX,
                                        "To Container ID": 0})]),
        ("move all", [tx(9, {"From Container ID": 100, "To Container ID": 42})]),
        ("default action 10", [tx(10, move(stack, empty_from))]),
        ("default action 255", [tx(255, move(empty_from, stack, 1))]),
        ("two transactions, second action 2 (gas container)",
         [tx(0, {"To": stack}), tx(2, collect(UUIDS[4], U32_MAX, 1, 42, 0x80))]),
        ("two transactions, second action 87 (battery container)",
         [tx(0, {"To": stack}), tx(87, move(stack, empty_from))]),
    ]
    for label, txs in cases:
        b.add(label, 32, {"Transaction Count": len(txs), "Transactions": txs})
    seen: set[int] = set()
    everything = []
    for _, txs in cases:
        for t in txs[:1]:
            if t["Action"]["value"] not in seen:
                seen.add(t["Action"]["value"])
                everything.append(t)
    b.add("every action in one packet", 32,
          {"Transaction Count": len(everything), "Transactions": everything},
          note="Transaction Count above 2 has not been seen (page)")

    for label, (container, slot, quantity) in {
        "one item": (42, 0, 1), "zero quantity": (1, 3, 0), "max": (U32_MAX, U32_MAX, U32_MAX),
    }.items():
        b.add(label, 33, {"Container ID": container, "Slot": slot, "Quantity": quantity})


def _v_building(b: _Builder) -> None:
    def place(placed_on: int, data: dict[str, Any], **over: Any) -> dict[str, Any]:
        f = {"Hotbar Index": 0, "Total Item Quantity": 1, "Size": vec3i(1, 1, 1),
             "Local Position Start": vec3i(0, 0, 0), "Z Axis": vec3i(1, 0, 0),
             "X Axis": vec3i(0, 0, 1), "Local Position": vec3i(1, 2, 3),
             "Item Uuid": UUIDS[1], "Shape Uuid": UUIDS[1],
             "Placed On": enum(PLACED_ON, placed_on), "Placed On Data": data}
        f.update(over)
        return f

    terrain = {"Unknown (0x00)": bytes.fromhex("000002bb"), "Unknown (0x04)": b"\x12\x34\x56\x78"}
    b.add("on terrain surface", 34, place(2, terrain))
    b.add("on terrain surface, right after entering", 34,
          place(2, {"Unknown (0x00)": bytes.fromhex("d20a698d"), "Unknown (0x04)": b"\xff" * 4}))
    b.add("on terrain asset", 34, place(3, terrain, **{"Hotbar Index": 9}))
    b.add("part on body", 34, place(4, {"Shape ID": 17, "Body ID": 5}, **{
        "Size": vec3i(0, 0, 0), "Item Uuid": UUIDS[2], "Shape Uuid": UUIDS[3],
        "Z Axis": vec3i(0, -1, 0), "X Axis": vec3i(-1, 0, 0), "Local Position": vec3i(-4, 0, 7)}))
    b.add("on lift", 34, place(6, {"Unknown": bytes.fromhex("000002bb"), "Lift ID": 3}))
    b.add("on joint", 34, place(8, {"Unknown": b"\x00" * 4, "Joint ID": U32_MAX}))
    b.add("negative size, extreme coordinates, max numbers", 34,
          place(4, {"Shape ID": U32_MAX, "Body ID": 0}, **{
              "Hotbar Index": U32_MAX, "Total Item Quantity": U32_MAX,
              "Size": vec3i(-1, -2, -3), "Local Position Start": vec3i(S32_MIN, S32_MAX, 0),
              "Z Axis": vec3i(0, 0, 0), "X Axis": vec3i(2, 2, 2),
              "Local Position": vec3i(S32_MAX, S32_MIN, -1), "Item Uuid": NIL_UUID,
              "Shape Uuid": MAX_UUID}))
    b.add("undocumented placed on value 5 (opaque data)", 34,
          place(5, {"unknown": bytes(range(8))}),
          note="Placed On values outside the table are rejected by the server (page)")

    def remove(surface: int, data: dict[str, Any], high=vec3i(0, 0, 0), low=vec3i(0, 0, 0)):
        return {"Local Position High": high, "Local Position Low": low,
                "Removed Surface": enum(REMOVED_SURFACE, surface), "Removed Surface Data": data}

    b.add("part from body", 35, remove(4, {"Shape ID": 21, "Body ID": 5}))
    b.add("blocks from body", 35, remove(4, {"Shape ID": 0, "Body ID": 6},
                                         high=vec3i(3, 2, 1), low=vec3i(-1, -2, -3)))
    b.add("lift", 35, remove(6, {"Unknown": b"\x00" * 4, "Lift ID": 3}))
    b.add("extreme values", 35, remove(6, {"Unknown": b"\xff" * 4, "Lift ID": U32_MAX},
                                       high=vec3i(S32_MAX, S32_MAX, S32_MAX),
                                       low=vec3i(S32_MIN, S32_MIN, S32_MIN)))
    b.add("undocumented removed surface value 2 (opaque data)", 35,
          remove(2, {"unknown": b"\x01" * 8}),
          note="Removed Surface values outside the table do nothing (page)")

    for v in (0, 1, U32_MAX):
        b.add(f"joint {v}", 39, {"Joint ID": v})
    for a, c, effect in ((0, 0, 0), (1, 2, 305419896), (0xFF, 0xFF, U32_MAX)):
        b.add(f"effect {effect}", 40,
              {"Unknown (0x00)": a, "Unknown (0x01)": c, "Effect ID": effect})
    for v in (0, 7, U32_MAX):
        b.add(f"lift {v}", 43, {"Lift ID": v})
    for label, value in (("no bits", 0x00), ("connect standard", 0x11),
                         ("disconnect standard", 0x21), ("toggle standard", 0x31),
                         ("connect bearing", 0x12), ("reverse direction bearing", 0x42),
                         ("standard and bearing", 0x13), ("unused bit 7", 0x80),
                         ("unused bits 3-2", 0x0C), ("all bits", 0xFF)):
        b.add(label, 44, {"Child ID": 10, "Parent ID": 11, "Flags": connect_flags(value)})
    b.add("max ids", 44, {"Child ID": U32_MAX, "Parent ID": 0, "Flags": connect_flags(0x10)})

    for label, text in (
        ("empty blueprint", ""),
        ("small blueprint", '{"bodies":[{"childs":[]}],"version":4}'),
        ("non-ascii blueprint", '{"bodies":[],"name":"' + NON_ASCII + '"}'),
        ("large repetitive blueprint", '{"bodies":[' + ",".join(
            '{"childs":[{"color":"df7f01","pos":{"x":' + str(i) + ',"y":0,"z":0},'
            '"shapeId":"a6c6ce30-dd47-4587-b475-085d55c6a3b4","xaxis":1,"zaxis":3}]}'
            for i in range(200)) + '],"version":4}'),
    ):
        raw = text.encode("utf-8")
        data = lz4_block(raw)
        b.add(label, 45, {"Lift ID": 3 if raw else U32_MAX, "Uncompressed Size": len(raw),
                          "Compressed Size": len(data), "Compressed Blueprint Data": data,
                          "blueprint.json": text})

    def kind(value: int) -> dict[str, Any]:
        return enum(INTERACT_PACKET_TYPE, value)

    b.add("set seated", 50, {"Packet Type": kind(0x90), "Interactable ID": 12, "Player ID": 1})
    b.add("set seated, max", 50, {"Packet Type": kind(0x90), "Interactable ID": U32_MAX,
                                  "Player ID": U32_MAX})
    for state in (0, 1, 0xFF):
        b.add(f"other, state {state}", 50,
              {"Packet Type": kind(0x80), "Interactable ID": 7, "State": state})
    for value in (0, 0x1234, 0xFFFF):
        b.add(f"suspension height {value}", 50,
              {"Packet Type": kind(0x60), "Interactable ID": 8, "Value": value})
    unknown14 = bytes(range(1, 15))
    for setting, value in ((1, 0.5), (2, -10.0), (3, F32_MAX), (4, 0.0)):
        b.add(f"bearing setting {BEARING_SETTING_TYPE[setting]}", 50,
              {"Packet Type": kind(0xFA), "Unknown": unknown14,
               "type": enum(BEARING_SETTING_TYPE, setting), "undocumented (0x10)": b"\x00",
               "Value": f32(value)})
    for flag in (True, False):
        b.add(f"bearing setting BearingLock {flag}", 50,
              {"Packet Type": kind(0xFA), "Unknown": b"\xff" * 14,
               "type": enum(BEARING_SETTING_TYPE, 0x10), "undocumented (0x10)": b"\x00",
               "Value": flag})
    b.add("undocumented packet type 0x00 (opaque)", 50,
          {"Packet Type": kind(0x00), "unknown": b"\x00\x00\x00\x01\x02"},
          note="packet types other than 0x90, 0x80, 0x60 and 0xFA are not documented")

    b.add("no data", 51, {})
    for label, (lift, change) in {"rise one": (1, 1), "lower one": (1, -1), "zero": (0, 0),
                                  "extremes up": (U32_MAX, S32_MAX),
                                  "extremes down": (2, S32_MIN)}.items():
        b.add(label, 52, {"Lift ID": lift, "Level Change": change})


def build_vectors() -> list[Vector]:
    b = _Builder()
    _v_joining(b)
    _v_server_info(b)
    _v_script_initialization(b)
    _v_generic_initialization(b)
    _v_messages(b)
    _v_blob_data(b)
    _v_items(b)
    _v_building(b)
    _v_compound(b)  # last: wraps the vectors above
    names = [v.name for v in b.vectors]
    if len(names) != len(set(names)):
        raise ValueError("vector names repeat")
    return b.vectors


VECTORS: list[Vector] = build_vectors()


# ----------------------------------------------------------------------------------------------
# What the pages leave open, and the reading this module chose
# ----------------------------------------------------------------------------------------------

AMBIGUITIES: dict[str, list[str]] = {
    "format.mdx": [
        "The page says 'All data sent over the network is Little-Endian', but the packet tables "
        "mark nearly every integer 'be'. Chosen: each table's own 'be'/'le' wins; integers and "
        "floats whose table gives no byte order (uint32, u16, u32, u64, float) are written "
        "big-endian, the order of every marked integer on the packet pages (the ImHex mods "
        "pattern also writes 'be u64 fileId'); only the 'le u128' UUIDs are little-endian.",
        "A packet is the ID byte plus the body; 'LZ4 Compressed: Yes' is read as the whole body "
        "being one raw LZ4 block with no size prefix. No page says how the receiver learns the "
        "decompressed size; the vectors keep the body so a decoder can be given len(body).",
        "The 'Size' line of each page counts the ID byte on some pages (01/03/05/07/10: '1 byte', "
        "08: '5 bytes') and not on others (31: 24, 33: 12, 34: 109, 35: 33, 39/43: 4, 40: 6, 44: "
        "9, 51: 0, 52: 8 = body only), and never counts compression. Sizes are taken as "
        "information; bodies follow the tables.",
    ],
    "bitstream.mdx": [
        "The bit order inside a byte is shown only by the example ('the boolean flag bit is "
        "stored in the first bit of the first byte'). Chosen: the first bit written is the top "
        "bit (0x80) of the byte; multi-byte values continue as their big-endian bit sequence "
        "across byte borders; the last byte is filled with zero bits. Example 2 then gives "
        "88 91 19 80 (the tests check the writer on both examples).",
        "The pages do not list which packets have bit-sized fields. Chosen: only the Lua object "
        "(Boolean, Table 'Is Array', WeakScriptRef 'Unknown') and the 'Boolean' value of 50 "
        "Interact are single bits; every other field is whole bytes.",
    ],
    "structures/lua-object.md": [
        "Json: 'has not been documented yet'. Chosen: after the Type byte 9 the rest of the Lua "
        "object is opaque ({'unknown': bytes}); Json therefore only appears as the whole value of "
        "a Lua object (its length is unknown, so nothing can follow it).",
        "WeakScriptRef: 'RefID' is 'u32' without a byte order (chosen: big-endian) and its Notes "
        "cell is cut off ('The reference in'); the 'Unknown' flag is read as one bit right after "
        "RefID.",
        "Userdata types marked ':x: Cannot be serialized at all' (RaycastResult, Effect, Network, "
        "Storage, AiState, AreaTrigger, BuilderGuide, CullSphereGroup, GuiInterface, "
        "BlueprintVisualization) get no vectors. LoadCellHandle, VoxelTerrain and Widget "
        "(':grey_question: Unknown', no layout) get the Type ID followed by opaque bytes "
        "({'Type ID', 'unknown'}), as the whole Lua value only. Unit, Portal and PathNode "
        "('cannot be deserialized on the client') still get vectors, inside 11 Script "
        "Initialization Data, because their layout is documented.",
        "String: 'padding is inserted between the length and the string data to align the "
        "string data'. Chosen: the alignment is done after every String's Size, also when Size "
        "is 0; nothing else is ever aligned (Type bytes, counts and numbers follow a 1-bit field "
        "unaligned, as the Boolean and Is Array warnings say).",
        "Nil is 'serialized as a byte array with a length of 0': no bits after its Type byte.",
        "Table: for a dictionary, Count is read as the number of key-value pairs. Array 'Offset' "
        "('the offset of the first element') is written as given (vectors use 1, 0 and "
        "0xFFFFFFFF).",
        "Userdata Uuid is 'le u128' inside the bit stream: the 16 reversed bytes are written bit "
        "after bit like any other value, not aligned. Vec3/Quat/Color are in the tables' order "
        "X,Y,Z(,W) / R,G,B,A, unlike the Z,Y,X Vec3i of packets 34/35.",
        "The page does not say where a Lua object ends. Chosen: it is filled with zero bits to "
        "the next byte; 'LUA' and Version start on a byte border.",
        "Int32/Int16/Int8 are said to be used by the game only for values that do not fit the "
        "smaller type; the vectors use each type's full range (the wire layout allows it). "
        "Number vectors use only values a 32-bit float holds exactly (incl. +-inf, the largest "
        "float and the smallest subnormal), never NaN.",
        "Version is 'currently 1'; one vector uses 2.",
    ],
    "structures/networking-blobdata.md": [
        "The Offset column puts both Key and World ID at 0x12 although Key is Key Size bytes. "
        "Chosen: the fields follow each other: World ID comes right after the Key.",
        "Data is 'compressed using the LZ4 block compression algorithm' with Data Size = the "
        "compressed size; no decompressed size is stored. Chosen: a raw LZ4 block without a size "
        "prefix.",
        "The key's type 'depends on the Uid'. For the documented payloads (Terrain Data, World "
        "Info, Gameplay Options, Player Data, Chat Message) the payload sections say 'le u32', so "
        "Key Size is 4; for undocumented Uids the Key stays bytes, and one vector (25/26) holds a "
        "Lua object as its Key, which the page says can happen.",
        "Flags: 'It is currently not known which flags exist. The default value is 7', while the "
        "payload sections give 13, 15, 20 and 0; any u8 is written.",
        "Uid is 'be UUID': the 16 bytes are in the order of the canonical text.",
        "Nothing forbids Key Size 0 or Data Size 0 (no LZ4 block at all); one opaque blob has "
        "both.",
        "World ID is a plain be u16; the special values 0xFFFF 'Any World' and 0xFFFE 'No World' "
        "are kept as numbers.",
    ],
    "structures/character-customization.md": [
        "The table says 'be u128[Options Length]' (bytes in text order); the ImHex character "
        "pattern writes plain 'u128' (ImHex's default little-endian) and a fixed nine options. "
        "Chosen: the page's table; Options Length 0, 2 and 255 are used besides the nine "
        "documented indices.",
        "Version is 'not confirmed, but always 2': most vectors use 2, others 0 and 0xFFFFFFFF.",
        "The field name is spelled 'Options Palette Indeces' as on the page.",
    ],
    "structures/networking-string.md": [
        "Size counts UTF-8 bytes, not characters; vectors include non-ASCII text, empty strings "
        "and a 65535-byte message (19).",
    ],
    "structures/uuid.md": [
        "The page describes only the text form. Wire order per field type: 'be u128', 'be UUID' "
        "and 'byte[16]' are the bytes of the text in order; 'le u128' is the same 16 bytes "
        "reversed as a whole (not the mixed-endian Microsoft GUID layout).",
    ],
    "01-hello.mdx": [
        "'Bound To: Client <-> Server': one vector per direction, the same empty body.",
    ],
    "02-server-info.mdx": [
        "The text says the packet 'is sent by the client', 'Bound To' says Server -> Client; "
        "chosen: s2c.",
        "ModData 'File ID' (u64) and GenericData 'Size' (u16) and 'Key' (u32) have no byte "
        "order; chosen: big-endian (see format.mdx). The GenericData entry looks like a BlobData "
        "reference (Uid, Key Size, Key) whose keys the payload sections store as 'le u32'; the "
        "table's fixed 'Size u16' then 'Key u32' is followed literally, Key big-endian.",
        "ModData 'UUID' and GenericData 'UUID' are 'byte[16]'; chosen: bytes in text order (as "
        "BlobData's 'be UUID'). The ImHex mods pattern writes 'u128 localId' (little-endian), "
        "which would reverse them.",
        "The GenericData note speaks of a 'Channel' field the table does not have; the table "
        "wins.",
        "Flags: the size of the bitfield is not stated; bits 7..0 are read as one byte, bit 7 = "
        "0x80 = Developer Mode, bits 6..0 'Unknown' kept as a number. The note about movement "
        "keys is copied from another page and ignored.",
        "Gamemode values 9 to 13 are not in the enum; no vectors use them.",
    ],
    "03-request-passphrase.mdx": [],
    "04-respond-passphrase.mdx": [
        "The first byte is named 'Size' but noted 'Should be $ (0x24)'; 0x24 = 36 is also the "
        "length of a UUID-text passphrase, so it may be a length. Chosen: the byte is written as "
        "given (0x24 in every vector) and the Passphrase is the UTF-8 bytes up to the end of the "
        "packet (not the be-u16-prefixed networking String). Two vectors have 36-byte "
        "passphrases, so both readings agree; the empty-passphrase vector holds only under the "
        "literal reading.",
    ],
    "05-client-accepted.mdx": [
        "The text is copied from Hello ('The client sends this packet to the server'); 'Bound "
        "To' says Server -> Client; chosen: s2c.",
    ],
    "06-file-checksums.mdx": [
        "'uint32' fields without a byte order; chosen: big-endian. Field names 'size' and "
        "'checksum' are lower-case as on the page.",
    ],
    "07-checksums-accepted.mdx": [],
    "08-checksums-denied.mdx": [
        "'Bound To: Client -> Server', while the text says it is sent when a checksum sent by the "
        "client is invalid (a server answer, like 07). Chosen: the 'Bound To' line (c2s), as "
        "instructed; the text suggests s2c.",
        "'Index' is 'uint32' without a byte order; chosen: big-endian.",
        "'Size: 5 bytes' is ID + 4, although the body is compressed.",
    ],
    "09-character-info.mdx": [],
    "10-join-confirmation.mdx": [],
    "11-script-initialization-data.mdx": [
        "Terrain Data payload = one Lua object, filled with zero bits to the byte. Key 'The ID "
        "of the world, stored as le u32' (Key Size 4) while World ID is a be u16: the same "
        "number in the vectors, except one whose key (0xFFFFFFFF) does not fit 16 bits. Flags 7 "
        "in most vectors.",
        "Every Lua vector rides in a Terrain Data blob, the only documented Lua-object payload.",
    ],
    "13-generic-initialization-data.mdx": [
        "The page gives 'ID: 0x0B (11)' and the description of page 11; its title and file name "
        "say 13. Chosen: ID 13 (0x0D).",
        "Player Data 'Name' is prefixed by a u8 'Name Size', not the networking String; "
        "'Unknown' u8 kept as a number; 'Carry Color' kept as the be u32 number (0xAABBGGRR).",
        "Gameplay Options: the page's example ends with a newline; one vector keeps it.",
    ],
    "18-display-message.mdx": [
        "Where the message is shown (pop-up, alert, chat) depends on Type's text; it is not a "
        "wire field, so expected holds only the four table fields. Vectors cover every special "
        "<WARNING> message, <ALERT>, chat, empty and non-ASCII strings.",
    ],
    "19-display-alert-text.mdx": [
        "The page says a Size shorter or longer than the message changes the display, i.e. Size "
        "need not match the text sent. Chosen: Message is exactly Size bytes; vectors keep Size "
        "equal to the UTF-8 length (bytes after a short Size would be unnamed, and a long Size "
        "is a truncated packet).",
    ],
    "25-script-data-s2c.mdx": [
        "Page marked WIP and 'BlobData Payloads: To be documented': every BlobData's Data is "
        "opaque (still an LZ4 block per the BlobData page; one has Data Size 0).",
    ],
    "26-script-data-c2s.mdx": [
        "Page marked WIP and payloads 'To be documented': Data opaque. Unlike 25 the table has "
        "no Game Tick; followed literally.",
    ],
    "27-generic-data-s2c.mdx": [
        "Page marked WIP; only the Chat Message payload is documented, other Uids are opaque. "
        "Chat Message flags are 20 (0b10100), not the BlobData page's 'default 7'.",
    ],
    "28-generic-data-c2s.mdx": [
        "Page marked WIP; no Game Tick in the table (followed literally). Chat Message: Key "
        "always 0, Flags 0, payload by reference to page 27.",
    ],
    "29-compound-packet.mdx": [
        "'Can contain any Server -> Client packet that is documented with LZ4 Compressed: Yes': "
        "02, 11, 13, 18, 19, 25, 27 and, read literally, 29 itself (one vector nests a "
        "compound). 08 is compressed but its 'Bound To' is Client -> Server, so it is excluded.",
        "Extra vectors noted 'outside the page's rule' wrap every other documented packet, so a "
        "decoder's sub-packet dispatch can be checked for all ids; page-conformant checks can "
        "skip them by their note.",
        "Subpackets hold the uncompressed body; the compound body as a whole is one LZ4 block. "
        "An empty compound (no subpackets) is an empty body, compressed to the 1-byte block 00.",
    ],
    "31-hotbar-item-changed.mdx": [
        "Title 'Equipped Item Changed', file 'hotbar-item-changed'; same packet. 'Uuid' is "
        "'le u128': the text's 16 bytes reversed.",
    ],
    "32-container-transaction.mdx": [
        "The Transactions array is read as Transaction Count entries (the page hedges: 'might "
        "play a different part').",
        "Count 2: the second transaction 'seems to follow the same format, but no sense is "
        "made of the data'. Chosen: it is encoded in the documented layout of its Action ID "
        "(2 = Collect, 87 = Default Action); real count-2 packets may not parse that way.",
        "Default Action (any ID outside 0..9) is 'treated the same as Action 7 - Move'. Chosen: "
        "the same layout as Move (From, To, Unknown u8); the enum name 'Default Action'.",
        "Collect and Spend repeat the name 'Unknown': keyed 'Unknown (0x11)' (be u32) and "
        "'Unknown (0x1B)' (u8).",
        "The ItemStack notes are copied from page 31 ('newly equiped item'); ignored. 'Always "
        "456' (Swap To) and 'Always 337' (Move To) quantities are ordinary be u16 values.",
        "Actions 3 (Spend) and 4 (Collect To Slot) are reverse engineered, never captured.",
        "Counts above 2 'have not been seen'; one vector puts several actions in one packet.",
    ],
    "33-drop-item-stack.mdx": [
        "The notes of 'Container ID' ('The amount of items to drop') and 'Quantity' ('The ID of "
        "the container') are swapped; the field names and offsets are followed: Container ID, "
        "Slot, Quantity.",
    ],
    "34-place.mdx": [
        "'Placed On Data' (8 bytes) is read per Placed On value; Terrain Asset 'appears to be "
        "the same as Terrain Surface' and is given its layout. Its two 'Unknown' fields are "
        "keyed 'Unknown (0x00)' and 'Unknown (0x04)', 4 raw bytes each.",
        "Placed On values outside the table are rejected by the server; one vector uses 5 with "
        "the 8 data bytes opaque ({'unknown': ...}), enum name None.",
        "Z Axis and X Axis are Vec3i here, while local-rotation.mdx describes an axis as one "
        "index -3..3; vectors use unit vectors and, as the Validation section allows, "
        "impossible ones.",
    ],
    "35-remove.mdx": [
        "Removed Surface values outside the table 'do not do anything'; one vector uses 2 with "
        "the 8 data bytes opaque ({'unknown': ...}), enum name None.",
    ],
    "39-remove-joint.mdx": [],
    "40-harvestable-destroy.mdx": [
        "Page marked WIP; the two 'Unknown' u8 fields are keyed 'Unknown (0x00)' and "
        "'Unknown (0x01)' and kept as numbers. Not compressed, as the page says.",
    ],
    "43-lift-delete-creation.mdx": [],
    "44-connect.mdx": [
        "Bit numbers are read as bit n = value 1 << n (bit 7 = 0x80). The unused bits are kept: "
        "'Unused (bit 7)' and 'Unused (bits 3-2)'.",
        "The warning speaks of a 'Part' bit that the table does not have; read as 'Standard'.",
    ],
    "45-lift-import-creation.mdx": [
        "The Offset column puts 'Compressed Blueprint Data' at 0x14, but the three be u32 before "
        "it end at 0x0C: 8 bytes with no field. Chosen: the field list (the data starts at "
        "0x0C); the offset may be a typo or hide 8 undocumented bytes.",
        "The data is a raw LZ4 block of exactly 'Compressed Size' bytes (no size prefix, as the "
        "note says) and ends the packet; the whole body is LZ4-compressed again.",
    ],
    "50-interact.mdx": [
        "Page marked WIP. The layout is chosen by the 'Packet Type' byte: 0x90 Set seated, 0x80 "
        "Other, 0x60 Suspension Height, 0xFA Bearing Setting. 'Other 0x80' is read as the value "
        "0x80, not as 'any other value'; undocumented types keep the rest opaque "
        "({'unknown': ...}).",
        "Bearing Setting: 'type' is a u8 at 0x0F but 'Value' is at 0x11; the byte at 0x10 is "
        "not documented and is kept as 'undocumented (0x10)' (one byte).",
        "Two Bearing Setting tables share 0xFA (Size=21 and Size=18); chosen by 'type': 0x10 "
        "BearingLock -> Boolean (size 18), 0x01-0x04 -> float (size 21). The sizes count the "
        "body from 'Packet Type' on, not the ID byte.",
        "'Value' float has no byte order; chosen: big-endian.",
        "'Value' Boolean: chosen as one BitStream bit (true = 0x80, false = 0x00), like the "
        "Lua Boolean and the 0x80 'mustCollectAll' byte of 32; the other reading is a 0x01 "
        "byte.",
        "The 'type' names are spelled as on the page, including 'RTurnANgle'.",
    ],
    "51-legacy.mdx": [
        "'Size: 0 bytes': no body; the packet is the ID byte alone.",
    ],
    "52-lift-level.mdx": [],
    "joining.mdx": [
        "'Joining packets range from packet ID 0 -> 13'; no page 00, 12 exists; nothing encoded "
        "for them. The '29' arrows in the join sequence are compounds (29 page).",
    ],
    "playing.mdx": [
        "'IDs: 0x11(17) - 0x24(40)' while playing packets go up to 52; the state is not a wire "
        "field and plays no part here.",
    ],
}
