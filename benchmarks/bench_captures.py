"""Capture reading speed and memory, per file format.

    python benchmarks/bench_captures.py [--size-mb 100] [--keep DIR]

Builds one synthetic TCP conversation of about ``--size-mb`` MB of payload (seeded
record sizes from 64 bytes to 16 KiB, Pareto-distributed, both directions, four
connections) and writes it as pcap (``write_pcap``: Ethernet/IPv4/TCP with handshakes
and checksums), pcapng
(``write_pcapng``), JSON Lines and the wirestruct container. Then each file is read with
``wirestruct.open_capture(...)`` in a fresh Python process, iterating every record, and
the figures are printed: records/s, MB/s of file and of payload, and the peak resident
memory of the reading process (VmHWM), its growth while reading, and the peak of a
process that only imports wirestruct. pcap and pcapng reading includes parsing every
frame's headers with the generated classes and reassembling the TCP streams.

The JSON Lines file is also read by hand, as a user would without wirestruct (and as
wirestruct did before it read lines with orjson): ``json.loads`` and ``bytes.fromhex``
per line, no checks. Its row is printed next to wirestruct's with the ratio of the two.

What every reader read is checked before its figures are printed: a first, untimed run
of each keeps each stream and direction's bytes (byte total and SHA-256), which must be
those of the records written, and each timed run's payload total must be the same again;
otherwise the script exits 1 naming the reader, its bytes and the records'.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Flows, Seen, agree, leaky, require  # noqa: E402

NAME = "bench_captures"
SERVER_PORT = 4000


def records(size_mb: float, seed: int = 7, connections: int = 4):
    """The benchmark's capture records, generated lazily, over ``connections`` TCP
    connections taken in turn."""
    from wirestruct.core.records import CaptureRecord, Direction

    rng = random.Random(seed)
    block = rng.randbytes(1 << 20)
    target = int(size_mb * 1_000_000)
    total = index = 0
    t = 1_700_000_000.0
    while total < target:
        size = min(int(rng.paretovariate(1.2) * 64), 16384, target - total)
        start = rng.randrange(len(block) - size)
        t += rng.random() * 0.002
        yield CaptureRecord(index, round(t, 6), Direction(rng.random() < 0.45),
                            block[start:start + size], stream=index % connections)
        total += size
        index += 1


def build(folder: Path, size_mb: float) -> dict:
    from wirestruct.captures.files.container import write_container
    from wirestruct.captures.files.jsonl import write_jsonl
    from wirestruct.captures.writers.pcap_writer import write_pcap, write_pcapng

    paths = {
        "pcap": folder / "bench.pcap",
        "pcapng": folder / "bench.pcapng",
        "jsonl": folder / "bench.jsonl",
        "wscap": folder / "bench.wscap",
    }
    timings = {}
    for fmt, path in paths.items():
        started = time.perf_counter()
        if fmt == "jsonl":
            with open(path, "w", encoding="ascii") as out:
                write_jsonl(out, records(size_mb))
        else:
            with open(path, "wb") as out:
                if fmt == "pcap":
                    write_pcap(out, records(size_mb), server=("127.0.0.1", SERVER_PORT))
                elif fmt == "pcapng":
                    write_pcapng(out, records(size_mb), server=("127.0.0.1", SERVER_PORT))
                else:
                    write_container(out, "mme", records(size_mb))
        timings[fmt] = time.perf_counter() - started
    return {fmt: (str(path), timings[fmt]) for fmt, path in paths.items()}


def peak_rss_kb() -> int:
    """Peak resident memory of this process, in KiB.

    VmHWM (Linux) belongs to the process image, so a child started with fork + exec does
    not inherit its parent's peak, as ``ru_maxrss`` does; elsewhere ``ru_maxrss``.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def read_one(path: str, digest: bool = False) -> dict:
    """Run in a child process: read every record, report counts, time and peak memory;
    with ``digest`` (untimed), what was read (each stream and direction's bytes)."""
    from wirestruct import open_capture
    from wirestruct.captures import Transport
    from wirestruct.core.errors import WirestructError

    flows = Flows()
    add = leaky(Path(path).suffix.lstrip("."), flows.add)
    rss_before = peak_rss_kb()
    count = payload = errors = 0
    started = time.perf_counter()
    with open_capture(path) as capture:
        for item in capture.records(Transport("stream", (SERVER_PORT,))):
            if isinstance(item, WirestructError):
                errors += 1
            elif digest:
                add((item.stream, item.direction), item.data)
            else:
                count += 1
                payload += len(item.data)
    seconds = time.perf_counter() - started
    if digest:
        return flows.to_json()
    return {"records": count, "payload": payload, "errors": errors, "seconds": seconds,
            "rss_before_kb": rss_before,
            "peak_rss_kb": peak_rss_kb()}


