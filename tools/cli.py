"""The ``wirestruct`` command line.

    wirestruct decode CAPTURE --protocol P [--format summary|tree|jsonl|fields]   every packet
    wirestruct state  CAPTURE --protocol P [--upto N]              tracked world state, JSON
    wirestruct export CAPTURE --protocol P --out DIR               files for the Kaitai Web IDE
    wirestruct convert CAPTURE --to jsonl|wscap|pcap|pcapng --out FILE   between formats
    wirestruct encode EVENTS|- --protocol P --out CAPTURE           decoded events back to packets
    wirestruct show HEX|FILE --protocol P [--dir s2c|c2s]          one packet, as a tree
    wirestruct regen [--check]                                     ksy/ -> generated/
    wirestruct batch CAPTURES... --protocol P --out DATASET        many captures -> Parquet

A capture is a file or ``-`` (standard input), plain or gzip/xz/zstd-compressed; without
``--protocol`` the protocol is detected from the first records. Results go to stdout
(JSON Lines / JSON pipe into ``jq``); progress and a summary go to stderr. Exit status: 0
when the run finished (error events are part of the output), 1 with ``--strict`` if any
packet failed to decode, 2 for bad usage or an unreadable file, 130 when interrupted
(Ctrl-C), after the summary.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from wirestruct import __version__, parallel
from wirestruct.captures import FORMATS, Capture, open_capture
from wirestruct.core.errors import WirestructError
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.detect import DETECT_BYTES, detect_protocol, looks_unknown
from wirestruct.output import formats
from wirestruct.plugin import registry
from wirestruct.plugin.protocol import Protocol
from wirestruct.tools import progress
from wirestruct.tools.show import exported_spec, show_with_spec


# -- option values (a bad one is a usage error, exit 2) -------------------------------------
def _count(text: str) -> int:
    """A packet index or count: a whole number, 0 or more."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative (packets count from 0)")
    return value


def _endpoint(text: str) -> str:
    """``PORT`` or ``HOST:PORT`` (``[V6ADDR]:PORT``), the port 1..65535."""
    host, sep, port = text.rpartition(":")
    if sep and not host:
        raise argparse.ArgumentTypeError(f"{text!r}: the host before ':' is empty")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not [HOST:]PORT with a port 1..65535 (e.g. 4000 or 10.0.0.2:4000)")
    return text


def _diep_build(text: str) -> str:
    from wirestruct.protocols.diep.builds import available_builds, build_key
    known = available_builds()
    if build_key(text) not in known:
        raise argparse.ArgumentTypeError(f"unknown diep build {text!r}; known: "
                                         + ", ".join(known))
    return text


# -- shared options ------------------------------------------------------------------------
CAPTURE_HELP = ("capture file, or - for standard input: JSON Lines, pcap, pcapng or .wscap, "
                "plain or gzip/xz/zstd-compressed (recognised by content, not name)")


def _add_capture_args(p: argparse.ArgumentParser, *, protocol_required: bool = False) -> None:
    p.add_argument("capture", help=CAPTURE_HELP)
    p.add_argument("--protocol", "-p", choices=registry.protocol_names(),
                   required=protocol_required,
                   help="the game protocol; when omitted, it is detected by decoding the "
                        "first records with each protocol (a .wscap names its own)")
    p.add_argument("--capture-format", choices=FORMATS,
                   help="read the capture as this format instead of detecting it")
    p.add_argument("--server", metavar="[HOST:]PORT", type=_endpoint,
                   help="the game server's TCP/UDP endpoint in a pcap/pcapng capture, when "
                        "it cannot be inferred from the handshake or the protocol's ports")
    p.add_argument("--diep-build", metavar="NAME", type=_diep_build,
                   help="diep.io: the game build whose field table decodes updates "
                        "(default: the bundled one)")
    _add_limit_args(p)


def _add_follow_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--follow", "-f", action="store_true",
                   help="the capture is still being written: at its end, wait for more (like "
                        "tail -f) until interrupted with Ctrl-C, then print the summary")


def _add_limit_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                   help="override a resource limit (repeatable; k/M/G suffixes are powers "
                        "of 1024); the limits are listed below")
    p.add_argument("--max-decompressed", metavar="BYTES",
                   help="the same as --limit max_decompressed=BYTES")
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = limits_help()


def _examples(p: argparse.ArgumentParser, *lines: str) -> None:
    """Put examples at the top of the command's epilog (above the limits, if any)."""
    text = "examples:\n" + "\n".join(f"  {line}" for line in lines)
    p.epilog = text + ("\n\n" + p.epilog if p.epilog else "")
    p.formatter_class = argparse.RawDescriptionHelpFormatter


