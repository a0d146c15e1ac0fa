"""``wirestruct proxy`` with real sockets on 127.0.0.1: the command runs as a process
between a real server and client (the MME loopback session's turns; a ``websockets``
server and client replaying the diep.io and Scrap Mechanic samples as binary messages).
What it prints, what it records and what the far side receives are checked."""
from __future__ import annotations

import asyncio
import json
import random
import re
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import websockets
from wirestruct import get_protocol, open_capture
from wirestruct.core.records import Direction
from wirestruct.protocols.mme import generate as gen

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
TIMEOUT = 60


# -- the proxy process ---------------------------------------------------------------------
class ProxyProcess:
    def __init__(self, upstream: tuple[str, int], protocol: str, *extra: str) -> None:
        command = [sys.executable, "-m", "wirestruct.tools.cli", "proxy", "--listen",
                   "127.0.0.1:0", "--upstream", f"{upstream[0]}:{upstream[1]}", "-p", protocol,
                   "--format", "jsonl", *extra]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     cwd=ROOT)
        assert self.proc.stderr is not None
        line = self.proc.stderr.readline().decode()
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if found is None:
            self.proc.kill()
            raise AssertionError(f"the proxy did not start: {line}{self.proc.stderr.read()}")
        self.port = int(found[1])
        self.out: list[bytes] = []       # read as it comes, as a live reader would
        self.reader = threading.Thread(target=lambda: self.out.extend(self.proc.stdout),
                                       daemon=True)
        self.reader.start()

    def stop(self, sig: int = signal.SIGINT) -> tuple[int, list[dict], str]:
        self.proc.send_signal(sig)
        self.proc.wait(TIMEOUT)
        self.reader.join(TIMEOUT)
        assert self.proc.stderr is not None
        err = self.proc.stderr.read().decode()
        return self.proc.returncode, [json.loads(x) for x in self.out], err


def decoded(path: Path, protocol: str, *extra: str) -> list[dict]:
    proc = subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", "decode", str(path),
                           "-p", protocol, "--format", "jsonl", "--jobs", "1", *extra],
                          capture_output=True, timeout=TIMEOUT, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr.decode()
    return [json.loads(x) for x in proc.stdout.splitlines()]


def packets(events: list[dict], direction: str | None = None) -> list[tuple]:
    """What a packet is, whatever connection or order of the other direction it had."""
    return [(e["dir"], e["name"], json.dumps(e["fields"], sort_keys=True)) for e in events
            if "fields" in e and (direction is None or e["dir"] == direction)]


# -- MME over TCP -------------------------------------------------------------------------
def play_turns(turns, server: socket.socket, address: tuple[str, int]) -> list[dict]:
    """The session's turns between a server (on ``server``) and a client connecting to
    ``address``; each side reads the other's turn in full before its next one. Returns
    the JSON Lines records of every write."""
    records: list[dict] = []
    lock = threading.Lock()
    failures: list[BaseException] = []

    def side(sock: socket.socket, role: str, rng: random.Random) -> None:
        sock.settimeout(TIMEOUT)
        for direction, chunks in turns:
            data = b"".join(chunks)
            if direction == role:
                for chunk in gen.write_sizes(data, rng):
                    with lock:
                        records.append({"t": 0.0, "dir": role, "data": chunk.hex()})
                    sock.sendall(chunk)
            else:
                need = len(data)
                while need:
                    got = sock.recv(min(need, 65536))
                    assert got, "peer closed early"
                    need -= len(got)

    def serve() -> None:
        try:
            conn, _ = server.accept()
            with conn:
                side(conn, "s2c", random.Random(3))
                while conn.recv(4096):
                    pass
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    with socket.create_connection(address, timeout=TIMEOUT) as client:
        side(client, "c2s", random.Random(2))
        client.shutdown(socket.SHUT_WR)
        while client.recv(4096):      # the server's close, passed on by the proxy
            pass
    thread.join(TIMEOUT)
    assert not failures, failures
    return records


def test_mme_session_through_the_proxy_records_what_it_printed(tmp_path):
    turns = gen.session_turns(11, (32, 32, 32), 4)
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    record = tmp_path / "through.pcapng"
    proxy = ProxyProcess(server.getsockname()[:2], "mme", "--record", str(record))
    try:
        written = play_turns(turns, server, ("127.0.0.1", proxy.port))
    finally:
        status, printed, err = proxy.stop()
        server.close()
    assert status == 130, err
    assert "Traceback" not in err
    assert re.search(r"proxy interrupted: 1 connections, \d+ packets, \d+ errors, \d+ records", err)
    session = tmp_path / "session.jsonl"
    session.write_text("".join(json.dumps(r) + "\n" for r in written))
    expected = decoded(session, "mme")
    assert len(expected) > 50
    for direction in ("c2s", "s2c"):
        assert packets(printed, direction) == packets(expected, direction)
    back = decoded(record, "mme")
    assert packets(back) == packets(printed)
    senders = {e.get("src") for e in back if e.get("dir") == "s2c"}
    assert senders == {f"127.0.0.1:{port}"}            # the real upstream's endpoint


