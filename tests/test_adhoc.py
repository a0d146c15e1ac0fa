"""A protocol given by its spec alone (``--ksy``): Blip, a made-up chat relay
(tests/data/adhoc/: ``blip_pdu`` imports ``blip_types``), for which nobody wrote a line of
Python, over JSON Lines, UDP, TCP and a real loopback TCP session, through the real
``wirestruct`` command line: decode, show, fields, state, export, encode (byte-identical,
and with an edited length), convert, batch; stream resync; bad specs and options.

The specs compile into a cache of the module's own (``XDG_CACHE_HOME``)."""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from needs import needs, needs_compiler, needs_root

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "tests" / "data" / "adhoc"
BY_FILE = ["--ksy", str(SPECS / "blip_pdu.ksy"), "--ksy", str(SPECS / "blip_types.ksy")]
BY_FOLDER = ["--ksy", str(SPECS)]


def pdu(kind: int, body: bytes) -> bytes:
    """A Blip unit: kind, u2be body length, body (the test's bytes, not a decoder)."""
    return bytes([kind]) + struct.pack(">H", len(body)) + body


PING = pdu(1, struct.pack(">I", 0xDEADBEEF))
SAY = pdu(2, struct.pack(">HB", 7, 5) + b"hello")
SAY_UTF8 = pdu(2, struct.pack(">HB", 9, 6) + "grüß".encode())
ROSTER = pdu(3, bytes([2]) + struct.pack(">Hi", 7, -3) + b"ann\0" + struct.pack(">Hi", 9, 12)
             + b"bob\0")
BYE = pdu(4, bytes([1]))
UNITS = [("c2s", PING), ("s2c", PING), ("c2s", SAY), ("s2c", ROSTER), ("c2s", SAY_UTF8),
         ("c2s", BYE)]
NAMES = ["ping", "ping", "say", "roster", "say", "bye"]


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    needs_compiler()
    cache = tmp_path_factory.mktemp("cache")
    return {**os.environ, "XDG_CACHE_HOME": str(cache)}


def ws(env, *args, stdin=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)],
                          env=env, capture_output=True, text=True, timeout=300, input=stdin,
                          cwd=cwd)


def jsonl(path: Path, records) -> Path:
    with open(path, "w", encoding="utf-8") as f:
        for i, (direction, data) in enumerate(records):
            f.write(json.dumps({"t": 1700000000 + i / 2, "dir": direction, "stream": 0,
                                "data": data.hex()}) + "\n")
    return path


@pytest.fixture(scope="module")
def captures(env, tmp_path_factory):
    """The units as JSON Lines, and as UDP and TCP pcaps (wirestruct convert)."""
    out = tmp_path_factory.mktemp("captures")
    found = {"messages": jsonl(out / "blip.jsonl", UNITS)}
    for transport in ("udp", "tcp"):
        path = out / f"{transport}.pcap"
        proc = ws(env, "convert", found["messages"], *BY_FOLDER, "--transport", transport,
                  "--to", "pcap", "--out", path)
        assert proc.returncode == 0, proc.stderr
        found[transport] = path
    return found


def events(proc) -> list[dict]:
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


@pytest.mark.parametrize("transport", ["messages", "udp", "tcp"])
def test_decode_over_each_transport(env, captures, transport):
    server = ["--server", "4000"] if transport != "messages" else []
    found = events(ws(env, "decode", captures[transport], *BY_FILE, "--transport", transport,
                      *server))
    assert [e["name"] for e in found] == NAMES
    assert [e["dir"] for e in found] == [d for d, _ in UNITS]
    assert found[3]["fields"] == {"kind": "roster", "len_body": 21, "body": {
        "num_players": 2, "players": [{"player_id": 7, "score": -3, "name": "ann"},
                                      {"player_id": 9, "score": 12, "name": "bob"}]}}
    assert found[4]["fields"]["body"]["text"] == "grüß"
    assert found[5]["fields"]["body"] == {"reason": "kicked"}


