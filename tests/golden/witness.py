"""A second witness for the golden outputs: the same facts, found without wirestruct.

The golden files (``data/``) are what the command line printed; ``test_golden.py`` holds
the code to them. This module holds them to sources that do not run wirestruct's code:

| source | what it gives |
|---|---|
| ``capture`` | a JSON Lines capture read with ``json``: each record's time, direction, bytes, stream |
| ``tshark`` | a pcap/pcapng capture read by tshark (``-T fields``): each TCP segment's frame number, time, stream, addresses and payload |
| ``mme-doc`` | ``tests/data/witness/mme_protocol.json`` (MME protocol document): the packet header, names, each packet's fields in order, colours, disconnect reasons |
| ``sm-pages`` | ``tests/data/witness/scrap_mechanic_pages.json`` (the packet pages): names, directions, LZ4 bodies, the compound packet, 30 Player Movement's layout |
| ``diep-doc`` | ``tests/data/witness/diep_fields.json`` (field table, packet lists): names, the 0x02 wrapper, a reader of 0x00 updates |

From these it builds each capture's packets (``reference``: one ``Ref`` per packet, nested
ones after their parent, with the values the sources give and which source gives each)
and compares every golden file, field by field, with them (``witness``). The result
counts the witnessed fields per source; a mismatch is listed with its place.
Only the standard library, ``lz4.block`` (an LZ4 block is how the pages say bodies are
compressed) and the ``tshark`` program are used.
"""

from __future__ import annotations

import json
import lzma
import re
import shutil
import struct
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
WITNESS_DATA = REPO / "tests" / "data" / "witness"

CAPTURE, TSHARK, MME_DOC, SM_PAGES, DIEP_DOC = "capture", "tshark", "mme-doc", "sm-pages", "diep-doc"
SOURCES = (CAPTURE, TSHARK, MME_DOC, SM_PAGES, DIEP_DOC)
MAX_BODY = 1 << 24  # the largest LZ4 body expanded here


@cache
def facts(name: str) -> dict[str, Any]:
    return json.loads((WITNESS_DATA / name).read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------- records


@dataclass
class Record:
    """A chunk of one connection direction as the capture (or tshark) holds it."""

    t: Decimal
    dir: str
    data: bytes
    stream: int = 0
    frame: int | None = None
    src: str | None = None
    dst: str | None = None
    source: str = CAPTURE


def jsonl_records(path: Path) -> list[Record]:
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line, parse_float=Decimal)
        records.append(Record(Decimal(item["t"]), item["dir"], bytes.fromhex(item["data"]),
                              int(item.get("stream", 0))))
    return records


TSHARK_FIELDS = ("frame.number", "frame.time_epoch", "tcp.stream", "ip.src", "ipv6.src",
                 "tcp.srcport", "ip.dst", "ipv6.dst", "tcp.dstport", "tcp.seq", "tcp.payload")


def tshark_available() -> bool:
    return shutil.which("tshark") is not None


@cache
def tshark_segments(path: str) -> tuple[tuple[str, ...], ...]:
    """The TCP segments with payload of a capture, as tshark reads them (its own TCP
    reassembly off, relative sequence numbers on)."""
    command = ["tshark", "-n", "-r", str(REPO / path), "-o", "tcp.desegment_tcp_streams:FALSE",
               "-o", "tcp.relative_sequence_numbers:TRUE", "-Y", "tcp.len > 0", "-T", "fields",
               "-E", "separator=\t", *[x for name in TSHARK_FIELDS for x in ("-e", name)]]
    out = subprocess.run(command, capture_output=True, check=True, timeout=300).stdout
    return tuple(tuple(line.split("\t")) for line in out.decode().splitlines() if line)


def _address(ip: str, port: str) -> str:
    return f"[{ip}]:{port}" if ":" in ip else f"{ip}:{port}"


def tshark_records(path: str, server_port: int | None) -> list[Record]:
    """Each stream direction's new bytes in capture order (a copy of bytes already seen
    is left out); the client is the side that is not ``server_port`` (else the side that
    spoke first)."""
    records = []
    seen: dict[tuple[int, str], int] = {}
    first: dict[int, str] = {}
    for row in tshark_segments(path):
        values = dict(zip(TSHARK_FIELDS, row))
        stream = int(values["tcp.stream"])
        src = _address(values["ip.src"] or values["ipv6.src"], values["tcp.srcport"])
        dst = _address(values["ip.dst"] or values["ipv6.dst"], values["tcp.dstport"])
        first.setdefault(stream, src)
        if server_port is not None:
            direction = "s2c" if int(values["tcp.srcport"]) == server_port else "c2s"
        else:
            direction = "c2s" if src == first[stream] else "s2c"
        data = bytes.fromhex(values["tcp.payload"].replace(":", ""))
        start = int(values["tcp.seq"]) - 1  # relative sequence numbers count the SYN
        end = seen.get((stream, direction), 0)
        if start + len(data) <= end:
            continue  # a copy
        data = data[max(0, end - start):]
        seen[(stream, direction)] = start + len(data) + max(0, end - start)
        records.append(Record(Decimal(values["frame.time_epoch"]), direction, data, stream,
                              int(values["frame.number"]), src, dst, TSHARK))
    return records


