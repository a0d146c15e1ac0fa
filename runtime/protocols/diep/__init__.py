"""diep.io: the 0x00 entity update with per-build field tables, 0x02 LZ4, every packet.

Packets are taken as they are after the transport's encryption layer is removed; a
capture record is one packet (``s2c`` clientbound, ``c2s`` serverbound). The field table
of the 0x00 update is chosen with ``diep_build`` (``--diep-build`` on the command line;
default: the bundled build, see :mod:`wirestruct.protocols.diep.builds`).
"""
from __future__ import annotations

from typing import Any

from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.plugin.protocol import Protocol
from wirestruct.protocols.diep.builds import DEFAULT_BUILD, Build, available_builds, load_build
from wirestruct.protocols.diep.decoder import DiepDecoder
from wirestruct.protocols.diep.export import export_items
from wirestruct.protocols.diep.tracker import EntityTracker


def make_decoder(limits: Limits = DEFAULT_LIMITS, diep_build: str | None = None,
                 **ignored: Any) -> DiepDecoder:
    return DiepDecoder(limits=limits, diep_build=diep_build)


def make_tracker(diep_build: str | None = None, limits: Limits = DEFAULT_LIMITS,
                 **ignored: Any) -> EntityTracker:
    return EntityTracker(diep_build=diep_build, limits=limits)



def make_encoder(**options):
    """The encoder (imported when first asked for: decoding does not load it)."""
    from wirestruct.protocols.diep.encoder import DiepEncoder
    return DiepEncoder(**options)


PROTOCOL = Protocol(
    name="diep",
    title="diep.io (WebSocket messages after the transport's encryption layer)",
    transport="message",
    ksy_folder="diep",
    make_decoder=make_decoder,
    make_tracker=make_tracker,
    export_items=export_items,
    make_encoder=make_encoder,
    default_ports=(),
    parallel_by_default=True,
)

__all__ = ["PROTOCOL", "DEFAULT_BUILD", "Build", "DiepDecoder", "EntityTracker",
           "available_builds", "export_items", "load_build", "make_decoder", "make_tracker"]
