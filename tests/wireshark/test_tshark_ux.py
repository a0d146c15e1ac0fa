"""What a Wireshark user expects of the dissectors, in real tshark 4.0 with the plugin, as
built-in dissectors (TCP, DNS, WebSocket) behave: a malformed packet keeps the fields read
before the error and says `[Malformed Packet]`; an unknown packet id is an expert note;
Decode As and port preferences on every transport of a protocol (TCP for a stream
protocol, UDP and WebSocket for a message protocol); one protocol layer a frame in
`-z io,phs` (packets inside packets are subtrees); labels that say what a field is and no
`<MISSING>` item."""
from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from lua_harness import ROOT
from pdml import TSHARK, flatten, packets_in, tshark
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.captures.writers.pcap_writer import (
    write_exported_pdus,
    write_pcapng,
    write_udp,
)
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.wireshark.fields import GENERIC_IDS, field_table
from wirestruct.wireshark.plugin import build_plugin, write_capture

pytestmark = pytest.mark.needs("tshark")

#: Wireshark's expert groups and severities (epan/proto.h) as tshark's fields print them
PI_UNDECODED, PI_NOTE = 0x05000000, 0x00400000


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return build_plugin(tmp_path_factory.mktemp("plugin"))


def sample(name: str) -> list[CaptureRecord]:
    with open_capture(ROOT / "samples" / f"{name}.jsonl") as capture:
        return [r for r in capture if isinstance(r, CaptureRecord)]


def events(protocol: str, records: list[CaptureRecord]) -> list:
    return list(decode_records(records, get_protocol(protocol).decoder()))


def fields(plugin: Path, capture: Path, *args: str) -> list[list[str]]:
    out = tshark(plugin, capture, "-T", "fields", "-E", "occurrence=a", "-E", "aggregator=\x1f",
                 *args).stdout
    return [line.split("\t") for line in out.splitlines()]


def names(plugin: Path, capture: Path, proto: str, *args: str) -> list[str]:
    return [n for row in fields(plugin, capture, "-e", f"{proto}.packet_name", *args)
            for n in row[0].split("\x1f") if n]


# -- 1. a malformed packet ---------------------------------------------------------------------
def test_a_malformed_packet_keeps_the_fields_before_the_error(plugin, tmp_path):
    """A diep.io input packet cut in its mouse position: Python refuses it (ParseError); the
    dissector shows the packet id and the input flags it read before the error, with the
    values the whole packet has, an expert error at the cut, and `[Malformed Packet]` in
    the Info column as Wireshark's own dissectors do."""
    records = sample("diep")
    whole = next(e for e in events("diep", records)
                 if isinstance(e, PacketEvent) and e.name == "input")
    record = next(r for r in records if bytes(r.data) == bytes(whole.raw))
    cut = replace(record, data=bytes(whole.raw)[:6])
    [refused] = events("diep", [cut])
    assert isinstance(refused, ErrorEvent) and refused.error.kind == "ParseError"
    shown = {}
    for name, rec in (("whole", record), ("cut", cut)):
        path = tmp_path / f"{name}.pcapng"
        with open(path, "wb") as f:
            write_exported_pdus(f, [rec], "diep")
        pdml = ET.fromstring(tshark(plugin, path, "-T", "pdml").stdout)
        [item] = packets_in(pdml, "diep")
        shown[name] = {k: v.get("show") for k, v in flatten(item, "diep").items()}
        row = fields(plugin, path, "-e", "_ws.col.Info", "-e", "_ws.expert.message")[0]
        shown[name + " info"], shown[name + " experts"] = row[0], row[1].split("\x1f")
    before = shown["cut"]
    assert {"packet_id#0", "body#0", "body#0.flags#0"} <= set(before)
    assert before["packet_id#0"] == "1"
    # every field shown before the error has the value the whole packet has
    assert {k: shown["whole"].get(k) for k in before if k != "body#0"} == \
        {k: v for k, v in before.items() if k != "body#0"}
    assert len(before) < len(shown["whole"])
    assert shown["cut info"].endswith(" [Malformed Packet]")
    assert not shown["whole info"].endswith("[Malformed Packet]")
    assert [m.split(":")[0] for m in shown["cut experts"]] == ["ParseError"]