def test_compiled_once_by_content(env, captures, tmp_path):
    def entries():
        folder = Path(env["XDG_CACHE_HOME"]) / "wirestruct" / "specs"
        return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))
    before = entries()
    assert len(before) == 1              # the folder and the two files: the same specs
    copy = tmp_path / "specs"
    shutil.copytree(SPECS, copy)
    assert events(ws(env, "decode", captures["messages"], "--ksy", copy, "--transport",
                     "messages"))
    assert entries() == before           # the same contents elsewhere: not compiled again
    spec = copy / "blip_pdu.ksy"
    spec.write_text(spec.read_text(encoding="utf-8").replace("Echoed back unchanged.",
                                                             "Echoed back."), encoding="utf-8")
    assert events(ws(env, "decode", captures["messages"], "--ksy", copy, "--transport",
                     "messages"))
    assert len(entries()) == 2


def test_fields_only_and_columns_come_from_the_spec(env, captures):
    listed = ws(env, "fields", *BY_FOLDER, "--transport", "messages", "roster")
    assert listed.returncode == 0, listed.stderr
    assert "roster\tbody.players.name" in listed.stdout.splitlines()
    proc = ws(env, "decode", captures["tcp"], *BY_FOLDER, "--transport", "tcp", "--server",
              "4000", "--only", "say,roster", "-T", "fields", "-e", "name",
              "-e", "body.text", "-e", "body.players.name")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["say\thello\t", "roster\t\tann,bob", "say\tgrüß\t"]
    wrong = ws(env, "decode", captures["messages"], *BY_FOLDER, "--transport", "messages",
               "--only", "says")
    assert wrong.returncode == 2 and "did you mean say?" in wrong.stderr


def test_show_one_unit(env):
    proc = ws(env, "show", SAY.hex(), *BY_FOLDER, "--transport", "tcp")
    assert proc.returncode == 0, proc.stderr
    assert "say (id 2), 11 bytes" in proc.stdout
    assert "text: \"hello\"" in proc.stdout


def test_state_counts_and_last_of_each(env, captures):
    proc = ws(env, "state", captures["udp"], *BY_FOLDER, "--transport", "udp", "--server",
              "4000")
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout)["packets"]
    assert {name: entry["count"] for name, entry in state.items()} == {
        "ping": 2, "say": 2, "roster": 1, "bye": 1}
    assert state["say"]["last"]["body"]["text"] == "grüß"
    assert state["say"]["index"] == 4


def test_export_opens_in_the_web_ide(env, captures, tmp_path):
    needs("node")
    out = tmp_path / "webide"
    proc = ws(env, "export", captures["tcp"], *BY_FOLDER, "--transport", "tcp", "--server",
              "4000", "--out", out, "--verify")
    assert proc.returncode == 0, proc.stderr
    assert "verified: every file opens with the JavaScript build of its spec" in proc.stderr
    assert sorted(p.name for p in (out / "ksy").iterdir()) >= ["blip_pdu.ksy", "blip_types.ksy"]
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    assert len([p for p in (out / "packets").iterdir()]) == len(UNITS)
    assert index["protocol"] == "blip-pdu"


def _data(path: Path) -> list[str]:
    return [json.loads(line)["data"] for line in path.read_text(encoding="utf-8").splitlines()]


def test_encode_round_trip_is_byte_identical(env, captures, tmp_path):
    decoded = ws(env, "decode", captures["messages"], *BY_FOLDER, "--transport", "messages")
    assert decoded.returncode == 0, decoded.stderr
    back = tmp_path / "back.jsonl"
    proc = ws(env, "encode", "-", *BY_FOLDER, "--transport", "messages", "--out", back,
              stdin=decoded.stdout)
    assert proc.returncode == 0, proc.stderr
    assert _data(back) == [data.hex() for _, data in UNITS]
    edited = decoded.stdout.replace('"hello"', '"hello there, everyone"')
    longer = tmp_path / "longer.jsonl"
    proc = ws(env, "encode", "-", *BY_FOLDER, "--transport", "messages", "--out", longer,
              stdin=edited)
    assert proc.returncode == 0, proc.stderr
    assert "set body.len_text = 21" in proc.stderr and "set len_body = 24" in proc.stderr
    again = events(ws(env, "decode", longer, *BY_FOLDER, "--transport", "messages"))
    assert again[2]["fields"]["body"]["text"] == "hello there, everyone"
    assert again[2]["fields"]["len_body"] == 24