# ----------------------------------------------------------------------------- packets


@dataclass
class Ref:
    """One packet as the sources give it: ``values`` maps a path of the event's JSON (as
    ``decode --format jsonl`` prints it) to (source, value); ``readable`` the paths only
    the readable form has."""

    wire: bytes
    top: bool
    values: dict[str, tuple[str, Any]] = field(default_factory=dict)
    readable: dict[str, tuple[str, Any]] = field(default_factory=dict)

    def get(self, key: str) -> Any:
        return self.values[key][1] if key in self.values else None


def _base(record: Record, index: int, number: int | None, pid: int, name: str | None,
          name_source: str, parent: int | None = None) -> dict[str, tuple[str, Any]]:
    src = record.source
    values: dict[str, tuple[str, Any]] = {
        "index": (name_source, index), "t": (src, record.t), "dir": (src, record.dir),
        "stream": (src, record.stream), "id": (name_source, pid)}
    if name is not None:
        values["name"] = (name_source, name)
    if number is not None:
        values["record"] = (src, number)
    if record.frame is not None:
        values.update(frame=(src, record.frame), src=(src, record.src), dst=(src, record.dst))
    if parent is not None:
        values["parent"] = (name_source, parent)
    return values


# --- MME


def _mme_value(code: str, data: bytes, at: int) -> tuple[Any, int]:
    if code == "B*":
        return data[at:], len(data)
    if code.startswith(("B", "S")) and code not in ("S1", "S2", "S4"):
        size = int(code[1:])
        return data[at:at + size], at + size
    fmt = {"U1": "<B", "S1": "<b", "U2": "<H", "S2": "<h", "U4": "<I", "S4": "<i", "F4": "<f"}[code]
    size = struct.calcsize(fmt)
    if at + size > len(data):
        raise IndexError
    return struct.unpack_from(fmt, data, at)[0], at + size


def _text(raw: bytes) -> str:
    """A null-filled string of the document: up to the first null byte."""
    return raw.split(b"\0", 1)[0].decode("utf-8")


# The payload paths of each packet type's fields, in the document's order (None: a field
# shown otherwise, such as a bit mask shown as named flags). The enums shown by name are
# read from the document's tables.
_REGION = ["region.lower_x", "region.lower_y", "region.lower_z",
           "region.upper_x", "region.upper_y", "region.upper_z"]
_CREDENTIALS = ["credentials.name", "credentials.player_id", "credentials.time", "credentials.token"]
_MENU = ["index", "column", "line", "name", "value"]
MME_PATHS: dict[int, list[str | None]] = {
    5: _CREDENTIALS, 6: [*_CREDENTIALS, "address"],
    7: ["reason_code", "reconnect_delay", "reason"], 8: ["player_id", "message"],
    9: ["player_id", "color", "name"], 10: ["player_id"],
    11: [None, "box_volume_limit", "box_dimension_limit", "box_dimension_limit_2",
         "box_dimension_limit_3", "copy_volume_limit", "copy_dimension_limit_1",
         "copy_dimension_limit_2", "copy_dimension_limit_3", "max_chat_length"],
    12: ["progress", "message"], 14: ["size_x", "size_y", "size_z", "sea_level"],
    15: [None, "block_size"], 16: [*_REGION, "block_type", "player_id"],
    17: [*_REGION, "data"], 22: _REGION, 24: ["x", "y", "z", "u", "v", "player_id"],
    25: ["x", "y", "z", "block_type", "player_id"], 26: ["sha1"],
    27: ["texture_id", "sha1", "width", "height", "alpha"], 28: ["group_id"],
    29: ["block_id", "texture_top", "texture_bottom", "texture_front", "texture_back",
         "texture_left", "texture_right"],
    30: ["columns", "lines"], 31: ["menu_number", "name", "value", None, "data"],
    32: ["menu_number", "width", "height", None], 33: ["index", "column", "line", "text"],
    34: [*_MENU, None, "text"], 35: [*_MENU, None, "text"], 36: [*_MENU, None, "text"],
    37: [*_MENU, "width", "max_length", None, "text"], 38: [*_MENU, "width", None, "text"],
    39: ["index"], 40: [*_MENU, "width", None, "salt_1", "salt_2"],
    41: ["columns", "lines", "menu_number"], 42: [f"texture_ids.{i}" for i in range(6)],
    43: ["format", "version.svn_revision"], 44: ["cookie"], 45: ["model_id", "texture_id"],
    46: ["index", "column", "line", "width", "height", "texture_id", "x1", "y1", "x2", "y2"],
    47: ["name"], 48: [None, "x", "y", "z", "u", "v"], 49: [None, "x", "y", "z", None, "thing_id"],
}
# Packet types whose whole data is one opaque field (the document describes no fields).
MME_WHOLE = {0: "bitmap", 1: "bitmap", 2: "data", 3: "data", 13: "data", 19: "data", 21: "data"}
# Text fields (shown as text) among the byte strings.
MME_TEXT = {"credentials.name", "address", "reason", "message", "name", "text"}


