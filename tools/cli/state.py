"""``wirestruct state``: the tracked world state after a capture, as one JSON document."""
from __future__ import annotations

import argparse
import sys

from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.tracker import Tracker
from wirestruct.output.formats import binary_stdout
from wirestruct.output.serialize import dumps_document
from wirestruct.plugin.protocol import Protocol
from wirestruct.tools.cli import options
from wirestruct.tools.cli.outputs import new_file
from wirestruct.tools.cli.run import Summary, events, resolve


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("state", help="the tracked world state after the capture, as JSON",
                       description="Track the game world across a capture and print its "
                                   "state as one JSON document (values shown as decode "
                                   "shows them).")
    options.add_capture(p, "state")
    p.add_argument("--upto", type=options.count, metavar="N",
                   help="the state after packet N (from 0)")
    options.add_count(p)
    p.add_argument("--errors", action="store_true", help="print each error event to stderr")
    p.add_argument("--compact", action="store_true", help="one-line JSON")
    p.add_argument("--raw", action="store_true",
                   help="values as the specs define them, as decode --raw shows them")
    p.add_argument("--big-ints", choices=("number", "string"), default="number",
                   help="string: integers beyond 2^53 as strings, for JavaScript and jq 1.6")
    options.add_strict(p, "any packet failed or --server matched nothing")
    options.add_follow(p)
    options.examples(p, "state")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    capture, protocol = resolve(args)
    tracker = protocol.tracker(limits=options.limits(args),
                               **options.protocol_options(args, protocol))
    summary = Summary(protocol, args)
    counter = options.Counter(args.count)
    stopped: KeyboardInterrupt | None = None
    with capture:
        try:
            for event in events(capture, protocol, args, tracker):
                summary.add(event)
                if isinstance(event, ErrorEvent) and args.errors:
                    print(f"wirestruct: {event.error}", file=sys.stderr)
                if (args.upto is not None and isinstance(event, PacketEvent)
                        and event.index >= args.upto):
                    break  # the tracker has applied packet N
                if counter.done(event):
                    break
        except KeyboardInterrupt as stop:
            stopped = stop       # the state so far is still printed
    out = binary_stdout()
    out.write(dumps_document(tracker.snapshot(), raw=args.raw, big_ints=args.big_ints,
                             indent=not args.compact))
    out.flush()
    _write_outputs(args, protocol, tracker)
    head = (f"state after {summary.packets} packets" if stopped
            else "state after the capture") + f", {summary.errors} errors" + (
        f" ({summary.errors - summary.state_errors} decoding, {summary.state_errors} in the "
        "tracked state)" if summary.state_errors else "")
    summary.print(head, stopped=stopped)
    return summary.status(args.strict, stopped)


def _write_outputs(args: argparse.Namespace, protocol: Protocol, tracker: Tracker) -> None:
    """The protocol's output options given (``--map-out FILE`` ...), each a new file."""
    for option in protocol.options:
        path = getattr(args, option.name, None) if option.output else None
        if path is not None:
            with new_file(path) as out:
                tracker.write_output(option.name, out)