def test_a_refused_mme_packet_says_malformed_in_the_info_column(plugin, tmp_path):
    """Every packet Python refuses in a damaged MME session is `[Malformed Packet]` in the
    Info column (and no packet it decodes is)."""
    good = [e for e in events("mme", sample("mme")) if isinstance(e, PacketEvent)][:12]
    records = [CaptureRecord(i, 1.0 + i / 10, Direction.S2C if i % 2 else Direction.C2S,
                             bytes(e.raw), 0) for i, e in enumerate(good)]
    assert good[-1].name == "texture_setup"
    broken = bytearray(good[-1].raw)
    broken[4:6] = b"\0\0"        # a texture id the spec's valid: refuses
    records.append(CaptureRecord(12, 3.0, Direction.S2C, bytes(broken), 0))
    python = [e for e in events("mme", records) if isinstance(e, (PacketEvent, ErrorEvent))]
    path = tmp_path / "mme.pcapng"
    with open(path, "wb") as f:
        write_pcapng(f, records)
    infos = [part.strip() for row in fields(plugin, path, "-Y", "mme", "-e", "_ws.col.Info")
             for part in row[0].split(" | ")]
    assert len(infos) == len(python)
    assert [i.endswith("[Malformed Packet]") for i in infos] == \
        [isinstance(e, ErrorEvent) for e in python]
    assert any(isinstance(e, ErrorEvent) for e in python)


# -- 2. an unknown packet id -------------------------------------------------------------------
def test_an_unknown_packet_id_is_an_expert_note_and_named_as_wirestruct_names_it(plugin,
                                                                                 tmp_path):
    good = [e for e in events("mme", sample("mme")) if isinstance(e, PacketEvent)][:2]
    unknown = struct.pack("<HH", 60000, 3) + b"abc"
    records = [CaptureRecord(0, 1.0, Direction.C2S, bytes(good[0].raw), 0),
               CaptureRecord(1, 1.1, Direction.S2C, bytes(good[1].raw), 0),
               CaptureRecord(2, 1.2, Direction.S2C, unknown, 0)]
    python = [e for e in events("mme", records) if isinstance(e, PacketEvent)]
    assert len(python) == 3 and python[2].name.startswith("unknown_")
    path = tmp_path / "unknown.pcapng"
    with open(path, "wb") as f:
        write_pcapng(f, records)
    rows = fields(plugin, path, "-Y", "mme.packet_type == 60000", "-e", "mme.packet_name",
                  "-e", "_ws.expert.message", "-e", "_ws.expert.group",
                  "-e", "_ws.expert.severity")
    assert len(rows) == 1
    name, message, group, severity = rows[0]
    assert name == python[2].name
    assert message.split("\x1f") == [
        "Unknown packet type 60000: the spec names no such packet (unknown_60000)"]
    assert (int(group, 0), int(severity, 0)) == (PI_UNDECODED, PI_NOTE)
    # the known packets have no such note
    assert names(plugin, path, "mme", "-Y", "_ws.expert.severity == 0x00400000") == \
        [python[2].name]


# -- 3. Decode As and port preferences ---------------------------------------------------------
@pytest.fixture(scope="module")
def sm_exported(tmp_path_factory) -> tuple[list[CaptureRecord], Path]:
    records = sample("scrap_mechanic")
    path = tmp_path_factory.mktemp("sm") / "sm.pcapng"
    write_capture(path, get_protocol("scrap-mechanic"), records)
    return records, path


