"""``wirestruct fields -p P [PACKET]``: the packet names and field paths ``--only`` and
``--format fields -e`` take (tshark's ``-G fields``)."""
from __future__ import annotations

import argparse
import sys

from wirestruct.core.errors import EXIT_OK, UsageError
from wirestruct.output import catalog
from wirestruct.plugin.registry import get_protocol
from wirestruct.tools.cli import options


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fields", help="the packet names and field paths of a protocol",
                       description="List a protocol's packet names and, for each, the field "
                                   "paths its events hold (as --format fields -e NAME and "
                                   "--only name them): one line each, packet and path "
                                   "separated by a tab; the event keys every event has come "
                                   "first, under '*'.")
    options.add_protocol(p, required=True, detected=False)
    p.add_argument("packet", nargs="?", metavar="PACKET", help="only this packet's fields")
    options.examples(p, "fields")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    protocol = get_protocol(args.protocol)
    paths = catalog.field_paths(protocol)
    names = sorted(catalog.packet_names(protocol) | set(paths))
    if args.packet is not None:
        if not catalog.is_packet_name(protocol, args.packet):
            close = catalog.close_names(protocol, args.packet)
            raise UsageError(f"no {protocol.name} packet is named {args.packet}"
                             + (f"; did you mean {' or '.join(close)}?" if close else ""))
        names = [args.packet]
    out = sys.stdout
    if args.packet is None:
        for key in catalog.EVENT_KEYS:
            out.write(f"*\t{key}\n")
    for name in names:
        found = sorted(paths.get(name, ()))
        if not found:
            out.write(f"{name}\n")           # a packet the protocol's sessions do not hold
        for path in found:
            out.write(f"{name}\t{path}\n")
    return EXIT_OK
