"""The specs and the runtime against the independent reading of the pages
(``sm_pages.py``, written without the specs): every vector decoded by the decoder is
compared with its ``expected`` values, field by field, the spec's fields matched to the
pages' names by their ``-orig-id`` (the page's own spelling) or, without one, by the snake
case of the page's name; enums by their entry's ``-orig-id``; UUIDs as text by each field's
documented byte order; BlobData payloads, Lua objects, compound sub-packets and 45's
blueprint against the runtime's expansions. The other way round, every vector's expected
values are turned into the readable JSON ``wirestruct decode`` prints (names by the same
map, Lua values in the readable Lua form) and encoded by the encoder: the packet's body
must be the vector's.

Where the two readings differ, the page decided; the differences that remain are listed in
:data:`READINGS` with the page and why, and checked as they are.
"""
from __future__ import annotations

import json
import math
import re
import uuid
from functools import cache
from typing import Any

import lz4.block
import pytest
import sm_pages as pages
import yaml
from kaitaistruct import KaitaiStruct
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.resources import ksy_root
from wirestruct.core.session import decode_records
from wirestruct.plugin.registry import get_protocol
from wirestruct.protocols.scrap_mechanic.expand import BlobPayload
from wirestruct.protocols.scrap_mechanic.presentation import sm_uuid

SM = get_protocol("scrap-mechanic")
KSY = ksy_root() / "scrap_mechanic"
VECTORS = pages.VECTORS

#: Where the readings differ on purpose: page -> what the specs read, and why (the page
#: decided). The comparison below applies each (see the functions named).
READINGS = {
    "32-container-transaction.mdx":
        "Transaction Count 2 and more: the page says the second transaction 'seems to follow "
        "the same format, but no sense is made of the data'; the spec parses the first one "
        "(transaction) and the others in that format (more_transactions). Checked: every "
        "transaction field by field (_transactions).",
    "50-interact.mdx":
        "BearingLock 'Value' is a Boolean of one byte (size 18). The vectors write it as a "
        "BitStream bit (true = 0x80), the spec reads the byte as a number (lock_value); "
        "both readings agree that 0x00 is false and that a set byte is true. Checked: "
        "bool(lock_value); encoded: true as 0x80, the vectors' byte (_interact_value).",
    "02-server-info.mdx":
        "GenericData: the vectors read Size (u16) and Key (u32, 4 bytes) as the table lists "
        "them, and so does the spec now (an earlier reading took Size for the key's length).",
}

#: Page names that name no field of the spec, mapped by the spec's type: (type, name) ->
#: field id. The byte 50's Bearing Setting leaves undocumented at 0x10.
ALIASES = {("bearing_setting", "undocumented (0x10)"): "unknown_2"}

#: The expected enum name of a value the spec's enum does not list, by page.
UNLISTED_NAMES = {"Default Action"}   # 32: any Action outside 0..9 (read as a Move)

_SUFFIX = re.compile(r"^(.*?) \((?:0x[0-9A-Fa-f]+|bit[s]? [0-9-]+)\)$")


# -- the specs: types by class, fields by page name -----------------------------------------
def _camel(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.split("_"))


@cache
def _spec(stem: str) -> dict[str, Any]:
    return yaml.safe_load((KSY / f"{stem}.ksy").read_text(encoding="utf-8"))


@cache
def _types() -> dict[str, tuple[str, str, dict[str, Any]]]:
    """Generated class qualname -> (spec stem, type name, type spec)."""
    out = {}
    for path in KSY.glob("*.ksy"):
        stem = path.stem
        spec = _spec(stem)
        root = _camel(stem)
        out[root] = (stem, stem, spec)
        for name, body in (spec.get("types") or {}).items():
            out[f"{root}.{_camel(name)}"] = (stem, name, body)
    return out


def type_of(obj: KaitaiStruct) -> tuple[str, str, dict[str, Any]]:
    return _types()[type(obj).__qualname__]


def _enum_spec(stem: str, ref: str) -> dict[Any, Any]:
    if "::" in ref:
        other, name = ref.split("::")
        return _spec(other)["enums"][name]
    return _spec(stem)["enums"][ref]


def enum_orig(stem: str, ref: str, value: int) -> str | None:
    entry = _enum_spec(stem, ref).get(value)
    if entry is None:
        return None
    return entry.get("-orig-id", entry.get("id")) if isinstance(entry, dict) else entry


def snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


class Field:
    """A spec field of a parsed object: its attribute spec, the object holding it, its
    value."""

    def __init__(self, owner: Any, attr: dict[str, Any], stem: str, type_name: str) -> None:
        self.owner, self.attr, self.stem, self.type_name = owner, attr, stem, type_name
        self.id = attr["id"]
        self.orig = attr.get("-orig-id")
        self.value = getattr(owner, self.id, None)


def fields_of(obj: Any) -> list[Field]:
    """The fields of ``obj`` in spec order, those of its sub-structures without a page
    name (headers, wrappers) taken in as its own."""
    stem, type_name, spec = type_of(obj)
    out: list[Field] = []
    for attr in spec.get("seq") or []:
        field = Field(obj, attr, stem, type_name)
        if field.orig is None and isinstance(field.value, KaitaiStruct) \
                and field.id not in ("uuid",) and not field.id.endswith(("_data", "_stack")):
            out.extend(fields_of(field.value))
        else:
            out.append(field)
    return out


def find(fields: list[Field], name: str, type_name: str) -> Field | None:
    """The field a page name names (``Name (0xNN)``: the n-th field of that name)."""
    for (owner_type, alias_name), alias in ALIASES.items():
        if alias_name == name:
            return next((f for f in fields if f.id == alias and f.type_name == owner_type),
                        None)
    base, nth = name, 0
    match = _SUFFIX.match(name)
    if match:
        base = match.group(1)
    same = [f for f in fields if f.orig == base]
    if match and same:
        keys = [k for k in _names_in_order if _SUFFIX.match(k) and
                _SUFFIX.match(k).group(1) == base]
        nth = keys.index(name) if name in keys else 0
    present = [f for f in same if f.value is not None]
    if len(present) > nth:
        return present[nth]
    if same:
        return same[0]
    return next((f for f in fields if f.id == snake(name)), None)


_names_in_order: list[str] = []