def test_convert_between_formats(env, captures, tmp_path):
    wscap = tmp_path / "blip.wscap"
    proc = ws(env, "convert", captures["tcp"], *BY_FOLDER, "--transport", "tcp", "--server",
              "4000", "--to", "wscap", "--out", wscap)
    assert proc.returncode == 0, proc.stderr
    found = events(ws(env, "decode", wscap, *BY_FOLDER, "--transport", "tcp"))
    assert [e["name"] for e in found] == NAMES


def test_batch_tables_per_packet(env, captures, tmp_path):
    deltalake = pytest.importorskip("deltalake")
    out = tmp_path / "dataset"
    proc = ws(env, "batch", captures["messages"], captures["tcp"], *BY_FOLDER, "--transport",
              "tcp", "--server", "4000", "--out", out)
    assert proc.returncode == 0, proc.stderr
    roster = deltalake.DeltaTable(str(out / "packet_roster")).to_pyarrow_table().to_pylist()
    assert len(roster) == 2
    assert roster[0]["body.players.name"] == ["ann", "bob"]
    assert roster[0]["body.players.score"] == [-3, 12]
    say = deltalake.DeltaTable(str(out / "packet_say")).to_pyarrow_table()
    assert sorted(say.column("body.text").to_pylist()) == ["grüß", "grüß", "hello", "hello"]


# -- streams ---------------------------------------------------------------------------------
CORRUPT = bytes([9, 0, 2, 1, 2])          # kind 9 is no kind: the unit does not parse
STREAM = PING + CORRUPT + SAY + ROSTER + BYE


def _shown(found: list[dict]) -> list[tuple]:
    return [(e.get("name") or e["error"], json.dumps(e.get("fields")), e.get("dropped"),
             e.get("span")) for e in found]


def test_stream_resyncs_after_a_corrupt_unit(env, tmp_path):
    capture = jsonl(tmp_path / "corrupt.jsonl", [("c2s", STREAM)])
    found = events(ws(env, "decode", capture, *BY_FOLDER, "--transport", "tcp"))
    assert [e.get("name") or e["error"] for e in found] == [
        "ping", "FramingError", "ResyncError", "say", "roster", "bye"]
    assert "does not parse at BlipPdu.kind: invalid value 9" in found[1]["message"]
    assert found[2]["span"] == [7, 12] and found[2]["dropped"] == 5


def test_a_stream_split_at_every_byte_gives_the_same_events(env, tmp_path):
    whole = events(ws(env, "decode", jsonl(tmp_path / "whole.jsonl", [("c2s", STREAM)]),
                      *BY_FOLDER, "--transport", "tcp"))
    split = events(ws(env, "decode", jsonl(tmp_path / "split.jsonl",
                                           [("c2s", STREAM[i:i + 1]) for i in range(len(STREAM))]),
                      *BY_FOLDER, "--transport", "tcp"))
    assert _shown(split) == _shown(whole)


def test_a_unit_cut_by_the_end_of_the_stream_is_reported(env, tmp_path):
    capture = jsonl(tmp_path / "cut.jsonl", [("c2s", PING + SAY[:6])])
    found = events(ws(env, "decode", capture, *BY_FOLDER, "--transport", "tcp"))
    assert [e.get("name") or e["error"] for e in found] == ["ping", "TruncatedStreamError"]
    assert found[1]["dropped"] == 6


def _exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        more = sock.recv(size - len(data))
        assert more, "the peer closed early"
        data += more
    return data


def _serve(server: socket.socket) -> None:
    """Answer a ping with a ping, a say and a bye with the roster and a say."""
    conn, _ = server.accept()
    with conn:
        assert _exactly(conn, len(PING)) == PING
        conn.sendall(PING)
        assert _exactly(conn, len(SAY + BYE)) == SAY + BYE
        conn.sendall(ROSTER + SAY_UTF8)
        conn.recv(1)                                # the client closes