def test_a_message_protocol_on_udp_by_decode_as_and_by_its_preference(plugin, tmp_path,
                                                                      sm_exported):
    """One UDP datagram is one message: Scrap Mechanic over UDP (port 4000) decodes as its
    exported PDUs do, by `-d udp.port==4000,scrap_mechanic` and by the `udp_port` pref;
    without either the datagrams are UDP data only."""
    records, exported = sm_exported
    path = tmp_path / "sm_udp.pcap"
    with open(path, "wb") as f:
        write_udp(f, records, pcapng=False)
    expected = names(plugin, exported, "scrap_mechanic")
    python = [e.name for e in events("scrap-mechanic", records) if isinstance(e, PacketEvent)]
    assert expected == python and len(python) > 500
    assert names(plugin, path, "scrap_mechanic", "-d", "udp.port==4000,scrap_mechanic") \
        == python
    assert names(plugin, path, "scrap_mechanic", "-o", "scrap_mechanic.udp_port:4000") \
        == python
    assert names(plugin, path, "scrap_mechanic") == []


def test_a_stream_protocol_by_decode_as_on_tcp(plugin, tmp_path):
    """MME on a TCP port by Decode As (`-d tcp.port==N,mme`) and by the `tcp_port` pref,
    with its heuristic off: as many packets as wirestruct decodes."""
    path = ROOT / "tests/data/mme/session.pcapng"
    with open_capture(path) as f:
        python = [e.name for e in decode_records(f.records(get_protocol("mme")),
                                                 get_protocol("mme").decoder())
                  if isinstance(e, PacketEvent)]
    ports = fields(plugin, path, "-Y", "tcp.len > 0", "-e", "tcp.srcport", "-e", "tcp.dstport")
    server = min(int(p) for row in ports for p in row)
    off = ("--disable-heuristic", "mme_tcp")
    assert names(plugin, path, "mme", *off) == []
    assert names(plugin, path, "mme", *off, "-d", f"tcp.port=={server},mme") == python
    assert names(plugin, path, "mme", *off, "-o", f"mme.tcp_port:{server}") == python


def websocket_frame(payload: bytes, mask: bytes | None) -> bytes:
    """One binary WebSocket frame (RFC 6455), masked when sent by the client."""
    n = len(payload)
    bit = 0x80 if mask else 0
    if n < 126:
        head = bytes([0x82, bit | n])
    elif n < 65536:
        head = bytes([0x82, bit | 126]) + n.to_bytes(2, "big")
    else:
        head = bytes([0x82, bit | 127]) + n.to_bytes(8, "big")
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += mask
    return head + payload


def websocket_session(records: list[CaptureRecord]) -> list[CaptureRecord]:
    """The records as binary messages of one WebSocket connection (HTTP upgrade first)."""
    request = (b"GET /game HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
               b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               b"Sec-WebSocket-Version: 13\r\n\r\n")
    response = (b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                b"Connection: Upgrade\r\n"
                b"Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n")
    out = [CaptureRecord(0, 0.5, Direction.C2S, request, 0),
           CaptureRecord(1, 0.6, Direction.S2C, response, 0)]
    for i, r in enumerate(records):
        mask = b"\x11\x22\x33\x44" if r.direction is Direction.C2S else None
        out.append(CaptureRecord(i + 2, 1.0 + i / 1000, r.direction,
                                 websocket_frame(bytes(r.data), mask), 0))
    return out


def test_a_message_protocol_in_websocket_messages_by_its_preference(plugin, tmp_path,
                                                                   sm_exported):
    """One WebSocket message is one message: Scrap Mechanic in the binary messages of a
    WebSocket connection on TCP port 80, by the `ws_port` pref (WebSocket's `ws.port`
    table, which has no Decode As in Wireshark 4.0)."""
    records, exported = sm_exported
    records = records[:120]
    python = [e.name for e in events("scrap-mechanic", records) if isinstance(e, PacketEvent)]
    path = tmp_path / "sm_ws.pcapng"
    with open(path, "wb") as f:
        write_pcapng(f, websocket_session(records), server=("127.0.0.1", 80))
    assert names(plugin, path, "scrap_mechanic") == []
    assert len(fields(plugin, path, "-Y", "websocket.opcode == 2", "-e", "frame.number")) \
        == len(records)
    assert names(plugin, path, "scrap_mechanic", "-o", "scrap_mechanic.ws_port:80") == python


