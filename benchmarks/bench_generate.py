"""The session generators of this tree against an earlier wirestruct's, in one run.

    python benchmarks/bench_generate.py [--rev 82347c4] [--rounds 5] [--ticks 300]

Each protocol's generator (``protocol.generate``, seed 1) makes one session (diep.io and
Scrap Mechanic ``--ticks`` ticks, MME its default session) and its records are consumed;
nothing is written. The earlier
revision is installed once under ``benchmarks/.against/<rev>/`` as ``bench_against.py``
does, this tree beside it, and child processes alternate (earlier, this tree, ...), each
timing the generator in CPU seconds, best of three in the process. Prints the best of
``--rounds`` child runs each, the ratio (earlier / this tree: above 1 is faster now)
and the load average before and after.

Both must make the same session: each child reports its records' bytes per stream and
direction (byte total and SHA-256), the same in its three runs, and the two revisions
must agree on them, or the script exits 1 naming both (a generator that makes less
would look faster).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

from agreement import Seen, agree
from bench_against import ROOT, install, install_this_tree

NAME = "bench_generate"
#: Run in the child: time one generator with the wirestruct on sys.path; prints
#: {"seconds": s, "records": the digest of the records' bytes per stream and direction}.
CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[4])
from agreement import agree, fed, isolated, records_flows
isolated()
from wirestruct import get_protocol
name, ticks, label = sys.argv[1], int(sys.argv[2]), sys.argv[3]
protocol = get_protocol(name)

def make():
    return protocol.generate(1, None if name == "mme" else ticks)

best, made = float("inf"), {}
for run in range(3):
    start = time.process_time()
    records = list(make())
    best = min(best, time.process_time() - start)
    made[f"{label}, run {run + 1}"] = records_flows(
        fed(label, [r for r in records if hasattr(r, "data")]))
agree("bench_generate", f"{name}: the sessions of {label}", made)
print(json.dumps({"seconds": best, "records": next(iter(made.values())).to_json()}))
"""

PROTOCOLS = ("diep", "scrap-mechanic", "mme")


def child(name: str, ticks: int, pythonpath: os.PathLike, label: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(pythonpath), PYTHONNOUSERSITE="1")
    done = subprocess.run([sys.executable, "-c", CHILD, name, str(ticks), label,
                           os.path.dirname(os.path.abspath(__file__))], env=env,
                          capture_output=True, text=True, cwd=tempfile.gettempdir())
    if done.returncode:
        raise SystemExit(f"{name} with {pythonpath} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="82347c4",
                        help="the earlier revision (default: the one before the diep.io "
                             "update writer)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ticks", type=int, default=300)
    parser.add_argument("--only", nargs="*", default=None, choices=PROTOCOLS,
                        help="protocols to run")
    args = parser.parse_args(argv)
    earlier = install(args.rev)
    current = install_this_tree()
    load = os.getloadavg()[0]
    print(f"earlier: {args.rev} ({earlier.name}); this tree: {ROOT}")
    print("| protocol | records MB | earlier CPU s | this tree CPU s | earlier / now |")
    print("|---|---|---|---|---|")
    for name in args.only or PROTOCOLS:
        best = {"was": float("inf"), "now": float("inf")}
        made: dict[str, Seen] = {}
        for _ in range(args.rounds):
            for key, where in (("was", earlier), ("now", current)):
                got = child(name, args.ticks, where, key)
                best[key] = min(best[key], got["seconds"])
                made[key] = Seen(got["records"])
            agree(NAME, f"{name}: the sessions of {args.rev} and this tree",
                  {args.rev: made["was"], "this tree": made["now"]})
        print(f"| {name} | {made['now'].size / 1e6:.2f} | {best['was']:.3f} | "
              f"{best['now']:.3f} | {best['was'] / best['now']:.2f} |", flush=True)
    print(f"best of {args.rounds} alternating child runs (each best of 3), CPU seconds; "
          f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
