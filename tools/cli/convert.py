"""``wirestruct convert``: a capture's records into another capture format."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from wirestruct.captures import STREAMS
from wirestruct.captures.writers.capture_files import FORMATS as TO
from wirestruct.captures.writers.capture_files import write_records
from wirestruct.core.errors import EXIT_OK, UsageError, WirestructError
from wirestruct.core.records import CaptureRecord
from wirestruct.plugin.registry import get_protocol
from wirestruct.tools import progress, signals
from wirestruct.tools.cli import options
from wirestruct.tools.cli.outputs import new_file
from wirestruct.tools.cli.run import open_given


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
                   help="the format to write; pcap is synthesized as Ethernet/IPv4/TCP, one "
                        "connection per stream from 127.0.0.1:50000+N to 127.0.0.1:4000, "
                        "handshake included; so is pcapng, except for a message protocol "
                        "with a Wireshark dissector: one exported PDU a packet, naming the "
                        "dissector (Wireshark's link type 252), for `wirestruct wireshark`'s "
                        "plugin")
    p.add_argument("--out", required=True, metavar="FILE", help="the file to write")
    options.examples(p, "convert")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    protocol = get_protocol(args.protocol) if args.protocol else None
    capture = open_given(args)
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
    except KeyboardInterrupt as stop:
        stopped = stop
    if stopped is not None:
        print(f"wirestruct: {signals.word(stopped)}: nothing written to {args.out}",
              file=sys.stderr)
        return signals.status(stopped)
    unwritten = problems["not written"]
    print(f"wirestruct: wrote {count} records to {args.out}; {problems['unreadable']} "
          f"unreadable" + (f", {unwritten} not written (the {args.to} format cannot hold "
                           "them)" if unwritten else ""), file=sys.stderr)
    return EXIT_OK


def _transport(to: str, protocol: str | None) -> str:
    """How records are synthesized in a pcap/pcapng: TCP connections ("stream"), but the
    exported PDUs of a message protocol with a Wireshark dissector ("message")."""
    return "message" if _dissector(to, protocol) is not None else "stream"


def _dissector(to: str, protocol: str | None) -> str | None:
    """The Wireshark dissector a pcapng of ``protocol`` names in exported PDUs (None: the
    capture is written as TCP or UDP)."""
    if to != "pcapng" or not protocol:
        return None
    ws = get_protocol(protocol).wireshark
    if ws is None or ws.carrier != "exported_pdu":
        return None
    return ws.proto
