"""The ``wirestruct`` command line.

    wirestruct decode CAPTURE --protocol P [--format jsonl|text]   every packet, decoded
    wirestruct state  CAPTURE --protocol P [--upto N]              tracked world state, JSON
    wirestruct export CAPTURE --protocol P --out DIR               files for the Kaitai Web IDE
    wirestruct convert CAPTURE --to jsonl|wscap|pcap|pcapng --out FILE   between formats
    wirestruct show HEX|FILE --protocol P [--dir s2c|c2s]          one packet, as a tree
    wirestruct regen [--check]                                     ksy/ -> generated/
    wirestruct batch CAPTURES... --protocol P --out DATASET        many captures -> Parquet

Results go to stdout (JSON Lines / JSON pipe into ``jq``); progress and a summary go to
stderr. Exit status: 0 when the run finished (error events are part of the output), 1
with ``--strict`` if any packet failed to decode, 2 for bad usage or an unreadable file.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from wirestruct import parallel, registry
from wirestruct.captures import FORMATS, Capture, open_capture
from wirestruct.errors import WirestructError
from wirestruct.events import ErrorEvent, Event, PacketEvent
from wirestruct.jsonify import to_jsonable
from wirestruct.limits import Limits
from wirestruct.protocol import Protocol
from wirestruct.records import CaptureRecord, Direction
from wirestruct.session import decode_records, track

from . import progress


# -- shared options ------------------------------------------------------------------------
def _add_capture_args(p: argparse.ArgumentParser, *, protocol_required: bool = False) -> None:
    p.add_argument("capture", help="capture file: JSON Lines, pcap, pcapng or .wscap")
    p.add_argument("--protocol", "-p", choices=registry.protocol_names(),
                   required=protocol_required,
                   help="protocol (optional for .wscap files, which name theirs)")
    p.add_argument("--capture-format", choices=FORMATS, help="override format detection")
    p.add_argument("--server", metavar="[HOST:]PORT",
                   help="the game server's TCP/UDP endpoint in a pcap/pcapng capture, when "
                        "it cannot be inferred from the handshake or the protocol's ports")
    p.add_argument("--diep-build", metavar="NAME", help="diep.io field table (default: bundled)")
    _add_limit_args(p)


def _add_limit_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                   help="override a resource limit (repeatable; k/M/G suffixes are powers "
                        "of 1024); the limits are listed below")
    p.add_argument("--max-decompressed", metavar="BYTES",
                   help="the same as --limit max_decompressed=BYTES")
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = limits_help()


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
                        server_ports=ports, transport=transport, limits=_limits(args))


def _resolve(args) -> tuple:
    """Open the capture and find its protocol (from --protocol or the container header)."""
    protocol = registry.get_protocol(args.protocol) if args.protocol else None
    capture = _open(args, protocol)
    if protocol is None:
        if not capture.protocol:
            capture.close()
            raise UsageError("--protocol is required for this capture")
        protocol = registry.get_protocol(capture.protocol)
        capture.close()
        capture = _open(args, protocol)
    return capture, protocol


class UsageError(Exception):
    pass


def _jobs(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (1 or more)")
    return int(text)


def _events(capture: Capture, protocol: Protocol, args, tracker=None) -> Iterator[Event]:
    records = progress.for_capture(capture).wrap(capture)
    events = decode_records(records, protocol.decoder(limits=_limits(args), **_options(args)))
    return track(events, tracker) if tracker is not None else events


# -- decode ------------------------------------------------------------------------------
def event_json(event: Event) -> dict[str, Any]:
    if isinstance(event, PacketEvent):
        out = {"index": event.index, "record": event.record, "t": event.t,
               "dir": event.direction.label, "stream": event.stream,
               "id": event.packet_id, "name": event.name}
        if event.parent is not None:
            out["parent"] = event.parent
        out["fields"] = to_jsonable(event.packet)
        if event.expansions:
            out["expansions"] = to_jsonable(dict(event.expansions))
        return out
    out = {"index": event.index, "record": event.record, "t": event.t,
           "dir": event.direction.label if event.direction is not None else None,
           "stream": event.stream}
    out.update(event.error.to_json())
    return out


def text_tree(value: Any, indent: str = "  ") -> list[str]:
    lines: list[str] = []

    def walk(v: Any, depth: int, label: str) -> None:
        pad = indent * depth
        if isinstance(v, dict):
            lines.append(f"{pad}{label}:" if label else "")
            for k, item in v.items():
                walk(item, depth + 1, str(k))
        elif isinstance(v, list):
            lines.append(f"{pad}{label}: [{len(v)}]")
            for i, item in enumerate(v):
                walk(item, depth + 1, f"[{i}]")
        else:
            lines.append(f"{pad}{label}: {json.dumps(v)}")

    if isinstance(value, dict):
        for k, item in value.items():
            walk(item, 1, str(k))
    else:
        walk(value, 1, "value")
    return [line for line in lines if line]


def event_text(event: Event) -> str:
    data = event_json(event)
    if isinstance(event, PacketEvent):
        head = (f"#{event.index} t={event.t:.6f} {event.direction.label} stream {event.stream} "
                f"{event.name} (id {event.packet_id})"
                + (f" in #{event.parent}" if event.parent is not None else ""))
        body = {"fields": data["fields"]}
        if "expansions" in data:
            body["expansions"] = data["expansions"]
        return "\n".join([head] + text_tree(body))
    return f"#{event.index} ERROR {event.error}"


def cmd_decode(args) -> int:
    capture, protocol = _resolve(args)
    jobs = args.jobs if args.jobs is not None else parallel.default_jobs()
    if jobs > 1 and args.upto is None:
        with capture:
            out = parallel.decode_lines(progress.for_capture(capture).wrap(capture), protocol,
                                        jobs=jobs, fmt=args.format, limits=_limits(args),
                                        options=_options(args))
            for text in out:
                sys.stdout.write(text)
        packets, errors = out.tally.packets, out.tally.errors
        print(f"wirestruct: {packets} packets, {errors} errors", file=sys.stderr)
        return 1 if args.strict and errors else 0
    fmt = event_json if args.format == "jsonl" else event_text
    errors = packets = 0
    with capture:
        for event in _events(capture, protocol, args):
            if isinstance(event, ErrorEvent):
                errors += 1
                line = json.dumps(fmt(event)) if args.format == "jsonl" else fmt(event)
            else:
                packets += 1
                line = json.dumps(fmt(event)) if args.format == "jsonl" else fmt(event)
            sys.stdout.write(line + "\n")
            if args.upto is not None and event.index is not None and event.index >= args.upto:
                break
    print(f"wirestruct: {packets} packets, {errors} errors", file=sys.stderr)
    return 1 if args.strict and errors else 0


# -- state -------------------------------------------------------------------------------
def cmd_state(args) -> int:
    capture, protocol = _resolve(args)
    tracker = protocol.tracker(limits=_limits(args), **_options(args))
    errors = 0
    with capture:
        for event in _events(capture, protocol, args, tracker):
            if isinstance(event, ErrorEvent):
                errors += 1
                if args.errors:
                    print(f"wirestruct: {event.error}", file=sys.stderr)
            if (args.upto is not None and isinstance(event, PacketEvent)
                    and event.index >= args.upto):
                break  # the tracker has applied packet N
    snapshot = tracker.snapshot()
    json.dump(snapshot, sys.stdout, indent=None if args.compact else 1)
    sys.stdout.write("\n")
    if args.map_out:
        write_map = getattr(tracker, "write_map", None)
        if write_map is None:
            raise UsageError(f"--map-out: protocol {protocol.name} has no map")
        with open(args.map_out, "wb") as out:
            write_map(out)
    print(f"wirestruct: state after the capture, {errors} errors", file=sys.stderr)
    return 1 if args.strict and errors else 0


# -- export / convert / show -------------------------------------------------------------------
def cmd_export(args) -> int:
    from .webide import export_capture, prepare_out_dir

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
        from .webide import verify_export
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
    except ValueError:
        source = Path(args.packet)
        if not source.is_file():
            raise UsageError(f"{args.packet!r} is neither hex nor a file") from None
        data = source.read_bytes()
    record = CaptureRecord(index=0, t=0.0, direction=Direction.parse(args.dir), data=data)
    decoder = protocol.decoder(limits=_limits(args), **_options(args))
    errors = 0
    for event in decode_records([record], decoder):
        errors += isinstance(event, ErrorEvent)
        print(json.dumps(event_json(event)) if args.format == "jsonl" else event_text(event))
    return 1 if errors else 0


def cmd_regen(args) -> int:
    from .regen import main as regen_main
    argv = (["--check"] if args.check else []) + (["--folder", args.folder] if args.folder else [])
    return regen_main(argv)


def cmd_batch(args) -> int:
    from .batch import BatchOptions, run_batch

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
    parser = argparse.ArgumentParser(prog="wirestruct", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("decode", help="every packet of a capture, decoded")
    _add_capture_args(p)
    p.add_argument("--format", choices=("jsonl", "text"), default="jsonl")
    p.add_argument("--upto", type=int, metavar="N", help="stop after packet N")
    p.add_argument("--strict", action="store_true", help="exit 1 if any packet failed")
    p.add_argument("--jobs", "-j", type=_jobs, metavar="N",
                   help="processes parsing and serializing packets (default: the cores "
                        "available; 1 decodes in this process); the output is the same")
    p.set_defaults(func=cmd_decode)

    p = sub.add_parser("state", help="the tracked world state after the capture, as JSON")
    _add_capture_args(p)
    p.add_argument("--upto", type=int, metavar="N", help="state after packet N")
    p.add_argument("--map-out", metavar="FILE", help="write the raw block array (mme)")
    p.add_argument("--errors", action="store_true", help="print error events to stderr")
    p.add_argument("--compact", action="store_true", help="one-line JSON")
    p.add_argument("--strict", action="store_true", help="exit 1 if any packet failed")
    p.set_defaults(func=cmd_state)

    p = sub.add_parser("export", help="files to open in the Kaitai Web IDE")
    _add_capture_args(p)
    p.add_argument("--out", required=True, metavar="DIR",
                   help="a new or empty directory (nothing is written through symbolic links)")
    p.add_argument("--force", action="store_true",
                   help="DIR holds a previous export: remove the files its manifest lists "
                        "(other files stay, named in a warning)")
    p.add_argument("--verify", action="store_true",
                   help="open every file with the JavaScript build of its spec under Node, "
                        "as the Web IDE would, and compare with the Python parse")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("convert", help="convert between capture formats")
    _add_capture_args(p)
    p.add_argument("--to", required=True, choices=("jsonl", "wscap", "pcap", "pcapng"),
                   help="pcap/pcapng are synthesized as Ethernet/IPv4/TCP, one connection per "
                        "stream from 127.0.0.1:50000+N to 127.0.0.1:4000, handshake included")
    p.add_argument("--out", required=True, metavar="FILE")
    p.set_defaults(func=cmd_convert)

    p = sub.add_parser("show", help="decode one packet given as hex or a file")
    p.add_argument("packet", help="hex string, or a file holding the packet's bytes")
    p.add_argument("--protocol", "-p", choices=registry.protocol_names(), required=True)
    p.add_argument("--dir", choices=("s2c", "c2s"), default="s2c")
    p.add_argument("--format", choices=("jsonl", "text"), default="text")
    p.add_argument("--diep-build", metavar="NAME")
    _add_limit_args(p)
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("regen", help="compile ksy/ into generated/ with the pinned compiler")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 listing files that differ")
    p.add_argument("--folder", metavar="NAME", help="only this ksy/ folder")
    p.set_defaults(func=cmd_regen)

    p = sub.add_parser("batch", help="many captures into a Parquet dataset, on Dask")
    p.add_argument("captures", nargs="+", metavar="CAPTURE",
                   help="capture files, directories (searched for *.jsonl, *.pcap, *.pcapng, "
                        "*.wscap) or glob patterns")
    p.add_argument("--protocol", "-p", choices=registry.protocol_names(), required=True)
    p.add_argument("--out", required=True, metavar="DATASET",
                   help="dataset folder; must be reachable under this path from every worker")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="an existing Dask scheduler (tcp://HOST:PORT); default: a local "
                        "cluster of worker processes")
    p.add_argument("--workers", type=int, metavar="N",
                   help="worker processes of the local cluster (default: one per core)")
    p.add_argument("--limit", action="append", metavar="NAME=VALUE",
                   help="override a limit of wirestruct.limits (repeatable)")
    p.add_argument("--diep-build", metavar="NAME", help="diep.io field table (default: bundled)")
    p.add_argument("--server", metavar="[HOST:]PORT", help="the game server in pcap captures")
    p.add_argument("--capture-format", choices=FORMATS, help="override format detection")
    p.add_argument("--batch-rows", type=int, default=16_384, metavar="N",
                   help="rows per record batch / Parquet row group (default 16384)")
    p.add_argument("--force", action="store_true",
                   help="redo captures whose manifest matches")
    p.add_argument("--strict", action="store_true", help="exit 1 if any capture failed")
    p.set_defaults(func=cmd_batch)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = args.func(args)
        sys.stdout.flush()
        return status
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
        print(f"wirestruct: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"wirestruct: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
