"""Scrap Mechanic: 21/22 Network Update, 24 Unreliable Update, 29 Compound, 30 Player
Movement, and the NetObj world they describe.

Specs: ``ksy/scrap_mechanic/`` (``sm_*.ksy``). Captures are message captures: one record
is one packet, a packet id byte then the body (an LZ4 block for the documented packets).

    from wirestruct import decode_records, get_protocol, open_capture, track

    protocol = get_protocol("scrap-mechanic")
    tracker = protocol.tracker()
    with open_capture("samples/scrap_mechanic.jsonl") as capture:
        for event in track(decode_records(capture, protocol.decoder()), tracker):
            pass
    print(tracker.snapshot())
"""
from __future__ import annotations

from wirestruct.plugin.protocol import Protocol
from wirestruct.protocols.scrap_mechanic.decoder import ScrapMechanicDecoder, SubUpdate
from wirestruct.protocols.scrap_mechanic.export import export_items
from wirestruct.protocols.scrap_mechanic.tracker import NetObjTracker


def make_encoder(**options):
    """The encoder (imported when first asked for: decoding does not load it)."""
    from wirestruct.protocols.scrap_mechanic.encoder import ScrapMechanicEncoder
    return ScrapMechanicEncoder(**options)


PROTOCOL = Protocol(
    name="scrap-mechanic",
    title="Scrap Mechanic (Network Update, Unreliable Update, Compound, NetObj world)",
    transport="message",
    ksy_folder="scrap_mechanic",
    make_decoder=ScrapMechanicDecoder,
    make_tracker=NetObjTracker,
    export_items=export_items,
    make_encoder=make_encoder,
    default_ports=(),
    parallel_by_default=True,
)

__all__ = ["PROTOCOL", "NetObjTracker", "ScrapMechanicDecoder", "SubUpdate", "export_items"]
