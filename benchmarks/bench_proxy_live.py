"""The latency ``wirestruct proxy`` adds to a forwarded packet, live on 127.0.0.1.

    python benchmarks/bench_proxy_live.py [--protocol NAME] [--runs 1] [--hook]

For each protocol, the bundled sample session is replayed between a real server and a
real client at its own times (each side sends its records when the capture says it sent
them, counted from the connection's start): MME as TCP stream chunks (asyncio streams),
diep.io and Scrap Mechanic as WebSocket binary messages (the ``websockets`` package).
The run is made twice: straight from client to server, and through ``wirestruct proxy``
(a child process printing every event as JSON Lines to /dev/null, decoding live; with
``--hook``, a hook that passes every packet, so each packet is framed and decoded before
it is forwarded). A packet's latency is from the moment its sender wrote it to the moment
its last byte reached the other side (one clock: both sides are in this process); the
added latency is the proxy run's minus the direct run's, per packet. Printed: packets,
the session's seconds, the direct and proxied p50 and p99, and the added p50 and p99, in
milliseconds.

Checked before figures are printed (the script exits 1 naming the run that differs): each
side received exactly the session's bytes (or messages, in order), in both runs (``direct``
and ``proxy``, the names the fault hook of ``agreement.py`` takes).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import fed, require  # noqa: E402, I001

from wirestruct import get_protocol, open_capture  # noqa: E402
from wirestruct.core.records import CaptureRecord, Direction  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"mme": "mme.jsonl", "diep": "diep.jsonl", "scrap-mechanic": "scrap_mechanic.jsonl"}
NAME = "bench_proxy_live"
PASS_HOOK = "def hook(event):\n    return None\n"


def session(protocol: str) -> list[CaptureRecord]:
    with open_capture(ROOT / "samples" / SAMPLES[protocol]) as capture:
        return list(capture.records(get_protocol(protocol)))


class Clock:
    """When each packet was written, and when its last byte arrived (per direction)."""

    def __init__(self, records: list[CaptureRecord]) -> None:
        self.records = records
        self.sent: dict[int, int] = {}
        self.arrived: dict[int, int] = {}
        self.received = {Direction.C2S: bytearray(), Direction.S2C: bytearray()}
        self.ends: dict[Direction, list[tuple[int, int]]] = {Direction.C2S: [], Direction.S2C: []}
        total = {Direction.C2S: 0, Direction.S2C: 0}
        for i, record in enumerate(records):
            total[record.direction] += len(record.data)
            self.ends[record.direction].append((total[record.direction], i))
        self.next = {Direction.C2S: 0, Direction.S2C: 0}

    def got(self, direction: Direction, data: bytes) -> None:
        now = time.perf_counter_ns()
        self.received[direction] += data
        ends, size = self.ends[direction], len(self.received[direction])
        while self.next[direction] < len(ends) and ends[self.next[direction]][0] <= size:
            self.arrived[ends[self.next[direction]][1]] = now
            self.next[direction] += 1

    def done(self, direction: Direction) -> bool:
        """Every packet sent travelling ``direction`` has arrived."""
        return self.next[direction] == len(self.ends[direction])

    def latencies(self) -> list[float]:
        return [(self.arrived[i] - self.sent[i]) / 1e6 for i in sorted(self.sent)]


async def play(side: Direction, records: list[CaptureRecord], clock: Clock, send, t0: float
               ) -> None:
    """Write this side's records at their times (``send`` writes one)."""
    start = records[0].t
    for i, record in enumerate(records):
        if record.direction is not side:
            continue
        delay = t0 + (record.t - start) - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        clock.sent[i] = time.perf_counter_ns()
        await send(record.data)


async def run_tcp(records: list[CaptureRecord], port_of) -> Clock:
    clock = Clock(records)
    served = asyncio.Event()
    t0_holder: list[float] = []

    async def on_client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        async def send(data: bytes) -> None:
            writer.write(data)
            await writer.drain()
        sender = asyncio.ensure_future(play(Direction.S2C, records, clock, send, t0_holder[0]))
        while not clock.done(Direction.C2S):
            data = await reader.read(65536)
            if not data:
                break                   # the client is done: what came is what it sent
            clock.got(Direction.C2S, data)
        await sender
        served.set()

    server = await asyncio.start_server(on_client, "127.0.0.1", 0)
    port = await port_of(server.sockets[0].getsockname()[1])
    t0_holder.append(time.perf_counter() + 0.2)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)

    async def send(data: bytes) -> None:
        writer.write(data)
        await writer.drain()
    sender = asyncio.ensure_future(play(Direction.C2S, records, clock, send, t0_holder[0]))
    while not clock.done(Direction.S2C):
        data = await asyncio.wait_for(reader.read(65536), 60)
        if not data:
            break
        clock.got(Direction.S2C, data)
    await sender
    writer.write_eof()              # all sent: the server stops reading at its end
    await asyncio.wait_for(served.wait(), 60)
    writer.close()
    server.close()
    await server.wait_closed()
    return clock


