"""``wirestruct batch``: many captures into a Parquet dataset, on Dask."""
from __future__ import annotations

import argparse

from wirestruct.core.errors import EXIT_FAILED, EXIT_OK, UsageError
from wirestruct.plugin.registry import get_protocol
from wirestruct.tools import signals
from wirestruct.tools.cli import options


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("batch", help="many captures into a Parquet dataset, on Dask",
                       description="Decode many captures, one Dask task each, into a Parquet "
                                   "dataset: a folder per table (DATASET/TABLE, each read on "
                                   "its own by pandas, DuckDB or polars), partitioned by "
                                   "capture (see docs/tables.md). A capture's id is its path "
                                   "relative to --root. A local cluster of worker processes "
                                   "by default; --scheduler uses an existing Dask cluster.")
    p.add_argument("captures", nargs="+", metavar="CAPTURE",
                   help="capture files, directories (searched for *.jsonl, *.pcap, *.pcapng, "
                        "*.wscap) or glob patterns")
    options.add_protocol(p, required=True, detected=False)
    p.add_argument("--out", required=True, metavar="DATASET",
                   help="dataset folder; must be reachable under this path from every worker")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="an existing Dask scheduler (tcp://HOST:PORT); default: a local "
                        "cluster of worker processes")
    p.add_argument("--workers", type=int, metavar="N",
                   help="worker processes of the local cluster (default: one per core)")
    p.add_argument("--server", metavar="[HOST:]PORT", type=options.endpoint,
                   help="the game server in pcap captures")
    p.add_argument("--capture-format", choices=("jsonl", "pcap", "pcapng", "wscap"),
                   help="override format detection")
    p.add_argument("--batch-rows", type=int, default=16_384, metavar="N",
                   help="rows per record batch / Parquet row group (default 16384)")
    p.add_argument("--root", metavar="DIR",
                   help="capture ids are paths relative to DIR, which must hold every "
                        "capture (default: the current folder): the same file keeps its id "
                        "from run to run, files of the same name in different folders differ")
    p.add_argument("--force", action="store_true",
                   help="redo captures already written from the same content and options")
    p.add_argument("--replace", action="store_true",
                   help="replace captures the dataset holds from other content (a changed "
                        "file under the same id); without it they are refused, their rows "
                        "kept, and the run exits 1")
    options.add_strict(p, "any capture failed")
    options.add_protocol_options(p, "batch")
    options.add_limits(p)
    options.examples(p, "batch")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from wirestruct.tools.batch import BatchOptions, run_batch

    protocol = get_protocol(args.protocol)
    options.limits(args)                  # a bad --limit is a usage error before any work
    chosen = BatchOptions(protocol=protocol.name, limits=list(args.limit or []),
                          options=options.protocol_options(args, protocol),
                          server=args.server, capture_format=args.capture_format,
                          batch_rows=args.batch_rows)
    try:
        summaries = run_batch(args.captures, chosen, args.out, scheduler=args.scheduler,
                              workers=args.workers, force=args.force,
                              replace=args.replace, root=args.root)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt as stop:        # the totals so far are printed
        return signals.status(stop)
    if any(s["status"] == "refused" for s in summaries):
        return EXIT_FAILED                   # rows the user asked for were not written
    failed = any(s.get("failure") or s["status"] == "failed" for s in summaries)
    return EXIT_FAILED if args.strict and failed else EXIT_OK