def read_by_hand(path: str, digest: bool = False) -> dict:
    """Run in a child process: JSON Lines read with the standard library, line by line."""
    flows = Flows()
    add = leaky("by hand", flows.add)
    rss_before = peak_rss_kb()
    count = payload = 0
    started = time.perf_counter()
    with open(path, "rb") as lines:
        for line in lines:
            if line.strip():
                if digest:
                    record = json.loads(line)
                    add((record.get("stream"), record["dir"]), bytes.fromhex(record["data"]))
                    continue
                payload += len(bytes.fromhex(json.loads(line)["data"]))
                count += 1
    seconds = time.perf_counter() - started
    if digest:
        return flows.to_json()
    return {"records": count, "payload": payload, "errors": 0, "seconds": seconds,
            "rss_before_kb": rss_before, "peak_rss_kb": peak_rss_kb()}


def child(args) -> dict:
    proc = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                          check=True)
    return json.loads(proc.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=float, default=100.0,
                        help="payload bytes of the synthetic capture, in MB (default 100)")
    parser.add_argument("--keep", type=Path, help="write the files here and keep them")
    parser.add_argument("--read", metavar="PATH", help=argparse.SUPPRESS)
    parser.add_argument("--by-hand", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--baseline", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--digest", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.baseline:
        import wirestruct  # noqa: F401
        print(peak_rss_kb())
        return 0
    if args.read:
        read = read_by_hand if args.by_hand else read_one
        print(json.dumps(read(args.read, args.digest)))
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        print(f"building a {args.size_mb:g} MB payload capture in {folder} ...", flush=True)
        files = build(folder, args.size_mb)
        written = Flows()
        for r in records(args.size_mb):
            written.add((r.stream, r.direction), r.data)
        read = {fmt: Seen(child(["--read", path, "--digest"])) for fmt, (path, _) in files.items()}
        read["by hand"] = Seen(child(["--read", files["jsonl"][0], "--by-hand", "--digest"]))
        agree(NAME, "the records read (each stream and direction's bytes)",
              {"the records written": written, **read})
        base = subprocess.run([sys.executable, __file__, "--baseline"], capture_output=True,
                              text=True, check=True)
        base_rss = int(base.stdout) / 1024
        print(f"python + `import wirestruct` alone: peak RSS {base_rss:.1f} MB; "
              f"load average {os.getloadavg()[0]:.2f}")
        print(f"{'format':<7} {'file MB':>9} {'write s':>8} {'records':>9} {'read s':>8} "
              f"{'records/s':>10} {'file MB/s':>10} {'data MB/s':>10} {'peak RSS MB':>12} "
              f"{'RSS growth MB':>14}")
        hand = None
        for fmt, (path, write_s) in files.items():
            size = os.path.getsize(path) / 1e6
            got = child(["--read", path])
            require(NAME, got["errors"] == 0 and got["payload"] == written.size,
                    f"{fmt}: {got['errors']} errors, {got['payload']:,} bytes read in the "
                    f"timed run, {written.size:,} written")
            row(fmt, size, write_s, got)
            if fmt == "jsonl":
                hand = child(["--read", path, "--by-hand"]), size, got["seconds"]
        if hand is not None:
            got, size, ours = hand
            require(NAME, got["payload"] == written.size,
                    f"by hand: {got['payload']:,} bytes read in the timed run, "
                    f"{written.size:,} written")
            row("by hand", size, 0.0, got)
            print(f"JSON Lines: wirestruct takes {ours / got['seconds']:.2f}x the time of "
                  f"json.loads + bytes.fromhex by hand (which checks nothing)")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


def row(fmt: str, size: float, write_s: float, got: dict) -> None:
    s = got["seconds"]
    print(f"{fmt:<7} {size:>9.1f} {write_s:>8.1f} {got['records']:>9} {s:>8.2f} "
          f"{got['records'] / s:>10.0f} {size / s:>10.1f} "
          f"{got['payload'] / 1e6 / s:>10.1f} "
          f"{got['peak_rss_kb'] / 1024:>12.1f} "
          f"{(got['peak_rss_kb'] - got['rss_before_kb']) / 1024:>14.1f}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
