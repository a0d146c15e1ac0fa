"""The capture front end side by side: wirestruct, dpkt, a hand-written reader, tshark.

    python benchmarks/bench_frontend.py [--size-mb 40] [--rounds 3] [--connections N]
                                        [--pcap FILE]

Builds (or takes) an Ethernet/IPv4/TCP pcap of about ``--size-mb`` MB of payload (the
capture of ``bench_captures.py``: ``--connections`` connections, four unless told, both
directions, seeded sizes; with one, tshark follows all of it) and
reads it, TCP streams reassembled, with:

* ``wirestruct``: ``read_packet_capture`` (struct fast path for the common layouts);
* ``generated``: the same with the fast path turned off, every frame through the
  generated classes of ``ksy/capture/`` (the reader before the fast path);
* ``dpkt``: ``dpkt.pcap.Reader`` + ``dpkt.ethernet.Ethernet``, in-order reassembly;
* ``struct``: a 40-line hand-written ``struct`` reader with in-order reassembly;
* ``tshark``: ``tshark -q -z follow,tcp,raw,0`` (when installed).

Each reader runs in a fresh process; the rounds are interleaved (A, B, C, A, B, C ...)
because the machine may be shared, and the best CPU time (user + system) of each is
printed with its ratio to wirestruct and the load average before and after.
Needs the ``bench`` extra (``pip install -e .[bench]``) for dpkt.

What each reader read is checked before any figure is printed: a first, untimed run of
each keeps every connection direction's reassembled bytes (byte total and SHA-256), and
the Python readers must agree on all of them; tshark follows one connection, whose two
directions must be two of those flows, byte for byte. Every timed run then reports its
byte total, which must be the same again. A reader that reads less would look faster, so
the script exits 1 instead, naming each reader's bytes and hash.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Flows, Seen, agree, leaky, print_json, require  # noqa: E402

NAME = "bench_frontend"
SERVER_PORT = 4000
READERS = ("wirestruct", "generated", "dpkt", "struct", "tshark")


Sink = Callable[[Any, bytes], None]


def read_wirestruct(path: str, add: Sink, fast: bool = True) -> None:
    from wirestruct.captures.packets import read_packet_capture

    with open(path, "rb") as stream:
        for item in read_packet_capture(stream, server_ports=(SERVER_PORT,), fast=fast):
            data = getattr(item, "data", None)
            if data is None:
                raise SystemExit(f"unexpected error: {item}")
            add((item.stream, item.direction), data)


def read_dpkt(path: str, add: Sink) -> None:
    import dpkt

    expected: dict = {}
    with open(path, "rb") as stream:
        for _, buf in dpkt.pcap.Reader(stream):
            ip = dpkt.ethernet.Ethernet(buf).data
            tcp = ip.data
            key = (ip.src, tcp.sport, ip.dst, tcp.dport)
            if tcp.flags & dpkt.tcp.TH_SYN:
                expected[key] = (tcp.seq + 1) & 0xFFFFFFFF
            elif tcp.data and expected.get(key) == tcp.seq:
                expected[key] = (tcp.seq + len(tcp.data)) & 0xFFFFFFFF
                add(key, tcp.data)


def read_struct(path: str, add: Sink) -> None:
    import struct

    record = struct.Struct("<IIII").unpack
    ipv4 = struct.Struct("!BBHHHBBH4s4s").unpack_from
    tcp = struct.Struct("!HHIIBB").unpack_from
    expected: dict = {}
    with open(path, "rb") as stream:
        stream.read(24)
        while True:
            head = stream.read(16)
            if len(head) < 16:
                break
            frame = stream.read(record(head)[2])
            if frame[12:14] != b"\x08\x00":
                continue
            vihl, _, total, _, _, _, proto, _, src, dst = ipv4(frame, 14)
            if proto != 6:
                continue
            start = 14 + (vihl & 15) * 4
            sport, dport, seq, _, offset, flags = tcp(frame, start)
            data = frame[start + (offset >> 4) * 4:14 + total]
            key = (src, sport, dst, dport)
            if flags & 2:
                expected[key] = (seq + 1) & 0xFFFFFFFF
            elif data and expected.get(key) == seq:
                expected[key] = (seq + len(data)) & 0xFFFFFFFF
                add(key, data)


READ = {"wirestruct": read_wirestruct, "dpkt": read_dpkt, "struct": read_struct,
        "generated": lambda path, add: read_wirestruct(path, add, fast=False)}


def child(name: str, path: str, verify: bool) -> None:
    """Run in the child: one reader, and what it read (the flows' digests with
    ``verify``, else the byte total only, so that the timed run does no hashing)."""
    if verify:
        flows = Flows()
        READ[name](path, leaky(name, flows.add))
        print_json({**flows.to_json(), "each": sorted(
            d.sha256 for d in flows.flows.values() if d.size)})
        return
    total = 0

    def count(flow: Any, data: bytes) -> None:
        nonlocal total
        total += len(data)
    READ[name](path, leaky(name, count))
    print_json({"bytes": total})


def tshark_flows(out: bytes) -> Flows:
    """The two directions of the connection ``follow,tcp,raw`` printed (hex lines; the
    second node's indented)."""
    flows = Flows()
    add = leaky("tshark", flows.add)
    for line in out.splitlines():
        text = line.strip()
        if text and all(c in b"0123456789abcdef" for c in text):
            add(line.startswith(b"\t"), bytes.fromhex(text.decode()))
    return flows


def tshark_command(path: str) -> list:
    # One follow tap (tshark dissects and reassembles every frame either way; a tap per
    # connection makes it many times slower).
    return ["tshark", "-r", path, "-q", "-z", "follow,tcp,raw,0"]


def run(name: str, path: str, verify: bool = False) -> tuple[float, Any]:
    """CPU seconds (user + system) of one reader in a fresh process, and what it read:
    with ``verify`` its flows (tshark: :func:`tshark_flows`), else its byte total (None
    for tshark, whose output is not kept when timed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    if name == "tshark":
        done = subprocess.run(tshark_command(path), check=True,
                              stdout=subprocess.PIPE if verify else subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
        got: Any = tshark_flows(done.stdout) if verify else None
    else:
        done = subprocess.run([sys.executable, __file__, "--child", name, path]
                              + (["--verify"] if verify else []), check=True,
                              stdout=subprocess.PIPE)
        got = json.loads(done.stdout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), got


def verified(names: list[str], path: str) -> int:
    """Each reader run once, untimed, keeping what it read; the byte total they agree on
    (the script stops if they do not)."""
    read = {name: run(name, path, verify=True)[1] for name in names}
    python = {name: Seen(got) for name, got in read.items() if name != "tshark"}
    agree(NAME, "the reassembled streams (every connection direction's bytes)", python)
    each = next(iter(read.values()))["each"] if python else []
    if "tshark" in read:
        followed = read["tshark"]
        require(NAME, len(followed.flows) == 2 and all(
            d.sha256 in each for d in followed.flows.values()),
            f"tshark's connection 0 ({followed}: "
            + ", ".join(str(d) for d in followed.flows.values())
            + ") is not two of the flows the other readers read")
    return next(iter(python.values())).size if python else 0


def build(path: Path, size_mb: float, connections: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_captures import records
    from wirestruct.captures.writers.pcap_writer import write_pcap

    with open(path, "wb") as out:
        write_pcap(out, records(size_mb, connections=connections),
                   server=("127.0.0.1", SERVER_PORT))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=float, default=40.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=4,
                        help="TCP connections the built capture holds (default 4)")
    parser.add_argument("--pcap", type=Path, help="read this Ethernet/IPv4/TCP pcap instead")
    parser.add_argument("--only", nargs="+", choices=READERS, default=list(READERS))
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--verify", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(*args.child, verify=args.verify)
        return 0
    names = [n for n in args.only if n != "tshark" or shutil.which("tshark")]
    with tempfile.TemporaryDirectory() as scratch:
        path = args.pcap or Path(scratch) / "frontend.pcap"
        if not args.pcap:
            print(f"building a {args.size_mb:g} MB payload pcap ...", flush=True)
            build(path, args.size_mb, args.connections)
        size = os.path.getsize(path) / 1e6
        payload = verified(names, str(path))
        load_before = os.getloadavg()
        best = {name: float("inf") for name in names}
        for _ in range(args.rounds):
            for name in names:
                seconds, got = run(name, str(path))
                if got is not None and got["bytes"] != payload:
                    require(NAME, False, f"{name} read {got['bytes']:,} bytes in a timed "
                            f"run, {payload:,} when checked")
                best[name] = min(best[name], seconds)
        load_after = os.getloadavg()
    held = "its" if args.pcap else str(args.connections)
    print(f"{size:.1f} MB pcap (connections: {held}), best of {args.rounds} interleaved "
          "rounds, CPU seconds; "
          f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after; every "
          f"reader read the same {payload:,} bytes (tshark: its one connection)")
    base = best.get("wirestruct")
    print(f"{'reader':<11} {'CPU s':>7} {'MB/s':>7} {'x wirestruct':>13}")
    for name in names:
        ratio = f"{best[name] / base:>13.2f}" if base else ""
        print(f"{name:<11} {best[name]:>7.2f} {size / best[name]:>7.1f} {ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