HOOK = '''
from wirestruct.proxy.hooks import Connect, Disconnect, Edit, Inject, Packet

seen = []

def hook(event):
    seen.append(type(event).__name__)
    if isinstance(event, Packet) and event.name == "chat_message" and event.direction == "c2s":
        fields = event.fields
        fields["payload"]["message"] = fields["payload"]["message"] + " (relayed)"
        injected = {"packet_type": "chat_message",
                    "payload": {"player_id": 9, "message": "seen by the proxy"}}
        return [Edit(fields), Inject("s2c", "chat_message", injected)]
    if isinstance(event, Disconnect):
        assert seen[0] == "Connect"
    return None
'''


def read_all(sock: socket.socket) -> bytes:
    got = b""
    while True:
        data = sock.recv(65536)
        if not data:
            return got
        got += data


def test_a_hook_edits_mme_chat_and_injects_an_answer(tmp_path):
    (tmp_path / "chathook.py").write_text(HOOK)
    server = socket.create_server(("127.0.0.1", 0))
    record = tmp_path / "edited.jsonl"
    proxy = ProxyProcess(server.getsockname()[:2], "mme", "--hook",
                         str(tmp_path / "chathook.py") + ":hook", "--record", str(record))
    received: list[bytes] = []

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            conn.settimeout(TIMEOUT)
            received.append(read_all(conn))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", proxy.port), timeout=TIMEOUT) as client:
            client.sendall(gen.move(1.0, 2.0, 3.0, 0.5, 0.0, 1))
            client.sendall(gen.chat(1, "hello")[:3])          # split mid-packet
            client.sendall(gen.chat(1, "hello")[3:] + gen.move(4.0, 5.0, 6.0, 0.0, 0.0, 1))
            client.shutdown(socket.SHUT_WR)
            back = read_all(client)
        thread.join(TIMEOUT)
    finally:
        status, printed, err = proxy.stop(signal.SIGTERM)
        server.close()
    assert status == 143, err
    assert "Traceback" not in err and "0 errors" in err
    far = received[0]
    assert far == (gen.move(1.0, 2.0, 3.0, 0.5, 0.0, 1) + gen.chat(1, "hello (relayed)")
                   + gen.move(4.0, 5.0, 6.0, 0.0, 0.0, 1))
    chats = [e for e in printed if e.get("name") == "chat_message"]
    assert [(c["dir"], c["fields"]["payload"]["message"]) for c in chats] == [
        ("c2s", "hello (relayed)"), ("s2c", "seen by the proxy")]
    assert chats[0]["fields"]["len_payload"] == len(gen.chat(1, "hello (relayed)")) - 4
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert back == b"".join(bytes.fromhex(x["data"]) for x in lines if x["dir"] == "s2c")
    assert far == b"".join(bytes.fromhex(x["data"]) for x in lines if x["dir"] == "c2s")
    assert packets(decoded(record, "mme")) == packets(printed)


# -- WebSocket: diep.io and Scrap Mechanic --------------------------------------------------
def sample_messages(name: str, protocol: str) -> dict[Direction, list[bytes]]:
    found: dict[Direction, list[bytes]] = {Direction.C2S: [], Direction.S2C: []}
    with open_capture(SAMPLES / name) as capture:
        for record in capture.records(get_protocol(protocol)):
            found[record.direction].append(bytes(record.data))
    return found


async def replay_ws(messages: dict[Direction, list[bytes]], start_proxy) -> dict:
    """A websockets server sending the server's messages and a websockets client sending
    the client's, through the proxy; returns what each side received."""
    got: dict[str, Any] = {"server": [], "client": []}

    async def handler(ws) -> None:
        async def receive() -> None:
            async for message in ws:
                got["server"].append(message)
        reader = asyncio.ensure_future(receive())
        for message in messages[Direction.S2C]:
            await ws.send(message)
        await reader

    async with websockets.serve(handler, "127.0.0.1", 0, max_size=None,
                                compression=None) as server:
        port = got["upstream"] = server.sockets[0].getsockname()[1]
        proxy = await asyncio.to_thread(start_proxy, port)
        async with websockets.connect(f"ws://127.0.0.1:{proxy.port}/game", max_size=None,
                                      compression=None) as client:
            for message in messages[Direction.C2S]:
                await client.send(message)
            await client.ping()
            while len(got["client"]) < len(messages[Direction.S2C]):
                got["client"].append(await asyncio.wait_for(client.recv(), TIMEOUT))
        for _ in range(200):
            if len(got["server"]) == len(messages[Direction.C2S]):
                break
            await asyncio.sleep(0.05)
    got["proxy"] = proxy
    return got


@pytest.mark.parametrize("protocol, sample", [("diep", "diep.jsonl"),
                                              ("scrap-mechanic", "scrap_mechanic.jsonl")])
