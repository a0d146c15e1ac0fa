"""The capture front end side by side: wirestruct, dpkt, a hand-written reader, tshark.

    python benchmarks/bench_frontend.py [--size-mb 40] [--rounds 3] [--pcap FILE]

Builds (or takes) an Ethernet/IPv4/TCP pcap of about ``--size-mb`` MB of payload (the
capture of ``bench_captures.py``: four connections, both directions, seeded sizes) and
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
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SERVER_PORT = 4000
READERS = ("wirestruct", "generated", "dpkt", "struct", "tshark")


def read_wirestruct(path: str, fast: bool = True) -> int:
    from wirestruct.captures.packets import read_packet_capture

    payload = 0
    with open(path, "rb") as stream:
        for item in read_packet_capture(stream, server_ports=(SERVER_PORT,), fast=fast):
            data = getattr(item, "data", None)
            if data is None:
                raise SystemExit(f"unexpected error: {item}")
            payload += len(data)
    return payload


def read_dpkt(path: str) -> int:
    import dpkt

    expected: dict = {}
    payload = 0
    with open(path, "rb") as stream:
        for _, buf in dpkt.pcap.Reader(stream):
            ip = dpkt.ethernet.Ethernet(buf).data
            tcp = ip.data
            key = (ip.src, tcp.sport, ip.dst, tcp.dport)
            if tcp.flags & dpkt.tcp.TH_SYN:
                expected[key] = (tcp.seq + 1) & 0xFFFFFFFF
            elif tcp.data and expected.get(key) == tcp.seq:
                expected[key] = (tcp.seq + len(tcp.data)) & 0xFFFFFFFF
                payload += len(tcp.data)
    return payload


def read_struct(path: str) -> int:
    import struct

    record = struct.Struct("<IIII").unpack
    ipv4 = struct.Struct("!BBHHHBBH4s4s").unpack_from
    tcp = struct.Struct("!HHIIBB").unpack_from
    expected: dict = {}
    payload = 0
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
                payload += len(data)
    return payload


def tshark_command(path: str) -> list:
    # One follow tap (tshark dissects and reassembles every frame either way; a tap per
    # connection makes it many times slower).
    return ["tshark", "-r", path, "-q", "-z", "follow,tcp,raw,0"]


def run(name: str, path: str) -> float:
    """CPU seconds (user + system) of one reader in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    if name == "tshark":
        subprocess.run(tshark_command(path), check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    else:
        subprocess.run([sys.executable, __file__, "--child", name, path], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def build(path: Path, size_mb: float) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_captures import records
    from wirestruct.captures.writers.pcap_writer import write_pcap

    with open(path, "wb") as out:
        write_pcap(out, records(size_mb), server=("127.0.0.1", SERVER_PORT))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=float, default=40.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pcap", type=Path, help="read this Ethernet/IPv4/TCP pcap instead")
    parser.add_argument("--only", nargs="+", choices=READERS, default=list(READERS))
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        name, path = args.child
        reader = {"wirestruct": read_wirestruct, "dpkt": read_dpkt, "struct": read_struct,
                  "generated": lambda p: read_wirestruct(p, fast=False)}[name]
        reader(path)
        return 0
    names = [n for n in args.only if n != "tshark" or shutil.which("tshark")]
    with tempfile.TemporaryDirectory() as scratch:
        path = args.pcap or Path(scratch) / "frontend.pcap"
        if not args.pcap:
            print(f"building a {args.size_mb:g} MB payload pcap ...", flush=True)
            build(path, args.size_mb)
        size = os.path.getsize(path) / 1e6
        load_before = os.getloadavg()
        best = {name: float("inf") for name in names}
        for _ in range(args.rounds):
            for name in names:
                best[name] = min(best[name], run(name, str(path)))
        load_after = os.getloadavg()
    print(f"{size:.1f} MB pcap, best of {args.rounds} interleaved rounds, CPU seconds; "
          f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    base = best.get("wirestruct")
    print(f"{'reader':<11} {'CPU s':>7} {'MB/s':>7} {'x wirestruct':>13}")
    for name in names:
        ratio = f"{best[name] / base:>13.2f}" if base else ""
        print(f"{name:<11} {best[name]:>7.2f} {size / best[name]:>7.1f} {ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
