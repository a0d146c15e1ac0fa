"""diep.io decode benchmark: upcreates/s end to end, the generated parse alone, the
runtime's share, and peak memory against the live entity table.

    python benchmarks/bench_diep.py [--seed 7] [--ticks 400] [--shapes 160] [--repeat 3]

* End to end: capture records (the generator's mix: one 0x00 update a tick with shapes,
  tanks, barrels and bullets entering, moving and leaving view, some packets wrapped in
  0x02, plus the client's inputs) -> decoder (LZ4; 0x00 updates read by the update reader,
  every other packet parsed by the generated classes) -> entity tracker, on one core.
  Upcreates are the creations and updates of every 0x00.
* Read alone: the same packets, 0x02 already decompressed, nothing else: the 0x00 updates
  by the update reader and the rest by the generated classes, as the decoder reads them.
  The runtime's share is the rest of the end-to-end time (event building, decompression,
  the tracker reading the field values into the entity table).
* Parse alone: every packet by the generated classes (what an event's ``packet`` costs
  when it is read), from the stream the decoder gives them
  (``wirestruct.core.stream.ParseStream``) and, side by side, from the Kaitai runtime's own
  ``KaitaiStream``.
* Peak memory (tracemalloc) of decoding + tracking a streamed session (records generated
  on the fly, never held) of N and 4 N ticks, next to the live entities at the end; the
  figure includes the generator's own world model.

Inputs are built first and not timed; best of ``--repeat`` runs, alternating. Figures
depend on the machine and its load; run it on an idle core.

Checked before the figures are printed (untimed): decoding gives top-level packets whose
bytes are the session's (each direction: byte total and SHA-256) with no error event,
and the tracker's snapshot is the generator's own account of the world; the three ways
of reading give the same fields for every packet (the JSON of each, byte total and
SHA-256: the update reader's fields beside the generated objects shown as readable
output shows them), and the generated parses consume every byte. Every timed end-to-end
run checks the snapshot again. Otherwise the script exits 1 naming the way and its bytes.
"""
from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import tracemalloc
from io import BytesIO
from pathlib import Path

from kaitaistruct import KaitaiStream
from wirestruct import get_protocol
from wirestruct.core.events import ErrorEvent
from wirestruct.core.lz4block import decompress_block
from wirestruct.core.records import Direction
from wirestruct.core.session import decode_records, track
from wirestruct.core.stream import parse_stream
from wirestruct.generated.diep.diep_serverbound import DiepServerbound
from wirestruct.output.serialize import serializer
from wirestruct.protocols.diep.generate import generate
from wirestruct.protocols.diep.update_reader import update_reader

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Digest, agree, fed, packet_flows, records_flows, require  # noqa: E402

NAME = "bench_diep"


