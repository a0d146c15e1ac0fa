"""A protocol given by its spec alone in Wireshark: ``wirestruct wireshark install --ksy
SPEC --transport tcp|udp [--server PORT]`` and ``wireshark check``, run in the real tshark
on Blip (tests/data/adhoc/) over TCP and UDP pcaps that ``wirestruct convert`` writes:
the dissector on the server's port and in Decode As, its fields filterable by their paths
(``blip_pdu.say.text``), the Info column, packets split across TCP segments and several in
one, malformed packets as expert infos, a name a built-in dissector has refused."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from needs import needs, needs_compiler
from test_adhoc import BYE, PING, ROSTER, SAY, SAY_UTF8, UNITS, jsonl

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "tests" / "data" / "adhoc"
BLIP = ["--ksy", str(SPECS)]
NAMES = ["ping", "ping", "say", "roster", "say", "bye"]


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    needs_compiler()
    needs("tshark")
    home = tmp_path_factory.mktemp("home")
    return {**os.environ, "XDG_CACHE_HOME": str(home / "cache"), "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "config"), "LC_ALL": "C.UTF-8"}


def ws(env, *args):
    return subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)],
                          env=env, capture_output=True, text=True, timeout=600)


def pcap(env, folder: Path, name: str, records, transport: str) -> Path:
    """The records (direction, bytes) as a pcap of ``transport`` to port 4000."""
    out = folder / f"{name}.pcap"
    proc = ws(env, "convert", jsonl(folder / f"{name}.jsonl", records), *BLIP,
              "--transport", transport, "--to", "pcap", "--out", out)
    assert proc.returncode == 0, proc.stderr
    return out


def summaries(env, capture: Path, transport: str) -> list[str]:
    """`name info` of each packet, as `wirestruct decode --format summary` shows it."""
    proc = ws(env, "decode", capture, "--ksy", str(SPECS), "--transport", transport,
              "--server", "4000", "--format", "summary")
    assert proc.returncode == 0, proc.stderr
    shown = []
    for line in proc.stdout.splitlines():
        _index, _record, _t, _direction, name, *info = line.split(maxsplit=5)
        shown.append(" ".join([name, *info]).rstrip())
    return shown


def plugin(env, folder: Path, *args) -> Path:
    proc = ws(env, "wireshark", "install", "--dir", folder, *BLIP, *args)
    assert proc.returncode == 0, proc.stderr
    assert "blip-pdu" in proc.stdout
    return folder / "wirestruct.lua"


def tshark(env, entry: Path, capture: Path, *args) -> list[list[str]]:
    proc = subprocess.run(["tshark", "-X", f"lua_script:{entry}", "-r", str(capture), *args],
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    errors = [line for line in proc.stderr.splitlines() if "Running as user" not in line]
    assert not errors, errors
    return [line.split("\t") for line in proc.stdout.splitlines()]


FIELDS = ["-T", "fields", "-e", "blip_pdu.packet_name", "-e", "blip_pdu.say.text",
          "-e", "_ws.col.Info", "-E", "occurrence=a", "-E", "aggregator=|"]


@pytest.mark.parametrize("transport", ["tcp", "udp"])
def test_on_the_server_port(env, tmp_path, transport):
    capture = pcap(env, tmp_path, transport, UNITS, transport)
    entry = plugin(env, tmp_path / "plugin", "--transport", transport, "--server", "4000")
    rows = tshark(env, entry, capture, "-Y", "blip_pdu", *FIELDS)
    assert [r[0] for r in rows] == NAMES
    assert [r[1] for r in rows if r[1]] == ["hello", "grüß"]
    # the Info column is `wirestruct decode --format summary`'s (one description)
    assert [r[2] for r in rows] == summaries(env, capture, transport)
    # a field filters by its path, an enum by its name
    said = tshark(env, entry, capture, "-Y", 'blip_pdu.say.text == "hello"', *FIELDS)
    assert [r[0] for r in said] == ["say"]
    # tshark's plain listing (no tree asked for): the filter alone makes the fields
    listed = tshark(env, entry, capture, "-Y", 'blip_pdu.say.text contains "ll"')
    assert len(listed) == 1 and summaries(env, capture, transport)[2] in listed[0][0]
    roster = tshark(env, entry, capture, "-Y", "blip_pdu.player.score < 0", "-T", "fields",
                    "-e", "blip_pdu.player.name", "-E", "occurrence=a", "-E", "aggregator=|")
    assert roster == [["ann|bob"]]


@pytest.mark.parametrize("transport", ["tcp", "udp"])
def test_decode_as_without_a_port(env, tmp_path, transport):
    capture = pcap(env, tmp_path, transport, UNITS, transport)
    entry = plugin(env, tmp_path / "plugin", "--transport", transport)
    assert tshark(env, entry, capture, "-Y", "blip_pdu", *FIELDS) == []
    rows = tshark(env, entry, capture, "-d", f"{transport}.port==4000,blip_pdu",
                  "-Y", "blip_pdu", *FIELDS)
    assert [r[0] for r in rows] == NAMES


def test_tcp_segments_split_and_joined(env, tmp_path):
    """Units split across segments and several in one: TCP reassembles them as the spec
    reads them."""
    stream = PING + SAY + ROSTER + SAY_UTF8 + BYE
    cuts = [2, 9, 30, 31, len(stream)]
    parts, start = [], 0
    for cut in cuts:
        parts.append(("c2s", stream[start:cut]))
        start = cut
    capture = pcap(env, tmp_path, "split", parts, "tcp")
    entry = plugin(env, tmp_path / "plugin", "--transport", "tcp", "--server", "4000")
    rows = tshark(env, entry, capture, "-Y", "blip_pdu", "-T", "fields",
                  "-e", "blip_pdu.packet_name", "-E", "occurrence=a", "-E", "aggregator=|")
    assert "|".join(r[0] for r in rows).split("|") == ["ping", "say", "roster", "say", "bye"]


def test_malformed_packets(env, tmp_path):
    """A unit of no known kind and one whose body is cut short: expert infos naming the
    field, the packets around them decoded."""
    bad_kind = bytes([9, 0, 1, 0])
    short = SAY[:3] + bytes([SAY[3]]) + b"\x00"          # len_body 11, body 1 byte
    records = [("c2s", PING), ("c2s", bad_kind), ("c2s", short), ("c2s", BYE)]
    capture = pcap(env, tmp_path, "bad", records, "udp")
    entry = plugin(env, tmp_path / "plugin", "--transport", "udp", "--server", "4000")
    rows = tshark(env, entry, capture, "-Y", "blip_pdu", "-T", "fields",
                  "-e", "blip_pdu.packet_name", "-e", "_ws.expert.message",
                  "-E", "occurrence=a", "-E", "aggregator=|")
    assert [r[0] for r in rows][0] == "ping" and rows[-1][0] == "bye"
    assert rows[0][1] == "" and rows[-1][1] == ""
    assert rows[1][1].startswith("ParseError") and "kind" in rows[1][1], rows[1]
    assert rows[2][1].startswith("ParseError") and "body" in rows[2][1], rows[2]


def test_check_on_a_capture(env, tmp_path):
    capture = pcap(env, tmp_path, "tcp", UNITS, "tcp")
    proc = ws(env, "wireshark", "check", *BLIP, "--transport", "tcp", "--server", "4000",
              "--capture", capture, "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads(proc.stdout)
    assert result["ok"] and result["clashes"] == []
    assert result["protocols"][0]["packets"] == result["protocols"][0]["expected"] == 6
    need = ws(env, "wireshark", "check", *BLIP, "--transport", "tcp")
    assert need.returncode == 2 and "--capture" in need.stderr


def test_a_built_in_name_is_refused(env, tmp_path):
    """A spec named as a built-in dissector (``dns``): refused, the clash named, nothing
    written."""
    spec = tmp_path / "specs" / "dns.ksy"
    spec.parent.mkdir()
    spec.write_text((SPECS / "blip_types.ksy").read_text("utf-8").replace(
        "id: blip_types", "id: dns") + "seq:\n  - id: code\n    type: u1\n", "utf-8")
    proc = ws(env, "wireshark", "install", "--dir", tmp_path / "plugin", "--ksy", spec,
              "--transport", "udp")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "built-in" in proc.stderr and "dns" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "plugin").exists()


def test_malformed_on_tcp(env, tmp_path):
    """Over TCP a unit that does not parse takes the rest of its segment (shown malformed,
    the field named); the next segment starts afresh."""
    records = [("c2s", PING), ("c2s", bytes([9, 0, 1, 0]) + SAY), ("c2s", BYE)]
    capture = pcap(env, tmp_path, "bad", records, "tcp")
    entry = plugin(env, tmp_path / "plugin", "--transport", "tcp", "--server", "4000")
    rows = tshark(env, entry, capture, "-Y", "blip_pdu", "-T", "fields",
                  "-e", "blip_pdu.packet_name", "-e", "_ws.expert.message",
                  "-E", "occurrence=a", "-E", "aggregator=|")
    assert [r[0] for r in rows] == ["ping", "unknown_9", "bye"]
    assert rows[1][1].startswith("ParseError") and "kind" in rows[1][1]
    assert rows[0][1] == rows[2][1] == ""