# -- 4. one layer a protocol --------------------------------------------------------------------
def hierarchy(plugin: Path, capture: Path, *args: str) -> list[tuple[int, str]]:
    """`-z io,phs` as (depth, protocol) rows."""
    out = tshark(plugin, capture, "-qz", "io,phs", *args).stdout
    rows = []
    for line in out.splitlines():
        m = re.match(r"^( *)(\S+)\s+frames:\d+", line)
        if m:
            rows.append((len(m.group(1)) // 2, m.group(2)))
    return rows


def nested_in_itself(rows: list[tuple[int, str]]) -> list[str]:
    """Protocols with a row under a row of their own."""
    found, path = [], []
    for depth, name in rows:
        path[depth:] = [name]
        if name in path[:-1]:
            found.append(name)
    return found


@pytest.mark.parametrize("protocol, proto, nested", [
    ("scrap-mechanic", "scrap_mechanic", 17), ("diep", "diep", 19)])
def test_packets_inside_packets_are_subtrees_not_protocol_layers(plugin, tmp_path, protocol,
                                                               proto, nested):
    """A Scrap Mechanic 29 compound's sub-packets and a diep.io 0x02's decompressed packet
    are `<proto>.packet` subtrees of the packet they are in: `-z io,phs` has one layer of
    the protocol (the hidden `_ws.lua.fake` item before it is Wireshark's own, added to
    every Lua dissector's tree by wslua), and every packet is still shown."""
    records = sample(protocol.replace("-", "_"))
    path = tmp_path / f"{proto}.pcapng"
    write_capture(path, get_protocol(protocol), records)
    rows = hierarchy(plugin, path)
    assert [name for _, name in rows].count(proto) == 1
    assert nested_in_itself(rows) == []
    python = [e for e in events(protocol, records) if isinstance(e, PacketEvent)]
    inner = [e for e in python if e.parent is not None]
    frames_with_inner = {e.record for e in inner}
    assert len(frames_with_inner) == nested
    pdml = ET.fromstring(tshark(plugin, path, "-T", "pdml").stdout)
    items = packets_in(pdml, proto)
    assert [i.tag for i in items].count("field") == len(inner)
    assert [i.get("showname").rsplit(", ", 1)[1] for i in items] == [e.name for e in python]


def test_mme_packets_of_one_segment_share_one_layer(plugin):
    """MME over TCP: the packets one segment holds are subtrees of its first packet's
    protocol item, so `-z io,phs` never shows `mme` directly inside `mme` (a packet
    reassembled across segments comes under the TCP layer's `tcp.segments`, as a built-in
    dissector's does; Wireshark 4.0 puts its hidden `_ws.lua.fake` item before every Lua
    dissector), and every packet is still shown, named as wirestruct names it."""
    path = ROOT / "tests/data/mme/session.pcapng"
    rows = hierarchy(plugin, path)
    parents, above = [], []
    for depth, name in rows:
        above[depth:] = [name]
        if name == "mme":
            parents.append(above[-2])
    assert parents and set(parents) <= {"tcp", "_ws.lua.fake"}
    names = [n for row in fields(plugin, path, "-e", "mme.packet_name")
             for n in row[0].split("\x1f") if n]
    with open_capture(path) as capture:
        python = [e.name for e in decode_records(capture.records(get_protocol("mme")),
                                                 get_protocol("mme").decoder())
                  if isinstance(e, PacketEvent)]
    assert names == python
    most = max(len([n for n in row[0].split("\x1f") if n])
               for row in fields(plugin, path, "-e", "mme.packet_name"))
    assert most > 1                  # the capture has segments of several packets


# -- 5. labels ------------------------------------------------------------------------------------
def registered_fields(plugin: Path) -> dict[str, str]:
    """Filter name -> label of every field the plugin registers."""
    import os
    import subprocess
    assert TSHARK is not None
    out = subprocess.run([TSHARK, "-G", "fields", "-X", f"lua_script:{plugin}"],
                         capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, LC_ALL="C", HOME=str(plugin.parent))).stdout
    found = {}
    for line in out.splitlines():
        parts = line.split("\t")
        if parts[0] == "F" and parts[2].split(".")[0] in ("mme", "diep", "scrap_mechanic"):
            found[parts[2]] = parts[1]
    return found


def test_labels_say_what_a_field_is_and_filter_names_are_unchanged(plugin):
    registered = registered_fields(plugin)
    for name in ("mme", "diep", "scrap-mechanic"):
        table = field_table(get_protocol(name))
        for info in table.types.values():
            for f in info.fields:
                assert registered[f.abbrev] == f.label, f.abbrev
                assert f.label.lower() not in GENERIC_IDS, f.abbrev
                assert f.abbrev.rsplit(".", 1)[1] == f.id
    # the spec's fields and the core's own (the pieces' expansion fields are their own)
    bare = sorted(a for a, label in registered.items()
                  if label.lower() in GENERIC_IDS and ".expansion." not in a)
    assert bare == []
    assert registered["scrap_mechanic.vec3f_xyz.x"] == "Vec3f xyz x"
    assert registered["mme.len_payload"] == "Len payload"
    assert registered["diep.packet_name"] == "Packet name"


@pytest.mark.parametrize("protocol", ["mme", "diep", "scrap-mechanic"])
def test_no_item_is_shown_as_missing(plugin, tmp_path, protocol):
    """Empty bytes show as `(empty)`, objects without bytes of their own by their label:
    nothing in the packet details of a sample is Wireshark's `<MISSING>`."""
    ws = get_protocol(protocol).wireshark
    assert ws is not None
    path = tmp_path / "sample.pcapng"
    write_capture(path, get_protocol(protocol), sample(protocol.replace("-", "_")))
    text = tshark(plugin, path, "-V", "-O", ws.proto).stdout
    assert text.count("(wirestruct)") > 100
    assert "<MISSING>" not in text


# -- the same registration under Lua 5.2, 5.3 and 5.4 (the stand-in API) ----------------------
_REGISTRATION = """
local api = dofile(arg[1])
api.install()
dofile(arg[2])
local rows = {}
for name, t in pairs(api.tables) do
  for key, proto in pairs(t.entries) do rows[#rows + 1] = name .. " " .. key .. " " .. proto.name end
  for proto in pairs(t.decode_as) do rows[#rows + 1] = name .. " decode_as " .. proto end
end
for name, proto in pairs(api.protos) do
  for pref in pairs(proto.prefs) do rows[#rows + 1] = name .. " pref " .. pref end
end
-- a port preference takes effect when Wireshark applies the preferences
api.protos.scrap_mechanic.prefs.udp_port = 4000
api.protos.scrap_mechanic.prefs_changed()
api.protos.scrap_mechanic.prefs.udp_port = 4001
api.protos.scrap_mechanic.prefs_changed()
for key, proto in pairs(api.tables["udp.port"].entries) do
  rows[#rows + 1] = "applied udp.port " .. key .. " " .. proto.name
end
table.sort(rows)
print(table.concat(rows, "\\n"))
"""


@pytest.mark.parametrize("lua", ["lua5.2", "lua5.3", "lua5.4"])
def test_every_protocol_registers_its_transports_and_preferences(plugin, tmp_path, lua):
    import subprocess

    from needs import needs
    found = needs(lua)
    script = tmp_path / "registration.lua"
    script.write_text(_REGISTRATION, encoding="utf-8")
    api = Path(__file__).resolve().parent / "wireshark_api.lua"
    proc = subprocess.run([found, str(script), str(api), str(plugin)], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:-1] == sorted([
        "applied udp.port 4001 scrap_mechanic",
        "diep pref udp_port", "diep pref ws_port",
        "mme pref tcp_port", "scrap_mechanic pref udp_port", "scrap_mechanic pref ws_port",
        "tcp.port decode_as mme", "udp.port decode_as diep",
        "udp.port decode_as scrap_mechanic"])