# -- decoded values against expected ones ---------------------------------------------------
class Check:
    """One vector's comparison: its events and the differences found."""

    def __init__(self, events: list[PacketEvent]) -> None:
        self.events = events
        self.diffs: list[str] = []
        self.event: PacketEvent | None = None    # the packet whose body is being compared

    def fail(self, path: str, got: Any, want: Any) -> None:
        self.diffs.append(f"{path}: decoded {got!r:.200}, page reading {want!r:.200}")

    # structures
    def struct(self, obj: Any, want: dict[str, Any], path: str,
               event: PacketEvent | None = None, blob: BlobPayload | None = None) -> None:
        global _names_in_order
        if event is None:
            event = self.event
        else:
            self.event = event
        if set(want) == {"unknown"} and isinstance(obj, (bytes, bytearray)):
            if bytes(obj) != want["unknown"]:                 # an unlisted case: bytes
                self.fail(path, obj, want)
            return
        if not isinstance(obj, KaitaiStruct):
            self.fail(path, obj, want)
            return
        fields = fields_of(obj)
        _, type_name, _ = type_of(obj)
        names = list(want)
        for name in names:
            _names_in_order = names
            value = want[name]
            here = f"{path}.{name}"
            if name == "unknown":
                self.bytes_rest(fields, value, here)
                continue
            if name == "Payload":
                self.payload(blob, value, here)
                continue
            if name == "Packet":
                self.subpacket(event, value, here)
                continue
            if name == "blueprint.json":
                self.value(event.expansions.get("blueprint"), value, here, None)
                continue
            field = find(fields, name, type_name)
            if field is None:
                self.fail(here, "<no field>", value)
                continue
            if field.id == "transaction":
                self.transactions(field, value, here, event)
                continue
            if field.id == "blobs":
                self.blobs(field.value, value, here, event)
                continue
            self.value(field.value, value, here, field)

    def blobs(self, blobs: list[Any], want: list[Any], path: str, event: PacketEvent) -> None:
        expanded = {b.index: b for b in event.expansions.get("blobs", [])}
        if len(blobs) != len(want):
            self.fail(path, len(blobs), len(want))
            return
        for i, (obj, item) in enumerate(zip(blobs, want)):
            self.struct(obj, item, f"{path}[{i}]", event, expanded.get(i))

    def payload(self, blob: BlobPayload | None, want: dict[str, Any], path: str) -> None:
        if blob is None or blob.payload is None:
            self.fail(path, None, want)
            return
        uid_name = enum_orig("sm_blob_data", "known_uid", int(blob.uid))
        if uid_name != want["name"]:
            self.fail(f"{path}.name", uid_name, want["name"])
        rest = {k: v for k, v in want.items() if k not in ("name", "Key")}
        if "Terrain Data" in rest:
            self.lua_object(blob.payload, rest["Terrain Data"], f"{path}.Terrain Data")
        else:
            self.struct(blob.payload, rest, path, None)  # type: ignore[arg-type]

    def subpacket(self, event: PacketEvent, want: dict[str, Any], path: str) -> None:
        children = [e for e in self.events if e.parent == event.index]
        index = int(re.findall(r"\[(\d+)\]", path)[-1])
        child = children[index]
        body = child.expansions.get("body")
        if body is None:
            body = child.packet.body
        if not want:
            if body is not None and not (isinstance(body, KaitaiStruct) and not fields_of(body)):
                self.fail(path, body, want)
            return
        self.struct(body, want, path, child)
        self.event = event

    def transactions(self, field: Field, want: list[Any], path: str, event: PacketEvent) -> None:
        """32: the first transaction, then the others in the same format (READINGS)."""
        obj = field.owner
        if not want:
            if field.value is not None:
                self.fail(path, field.value, want)
            return
        self.struct(field.value, want[0], f"{path}[0]", event)
        more = getattr(obj, "more_transactions", None) or []
        if len(more) != len(want) - 1:
            self.fail(f"{path}[1:]", len(more), len(want) - 1)
            return
        for i, (got, item) in enumerate(zip(more, want[1:]), 1):
            self.struct(got, item, f"{path}[{i}]", event)

    def bytes_rest(self, fields: list[Field], want: bytes, path: str) -> None:
        """``unknown``: the bytes the page leaves undocumented, which the spec keeps in its
        fields without a page name."""
        got = b"".join(bytes(f.value) for f in fields
                       if f.orig is None and isinstance(f.value, (bytes, bytearray)))
        if got != want:
            self.fail(path, got, want)

    # values
    def value(self, got: Any, want: Any, path: str, field: Field | None) -> None:
        if isinstance(want, dict) and set(want) == {"type", "value"}:
            self.lua_value(got, want, path)
        elif isinstance(want, dict) and "name" in want and "value" in want and len(want) == 2:
            self.enum(got, want, path, field)
        elif isinstance(want, dict) and "value" in want and isinstance(got, KaitaiStruct):
            self.struct(got, {k: v for k, v in want.items() if k != "value"}, path, None)
        elif isinstance(want, dict):
            self.struct(got, want, path, None)  # type: ignore[arg-type]
        elif isinstance(want, list):
            if not isinstance(got, list) or len(got) != len(want):
                if field is not None and field.id == "uuid" and isinstance(got, list):
                    return self.value(got, want, path, None)
                self.fail(path, got, want)
                return
            for i, (g, w) in enumerate(zip(got, want)):
                self.value(g, w, f"{path}[{i}]", field)
        else:
            self.scalar(got, want, path, field)

    def scalar(self, got: Any, want: Any, path: str, field: Field | None) -> None:
        if isinstance(got, KaitaiStruct):
            if type(got).__name__ == "Uuid":
                got = sm_uuid(got, field.id if field is not None else None)
            elif type(got).__name__ == "SmString":
                got = got.text
            elif hasattr(got, "value"):
                got = got.value
                got = getattr(got, "value", got)
        elif field is not None and field.id.endswith("_bits") \
                and hasattr(field.owner, field.id[:-5]):
            got = getattr(field.owner, field.id[:-5])
            got = getattr(got, "value", got)
        elif isinstance(want, str) and isinstance(got, list) and len(got) == 16:
            got = str(uuid.UUID(bytes=bytes(got)[::-1]))            # Lua userdata Uuid
        if isinstance(want, bool) and not isinstance(got, bool) and isinstance(got, int):
            got = bool(got)                                         # 50 BearingLock
        if isinstance(got, (bytes, bytearray)):
            got = bytes(got)
        if isinstance(want, float) and isinstance(got, float) and math.isnan(want):
            ok = math.isnan(got)
        else:
            ok = got == want and type(got) is not bool or got is want
        if not ok:
            self.fail(path, got, want)

    def enum(self, got: Any, want: dict[str, Any], path: str, field: Field | None) -> None:
        number = int(got) if got is not None else None
        if number != want["value"]:
            self.fail(f"{path}.value", number, want["value"])
            return
        if field is None or "enum" not in field.attr:
            return
        name = enum_orig(field.stem, field.attr["enum"], number)
        if name != want["name"] and not (name is None and want["name"] in UNLISTED_NAMES):
            self.fail(f"{path}.name", name, want["name"])

    # Lua
    def lua_object(self, obj: Any, want: dict[str, Any], path: str) -> None:
        if bytes(obj.magic) != want["Magic Tag"] or obj.version != want["Version"]:
            self.fail(path, (obj.magic, obj.version), want)
        self.lua_value(obj.data, want["Data"], f"{path}.Data")

    def lua_value(self, got: Any, want: dict[str, Any], path: str) -> None:
        name = enum_orig("sm_lua_object", "lua_save_data_type", int(got.header.type_id))
        if name != want["type"]:
            self.fail(f"{path}.type", name, want["type"])
            return
        value, expected = got.value, want["value"]
        kind = want["type"]
        if kind == "Nil":
            return
        if kind == "Json":
            self.bytes_rest(fields_of(value), expected["unknown"], f"{path}.value.unknown")
        elif kind in ("Boolean", "String"):
            self.scalar(value.value, expected, f"{path}.value", None)
        elif kind in ("Number", "Int32", "Int16", "Int8"):
            self.scalar(getattr(value.value, "value", value.value), expected, f"{path}.value",
                        None)
        elif kind == "Table":
            self.lua_table(value, expected, f"{path}.value")
        elif kind == "Userdata":
            self.lua_userdata(value, expected, f"{path}.value")
        else:
            self.struct(value, expected, f"{path}.value", None)  # type: ignore[arg-type]

    def lua_table(self, table: Any, want: dict[str, Any], path: str) -> None:
        header = table.header
        if (header.count, header.is_array) != (want["Count"], want["Is Array"]) or (
                header.is_array and header.offset != want["Offset"]):
            self.fail(path, (header.count, header.is_array, header.offset), want)
            return
        items = getattr(table, "elements" if header.is_array else "pairs", None) or []
        if len(items) != len(want["Elements"]):
            self.fail(f"{path}.Elements", len(items), len(want["Elements"]))
            return
        for i, (item, w) in enumerate(zip(items, want["Elements"])):
            if header.is_array:
                self.lua_value(item, w, f"{path}.Elements[{i}]")
            else:
                self.lua_value(item.key, w["Key"], f"{path}.Elements[{i}].Key")
                self.lua_value(item.value, w["Value"], f"{path}.Elements[{i}].Value")

    def lua_userdata(self, value: Any, want: dict[str, Any], path: str) -> None:
        type_id = int(value.header.type_id)
        name = enum_orig("sm_lua_object", "userdata_type_id", type_id)
        if (type_id, name) != (want["Type ID"]["value"], want["Type ID"]["name"]):
            self.fail(f"{path}.Type ID", (type_id, name), want["Type ID"])
        if "unknown" in want:
            self.bytes_rest(fields_of(value.data), want["unknown"], f"{path}.unknown")
        else:
            self.struct(value.data, want["Data"], f"{path}.Data", None)  # type: ignore[arg-type]


