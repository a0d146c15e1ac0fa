"""``state`` and ``decode`` with the collector at Python's default, batched by thresholds,
and collected between events (what decoding does now).

    python benchmarks/bench_garbage.py [--rounds 5] [--ticks 400]

Every generated object points back through ``_parent`` and ``_root``, so each decoded
packet is freed only by the cycle collector. Three settings of ``wirestruct.core.session``:

* ``default``: thresholds (700, 10), Python's defaults, what decoding ran with at first;
* ``batched``: thresholds (10 000, 10), no collection between events (the previous way);
* ``between``: ``COLLECTION_THRESHOLDS`` and ``BETWEEN_EVENTS`` as they are: the young
  generation collected between two events, the thresholds a bound only.

For diep.io and Scrap Mechanic sessions from the generators (built first, not timed;
Scrap Mechanic ten times the ticks), ``state`` (decode + track) and ``decode`` (JSON Lines
to /dev/null) run under each setting in turn, round after round; the best CPU time of
each is printed with the ratios to ``between`` and the load average before and after.

Checked before a protocol's figures are printed (untimed): under each setting, decoding
gives top-level packets whose bytes are the session's (each direction: byte total and
SHA-256) with no error event, and the three settings give the same ``decode`` lines and
``state`` snapshot (byte total and SHA-256); otherwise the script exits 1 naming the
setting and its bytes.
"""
from __future__ import annotations

import argparse
import gc
import io
import os
import sys
import time
from pathlib import Path

from wirestruct import get_protocol
from wirestruct.core import session
from wirestruct.core.session import decode_records, track
from wirestruct.output.formats import EventWriter, OutputOptions
from wirestruct.output.serialize import dumps_document
from wirestruct.protocols.diep.generate import generate
from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Digest, agree, fed, packet_flows, records_flows, require  # noqa: E402

NAME = "bench_garbage"


def state(protocol, records) -> None:
    tracker = protocol.tracker()
    for _ in track(decode_records(records, protocol.decoder()), tracker):
        pass


def decode(protocol, records) -> None:
    with open(os.devnull, "wb") as out:
        writer = EventWriter(out, OutputOptions(format="jsonl"))
        for event in decode_records(records, protocol.decoder()):
            writer.write(event)


def checked(name: str, protocol, records, fed_records: dict, settings: dict) -> None:
    """The checks of the module doc, under each setting in turn."""
    want = records_flows(records)
    flows, outputs = {}, {}
    try:
        for key, setting in settings.items():
            session.COLLECTION_THRESHOLDS, session.BETWEEN_EVENTS = setting
            got, errors = packet_flows(decode_records(fed_records[key], protocol.decoder()))
            require(NAME, not errors, f"{name} under {key}: {errors} error events")
            flows[key] = got
            out = io.BytesIO()
            writer = EventWriter(out, OutputOptions(format="jsonl"))
            for event in decode_records(fed_records[key], protocol.decoder()):
                writer.write(event)
            tracker = protocol.tracker()
            for _ in track(decode_records(fed_records[key], protocol.decoder()), tracker):
                pass
            outputs[key] = Digest([out.getvalue(), dumps_document(tracker.snapshot())])
    finally:
        session.COLLECTION_THRESHOLDS, session.BETWEEN_EVENTS = settings["between"]
    agree(NAME, f"{name}: the packets decoded (each direction's bytes)",
          {"the session": want, **flows})
    agree(NAME, f"{name}: the decode lines and state snapshot", outputs)


def timed(run, protocol, records, setting: tuple) -> float:
    session.COLLECTION_THRESHOLDS, session.BETWEEN_EVENTS = setting
    gc.collect()
    started = time.process_time()
    run(protocol, records)
    return time.process_time() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ticks", type=int, default=400)
    args = parser.parse_args(argv)
    now = (session.COLLECTION_THRESHOLDS, session.BETWEEN_EVENTS)
    settings = {"default": ((700, 10), 0), "batched": ((10_000, 10), 0), "between": now}
    cases = {
        "diep": (get_protocol("diep"), list(generate(7, ticks=args.ticks, shapes=160))),
        "scrap_mechanic": (get_protocol("scrap-mechanic"),
                           list(SessionGenerator(7, args.ticks * 10))),
    }
    load = os.getloadavg()[0]
    print(f"{'protocol':<15} {'run':<7} " + " ".join(f"{k + ' s':>10}" for k in settings)
          + f" {'default/between':>16} {'batched/between':>16}")
    try:
        for name, (protocol, records) in cases.items():
            fed_records = {key: list(fed(key, records)) for key in settings}
            checked(name, protocol, records, fed_records, settings)
            for label, run in (("state", state), ("decode", decode)):
                run(protocol, records[:200])                 # warm-up: imports, plans
                best = dict.fromkeys(settings, float("inf"))
                for _ in range(args.rounds):
                    for key, setting in settings.items():
                        best[key] = min(best[key], timed(run, protocol, fed_records[key],
                                                         setting))
                print(f"{name:<15} {label:<7} "
                      + " ".join(f"{best[k]:>10.3f}" for k in settings)
                      + f" {best['default'] / best['between']:>16.2f}"
                      f" {best['batched'] / best['between']:>16.2f}", flush=True)
    finally:
        session.COLLECTION_THRESHOLDS, session.BETWEEN_EVENTS = now
    print(f"best of {args.rounds} rounds, CPU seconds; load average "
          f"{load:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
