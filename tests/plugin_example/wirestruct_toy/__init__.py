"""A made-up two-player game, as a wirestruct protocol plug-in.

Everything wirestruct needs is the one :data:`PROTOCOL` object, found through the entry
point this package declares (``[project.entry-points."wirestruct.protocols"]`` in its
pyproject.toml). Its specs are ``ksy/toy/``, compiled with
``wirestruct regen --ksy ksy --generated generated`` into ``generated/`` and
``generated_rw/``.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from wirestruct.core.events import PacketEvent
from wirestruct.core.records import CaptureRecord
from wirestruct.plugin.protocol import ExportItem, Option, Protocol, Specs, Tables

from .decoder import ToyDecoder
from .tracker import ToyTracker

HERE = Path(__file__).resolve().parent
SPECS = Specs(HERE / "ksy" / "toy", "wirestruct_toy.generated.toy",
              "wirestruct_toy.generated_rw.toy")


def make_encoder(**options: Any) -> Any:
    from .encoder import ToyEncoder
    return ToyEncoder(**options)


def make_tables() -> Tables:
    from .tables import TABLES
    return TABLES


def export_items(event: PacketEvent) -> list[ExportItem]:
    return [ExportItem("packet", event.raw, "toy_packet")]


def seeded_session(seed: int, length: int | None = None) -> Iterator[CaptureRecord]:
    from .generate import session
    return session(seed, 40 if length is None else length)


def parse_court(text: str) -> int:
    """A court width: a whole number of court units, 1 or more."""
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{text!r} is not a court width (a whole number, 1 or more)")
    return int(text)


PROTOCOL = Protocol(
    name="toy",
    title="Toy game (an example protocol plug-in)",
    transport="message",
    specs=SPECS,
    make_decoder=ToyDecoder,
    make_tracker=ToyTracker,
    make_encoder=make_encoder,
    make_tables=make_tables,
    options=(Option("toy_court", "--toy-court", "the court's width: a move beyond it is a "
                    "state error", metavar="WIDTH", parse=parse_court,
                    commands=frozenset({"state", "batch"}), parts=frozenset({"tracker"})),),
    export_items=export_items,
    generate=seeded_session,
    samples=(HERE / "samples" / "toy.jsonl",),
)