# -- decoding -------------------------------------------------------------------------------
@cache
def decoded() -> dict[int, list[Any]]:
    """Each vector's events (its packet, and the sub-packets nested in it)."""
    records = [CaptureRecord(i, 0.0, Direction.parse(v.direction), v.packet)
               for i, v in enumerate(VECTORS)]
    out: dict[int, list[Any]] = {i: [] for i in range(len(VECTORS))}
    for event in decode_records(records, SM.decoder()):
        out[event.record].append(event)
    return out


def _top(events: list[Any]) -> PacketEvent:
    return next(e for e in events if isinstance(e, PacketEvent) and e.parent is None)


def _body(event: PacketEvent) -> Any:
    body = event.expansions.get("body")
    return body if body is not None else event.packet.body


@pytest.mark.parametrize("index", range(len(VECTORS)), ids=[v.name for v in VECTORS])
def test_decoded_values_are_the_pages(index):
    vector = VECTORS[index]
    events = decoded()[index]
    assert [e.error for e in events if isinstance(e, ErrorEvent)] == []
    top = _top(events)
    assert top.packet_id == vector.packet_id and top.raw == vector.packet
    check = Check([e for e in events if isinstance(e, PacketEvent)])
    if vector.expected:
        check.struct(_body(top), vector.expected, vector.page, top)
    else:
        body = _body(top)
        assert isinstance(body, KaitaiStruct) and fields_of(body) == []
    assert check.diffs == []