def _size_text(value: int) -> str:
    for suffix, unit in (("G", 1 << 30), ("M", 1 << 20), ("k", 1 << 10)):
        if value >= unit and value % unit == 0:
            return f"{value // unit}{suffix}"
    return str(value)


def limits_help() -> str:
    """One line per limit: its name, default and what it caps."""
    defaults = Limits()
    rows = [(f"{name}={_size_text(getattr(defaults, name))}", doc)
            for name, doc in Limits.names().items()]
    width = max(len(left) for left, _ in rows)
    return "limits (--limit NAME=VALUE; defaults shown):\n" + "\n".join(
        f"  {left:<{width}}  {doc}" for left, doc in rows)


def _options(args) -> dict[str, Any]:
    return {"diep_build": getattr(args, "diep_build", None)}


def _limits(args) -> Limits:
    """The limits of this run: the defaults with --max-decompressed and --limit applied."""
    assignments = list(getattr(args, "limit", None) or [])
    if getattr(args, "max_decompressed", None) is not None:
        assignments.insert(0, f"max_decompressed={args.max_decompressed}")
    try:
        return Limits().with_overrides(assignments)
    except ValueError as exc:
        message = str(exc)
        if "known:" not in message:
            message += "; known: " + ", ".join(sorted(Limits.names()))
        raise UsageError(message) from None


def _open(args, protocol: Protocol | None) -> Capture:
    ports = protocol.default_ports if protocol else ()
    transport = protocol.transport if protocol else "stream"
    return open_capture(args.capture, format=args.capture_format, server=args.server,
                        server_ports=ports, transport=transport, limits=_limits(args),
                        follow=getattr(args, "follow", False))


def _resolve(args) -> tuple:
    """Open the capture and find its protocol: --protocol, the container header, or
    detection on the first records (named on stderr). The capture is read only once, so
    standard input works too."""
    capture = _open(args, registry.get_protocol(args.protocol) if args.protocol else None)
    if args.protocol:
        return capture, registry.get_protocol(args.protocol)
    max_bytes = DETECT_BYTES
    if getattr(args, "follow", False):   # try what the file holds now; do not wait for more
        max_bytes = min(max_bytes, os.path.getsize(args.capture)) or max_bytes
    try:
        name, trials = detect_protocol(capture, max_bytes=max_bytes, **_options(args))
    except BaseException:
        capture.close()
        raise
    protocol = registry.get_protocol(name)
    capture.server_ports = protocol.default_ports
    capture.transport = protocol.transport
    if trials:
        others = "; ".join(str(t) for t in trials[1:])
        print(f"wirestruct: protocol {name} (detected from the first records: "
              f"{trials[0]}; {others}; pass --protocol to choose)", file=sys.stderr)
    return capture, protocol


class Summary:
    """What a run decoded, for the closing lines on stderr: packets, unknown packets,
    and errors counted by kind with the first of each."""

    def __init__(self, protocol: Protocol, args) -> None:
        self.protocol = protocol
        self.args = args
        self.packets = 0
        self.unknown = 0
        self.errors = 0
        self.records_seen = False
        self.kinds: dict[str, list] = {}   # kind -> [count, first error]

    def add(self, event: Event) -> None:
        if isinstance(event, ErrorEvent):
            if event.error.where.file is None:    # every error names its capture file
                event.error.at(file="<stdin>" if self.args.capture == "-" else self.args.capture)
            self.errors += 1
            entry = self.kinds.setdefault(event.error.kind, [0, event.error])
            entry[0] += 1
        else:
            self.packets += 1
            self.unknown += looks_unknown(event)

    def lines(self, head: str, *, interrupted: bool = False) -> list[str]:
        lines = [f"wirestruct: {head}{' (interrupted)' if interrupted else ''}"]
        for kind, (count, first) in sorted(self.kinds.items(), key=lambda kv: -kv[1][0]):
            lines.append(f"  {count} {kind}; the first: {first}")
        total = self.packets + self.errors
        if total >= 4 and (self.unknown + self.errors) * 2 > total:
            lines.append(f"wirestruct: warning: {self.unknown + self.errors} of {total} packets "
                         f"are unknown or failed as {self.protocol.name}: is this a "
                         f"{self.protocol.name} capture? (without --protocol it is detected)")
        if self.args.server and not self.packets:
            lines.append(f"wirestruct: --server {self.args.server} matched no traffic in "
                         f"{self.args.capture}")
        return lines

    def failed(self) -> bool:
        """For --strict: errors, or a --server that matched nothing."""
        return bool(self.errors) or bool(self.args.server and not self.packets)


