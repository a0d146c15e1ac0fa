"""Scrap Mechanic decode benchmark: end-to-end throughput, the generated parse alone, the
runtime's share, and peak memory for a capture and one 10x longer.

    python benchmarks/bench_scrap_mechanic.py [--seed 7] [--ticks 1000] [--repeat 7]

* End to end: capture records -> decoder (LZ4, sub-update framing, delta reconstruction,
  one generated parse per sub-update / 24 body / compound body) -> tracker, on one core.
  "Sub-updates" counts the 21/22 sub-updates plus the NetObj updates of 24 packets.
* Parse alone: every parse the decoder makes with the generated classes (the packet, then
  each sub-update, 24 body, compound body or 30 body), on the same inputs already
  decompressed and delta-expanded, each from the stream the decoder gives it
  (``wirestruct.core.stream``), nothing else. Runtime share = (end to end - parse
  alone) / parse alone: what LZ4, framing, deltas, events and tracking add, including the
  extra garbage-collection work that running them next to the parses causes.
* Runtime's own code: end to end again with every generated parse replayed (the objects
  a first run got from the generated classes, handed back in the same order), minus the
  time to open the streams those parses read (counted in the parse alone); the time left
  is the runtime's code by itself, without the garbage collection the parsed objects
  cause.
* Peak memory (tracemalloc) of decoding + tracking a streamed capture (records are
  generated on the fly, so the capture itself is never held), for N ticks and 10 N ticks,
  next to the number of live NetObjs at the end.

Timings are CPU time of this (single-threaded) process, pinned to one core, best of
``--repeat`` runs; CPU time keeps other processes on a shared machine out of the figures
better than wall time does. Figures still depend on the machine; run it on an idle core.

Checked before the figures are printed (untimed): decoding gives top-level packets whose
bytes are the capture's (each direction: byte total and SHA-256) with no error event;
the parses of the parse-alone figure give, input by input, what the decoder's own
parses gave (their JSON, byte total and SHA-256); the run with the parses replayed gives
the same events and tracker snapshot as a normal run (JSON Lines as ``decode`` prints
them with each packet's bytes, and ``state``'s document); every timed end-to-end run has
no error event. Otherwise the script exits 1 naming the run and its bytes.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
import tracemalloc
from pathlib import Path

from wirestruct.core.events import ErrorEvent
from wirestruct.core.session import decode_records, track
from wirestruct.core.stream import parse_stream
from wirestruct.generated.scrap_mechanic.sm_compound_body import SmCompoundBody
from wirestruct.generated.scrap_mechanic.sm_network_update import SmNetworkUpdate
from wirestruct.generated.scrap_mechanic.sm_packet import SmPacket
from wirestruct.generated.scrap_mechanic.sm_player_movement import SmPlayerMovement
from wirestruct.generated.scrap_mechanic.sm_unreliable_update import SmUnreliableUpdate
from wirestruct.output.serialize import dumps_document, dumps_event, serializer
from wirestruct.protocols.scrap_mechanic import PROTOCOL
from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Digest, agree, fed, packet_flows, records_flows, require  # noqa: E402

NAME = "bench_scrap_mechanic"


def end_to_end(records):
    tracker = PROTOCOL.tracker()
    errors = 0
    start = time.process_time()
    for event in track(decode_records(records, PROTOCOL.decoder()), tracker):
        if isinstance(event, ErrorEvent):
            errors += 1
    return time.process_time() - start, errors, tracker


def parse_inputs(records, shown=None):
    """What the generated classes are given during decoding, collected once; with
    ``shown`` (a list), the JSON of what the decoder's own parses gave is added to it."""
    inputs = []  # (kind, bytes, known controller type)
    show = serializer().value

    def add(cls, data, known, parsed):
        inputs.append((cls, data, known))
        if shown is not None:
            shown.append(json.dumps(show(parsed)).encode() + b"\n")
    for event in decode_records(records, PROTOCOL.decoder()):
        if isinstance(event, ErrorEvent):
            continue
        add(SmPacket, event.raw, None, event.packet)
        if "sub_updates" in event.expansions:
            for sub in event.expansions["sub_updates"]:
                add(SmNetworkUpdate, sub.data, sub.update.known_controller_type, sub.update)
        elif "body" in event.expansions:
            body = event.expansions["body"]
            cls = type(body)
            if cls in (SmUnreliableUpdate, SmCompoundBody, SmPlayerMovement):
                add(cls, body._io._io.getvalue(), None, body)
    return inputs


def parsed_alone(inputs) -> Digest:
    """The JSON of what the parse-alone figure's parses give (untimed)."""
    show = serializer().value
    return Digest(json.dumps(show(cls(parse_stream(data)) if known is None
                                  else cls(known, parse_stream(data)))).encode() + b"\n"
                  for cls, data, known in inputs)


def events_and_state(records) -> Digest:
    """The events as ``decode`` prints them, each with its packet's bytes, and the
    snapshot as ``state`` writes it."""
    tracker = PROTOCOL.tracker()
    out = Digest()
    for event in track(decode_records(records, PROTOCOL.decoder()), tracker):
        out.add(dumps_event(event, line=True))
        out.add(getattr(event, "raw", b""))
    out.add(dumps_document(tracker.snapshot()))
    return out


