"""Packets encoded per second per protocol, beside packets decoded per second.

    python benchmarks/bench_encode.py [--repeat 3] [--min-time 1.0] [--two-writes]

Inputs: the bundled samples (samples/<protocol>.jsonl). Not timed: reading the capture
and making the events (``wirestruct decode``'s lines, parsed back with ``json``; the raw
ones as ``decode --raw`` prints them). Timed, per protocol, each the best of ``--repeat``
runs of at least ``--min-time`` seconds, one Python thread, in one run:

- decode: a new decoder fed every record of the capture (``decode_records``), events
  produced but not made readable;
- decode to readable: the same, each event made the JSON-able object ``decode`` prints
  (``event_json``): the form ``encode`` takes back, so the two directions do the same
  work;
- encode: a new encoder (``protocol.encoder()``) fed every readable event as Python
  objects, capture records out (the fields written directly where the direct writer and
  the diep.io update writer take them, else put back in their wire form and built into
  read-write objects and written; LZ4 / delta framing / compound and 0x02 packing);
- encode from raw: the same from the raw events (``decode --raw``);
- encode from JSON text: parsing each line first, as ``wirestruct encode`` does.

The ratios: encode / decode, and encode / decode to readable.

``--two-writes`` adds a column: encode with every object written twice (once into a
stream without an end to measure it, then into one of that size), as before the single
write of layouts that do not depend on their stream's size; the same run, the same inputs.

Packets are top-level packets (records of the encoded capture); events count nested
packets too.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.records import CaptureRecord
from wirestruct.encode import building as encoding
from wirestruct.output.serialize import event_json

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = (("scrap-mechanic", "samples/scrap_mechanic.jsonl"), ("mme", "samples/mme.jsonl"),
           ("diep", "samples/diep.jsonl"))


def _factor(t: float, base: float) -> str:
    """``t`` against ``base``: "2.4x slower" or "1.8x faster"."""
    return f"{t / base:.1f}x slower" if t >= base else f"{base / t:.1f}x faster"


def best(run: Callable[[], object], repeat: int, min_time: float) -> float:
    """Seconds for one run: the best of ``repeat`` timings of at least ``min_time``."""
    times = []
    for _ in range(repeat):
        n, start = 0, time.perf_counter()
        while True:
            run()
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        times.append(elapsed / n)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--min-time", type=float, default=1.0)
    parser.add_argument("--protocol", action="append", help="only these protocols")
    parser.add_argument("--two-writes", action="store_true",
                        help="also time encode with every object measured, then written")
    args = parser.parse_args(argv)
    extra = " encode, two writes packets/s |" if args.two_writes else ""
    print("| protocol | packets | events | decode packets/s | decode to readable packets/s | "
          "encode packets/s | encode from raw packets/s | encode from JSON text packets/s | "
          f"encode / decode | encode / decode to readable |{extra}")
    print("|---|---|---|---|---|---|---|---|---|---|" + ("---|" if extra else ""))
    for name, path in SAMPLES:
        if args.protocol and name not in args.protocol:
            continue
        protocol = get_protocol(name)
        with open_capture(ROOT / path) as capture:
            records = [r for r in capture if isinstance(r, CaptureRecord)]
        decoded = list(decode_records(records, protocol.decoder()))
        events = [json.loads(json.dumps(event_json(e))) for e in decoded]
        raw_events = [json.loads(json.dumps(event_json(e, raw=True))) for e in decoded]
        del decoded
        lines = [json.dumps(e) for e in events]
        packets = [r for r in protocol.encoder().encode_events(events)
                   if isinstance(r, CaptureRecord)]
        n = len(packets)
        if sum(isinstance(r, CaptureRecord)
               for r in protocol.encoder().encode_events(raw_events)) != n:
            raise SystemExit(f"{name}: the raw events do not give the {n} packets")

        def decode() -> None:
            for _ in decode_records(records, protocol.decoder()):
                pass

        def decode_readable() -> None:
            for event in decode_records(records, protocol.decoder()):
                event_json(event)

        def encode() -> None:
            for _ in protocol.encoder().encode_events(events):
                pass

        def encode_raw() -> None:
            for _ in protocol.encoder().encode_events(raw_events):
                pass

        def encode_text() -> None:
            for _ in protocol.encoder().encode_events(json.loads(line) for line in lines):
                pass

        t_decode = best(decode, args.repeat, args.min_time)
        t_readable = best(decode_readable, args.repeat, args.min_time)
        t_encode = best(encode, args.repeat, args.min_time)
        t_raw = best(encode_raw, args.repeat, args.min_time)
        t_text = best(encode_text, args.repeat, args.min_time)
        row = (f"| {name} | {n} | {len(events)} | {n / t_decode:,.0f} | {n / t_readable:,.0f} | "
               f"{n / t_encode:,.0f} | {n / t_raw:,.0f} | {n / t_text:,.0f} | "
               f"{_factor(t_encode, t_decode)} | {_factor(t_encode, t_readable)} |")
        if args.two_writes:
            with mock.patch.object(encoding, "_write_once", lambda obj: None):
                row += f" {n / best(encode, args.repeat, args.min_time):,.0f} |"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