class UsageError(Exception):
    pass


#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def _jobs(text: str) -> int:
    """A number of processes, or ``auto`` (0: :func:`wirestruct.parallel.auto_jobs`)."""
    if text == "auto":
        return 0
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of processes (1 or more) or auto")
    return int(text)


def _events(capture: Capture, protocol: Protocol, args, tracker=None) -> Iterator[Event]:
    records = progress.for_capture(capture).wrap(capture)
    events = decode_records(records, protocol.decoder(limits=_limits(args), **_options(args)))
    return track(events, tracker) if tracker is not None else events


# -- decode ------------------------------------------------------------------------------
def _writer(args) -> formats.EventWriter:
    options = formats.options_from_args(args, tty=sys.stdout.isatty())
    return formats.EventWriter(formats.binary_stdout(), options)


def cmd_decode(args) -> int:
    writer = _writer(args)
    capture, protocol = _resolve(args)
    if args.jobs == 0:
        args.jobs = parallel.auto_jobs(protocol, args.capture)
    if _parallel(args):
        return _decode_parallel(args, capture, protocol, writer)
    summary = Summary(protocol, args)
    interrupted = False
    live = args.follow or args.capture == "-"   # a reader downstream sees each packet now
    out = writer.out
    with capture, writer.recording():
        try:
            for event in _events(capture, protocol, args):
                summary.add(event)
                writer.write(event)
                if live:
                    out.flush()
                if args.upto is not None and event.index is not None and event.index >= args.upto:
                    break
        except KeyboardInterrupt:
            interrupted = True
    out.flush()
    for line in summary.lines(f"{summary.packets} packets, {summary.errors} errors",
                              interrupted=interrupted):
        print(line, file=sys.stderr)
    if interrupted:
        return INTERRUPTED
    return 1 if args.strict and summary.failed() else 0


def _parallel(args) -> bool:
    """Whether ``decode`` runs on worker processes: --jobs above 1, JSON Lines output whose
    lines depend on nothing but their event, and a whole capture file."""
    return (args.jobs > 1 and args.upto is None and not args.follow and args.capture != "-"
            and not args.only and args.big_ints == "number"
            and writer_format(args) == "jsonl")


def writer_format(args) -> str:
    return formats.options_from_args(args, tty=sys.stdout.isatty()).format


def _decode_parallel(args, capture: Capture, protocol: Protocol,
                     writer: formats.EventWriter) -> int:
    out = writer.out
    interrupted = False
    with capture:
        lines = parallel.decode_lines(capture, protocol, jobs=args.jobs,
                                      fmt=(args.raw, args.big_ints), limits=_limits(args),
                                      options=_options(args))
        try:
            for text in lines:
                out.write(text)
        except KeyboardInterrupt:
            interrupted = True
    out.flush()
    tally = lines.tally
    if lines.no_workers is not None:
        print(f"wirestruct: decoded in one process: no worker process could be started "
              f"({lines.no_workers})", file=sys.stderr)
    head = f"{tally.packets} packets, {tally.errors} errors"
    print(f"wirestruct: {head}{' (interrupted)' if interrupted else ''}", file=sys.stderr)
    if args.server and not tally.packets:
        print(f"wirestruct: --server {args.server} matched no traffic in {args.capture}",
              file=sys.stderr)
    if interrupted:
        return INTERRUPTED
    return 1 if args.strict and (tally.errors or (args.server and not tally.packets)) else 0


# -- state -------------------------------------------------------------------------------
def cmd_state(args) -> int:
    capture, protocol = _resolve(args)
    tracker = protocol.tracker(limits=_limits(args), **_options(args))
    summary = Summary(protocol, args)
    interrupted = False
    with capture:
        try:
            for event in _events(capture, protocol, args, tracker):
                summary.add(event)
                if isinstance(event, ErrorEvent) and args.errors:
                    print(f"wirestruct: {event.error}", file=sys.stderr)
                if (args.upto is not None and isinstance(event, PacketEvent)
                        and event.index >= args.upto):
                    break  # the tracker has applied packet N
        except KeyboardInterrupt:
            interrupted = True   # the state so far is still printed
    snapshot = tracker.snapshot()
    json.dump(snapshot, sys.stdout, indent=None if args.compact else 1)
    sys.stdout.write("\n")
    if args.map_out:
        write_map = getattr(tracker, "write_map", None)
        if write_map is None:
            raise UsageError(f"--map-out: protocol {protocol.name} has no map")
        with open(args.map_out, "wb") as out:
            write_map(out)
    head = (f"state after {summary.packets} packets" if interrupted
            else "state after the capture") + f", {summary.errors} errors"
    for line in summary.lines(head, interrupted=interrupted):
        print(line, file=sys.stderr)
    if interrupted:
        return INTERRUPTED
    return 1 if args.strict and summary.failed() else 0