def test_every_page_has_vectors_and_every_difference_names_its_page():
    assert {v.packet_id for v in VECTORS} == set(pages.PACKETS)
    assert set(READINGS) <= {p.page for p in pages.PACKETS.values()}


# -- encoding the expected values -------------------------------------------------------------
#: BlobData payload headings (the vectors' "Payload" name) -> the spec of the payload.
PAYLOAD_SPECS = {"Terrain Data": "sm_lua_object", "World Info": "sm_blob_world_info",
                 "Gameplay Options": "sm_blob_gameplay_options",
                 "Player Data": "sm_blob_player_data", "Chat Message": "sm_blob_chat_message"}


def lua_natural(want: dict[str, Any]) -> Any:
    """A Lua value of the pages' reading in the readable Lua form (``lua_json``)."""
    kind, value = want["type"], want["value"]
    if kind == "Nil":
        return None
    if kind in ("Boolean", "String"):
        return value
    if kind == "Number":
        if math.isfinite(value):
            return float(value)
        return {"$lua": "number", "value": "Infinity" if value > 0 else "-Infinity"}
    if kind in ("Int32", "Int16", "Int8"):
        return {"$lua": kind.lower(), "value": value}
    if kind == "Json":
        return {"$lua": "json", "rest": value["unknown"].hex()}
    if kind == "WeakScriptRef":
        return {"$lua": "weak_script_ref", "ref_id": value["RefID"], "unknown": value["Unknown"]}
    if kind == "Userdata":
        return _lua_userdata(value)
    if value["Is Array"]:
        return {"$lua": "array", "offset": value["Offset"], "count": value["Count"],
                "elements": [lua_natural(e) for e in value["Elements"]]}
    return {"$lua": "table", "count": value["Count"],
            "pairs": [[lua_natural(p["Key"]), lua_natural(p["Value"])]
                      for p in value["Elements"]]}


def _lua_userdata(value: dict[str, Any]) -> Any:
    name = value["Type ID"]["name"]
    if "unknown" in value:
        return {"$lua": "userdata", "type_id": value["Type ID"]["value"],
                "rest": value["unknown"].hex()}
    data = value["Data"]
    tag = snake(name) if name != "PathNode" else "path_node"
    tag = {"scriptableobject": "scriptable_object"}.get(tag, tag)
    if name == "Uuid":
        return {"$lua": "uuid", "value": data["Uuid"]}
    if name in ("Vec3", "Quat", "Color"):
        return {"$lua": tag, **{k.lower(): v for k, v in data.items()}}
    [number] = data.values()
    return {"$lua": tag, "id": number}


def lua_object_natural(want: dict[str, Any]) -> Any:
    assert want["Magic Tag"] == b"LUA"
    return {"$lua": "object", "version": want["Version"], "value": lua_natural(want["Data"])}


