"""Multiplayer Map Editor: the TCP protocol of the game client and its servers.

Specs: ``ksy/mme/`` (``mme_packet`` frames a packet and routes on its type). Runtime:

* :mod:`.packets` - packet names and valid payload sizes;
* :mod:`.decoder` - stream framing, size checks, parsing, inflation of map data;
* :mod:`.tracker` - the receiving client's view (map, players, menus, chat ...);
* :mod:`.voxels` - the NumPy block array; :mod:`.inflate` - capped zlib/gzip;
* :mod:`.auth` - the SHA-1 token and salted-password schemes; :mod:`.text` - color escapes;
* :mod:`.export` - Web IDE export items.
"""
from __future__ import annotations

from wirestruct.plugin.protocol import Protocol
from wirestruct.protocols.mme.decoder import MmeDecoder
from wirestruct.protocols.mme.export import export_items
from wirestruct.protocols.mme.tracker import MmeTracker


def make_encoder(**options):
    """The encoder (imported when first asked for: decoding does not load it)."""
    from wirestruct.protocols.mme.encoder import MmeEncoder
    return MmeEncoder(**options)


PROTOCOL = Protocol(
    name="mme",
    title="Multiplayer Map Editor",
    transport="stream",
    ksy_folder="mme",
    make_decoder=MmeDecoder,
    make_tracker=MmeTracker,
    export_items=export_items,
    make_encoder=make_encoder,
    default_ports=(),  # the document names no default port
)

__all__ = ["MmeDecoder", "MmeTracker", "PROTOCOL", "export_items"]
