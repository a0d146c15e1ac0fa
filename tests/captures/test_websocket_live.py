"""A real WebSocket server and client (the ``websockets`` package) on the loopback
interface replay the diep.io sample session, with permessage-deflate as configured, while
a real ``tcpdump -i lo`` records it: ``wirestruct decode`` reads the capture, from a file
and live from tcpdump's pipe, to the same events as the JSON Lines session."""
from __future__ import annotations

import fcntl
import json
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from needs import needs
from websocket_sessions import DIEP_SAMPLE, jsonl_records
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    ServerPerMessageDeflateFactory,
)
from websockets.sync.client import connect
from websockets.sync.server import serve
from wirestruct.core.records import Direction

pytestmark = pytest.mark.needs("tcpdump")

SAMPLE = jsonl_records()
#: what a live capture's events have of their own
OWN = ("t", "frame", "src", "dst")
#: numbers that count events and records of both directions together: tcpdump on the
#: loopback of a machine with several CPUs may write two segments sent at nearly the
#: same time, one each way, in the other order; within a direction TCP keeps the order
NUMBERS = ("index", "record", "parent")

CONFIGS = {
    "plain": None,
    "takeover": {},
    "no-takeover": {"server_no_context_takeover": True, "client_no_context_takeover": True},
    "window-bits": {"server_max_window_bits": 10, "client_max_window_bits": 11},
}


def _session(port_box: list, deflate: dict | None, ready: threading.Event) -> None:
    """The server: what the sample's server sent, each after the client's messages
    before it arrived."""
    def handler(ws) -> None:
        for record in SAMPLE:
            if record.direction is Direction.S2C:
                ws.send(record.data)
            else:
                assert ws.recv() == record.data
        ws.close()

    extensions = None if deflate is None else [ServerPerMessageDeflateFactory(**deflate)]
    with serve(handler, "127.0.0.1", 0, compression=None, extensions=extensions) as server:
        port_box.append(server.socket.getsockname()[1])
        ready.set()
        server.serve_forever()


def _replay(deflate: dict | None, started) -> int:
    """Start a server, let ``started(port)`` start the capture, run the client."""
    box: list[int] = []
    ready = threading.Event()
    thread = threading.Thread(target=_session, args=(box, deflate, ready), daemon=True)
    thread.start()
    assert ready.wait(10)
    port = box[0]
    started(port)
    extensions = None if deflate is None else [ClientPerMessageDeflateFactory(**deflate)]
    with connect(f"ws://127.0.0.1:{port}/", compression=None, extensions=extensions) as ws:
        for record in SAMPLE:
            if record.direction is Direction.C2S:
                ws.send(record.data)
            else:
                assert ws.recv() == record.data
        try:
            ws.recv(timeout=5)          # the server closes
        except Exception:               # noqa: BLE001 - the close ends the loop
            pass
    return port