def test_websocket_session_through_the_proxy(tmp_path, protocol, sample):
    messages = sample_messages(sample, protocol)
    record = tmp_path / "ws.pcapng"
    got = asyncio.run(replay_ws(messages, lambda port: ProxyProcess(
        ("127.0.0.1", port), protocol, "--ws", "--record", str(record))))
    status, printed, err = got["proxy"].stop()
    assert status == 130 and "Traceback" not in err, err
    assert got["client"] == messages[Direction.S2C]       # unchanged, in order
    assert got["server"] == messages[Direction.C2S]
    expected = decoded(SAMPLES / sample, protocol)
    for direction in ("c2s", "s2c"):
        assert packets(printed, direction) == packets(expected, direction)
    # a datagram carrier (Scrap Mechanic) does not say which side is the server
    back = decoded(record, protocol, "--server", f"127.0.0.1:{got['upstream']}")
    assert packets(back) == packets(printed)


def test_bad_usage_is_one_line(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", "proxy", "--listen",
                           "0", "--upstream", "127.0.0.1:9", "-p", "diep"],
                          capture_output=True, timeout=TIMEOUT, cwd=ROOT)
    assert proc.returncode == 2
    assert b"--ws" in proc.stderr and b"Traceback" not in proc.stderr


def test_limits_unreachable_upstream_and_a_slow_client(tmp_path):
    """max_clients refuses the one too many (reported); a client that does not read
    stalls only itself; an upstream that is gone is reported; all without a traceback."""
    server = socket.create_server(("127.0.0.1", 0))
    server.listen(8)
    proxy = ProxyProcess(server.getsockname()[:2], "mme", "--limit", "max_clients=2")
    big = gen.chat(1, "x" * 200) * 2000               # 400 kB the slow client never reads
    accepted: list[socket.socket] = []

    def serve() -> None:
        for _ in range(2):
            conn, _ = server.accept()
            accepted.append(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        slow = socket.create_connection(("127.0.0.1", proxy.port), timeout=TIMEOUT)
        quick = socket.create_connection(("127.0.0.1", proxy.port), timeout=TIMEOUT)
        thread.join(TIMEOUT)
        accepted[0].settimeout(TIMEOUT)
        accepted[0].setblocking(False)
        try:
            accepted[0].sendall(big)                  # to whichever client it is
        except BlockingIOError:
            pass                                      # the kernel buffers are full: slow
        for conn in accepted:
            conn.setblocking(True)
            conn.settimeout(TIMEOUT)
        third = socket.create_connection(("127.0.0.1", proxy.port), timeout=TIMEOUT)
        assert third.recv(10) == b""                  # refused: closed at once
        # the other connection still relays both ways
        accepted[1].sendall(gen.chat(0, "still here"))
        message = gen.chat(0, "still here")
        other = quick if slow.getsockname() != accepted[0].getpeername() else slow
        got = b""
        while len(got) < len(message):
            got += other.recv(65536)
        assert got.endswith(message) or message in got
        for sock in (slow, quick, third, *accepted):
            sock.close()
    finally:
        status, printed, err = proxy.stop()
        server.close()
    assert status == 130 and "Traceback" not in err, err
    assert "1 refused" in err and "max_clients" in err
    refused = [e for e in printed if e.get("error") == "LimitExceededError"]
    assert refused and refused[0]["dropped"] == 1


def test_upstream_gone_and_huge_websocket_message(tmp_path):
    free = socket.create_server(("127.0.0.1", 0))
    gone = free.getsockname()[:2]
    free.close()                                       # nothing listens there now
    proxy = ProxyProcess(gone, "diep", "--ws", "--limit", "max_ws_message=64k")
    try:
        with socket.create_connection(("127.0.0.1", proxy.port), timeout=TIMEOUT) as client:
            client.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                           b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                           b"Sec-WebSocket-Version: 13\r\n\r\n")
            try:                                      # closed: the upstream is not there
                assert client.recv(100) == b""
            except ConnectionResetError:               # (with the request unread)
                pass
    finally:
        status, printed, err = proxy.stop(signal.SIGTERM)
    assert status == 143 and "Traceback" not in err, err
    assert any("unreachable" in e.get("message", "") for e in printed)

    async def huge() -> tuple[int | None, list]:
        async def handler(ws) -> None:
            async for _ in ws:
                pass

        async with websockets.serve(handler, "127.0.0.1", 0, max_size=None) as server:
            port = server.sockets[0].getsockname()[1]
            proxy = await asyncio.to_thread(ProxyProcess, ("127.0.0.1", port), "diep", "--ws",
                                            "--limit", "max_ws_message=64k")
            async with websockets.connect(f"ws://127.0.0.1:{proxy.port}/", max_size=None) as ws:
                await ws.send(b"\x01" * 200_000)
                try:
                    await asyncio.wait_for(ws.recv(), TIMEOUT)
                except websockets.ConnectionClosed:
                    pass
                code = ws.close_code
        return code, [proxy]

    code, (proxy,) = asyncio.run(huge())
    status, printed, err = proxy.stop()
    assert code == 1009
    assert status == 130 and "Traceback" not in err, err
    assert any("max_ws_message" in e.get("expected", "") for e in printed)
