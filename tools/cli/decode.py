"""``wirestruct decode``: every packet of a capture, decoded."""
from __future__ import annotations

import argparse
import sys

from wirestruct import parallel
from wirestruct.captures import Capture
from wirestruct.output import formats
from wirestruct.plugin.protocol import Protocol
from wirestruct.tools.cli import options
from wirestruct.tools.cli.run import Summary, events, resolve


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("decode", help="every packet of a capture, decoded (JSON Lines)",
                       description="Decode every packet of a capture: one JSON object a line "
                                   "on stdout (error events included), a summary on stderr.")
    options.add_capture(p, "decode")
    options.add_output(p, default=None)
    p.add_argument("--upto", type=options.count, metavar="N", help="stop after packet N (from 0)")
    options.add_count(p)
    options.add_strict(p, "any packet failed or --server matched nothing")
    p.add_argument("--jobs", "-j", type=options.jobs, metavar="N", default="auto",
                   help="processes parsing and serializing packets; the output is the same. "
                        "auto (the default): every core for a capture file of "
                        f"{parallel.AUTO_MIN_BYTES >> 20} MiB or more of a protocol that "
                        "gains from it, else 1. Used with --format jsonl, without --only, "
                        "--upto, --follow, standard input or --big-ints string")
    options.add_follow(p)
    options.examples(p, "decode")
    p.set_defaults(func=run)


def writer(args: argparse.Namespace, protocol: Protocol | None) -> formats.EventWriter:
    chosen = options.output_options(args, protocol, tty=sys.stdout.isatty())
    return formats.EventWriter(formats.binary_stdout(), chosen)


def run(args: argparse.Namespace) -> int:
    writer(args, None)                  # bad output options are a usage error before reading
    capture, protocol = resolve(args)
    out = writer(args, protocol)
    if args.jobs == 0:
        args.jobs = parallel.auto_jobs(protocol, args.capture)
    if _parallel(args, out):
        return _run_parallel(args, capture, protocol, out)
    summary = Summary(protocol, args)
    stopped: KeyboardInterrupt | None = None
    live = args.follow or args.capture == "-"   # a reader downstream sees each packet now
    counter = options.Counter(args.count, whole=not live)
    with capture, out.recording():
        try:
            for event in events(capture, protocol, args):
                if counter.past(event):
                    break
                summary.add(event)
                out.write(event)
                if live:
                    out.out.flush()
                if args.upto is not None and event.index is not None and event.index >= args.upto:
                    break
                if counter.done(event):
                    break
        except KeyboardInterrupt as stop:
            stopped = stop
    out.close()
    out.out.flush()
    summary.print(f"{summary.packets} packets, {summary.errors} errors", stopped=stopped)
    return summary.status(args.strict, stopped)


def _parallel(args: argparse.Namespace, out: formats.EventWriter) -> bool:
    """Whether ``decode`` runs on worker processes: --jobs above 1, JSON Lines output whose
    lines depend on nothing but their event, and a whole capture file."""
    return (args.jobs > 1 and args.upto is None and args.count is None and not args.follow
            and args.capture != "-"
            and not args.only and args.big_ints == "number"
            and out.options.format == "jsonl")


def _run_parallel(args: argparse.Namespace, capture: Capture, protocol: Protocol,
                  out: formats.EventWriter) -> int:
    stopped: KeyboardInterrupt | None = None
    with capture:
        lines = parallel.decode_lines(capture, protocol, jobs=args.jobs,
                                      fmt=(args.raw, args.big_ints),
                                      limits=options.limits(args),
                                      options=options.protocol_options(args, protocol))
        chunks = iter(lines)
        try:
            for text in chunks:
                out.out.write(text)
        except KeyboardInterrupt as stop:
            stopped = stop
        finally:
            chunks.close()      # the workers end now, not when the iterator is collected
    out.out.flush()
    if lines.no_workers is not None:
        print(f"wirestruct: decoded in one process: no worker process could be started "
              f"({lines.no_workers})", file=sys.stderr)
    summary = Summary(protocol, args)
    tally = lines.tally
    summary.packets, summary.errors, summary.unknown = tally.packets, tally.errors, tally.unknown
    summary.print(f"{tally.packets} packets, {tally.errors} errors", stopped=stopped)
    return summary.status(args.strict, stopped)
