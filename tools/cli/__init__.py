"""The ``wirestruct`` command line, one module per command.

    wirestruct decode CAPTURE [--protocol P] [--format summary|tree|jsonl|fields]   every packet
    wirestruct state  CAPTURE [--protocol P] [--upto N]            tracked world state, JSON
    wirestruct export CAPTURE [--protocol P] --out DIR             files for the Kaitai Web IDE
    wirestruct convert CAPTURE --to jsonl|wscap|pcap|pcapng --out FILE   between formats
    wirestruct encode EVENTS|- --protocol P --out CAPTURE           decoded events back to packets
    wirestruct show HEX|FILE --protocol P [--dir s2c|c2s]          one packet, as a tree
    wirestruct regen [--check]                                     ksy/ -> generated/
    wirestruct batch CAPTURES... --protocol P --out DATASET        many captures -> Parquet
    wirestruct wireshark install [--dir DIR] | check              the Wireshark plugin

A capture is a file or ``-`` (standard input), plain or gzip/xz/zstd-compressed; without
``--protocol`` the protocol is detected from the first records. Results go to stdout
(JSON Lines / JSON pipe into ``jq``); progress and a summary go to stderr. The exit status
is one of :mod:`wirestruct.core.errors`' table (0 done, 1 ``--strict`` failures, 2 usage or
unreadable input, 130 interrupted, 143 terminated). The protocols add their own options
(and examples) to the commands they concern.
"""
from __future__ import annotations

import argparse
import os
import sys

from wirestruct import __version__
from wirestruct.core.errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, WirestructError
from wirestruct.tools.cli import (
    batch,
    convert,
    decode,
    encode,
    export,
    options,
    regen,
    show,
    state,
    wireshark,
)

#: The commands, in the order ``--help`` lists them.
COMMANDS = (decode, state, export, convert, encode, show, regen, batch, wireshark)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wirestruct", description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="'wirestruct COMMAND --help' describes each command, its options and examples.")
    options.examples(parser, "")
    parser.add_argument("--version", action="version", version=f"wirestruct {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("wirestruct")
    except PackageNotFoundError:
        return __version__


def _os_error_text(exc: OSError) -> str:
    """``FILE: reason`` (the file named, as every file error should be)."""
    name = exc.filename
    reason = exc.strerror or str(exc)
    return f"{name}: {reason}" if name is not None else reason


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except WirestructError as exc:      # a broken protocol plug-in, named
        print(f"wirestruct: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        status = args.func(args)
        sys.stdout.flush()
        return int(status)
    except KeyboardInterrupt:
        print("wirestruct: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except WirestructError as exc:
        print(f"wirestruct: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            # The reader (e.g. `head`) went away: stop quietly, and keep Python from
            # complaining when it flushes stdout at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return EXIT_OK
        print(f"wirestruct: {_os_error_text(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except ValueError as exc:
        print(f"wirestruct: {exc}", file=sys.stderr)
        return EXIT_USAGE

