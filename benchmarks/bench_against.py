"""``state`` and ``decode`` of this tree against an earlier wirestruct, in one run.

    python benchmarks/bench_against.py [--rev e28a029] [--rounds 5] [--ticks 400] [--segments]

The earlier revision (default: the one the speed work started from) is installed once into
``benchmarks/.against/<rev>/`` (``git archive`` of the revision + ``pip install --no-deps
--target``; not committed). Per protocol, one capture is written as JSON Lines (diep.io
and Scrap Mechanic from the generators, MME the bundled sample repeated, with
``--segments`` cut into TCP segment-sized pieces so packets span records), and child
processes alternate (earlier, this tree, earlier, ...), each reading the capture into
memory and timing, in CPU seconds, best of three in the process:

* ``state``: decode + track (what ``wirestruct state`` runs, without printing);
* ``decode``: decode + one JSON object per event, the serializer each revision's
  ``wirestruct decode`` uses (``wirestruct.output.serialize``, or before it the command line's
  ``event_json`` + ``json.dumps``), written to ``/dev/null``.

Prints the best of ``--rounds`` child runs for each, the ratios (earlier / this tree: above
1 is faster now; decode / state per revision) and the load average before and after.

Each child also checks, untimed, what it decoded: its top-level packets' bytes per stream
and direction (byte total and SHA-256) must be the capture's, with no error event, and
the two revisions must agree on them; otherwise the script exits 1 naming each run's
bytes. Whether the trackers' snapshots (``state``'s document, its JSON with sorted keys)
are the same is printed beside the figures, with their sizes: what the trackers keep
grew between revisions, so ``state`` may do more work now by design. (The ``decode``
lines are not compared: the output's form changed between revisions.)
``WIRESTRUCT_BENCH_INSTALLED=DIR`` (for the tests) uses the package in ``DIR`` for both
sides instead of installing them.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Seen, agree  # noqa: E402

NAME = "bench_against"
ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(__file__).resolve().parent / ".against"

#: Run in the child: time `state` and `decode` of one capture with the wirestruct on
#: sys.path; prints {"state": s, "decode": s, "packets": digest, "snapshot": digest}.
CHILD = r"""
import gc, json, os, sys, time
sys.path.insert(0, sys.argv[4])
from agreement import Digest, agree, fed, isolated, packet_flows, records_flows, require
isolated()
from wirestruct import CaptureRecord, decode_records, get_protocol, open_capture, track
try:
    from wirestruct.output.serialize import dumps_event
except ImportError:  # before the output package
    try:
        from wirestruct.serialize import dumps_event
    except ImportError:  # before wirestruct.serialize: the command line's own event_json
        dumps_event = None
try:
    from wirestruct.output.serialize import dumps_document as document
except ImportError:  # before the snapshot had its own serializer
    document = json.dumps
if dumps_event is not None:
    def line(event):
        return dumps_event(event)
else:
    from wirestruct.tools.cli import event_json
    def line(event):
        return json.dumps(event_json(event)).encode()
path, name, label = sys.argv[1], sys.argv[2], sys.argv[3]
protocol = get_protocol(name)
with open_capture(path) as capture:   # JSON Lines: read the same way by every revision
    records = [r for r in capture if isinstance(r, CaptureRecord)]
want = records_flows(records)
records = list(fed(label, records))
flows, errors = packet_flows(decode_records(records, protocol.decoder()))
require("bench_against", not errors, f"{name} ({label}): {errors} error events")
agree("bench_against", f"{name} ({label}): the packets decoded",
      {"the capture": want, label: flows})
tracker = protocol.tracker()
for _ in track(decode_records(records, protocol.decoder()), tracker):
    pass
snapshot = document(tracker.snapshot())      # the same JSON, however each revision spaces it
snapshot = Digest([json.dumps(json.loads(snapshot), sort_keys=True).encode()])
def state():
    tracker = protocol.tracker()
    for _ in track(decode_records(records, protocol.decoder()), tracker):
        pass
    document(tracker.snapshot())
def decode():
    with open(os.devnull, "wb") as out:
        for event in decode_records(records, protocol.decoder()):
            out.write(line(event) + b"\n")
def cpu(fn):
    gc.collect()
    start = time.process_time()
    fn()
    return time.process_time() - start
state(); decode()
print(json.dumps({"state": min(cpu(state) for _ in range(3)),
                  "decode": min(cpu(decode) for _ in range(3)),
                  "packets": flows.to_json(), "snapshot": snapshot.to_json()}))
"""


#: For the tests: a folder holding the package ``wirestruct``, used for both sides.
INSTALLED = "WIRESTRUCT_BENCH_INSTALLED"


def install(rev: str) -> Path:
    """The revision's package, installed for import (once)."""
    if os.environ.get(INSTALLED):
        return Path(os.environ[INSTALLED])
    full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", rev],
                          check=True, capture_output=True, text=True).stdout.strip()
    target = CACHE / full
    if (target / "wirestruct").is_dir():
        return target
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", full],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                        "--target", str(target), str(tree)], check=True)
        # Early revisions read their build tables from the checkout's ksy/, next to the
        # package folder.
        shutil.copytree(tree / "ksy", target / "ksy", dirs_exist_ok=True)
    return target


