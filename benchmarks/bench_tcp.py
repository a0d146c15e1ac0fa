"""TCP reassembly (``wirestruct.captures.flows.tcp_reassembly.HalfStream``) on its own.

    python benchmarks/bench_tcp.py [--mb 64] [--segment 1460]

Feeds one direction of about ``--mb`` MB in ``--segment``-byte segments, four ways: in
order; reordered within a window of 64 segments; every segment twice (exact
retransmissions, each checked against the delivered history); every tenth segment lost
and re-sent 64 segments later. Prints segments/s and MB/s per way. Then the operation
count (Python and C calls, via ``sys.setprofile``) to reassemble N and 8N one-byte
segments arriving last first, the worst order for the out-of-order heap: a linear
reassembler does about 8x the work for 8x the segments, a quadratic one 64x.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from wirestruct.captures.flows.tcp_reassembly import HalfStream


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


def run(order, data: bytes, size: int) -> float:
    half = HalfStream()
    half.add(0, b"", syn=True)
    view = memoryview(data)
    begin = time.perf_counter()
    for i in order:
        half.add(1 + i * size, bytes(view[i * size:(i + 1) * size]))
    elapsed = time.perf_counter() - begin
    assert half.next_offset == len(data) and half.held_bytes == 0
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=64)
    parser.add_argument("--segment", type=int, default=1460)
    args = parser.parse_args()
    rng = random.Random(7)
    count = int(args.mb * 1_000_000) // args.segment
    data = rng.randbytes(count * args.segment)
    for label, order in orders(count, rng):
        elapsed = run(order, data, args.segment)
        print(f"{label:24} {len(order) / elapsed:12,.0f} segments/s "
              f"{len(order) * args.segment / elapsed / 1e6:8.1f} MB/s")
    small, large = operations(1000), operations(8000)
    print(f"operations, 1000 vs 8000 segments last first: {small:,} vs {large:,} "
          f"(x{large / small:.2f})")


if __name__ == "__main__":
    main()
