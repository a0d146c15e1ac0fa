"""``wirestruct export``: files to open in the Kaitai Web IDE."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from wirestruct.core.errors import EXIT_FAILED, EXIT_OK
from wirestruct.tools import progress
from wirestruct.tools.cli import options
from wirestruct.tools.cli.run import resolve


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="files to open in the Kaitai Web IDE",
                       description="Write the capture, one file per packet (compression and "
                                   "deltas expanded) and the specs, to open in the Kaitai "
                                   "Web IDE.")
    options.add_capture(p, "export")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="a new or empty directory (nothing is written through symbolic links)")
    p.add_argument("--force", action="store_true",
                   help="DIR holds a previous export: remove the files its manifest lists "
                        "(other files stay, named in a warning)")
    p.add_argument("--only", metavar="NAME,...",
                   help="files for the packets of these names only (the container holds the "
                        "whole capture)")
    p.add_argument("--upto", type=options.count, metavar="N",
                   help="stop after packet N (from 0)")
    p.add_argument("--verify", action="store_true",
                   help="open every file with the JavaScript build of its spec under Node, "
                        "as the Web IDE would, and compare with the Python parse")
    options.examples(p, "export")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from wirestruct.tools.webide import export_capture, prepare_out_dir

    limits = options.limits(args)  # a bad --limit is a usage error before anything is written
    capture, protocol = resolve(args)
    with capture:
        options.packet_names(args, protocol)
        made = not os.path.lexists(args.out)
        for warning in prepare_out_dir(Path(args.out), force=args.force):
            print(f"wirestruct: warning: {warning}", file=sys.stderr)
        records = progress.for_capture(capture).wrap(capture.records(protocol))
        decoder = protocol.decoder(limits=limits, **options.protocol_options(args, protocol))
        try:
            index = export_capture(records, protocol, decoder, Path(args.out),
                                   only=options.packet_names(args, protocol), upto=args.upto)
        except BaseException:
            if made:                # the folder this run made goes too, when it is empty
                try:
                    os.rmdir(args.out)
                except OSError:
                    pass
            raise
    print(f"wirestruct: wrote {len(index['files'])} packet files, {len(index['specs'])} specs "
          f"and capture.wscap to {args.out} (see INDEX.txt); {len(index['errors'])} errors",
          file=sys.stderr)
    if args.verify:
        from wirestruct.tools.webide import verify_export
        _, problems = verify_export(Path(args.out))
        for problem in problems:
            print(f"wirestruct: {problem}", file=sys.stderr)
        if problems:
            return EXIT_FAILED
        print("wirestruct: verified: every file opens with the JavaScript build of its spec "
              "and agrees with the Python parse", file=sys.stderr)
    return EXIT_OK
