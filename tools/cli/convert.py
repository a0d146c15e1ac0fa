"""``wirestruct convert``: a capture's records into another capture format."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from wirestruct.captures import STREAMS
from wirestruct.core.errors import EXIT_OK, UsageError, WirestructError
from wirestruct.core.records import CaptureRecord
from wirestruct.plugin.registry import get_protocol
from wirestruct.tools import progress
from wirestruct.tools.cli import options
from wirestruct.tools.cli.outputs import new_file
from wirestruct.tools.cli.run import open_given

TO = ("jsonl", "wscap", "pcap", "pcapng")


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
    errors = 0

    def records() -> Iterator[CaptureRecord]:
        nonlocal errors
        found = capture.records(protocol if protocol is not None else STREAMS)
        for item in progress.for_capture(capture).wrap(found):
            if isinstance(item, WirestructError):
                errors += 1
                print(f"wirestruct: skipped: {item}", file=sys.stderr)
            else:
                yield item

    with capture:
        dissector = _dissector(args.to, name)
        if dissector is not None:
            from wirestruct.captures.writers.pcap_writer import write_exported_pdus
            with new_file(args.out) as out:
                count = write_exported_pdus(out, records(), dissector)
        else:
            count = _write(args.to, args.out, name, records())
    print(f"wirestruct: wrote {count} records to {args.out}; {errors} unreadable", file=sys.stderr)
    return EXIT_OK


def _dissector(to: str, protocol: str | None) -> str | None:
    """The Wireshark dissector a pcapng of ``protocol`` names in exported PDUs (None: the
    capture is written as TCP)."""
    if to != "pcapng" or not protocol:
        return None
    found = get_protocol(protocol)
    ws = found.wireshark
    if found.transport != "message" or ws is None or ws.carrier != "exported_pdu":
        return None
    return ws.proto


def _write(to: str, path: str, protocol: str | None, records: Iterator[CaptureRecord]) -> int:
    if to == "jsonl":
        from wirestruct.captures.files.jsonl import write_jsonl
        with new_file(path, "w", encoding="utf-8") as text:
            return write_jsonl(text, records)
    with new_file(path) as out:
        if to == "wscap":
            from wirestruct.captures.files.container import write_container
            return write_container(out, protocol or "", records)
        from wirestruct.captures.writers.pcap_writer import write_pcap, write_pcapng
        return (write_pcap if to == "pcap" else write_pcapng)(out, records)