# -- export / convert / show -------------------------------------------------------------------
def cmd_export(args) -> int:
    from wirestruct.tools.webide import export_capture, prepare_out_dir

    _limits(args)  # a bad --limit is a usage error before anything is written
    capture, protocol = _resolve(args)
    with capture:
        for warning in prepare_out_dir(Path(args.out), force=args.force):
            print(f"wirestruct: warning: {warning}", file=sys.stderr)
        index = export_capture(progress.for_capture(capture).wrap(capture), protocol,
                               protocol.decoder(limits=_limits(args), **_options(args)),
                               Path(args.out))
    print(f"wirestruct: wrote {len(index['files'])} packet files, {len(index['specs'])} specs "
          f"and capture.wscap to {args.out} (see INDEX.txt); {len(index['errors'])} errors",
          file=sys.stderr)
    if args.verify:
        from wirestruct.tools.webide import verify_export
        _, problems = verify_export(Path(args.out))
        for problem in problems:
            print(f"wirestruct: {problem}", file=sys.stderr)
        if problems:
            return 1
        print("wirestruct: verified: every file opens with the JavaScript build of its spec "
              "and agrees with the Python parse", file=sys.stderr)
    return 0


def cmd_convert(args) -> int:
    protocol = registry.get_protocol(args.protocol) if args.protocol else None
    capture = _open(args, protocol)
    name = args.protocol or capture.protocol
    errors = 0

    def records():
        nonlocal errors
        for item in progress.for_capture(capture).wrap(capture):
            if isinstance(item, WirestructError):
                errors += 1
                print(f"wirestruct: skipped: {item}", file=sys.stderr)
            else:
                yield item

    with capture:
        if args.to == "jsonl":
            from wirestruct.captures.jsonl import write_jsonl
            with open(args.out, "w", encoding="utf-8") as out:
                count = write_jsonl(out, records())
        elif args.to == "wscap":
            if not name:
                raise UsageError("--protocol is required to write a .wscap container")
            from wirestruct.captures.container import write_container
            with open(args.out, "wb") as out:
                count = write_container(out, name, records())
        else:
            from wirestruct.captures.pcap import write_pcap, write_pcapng
            writer = write_pcap if args.to == "pcap" else write_pcapng
            with open(args.out, "wb") as out:
                count = writer(out, records())
    print(f"wirestruct: wrote {count} records to {args.out}; {errors} unreadable", file=sys.stderr)
    return 0


def cmd_show(args) -> int:
    protocol = registry.get_protocol(args.protocol)
    try:
        data = bytes.fromhex(args.packet)
        source = None
    except ValueError:
        source = Path(args.packet)
        if not source.is_file():
            raise UsageError(f"{args.packet!r} is neither hex nor a file") from None
        data = source.read_bytes()
    writer = _writer(args)
    direction = Direction.parse(args.dir)
    spec = args.spec or (exported_spec(source) if source is not None else None)
    with writer.recording():
        if spec is not None:
            events = show_with_spec(protocol, spec, data, direction)
        else:
            record = CaptureRecord(index=0, t=0.0, direction=direction, data=data)
            decoder = protocol.decoder(limits=_limits(args), **_options(args))
            events = list(decode_records([record], decoder))
        errors = 0
        for event in events:
            errors += isinstance(event, ErrorEvent)
            writer.write(event)
    return 1 if errors else 0


def cmd_regen(args) -> int:
    from wirestruct.tools.regen import main as regen_main
    argv = (["--check"] if args.check else []) + (["--folder", args.folder] if args.folder else [])
    return regen_main(argv)


def cmd_batch(args) -> int:
    from wirestruct.tools.batch import BatchOptions, run_batch

    options = BatchOptions(protocol=args.protocol, limits=list(args.limit or []),
                           diep_build=args.diep_build, server=args.server,
                           capture_format=args.capture_format, batch_rows=args.batch_rows)
    try:
        summaries = run_batch(args.captures, options, args.out, scheduler=args.scheduler,
                              workers=args.workers, force=args.force)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    failed = any(s.get("failure") or s["status"] == "failed" for s in summaries)
    return 1 if args.strict and failed else 0


