"""The ``wirestruct`` command line, one module per command.

    wirestruct decode CAPTURE [--protocol P] [--format summary|tree|jsonl|fields]   every packet
    wirestruct state  CAPTURE [--protocol P] [--upto N]            tracked world state, JSON
    wirestruct export CAPTURE [--protocol P] --out DIR             files for the Kaitai Web IDE
    wirestruct convert CAPTURE --to jsonl|wscap|pcap|pcapng --out FILE   between formats
    wirestruct encode EVENTS|- --protocol P --out CAPTURE           decoded events back to packets
    wirestruct show HEX|FILE --protocol P [--dir s2c|c2s]          one packet, as a tree
    wirestruct fields --protocol P [PACKET]                        packet names, field paths
    wirestruct batch CAPTURES... --protocol P --out DATASET        many captures -> Parquet
    wirestruct samples DIR                                         the bundled sample captures
    wirestruct wireshark install [--dir DIR] | check              the Wireshark plugin
    wirestruct regen [--check]                                     ksy/ -> generated/
    wirestruct compiler install                                    the pinned compiler, for --ksy
    wirestruct new NAME --ksy SPEC --transport T --sample CAPTURE  a plug-in package of specs
    wirestruct proxy --listen PORT --upstream HOST:PORT -p P       relay, decode live, hook

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
from wirestruct.core.errors import EXIT_OK, EXIT_USAGE, WirestructError
from wirestruct.tools import signals
from wirestruct.tools.cli import (
    batch,
    compiler,
    convert,
    decode,
    encode,
    export,
    fields,
    new,
    options,
    proxy,
    regen,
    run,
    samples,
    show,
    state,
    wireshark,
)

#: The commands, in the order ``--help`` lists them.
COMMANDS = (decode, state, export, convert, encode, show, fields, batch, samples, wireshark, regen,
            compiler, proxy, new)


def build_parser() -> argparse.ArgumentParser:
    parser = options.Parser(
        prog="wirestruct",
        description="Kaitai Struct parsers for game network protocols: every packet of a "
                    "capture decoded, the game world tracked, packets built back, opened in "
                    "the Kaitai Web IDE, many captures into Parquet.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="'wirestruct COMMAND --help' describes each command, its options and examples.")
    options.examples(parser, "")
    parser.add_argument("--version", action="version", version=f"wirestruct {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=options.Parser)
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


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line's arguments; plain ``wirestruct`` shows the commands, arguments a
    command does not take are a usage error suggesting the options meant."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        sys.exit(EXIT_USAGE)
    if extra:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        sub.choices[args.command].unknown(extra)
    run.settle_protocol(args)            # --ksy: the specs' protocol of this run
    return args


def main(argv: list[str] | None = None) -> int:
    signals.install()
    run.show_plugin_warnings()
    try:
        args = parse(argv)
    except KeyboardInterrupt as stop:
        print(f"wirestruct: {signals.word(stop)}", file=sys.stderr)
        return signals.status(stop)
    except WirestructError as exc:      # a broken protocol plug-in, named
        print(f"wirestruct: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        status = args.func(args)
        sys.stdout.flush()
        return int(status)
    except KeyboardInterrupt as stop:
        print(f"wirestruct: {signals.word(stop)}", file=sys.stderr)
        return signals.status(stop)
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