async def run_ws(records: list[CaptureRecord], port_of) -> Clock:
    clock = Clock(records)
    t0_holder: list[float] = []

    async def handler(ws) -> None:
        async def send(data: bytes) -> None:
            await ws.send(data)
        sender = asyncio.ensure_future(play(Direction.S2C, records, clock, send, t0_holder[0]))
        async for message in ws:
            clock.got(Direction.C2S, message)
        await sender

    async with websockets.serve(handler, "127.0.0.1", 0, max_size=None,
                                compression=None) as server:
        port = await port_of(server.sockets[0].getsockname()[1])
        t0_holder.append(time.perf_counter() + 0.2)
        async with websockets.connect(f"ws://127.0.0.1:{port}/", max_size=None,
                                      compression=None) as ws:
            async def send(data: bytes) -> None:
                await ws.send(data)
            sender = asyncio.ensure_future(play(Direction.C2S, records, clock, send,
                                                t0_holder[0]))
            while not clock.done(Direction.S2C):
                clock.got(Direction.S2C, await asyncio.wait_for(ws.recv(), 60))
            await sender
            for _ in range(600):
                if clock.done(Direction.C2S):
                    break
                await asyncio.sleep(0.01)
    return clock


def start_proxy(upstream: int, protocol: str, websocket: bool, hook: str | None
                ) -> tuple[subprocess.Popen, int]:
    command = [sys.executable, "-m", "wirestruct.tools.cli", "proxy", "--listen", "127.0.0.1:0",
               "--upstream", f"127.0.0.1:{upstream}", "-p", protocol, "--format", "jsonl"]
    if websocket:
        command.append("--ws")
    if hook:
        command += ["--hook", hook + ":hook"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=ROOT)
    assert proc.stderr is not None
    line = proc.stderr.readline().decode()
    found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    if found is None:
        proc.kill()
        sys.exit(f"the proxy did not start: {line}")
    return proc, int(found[1])


def measure(protocol: str, hook: str | None) -> tuple[list[float], list[float], int, float]:
    records = session(protocol)
    websocket = get_protocol(protocol).transport == "message"
    runner = run_ws if websocket else run_tcp
    procs: list[subprocess.Popen] = []

    async def direct(port: int) -> int:
        return port

    async def proxied(port: int) -> int:
        proc, listen = await asyncio.to_thread(start_proxy, port, protocol, websocket, hook)
        procs.append(proc)
        return listen

    plain = asyncio.run(runner(list(fed("direct", records)), direct))
    through = asyncio.run(runner(list(fed("proxy", records)), proxied))
    for proc in procs:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        require(NAME, b"Traceback" not in err, f"{protocol}: the proxy failed: {err.decode()}")
    for clock, how in ((plain, "direct"), (through, "proxy")):
        for d in Direction:
            want = b"".join(r.data for r in records if r.direction is d)
            got = bytes(clock.received[d])
            require(NAME, got == want, f"{protocol} {how}: the {d.label} side received "
                    f"{len(got)} bytes, not the session's {len(want)}")
    return plain.latencies(), through.latencies(), len(records), records[-1].t - records[0].t


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--protocol", choices=sorted(SAMPLES), action="append")
    parser.add_argument("--hook", action="store_true",
                        help="a hook that passes every packet (framed, decoded, then forwarded)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        hook = None
        if args.hook:
            hook = os.path.join(folder, "passing.py")
            Path(hook).write_text(PASS_HOOK)
        print(f"{'protocol':<16}{'packets':>8}{'seconds':>9}{'direct p50':>12}{'p99':>8}"
              f"{'proxy p50':>11}{'p99':>8}{'added p50':>11}{'p99':>8}   (ms)"
              + ("   hook: every packet decoded before it is forwarded" if hook else ""))
        for protocol in args.protocol or sorted(SAMPLES):
            plain, through, count, seconds = measure(protocol, hook)
            added = [b - a for a, b in zip(plain, through)]
            print(f"{protocol:<16}{count:>8}{seconds:>9.2f}{pct(plain, 50):>12.2f}"
                  f"{pct(plain, 99):>8.2f}{pct(through, 50):>11.2f}{pct(through, 99):>8.2f}"
                  f"{statistics.median(added):>11.2f}{pct(added, 99):>8.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
