"""``wirestruct convert``: a capture's records into another capture format."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from wirestruct.captures import STREAMS, Capture
from wirestruct.captures.writers.capture_files import FORMATS as TO
from wirestruct.captures.writers.capture_files import write_records
from wirestruct.core.errors import (
    EXIT_FAILED,
    EXIT_OK,
    DetectionError,
    UsageError,
    WirestructError,
)
from wirestruct.core.records import CaptureRecord
from wirestruct.plugin.protocol import Protocol
from wirestruct.plugin.registry import get_protocol
from wirestruct.safe_paths import raise_storage_failure
from wirestruct.tools import progress, signals
from wirestruct.tools.cli import options
from wirestruct.tools.cli.outputs import new_file
from wirestruct.tools.cli.run import open_given, resolve


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("convert", help="convert between capture formats",
                       description="Copy a capture's records into another capture format.")
    p.add_argument("capture", help=options.CAPTURE_HELP)
    options.add_protocol(p, detected=False)
    p.add_argument("--capture-format", choices=("jsonl", "pcap", "pcapng", "wscap"),
                   help="read the capture as this format instead of detecting it")
    p.add_argument("--server", metavar="[HOST:]PORT", type=options.endpoint,
                   help="the game server's TCP/UDP endpoint in a pcap/pcapng capture")
    options.add_limits(p)
    p.add_argument("--to", required=True, choices=TO,
                   help="the format to write; pcap and pcapng are synthesized as "
                        "Ethernet/IPv4 between 127.0.0.1:50000+N (stream N's client) and "
                        "127.0.0.1:4000: a stream protocol's streams as TCP connections, "
                        "handshake included; a message protocol's packets as UDP datagrams, "
                        "one a packet (read them back with --server 4000), except in a pcapng "
                        "of a protocol with a Wireshark dissector: one exported PDU a packet, "
                        "naming the dissector (Wireshark's link type 252), for `wirestruct "
                        "wireshark`'s plugin. Without --protocol, the protocol these need is "
                        "detected as decode does")
    p.add_argument("--out", required=True, metavar="FILE", help="the file to write")
    options.examples(p, "convert")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    capture, protocol = _opened(args)
    name = protocol.name if protocol is not None else capture.protocol
    if args.to == "wscap" and not name:
        capture.close()
        raise UsageError("--protocol is required to write a .wscap container")
    problems = {"unreadable": 0, "not written": 0}

    def skipped(item: WirestructError, why: str) -> None:
        problems[why] += 1
        print(f"wirestruct: skipped ({why}): {item}", file=sys.stderr)

    def records() -> Iterator[CaptureRecord]:
        found = capture.records(protocol if protocol is not None else STREAMS)
        for item in progress.for_capture(capture).wrap(found):
            if isinstance(item, WirestructError):
                skipped(item, "unreadable")
            else:
                yield item

    stopped: KeyboardInterrupt | None = None
    count = 0
    try:
        with capture, new_file(args.out) as out:
            count = write_records(args.to, out, records(), protocol=name or "",
                                  transport=_transport(args.to, name),
                                  dissector=_dissector(args.to, name),
                                  rejected=lambda item: skipped(item, "not written"))
            if not count:
                raise _NothingWritten
    except KeyboardInterrupt as stop:
        stopped = stop
    except _NothingWritten:
        print(f"wirestruct: no record of {args.capture} could be written ("
              f"{problems['unreadable']} unreadable, {problems['not written']} not written), "
              f"so {args.out} is not written", file=sys.stderr)
        return EXIT_FAILED
    except OSError as exc:
        raise_storage_failure(exc, args.out)
    if stopped is not None:
        print(f"wirestruct: {signals.word(stopped)}: nothing written to {args.out}",
              file=sys.stderr)
        return signals.status(stopped)
    unwritten = problems["not written"]
    print(f"wirestruct: wrote {count} records to {args.out} "
          f"({_written_as(args.to, name)}); {problems['unreadable']} "
          f"unreadable" + (f", {unwritten} not written (the {args.to} format cannot hold "
                           "them)" if unwritten else ""), file=sys.stderr)
    return EXIT_OK


class _NothingWritten(Exception):
    """No record reached the output: the file is not put in place."""


def _opened(args: argparse.Namespace) -> tuple[Capture, Protocol | None]:
    """The capture and its protocol: --protocol, else the container's, else (for the
    formats whose layout depends on it: pcap, pcapng, wscap) detected as decode does. A
    JSON Lines copy needs none: records are copied as streams."""
    if args.protocol:
        protocol = get_protocol(args.protocol)      # an unknown name before the capture opens
        return open_given(args), protocol
    if args.to == "jsonl":
        return open_given(args), None
    try:
        return resolve(args)
    except DetectionError as exc:
        raise UsageError(f"{exc}; --to {args.to} writes a message protocol's packets "
                         "otherwise than a stream protocol's: pass --protocol") from None


def _written_as(to: str, protocol: str | None) -> str:
    """What the records became, in words."""
    if to in ("jsonl", "wscap"):
        return to
    if _dissector(to, protocol) is not None:
        return (f"{to}: exported PDUs for the Wireshark dissector "
                f"{_dissector(to, protocol)!r}, link type 252")
    if _transport(to, protocol) == "message":
        return f"{to}: Ethernet/IPv4/UDP datagrams to 127.0.0.1:4000; read back with --server 4000"
    return f"{to}: Ethernet/IPv4/TCP connections to 127.0.0.1:4000"


def _transport(to: str, protocol: str | None) -> str:
    """How records are synthesized in a pcap/pcapng: TCP connections ("stream") for a
    stream protocol (or none named), one datagram or exported PDU a packet ("message")
    for a message protocol."""
    if to not in ("pcap", "pcapng") or not protocol:
        return "stream"
    return get_protocol(protocol).transport


def _dissector(to: str, protocol: str | None) -> str | None:
    """The Wireshark dissector a pcapng of ``protocol`` names in exported PDUs (None: the
    capture is written as TCP or UDP)."""
    if to != "pcapng" or not protocol:
        return None
    ws = get_protocol(protocol).wireshark
    if ws is None or ws.carrier != "exported_pdu":
        return None
    return ws.proto