def test_a_real_loopback_session(env, tmp_path):
    """A server and a client on 127.0.0.1, captured by tcpdump; the client sends its units
    cut mid-unit across segments."""
    needs_root("capturing on the loopback interface")
    tcpdump = needs("tcpdump")
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    pcap = tmp_path / "loopback.pcap"
    capture = subprocess.Popen([tcpdump, "-i", "lo", "-U", "--immediate-mode", "-w", str(pcap),
                                f"tcp port {port}"], stderr=subprocess.PIPE, text=True)
    assert capture.stderr is not None
    capture.stderr.readline()                       # listening on lo ...
    time.sleep(0.3)
    thread = threading.Thread(target=_serve, args=(server,))
    thread.start()
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for chunk in (PING[:2], PING[2:]):          # a unit cut across two segments
            client.sendall(chunk)
            time.sleep(0.05)
        assert _exactly(client, len(PING)) == PING
        for chunk in (SAY + BYE[:1], BYE[1:]):      # a segment ending inside the next unit
            client.sendall(chunk)
            time.sleep(0.05)
        assert _exactly(client, len(ROSTER + SAY_UTF8)) == ROSTER + SAY_UTF8
    thread.join(timeout=10)
    server.close()
    time.sleep(1)
    capture.send_signal(signal.SIGINT)
    capture.wait(timeout=10)
    capture.stderr.close()
    found = events(ws(env, "decode", pcap, *BY_FOLDER, "--transport", "tcp", "--server",
                      str(port)))
    by_direction = {d: [e["name"] for e in found if e["dir"] == d] for d in ("c2s", "s2c")}
    assert by_direction == {"c2s": ["ping", "say", "bye"], "s2c": ["ping", "roster", "say"]}
    assert all(e["src"].startswith("127.0.0.1:") for e in found)


# -- mistakes --------------------------------------------------------------------------------
def test_bad_specs_are_named(env, tmp_path, captures):
    bad = tmp_path / "bad_yaml.ksy"
    bad.write_text("meta:\n  id: bad_yaml\n seq: [\n", encoding="utf-8")
    proc = ws(env, "decode", captures["messages"], "--ksy", bad, "--transport", "messages")
    assert proc.returncode == 2
    assert f"{bad}: line 3, column 2: not valid YAML" in proc.stderr
    broken = tmp_path / "broken.ksy"
    broken.write_text((SPECS / "blip_pdu.ksy").read_text(encoding="utf-8")
                      .replace("id: blip_pdu", "id: broken").replace("type: u4", "type: u9"),
                      encoding="utf-8")
    proc = ws(env, "decode", captures["messages"], "--ksy", broken, "--ksy",
              SPECS / "blip_types.ksy", "--transport", "messages")
    assert proc.returncode == 2
    assert "the specs do not compile" in proc.stderr
    assert f"{broken}: broken: /types/ping/seq/0/type: error: unable to find type 'u9'" \
        in proc.stderr
    assert proc.stderr.count("unable to find type") == 1      # once, not once per language
    misnamed = tmp_path / "other_name.ksy"
    misnamed.write_text((SPECS / "blip_types.ksy").read_text(encoding="utf-8"),
                        encoding="utf-8")
    proc = ws(env, "decode", captures["messages"], "--ksy", misnamed, "--transport", "messages")
    assert proc.returncode == 2 and "meta.id is 'blip_types'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_two_roots_and_missing_files(env, tmp_path, captures):
    folder = tmp_path / "two"
    shutil.copytree(SPECS, folder)
    (folder / "lonely.ksy").write_text("meta:\n  id: lonely\nseq:\n  - id: x\n    type: u1\n",
                                       encoding="utf-8")
    proc = ws(env, "decode", captures["messages"], "--ksy", folder, "--transport", "messages")
    assert proc.returncode == 2 and "2 specs are imported by no other" in proc.stderr
    proc = ws(env, "decode", captures["messages"], "--ksy", tmp_path / "nowhere.ksy",
              "--transport", "messages")
    assert proc.returncode == 2 and "nowhere.ksy: no such file or folder" in proc.stderr


