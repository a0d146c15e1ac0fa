"""A protocol from its specs alone, without a plug-in package: what
``wirestruct decode CAPTURE --ksy SPEC.ksy --transport tcp|udp|messages|ws`` reads with.

The root spec's top-level type is one packet: for ``messages`` a record (of a JSON Lines
capture), for ``udp`` a datagram, for ``tcp`` one packet after another in each direction
of each reassembled stream (:mod:`wirestruct.core.spec_decoder`). Its packets are named
after the enum its top-level switch routes on (:mod:`wirestruct.plugin.spec_packets`),
else after the spec. The state is the generic tally (:mod:`wirestruct.core.packet_tally`),
the encoder writes with the specs' read-write classes, the Web IDE export is each
packet's bytes with the root spec, and the tables are ``packets`` and ``captures`` and
one table per packet name with its leaf fields as columns (:func:`packet_tables`), and
the Wireshark dissector the generic one of the specs (:func:`wireshark_part`).

The specs are compiled by the command line (``wirestruct.tools.adhoc``); this module
takes the compiled packages.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from wirestruct.core.decoder import Decoder
from wirestruct.core.encoder import Encoder, EventNode
from wirestruct.core.events import PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.packet_tally import PacketTally
from wirestruct.core.spec_decoder import SpecMessageDecoder, SpecPacket, SpecStreamDecoder
from wirestruct.core.stream import bind
from wirestruct.encode.building import camel, type_info
from wirestruct.encode.fields import encode_fields
from wirestruct.encode.unpresent import convert, readable
from wirestruct.plugin import spec_packets
from wirestruct.plugin.protocol import ExportItem, Protocol, Specs, Tables, Wireshark

#: ``--transport`` -> the Protocol's transport
TRANSPORTS = {"tcp": "stream", "udp": "message", "messages": "message", "ws": "message"}
#: ``--transport`` -> what carries the packets in a packet capture (None: UDP datagrams)
CARRIERS = {"ws": "ws"}
#: The Wireshark piece of a stream protocol from its spec: a packet is what the root spec
#: reads (the dissector of a message protocol needs no piece)
STREAM_PIECE = Path(__file__).resolve().parent / "wireshark" / "pieces" / "spec_stream.lua"


def load_spec(folder: Path, spec_id: str) -> dict[str, Any]:
    with open(Path(folder) / f"{spec_id}.ksy", encoding="utf-8") as f:
        data = yaml.safe_load(f)
    return data if isinstance(data, dict) else {}


def adhoc_protocol(name: str, specs: Specs, root: str, transport: str,
                   ports: tuple[int, ...] = (), title: str | None = None) -> Protocol:
    """The protocol whose packets are the root type of spec ``root`` (compiled into
    ``specs``), carried as ``transport`` says (a key of :data:`TRANSPORTS`) on ``ports``."""
    if transport not in TRANSPORTS:
        raise ValueError(f"transport {transport!r}: one of {', '.join(TRANSPORTS)}")
    bind(specs.package)
    cls = getattr(importlib.import_module(f"{specs.package}.{root}"), camel(root))
    found = spec_packets.switch_field(load_spec(specs.folder, root))
    packet = SpecPacket(cls, root, None if found is None else found[0])
    stream = TRANSPORTS[transport] == "stream"

    def make_decoder(*, limits: Limits = DEFAULT_LIMITS) -> Decoder:
        if stream:
            return SpecStreamDecoder(packet, limits=limits)
        return SpecMessageDecoder(packet, limits=limits)

    def make_tracker(*, limits: Limits = DEFAULT_LIMITS) -> PacketTally:
        return PacketTally(limits=limits)

    def make_encoder(*, limits: Limits = DEFAULT_LIMITS) -> Encoder:
        return SpecEncoder(specs, root, limits=limits)

    def export_items(event: PacketEvent) -> list[ExportItem]:
        return [ExportItem("packet", event.raw, root)]

    def make_tables() -> Tables:
        from wirestruct.tables.leaf_columns import packet_tables  # pyarrow, when asked
        return packet_tables(specs, root)

    return Protocol(
        name=name, title=title or f"{root} (from its spec)", transport=TRANSPORTS[transport],
        specs=specs, make_decoder=make_decoder, make_tracker=make_tracker,
        make_encoder=make_encoder, make_tables=make_tables, export_items=export_items,
        default_ports=ports, carrier=CARRIERS.get(transport),
        wireshark=wireshark_part(specs, root, transport),
        # a root without a switch on an enum is one packet, named after the spec
        packet_names=None if found is not None else lambda: frozenset({root}))


def wireshark_part(specs: Specs, root: str, transport: str) -> Wireshark:
    """The dissector of the protocol whose packets are spec ``root``: named after it
    (fields ``<root>.<type>.<field>``), on TCP (framed by what the spec reads) or as one
    packet a UDP datagram, WebSocket message or exported PDU; its title is the spec's
    ``meta.title``."""
    meta = load_spec(specs.folder, root).get("meta") or {}
    title = meta.get("title") if isinstance(meta, dict) else None
    stream = TRANSPORTS[transport] == "stream"
    return Wireshark(
        proto=root, title=str(title or f"{root} (wirestruct, from its spec)"),
        short=root.upper(), root_spec=root, carrier="tcp" if stream else "exported_pdu",
        heuristics=("ws",) if transport == "ws" else (), header_size=1,
        piece=STREAM_PIECE if stream else None)


class SpecEncoder(Encoder):
    """Events back to packets with the root spec's read-write class."""

    protocol = "spec"

    def __init__(self, specs: Specs, root: str, *, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(limits=limits)
        self.info = type_info(specs, root)

    def to_raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        return readable(event, lambda out: convert(out, "fields", self.info))

    def encode_packet(self, node: EventNode, depth: int) -> bytes:
        return encode_fields(self.info, node.fields)