class Readable:
    """A vector's expected values as the readable JSON ``wirestruct decode`` prints: the
    spec's fields by the same map of page names, walked on the decoded object, which says
    which case a switch took and which fields an ``if`` left out. Values come from the
    expected ones; only the bits and bytes the page does not name (padding, an empty
    rest) are taken as decoded."""

    def names(self, obj: Any, want: dict[str, Any]) -> dict[tuple[int, str], str]:
        global _names_in_order
        _, type_name, _ = type_of(obj)
        fields = fields_of(obj)
        out = {}
        for name in want:
            _names_in_order = list(want)
            field = find(fields, name, type_name)
            if field is not None:
                out[(id(field.owner), field.id)] = name
        return out

    def struct(self, obj: Any, want: dict[str, Any], names: dict | None = None) -> dict:
        names = self.names(obj, want) if names is None else names
        out: dict[str, Any] = {}
        for attr in type_of(obj)[2].get("seq") or []:
            key = attr["id"]
            got = getattr(obj, key, None)
            if got is None:
                continue
            name = names.get((id(obj), key))
            if key == "more_transactions":                        # 32: see READINGS
                name = next(n for n in want if n == "Transactions")
            if name is None:
                if attr.get("-orig-id") is None and isinstance(got, KaitaiStruct):
                    out[key] = self.struct(got, want, names)      # a wrapper: same names
                else:
                    out[key] = _plain(got)                        # unnamed bits and bytes
                continue
            out[key] = self.value(attr, got, want[name])
        if "unknown" in want:
            self.unknown(obj, out, want["unknown"])
        return out

    def unknown(self, obj: Any, out: dict[str, Any], data: bytes) -> None:
        """``unknown``: the page's undocumented bytes, into the last field without a page
        name that holds bytes (the others as read, empty in these vectors)."""
        holders = [f for f in fields_of(obj)
                   if f.orig is None and isinstance(f.value, (bytes, bytearray))]
        target = out
        field = holders[0]
        for name in _path_to(obj, field.owner):
            target = target[name]
        target[field.id] = data.hex()

    def value(self, attr: dict[str, Any], got: Any, want: Any) -> Any:
        key = attr["id"]
        if isinstance(want, dict) and "name" in want and "value" in want and len(want) == 2:
            return want["value"]
        if key == "transaction":                                  # 32: see READINGS
            return self.struct(got, want[0]) if want else None
        if key == "more_transactions":
            return [self.struct(g, w) for g, w in zip(got, want[1:])]
        if isinstance(want, dict) and set(want) == {"unknown"} and isinstance(got, bytes):
            return want["unknown"].hex()                          # an unlisted case: bytes
        if isinstance(want, dict):
            if "value" in want and isinstance(got, KaitaiStruct) and \
                    not any(f.orig == "Value" for f in fields_of(got)):
                want = {k: v for k, v in want.items() if k != "value"}   # a bitfield byte
            return self.struct(got, want)
        if isinstance(want, list):
            if isinstance(got, list) and got and isinstance(got[0], KaitaiStruct) \
                    and type(got[0]).__name__ != "Uuid":
                return [self.struct(g, w) for g, w in zip(got, want)]
            return list(want)
        if isinstance(want, bytes):
            return want.hex()
        if isinstance(want, bool) and attr.get("type") == "u1":
            return 0x80 if want else 0                            # 50 BearingLock
        if type(got).__name__ == "SteamId":
            return {"value": want}
        if type(got).__name__ == "U64Parts":
            return {"high": want >> 32, "low": want & 0xFFFFFFFF}
        return want


def _path_to(root: Any, owner: Any) -> list[str]:
    chain: list[str] = []
    while owner is not root:
        parent = owner._parent
        for attr in type_of(parent)[2].get("seq") or []:
            if getattr(parent, attr["id"], None) is owner:
                chain.insert(0, attr["id"])
                break
        owner = parent
    return chain


def _plain(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).hex()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _event(index: int, vector: Any, event: PacketEvent, want: dict[str, Any],
           parent: int | None) -> list[dict[str, Any]]:
    """The events of a packet (and its sub-packets) made of the expected values."""
    readable = Readable()
    body = _body(event)
    packet_id = event.packet_id
    out: dict[str, Any] = {"index": index, "t": 0.0, "dir": vector.direction, "id": packet_id,
                           "name": event.name, "fields": {"packet_id": packet_id,
                                                          "body": {"hex": ""}}}
    if parent is not None:
        out["parent"] = parent
    fields = readable.struct(body, want) if isinstance(body, KaitaiStruct) else {}
    if "body" in event.expansions:
        out["expansions"] = {"body": fields}
    else:
        out["fields"]["body"] = fields
    children: list[dict[str, Any]] = []
    if "Data" in want and "blobs" in event.expansions:
        out["expansions"]["blobs"] = [_blob(i, b) for i, b in enumerate(want["Data"])]
    if "blueprint.json" in want:
        out["expansions"]["blueprint"] = want["blueprint.json"]
    if "Subpackets" in want:
        inner = [e for e in decoded()[vector_index(vector)] if isinstance(e, PacketEvent)
                 and e.parent == event.index]
        for sub, child in zip(want["Subpackets"], inner):
            children += _event(index + 1 + len(children), vector, child, sub["Packet"], index)
    return [out] + children


