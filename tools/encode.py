"""``wirestruct encode``: the JSON Lines ``wirestruct decode`` prints, back to a capture.

    wirestruct decode in.pcapng -p mme | jq -c '...' | wirestruct encode - -p mme --out out.pcapng

The events may be readable (as ``decode`` prints them by default) or raw (``--raw``), or a
mix of both; they may be edited (a field changed, a packet dropped or added); each top-level
packet event becomes one record. The output format is ``--to`` or the extension of
``--out`` (``.jsonl``, ``.wscap``, ``.pcap``, ``.pcapng``). pcap and pcapng are
synthesized as Ethernet/IPv4: TCP connections for stream protocols (as ``convert`` writes
them), UDP datagrams for message protocols (one packet a datagram, client
127.0.0.1:50000+stream to server 127.0.0.1:4000; read them back with ``--server 4000``).
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

from wirestruct.captures.pcap_writer import (
    ETHERTYPE_IPV4,
    LINKTYPE_ETHERNET,
    PROTO_UDP,
    PcapngWriter,
    PcapWriter,
    ethernet,
    ipv4,
    udp,
)
from wirestruct.core.errors import WirestructError
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.encode.encoder import Encoder, read_events
from wirestruct.plugin import registry

OUTPUT_FORMATS = ("jsonl", "wscap", "pcap", "pcapng")
SERVER = ("127.0.0.1", 4000)
CLIENT = ("127.0.0.1", 50000)


def output_format(out: str, to: str | None) -> str:
    if to:
        return to
    suffix = Path(out).suffix.lstrip(".").lower()
    if suffix in OUTPUT_FORMATS:
        return suffix
    raise ValueError(f"cannot tell the format of {out!r} from its name: give --to "
                     + "|".join(OUTPUT_FORMATS))


def write_udp(out: BinaryIO, records: Iterable[CaptureRecord], *, pcapng: bool) -> int:
    """Records as UDP datagrams, one per record, in a pcap or pcapng file."""
    if pcapng:
        writer: PcapWriter | PcapngWriter = PcapngWriter(out)
        writer.interface(LINKTYPE_ETHERNET, tsresol=9)
    else:
        writer = PcapWriter(out)
    count = 0
    for record in records:
        client_port = (CLIENT[1] + record.stream) & 0xFFFF
        if record.direction is Direction.C2S:
            src, dst, sport, dport = CLIENT[0], SERVER[0], client_port, SERVER[1]
        else:
            src, dst, sport, dport = SERVER[0], CLIENT[0], SERVER[1], client_port
        if len(record.data) > 0xFFFF - 28:
            raise WirestructError(f"packet {record.index} of {len(record.data)} bytes",
                                  expected="at most 65507 bytes in a UDP datagram")
        datagram = udp(record.data, src, dst, sport, dport)
        writer.write(record.t, ethernet(ipv4(datagram, PROTO_UDP, src, dst, ident=count & 0xFFFF),
                                        ETHERTYPE_IPV4))
        count += 1
    return count


def write_records(fmt: str, out_path: str, protocol: str, transport: str,
                  records: Iterable[CaptureRecord]) -> int:
    if fmt == "jsonl":
        from wirestruct.captures.jsonl import write_jsonl
        with open(out_path, "w", encoding="utf-8") as text_out:
            return write_jsonl(text_out, records)
    with open(out_path, "wb") as out:
        if fmt == "wscap":
            from wirestruct.captures.container import write_container
            return write_container(out, protocol, records)
        if transport == "message":
            return write_udp(out, records, pcapng=fmt == "pcapng")
        from wirestruct.captures.pcap_writer import write_pcap, write_pcapng
        return (write_pcap if fmt == "pcap" else write_pcapng)(out, records)


def encode_lines(lines: TextIO, encoder: Encoder,
                 errors: list[WirestructError]) -> Iterator[CaptureRecord]:
    """Records of the events in ``lines``; what cannot be encoded goes to ``errors``."""
    def items():
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
            print(json.dumps({"error": item.kind, "message": str(item), **item.to_json()}),
                  file=sys.stderr)


def cmd_encode(args) -> int:
    from wirestruct.tools.cli import _limits, _options
    protocol = registry.get_protocol(args.protocol)
    if protocol.make_encoder is None:
        raise ValueError(f"no encoder for {protocol.name}")
    fmt = output_format(args.out, args.to)                # ValueError: usage (exit 2)
    encoder = protocol.encoder(limits=_limits(args), **_options(args))
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
    return 1 if args.strict and errors else 0


def add_encode_parser(sub) -> None:
    from wirestruct.tools.cli import _add_limit_args, _diep_build, _examples
    p = sub.add_parser("encode", help="decoded events (JSON Lines) back to a capture",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("events", help="JSON Lines as `wirestruct decode` prints them; - for stdin")
    p.add_argument("--protocol", "-p", choices=registry.protocol_names(), required=True,
                   help="the game protocol of the events")
    p.add_argument("--out", required=True, metavar="CAPTURE",
                   help="the capture file to write")
    p.add_argument("--to", choices=OUTPUT_FORMATS,
                   help="output format (default: from the extension of --out)")
    p.add_argument("--diep-build", metavar="NAME", type=_diep_build,
                   help="diep.io field table (default: bundled)")
    p.add_argument("--strict", action="store_true", help="exit 1 if any event was not encoded")
    _add_limit_args(p)
    _examples(p, "wirestruct encode events.jsonl -p mme --out session.pcapng",
              "wirestruct decode samples/mme.jsonl -p mme"
              " | jq -c 'select(.name != \"chat_message\")'"
              " | wirestruct encode - -p mme --out no_chat.jsonl")
    p.set_defaults(func=cmd_encode)


__all__ = ["add_encode_parser", "cmd_encode", "encode_lines", "output_format", "write_records",
           "write_udp"]
