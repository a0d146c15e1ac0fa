"""``wirestruct batch`` on a local Dask cluster: 16 captures with 1 and 2 worker processes.

    python benchmarks/bench_batch.py [--protocol scrap-mechanic] [--captures 16]
                                     [--ticks 600] [--workers 1,2]   (e.g. 1,2,1,2)

* Generates ``--captures`` seeded captures of the protocol (not timed), starts a
  ``distributed.LocalCluster`` of N worker processes (one thread each), imports wirestruct
  on every worker with a warm-up task (not timed), then times ``run_batch`` into a fresh
  dataset: hashing, decode, track, tables, Parquet files, Delta commits.
* Checks that every run wrote the same rows (each table of each dataset read with
  ``wirestruct.dataset.open``, ``write_id`` aside, compared) before it prints a speedup.
* Prints wall time, captures/s, rows/s, the speedup over 1 worker, the peak resident
  memory of each worker process (``getrusage``; it includes Python, pyarrow and Dask) and
  the commit overhead per capture: the time from the files written to the captures row
  committed (one Delta commit per table with rows, then the captures commit), as seconds
  and as a share of the capture's task; and the CPU seconds the workers used (two workers
  that get less than two cores' worth of it show a loaded machine, not the batch).
* Memory flat in capture length: one capture of ``--ticks`` and one of 4x as many ticks,
  each processed alone in a fresh process; their peak resident memory is printed.
* The 1-minute load average is printed before and after: on a shared machine the figures
  move with it.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from distributed import Client, LocalCluster
from wirestruct.tools.batch import BatchOptions, run_batch

HERE = Path(__file__).resolve().parent


def write_captures(protocol: str, folder: Path, count: int, ticks: int) -> list:
    from wirestruct.protocols.diep import generate as generate_diep
    from wirestruct.protocols.mme import generate as generate_mme
    from wirestruct.protocols.scrap_mechanic import generate as generate_scrap_mechanic

    paths = []
    for seed in range(1, count + 1):
        path = folder / f"{protocol}-{seed:03d}.jsonl"
        if protocol == "scrap-mechanic":
            with open(path, "w", encoding="utf-8") as out:
                generate_scrap_mechanic.write_jsonl(
                    generate_scrap_mechanic.SessionGenerator(seed, ticks), out)
        elif protocol == "diep":
            with open(path, "w", encoding="utf-8") as out:
                generate_diep.write_jsonl(generate_diep.generate(seed, ticks=ticks), out)
        else:
            turns = generate_mme.session_turns(seed, chatty_rounds=ticks // 4)
            generate_mme.write_jsonl(generate_mme.session_records(turns, seed), path)
        paths.append(path)
    return paths


def _warm(_: int) -> int:
    import wirestruct.tables
    import wirestruct.tools.batch  # noqa: F401
    return os.getpid()


def run(paths: list, protocol: str, workers: int, out: Path) -> dict:
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.gather(client.map(_warm, range(workers * 4), pure=False))
        before = client.run(_cpu)
        start = time.perf_counter()
        summaries = run_batch([str(p) for p in paths], BatchOptions(protocol), str(out),
                              client=client,
                              root=os.path.commonpath([p.parent for p in paths]),
                              log=io.StringIO())
        seconds = time.perf_counter() - start
        peaks = client.run(_peak)
        cpu = sum(client.run(_cpu).values()) - sum(before.values())
    written = [s for s in summaries if s["status"] == "written" and not s.get("failure")]
    if len(written) != len(paths):
        raise SystemExit(f"{workers} worker(s): {len(written)} of {len(paths)} captures "
                         "written; no figures")
    rows = sum(sum(s["rows"].values()) for s in summaries)
    commits = [s["commit_seconds"] for s in written]
    tasks = [s["seconds"] for s in written]
    return {"workers": workers, "seconds": seconds, "captures": len(summaries),
            "rows": rows, "peaks": sorted(peaks.values()),
            "commit": sum(commits) / len(commits), "share": sum(commits) / sum(tasks),
            "cpu": cpu}


def contents(out: Path) -> dict[str, list]:
    """Every table's rows (``write_id`` aside), sorted: what two runs must agree on."""
    from wirestruct import dataset

    data = dataset.open(out)
    return {name: sorted(map(repr, data.arrow(name).to_pylist())) for name in data.names}


def _cpu() -> float:
    """CPU seconds (user and system) this worker process has used."""
    import resource
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _peak() -> int:
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def alone(path: Path, protocol: str, out: Path) -> int:
    """Peak resident memory of a fresh process that processes one capture."""
    code = ("import json, sys; from wirestruct.tables import file_sha256; "
            "from wirestruct.tools.batch import BatchOptions, process_capture; "
            "from wirestruct.tools.dataset_writer import prepare; prepare(sys.argv[2]); "
            "s = process_capture(sys.argv[1], 'c', file_sha256(sys.argv[1]), sys.argv[2], "
            "BatchOptions(sys.argv[3]), False, 'bench', 'w'); print(json.dumps(s['peak_rss']))")
    done = subprocess.run([sys.executable, "-c", code, str(path), str(out), protocol],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--protocol", default="scrap-mechanic",
                        choices=("scrap-mechanic", "mme", "diep"))
    parser.add_argument("--captures", type=int, default=16)
    parser.add_argument("--ticks", type=int, default=600)
    parser.add_argument("--workers", default="1,2", help="worker counts, comma-separated")
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths = write_captures(args.protocol, folder, args.captures, args.ticks)
        size = sum(p.stat().st_size for p in paths)
        print(f"{len(paths)} {args.protocol} captures of {args.ticks} ticks, "
              f"{size / 1e6:.1f} MB in all")
        base = None
        first = None
        for run_number, workers in enumerate(int(w) for w in args.workers.split(",")):
            out = folder / f"out-{run_number}-{workers}"
            result = run(paths, args.protocol, workers, out)
            rows = contents(out)
            if first is None:
                first = rows
            elif rows != first:
                raise SystemExit(f"{workers} worker(s) wrote other rows than the first run; "
                                 "no figures")
            if workers == 1:
                base = result["seconds"]
            speedup = f"{base / result['seconds']:.2f}x" if base else "n/a"
            peaks = ", ".join(f"{p / 2**20:.0f}" for p in result["peaks"])
            print(f"{workers} worker(s): {result['seconds']:.2f} s, "
                  f"{result['captures'] / result['seconds']:.2f} captures/s, "
                  f"{result['rows'] / result['seconds']:,.0f} rows/s, "
                  f"speedup {speedup} (same rows: {sum(map(len, rows.values())):,} in "
                  f"{len(rows)} tables), peak RSS per worker [{peaks}] MiB, "
                  f"commit {result['commit'] * 1000:.0f} ms per capture "
                  f"({result['share']:.1%} of its task), worker CPU {result['cpu']:.2f} s "
                  f"(load {os.getloadavg()[0]:.2f})", flush=True)
        (folder / "x4").mkdir()
        longer = write_captures(args.protocol, folder / "x4", 1, args.ticks * 4)
        one = alone(paths[0], args.protocol, folder / "alone-1")
        four = alone(longer[0], args.protocol, folder / "alone-4")
        print(f"one capture alone, peak RSS: {args.ticks} ticks "
              f"({paths[0].stat().st_size / 1e6:.1f} MB) {one / 2**20:.0f} MiB; "
              f"{args.ticks * 4} ticks ({longer[0].stat().st_size / 1e6:.1f} MB) "
              f"{four / 2**20:.0f} MiB")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