def test_options_that_do_not_go_together(env, captures):
    cases = [
        (["--transport", "messages"], "--transport messages is for a protocol given by its spec"),
        ([*BY_FOLDER], "--ksy needs --transport"),
        ([*BY_FOLDER, "--transport", "sctp"], "invalid choice: 'sctp'"),
        ([*BY_FOLDER, "--transport", "tcp", "-p", "mme"], "--protocol mme and --ksy"),
    ]
    for given, said in cases:
        proc = ws(env, "decode", captures["messages"], *given)
        assert proc.returncode == 2 and said in proc.stderr, (given, proc.stderr)
    proc = ws(env, "fields")
    assert proc.returncode == 2 and "the protocol is needed" in proc.stderr


def test_without_node_it_says_so(env, captures, tmp_path):
    """A cold cache and no Node.js on PATH: the one requirement, named."""
    cold = {**env, "XDG_CACHE_HOME": str(tmp_path / "cold"), "PATH": str(tmp_path)}
    proc = ws(cold, "decode", captures["messages"], *BY_FOLDER, "--transport", "messages")
    assert proc.returncode == 2
    assert "Node.js is needed to compile .ksy specs" in proc.stderr
    proc = ws(cold, "compiler", "install")
    assert proc.returncode == 2 and "Node.js is needed" in proc.stderr
    warm = {**env, "PATH": str(tmp_path)}   # compiled before: Node.js is not asked for
    assert [e["name"] for e in events(ws(warm, "decode", captures["messages"], *BY_FOLDER,
                                         "--transport", "messages"))] == NAMES


def test_a_spec_without_a_switch_is_one_packet_named_after_it(env, tmp_path):
    folder = tmp_path / "heartbeat"
    folder.mkdir()
    (folder / "heartbeat.ksy").write_text(
        "meta:\n  id: heartbeat\n  endian: le\nseq:\n  - id: seq_no\n    type: u4\n"
        "  - id: load\n    type: u1\n", encoding="utf-8")
    capture = jsonl(tmp_path / "beats.jsonl", [("c2s", bytes([n, 0, 0, 0, n * 10]))
                                               for n in range(3)])
    proc = ws(env, "decode", capture, "--ksy", folder, "--transport", "udp", "--only",
              "heartbeat", "-T", "fields", "-e", "name", "-e", "load")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["heartbeat\t0", "heartbeat\t10", "heartbeat\t20"]
    listed = ws(env, "fields", "--ksy", folder, "--transport", "udp", "heartbeat")
    assert listed.stdout.splitlines() == ["heartbeat\tload", "heartbeat\tseq_no"]
    short = jsonl(tmp_path / "short.jsonl", [("c2s", b"\x01\x00"), ("c2s", bytes(5))])
    found = events(ws(env, "decode", short, "--ksy", folder, "--transport", "udp"))
    assert found[0]["error"] == "ParseError" and "unexpected end of data" in found[0]["message"]
    assert found[0]["field_path"] == "Heartbeat.seq_no" and found[1]["name"] == "heartbeat"


def test_decode_over_websocket(env, captures, tmp_path):
    """--transport ws: the units as binary WebSocket messages (wsproto both ends, deflate
    with context takeover, one message fragmented with a ping between) in a pcap read
    without --server (the handshake is captured) give the JSON Lines session's events."""
    sys.path.insert(0, str(ROOT / "tests" / "captures"))
    from websocket_sessions import jsonl_records, replay
    session = replay(jsonl_records(captures["messages"]), {}, split_every=3)
    path = session.pcap(tmp_path / "blip_ws.pcap")
    over_ws = events(ws(env, "decode", path, *BY_FOLDER, "--transport", "ws"))
    as_lines = events(ws(env, "decode", captures["messages"], *BY_FOLDER, "--transport",
                         "messages"))
    assert [e["name"] for e in over_ws] == NAMES
    assert [(e["dir"], e["fields"]) for e in over_ws] == [
        (e["dir"], e["fields"]) for e in as_lines]