def open_streams(inputs):
    """Only the streams the parses read from (part of the parse-alone figure)."""
    start = time.process_time()
    for _, data, _ in inputs:
        parse_stream(data)
    return time.process_time() - start


def parse_alone(inputs):
    start = time.process_time()
    for cls, data, known in inputs:
        io = parse_stream(data)
        if known is None:
            cls(io)
        else:
            cls(known, io)
    return time.process_time() - start


def runtime_alone(records, repeat, normal: Digest):
    """End to end with every generated parse replaced by a replay: a first run records the
    objects the generated classes return, in call order; the timed runs get them back in
    the same order without parsing. What remains is the runtime's own code (plus the
    streams it opens for the parses, which the parse-alone figure also counts)."""
    from wirestruct.protocols.scrap_mechanic import decoder as module
    names = ["SmNetworkUpdate", "SmPacket", "SmUnreliableUpdate", "SmCompoundBody",
             "SmPlayerMovement"]
    originals = {name: getattr(module, name) for name in names}
    recorded = []
    replay = None

    def recording(cls):
        def make(*args):
            obj = cls(*args)
            recorded.append(obj)
            return obj
        return make

    def replaying(*args):
        return next(replay)

    try:
        for name, cls in originals.items():
            setattr(module, name, recording(cls))
        end_to_end(records)
        for name in names:
            setattr(module, name, replaying)
        replay = iter(recorded)
        agree(NAME, "the events and snapshot (with the parses replayed)", {
            "end to end": normal,
            "parses replayed": events_and_state(fed("parses replayed", records))})
        best = None
        for _ in range(repeat):
            replay = iter(recorded)
            elapsed = end_to_end(records)[0]
            best = elapsed if best is None else min(best, elapsed)
        return best
    finally:
        for name, cls in originals.items():
            setattr(module, name, cls)


def peak_memory(seed, ticks):
    gc.collect()
    tracemalloc.start()
    session = SessionGenerator(seed, ticks)
    tracker = PROTOCOL.tracker()
    for _ in track(decode_records(session, PROTOCOL.decoder()), tracker):
        pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak, len(tracker.netobjs), session.index


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ticks", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core

    session = SessionGenerator(args.seed, args.ticks)
    records = list(session)
    n_bytes = sum(len(r.data) for r in records)
    n_jsonl = sum(len(r.data) * 2 + 40 for r in records)
    n_sub = session.num_sub_updates + session.num_unreliable
    print(f"capture: seed {args.seed}, {args.ticks} ticks, {len(records)} packets, "
          f"{n_bytes / 1e6:.2f} MB of packets (~{n_jsonl / 1e6:.2f} MB as JSON Lines)")
    print(f"  {session.num_sub_updates} sub-updates of 21/22 ({session.num_deltas} deltas) + "
          f"{session.num_unreliable} NetObj updates of 24 = {n_sub} sub-updates")

    flows, errors = packet_flows(decode_records(records, PROTOCOL.decoder()))
    require(NAME, not errors, f"decoding gave {errors} error events")
    agree(NAME, "the packets decoded (each direction's bytes)",
          {"the capture": records_flows(records), "decoded": flows})
    shown: list[bytes] = []
    inputs = parse_inputs(records, shown)
    agree(NAME, "the objects parsed (the JSON of each)", {
        "the decoder's parses": Digest(shown),
        "parse alone": parsed_alone(fed("parse alone", inputs))})
    normal = events_and_state(records)
    records = list(fed("end to end", records))
    # The records and parse inputs held by this script are not part of what is measured:
    # keep the garbage collector from scanning them again and again (a real decode streams
    # its capture and holds neither).
    gc.collect()
    gc.freeze()
    runs, alones = [], []
    for _ in range(args.repeat):  # interleaved, so both see the same machine
        runs.append(end_to_end(records)[:2])
        alones.append(parse_alone(inputs))
    best, errors = min(runs)
    require(NAME, not any(e for _, e in runs), f"end to end: {max(e for _, e in runs)} "
            "error events in a timed run")
    alone = min(alones)
    print(f"end to end (LZ4 + delta + parse + tracking): {best:.3f} s, "
          f"{n_sub / best:,.0f} sub-updates/s, {n_bytes / best / 1e6:.2f} MB/s of packets, "
          f"{errors} error events")
    print(f"generated parse alone ({len(inputs)} parses): {alone:.3f} s, "
          f"{n_sub / alone:,.0f} sub-updates/s")
    print(f"runtime share: +{(best - alone) / alone * 100:.1f}% over the parse alone")
    own = runtime_alone(records, args.repeat, normal)
    own -= min(open_streams(inputs) for _ in range(args.repeat))
    print(f"runtime's own code (parses replayed, not run; the streams opened for them, "
          f"which the parse alone counts, left out): {own:.3f} s, "
          f"{own / alone * 100:.1f}% of the parse alone")

    for ticks in (args.ticks, 10 * args.ticks):
        peak, live, n_records = peak_memory(args.seed, ticks)
        print(f"peak memory, {ticks} ticks ({n_records} packets): {peak / 1e6:.2f} MB, "
              f"{live} live NetObjs at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
