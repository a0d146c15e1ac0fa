"""A protocol's plug-in: one object describing everything it brings."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wirestruct.core.decoder import Decoder
from wirestruct.core.events import PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.tracker import Tracker


@dataclass(frozen=True)
class ExportItem:
    """One file of a Web IDE export: bytes and the spec (meta.id) that opens them."""

    label: str      #: short name for the file, e.g. "body" or "sub3"
    data: bytes
    spec: str       #: meta.id of the .ksy that opens it
    note: str = ""


@dataclass(frozen=True)
class Protocol:
    """A protocol's plug-in to the decode path."""

    name: str                                   #: command-line name, e.g. "scrap-mechanic"
    title: str
    transport: str                              #: "message" or "stream"
    ksy_folder: str                             #: folder under ksy/ holding its specs
    make_decoder: Callable[..., Decoder]        #: (limits=..., **options) -> Decoder
    make_tracker: Callable[..., Tracker]        #: (limits=..., **options) -> Tracker
    export_items: Callable[[PacketEvent], list[ExportItem]]
    default_ports: tuple[int, ...] = ()         #: server TCP/UDP ports, to infer direction
    make_encoder: Callable[..., Any] | None = None  #: (limits=..., **options) -> Encoder
    #: Whether ``decode --jobs auto`` (the default) runs worker processes on a large
    #: capture: True where parsing and serializing packets, which workers do, is most of
    #: the work; False where the in-order stage is (MME's packets are small: reading,
    #: framing and inflating map transfers in order cost about what decoding them does).
    parallel_by_default: bool = False

    def decoder(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> Decoder:
        return self.make_decoder(limits=limits, **options)

    def tracker(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> Tracker:
        return self.make_tracker(limits=limits, **options)

    def encoder(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> Any:
        """The encoder (``wirestruct.encode.encoder.Encoder``): decoded events back to records."""
        if self.make_encoder is None:
            raise NotImplementedError(f"no encoder for {self.name}")
        return self.make_encoder(limits=limits, **options)
