"""Scrap Mechanic: 21/22 Network Update, 24 Unreliable Update, 29 Compound, 30 Player
Movement, and the NetObj world they describe.

Specs: ``ksy/scrap_mechanic/`` (``sm_*.ksy``). Captures are message captures: one record
is one packet, a packet id byte then the body (an LZ4 block for the documented packets).

    from wirestruct import decode_records, get_protocol, open_capture, track

    protocol = get_protocol("scrap-mechanic")
    tracker = protocol.tracker()
    with open_capture("samples/scrap_mechanic.jsonl") as capture:
        for event in track(decode_records(capture.records(protocol), protocol.decoder()),
                           tracker):
            pass
    print(tracker.snapshot())
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wirestruct.core.records import CaptureRecord
from wirestruct.core.resources import samples_root
from wirestruct.plugin.protocol import Protocol, Specs, Tables
from wirestruct.protocols.scrap_mechanic.decoder import ScrapMechanicDecoder, SubUpdate
from wirestruct.protocols.scrap_mechanic.export import export_items
from wirestruct.protocols.scrap_mechanic.game_state import ScrapMechanicTracker
from wirestruct.protocols.scrap_mechanic.presentation import PRESENTATION
from wirestruct.protocols.scrap_mechanic.tracker import NetObjTracker
from wirestruct.protocols.scrap_mechanic.wireshark import WIRESHARK


def make_encoder(**options: Any) -> Any:
    """The encoder (imported when first asked for: decoding does not load it)."""
    from wirestruct.protocols.scrap_mechanic.encoder import ScrapMechanicEncoder
    return ScrapMechanicEncoder(**options)


def make_tables() -> Tables:
    from wirestruct.protocols.scrap_mechanic.tables import TABLES
    return TABLES


def seeded_session(seed: int, length: int | None = None) -> Iterator[CaptureRecord]:
    """A seeded session as records (``length``: game ticks)."""
    from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator
    return iter(SessionGenerator(seed, 300 if length is None else length))


PROTOCOL = Protocol(
    name="scrap-mechanic",
    title="Scrap Mechanic (Network Update, Unreliable Update, Compound, NetObj world)",
    transport="message",
    specs=Specs.of_folder("scrap_mechanic"),
    make_decoder=ScrapMechanicDecoder,
    make_tracker=ScrapMechanicTracker,
    make_encoder=make_encoder,
    presentation=PRESENTATION,
    make_tables=make_tables,
    export_items=export_items,
    generate=seeded_session,
    parallel_by_default=True,
    samples=(samples_root() / "scrap_mechanic.jsonl",),
    wireshark=WIRESHARK,
    examples={
        "state": ("wirestruct state samples/scrap_mechanic.jsonl -p scrap-mechanic",),
    },
)

__all__ = ["PROTOCOL", "NetObjTracker", "ScrapMechanicDecoder", "ScrapMechanicTracker",
           "SubUpdate", "export_items"]