def mme_payload(pid: int, data: bytes) -> dict[str, tuple[str, Any]]:
    doc = facts("mme_protocol.json")
    out: dict[str, tuple[str, Any]] = {}
    if pid in MME_WHOLE:
        out[f"fields.payload.{MME_WHOLE[pid]}"] = (MME_DOC, {"hex": data.hex()})
        if pid in (0, 1):  # a little-endian bit vector, one bit per packet type
            types = [i for i in range(len(data) * 8) if data[i // 8] >> (i % 8) & 1]
            out["expansions.packet_types"] = (MME_DOC, types)
        return out
    paths = MME_PATHS.get(pid, [])
    fields = doc["packets"][str(pid)]["fields"]
    at = 0
    for path, (code, _words) in zip(paths, fields):
        if at >= len(data):  # the fields a shorter packet leaves out are absent
            break
        try:
            value, at = _mme_value(code, data, at)
        except IndexError:
            break
        if path is None:
            continue
        if path in ("color",) and value:
            value = doc["colors"].get(str(value), value)
        elif path == "reason_code":
            value = doc["disconnect_reasons"].get(str(value), value)
        elif isinstance(value, bytes):
            value = _text(value) if path in MME_TEXT else {"hex": value.hex()}
        out[f"fields.payload.{path}"] = (MME_DOC, value)
    return out


def mme_refs(records: list[Record]) -> list[Ref]:
    """MME packets framed from each stream direction's bytes with the document's header;
    a packet's frame is that of its first byte, its time that of the record completing it."""
    doc = facts("mme_protocol.json")
    buffers: dict[tuple[int, str], bytearray] = {}
    starts: dict[tuple[int, str], list[tuple[int, Record]]] = {}  # (stream offset, record)
    taken: dict[tuple[int, str], int] = {}
    refs: list[Ref] = []
    for number, record in enumerate(records):
        key = (record.stream, record.dir)
        buffer = buffers.setdefault(key, bytearray())
        held = starts.setdefault(key, [])
        held.append((taken.get(key, 0) + len(buffer), record))
        buffer += record.data
        while len(buffer) >= 4:
            pid, size = struct.unpack_from("<HH", buffer)
            if len(buffer) < 4 + size:
                break
            offset = taken.get(key, 0)
            first = [rec for at, rec in held if at <= offset][-1]
            wire = bytes(buffer[:4 + size])
            del buffer[:4 + size]
            taken[key] = offset + 4 + size
            starts[key] = held = [(at, rec) for n, (at, rec) in enumerate(held)
                                  if n + 1 == len(held) or held[n + 1][0] > taken[key]]
            packet = doc["packets"].get(str(pid))
            values = _base(record, len(refs), None if record.frame else number, pid,
                           packet and packet["name"], MME_DOC)
            if first.frame is not None:
                values.update(frame=(TSHARK, first.frame), src=(TSHARK, first.src),
                              dst=(TSHARK, first.dst))
            values["fields.len_payload"] = (MME_DOC, size)
            refs.append(Ref(wire, True, values, mme_payload(pid, wire[4:])))
    return refs


# --- Scrap Mechanic


def _lz4(body: bytes) -> bytes:
    import lz4.block

    return bytes(lz4.block.decompress(body, uncompressed_size=MAX_BODY))


def _sm_movement(body: bytes) -> dict[str, tuple[str, Any]]:
    page = facts("scrap_mechanic_pages.json")["player_movement"]
    fmt = {"be u32": ">I", "u8": ">B", "u8 bitfield": ">B"}
    out: dict[str, tuple[str, Any]] = {}
    for offset, name, kind in page["layout"]:
        value = struct.unpack_from(fmt[kind], body, offset)[0]
        key = name.lower()
        if key == "keys":
            out["expansions.body.keys.value"] = (SM_PAGES, value)
            for bit_name, bit in page["key_bits"].items():
                out[f"expansions.body.keys.{bit_name.lower()}"] = (SM_PAGES, bool(value >> bit & 1))
        else:
            out[f"expansions.body.{key}"] = (SM_PAGES, value)
    return out


def sm_refs(records: list[Record]) -> list[Ref]:
    pages = facts("scrap_mechanic_pages.json")["packets"]
    refs: list[Ref] = []
    for number, record in enumerate(records):
        pid = record.data[0]
        page = pages.get(str(pid))
        index = len(refs)
        values = _base(record, index, number, pid, page and page["name"], SM_PAGES)
        ref = Ref(record.data, True, values)
        refs.append(ref)
        if page is None or record.dir not in page["directions"]:
            continue
        body = _lz4(record.data[1:]) if page["lz4"] and len(record.data) > 1 else record.data[1:]
        if pid == 30:
            ref.readable.update(_sm_movement(body))
        if pid == 29:  # be u32 size (id and data), u8 id, data; until the end
            at = 0
            while at + 5 <= len(body):
                size = struct.unpack_from(">I", body, at)[0]
                inner = body[at + 4:at + 4 + size]
                at += 4 + size
                sub = pages.get(str(inner[0]))
                refs.append(Ref(inner, False, _base(record, len(refs), number, inner[0],
                                                   sub and sub["name"], SM_PAGES, index)))
    return refs


# --- diep.io


class _Reader:
    def __init__(self, data: bytes, at: int = 0) -> None:
        self.data, self.at = data, at

    def byte(self) -> int:
        value = self.data[self.at]
        self.at += 1
        return value

    def vu(self) -> int:
        value = shift = 0
        while True:
            b = self.byte()
            value |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return value & 0xFFFFFFFF

    def vi(self) -> int:
        z = self.vu()
        return (z >> 1) ^ -(z & 1)

    def f32(self) -> float:
        value = struct.unpack_from("<f", self.data, self.at)[0]
        self.at += 4
        return value

    def string(self) -> str:
        end = self.data.index(0, self.at)
        value = self.data[self.at:end].decode("utf-8")
        self.at = end + 1
        return value

    def entity(self) -> dict[str, Any]:
        hash_ = self.vu()
        if hash_ == 0:
            return {"hash": 0, "is_null": True}
        return {"hash": hash_, "id": self.vu(), "is_null": False}

    def value(self, kind: str) -> Any:
        return {"vu": self.vu, "vi": self.vi, "float": self.f32, "stringNT": self.string,
                "entid": self.entity, "float64Precision": lambda: self.vi() / 64}[kind]()


def _snake(key: str) -> str:
    """``Group.camelName`` in snake case (``CPUControllable`` -> ``cpu_controllable``)."""
    group, name = key.split(".")
    text = re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", "_", f"{group}_{name}")
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text).lower()


def diep_update(data: bytes) -> dict[str, tuple[str, Any]]:
    """A 0x00 update read with the field table (README section 3)."""
    doc = facts("diep_fields.json")
    by_creation = sorted(doc["fields"], key=lambda f: f["creation_index"])
    by_update = {f["update_index"]: f for f in doc["fields"]}
    groups = {g["id"]: g["name"] for g in doc["field_groups"]}
    r = _Reader(data, 1)
    out: dict[str, tuple[str, Any]] = {}
    body = "fields.body"
    out[f"{body}.tick"] = (DIEP_DOC, r.vu())
    deletions = r.vu()
    out[f"{body}.num_deletions"] = (DIEP_DOC, deletions)
    out[f"{body}.deletions"] = (DIEP_DOC, [r.entity() for _ in range(deletions)])
    count = r.vu()
    out[f"{body}.num_upcreates"] = (DIEP_DOC, count)
    for n in range(count):
        at = f"{body}.upcreates.{n}"
        out[f"{at}.entity"] = (DIEP_DOC, r.entity())
        if r.byte() == 1:
            out[f"{at}.kind"] = (DIEP_DOC, "creation")
            present, previous = set(), -1
            while (jump := r.byte()) != 1:
                previous += jump ^ 1
                present.add(previous)
            for gid, gname in groups.items():
                out[f"{at}.body.has_{_snake(gname + '.x')[:-2]}"] = (DIEP_DOC, gid in present)
            for f in by_creation:
                if f["group_id"] in present:
                    count_ = f["length"]
                    value = [r.value(f["type"]) for _ in range(count_)] if count_ else r.value(f["type"])
                    out[f"{at}.body.{_snake(f['key'])}"] = (DIEP_DOC, value)
        else:
            out[f"{at}.kind"] = (DIEP_DOC, "update")
            r.byte()  # 01
            fields, previous = [], -1
            while (jump := r.byte()) != 1:
                previous += jump ^ 1
                f = by_update[previous]
                if f["length"]:
                    elements, element = [], -1
                    while (step := r.byte()) != 1:
                        element += step ^ 1
                        elements.append({"num_elements": f["length"], "value": r.value(f["update_type"]),
                                         "index": element})
                    value: Any = {"num_elements": f["length"], "elements": elements}
                else:
                    value = r.value(f["update_type"])
                fields.append({"value": value, "index": previous, "slot": _snake(f["key"])})
            out[f"{at}.body.fields"] = (DIEP_DOC, fields)
    return out


def diep_refs(records: list[Record]) -> list[Ref]:
    doc = facts("diep_fields.json")
    refs: list[Ref] = []

    def add(data: bytes, record: Record, number: int, parent: int | None) -> None:
        pid = data[0]
        name = doc["packet_names"][record.dir].get(str(pid))
        index = len(refs)
        ref = Ref(data, parent is None, _base(record, index, number, pid, name, DIEP_DOC, parent))
        refs.append(ref)
        if record.dir == "s2c" and pid == 0:
            ref.readable.update(diep_update(data))
        elif record.dir == "s2c" and pid == 2:  # u32 LE inner length, raw LZ4 block
            size = struct.unpack_from("<I", data, 1)[0]
            ref.readable["fields.body.len_decompressed"] = (DIEP_DOC, size)
            add(_lz4(data[5:])[:size], record, number, index)

    for number, record in enumerate(records):
        add(record.data, record, number, None)
    return refs


# ----------------------------------------------------------------------------- captures


@dataclass(frozen=True)
class Source:
    path: str
    protocol: str
    server: int | None


def records_of(source: Source) -> list[Record]:
    if source.path.endswith(".jsonl"):
        return jsonl_records(REPO / source.path)
    return tshark_records(source.path, source.server)


@cache
def reference(source: Source) -> tuple[Ref, ...]:
    records = records_of(source)
    make = {"mme": mme_refs, "scrap-mechanic": sm_refs, "diep": diep_refs}[source.protocol]
    return tuple(make(records))


# ----------------------------------------------------------------------------- golden files


def sections(text: bytes) -> list[tuple[str, bytes]]:
    """A golden file's parts: ("$", command line), ("exit", code) and ("=== title",
    content) with the exact content of sized text sections."""
    out: list[tuple[str, bytes]] = []
    at = 0
    while at < len(text):
        end = text.find(b"\n", at)
        end = len(text) if end < 0 else end
        line = text[at:end].decode("utf-8", "replace")
        at = end + 1
        sized = re.match(r"^=== (.+) \((\d+) bytes\)$", line)
        if sized and ": sha256 " not in line:
            size = int(sized[2])
            data = text[at:at + size]
            at += size + (1 if size and not data.endswith(b"\n") else 0)
            out.append((sized[1], data))
        elif line.startswith("=== "):
            rows = []
            while at < len(text) and not text.startswith((b"=== ", b"$ "), at):
                end = text.find(b"\n", at)
                end = len(text) if end < 0 else end
                rows.append(text[at:end])
                at = end + 1
            out.append((line[4:], b"\n".join(rows)))
        elif line.startswith("$ "):
            out.append(("$", line[2:].encode()))
    return out


def read_golden(path: Path) -> bytes:
    data = path.read_bytes()
    return lzma.decompress(data) if path.suffix == ".xz" else data


@dataclass
class Tally:
    """What a golden file's comparison found."""

    counts: Counter = field(default_factory=Counter)
    mismatches: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def check(self, where: str, source: str, expected: Any, actual: Any) -> None:
        if same(expected, actual):
            self.counts[source] += 1
        elif len(self.mismatches) < 20:
            self.mismatches.append(f"{where}: {source} says {short(expected)}, golden has {short(actual)}")
        else:
            self.mismatches[-1] = f"... and more ({where})"

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def short(value: Any) -> str:
    if isinstance(value, Shown):
        value = value.value
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= 160 else text[:157] + "..."


@dataclass(frozen=True)
class Shown:
    """A time as a text format shows it, with six decimals: equal to a text within the
    last digit shown (the formats may round or truncate)."""

    value: Decimal

    def matches(self, text: str) -> bool:
        return abs(Decimal(text) - self.value) < Decimal("0.000001")


def same(expected: Any, actual: Any) -> bool:
    if isinstance(expected, Shown):
        return isinstance(actual, str) and expected.matches(actual)
    if isinstance(expected, Decimal):
        if isinstance(actual, Decimal):
            return actual == expected
        if isinstance(actual, str):
            try:
                actual = Decimal(actual)
            except ArithmeticError:
                return False
            return actual == expected
        return isinstance(actual, (int, float)) and float(expected) == actual
    if isinstance(expected, bool) or expected is None:
        return actual is expected
    if isinstance(expected, int) and isinstance(actual, str):  # --big-ints string, text columns
        return actual == str(expected)
    if isinstance(expected, float) and isinstance(actual, str):
        try:
            return float(actual) == expected
        except ValueError:
            return False
    if isinstance(expected, (int, float)):
        return not isinstance(actual, bool) and isinstance(actual, (int, float)) and actual == expected
    if isinstance(expected, dict):
        return isinstance(actual, dict) and expected.keys() <= actual.keys() and all(
            same(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            same(a, b) for a, b in zip(expected, actual))
    return expected == actual


_MISSING = object()


def lookup(obj: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(obj, list) and part.isdigit() and int(part) < len(obj):
            obj = obj[int(part)]
        elif isinstance(obj, dict) and part in obj:
            obj = obj[part]
        else:
            return _MISSING
    return obj


def _packets(lines: bytes) -> tuple[list[dict[str, Any]], int]:
    events = [json.loads(line) for line in lines.splitlines() if line.strip()]
    packets = [e for e in events if "name" in e and "error" not in e]
    return packets, len(events) - len(packets)


def _same_count(tally: Tally, what: str, refs: int, golden: int) -> bool:
    if refs != golden:
        tally.mismatches.append(f"{what}: the sources give {refs} packets, the golden file {golden}")
        return False
    return True


def check_events(tally: Tally, refs: tuple[Ref, ...], text: bytes, readable: bool) -> None:
    packets, errors = _packets(text)
    if errors:
        tally.notes.append(f"{errors} error events (not witnessed)")
    if not _same_count(tally, "decode", len(refs), len(packets)):
        return
    for ref, event in zip(refs, packets):
        items = {**ref.values, **(ref.readable if readable else {})}
        for path, (source, expected) in items.items():
            actual = lookup(event, path)
            if actual is _MISSING:
                tally.mismatches.append(f"event {event.get('index')}: {path} missing")
                continue
            tally.check(f"event {event.get('index')} {path}", source, expected, actual)
        if "parent" not in ref.values and "parent" in event:
            tally.mismatches.append(f"event {event.get('index')}: a parent no source gives")


# Columns of --format fields and the event paths they show.
FIELD_COLUMNS = {"index": "index", "t": "t", "dir": "dir", "name": "name", "parent": "parent",
                 "payload.player_id": "fields.payload.player_id", "payload.x": "fields.payload.x",
                 "payload.message": "fields.payload.message", "body.tick": "fields.body.tick"}


def check_fields(tally: Tally, refs: tuple[Ref, ...], command: str, text: bytes) -> None:
    columns = re.findall(r"-e (\S+)", command)
    rows = [line.split("\t") for line in text.decode("utf-8").split("\n") if line]
    if not _same_count(tally, "fields", len(refs), len(rows)):
        return
    for ref, row in zip(refs, rows):
        items = {**ref.values, **ref.readable}
        for column, cell in zip(columns, row):
            path = FIELD_COLUMNS.get(column)
            if path is None:
                continue
            if path in items:
                source, expected = items[path]
                if isinstance(expected, str):
                    # The text formats write terminal control characters (C0, DEL,
                    # C1) as \\xNN escapes.
                    expected = re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda m: f"\\x{ord(m[0]):02x}", expected)
                tally.check(f"row {row[0]} {column}", source, expected, cell)
            elif path == "parent" and cell:
                tally.mismatches.append(f"row {row[0]}: a parent no source gives")


_SUMMARY = re.compile(r"^\s*(?:(\d+)\s+)?(\d+)\s+([\d.]+) (c2s|s2c) (\S+)")


def check_summary(tally: Tally, refs: tuple[Ref, ...], text: bytes) -> None:
    lines = [m for m in map(_SUMMARY.match, text.decode("utf-8").split("\n")) if m]
    packets = [m for m in lines]
    if not _same_count(tally, "summary", len(refs), len(packets)):
        return
    start = refs[0].get("t") if refs else None
    for ref, m in zip(refs, packets):
        source = ref.values["index"][0]
        tally.check(f"line {m[2]} index", source, ref.get("index"), int(m[2]))
        tally.check(f"line {m[2]} dir", ref.values["dir"][0], ref.get("dir"), m[4])
        tally.check(f"line {m[2]} name", ref.values["name"][0], ref.get("name"), m[5])
        if m[1] is not None and "frame" in ref.values:
            tally.check(f"line {m[2]} frame", TSHARK, ref.get("frame"), int(m[1]))
        if start is not None:
            tally.check(f"line {m[2]} time", ref.values["t"][0],
                        Shown(ref.get("t") - start), m[3])


_TREE = re.compile(r"^Packet #(\d+): (\S+) \(id (\d+)\), (\d+) bytes, (c2s|s2c), t=([\d.]+), stream (\d+)")


def check_tree(tally: Tally, refs: tuple[Ref, ...], text: bytes) -> None:
    for m in map(_TREE.match, text.decode("utf-8").split("\n")):
        if not m:
            continue
        index = int(m[1])
        if index >= len(refs):
            tally.mismatches.append(f"packet #{index}: no source gives it")
            continue
        ref = refs[index]
        for key, got in (("name", m[2]), ("id", int(m[3])), ("dir", m[5]), ("t", m[6]),
                         ("stream", int(m[7]))):
            if key in ref.values:
                expected = Shown(ref.get(key)) if key == "t" else ref.get(key)
                tally.check(f"packet #{index} {key}", ref.values[key][0], expected, got)
        tally.check(f"packet #{index} size", ref.values["id"][0], len(ref.wire), int(m[4]))


def check_records(tally: Tally, records: list[Record], text: bytes, what: str) -> None:
    """A JSON Lines capture written by wirestruct against the records it should hold."""
    lines = [json.loads(line, parse_float=Decimal) for line in text.splitlines() if line.strip()]
    if len(lines) != len(records):
        tally.mismatches.append(f"{what}: the sources give {len(records)} records, the golden file {len(lines)}")
        return
    for n, (record, line) in enumerate(zip(records, lines)):
        tally.check(f"{what} record {n} t", record.source, record.t, line["t"])
        tally.check(f"{what} record {n} dir", record.source, record.dir, line["dir"])
        tally.check(f"{what} record {n} data", record.source, record.data.hex(), line["data"])
        tally.check(f"{what} record {n} stream", record.source, record.stream, line.get("stream", 0))


def packet_records(refs: tuple[Ref, ...], events: int | None = None) -> list[Record]:
    """The records an encoder writes for these packets: one per top-level packet (of the
    first ``events`` events, when the encoder was given only those)."""
    return [Record(ref.get("t"), ref.get("dir"), ref.wire, ref.get("stream"),
                   source=ref.values["t"][0])
            for ref in refs[:events] if ref.top]


_EXPORTED = re.compile(rb"^([0-9a-f]{64}) +(\d+) packets/(\d{6})_(\S+?)_packet\.bin$")


def check_export(tally: Tally, refs: tuple[Ref, ...], text: bytes) -> None:
    import hashlib

    rows = [m for m in map(_EXPORTED.match, text.split(b"\n")) if m]
    for m in rows:
        index = int(m[3])
        if index >= len(refs):
            tally.mismatches.append(f"packets/{m[3].decode()}: no source gives packet {index}")
            continue
        ref = refs[index]
        tally.check(f"export {index} name", ref.values["name"][0], ref.get("name"), m[4].decode())
        tally.check(f"export {index} bytes", ref.values["id"][0],
                    [hashlib.sha256(ref.wire).hexdigest(), len(ref.wire)],
                    [m[1].decode(), int(m[2])])
    if len(rows) != len(refs):
        tally.mismatches.append(f"export: {len(rows)} packet files, the sources give {len(refs)} packets")


def check_batch_packets(tally: Tally, sources: dict[str, Source], text: bytes,
                        paths: dict[str, str]) -> None:
    """``paths``: each capture's path by its SHA-256 (the ``captures`` table's)."""
    rows: dict[str, list[dict[str, Any]]] = {}
    for line in text.splitlines():
        if line.startswith(b"{"):
            row = json.loads(line)
            rows.setdefault(paths.get(row["capture"], row["capture"]), []).append(row)
    for capture, source in sources.items():
        got = sorted((r for r in rows.get(capture, []) if r["error_kind"] is None),
                     key=lambda r: r["index"])
        refs = reference(source)
        if not _same_count(tally, f"batch packets of {capture}", len(refs), len(got)):
            continue
        for ref, row in zip(refs, got):
            where = f"batch {capture} packet {row['index']}"
            for key, column in (("index", "index"), ("record", "record"), ("dir", "dir"),
                                ("stream", "stream"), ("id", "packet_id"), ("name", "name"),
                                ("parent", "parent")):
                if key in ref.values:
                    tally.check(f"{where} {column}", ref.values[key][0], ref.get(key), row[column])
            # the dataset's times are microseconds (Delta's timestamp)
            tally.check(f"{where} t", ref.values["t"][0], int(ref.get("t") * 10**9) // 1000,
                        row["t"])
            tally.check(f"{where} wire_size", ref.values["id"][0], len(ref.wire), row["wire_size"])


# ----------------------------------------------------------------------------- one golden file

DAMAGED = {"loopback_any_sll_pcap", "loopback_lo_crafted_pcap"}



def witness(name: str, text: bytes, captures: dict[str, Source]) -> Tally:
    """Compare golden file ``name`` (``decode/mme/jsonl``...) with the sources.
    ``captures`` maps a case folder (``mme``, ``mme_session_pcap``...) to its capture."""
    tally = Tally()
    parts = name.split("/")
    kind = parts[0]
    body = sections(text)
    command = next((c.decode() for t, c in body if t == "$"), "")
    if kind == "batch":
        protocol = parts[1]
        chosen = {s.path: s for s in captures.values() if s.protocol == protocol}
        paths = {}
        for title, content in body:
            if title.startswith("captures: ") and title.endswith(" rows"):
                for line in content.splitlines():
                    if line.startswith(b"{"):
                        row = json.loads(line)
                        paths[row["capture"]] = row["path"]
        for title, content in body:
            if title.startswith("packets: ") and title.endswith(" rows"):
                check_batch_packets(tally, chosen, content, paths)
        return tally
    source = captures.get(parts[1])
    if source is None:
        tally.notes.append("no capture of a game protocol: nothing to witness")
        return tally
    if source.protocol == "mme" and parts[1].startswith("loopback_"):
        # Not MME traffic: only the records tshark reads are witnessed, in the captures
        # whose every segment arrives once and in order (the damaged ones, any_sll.pcap
        # and lo_crafted.pcap, are held to tshark's follow by tests/captures/).
        if parts[1] in DAMAGED:
            tally.notes.append("damaged capture: reassembly witnessed by tests/captures/test_cases.py")
        elif kind == "convert":
            for title, content in body:
                if title.startswith("OUT/") and "sha256" not in title:
                    check_records(tally, records_of(source), content, "converted")
        else:
            tally.notes.append("not game traffic: error events only")
        return tally
    refs = reference(source)
    stdout = next((c for t, c in body if t == "stdout"), b"")
    label = parts[2] if len(parts) > 2 else ""
    if kind == "decode":
        if label.startswith("jsonl"):
            check_events(tally, refs, stdout, readable="raw" not in label)
        elif label == "fields":
            check_fields(tally, refs, command, stdout)
        elif label == "summary":
            check_summary(tally, refs, stdout)
        elif label.startswith("tree"):
            check_tree(tally, refs, stdout)
    elif kind == "convert":
        for title, content in body:
            if title.startswith("OUT/") and "sha256" not in title:
                check_records(tally, records_of(source), content, "converted")
        if tally.total == 0:
            tally.notes.append("binary output recorded by its SHA-256 only")
    elif kind == "encode":
        for title, content in body:
            if title.startswith("OUT/") and "sha256" not in title:
                first = re.search(r"-first-(\d+)$", label)
                check_records(tally, packet_records(refs, first and int(first[1])), content, "encoded")
        if tally.total == 0:
            tally.notes.append("binary output recorded by its SHA-256 only")
    elif kind == "export":
        files = next((c for t, c in body if t.startswith("files (")), b"")
        check_export(tally, refs, files)
    else:
        tally.notes.append("no source describes this output")
    return tally


# ----------------------------------------------------------------------------- every golden file

COUNTS = HERE / "witnessed.json"


def captures() -> dict[str, Source]:
    """The case folders' captures (``golden_cases``), with the server port given."""
    import golden_cases

    out = {}
    for capture in (*golden_cases.GAME_CAPTURES, *golden_cases.LOOPBACK_CAPTURES):
        options = list(capture.options)
        server = int(options[options.index("--server") + 1]) if "--server" in options else None
        out[capture.key] = Source(capture.path, capture.protocol, server)
    return out


def needs_tshark(name: str) -> bool:
    """Whether a golden file's sources include tshark (a pcap or pcapng capture)."""
    parts = name.split("/")
    if parts[0] == "batch":
        return parts[1] == "mme"  # its dataset holds the session's pcap and pcapng
    source = captures().get(parts[1])
    return source is not None and not source.path.endswith(".jsonl")


def golden_text(name: str) -> bytes:
    import golden_cases

    text = golden_cases.read_golden(name)
    if text is None:
        raise FileNotFoundError(f"no golden file {name}")
    return text


def recorded_counts() -> dict[str, int]:
    return json.loads(COUNTS.read_text(encoding="utf-8")) if COUNTS.exists() else {}


def table(tallies: dict[str, Tally]) -> str:
    """The witnessed fields of each golden file per source, as a text table."""
    width = max(len(n) for n in tallies) if tallies else 10
    head = f"{'golden file':<{width}} " + " ".join(f"{s:>9}" for s in SOURCES) + f" {'total':>8}"
    lines = [head, "-" * len(head)]
    for name, tally in sorted(tallies.items()):
        cells = " ".join(f"{tally.counts.get(s, 0):>9}" for s in SOURCES)
        note = f"  ({'; '.join(tally.notes)})" if tally.total == 0 and tally.notes else ""
        lines.append(f"{name:<{width}} {cells} {tally.total:>8}{note}")
    total = Counter()
    for tally in tallies.values():
        total.update(tally.counts)
    lines.append(f"{'all':<{width}} " + " ".join(f"{total.get(s, 0):>9}" for s in SOURCES)
                 + f" {sum(total.values()):>8}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import argparse

    import golden_cases

    parser = argparse.ArgumentParser(description="The golden files' fields checked against "
                                     "sources that do not run wirestruct; a table of the counts.")
    parser.add_argument("--record", action="store_true",
                        help=f"store the counts in {COUNTS.name} (after an intended change)")
    args = parser.parse_args(argv)
    sources = captures()
    tallies = {name: witness(name, golden_text(name), sources)
               for name in sorted(golden_cases.stored_names())}
    print(table(tallies))
    bad = 0
    for name, tally in tallies.items():
        for line in tally.mismatches:
            print(f"{name}: {line}")
            bad += 1
    if args.record:
        COUNTS.write_text(json.dumps({n: t.total for n, t in sorted(tallies.items())}, indent=1)
                          + "\n", encoding="utf-8")
        print(f"counts written to {COUNTS.relative_to(REPO)}")
    return 1 if bad else 0


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(HERE))
    sys.exit(main())
