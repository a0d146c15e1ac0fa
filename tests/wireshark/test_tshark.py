"""The Wireshark plugin in real tshark (4.0, Lua 5.2, on Debian 12): every MME packet of
the test captures shows the values wirestruct's Python parse has, at the byte ranges the
Python ``tree`` format gives, with the same packets, names and Info columns as
``wirestruct decode``; damaged input gives expert info, never a Lua error."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from lua_harness import PRESENTED, ROOT, python_parse
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.events import PacketEvent
from wirestruct.output.formats import summary_line
from wirestruct.output.serialize import serializer
from wirestruct.wireshark.fields import field_table
from wirestruct.wireshark.plugin import build_plugin, check, install

TSHARK = shutil.which("tshark")
pytestmark = pytest.mark.skipif(TSHARK is None, reason="tshark is not installed")

ERRORS = ("ParseError", "DecodeError", "DecompressionError", "LimitExceededError")
#: filter name -> whether it is an instance (computed: shown without a range of its own)
INSTANCES = field_table(get_protocol("mme")).instances()


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return build_plugin(tmp_path_factory.mktemp("plugin"))


def tshark(plugin: Path, capture: Path, *args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([TSHARK, "-X", f"lua_script:{plugin}", "-r", str(capture), *args],
                          capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, LC_ALL="C"))
    assert proc.returncode == 0, proc.stderr
    assert "Lua" not in proc.stderr, proc.stderr
    return proc


def python_events(capture: Path) -> list:
    protocol = get_protocol("mme")
    with open_capture(capture) as f:
        return list(decode_records(f.records(protocol), protocol.decoder()))


def mme_protos(pdml: str) -> list[ET.Element]:
    root = ET.fromstring(pdml)
    return [proto for packet in root.iter("packet") for proto in packet.iter("proto")
            if proto.get("name") == "mme"]


def flatten(elem: ET.Element, prefix: str, out: dict[str, ET.Element]) -> None:
    """Fields of a protocol's item by path, every segment with its occurrence among its
    siblings: ``payload#0.items#3.x#0`` (the protocol is the item's name)."""
    proto = elem.get("name") if elem.tag == "proto" else elem.get("name", "").split(".")[0]
    counts: dict[str, int] = {}
    for child in elem.findall("field"):
        name = child.get("name", "")
        if name == f"{proto}.wirestruct_value":
            fid = child.get("showname", "").split(":")[0]
        elif name == f"{proto}.packet_name":
            continue
        elif name.startswith(proto + ".") and not name.endswith("_error"):
            fid = name.rsplit(".", 1)[1]
        else:
            continue
        k = counts.get(fid, 0)
        counts[fid] = k + 1
        path = f"{prefix}{fid}#{k}"
        out[path] = child
        flatten(child, path + ".", out)


def pdml_key(python_path: str) -> str:
    """``payload.items[3].x`` -> ``payload#0.items#3.x#0``."""
    parts = []
    for segment in python_path.split("."):
        if segment.endswith("]"):
            name, _, index = segment[:-1].partition("[")
            parts.append(f"{name}#{index}")
        else:
            parts.append(f"{segment}#0")
    return ".".join(parts)


_ESCAPES = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r",
            "\t": "\\t", "\v": "\\v"}


def shown_text(text: str) -> str:
    """Text as Wireshark shows a string field: C0 controls escaped."""
    return re.sub(r"[\x00-\x1f\x7f]",
                  lambda m: _ESCAPES.get(m.group(), f"\\x{ord(m.group()):02x}"), text)


def same_value(py, field: ET.Element) -> bool:
    show = field.get("show", "")
    if isinstance(py, dict) and "$h" in py:
        data = bytes.fromhex(py["$h"])
        text = data.decode("utf-8", "replace")
        return (field.get("value", "") == py["$h"] or show in (text, shown_text(text))
                or field.get("showname", "").endswith(": " + py["$h"]))
    if isinstance(py, dict) and "$enum" in py:
        return show in (str(py["$v"]), py["$enum"]) and (
            py["$enum"] in field.get("showname", "") or show == py["$enum"])
    if isinstance(py, dict) and "$f" in py:
        return show.lower().startswith(py["$f"][:3].lower()) or show.lower().lstrip("-") in (
            "nan", "inf", "infinity")
    if isinstance(py, bool):
        return show in (("1", "true", "True") if py else ("0", "false", "False"))
    if isinstance(py, int):
        return show == str(py)
    if isinstance(py, float):
        # Wireshark 4.0 shows floats with FLT_DIG (6) significant digits, doubles with
        # DBL_DIG (15); the value itself is the exact one (a float field's range holds it)
        return show in (f"{py:.6g}", f"{py:.15g}") or (
            show not in ("", "nan") and float(show) == py)
    raise TypeError(py)


def compare_values(view, fields: dict[str, ET.Element], path: str, problems: list) -> None:
    for key, value in view.items():
        here = f"{path}.{key}" if path else key
        if isinstance(value, list):
            for i, item in enumerate(value):
                compare_leaf(item, fields, f"{here}[{i}]", problems)
        else:
            compare_leaf(value, fields, here, problems)


