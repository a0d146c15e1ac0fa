"""Multiplayer Map Editor: the TCP protocol of the game client and its servers.

Specs: ``ksy/mme/`` (``mme_packet`` frames a packet and routes on its type). Runtime:

* :mod:`.packets` - packet names and valid payload sizes;
* :mod:`.decoder` - stream framing, size checks, parsing, inflation of map data;
* :mod:`.tracker` - the receiving client's view (map, players, menus, chat ...);
* :mod:`.voxels` - the NumPy block array; :mod:`.inflate` - capped zlib/gzip;
* :mod:`.auth` - the SHA-1 token and salted-password schemes; :mod:`.text` - color escapes;
* :mod:`.export` - Web IDE export items; :mod:`.tables` - Arrow tables;
* :mod:`.encoder` - events back to packets; :mod:`.generate` - seeded sessions.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.resources import samples_root
from wirestruct.plugin.protocol import Option, Protocol, Specs, Tables
from wirestruct.protocols.mme.decoder import MmeDecoder
from wirestruct.protocols.mme.export import export_items
from wirestruct.protocols.mme.presentation import PRESENTATION
from wirestruct.protocols.mme.tracker import MmeTracker
from wirestruct.protocols.mme.wireshark import WIRESHARK


def make_encoder(**options: Any) -> Any:
    """The encoder (imported when first asked for: decoding does not load it)."""
    from wirestruct.protocols.mme.encoder import MmeEncoder
    return MmeEncoder(**options)


def make_tables() -> Tables:
    from wirestruct.protocols.mme.tables import TABLES
    return TABLES


def seeded_session(seed: int, length: int | None = None) -> Iterator[CaptureRecord]:
    """A seeded session as records, one per write (``length``: chatty rounds)."""
    from wirestruct.protocols.mme.generate import session_records, session_turns
    turns = session_turns(seed, chatty_rounds=40 if length is None else length)
    for index, record in enumerate(session_records(turns, seed)):
        yield CaptureRecord(index, float(record["t"]),
                            Direction.parse(str(record["dir"])),
                            bytes.fromhex(str(record["data"])))


PROTOCOL = Protocol(
    name="mme",
    title="Multiplayer Map Editor",
    transport="stream",
    specs=Specs.of_folder("mme"),
    make_decoder=MmeDecoder,
    make_tracker=MmeTracker,
    make_encoder=make_encoder,
    presentation=PRESENTATION,
    make_tables=make_tables,
    options=(Option("map_out", "--map-out", "also write the map's raw block array (one byte "
                    "a block, x fastest, then y, then z) to FILE", metavar="FILE",
                    commands=frozenset({"state"}), output=True),),
    export_items=export_items,
    generate=seeded_session,
    default_ports=(),  # the document names no default port
    samples=(samples_root() / "mme.jsonl", samples_root() / "mme.pcapng"),
    wireshark=WIRESHARK,
    examples={
        "": ("wirestruct decode samples/mme.jsonl -p mme | jq -c .name",
             "tcpdump -U -w - -i lo port 4000 | wirestruct decode - -p mme"),
        "decode": ("wirestruct decode samples/mme.jsonl -p mme --format jsonl"
                   " | jq -c 'select(.name == \"chat_message\")'",
                   "zcat session.pcap.gz | wirestruct decode - -p mme --server 44481",
                   "wirestruct decode -r samples/mme.pcapng -p mme -c 1 -V -x",
                   "wirestruct decode -r samples/mme.pcapng -p mme -T fields -E header=y "
                   "-E separator=, -E quote=d -e frame -e name",
                   "wirestruct decode samples/mme.pcapng -p mme -c 2 -T json "
                   "| jq '.[]._source.layers.mme.name'"),
        "state": ("wirestruct state samples/mme.jsonl -p mme --upto 100 --map-out map.bin",),
        "export": ("wirestruct export samples/mme.jsonl -p mme --out webide/ --force --verify",),
        "convert": ("wirestruct convert tests/data/mme/session.pcapng -p mme --to wscap "
                    "--out session.wscap",
                    "xzcat big.pcapng.xz | wirestruct convert - -p mme --to jsonl --out big.jsonl"),
        "encode": ("wirestruct encode events.jsonl -p mme --out session.pcapng",
                   "wirestruct decode samples/mme.jsonl -p mme"
                   " | jq -c 'select(.name != \"chat_message\")'"
                   " | wirestruct encode - -p mme --out no_chat.jsonl"),
        "fields": ("wirestruct fields -p mme move_player",),
        "show": ("wirestruct show 180014000000000000000000000000000000000000000000 -p mme",
                 "echo 18:00:14:00:00:00:48:41:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00"
                 " | wirestruct show - -p mme --format jsonl"),
        "batch": ("wirestruct batch 'runs/*.pcapng' -p mme --server 25565"
                  " --scheduler tcp://scheduler.example:8786 --out /shared/ds",),
    },
)

__all__ = ["MmeDecoder", "MmeTracker", "PROTOCOL", "export_items"]
