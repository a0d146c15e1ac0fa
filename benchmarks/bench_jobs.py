"""``wirestruct decode --jobs 1`` against ``--jobs 2`` on larger generated captures, one per
protocol, through the real command line.

    python benchmarks/bench_jobs.py [--scale 1] [--repeat 3] [--jobs 2]

Each capture is generated first (seeded, not timed) into a temporary folder. Every run is
the command line's ``main(["decode", CAPTURE, "-p", P, "--jobs", N])`` in a new Python
process (this script with ``--run``), output to /dev/null. Printed per protocol and
``--jobs``: wall time of that process, and CPU time (user + system) of the process and of
the workers (their CPU time while decoding the chunks; worker start-up is not in it), best
of ``--repeat`` runs by wall time; the speedup (wall time of --jobs 1 / --jobs N); the
load average around the runs. Both outputs are compared before any figure of the
protocol is printed: they must be the same bytes (byte total and SHA-256), or the script
exits 1 naming both.

The machine's other work shows in wall times: read the load average next to them; the
speedup means something only on a quiet machine with at least N cores.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Digest, agree, dropping  # noqa: E402

NAME = "bench_jobs"
CAPTURES = {
    # protocol: (generator module, arguments, scale unit)
    "scrap-mechanic": ("wirestruct.protocols.scrap_mechanic.generate", ["--ticks"], 3000),
    "mme": ("wirestruct.protocols.mme.generate", ["jsonl", "--rounds"], 3000),
    "diep": ("wirestruct.protocols.diep.generate", ["--ticks"], 400),
}


def generate(folder: Path, protocol: str, scale: float) -> Path:
    module, args, unit = CAPTURES[protocol]
    out = folder / f"{protocol}.jsonl"
    subprocess.run([sys.executable, "-m", module, *args, str(max(1, int(unit * scale))),
                    "--seed", "7", "--out", str(out)], check=True, stdout=subprocess.DEVNULL)
    return out


def decode(capture: Path, protocol: str, jobs: int, out_path: str = os.devnull):
    """(wall seconds, CPU seconds of the command, CPU seconds of its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(out_path, "wb") as out:
        done = subprocess.run([sys.executable, __file__, "--run", str(capture), protocol,
                               str(jobs)], check=True, stdout=out, stderr=subprocess.PIPE,
                              text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, float(done.stderr.splitlines()[-1].split()[-1])


def run_decode(capture: str, protocol: str, jobs: str) -> int:
    """``wirestruct decode``, saying on the last stderr line the workers' CPU seconds."""
    from wirestruct import parallel
    from wirestruct.tools import cli

    runs = []
    decode_lines = parallel.decode_lines

    def recorded(*args, **kw):
        runs.append(decode_lines(*args, **kw))
        return runs[-1]

    parallel.decode_lines = recorded
    if dropping(f"--jobs {jobs}"):              # the fault hook: one packet less
        lines = Path(capture).read_bytes().splitlines(keepends=True)
        capture = str(Path(capture).with_suffix(".short.jsonl"))
        Path(capture).write_bytes(b"".join(lines[:len(lines) // 2] + lines[len(lines) // 2 + 1:]))
    status = cli.main(["decode", capture, "-p", protocol, "--jobs", jobs])
    print(f"worker cpu {sum(r.tally.worker_cpu for r in runs):.3f}", file=sys.stderr)
    return status


def digest(path: str) -> Digest:
    got = Digest()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            got.add(block)
    return got


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="capture size factor")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="compared with --jobs 1")
    parser.add_argument("--protocol", action="append", choices=list(CAPTURES),
                        help="only this protocol (repeatable)")
    parser.add_argument("--run", nargs=3, metavar=("CAPTURE", "PROTOCOL", "JOBS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        return run_decode(*args.run)
    print(f"cores available: {len(os.sched_getaffinity(0))}; load average at start: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"{'protocol':<15} {'MB':>6} {'jobs':>4} {'wall s':>8} {'cpu s':>8} "
          f"{'workers':>8} {'speedup':>8}  load (1 min) before/after")
    with tempfile.TemporaryDirectory() as tmp:
        for protocol in args.protocol or list(CAPTURES):
            capture = generate(Path(tmp), protocol, args.scale)
            size = capture.stat().st_size / 1e6
            outputs = [str(Path(tmp) / f"out{jobs}") for jobs in (1, args.jobs)]
            for jobs, out in zip((1, args.jobs), outputs):
                decode(capture, protocol, jobs, out)            # warm up, and the output
            agree(NAME, f"{protocol}: the output of `wirestruct decode`", {
                f"--jobs {jobs}": digest(out) for jobs, out in zip((1, args.jobs), outputs)})
            best = {}
            for jobs in (1, args.jobs):
                load_before = os.getloadavg()[0]
                best[jobs] = min(decode(capture, protocol, jobs) for _ in range(args.repeat))
                load_after = os.getloadavg()[0]
                wall, cpu, workers = best[jobs]
                speedup = best[1][0] / wall
                print(f"{protocol:<15} {size:>6.1f} {jobs:>4} {wall:>8.2f} {cpu:>8.2f} "
                      f"{workers:>8.2f} {speedup:>7.2f}x  {load_before:.2f} / {load_after:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
