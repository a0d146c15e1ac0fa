"""diep.io in Wireshark: what the specs do not say (the plug-in's
:class:`~wirestruct.plugin.protocol.Wireshark` part).

Packets reach the dissector as exported PDUs (``wirestruct convert --to pcapng``) or, in a
browser capture with TLS keys, as WebSocket messages (a heuristic: a message that parses).
The spec is chosen by direction (the bundled build's clientbound spec, or
``diep_serverbound``); 0x02 is decompressed with the Lua LZ4. The piece is
``wireshark.lua`` beside this module.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from wirestruct.plugin.protocol import Wireshark
from wirestruct.protocols.diep.builds import DEFAULT_BUILD, SPEC_PREFIX, build_key
from wirestruct.protocols.diep.decoder import COMPRESSED

#: the clientbound spec of the bundled build
CLIENTBOUND_SPEC = SPEC_PREFIX + build_key(DEFAULT_BUILD)
SERVERBOUND_SPEC = "diep_serverbound"


def data() -> dict[str, Any]:
    return {"clientbound": CLIENTBOUND_SPEC, "serverbound": SERVERBOUND_SPEC,
            "compressed": COMPRESSED}


WIRESHARK = Wireshark(
    proto="diep",
    title="diep.io (wirestruct)",
    short="diep.io",
    root_spec=CLIENTBOUND_SPEC,
    carrier="exported_pdu",
    heuristics=("ws",),
    piece=Path(__file__).resolve().with_name("wireshark.lua"),
    data=data,
)
