"""The Wireshark plugin in real tshark (4.0, Lua 5.2, on Debian 12): every MME packet of
the test captures shows the values wirestruct's Python parse has, at the byte ranges the
Python ``tree`` format gives, with the same packets, names and Info columns as
``wirestruct decode``; damaged input gives expert info, never a Lua error."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from checks import check_packets
from lua_harness import ROOT
from pdml import protos, tshark
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.events import PacketEvent
from wirestruct.output.formats import summary_line
from wirestruct.output.serialize import serializer
from wirestruct.wireshark.fields import field_table
from wirestruct.wireshark.plugin import build_plugin, check, install, write_capture

pytestmark = pytest.mark.needs("tshark")

ERRORS = ("ParseError", "DecodeError", "DecompressionError", "LimitExceededError",
          "DeltaError")
INSTANCES = field_table(get_protocol("mme")).instances()


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return build_plugin(tmp_path_factory.mktemp("plugin"))


def python_events(capture: Path, name: str = "mme") -> list:
    protocol = get_protocol(name)
    with open_capture(capture) as f:
        return list(decode_records(f.records(protocol), protocol.decoder()))


def mme_protos(pdml: str):
    return protos(pdml, "mme")


@pytest.mark.parametrize("capture", ["tests/data/mme/session.pcapng",
                                     "tests/data/mme/session.pcap"])
def test_every_mme_packet_shows_the_python_values_and_ranges(plugin, capture):
    path = ROOT / capture
    events = [e for e in python_events(path) if isinstance(e, PacketEvent)]
    items = mme_protos(tshark(plugin, path, "-T", "pdml").stdout)
    assert len(items) == len(events) == 404
    problems = check_packets("mme", events, items)
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:15])


def diep_capture(tmp_path: Path) -> tuple[Path, list]:
    """samples/diep.jsonl as exported PDUs for the diep dissector, and its Python events."""
    from wirestruct.core.records import CaptureRecord

    sample = ROOT / "samples" / "diep.jsonl"
    with open_capture(sample) as capture:
        records = [r for r in capture if isinstance(r, CaptureRecord)]
    out = tmp_path / "diep.pcapng"
    protocol = get_protocol("diep")
    write_capture(out, protocol, records)
    with open_capture(sample) as capture:
        events = [e for e in decode_records(capture, protocol.decoder())
                  if isinstance(e, PacketEvent)]
    return out, events


def test_every_diep_packet_of_exported_pdus_shows_the_python_values_and_ranges(plugin,
                                                                               tmp_path):
    """Straight to the diep dissector by the exported PDU's dissector name; clientbound
    and serverbound by its direction; 0x02 decompressed (Lua LZ4) and shown as a packet."""
    path, events = diep_capture(tmp_path)
    items = protos(tshark(plugin, path, "-T", "pdml").stdout, "diep")
    assert len(items) == len(events) == 182
    problems = check_packets("diep", events, items)
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:15])


def test_diep_info_column_is_wirestructs_summary(plugin, tmp_path):
    path, events = diep_capture(tmp_path)
    ser = serializer()
    summaries = get_protocol("diep").presentation.summaries
    expected = []
    for event in events:
        line = summary_line(event, ser.event(event), 0.0, summaries)
        text = line[line.index(event.name):]
        expected.append(" ".join(text.replace(f"[in #{event.parent}] ", "").split()))
    out = tshark(plugin, path, "-T", "fields", "-e", "_ws.col.Protocol",
                 "-e", "_ws.col.Info").stdout
    shown = []
    for line in out.splitlines():
        protocol, _, info = line.partition("\t")
        assert protocol == "diep.io"
        shown.extend(" ".join(part.split()) for part in info.split(" | "))
    assert shown == expected


def test_info_and_protocol_columns_are_wirestructs_summary(plugin):
    path = ROOT / "tests/data/mme/session.pcapng"
    events = [e for e in python_events(path) if isinstance(e, PacketEvent)]
    ser = serializer()
    summaries = get_protocol("mme").presentation.summaries
    expected = []
    for event in events:
        line = summary_line(event, ser.event(event), 0.0, summaries)
        expected.append(line[line.index(event.name):].replace("  ", " ").strip())
    out = tshark(plugin, path, "-T", "fields", "-e", "_ws.col.Protocol", "-e", "_ws.col.Info",
                 "-Y", "mme").stdout
    shown = []
    for line in out.splitlines():
        protocol, _, info = line.partition("\t")
        assert protocol == "MME"
        shown.extend(part.strip() for part in info.split(" | "))
    normalized = [" ".join(s.split()) for s in shown]
    assert normalized == [" ".join(e.split()) for e in expected]


def test_filters_on_field_names(plugin):
    path = ROOT / "tests/data/mme/session.pcapng"
    events = [e for e in python_events(path) if isinstance(e, PacketEvent)]
    moves = [e for e in events if e.name == "move_player" and e.packet.payload.x > 10]
    out = tshark(plugin, path, "-Y", "mme.move_player.x > 10", "-T", "fields",
                 "-e", "mme.move_player.x", "-E", "occurrence=a").stdout
    # every frame with a MOVE_PLAYER beyond x = 10 (a frame may hold other moves too)
    values = sorted(float(v) for line in out.splitlines() for v in line.split(",") if v)
    shown = [v for v in values if v > 10]
    wanted = sorted(float(f"{e.packet.payload.x:.6g}") for e in moves)
    assert len(moves) > 20 and shown == wanted


def test_filters_on_computed_numbers(plugin):
    """A computed value is typed as the compiler types its expression: a region's volume
    (an instance) is a number a filter compares."""
    path = ROOT / "tests/data/mme/session.pcapng"
    volumes = sorted(e.packet.payload.region.volume for e in python_events(path)
                     if isinstance(e, PacketEvent) and hasattr(e.packet.payload, "region")
                     and e.packet.payload.region.volume > 100)
    out = tshark(plugin, path, "-Y", "mme.region.volume > 100", "-T", "fields",
                 "-e", "mme.region.volume", "-E", "occurrence=a").stdout
    shown = sorted(int(v) for line in out.split() for v in line.split(",") if int(v) > 100)
    assert len(volumes) >= 3 and shown == volumes


def damaged_capture(tmp_path: Path) -> tuple[Path, list[bytes]]:
    """The MME session with packets cut, lengths that lie and garbage, as a pcapng."""
    import random

    from wirestruct.captures.writers.pcap_writer import write_pcapng
    from wirestruct.core.records import CaptureRecord, Direction

    rng = random.Random(3)
    good = [e for e in python_events(ROOT / "tests/data/mme/session.pcapng")
            if isinstance(e, PacketEvent)]
    packets = []
    ids = [e for e in good if e.name in ("texture_setup", "block_setup")]
    for event in rng.sample(good, 60) + ids:
        raw = bytearray(event.raw)
        kind = rng.randrange(4) if event.name not in ("texture_setup", "block_setup") else 4
        if kind == 4:                       # an id the spec's valid: refuses (0)
            if event.name == "texture_setup":
                raw[4:6] = b"\x00\x00"
            else:
                raw[4] = 0
        if kind == 0 and len(raw) > 5:      # a payload byte changed
            raw[rng.randrange(4, len(raw))] = rng.randrange(256)
        elif kind == 1:                     # a payload shorter than the type allows
            raw = raw[:4] + raw[4:4 + max(0, (len(raw) - 4) // 3)]
            raw[2:4] = (len(raw) - 4).to_bytes(2, "little")
        elif kind == 2:                     # an unknown packet type
            raw[0:2] = (60000 + rng.randrange(100)).to_bytes(2, "little")
        packets.append(bytes(raw))
    records = [CaptureRecord(0, 1.0, Direction.C2S, good[0].raw, 0),
               CaptureRecord(1, 1.1, Direction.S2C, good[1].raw, 0)]
    for i, packet in enumerate(packets):
        records.append(CaptureRecord(i + 2, 2.0 + i / 100, Direction.S2C, packet, 0))
    out = tmp_path / "damaged.pcapng"
    with open(out, "wb") as f:
        write_pcapng(f, records)
    return out, packets


def test_damaged_packets_give_expert_info_like_wirestruct_errors(plugin, tmp_path):
    """Every error event wirestruct has for the damaged capture is expert info of the same
    kind in tshark (map data that does not inflate included), and tshark has no others."""
    path, _ = damaged_capture(tmp_path)
    from wirestruct.core.events import ErrorEvent
    events = python_events(path)
    python_errors = sorted(e.error.kind for e in events if isinstance(e, ErrorEvent))
    out = tshark(plugin, path, "-T", "fields", "-e", "_ws.expert.message",
                 "-E", "occurrence=a", "-E", "aggregator=|").stdout
    messages = [m for line in out.splitlines() for m in line.split("|")
                if m.startswith(ERRORS)]
    assert python_errors, "the damaged capture has no errors"
    assert sorted(m.split(":")[0] for m in messages) == python_errors


def test_check_and_install(tmp_path):
    """check() runs tshark on every protocol's sample (written as its carrier says) and
    finds as many packets as wirestruct decodes; install() writes the plugin."""
    result = check()
    assert result["ok"], result
    by_name = {r["protocol"]: r for r in result["protocols"]}
    assert set(by_name) == {"mme", "diep", "scrap-mechanic"}
    for r in by_name.values():
        assert r["packets"] == r["expected"] > 100, r
    assert result["wireshark"].startswith("4.")
    assert result["lua"].startswith("Lua 5.")
    installed = install(tmp_path / "plugins")
    assert Path(installed["entry"]) == tmp_path / "plugins" / "wirestruct.lua"
    assert sorted(installed["protocols"]) == ["diep", "mme", "scrap-mechanic"]
    assert (tmp_path / "plugins" / "wirestruct" / "runtime" / "kaitaistruct.luamod").is_file()
    assert not list((tmp_path / "plugins" / "wirestruct").rglob("*.lua"))
    again = check(plugin=Path(installed["entry"]), protocols=["mme"])
    assert again["ok"], again


def test_check_without_the_checkouts_sample_uses_a_generated_session(tmp_path):
    """An installed wheel has no samples/: check() takes a session of the protocol's
    generator."""
    from dataclasses import replace

    from wirestruct.wireshark.plugin import sample_records
    mme = replace(get_protocol("mme"), samples=())
    records = sample_records(mme)
    assert records and records[0].data[:2] in (b"\x00\x00", b"\x01\x00")
    result = check(protocols=[mme])
    assert result["ok"], result
    assert result["protocols"][0]["packets"] > 300


def cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_the_command_line_installs_checks_and_converts(tmp_path):
    """`wirestruct wireshark install --dir`, `check --plugin` on what it installed, and
    `convert --to pcapng` of a message protocol: exported PDUs naming the dissector."""
    proc = cli("wireshark", "install", "--dir", tmp_path / "plugins", "-p", "diep", "--json")
    assert proc.returncode == 0, proc.stderr
    installed = json.loads(proc.stdout)
    assert installed["protocols"] == ["diep"] and installed["lua"].startswith("Lua 5.")
    proc = cli("wireshark", "check", "--plugin", installed["entry"], "-p", "diep")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "diep: ok, 182 packets (wirestruct decodes 182)" in proc.stdout
    out = tmp_path / "diep.pcapng"
    proc = cli("convert", "samples/diep.jsonl", "-p", "diep", "--to", "pcapng", "--out", out)
    assert proc.returncode == 0, proc.stderr
    shown = tshark(Path(installed["entry"]), out, "-T", "fields", "-e", "exported_pdu.prot_name",
                   "-e", "diep.packet_name", "-E", "occurrence=f").stdout.splitlines()
    assert len(shown) == 163 and all(line.startswith("diep\t") for line in shown)
    assert shown[0] == "diep\tinit"
    proc = cli("wireshark", "check", "--capture", out)
    assert proc.returncode == 2 and "--capture needs one --protocol" in proc.stderr
