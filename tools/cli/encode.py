"""``wirestruct encode``: the JSON Lines ``wirestruct decode`` prints, back to a capture.

The events may be readable (as ``decode`` prints them by default) or raw (``--raw``), or a
mix of both; they may be edited (a field changed, a packet dropped or added); each top-level
packet event becomes one record. The output format is ``--to`` or the extension of
``--out`` (``.jsonl``, ``.wscap``, ``.pcap``, ``.pcapng``). pcap and pcapng are
synthesized as Ethernet/IPv4: TCP connections for stream protocols (as ``convert`` writes
them), UDP datagrams for message protocols (one packet a datagram, client
127.0.0.1:50000+stream to server 127.0.0.1:4000; read them back with ``--server 4000``).
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from wirestruct.core.encoder import Encoder
from wirestruct.core.errors import EXIT_FAILED, EXIT_OK, UsageError, WirestructError
from wirestruct.core.records import CaptureRecord
from wirestruct.encode.lines import read_events
from wirestruct.output.serialize import dumps
from wirestruct.plugin.registry import get_protocol
from wirestruct.tools.cli import options
from wirestruct.tools.cli.outputs import new_file

OUTPUT_FORMATS = ("jsonl", "wscap", "pcap", "pcapng")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("encode", help="decoded events (JSON Lines) back to a capture",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("events", help="JSON Lines as `wirestruct decode` prints them; - for stdin")
    options.add_protocol(p, required=True, detected=False)
    p.add_argument("--out", required=True, metavar="CAPTURE",
                   help="the capture file to write")
    p.add_argument("--to", choices=OUTPUT_FORMATS,
                   help="output format (default: from the extension of --out)")
    options.add_strict(p, "any event was not encoded")
    options.add_protocol_options(p, "encode")
    options.add_limits(p)
    options.examples(p, "encode")
    p.set_defaults(func=run)


def output_format(out: str, to: str | None) -> str:
    if to:
        return to
    suffix = Path(out).suffix.lstrip(".").lower()
    if suffix in OUTPUT_FORMATS:
        return suffix
    raise UsageError(f"cannot tell the format of {out!r} from its name: give --to "
                     + "|".join(OUTPUT_FORMATS))


def write_records(fmt: str, out_path: str, protocol: str, transport: str,
                  records: Iterable[CaptureRecord]) -> int:
    if fmt == "jsonl":
        from wirestruct.captures.files.jsonl import write_jsonl
        with new_file(out_path, "w", encoding="utf-8") as text_out:
            return write_jsonl(text_out, records)
    with new_file(out_path) as out:
        if fmt == "wscap":
            from wirestruct.captures.files.container import write_container
            return write_container(out, protocol, records)
        if transport == "message":
            from wirestruct.captures.writers.pcap_writer import write_udp
            return write_udp(out, records, pcapng=fmt == "pcapng")
        from wirestruct.captures.writers.pcap_writer import write_pcap, write_pcapng
        return (write_pcap if fmt == "pcap" else write_pcapng)(out, records)


def encode_lines(lines: TextIO, encoder: Encoder,
                 errors: list[WirestructError]) -> Iterator[CaptureRecord]:
    """Records of the events in ``lines``; what cannot be encoded goes to ``errors`` (and
    is printed on stderr as a JSON line)."""
    def items() -> Iterator[CaptureRecord | WirestructError]:
        for event in read_events(lines, max_line=encoder.limits.max_record):
            if isinstance(event, WirestructError):
                yield event
            else:
                yield from encoder.feed(event)
        yield from encoder.close()

    for item in items():
        if isinstance(item, CaptureRecord):
            yield item
        else:
            errors.append(item)
            sys.stderr.write(dumps({"error": item.kind, "message": str(item),
                                    **item.to_json()}, line=True).decode())


def run(args: argparse.Namespace) -> int:
    protocol = get_protocol(args.protocol)
    fmt = output_format(args.out, args.to)
    encoder = protocol.encoder(limits=options.limits(args),
                               **options.protocol_options(args, protocol))
    errors: list[WirestructError] = []
    if args.events == "-":
        count = write_records(fmt, args.out, protocol.name, protocol.transport,
                              encode_lines(sys.stdin, encoder, errors))
    else:
        with open(args.events, encoding="utf-8") as lines:
            count = write_records(fmt, args.out, protocol.name, protocol.transport,
                                  encode_lines(lines, encoder, errors))
    print(f"wirestruct: wrote {count} packets to {args.out} ({fmt}); {len(errors)} not "
          f"encoded, {encoder.skipped} error events skipped", file=sys.stderr)
    if not count and errors:
        os.unlink(args.out)              # nothing of it is a capture of this protocol
        print(f"wirestruct: no event encodes as {protocol.name}, so {args.out} is not "
              f"written: are these {protocol.name} events? (as `wirestruct decode -p "
              f"{protocol.name}` prints them)", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_FAILED if args.strict and errors else EXIT_OK