# -- main ----------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wirestruct", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
               "  wirestruct decode samples/mme.jsonl -p mme | jq -c .name\n"
               "  tcpdump -U -w - -i lo port 4000 | wirestruct decode - -p mme\n"
               "  wirestruct state samples/diep.jsonl\n"
               "\n'wirestruct COMMAND --help' describes each command and its options.")
    parser.add_argument("--version", action="version", version=f"wirestruct {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("decode", help="every packet of a capture, decoded (JSON Lines)",
                       description="Decode every packet of a capture: one JSON object a line "
                                   "on stdout (error events included), a summary on stderr.")
    _add_capture_args(p)
    formats.add_output_args(p, default=None)
    p.add_argument("--upto", type=_count, metavar="N", help="stop after packet N (from 0)")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 if any packet failed or --server matched nothing")
    p.add_argument("--jobs", "-j", type=_jobs, metavar="N", default="auto",
                   help="processes parsing and serializing packets; the output is the same. "
                        "auto (the default): every core for a diep.io or Scrap Mechanic "
                        f"capture file of {parallel.AUTO_MIN_BYTES >> 20} MiB or more, else 1. "
                        "Used with --format jsonl, "
                        "without --only, --upto, --follow, standard input or --big-ints "
                        "string")
    _add_follow_arg(p)
    _examples(p, "wirestruct decode samples/mme.jsonl -p mme --format jsonl"
                 " | jq -c 'select(.name == \"chat_message\")'",
              "zcat session.pcap.gz | wirestruct decode - -p mme --server 4000",
              "wirestruct decode samples/diep.jsonl -p diep -T fields -e index -e name -e t",
              "wirestruct decode live.pcap -p diep --follow --only update")
    p.set_defaults(func=cmd_decode)

    p = sub.add_parser("state", help="the tracked world state after the capture, as JSON",
                       description="Track the game world across a capture and print its "
                                   "state as one JSON document.")
    _add_capture_args(p)
    p.add_argument("--upto", type=_count, metavar="N", help="the state after packet N (from 0)")
    p.add_argument("--map-out", metavar="FILE", help="also write the raw block array (mme)")
    p.add_argument("--errors", action="store_true", help="print each error event to stderr")
    p.add_argument("--compact", action="store_true", help="one-line JSON")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 if any packet failed or --server matched nothing")
    _add_follow_arg(p)
    _examples(p, "wirestruct state samples/scrap_mechanic.jsonl -p scrap-mechanic",
              "wirestruct state samples/mme.jsonl -p mme --upto 100 --map-out map.bin")
    p.set_defaults(func=cmd_state)

    p = sub.add_parser("export", help="files to open in the Kaitai Web IDE",
                       description="Write the capture, one file per packet (compression and "
                                   "deltas expanded) and the specs, to open in the Kaitai "
                                   "Web IDE.")
    _add_capture_args(p)
    p.add_argument("--out", required=True, metavar="DIR",
                   help="a new or empty directory (nothing is written through symbolic links)")
    p.add_argument("--force", action="store_true",
                   help="DIR holds a previous export: remove the files its manifest lists "
                        "(other files stay, named in a warning)")
    p.add_argument("--verify", action="store_true",
                   help="open every file with the JavaScript build of its spec under Node, "
                        "as the Web IDE would, and compare with the Python parse")
    _examples(p, "wirestruct export samples/diep.jsonl -p diep --out webide/",
              "wirestruct export samples/mme.jsonl -p mme --out webide/ --force --verify")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("convert", help="convert between capture formats",
                       description="Copy a capture's records into another capture format.")
    _add_capture_args(p)
    p.add_argument("--to", required=True, choices=("jsonl", "wscap", "pcap", "pcapng"),
                   help="the format to write; pcap/pcapng are synthesized as "
                        "Ethernet/IPv4/TCP, one connection per stream from "
                        "127.0.0.1:50000+N to 127.0.0.1:4000, handshake included")
    p.add_argument("--out", required=True, metavar="FILE", help="the file to write")
    _examples(p, "wirestruct convert tests/data/mme/session.pcapng -p mme --to wscap "
                 "--out session.wscap",
              "xzcat big.pcapng.xz | wirestruct convert - -p mme --to jsonl --out big.jsonl")
    p.set_defaults(func=cmd_convert)

    from wirestruct.tools.encode import add_encode_parser
    add_encode_parser(sub)

    p = sub.add_parser("show", help="decode one packet given as hex or a file",
                       description="Decode one packet, given as hex digits or a file holding "
                                   "its bytes (such as an exported packets/*.bin).")
    p.add_argument("packet", help="hex string, or a file holding the packet's bytes")
    p.add_argument("--protocol", "-p", choices=registry.protocol_names(), required=True,
                   help="the game protocol of the packet")
    p.add_argument("--dir", choices=("s2c", "c2s"), default="s2c",
                   help="the packet's direction: s2c, server to client (default), or c2s")
    p.add_argument("--spec", metavar="NAME",
                   help="parse the bytes with this spec of the protocol's ksy/ folder (e.g. an "
                        "exported expanded body: sm_network_update_body); default: the spec "
                        "an export's index.json names for the file, else the packet spec")
    formats.add_output_args(p, default="tree")
    p.add_argument("--diep-build", metavar="NAME", type=_diep_build,
                   help="diep.io: the game build whose field table decodes updates "
                        "(default: the bundled one)")
    _add_limit_args(p)
    _examples(p, "wirestruct show 18001400000000000000000000000000000000000000000000 -p mme",
              "wirestruct show webide/packets/0005_s2c_update.bin -p diep --format jsonl")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("regen", help="compile ksy/ into generated/ with the pinned compiler",
                       description="Render the templated specs and compile every .ksy to "
                                   "Python (generated/) and JavaScript (a check). Needs a "
                                   "source checkout with `npm ci` run.")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 listing files that differ")
    p.add_argument("--folder", metavar="NAME", help="only this ksy/ folder (e.g. mme)")
    _examples(p, "wirestruct regen --folder mme", "wirestruct regen --check")
    p.set_defaults(func=cmd_regen)

    p = sub.add_parser("batch", help="many captures into a Parquet dataset, on Dask",
                       description="Decode many captures, one Dask task each, into a Parquet "
                                   "dataset partitioned by table and capture (see "
                                   "docs/tables.md). A local cluster of worker processes by "
                                   "default; --scheduler uses an existing Dask cluster.")
    p.add_argument("captures", nargs="+", metavar="CAPTURE",
                   help="capture files, directories (searched for *.jsonl, *.pcap, *.pcapng, "
                        "*.wscap) or glob patterns")
    p.add_argument("--protocol", "-p", choices=registry.protocol_names(), required=True,
                   help="the game protocol of every capture")
    p.add_argument("--out", required=True, metavar="DATASET",
                   help="dataset folder; must be reachable under this path from every worker")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="an existing Dask scheduler (tcp://HOST:PORT); default: a local "
                        "cluster of worker processes")
    p.add_argument("--workers", type=int, metavar="N",
                   help="worker processes of the local cluster (default: one per core)")
    p.add_argument("--limit", action="append", metavar="NAME=VALUE",
                   help="override a limit of wirestruct.core.limits (repeatable)")
    p.add_argument("--diep-build", metavar="NAME", type=_diep_build,
                   help="diep.io field table (default: bundled)")
    p.add_argument("--server", metavar="[HOST:]PORT", help="the game server in pcap captures")
    p.add_argument("--capture-format", choices=FORMATS, help="override format detection")
    p.add_argument("--batch-rows", type=int, default=16_384, metavar="N",
                   help="rows per record batch / Parquet row group (default 16384)")
    p.add_argument("--force", action="store_true",
                   help="redo captures whose manifest matches")
    p.add_argument("--strict", action="store_true", help="exit 1 if any capture failed")
    _examples(p, "wirestruct batch captures/ -p diep --out dataset/",
              "wirestruct batch 'runs/*.pcapng' -p mme --server 25565"
              " --scheduler tcp://scheduler.example:8786 --out /shared/ds")
    p.set_defaults(func=cmd_batch)
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
        return INTERRUPTED
    try:
        status = args.func(args)
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        print("wirestruct: interrupted", file=sys.stderr)
        return INTERRUPTED
    except UsageError as exc:
        print(f"wirestruct: {exc}", file=sys.stderr)
        return 2
    except WirestructError as exc:
        print(f"wirestruct: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            # The reader (e.g. `head`) went away: stop quietly, and keep Python from
            # complaining when it flushes stdout at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        print(f"wirestruct: {_os_error_text(exc)}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"wirestruct: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
