"""``wirestruct encode``: the JSON Lines ``wirestruct decode`` prints, back to a capture.

The events may be readable (as ``decode`` prints them by default) or raw (``--raw``), or a
mix of both; they may be edited (a field changed, a packet dropped or added); each top-level
packet event becomes one record. The output format is ``--to`` or the extension of
``--out`` (``.jsonl``, ``.wscap``, ``.pcap``, ``.pcapng``). pcap and pcapng are
synthesized as Ethernet/IPv4: TCP connections for stream protocols (as ``convert`` writes
them), UDP datagrams for message protocols (one packet a datagram, client
127.0.0.1:50000+stream to server 127.0.0.1:4000; read them back with ``--server 4000``).

A length or count that a spec's ``size:`` or ``repeat-expr:`` ties to an edited value is
set from that value and said on stderr (``wirestruct: record 42: set len_payload = 3 (from
payload; was 34) in mme_packet``); a value that cannot be written is an error naming the
field and what was expected.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import BinaryIO

from wirestruct.captures.writers.capture_files import FORMATS as OUTPUT_FORMATS
from wirestruct.captures.writers.capture_files import write_records
from wirestruct.core.encoder import Encoder
from wirestruct.core.errors import EXIT_FAILED, EXIT_OK, UsageError, WirestructError
from wirestruct.core.records import CaptureRecord
from wirestruct.encode.lengths import LengthSet, reporting
from wirestruct.encode.lines import encoded
from wirestruct.output.serialize import dumps
from wirestruct.plugin.registry import get_protocol
from wirestruct.safe_paths import raise_storage_failure
from wirestruct.tools import signals
from wirestruct.tools.cli import options
from wirestruct.tools.cli.outputs import new_file


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


def encode_lines(lines: BinaryIO, encoder: Encoder, errors: list[WirestructError],
                 notes: list[LengthSet] | None = None) -> Iterator[CaptureRecord]:
    """Records of the events in ``lines``; what cannot be encoded goes to ``errors`` (and
    is printed on stderr as a JSON line). ``notes``, filled by
    :func:`~wirestruct.encode.lengths.reporting` while encoding, are the lengths the
    writer set: each is printed on stderr with the record it went into."""
    for item in encoded(lines, encoder):
        if notes:
            where = (f"record {item.index}" if isinstance(item, CaptureRecord)
                     else f"packet {item.where.packet_index} (not encoded)")
            for note in notes:
                sys.stderr.write(f"wirestruct: {where}: {note}\n")
            notes.clear()
        if isinstance(item, CaptureRecord):
            yield item
        else:
            report(item, errors)


def report(error: WirestructError, errors: list[WirestructError]) -> None:
    """An event not encoded (or a record not written): kept in ``errors`` and printed on
    stderr as a JSON line."""
    errors.append(error)
    sys.stderr.write(dumps({"error": error.kind, "message": str(error), **error.to_json()},
                           line=True).decode())


def run(args: argparse.Namespace) -> int:
    protocol = get_protocol(args.protocol)
    fmt = output_format(args.out, args.to)
    encoder = protocol.encoder(limits=options.limits(args),
                               **options.protocol_options(args, protocol))
    errors: list[WirestructError] = []
    notes: list[LengthSet] = []
    stopped: KeyboardInterrupt | None = None
    count = 0
    try:
        with ExitStack() as inputs:
            lines = (sys.stdin.buffer if args.events == "-"
                     else inputs.enter_context(open(args.events, "rb")))
            with new_file(args.out) as out, reporting(notes.append):
                count = write_records(fmt, out, encode_lines(lines, encoder, errors, notes),
                                      rejected=lambda error: report(error, errors),
                                      protocol=protocol.name, transport=protocol.transport)
    except KeyboardInterrupt as stop:
        stopped = stop
    except OSError as exc:
        raise_storage_failure(exc, args.out)
    if stopped is not None:
        print(f"wirestruct: {signals.word(stopped)}: nothing written to {args.out}; "
              f"{len(errors)} events not encoded before", file=sys.stderr)
        return signals.status(stopped)
    print(f"wirestruct: wrote {count} packets to {args.out} ({fmt}); {len(errors)} not "
          f"encoded, {encoder.skipped} error events skipped", file=sys.stderr)
    if not count and errors:
        os.unlink(args.out)              # nothing of it is a capture of this protocol
        print(f"wirestruct: no event encodes as {protocol.name}, so {args.out} is not "
              f"written: are these {protocol.name} events? (as `wirestruct decode -p "
              f"{protocol.name}` prints them)", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_FAILED if args.strict and errors else EXIT_OK
