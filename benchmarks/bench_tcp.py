"""TCP reassembly (``wirestruct.captures.flows.tcp_reassembly.HalfStream``) on its own.

    python benchmarks/bench_tcp.py [--mb 64] [--segment 1460]

Feeds one direction of about ``--mb`` MB in ``--segment``-byte segments, four ways: in
order; reordered within a window of 64 segments; every segment twice (exact
retransmissions, each checked against the delivered history); every tenth segment lost
and re-sent 64 segments later. Prints segments/s and MB/s per way. Then the operation
count (Python and C calls, via ``sys.setprofile``) to reassemble N and 8N one-byte
segments arriving last first, the worst order for the out-of-order heap: a linear
reassembler does about 8x the work for 8x the segments, a quadratic one 64x.

Before each way is timed, an untimed run of it keeps what the half stream delivered:
it must be the bytes sent, in order (byte total and SHA-256), with nothing held or
rejected, and each timed run must end at the same offset; otherwise the script exits 1
naming the way and its bytes.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from wirestruct.captures.flows.tcp_reassembly import Chunk, HalfStream

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Digest, agree, leaky, require  # noqa: E402

NAME = "bench_tcp"


def orders(count: int, rng: random.Random):
    yield "in order", list(range(count))
    window = list(range(count))
    for start in range(0, count, 64):
        part = window[start:start + 64]
        rng.shuffle(part)
        window[start:start + 64] = part
    yield "reordered (64)", window
    yield "every segment twice", [i for i in range(count) for _ in (0, 1)]
    lost = []
    for i in range(count):
        if i % 10 != 5:
            lost.append(i)
        if i >= 64 and (i - 64) % 10 == 5:
            lost.append(i - 64)
    lost += [i for i in range(count - 64, count) if i % 10 == 5]
    yield "10% lost, re-sent late", lost


def delivered(label: str, order, data: bytes, size: int) -> Digest:
    """What the half stream delivers for ``order`` (untimed); the script stops if it
    delivers anything but bytes, or holds some back."""
    got = Digest()
    add = leaky(label, lambda _, piece: got.add(piece))
    half = HalfStream()
    half.add(0, b"", syn=True)
    view = memoryview(data)
    for i in order:
        for item in half.add(1 + i * size, bytes(view[i * size:(i + 1) * size])):
            require(NAME, isinstance(item, Chunk), f"{label}: delivered {item}")
            add(None, item.data)
    require(NAME, half.held_bytes == 0, f"{label}: {half.held_bytes} bytes held at the end")
    return got


def run(order, data: bytes, size: int) -> float:
    half = HalfStream()
    half.add(0, b"", syn=True)
    view = memoryview(data)
    begin = time.perf_counter()
    for i in order:
        half.add(1 + i * size, bytes(view[i * size:(i + 1) * size]))
    elapsed = time.perf_counter() - begin
    require(NAME, half.next_offset == len(data) and half.held_bytes == 0,
            f"a timed run ended at offset {half.next_offset:,} of {len(data):,}, "
            f"{half.held_bytes} bytes held")
    return elapsed


def operations(n: int) -> int:
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1
    half = HalfStream()
    half.add(0, b"", syn=True)
    sys.setprofile(count)
    try:
        for i in reversed(range(n)):
            half.add(1 + i, b"x")
    finally:
        sys.setprofile(None)
    assert half.next_offset == n
    return calls


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=64)
    parser.add_argument("--segment", type=int, default=1460)
    args = parser.parse_args(argv)
    rng = random.Random(7)
    count = int(args.mb * 1_000_000) // args.segment
    data = rng.randbytes(count * args.segment)
    ways = list(orders(count, rng))
    agree(NAME, "the bytes delivered", {"the bytes sent": Digest([data]), **{
        label: delivered(label, order, data, args.segment) for label, order in ways}})
    for label, order in ways:
        elapsed = run(order, data, args.segment)
        print(f"{label:24} {len(order) / elapsed:12,.0f} segments/s "
              f"{len(order) * args.segment / elapsed / 1e6:8.1f} MB/s")
    small, large = operations(1000), operations(8000)
    print(f"operations, 1000 vs 8000 segments last first: {small:,} vs {large:,} "
          f"(x{large / small:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