def _blob(index: int, want: dict[str, Any]) -> dict[str, Any]:
    payload = want.get("Payload")
    if payload is None:
        return {"index": index, "spec": None, "payload": None, "key": None}
    spec = PAYLOAD_SPECS[payload["name"]]
    if spec == "sm_lua_object":
        value = lua_object_natural(payload["Terrain Data"])
    else:
        decoded_blob = _payload_obj(spec, want["Data"])
        value = Readable().struct(decoded_blob, {k: v for k, v in payload.items()
                                                 if k not in ("name", "Key")})
    return {"index": index, "spec": spec, "payload": value, "key": None}


def _payload_obj(spec: str, data: bytes) -> Any:
    from wirestruct.core.parse import parse
    from wirestruct.protocols.scrap_mechanic.expand import SPEC_IDS
    cls = next(c for c, s in SPEC_IDS.items() if s == spec)
    block = lz4.block.decompress(data, uncompressed_size=1 << 20)
    return parse(cls, block)


@cache
def _indices() -> dict[str, int]:
    return {v.name: i for i, v in enumerate(VECTORS)}


def vector_index(vector: Any) -> int:
    return _indices()[vector.name]


@pytest.mark.parametrize("index", range(len(VECTORS)), ids=[v.name for v in VECTORS])
def test_expected_values_encode_to_the_vectors_body(index):
    vector = VECTORS[index]
    top = _top(decoded()[index])
    events = _event(0, vector, top, vector.expected, None)
    events = json.loads(json.dumps(events))                 # as a file of events holds them
    [record] = list(SM.encoder().encode_events(events))
    assert isinstance(record, CaptureRecord), record
    assert record.data[0] == vector.packet_id
    if vector.compressed:
        body = lz4.block.decompress(record.data[1:], uncompressed_size=len(vector.body))
    else:
        body = record.data[1:]
    assert body == vector.body


# -- the comparison itself finds differences -------------------------------------------------
def _mutated(name: str, change) -> tuple[int, dict[str, Any]]:
    import copy
    index = _indices()[name]
    expected = copy.deepcopy(VECTORS[index].expected)
    change(expected)
    return index, expected


MUTATIONS = {
    "52-lift-level: rise one": lambda e: e.update({"Lift ID": 2}),
    "34-place: on terrain surface":
        lambda e: e.update({"Shape Uuid": "a6c6ce30-dd47-4587-b475-085d55c6a3b5"}),
    "27-generic-data-s2c: chat message":
        lambda e: e["Data"][0]["Payload"].update({"Timestamp": 5}),
    "29-compound-packet: holding 27-generic-data-s2c: chat message":
        lambda e: e["Subpackets"][0]["Packet"]["Data"][0]["Payload"].update({"Timestamp": 5}),
    "11-script-initialization-data: terrain data, lua table: array offset 0":
        lambda e: e["Data"][0]["Payload"]["Terrain Data"]["Data"]["value"]["Elements"][1]
        .update({"value": 3}),
    "32-container-transaction: two transactions, second action 2 (gas container)":
        lambda e: e["Transactions"][1]["Action Data"].update({"Quantity": 2}),
    "50-interact: bearing setting BearingLock True": lambda e: e.update({"Value": False}),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_changed_value_is_found_both_ways(name):
    index, expected = _mutated(name, MUTATIONS[name])
    vector = VECTORS[index]
    events = decoded()[index]
    top = _top(events)
    check = Check([e for e in events if isinstance(e, PacketEvent)])
    check.struct(_body(top), expected, vector.page, top)
    assert len(check.diffs) == 1, check.diffs
    encoded = json.loads(json.dumps(_event(0, vector, top, expected, None)))
    [record] = list(SM.encoder().encode_events(encoded))
    body = lz4.block.decompress(record.data[1:], uncompressed_size=len(vector.body) + 64) \
        if vector.compressed else record.data[1:]
    assert body != vector.body


def test_an_enum_name_is_checked():
    index, expected = _mutated("02-server-info: gamemode 0 AlphaTerrain",
                               lambda e: e["Gamemode"].update({"name": "Survival"}))
    top = _top(decoded()[index])
    check = Check([top])
    check.struct(_body(top), expected, "02", top)
    assert check.diffs == ["02.Gamemode.name: decoded 'AlphaTerrain', page reading 'Survival'"]
