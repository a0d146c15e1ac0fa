"""``wirestruct new NAME --ksy SPEC.ksy --transport T --sample CAPTURE``: a protocol given
by its specs written as a plug-in package (:mod:`wirestruct.tools.new_plugin`)."""
from __future__ import annotations

import argparse
from pathlib import Path

from wirestruct.adhoc import TRANSPORTS
from wirestruct.tools.cli import options

EXAMPLES = ("wirestruct new blip --ksy tests/data/adhoc --transport tcp --server 4000 "
            "--sample tests/data/adhoc/blip_tcp.pcap",
            "wirestruct new blip --ksy tests/data/adhoc/blip_pdu.ksy --ksy "
            "tests/data/adhoc/blip_types.ksy --transport messages --sample "
            "tests/data/adhoc/blip.jsonl --out wirestruct-blip")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "new", help="turn a protocol given by its specs into a plug-in package",
        description="Write a plug-in package for the protocol of the specs: pyproject.toml "
                    "with the entry point, the specs and their compiled Python and Lua, the "
                    "Protocol (wirestruct's generic decoder, state tally, encoder, Web IDE "
                    "export, tables and Wireshark dissector for a spec), the sample capture "
                    "and tests of its own (decode, encode round trip, export, tshark with "
                    "the dissector) that expect what the sample decodes to now. `pip "
                    "install NAME/` installs it; `pytest NAME/tests` runs its tests. A name "
                    "an installed protocol has, or a protocol or field name a built-in "
                    "Wireshark dissector has, is refused; nothing is written then.")
    p.add_argument("name", metavar="NAME",
                   help="the protocol's name (--protocol NAME once installed; the package "
                        "is wirestruct-NAME)")
    p.add_argument("--ksy", action="append", required=True, metavar="SPEC.ksy|DIR",
                   help="the specs: the root spec, whose top-level type is one packet, and "
                        "the ones it imports (repeat, or name their folder)")
    # not `transport`: the specs are the package's, not this run's protocol (settle_protocol)
    p.add_argument("--transport", dest="carried_by", choices=tuple(TRANSPORTS), required=True,
                   help="what carries one packet: tcp, udp, messages (JSON Lines records) "
                        "or ws")
    p.add_argument("--server", metavar="[HOST:]PORT",
                   help="the server's port (needed for tcp, udp and ws): where the decoder "
                        "finds the server and the dissector is registered")
    p.add_argument("--sample", metavar="CAPTURE", type=Path, required=True,
                   help="a capture of the protocol, which must decode without errors: the "
                        "package ships it and its tests expect what it decodes to")
    p.add_argument("--out", metavar="DIR", type=Path,
                   help="the package's folder, which must not exist (default: ./NAME)")
    p.add_argument("--tshark", metavar="PATH", default="tshark",
                   help="the tshark whose built-in names are refused (default: tshark on "
                        "the PATH; none there: not checked)")
    options.examples(p, "new", *EXAMPLES)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from wirestruct.tools.new_plugin import write_package

    done = write_package(args.name, args.ksy, args.carried_by, args.sample, args.server,
                         args.out, args.tshark)
    print(f"wrote the plug-in package {done.folder} ({len(done.files)} files): protocol "
          f"{args.name}, {done.packets} packets in its sample ({', '.join(done.names)})")
    print(f"  install it:   pip install {done.folder}")
    print(f"  test it:      pytest {done.folder / 'tests'}")
    print("  in Wireshark: wirestruct wireshark install")
    return 0