def install_this_tree() -> Path:
    """This tree, installed as :func:`install` installs a revision (an editable install
    may be another checkout), afresh each run."""
    if os.environ.get(INSTALLED):
        return Path(os.environ[INSTALLED])
    current = CACHE / "this-tree"
    shutil.rmtree(current, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(current), str(ROOT)], check=True)
    return current


def captures(folder: Path, ticks: int, segments: bool = False) -> dict[str, Path]:
    """One JSON Lines capture per protocol; with ``segments``, each MME record is cut into
    pieces of 1 to 1,460 bytes (seeded), so packets span records as in TCP segments."""
    import random

    from wirestruct.captures import open_capture
    from wirestruct.core.records import CaptureRecord
    from wirestruct.protocols.diep.generate import generate
    from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator

    def write(name: str, records) -> Path:
        path = folder / f"{name}.jsonl"
        with path.open("w") as out:
            for r in records:
                out.write(json.dumps({"t": r.t, "dir": r.direction.label, "stream": r.stream,
                                      "data": r.data.hex()}) + "\n")
        return path

    with open_capture(ROOT / "samples" / "mme.jsonl") as capture:
        mme = [r for r in capture if isinstance(r, CaptureRecord)]
    span = mme[-1].t - mme[0].t + 1.0
    mme = [CaptureRecord(i, r.t + copy * span, r.direction, r.data, r.stream + copy * 1000)
           for copy in range(4) for i, r in enumerate(mme)]
    if segments:
        rng = random.Random(7)
        cut = []
        for r in mme:
            pos = 0
            while pos < len(r.data):
                size = rng.randint(1, 1460)
                cut.append(CaptureRecord(len(cut), r.t, r.direction, r.data[pos:pos + size],
                                         r.stream))
                pos += size
        mme = cut
    return {"diep": write("diep", generate(7, ticks=ticks, shapes=160)),
            "scrap-mechanic": write("scrap_mechanic", SessionGenerator(7, ticks * 10)),
            "mme": write("mme", mme)}


def child(path: Path, name: str, pythonpath: Path, label: str) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(pythonpath), PYTHONNOUSERSITE="1")
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), name, label,
                           str(Path(__file__).resolve().parent)], env=env,
                          capture_output=True, text=True, cwd=tempfile.gettempdir())
    if done.returncode:
        raise SystemExit(f"{name} with {pythonpath} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="e28a029",
                        help="the earlier revision (default: where the speed work started)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ticks", type=int, default=400)
    parser.add_argument("--only", nargs="*", default=None, help="protocols to run")
    parser.add_argument("--segments", action="store_true",
                        help="cut the MME records into TCP-segment-sized pieces")
    args = parser.parse_args(argv)
    earlier = install(args.rev)
    current = install_this_tree()
    load = os.getloadavg()[0]
    print(f"earlier: {args.rev} ({earlier.name}); this tree: {ROOT}")
    print(f"{'protocol':<15} {'state was':>9} {'state now':>9} {'was/now':>8} "
          f"{'decode was':>10} {'decode now':>10} {'was/now':>8} "
          f"{'d/s was':>8} {'d/s now':>8}  snapshot was / now")
    with tempfile.TemporaryDirectory() as tmp:
        files = captures(Path(tmp), args.ticks, args.segments)
        for name, path in files.items():
            if args.only and name not in args.only:
                continue
            best = {"was": {"state": float("inf"), "decode": float("inf")},
                    "now": {"state": float("inf"), "decode": float("inf")}}
            for _ in range(args.rounds):
                seen = {}
                for key, where in (("was", earlier), ("now", current)):
                    got = child(path, name, where, key)
                    seen[key] = got
                    for kind in ("state", "decode"):
                        best[key][kind] = min(best[key][kind], got[kind])
                agree(NAME, f"{name}: the packets decoded by {args.rev} and this tree",
                      {args.rev: Seen(seen["was"]["packets"]),
                       "this tree": Seen(seen["now"]["packets"])})
            snapshots = [Seen(seen[key]["snapshot"]) for key in ("was", "now")]
            same = ("same" if snapshots[0].key() == snapshots[1].key() else
                    f"{snapshots[0].size:,} / {snapshots[1].size:,} B")
            was, now = best["was"], best["now"]
            print(f"{name:<15} {was['state']:>9.3f} {now['state']:>9.3f} "
                  f"{was['state'] / now['state']:>8.2f} {was['decode']:>10.3f} "
                  f"{now['decode']:>10.3f} {was['decode'] / now['decode']:>8.2f} "
                  f"{was['decode'] / was['state']:>8.2f} {now['decode'] / now['state']:>8.2f}"
                  f"  {same}", flush=True)
    print(f"best of {args.rounds} alternating child runs (each best of 3), CPU seconds; "
          f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
