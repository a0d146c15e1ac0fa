"""Packets encoded per second per protocol, beside packets decoded per second.

    python benchmarks/bench_encode.py [--repeat 3] [--min-time 1.0] [--strewn] [--two-writes]

Inputs: the bundled samples (samples/<protocol>.jsonl). Not timed: reading the capture
and making the inputs: the lines ``wirestruct decode`` prints (and ``decode --raw``), and
the same parsed back with ``json`` once decoding is over. Timed, per protocol, one Python
thread, in one run: each the least time of its single runs, all taken in turns (one of
each per turn, so that a shared machine's changing speed meets them alike) for at least
``--repeat`` turns and until each has run ``--repeat`` times ``--min-time`` seconds.

The headline is the path the command line takes:

- decode, as ``wirestruct decode``: a new decoder fed every record of the capture
  (``decode_records``), each event written as its JSON line by the command's writer
  (``EventWriter``, JSON Lines) to /dev/null;
- encode, as ``wirestruct encode``: the JSON text of those lines read line by line by the
  command's reader (``wirestruct.encode.lines.encoded``: each line parsed within the JSON
  budgets, fed to a new encoder, records out as they are made; no list of events is
  held), and ``encode / decode`` of the two;
- encode from raw JSON text: the same path from ``decode --raw``'s lines.

Other layouts beside it, labelled as such:

- decode alone: events produced but not made readable; decode to readable objects
  (``event_json``, the form ``encode`` takes back) and to raw objects (``--raw``);
- encode from objects held in a list: a new encoder (``protocol.encoder()``) fed every
  readable event as Python objects (``encode_events``; the fields written directly where
  the direct writer and the diep.io update writer take them, else put back in their wire
  form and built into read-write objects and written; LZ4 / delta framing / compound and
  0x02 packing), and from the raw events; with the ratios encode / decode, encode /
  decode to readable, encode from raw / decode and encode from raw / decode to raw.
  (Events parsed back one by one, each right after ``event_json`` had read its packet,
  lie strewn among the objects that reading and printing freed, and every encode that
  walks them pays for it in cache misses, diep.io's raw form the most: ``--strewn``
  adds encode and encode from raw from events made that way, and the latter against
  decode.)

``--two-writes`` adds a column: encode from objects with every object written twice (once
into a stream without an end to measure it, then into one of that size), as before the
single write of layouts that do not depend on their stream's size.

Checked before anything is timed, and the figures printed only if it holds: every
encoding layout gives back the sample's own bytes (each stream and direction, byte total
and SHA-256, byte-identical to the capture's packets) and no error; every decoding layout
gives top-level packets whose bytes are the capture's, with no error event; and the
decode-as-the-command run writes exactly the lines the encoders are given. Otherwise the
script exits 1 naming the run and what it made.

Packets are top-level packets (records of the encoded capture); events count nested
packets too.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.errors import WirestructError
from wirestruct.core.records import CaptureRecord
from wirestruct.encode import building as encoding
from wirestruct.encode.lines import encoded
from wirestruct.output.formats import EventWriter, OutputOptions
from wirestruct.output.serialize import dumps_event, event_json

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Digest, agree, fed, packet_flows, records_flows, require  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = (("scrap-mechanic", "samples/scrap_mechanic.jsonl"), ("mme", "samples/mme.jsonl"),
           ("diep", "samples/diep.jsonl"))
NAME = "bench_encode"


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


def consume(items: Iterable[object]) -> None:
    for _ in items:
        pass


def write_lines(events: Iterable[Any], out: Any) -> None:
    """What ``wirestruct decode`` writes: each event's JSON line, by the command's writer."""
    writer = EventWriter(out, OutputOptions(format="jsonl"))
    for event in events:
        writer.write(event)


def check(name: str, records: list[CaptureRecord],
          decoders: dict[str, Callable[[], Iterator[Any]]],
          encoders: dict[str, Callable[[], Iterator[Any]]],
          written: Callable[[Any], None], lines: bytes) -> int:
    """Every run made the capture's bytes (see the module doc), or the script stops; the
    number of top-level packets (records encoded)."""
    want = records_flows(records)
    got: dict[str, Any] = {"the capture": want}
    for run, make in decoders.items():
        flows, errors = packet_flows(make())
        require(NAME, not errors, f"{name}: {run} gave {errors} error events")
        got[run] = flows
    agree(NAME, f"{name}: the packets decoded (top-level packets' bytes per stream and "
          "direction)", got)
    got = {"the capture": want}
    packets = 0
    for run, make in encoders.items():
        items = list(make())
        errors = [i for i in items if isinstance(i, WirestructError)]
        require(NAME, not errors, f"{name}: {run} did not encode {len(errors)} events: "
                + "; ".join(str(e) for e in errors[:3]))
        got[run] = records_flows(i for i in items if isinstance(i, CaptureRecord))
        packets = packets or sum(isinstance(i, CaptureRecord) for i in items)
    agree(NAME, f"{name}: the bytes encoded (each stream and direction, against the "
          "sample's packets)", got)
    out = io.BytesIO()
    written(out)
    agree(NAME, f"{name}: the lines written as `wirestruct decode` writes them",
          {"decode, as the command": Digest([out.getvalue()]),
           "the encoders' input": Digest([lines])})
    return packets


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
    extra = (" encode from objects, strewn packets/s | encode from raw objects, strewn "
             "packets/s | encode from raw objects, strewn / decode alone |"
             if args.strewn else "")
    extra += " encode from objects, two writes packets/s |" if args.two_writes else ""
    print("| protocol | packets | events | decode, as `wirestruct decode` packets/s | "
          "encode, as `wirestruct encode` (JSON text, line by line) packets/s | "
          "encode / decode, as the commands | encode from raw JSON text packets/s | "
          "other layouts: decode alone packets/s | decode to readable objects packets/s | "
          "decode to raw objects packets/s | encode from objects held in a list packets/s | "
          "encode from raw objects held in a list packets/s | "
          "objects: encode / decode alone | objects: encode / decode to readable | "
          "objects: encode from raw / decode alone | objects: encode from raw / decode to "
          f"raw |{extra}")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|" + "---|"
          * extra.count("|"))
    for name, path in SAMPLES:
        if args.protocol and name not in args.protocol:
            continue
        protocol = get_protocol(name)
        with open_capture(ROOT / path) as capture:
            records = [r for r in capture if isinstance(r, CaptureRecord)]
        decoded = list(decode_records(records, protocol.decoder()))
        lines = [dumps_event(e, line=True) for e in decoded]
        raw_lines = [dumps_event(e, raw=True, line=True) for e in decoded]
        del decoded
        text = b"".join(lines)
        num_events = len(lines)
        # Each run's input, made once (the fault hook of agreement.py may take a byte or an
        # item from the one it names).
        fed_records = {run: list(fed(run, records)) for run in
                       ("decode as the command", "decode alone", "decode to readable",
                        "decode to raw")}
        fed_text = {"encode as the command": b"".join(fed("encode as the command", lines)),
                    "encode from raw text": b"".join(fed("encode from raw text", raw_lines))}
        events = list(fed("encode from objects",
                          [json.loads(line) for line in lines]))   # as encode reads a file
        raw_events = list(fed("encode from raw objects",
                              [json.loads(line) for line in raw_lines]))

        def decoding(run: str, made: Callable[[Any], object] | None = None
                     ) -> Callable[[], Iterator[Any]]:
            def events_of() -> Iterator[Any]:
                for event in decode_records(fed_records[run], protocol.decoder()):
                    if made is not None:
                        made(event)
                    yield event
            return events_of

        def readable(event: Any) -> object:
            return event_json(event)

        def raw(event: Any) -> object:
            return event_json(event, raw=True)

        def from_text(run: str) -> Callable[[], Iterator[Any]]:
            return lambda: encoded(io.BytesIO(fed_text[run]), protocol.encoder())

        def from_objects(items: list[Any]) -> Callable[[], Iterator[Any]]:
            return lambda: protocol.encoder().encode_events(items)

        def written(out: Any) -> None:
            write_lines(decode_records(fed_records["decode as the command"],
                                       protocol.decoder()), out)

        decoders = {"decode alone": decoding("decode alone"),
                    "decode to readable": decoding("decode to readable", readable),
                    "decode to raw": decoding("decode to raw", raw)}
        encoders = {"encode as the command": from_text("encode as the command"),
                    "encode from raw text": from_text("encode from raw text"),
                    "encode from objects": from_objects(events),
                    "encode from raw objects": from_objects(raw_events)}
        if args.strewn:
            strewn = list(fed("encode from objects, strewn", [
                json.loads(dumps_event(e)) for e in decode_records(records, protocol.decoder())]))
            raw_strewn = list(fed("encode from raw objects, strewn", [
                json.loads(dumps_event(e, raw=True))
                for e in decode_records(records, protocol.decoder())]))
            encoders["encode from objects, strewn"] = from_objects(strewn)
            encoders["encode from raw objects, strewn"] = from_objects(raw_strewn)
        if args.two_writes:
            def two_writes() -> Iterator[Any]:
                with mock.patch.object(encoding, "_write_once", lambda obj: None):
                    yield from protocol.encoder().encode_events(events)
            encoders["encode from objects, two writes"] = two_writes
        n = check(name, records, {"decode as the command": decoding("decode as the command"),
                              **decoders}, encoders, written, text)

        def decode_command() -> None:
            with open(os.devnull, "wb") as out:
                written(out)

        runs: dict[str, Callable[[], object]] = {"decode as the command": decode_command}
        runs.update({run: (lambda make=make: consume(make())) for run, make in
                     {**decoders, **encoders}.items()})
        t = timed(runs, args.repeat, args.min_time)
        dec, enc = t["decode as the command"], t["encode as the command"]
        alone, obj, raw_obj = (t["decode alone"], t["encode from objects"],
                               t["encode from raw objects"])
        row = (f"| {name} | {n} | {num_events} | {n / dec:,.0f} | {n / enc:,.0f} | "
               f"{_factor(enc, dec)} | {n / t['encode from raw text']:,.0f} | "
               f"{n / alone:,.0f} | {n / t['decode to readable']:,.0f} | "
               f"{n / t['decode to raw']:,.0f} | {n / obj:,.0f} | {n / raw_obj:,.0f} | "
               f"{_factor(obj, alone)} | {_factor(obj, t['decode to readable'])} | "
               f"{_factor(raw_obj, alone)} | {_factor(raw_obj, t['decode to raw'])} |")
        if args.strewn:
            s, rs = t["encode from objects, strewn"], t["encode from raw objects, strewn"]
            row += f" {n / s:,.0f} | {n / rs:,.0f} | {_factor(rs, alone)} |"
        if args.two_writes:
            row += f" {n / t['encode from objects, two writes']:,.0f} |"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