def best_of(repeat, *fns):
    """Best time of each function; the runs alternate so that a change in the machine's
    load touches all of them alike."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            gc.collect()
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def fields_read(plain, clientbound, reader) -> dict[str, Digest]:
    """The JSON of every packet's fields as each way of reading gives them (the fault
    hook's run names are the ways'); the script stops if a generated parse leaves bytes
    unread."""
    show = serializer().value
    got = {}
    for way in ("read alone", "parse alone", "parse from KaitaiStream"):
        digest = Digest()
        for cls, data in fed(way, plain):
            fields = None
            if way == "read alone" and cls is clientbound and data[0] == 0:
                fields = reader.fields(data)
            if fields is None:
                io = (KaitaiStream(BytesIO(data)) if way == "parse from KaitaiStream"
                      else parse_stream(data))
                fields = show(cls(io))
                require(NAME, io.pos() == len(data),
                        f"{way}: {io.pos()} of a packet's {len(data)} bytes read")
            digest.add(json.dumps(fields).encode() + b"\n")
        got[way] = digest
    return got


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ticks", type=int, default=400)
    parser.add_argument("--shapes", type=int, default=160)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory-ticks", type=int, default=150)
    args = parser.parse_args(argv)

    protocol = get_protocol("diep")
    session = generate(args.seed, ticks=args.ticks, shapes=args.shapes)
    records = list(session)
    upcreates = session.upcreates
    size = sum(len(r.data) for r in records)
    compressed = sum(1 for r in records if r.direction is Direction.S2C and r.data[:1] == b"\x02")
    print(f"diep.io session: seed {args.seed}, {args.ticks} ticks, {len(records)} records "
          f"({compressed} in 0x02), {size / 1e6:.2f} MB, {upcreates} upcreates, "
          f"{len(session.expected['entities'])} live entities at the end")

    want = records_flows(records)
    session_records, records = records, list(fed("end to end", records))

    def end_to_end():
        tracker = protocol.tracker()
        errors = sum(isinstance(e, ErrorEvent)
                     for e in track(decode_records(records, protocol.decoder()), tracker))
        require(NAME, errors == 0 and tracker.snapshot() == session.expected,
                f"end to end: {errors} error events, the snapshot "
                f"{'is' if tracker.snapshot() == session.expected else 'is not'} the "
                "generator's")

    clientbound = protocol.decoder().build.packet_class
    plain = []
    for r in session_records:
        data = r.data
        if r.direction is Direction.S2C:
            if data[0] == 0x02:
                data = decompress_block(data[5:], expected_size=int.from_bytes(data[1:5], "little"))
            plain.append((clientbound, data))
        else:
            plain.append((DiepServerbound, data))

    reader = update_reader(protocol.decoder().build)
    require(NAME, reader is not None, "the bundled build has no update reader")
    assert reader is not None
    flows, errors = packet_flows(decode_records(records, protocol.decoder()))
    require(NAME, not errors, f"decoding gave {errors} error events")
    agree(NAME, "the packets decoded (each direction's bytes)",
          {"the session": want, "decoded": flows})
    end_to_end()
    agree(NAME, "the fields read (the JSON of every packet's fields)",
          fields_read(plain, clientbound, reader))

    def read_alone():
        for cls, data in plain:
            if cls is not clientbound or data[0] != 0 or reader.fields(data) is None:
                cls(parse_stream(data))

    def parse_alone():
        for cls, data in plain:
            cls(parse_stream(data))

    def parse_kaitai_stream():
        for cls, data in plain:
            cls(KaitaiStream(BytesIO(data)))

    e2e, read, alone, kaitai = best_of(args.repeat, end_to_end, read_alone, parse_alone,
                                       parse_kaitai_stream)
    print(f"end to end:  {e2e:7.3f} s  {upcreates / e2e:10,.0f} upcreates/s  "
          f"{size / e2e / 1e6:6.2f} MB/s")
    print(f"read alone:  {read:7.3f} s  {upcreates / read:10,.0f} upcreates/s")
    print(f"runtime's share: {e2e - read:.3f} s = {(e2e - read) / e2e:.0%} of end to end "
          f"({(e2e - read) / read:.0%} on top of reading)")
    print(f"parse alone: {alone:7.3f} s  {upcreates / alone:10,.0f} upcreates/s "
          f"({alone / read:.1f}x the time of reading)")
    print(f"parse alone from KaitaiStream instead of ParseStream: {kaitai:7.3f} s "
          f"({kaitai / alone:.2f}x the time)")

    for ticks in (args.memory_ticks, 4 * args.memory_ticks):
        gc.collect()
        tracemalloc.start()
        streamed = generate(args.seed, ticks=ticks, shapes=args.shapes)
        tracker = protocol.tracker()
        for _ in track(decode_records(streamed, protocol.decoder()), tracker):
            pass
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        live = len(tracker.snapshot()["entities"])
        print(f"peak memory, {ticks:5d} ticks streamed: {peak / 1e6:6.2f} MB "
              f"({streamed.upcreates} upcreates, {live} live entities at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
