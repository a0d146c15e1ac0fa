"""Typed events: what decoders yield and trackers consume (frozen, slotted)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Union

from .errors import WirestructError
from .records import Direction


@dataclass(frozen=True, slots=True)
class PacketEvent:
    """One decoded packet.

    ``packet`` is the generated Kaitai object; ``expansions`` holds what the runtime worked
    out beyond it (decompressed bodies, reconstructed deltas, nested packets), as plain
    data or further generated objects, keyed by name.
    """

    index: int                  #: packet number in decode order, from 0
    record: int                 #: capture record the packet ends in
    t: float
    direction: Direction
    packet_id: int
    name: str
    packet: Any
    raw: bytes = b""
    expansions: Mapping[str, Any] = field(default_factory=dict)
    stream: int = 0
    parent: Optional[int] = None  #: index of the packet this one was nested in


@dataclass(frozen=True, slots=True)
class ErrorEvent:
    """Input that could not be decoded or applied; decoding goes on after it."""

    error: WirestructError
    record: Optional[int] = None
    t: Optional[float] = None
    direction: Optional[Direction] = None
    index: Optional[int] = None
    stream: int = 0


Event = Union[PacketEvent, ErrorEvent]
