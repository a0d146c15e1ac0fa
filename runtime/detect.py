"""Which protocol a capture speaks, found by trying every decoder on its first records.

:func:`detect_protocol` reads the start of an open :class:`~wirestruct.captures.Capture`
without consuming it (so a pipe can be detected and then decoded), decodes the first
records with each registered protocol, and picks the one with the smallest share of
failed or unknown packets. A tie, or no protocol that decodes anything, is a
:class:`DetectionError`. A third-party plug-in that cannot be tried (its decoder cannot be
made) is warned about once and left out of the trials. :func:`looks_unknown` is the same
test for one event, for warning that a chosen protocol mostly does not fit.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any, cast

from wirestruct.captures import Capture
from wirestruct.captures.files.sources import PeekView, Source
from wirestruct.core.errors import DetectionError, WirestructError
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.session import decode_records
from wirestruct.plugin.registry import get_protocol, is_own, protocol_names, report

#: Records each protocol is tried on.
DETECT_RECORDS = 64
#: Bytes of the capture's start the trials may read (and hold in memory).
DETECT_BYTES = 1 << 20



@dataclass(frozen=True)
class Trial:
    """How one protocol fared on the first records."""

    protocol: str
    packets: int        #: packets decoded under a known name
    unknown: int        #: packets of an unknown type
    errors: int         #: error events

    @property
    def events(self) -> int:
        return self.packets + self.unknown + self.errors

    @property
    def bad_share(self) -> float:
        return (self.unknown + self.errors) / self.events if self.events else 1.0

    def __str__(self) -> str:
        return (f"{self.protocol}: {self.packets} packets, {self.unknown} unknown, "
                f"{self.errors} errors")


def looks_unknown(event: Event) -> bool:
    """An error event, or a packet whose type the protocol does not know."""
    return isinstance(event, ErrorEvent) or (isinstance(event, PacketEvent)
                                             and event.name.startswith("unknown_"))


def try_protocol(capture: Capture, name: str, *, records: int = DETECT_RECORDS,
                 max_bytes: int = DETECT_BYTES, **options) -> Trial:
    """Decode the first ``records`` records of ``capture`` (not consumed) as ``name``."""
    protocol = get_protocol(name)
    # Capture.stream is the Source open_capture made
    peek = PeekView(cast(Source, capture.stream), max_bytes)
    view = Capture(path=capture.path, format=capture.format, stream=peek,
                   server=capture.server, limits=capture.limits)
    packets = unknown = errors = 0
    decoder = protocol.decoder(limits=capture.limits, **protocol.own_options(
        {k: v for k, v in options.items() if k in protocol.option_names()}))
    for event in decode_records(islice(view.records(protocol), records), decoder):
        if isinstance(event, ErrorEvent):
            errors += 1
        elif looks_unknown(event):
            unknown += 1
        else:
            packets += 1
    return Trial(name, packets, unknown, errors)


def _trial(capture: Capture, name: str, **how: Any) -> Trial | None:
    """:func:`try_protocol`; a third-party plug-in that fails to be tried is warned about
    and left out of the trials (wirestruct's own protocols are not: theirs is a bug)."""
    protocol = get_protocol(name)
    try:
        return try_protocol(capture, name, **how)
    except WirestructError as exc:
        if is_own(protocol):
            raise
        report(protocol, f"{exc}; protocol {protocol.name} left out of detection")
        return None


def detect_protocol(capture: Capture, *, records: int = DETECT_RECORDS,
                    max_bytes: int = DETECT_BYTES, **options) -> tuple[str, list[Trial]]:
    """The protocol ``capture`` speaks and every trial, best first. The capture is left
    unread: read it with ``capture.records(get_protocol(name))``. ``options`` are the
    protocols' options (each trial takes its own protocol's)."""
    if capture.protocol:
        return capture.protocol, []
    if capture.format == "wscap":
        raise DetectionError("the container names no protocol", file=capture.name)
    tried = (_trial(capture, name, records=records, max_bytes=max_bytes, **options)
             for name in protocol_names())
    trials = sorted((t for t in tried if t is not None),
                    key=lambda t: (t.bad_share, -t.packets))
    if not trials:
        raise DetectionError("no protocol could be tried", file=capture.name,
                             expected="an installed protocol plug-in that loads")
    summary = "; ".join(str(t) for t in trials)
    best = trials[0]
    if best.packets == 0:
        raise DetectionError(f"no protocol decodes the first records ({summary})",
                             file=capture.name,
                             expected="a capture of " + ", ".join(protocol_names()))
    if len(trials) > 1 and (trials[1].bad_share, trials[1].packets) == (best.bad_share,
                                                                       best.packets):
        raise DetectionError(f"{best.protocol} and {trials[1].protocol} fit the first "
                             f"records equally well ({summary})", file=capture.name,
                             expected="one protocol that fits best")
    return best.protocol, trials