def _tcpdump(port: int, out) -> subprocess.Popen:
    # --immediate-mode: each packet as it comes, not a ring buffer block at a time; -B: a
    # 32 MiB kernel buffer (the default 2 MiB fills when the machine is busy)
    proc = subprocess.Popen(["tcpdump", "-i", "lo", "--immediate-mode", "-U", "-s", "0",
                             "-B", "32768",
                             "-w", out,
                             "tcp", "port", str(port)],
                            stdout=subprocess.PIPE if out == "-" else subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    assert proc.stderr is not None
    line = proc.stderr.readline()       # "listening on lo ..." once it captures
    if b"listening" not in line:
        proc.kill()
        pytest.fail(f"tcpdump did not start: {line!r}")
    time.sleep(0.2)
    return proc


def _stop(proc: subprocess.Popen, path: Path | None = None) -> int:
    """Stop tcpdump once the file (if any) has stopped growing: the last segments are in.
    Returns the packets the kernel dropped, as tcpdump counts them at its end."""
    size, still = -1, 0
    deadline = time.monotonic() + 10
    while path is not None and still < 3 and time.monotonic() < deadline:
        time.sleep(0.2)
        now = path.stat().st_size
        still = still + 1 if now == size else 0
        size = now
    proc.send_signal(signal.SIGINT)
    proc.wait(10)
    assert proc.stderr is not None
    report = proc.stderr.read().decode(errors="replace")
    found = re.search(r"(\d+) packets? dropped by kernel", report)
    assert found, report
    return int(found[1])


#: Sessions a test replays at most: tcpdump on a busy machine may lose packets (the kernel
#: drops them before tcpdump reads them, and says how many); such a capture cannot be the
#: session, so it is checked for what wirestruct then promises (the loss reported, no
#: message made up) and the session is replayed.
ATTEMPTS = 4


def _lossy_capture_is_reported(got: dict, expected: dict, errors: int) -> None:
    """A capture the kernel dropped packets from: the loss is an error, or messages are
    missing (packets dropped after the last message), and none is made up."""
    for direction, events in got.items():
        want = iter(expected[direction])
        made_up = [e for e in events if "error" not in e and not any(e == w for w in want)]
        assert not made_up, f"{direction}: {json.dumps(made_up[0])[:400]}"
    assert errors or sum(map(len, got.values())) < sum(map(len, expected.values()))


def _first_difference(got: dict, want: dict) -> str:
    for direction in want:
        for number, (a, b) in enumerate(zip(got[direction], want[direction])):
            if a != b:
                return f"{direction} event {number}: {json.dumps(a)[:400]} != " \
                       f"{json.dumps(b)[:400]}"
        if len(got[direction]) != len(want[direction]):
            return f"{direction}: {len(got[direction])} events, not {len(want[direction])}"
    return ""


def _events(lines) -> dict[str, list[dict]]:
    """The events of each direction, in order, without what is the capture's own."""
    by_direction: dict[str, list[dict]] = {"c2s": [], "s2c": []}
    for line in lines:
        event = json.loads(line)
        by_direction[event["dir"]].append(
            {k: v for k, v in event.items() if k not in OWN + NUMBERS})
    return by_direction


def _decode(*args: str, stdin=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "wirestruct.tools.cli", "decode", *args,
                             "-p", "diep", "--format", "jsonl"], stdin=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def expected() -> dict[str, list[dict]]:
    proc = _decode(str(DIEP_SAMPLE))
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return _events(out.splitlines())


@pytest.mark.parametrize("deflate", CONFIGS.values(), ids=CONFIGS.keys())
def test_a_tcpdump_of_a_websocket_server_decodes_as_its_json_lines_session(
        deflate, expected, tmp_path):
    for attempt in range(ATTEMPTS):
        path = tmp_path / f"ws{attempt}.pcap"
        procs: list[subprocess.Popen] = []
        port = _replay(deflate, lambda port: procs.append(_tcpdump(port, str(path))))
        dropped = _stop(procs[0], path)
        proc = _decode(str(path))
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        got = _events(out.splitlines())
        if not dropped:
            break
        errors = int(re.search(rb"(\d+) errors", err)[1])
        _lossy_capture_is_reported(got, expected, errors)
    else:
        pytest.fail(f"the kernel dropped packets from each of {ATTEMPTS} captures")
    assert b"0 errors" in err, err
    assert got == expected, _first_difference(got, expected)
    # tshark's WebSocket dissector as a second witness: its unmasked and inflated
    # payloads are the session's messages, and compressed frames are marked
    payloads, compressed = _tshark(path, port)
    assert sorted(payloads) == sorted(record.data.hex() for record in SAMPLE)
    assert (compressed > 0) == (deflate is not None)


def _tshark(path: Path, port: int) -> tuple[list[str], int]:
    """The message payloads tshark's WebSocket dissector gives (the port read as HTTP, so
    it follows the upgrade), and how many frames it marks as compressed."""
    tshark = needs("tshark")
    done = subprocess.run([tshark, "-r", str(path), "-d", f"tcp.port=={port},http", "-Y",
                           "websocket.opcode == 2", "-T", "fields", "-E", "separator=/t",
                           "-e", "data.data", "-e", "websocket.pmc"],
                          capture_output=True, timeout=120, check=True)
    payloads: list[str] = []
    compressed = 0
    for line in done.stdout.decode().splitlines():
        data, _, marks = line.partition("\t")
        payloads.extend(data.split(","))
        compressed += marks.split(",").count("1") + marks.split(",").count("True")
    return payloads, compressed


def test_a_live_tcpdump_pipe_decodes_as_it_happens(expected):
    """``tcpdump -U -w - | wirestruct decode - -p diep``: every event is out before
    tcpdump stops."""
    for _ in range(ATTEMPTS):
        if _live_session(expected):
            return
    pytest.fail(f"the kernel dropped packets from each of {ATTEMPTS} captures")


def _live_session(expected: dict) -> bool:
    """One session through the pipe; False when the kernel dropped packets of it."""
    procs: list[subprocess.Popen] = []

    def started(port: int) -> None:
        dump = _tcpdump(port, "-")
        assert dump.stdout is not None
        # room for the whole session while decode starts up (tcpdump blocked on a full
        # pipe would have the kernel drop packets)
        fcntl.fcntl(dump.stdout, fcntl.F_SETPIPE_SZ, 1 << 20)
        procs.extend([dump, _decode("-", stdin=dump.stdout)])

    _replay({}, started)
    dump, decode = procs
    lines: list[bytes] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(decode.stdout.readline, b"")),
                              daemon=True)
    reader.start()
    deadline = time.monotonic() + 60
    total = sum(len(events) for events in expected.values())
    while len(lines) < total and time.monotonic() < deadline:
        time.sleep(0.1)
    assert dump.poll() is None              # tcpdump still runs
    got = _events(list(lines))
    if _stop(dump):
        decode.wait(60)
        reader.join(10)
        err = decode.stderr.read()
        _lossy_capture_is_reported(_events(list(lines)), expected,
                                   int(re.search(rb"(\d+) errors", err)[1]))
        return False
    assert got == expected, _first_difference(got, expected)
    decode.wait(60)
    reader.join(10)
    assert decode.returncode == 0 and len(lines) == total, decode.stderr.read()
    return True
