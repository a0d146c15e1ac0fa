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
    """The tables the Lua piece reads: the specs of each direction, the id of 0x02, the
    packet ids each direction has (with their names; an other id is refused before the
    spec runs, as the decoder refuses it) and what :mod:`.counts` checks before a
    clientbound packet is parsed."""
    from wirestruct.core.records import Direction
    from wirestruct.protocols.diep import counts
    from wirestruct.protocols.diep.builds import load_build

    names = load_build(DEFAULT_BUILD).packet_names
    return {"clientbound": CLIENTBOUND_SPEC, "serverbound": SERVERBOUND_SPEC,
            "compressed": COMPRESSED,
            "names": {"clientbound": dict(names[Direction.S2C]),
                      "serverbound": dict(names[Direction.C2S])},
            "labels": {"clientbound": Direction.S2C.label, "serverbound": Direction.C2S.label},
            "ids": {side: "an id of " + ", ".join(f"0x{i:02x}" for i in names[direction])
                    for side, direction in (("clientbound", Direction.S2C),
                                            ("serverbound", Direction.C2S))},
            "counts": {"update": counts.UPDATE, "achievement": counts.ACHIEVEMENT,
                       "min_bytes": dict(counts.MIN_BYTES)}}


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
