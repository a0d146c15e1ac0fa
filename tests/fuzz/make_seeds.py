"""Write the fuzz seed corpora, ``tests/fuzz/seeds/<target>/``, from the bundled samples
(``samples/*.jsonl``) and the real test captures (``tests/data/``).

    python tests/fuzz/make_seeds.py            # rewrite every seed folder
    python tests/fuzz/make_seeds.py mme pcap   # only these targets

Deterministic: the same samples give the same files (named by content hash), so the
committed seeds change only when the samples do.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import random
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import harness
from harness import encode_gap, encode_record
from wirestruct.captures.container import write_container
from wirestruct.captures.jsonl import read_jsonl
from wirestruct.captures.pcap_writer import write_pcap, write_pcapng
from wirestruct.records import CaptureRecord

SEEDS = HERE / "seeds"
#: Largest seed written (bytes; small inputs run fast); longer sessions are cut into
#: windows. One MME seed is the whole session (map loads need the packets before them).
MAX_SEED = 4 * 1024


def sample(name: str, path: Path | None = None) -> list[CaptureRecord]:
    path = path or ROOT / "samples" / f"{name}.jsonl"
    with open(path, "rb") as f:
        return [r for r in read_jsonl(f) if isinstance(r, CaptureRecord)]


def encode(records: Iterable[CaptureRecord]) -> bytes:
    out = bytearray()
    for record in records:
        data = record.data
        for start in range(0, max(len(data), 1), 0xFFFF):
            out += encode_record(data[start:start + 0xFFFF], record.direction, record.stream)
    return bytes(out)


def windows(records: list[CaptureRecord], size: int, step: int) -> Iterable[bytes]:
    for start in range(0, len(records), step):
        blob = encode(records[start:start + size])
        while len(blob) > MAX_SEED and size > 1:
            size //= 2
            blob = encode(records[start:start + size])
        yield blob


def message_seeds(name: str) -> list[bytes]:
    """Single packets (the first three of each packet id and direction) and windows of
    consecutive packets, from the session start on (deltas, compound, entity tables
    need what came before)."""
    records = sample(name)
    seeds = [encode(records[:n]) for n in (1, 4, 16, 48) if len(encode(records[:n])) <= MAX_SEED]
    seen: dict[tuple, int] = {}
    for record in records:
        key = (record.direction, record.data[:1])
        if seen.get(key, 0) < 3:
            seen[key] = seen.get(key, 0) + 1
            seeds.append(encode([record]))
    seeds.extend(windows(records, 8, 24))
    return seeds


def rechunk(records: list[CaptureRecord], rng: random.Random, low: int, high: int) -> list[CaptureRecord]:
    """The same byte streams, cut at other places (each direction keeps its order)."""
    out = []
    for record in records:
        data = record.data
        while data:
            n = rng.randint(low, high)
            out.append(CaptureRecord(len(out), record.t, record.direction, data[:n], record.stream))
            data = data[n:]
    return out


def stream_seeds() -> list[bytes]:
    """MME: the session from its start (whole once, then its first packets), windows of
    it (starting mid-stream: framing resync), re-chunked (1..8 and 1..300 bytes), on two
    connections, and with a gap."""
    records = sample("mme")
    rng = random.Random(1)
    seeds = [encode(records)]
    seeds += [encode(records[:n]) for n in (12, 40)]
    seeds.extend(windows(records[40:], 24, 24))
    seeds.append(encode(rechunk(records[:40], rng, 1, 8))[:MAX_SEED])
    seeds.append(encode(rechunk(records[:60], rng, 1, 300))[:MAX_SEED])
    second = [CaptureRecord(r.index, r.t, r.direction, r.data, 1) for r in records[:20]]
    seeds.append(encode(list(itertools.chain.from_iterable(zip(records[:20], second)))))
    seeds.append(encode(records[:20]) + encode_gap(7, records[20].direction) + encode(records[20:40]))
    return seeds


def jsonl_seeds() -> list[bytes]:
    seeds = []
    for path in sorted((ROOT / "samples").glob("*.jsonl")) + [ROOT / "tests/data/mme/session.jsonl"]:
        lines = path.read_bytes().splitlines(keepends=True)
        seeds.append(b"".join(lines[:12]))
        seeds.append(b"".join(line for line in lines[:200] if len(line) < 200)[:MAX_SEED])
    seeds.append(b'{"t": 1.5, "dir": "c2s", "data": "00", "stream": 3}\n\n'
                 b'{"t": 2, "dir": "s2c", "data": ""}\r\n{"t": 3, "dir": "s2c", "data": "ff"}')
    return seeds


def capture_file_seeds(*patterns: str) -> list[bytes]:
    paths = []
    for pattern in patterns:
        paths += sorted((ROOT / "tests" / "data").glob(pattern))
    return [p.read_bytes() for p in paths]


def written_captures(writer) -> list[bytes]:
    """Small captures of the MME session's first packets (TCP handshake included, so the
    server is known): IPv4, IPv6, and two connections."""
    records = sample("mme")
    second = [CaptureRecord(r.index, r.t, r.direction, r.data, 1) for r in records[:8]]
    variants = [
        (records[:12], {}),
        (records[:40], {}),
        (records[:10], {"server": ("::1", 4000), "client": ("::1", 50000)}),
        (list(itertools.chain.from_iterable(zip(records[:8], second))), {}),
    ]
    seeds = []
    for chosen, addresses in variants:
        out = io.BytesIO()
        writer(out, chosen, **addresses)
        seeds.append(out.getvalue())
    return seeds


def wscap_seeds() -> list[bytes]:
    seeds = []
    for name, protocol in (("scrap_mechanic", "scrap-mechanic"), ("mme", "mme"), ("diep", "diep")):
        records = sample(name)
        for count in (3, 24):
            out = io.BytesIO()
            kept = []
            for record in records[:count]:
                if out.tell() + len(record.data) > MAX_SEED:
                    break
                kept.append(record)
            write_container(out, protocol, kept)
            seeds.append(out.getvalue())
    return seeds


BUILDERS = {
    "scrap_mechanic": lambda: message_seeds("scrap_mechanic"),
    "diep": lambda: message_seeds("diep"),
    "mme": stream_seeds,
    "jsonl": jsonl_seeds,
    # the MME session captures (45-52 KB) would slow every execution; small captures of
    # its first packets stand in for them
    "pcap": lambda: capture_file_seeds("captures/*.pcap") + written_captures(write_pcap),
    "pcapng": lambda: capture_file_seeds("captures/*.pcapng") + written_captures(write_pcapng),
    "wscap": wscap_seeds,
}
assert set(BUILDERS) == set(harness.TARGETS)


def write(target: str) -> int:
    folder = SEEDS / target
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    seeds = {hashlib.sha1(s).hexdigest()[:16]: s for s in BUILDERS[target]() if s}
    for digest, seed in sorted(seeds.items()):
        (folder / digest).write_bytes(seed)
    return len(seeds)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help="targets to write (default: all): " + ", ".join(sorted(BUILDERS)))
    args = parser.parse_args(argv)
    unknown = set(args.targets) - set(BUILDERS)
    if unknown:
        parser.error(f"unknown target(s) {', '.join(sorted(unknown))}")
    for target in args.targets or sorted(BUILDERS):
        count = write(target)
        size = sum(p.stat().st_size for p in (SEEDS / target).iterdir())
        print(f"{target}: {count} seeds, {size} bytes in {SEEDS / target}")


if __name__ == "__main__":
    main()
