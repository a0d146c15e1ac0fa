"""Packets encoded per second per protocol, beside packets decoded per second.

    python benchmarks/bench_encode.py [--repeat 3] [--min-time 1.0] [--strewn] [--two-writes]

Inputs: the bundled samples (samples/<protocol>.jsonl). Not timed: reading the capture
and making the events: ``wirestruct decode``'s lines (the raw ones as ``decode --raw``
prints them), parsed back with ``json`` once decoding is over, as ``wirestruct encode``
reads a file of them. (Parsed back one by one, each right after ``event_json`` had read
its packet, the events lie strewn among the objects that reading and printing freed, and
every encode that walks them pays for it in cache misses, diep.io's raw form the most:
``--strewn``.) Timed, per protocol, one Python thread, in one run: each the least time of
its single runs, all taken in turns (one of each per turn, so that a shared machine's
changing speed meets them alike) for at least ``--repeat`` turns and until each has run
``--repeat`` times ``--min-time`` seconds:

- decode: a new decoder fed every record of the capture (``decode_records``), events
  produced but not made readable;
- decode to readable: the same, each event made the JSON-able object ``decode`` prints
  (``event_json``): the form ``encode`` takes back, so the two directions do the same
  work;
- decode to raw: the same, each event made the raw form (``decode --raw``);
- encode: a new encoder (``protocol.encoder()``) fed every readable event as Python
  objects, capture records out (the fields written directly where the direct writer and
  the diep.io update writer take them, else put back in their wire form and built into
  read-write objects and written; LZ4 / delta framing / compound and 0x02 packing);
- encode from raw: the same from the raw events (``decode --raw``);
- encode from JSON text: parsing each line first, as ``wirestruct encode`` does.

The ratios: encode / decode, encode / decode to readable, encode from raw / decode, and
encode from raw / decode to raw.

``--strewn`` adds columns: encode and encode from raw with the events made that earlier
way (each decoded event made readable or raw, printed and parsed back in turn), and the
latter against decode; the same run.

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
from typing import Any
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


def timed(runs: dict[str, Callable[[], object]], repeat: int,
          min_time: float) -> dict[str, float]:
    """Seconds for one run of each: the least of its single runs, taken in turns (one run
    of each function per turn, so that the machine's changing speed meets all alike), for
    at least ``repeat`` turns and until each has run ``repeat * min_time`` seconds."""
    least = dict.fromkeys(runs, float("inf"))
    spent = dict.fromkeys(runs, 0.0)
    turns = 0
    while turns < repeat or min(spent.values()) < repeat * min_time:
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            elapsed = time.perf_counter() - start
            least[name] = min(least[name], elapsed)
            spent[name] += elapsed
        turns += 1
    return least


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--min-time", type=float, default=1.0)
    parser.add_argument("--protocol", action="append", help="only these protocols")
    parser.add_argument("--strewn", action="store_true",
                        help="also time encode and encode from raw with each event parsed "
                             "back right after its packet was read")
    parser.add_argument("--two-writes", action="store_true",
                        help="also time encode with every object measured, then written")
    args = parser.parse_args(argv)
    extra = (" encode, strewn packets/s | encode from raw, strewn packets/s | encode from "
             "raw, strewn / decode |" if args.strewn else "")
    extra += " encode, two writes packets/s |" if args.two_writes else ""
    print("| protocol | packets | events | decode packets/s | decode to readable packets/s | "
          "decode to raw packets/s | encode packets/s | encode from raw packets/s | "
          "encode from JSON text packets/s | encode / decode | encode / decode to readable | "
          f"encode from raw / decode | encode from raw / decode to raw |{extra}")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|" + "---|" * extra.count("|"))
    for name, path in SAMPLES:
        if args.protocol and name not in args.protocol:
            continue
        protocol = get_protocol(name)
        with open_capture(ROOT / path) as capture:
            records = [r for r in capture if isinstance(r, CaptureRecord)]
        decoded = list(decode_records(records, protocol.decoder()))
        lines = [json.dumps(event_json(e)) for e in decoded]
        raw_lines = [json.dumps(event_json(e, raw=True)) for e in decoded]
        del decoded
        events = [json.loads(line) for line in lines]             # as encode reads a file
        raw_events = [json.loads(line) for line in raw_lines]
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

        def decode_raw() -> None:
            for event in decode_records(records, protocol.decoder()):
                event_json(event, raw=True)

        def encoder_run(items: list[Any]) -> Callable[[], None]:
            """A run that encodes ``items`` with a new encoder."""
            def run() -> None:
                for _ in protocol.encoder().encode_events(items):
                    pass
            return run

        encode, encode_raw = encoder_run(events), encoder_run(raw_events)

        def encode_text() -> None:
            for _ in protocol.encoder().encode_events(json.loads(line) for line in lines):
                pass

        runs: dict[str, Callable[[], object]] = {
            "decode": decode, "readable": decode_readable, "decode_raw": decode_raw,
            "encode": encode, "raw": encode_raw,
            "text": encode_text}
        if args.strewn:
            strewn = [json.loads(json.dumps(event_json(e)))
                      for e in decode_records(records, protocol.decoder())]
            raw_strewn = [json.loads(json.dumps(event_json(e, raw=True)))
                          for e in decode_records(records, protocol.decoder())]
            runs["strewn"], runs["raw_strewn"] = encoder_run(strewn), encoder_run(raw_strewn)
        if args.two_writes:
            def two_writes() -> None:
                with mock.patch.object(encoding, "_write_once", lambda obj: None):
                    encode()
            runs["two"] = two_writes
        t = timed(runs, args.repeat, args.min_time)
        t_decode, t_encode = t["decode"], t["encode"]
        row = (f"| {name} | {n} | {len(events)} | {n / t_decode:,.0f} | {n / t['readable']:,.0f} | "
               f"{n / t['decode_raw']:,.0f} | {n / t_encode:,.0f} | {n / t['raw']:,.0f} | "
               f"{n / t['text']:,.0f} | {_factor(t_encode, t_decode)} | "
               f"{_factor(t_encode, t['readable'])} | {_factor(t['raw'], t_decode)} | "
               f"{_factor(t['raw'], t['decode_raw'])} |")
        if args.strewn:
            row += (f" {n / t['strewn']:,.0f} | {n / t['raw_strewn']:,.0f} | "
                    f"{_factor(t['raw_strewn'], t_decode)} |")
        if args.two_writes:
            row += f" {n / t['two']:,.0f} |"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
