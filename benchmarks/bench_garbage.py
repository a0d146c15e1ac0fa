"""``state`` (decode + track) with the collector at Python's default and batched.

    python benchmarks/bench_garbage.py [--rounds 5] [--ticks 400]

Every generated object points back through ``_parent`` and ``_root``, so each decoded
packet is freed only by the cycle collector. ``decode_records`` raises the young-generation
and middle-generation thresholds to ``wirestruct.session.COLLECTION_THRESHOLDS`` while it
runs; "before" sets them to (700, 10) (Python's defaults, what decoding ran with before),
"after" keeps them. For diep.io and Scrap Mechanic sessions from the generators (built
first, not timed; Scrap Mechanic ten times the ticks), the runs alternate (before, after,
before, after ...) and the best CPU time of each is printed with the ratio and the load
average before and after.
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
import time

from wirestruct import get_protocol, session
from wirestruct.session import decode_records, track
from wirestruct.tools.generate_diep import generate
from wirestruct.tools.generate_scrap_mechanic import SessionGenerator


def state(protocol, records, thresholds: tuple) -> float:
    session.COLLECTION_THRESHOLDS = thresholds
    gc.collect()
    started = time.process_time()
    tracker = protocol.tracker()
    for _ in track(decode_records(records, protocol.decoder()), tracker):
        pass
    return time.process_time() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ticks", type=int, default=400)
    args = parser.parse_args(argv)
    after = session.COLLECTION_THRESHOLDS
    before = (700, 10)
    cases = {
        "diep": (get_protocol("diep"), list(generate(7, ticks=args.ticks, shapes=160))),
        "scrap_mechanic": (get_protocol("scrap-mechanic"),
                           list(SessionGenerator(7, args.ticks * 10))),
    }
    load = os.getloadavg()[0]
    print(f"{'protocol':<15} {'before s':>9} {'after s':>9} {'before/after':>13}")
    for name, (protocol, records) in cases.items():
        best = {before: float("inf"), after: float("inf")}
        for _ in range(args.rounds):
            for thresholds in best:
                best[thresholds] = min(best[thresholds], state(protocol, records, thresholds))
        print(f"{name:<15} {best[before]:>9.3f} {best[after]:>9.3f} "
              f"{best[before] / best[after]:>13.2f}", flush=True)
    session.COLLECTION_THRESHOLDS = after
    print(f"best of {args.rounds} alternating rounds, CPU seconds; load average "
          f"{load:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
