"""diep.io: the 0x00 entity update with per-build field tables, 0x02 LZ4, every packet.

Packets are taken as they are after the transport's encryption layer is removed; a
capture record is one packet (``s2c`` clientbound, ``c2s`` serverbound). The field table
of the 0x00 update is chosen with ``diep_build`` (``--diep-build`` on the command line;
default: the bundled build, see :mod:`wirestruct.protocols.diep.builds`).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord
from wirestruct.core.resources import samples_root
from wirestruct.plugin.protocol import Option, Protocol, Specs, Tables
from wirestruct.protocols.diep.builds import (
    DEFAULT_BUILD,
    Build,
    available_builds,
    build_key,
    load_build,
)
from wirestruct.protocols.diep.decoder import DiepDecoder
from wirestruct.protocols.diep.export import export_items
from wirestruct.protocols.diep.presentation import PRESENTATION
from wirestruct.protocols.diep.tracker import EntityTracker
from wirestruct.protocols.diep.wireshark import WIRESHARK


def make_decoder(limits: Limits = DEFAULT_LIMITS, diep_build: str | None = None
                 ) -> DiepDecoder:
    return DiepDecoder(limits=limits, diep_build=diep_build)


def make_tracker(limits: Limits = DEFAULT_LIMITS, diep_build: str | None = None
                 ) -> EntityTracker:
    return EntityTracker(diep_build=diep_build, limits=limits)


def make_encoder(**options: Any) -> Any:
    """The encoder (imported when first asked for: decoding does not load it)."""
    from wirestruct.protocols.diep.encoder import DiepEncoder
    return DiepEncoder(**options)


def make_tables() -> Tables:
    from wirestruct.protocols.diep.tables import TABLES
    return TABLES


def seeded_session(seed: int, length: int | None = None) -> Iterator[CaptureRecord]:
    """A seeded session as records (``length``: game ticks)."""
    from wirestruct.protocols.diep.generate import SessionGenerator
    return iter(SessionGenerator(seed, ticks=300 if length is None else length))


def packet_names() -> frozenset[str]:
    """The packet ids of every bundled build's clientbound spec and the serverbound one."""
    from wirestruct.generated.diep.diep_serverbound import DiepServerbound
    names = {member.name for member in DiepServerbound.ServerboundPacketId}
    for key in available_builds():
        names.update(m.name for m in load_build(key).packet_class.ClientboundPacketId)
    return frozenset(names)


def parse_build(text: str) -> str:
    """A build name ``--diep-build`` accepts (one of the bundled field tables)."""
    known = available_builds()
    if build_key(text) not in known:
        raise ValueError(f"unknown diep build {text!r}; known: " + ", ".join(known))
    return text


PROTOCOL = Protocol(
    name="diep",
    title="diep.io (WebSocket messages after the transport's encryption layer)",
    transport="message",
    specs=Specs.of_folder("diep"),
    make_decoder=make_decoder,
    make_tracker=make_tracker,
    make_encoder=make_encoder,
    presentation=PRESENTATION,
    make_tables=make_tables,
    options=(Option("diep_build", "--diep-build", "the game build whose field table decodes "
                    "updates (default: the bundled one)", metavar="NAME", parse=parse_build),),
    packet_names=packet_names,
    export_items=export_items,
    generate=seeded_session,
    parallel_by_default=True,
    samples=(samples_root() / "diep.jsonl",),
    wireshark=WIRESHARK,
    carrier="ws",
    examples={
        "": ("wirestruct state samples/diep.jsonl",),
        "decode": ("wirestruct decode samples/diep.jsonl -p diep -T fields -e index -e name -e t",
                   "wirestruct decode live.pcap -p diep --follow --only update",
                   "wirestruct decode samples/diep.jsonl -p diep -c 1 -T ek"),
        "export": ("wirestruct export samples/diep.jsonl -p diep --out webide/",),
        "show": ("wirestruct show webide/packets/000051_update_packet.bin -p diep --format jsonl",),
        "batch": ("wirestruct batch captures/ -p diep --out dataset/",),
    },
)

__all__ = ["PROTOCOL", "DEFAULT_BUILD", "Build", "DiepDecoder", "EntityTracker",
           "available_builds", "export_items", "load_build", "make_decoder", "make_tracker"]
