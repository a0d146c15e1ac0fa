"""``wirestruct batch``: many captures into a dataset of Delta tables, on Dask."""
from __future__ import annotations

import argparse
import sys

from wirestruct.core.errors import EXIT_FAILED, EXIT_OK, UsageError
from wirestruct.plugin.registry import get_protocol
from wirestruct.tools import signals
from wirestruct.tools.cli import options


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("batch", help="many captures into a dataset of Delta tables, on Dask",
                       description="Decode many captures, one Dask task each, into a dataset: "
                                   "a Delta Lake table per table (DATASET/TABLE), each "
                                   "capture committed whole, known by the SHA-256 of its "
                                   "bytes (see docs/tables.md). Any number of runs may write "
                                   "one dataset at once. A local cluster of worker processes "
                                   "by default; --scheduler uses an existing Dask cluster.")
    p.add_argument("captures", nargs="*", metavar="CAPTURE",
                   help="capture files, directories (searched for *.jsonl, *.pcap, *.pcapng, "
                        "*.wscap) or glob patterns")
    options.add_protocol(p, detected=False)
    p.add_argument("--out", metavar="DATASET",
                   help="the dataset: a folder every worker reaches under this path, or an "
                        "object-store URL (s3://BUCKET/PREFIX, credentials and endpoint from "
                        "the usual AWS_* variables)")
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
                   help="the captures table's path column is relative to DIR, which must "
                        "hold every capture (default: each path as given)")
    p.add_argument("--force", action="store_true",
                   help="write again captures whose content the dataset holds")
    p.add_argument("--replace", action="store_true",
                   help="replace the rows the dataset holds of the same content (from any "
                        "path) in one commit; without it such captures are skipped")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--history", metavar="DATASET",
                      help="list the dataset's versions (who, when, which captures) and stop")
    what.add_argument("--vacuum", metavar="DATASET",
                      help="remove what interrupted or superseded writes left in the dataset "
                           "and files older versions need, older than --retention-hours")
    what.add_argument("--convert", metavar="OLD",
                      help="write a dataset of the earlier Parquet layout (_manifests/) into "
                           "the dataset --out")
    p.add_argument("--retention-hours", type=float, default=168.0, metavar="H",
                   help="with --vacuum: keep what is younger than H hours (default 168: "
                        "versions of the last week stay readable)")
    options.add_strict(p, "any capture failed")
    options.add_protocol_options(p, "batch")
    options.add_limits(p)
    options.examples(p, "batch")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from wirestruct.tools import batch

    if args.history:
        for entry in batch.history(args.history):
            print(batch.history_line(entry))
        return EXIT_OK
    if args.vacuum:
        done = batch.vacuum(args.vacuum, args.retention_hours)
        print(f"wirestruct: vacuum: {done['rows_removed_files']} files of unseen rows removed "
              f"from the tables, {done['files_deleted']} files deleted", file=sys.stderr)
        return EXIT_OK
    if not args.out:
        raise UsageError("batch needs --out DATASET (or --history / --vacuum DATASET)")
    if args.convert:
        summaries = batch.convert(args.convert, args.out)
        return EXIT_FAILED if any(s["status"] == "failed" for s in summaries) else EXIT_OK
    if not args.captures or not args.protocol:
        raise UsageError("batch needs CAPTURE... and --protocol")
    protocol = get_protocol(args.protocol)
    options.limits(args)                  # a bad --limit is a usage error before any work
    chosen = batch.BatchOptions(protocol=protocol.name, limits=list(args.limit or []),
                                options=options.protocol_options(args, protocol),
                                server=args.server, capture_format=args.capture_format,
                                batch_rows=args.batch_rows)
    try:
        summaries = batch.run_batch(args.captures, chosen, args.out, scheduler=args.scheduler,
                                    workers=args.workers, force=args.force,
                                    replace=args.replace, root=args.root)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt as stop:        # the totals so far are printed
        return signals.status(stop)
    if any(s.get("storage") for s in summaries):
        return EXIT_FAILED                   # rows the user asked for were not written
    failed = any(s.get("failure") or s["status"] == "failed" for s in summaries)
    return EXIT_FAILED if args.strict and failed else EXIT_OK
