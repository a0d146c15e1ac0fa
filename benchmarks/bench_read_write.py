"""Read path of the read-write classes (wirestruct.generated_rw) against the read-only
ones (wirestruct.generated) the decoders use, on the same inputs; and the write path.

    python benchmarks/bench_read_write.py [--repeat 5] [--min-time 0.5]

Inputs: every root structure the decoders parse from each bundled sample
(samples/<protocol>.jsonl: packets, Scrap Mechanic sub-updates and bodies, diep packets)
and the test captures' frames (pcap, pcapng, link, IP, TCP/UDP), recorded once by running
the decoders (tests/write/write_roundtrip.py, the same recording the write tests use) and
not timed. Then, per input set:

- read-only: ``cls(*params, KaitaiStream(BytesIO(data)))`` (the class reads in its
  constructor), as wirestruct.core.parse.parse does;
- read-write: ``rw(*params, KaitaiStream(BytesIO(data)))._read()`` (no auto-read);
- write: ``_check()`` and ``_write()`` of the read-write objects into a new stream of
  the same size (parse instances fetched first, not timed).

Each figure is the best of ``--repeat`` runs of at least ``--min-time`` seconds, one
Python thread; run on an idle machine.

Checked before a set's figures are printed (untimed): the read-only and the read-write
classes read the same number of bytes of every input, and the write path writes every
input back byte for byte (byte total and SHA-256 of all of them); otherwise the script
exits 1 naming the path and its bytes.
"""
from __future__ import annotations

import argparse
import sys
import time
from io import BytesIO
from pathlib import Path

from kaitaistruct import KaitaiStream

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "write"))
import write_roundtrip as rt  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Digest, agree, fed  # noqa: E402

NAME = "bench_read_write"

SETS = (
    ("scrap-mechanic", lambda: rt.record_structures(
        lambda: rt.decode_capture("samples/scrap_mechanic.jsonl", "scrap-mechanic"), "sm")),
    ("mme", lambda: rt.record_structures(
        lambda: rt.decode_capture("samples/mme.jsonl", "mme"), "mme")),
    ("diep", lambda: rt.record_structures(
        lambda: rt.decode_capture("samples/diep.jsonl", "diep"), "diep")),
    ("capture", lambda: [s for path in rt.CAPTURE_FILES for s in rt.record_structures(
        lambda p=path: rt.read_capture(p), path)]),
)


def best_of(run, repeat: int, min_time: float) -> float:
    """Seconds for one call of ``run``: the best mean over ``repeat`` timed batches."""
    best = float("inf")
    for _ in range(repeat):
        calls, start = 0, time.perf_counter()
        while True:
            run()
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        best = min(best, elapsed / calls)
    return best


def checked(name: str, samples, objects) -> None:
    """The checks of the module doc."""
    read = {}
    for path in ("read-only", "read-write"):
        consumed = Digest()
        for s in fed(path, samples):
            cls = s.cls if path == "read-only" else rt.rw_class(s.cls)
            io = KaitaiStream(BytesIO(s.data))
            obj = cls(*s.params, io)
            if path == "read-write":
                obj._read()
            consumed.add(s.data[:io.pos()])
        read[path] = consumed
    agree(NAME, f"{name}: the bytes read", {"the inputs": Digest(s.data for s in samples),
                                             **read})
    written = Digest()
    for obj, size in fed("write", objects):
        out = BytesIO(bytearray(size))
        obj._check()
        obj._write(KaitaiStream(out))
        written.add(out.getvalue())
    agree(NAME, f"{name}: the bytes written", {"the inputs": Digest(s.data for s in samples),
                                                "write": written})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--min-time", type=float, default=0.5)
    args = parser.parse_args(argv)
    print(f"{'inputs':<15}{'structs':>8}{'bytes':>9}{'read-only':>12}{'read-write':>12}"
          f"{'ratio':>7}{'write':>12}")
    for name, collect in SETS:
        samples = collect()
        ro = [(s.cls, s.params, s.data) for s in samples]
        rw = [(rt.rw_class(s.cls), s.params, s.data) for s in samples]

        def read_only(ro=ro):
            for cls, params, data in ro:
                cls(*params, KaitaiStream(BytesIO(data)))

        def read_write(rw=rw):
            for cls, params, data in rw:
                cls(*params, KaitaiStream(BytesIO(data)))._read()

        objects = []
        for cls, params, data in rw:
            obj = cls(*params, KaitaiStream(BytesIO(data)))
            obj._read()
            obj._fetch_instances()
            objects.append((obj, len(data)))

        checked(name, samples, objects)

        def write(objects=objects):
            for obj, size in objects:
                obj._check()
                obj._write(KaitaiStream(BytesIO(bytearray(size))))

        t_ro = best_of(read_only, args.repeat, args.min_time)
        t_rw = best_of(read_write, args.repeat, args.min_time)
        t_w = best_of(write, args.repeat, args.min_time)
        total = sum(len(s.data) for s in samples)
        n = len(samples)
        print(f"{name:<15}{n:>8}{total:>9}{t_ro / n * 1e6:>10.1f}us{t_rw / n * 1e6:>10.1f}us"
              f"{t_rw / t_ro:>7.2f}{t_w / n * 1e6:>10.1f}us")
    print("per structure; ratio = read-write / read-only read time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