def compare_leaf(value, fields, here, problems) -> None:
    if isinstance(value, dict) and not any(k.startswith("$") for k in value):
        if pdml_key(here) not in fields and value:
            problems.append(f"{here}: missing")
            return
        compare_values(value, fields, here, problems)
        return
    field = fields.get(pdml_key(here))
    if field is None:
        problems.append(f"{here}: missing (python {value!r})")
    elif not same_value(value, field):
        problems.append(f"{here}: python {value!r} vs tshark {field.get('show')!r} "
                        f"({field.get('showname')!r})")


def compare_packets(events: list, protos: list[ET.Element], instances: dict) -> list[str]:
    """Every field of every packet: tshark's item (value, range relative to the packet's
    item) against the Python parse of the same bytes."""
    problems: list[str] = []
    for n, (event, proto) in enumerate(zip(events, protos)):
        spec = type(event.packet).__module__.rsplit(".", 1)[-1]
        expected = python_parse(spec, bytes(event.raw), PRESENTED)
        base = int(proto.get("pos"))
        if int(proto.get("size")) != len(event.raw):
            problems.append(f"#{n} {event.name}: {proto.get('size')} bytes, not {len(event.raw)}")
        if not proto.get("showname").endswith(", " + event.name):
            problems.append(f"#{n} {event.name}: shown as {proto.get('showname')!r}")
        fields: dict[str, ET.Element] = {}
        flatten(proto, "", fields)
        for where, (off, size) in expected["spans"].items():
            field = fields.get(pdml_key(where))
            if field is None:
                problems.append(f"#{n} {event.name} {where}: no item")
            elif (int(field.get("pos")) - base, int(field.get("size"))) != (off, size):
                problems.append(f"#{n} {event.name} {where}: python ({off}, {size}) vs tshark "
                                f"({int(field.get('pos')) - base}, {field.get('size')})")
        spans = {pdml_key(k) for k in expected["spans"]}
        for key, field in fields.items():
            if not instances.get(field.get("name")) and key not in spans:
                problems.append(f"#{n} {event.name} {key}: an item python has no range for")
        sub: list[str] = []
        compare_values(expected["view"], fields, "", sub)
        problems.extend(f"#{n} {event.name} {p}" for p in sub)
    return problems


@pytest.mark.parametrize("capture", ["tests/data/mme/session.pcapng",
                                     "tests/data/mme/session.pcap"])
def test_every_mme_packet_shows_the_python_values_and_ranges(plugin, capture):
    path = ROOT / capture
    events = [e for e in python_events(path) if isinstance(e, PacketEvent)]
    protos = mme_protos(tshark(plugin, path, "-T", "pdml").stdout)
    assert len(protos) == len(events) == 404
    problems = compare_packets(events, protos, INSTANCES)
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:15])


def diep_capture(tmp_path: Path) -> tuple[Path, list]:
    """samples/diep.jsonl as exported PDUs for the diep dissector, and its Python events."""
    from wirestruct.captures.writers.pcap_writer import write_exported_pdus
    from wirestruct.core.records import CaptureRecord

    sample = ROOT / "samples" / "diep.jsonl"
    with open_capture(sample) as capture:
        records = [r for r in capture if isinstance(r, CaptureRecord)]
    out = tmp_path / "diep.pcapng"
    with open(out, "wb") as f:
        write_exported_pdus(f, records, "diep")
    protocol = get_protocol("diep")
    with open_capture(sample) as capture:
        events = [e for e in decode_records(capture, protocol.decoder())
                  if isinstance(e, PacketEvent)]
    return out, events


def test_every_diep_packet_of_exported_pdus_shows_the_python_values_and_ranges(plugin,
                                                                               tmp_path):
    """Straight to the diep dissector by the exported PDU's dissector name; clientbound
    and serverbound by its direction; 0x02 decompressed (Lua LZ4) and shown as a packet."""
    path, events = diep_capture(tmp_path)
    root = ET.fromstring(tshark(plugin, path, "-T", "pdml").stdout)
    protos = [proto for packet in root.iter("packet") for proto in packet.iter("proto")
              if proto.get("name") == "diep"]
    assert len(protos) == len(events) == 182
    instances = field_table(get_protocol("diep")).instances()
    problems = compare_packets(events, protos, instances)
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:15])


def test_diep_info_column_is_wirestructs_summary(plugin, tmp_path):
    path, events = diep_capture(tmp_path)
    ser = serializer()
    expected = []
    for event in events:
        line = summary_line(event, ser.event(event), 0.0)
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
    expected = []
    for event in events:
        line = summary_line(event, ser.event(event), 0.0)
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
    kind in tshark, and tshark has no others. (Not yet in the dissector: inflating MME
    map data, so the DecompressionErrors of damaged map transfers are left out.)"""
    path, _ = damaged_capture(tmp_path)
    from wirestruct.core.events import ErrorEvent
    events = python_events(path)
    python_errors = sorted(e.error.kind for e in events if isinstance(e, ErrorEvent)
                           and e.error.kind != "DecompressionError")
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
