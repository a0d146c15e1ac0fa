"""A tracker for any protocol: per packet name, how many came and the last one.

What a protocol without a tracker of its own (one described by its spec alone) still has
as state. Names beyond ``limits.max_tracked_objects`` are not kept: the first packet of
each such name is a state error saying so, and the count of packets not tallied is in
the snapshot."""
from __future__ import annotations

from typing import Any

from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.tracker import Tracker, state_error


class PacketTally(Tracker):
    """Per packet name: ``count``, and the ``last`` packet with its ``index`` and ``t``."""

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.names: dict[str, dict[str, Any]] = {}
        self.untallied = 0
        self.refused: set[str] = set()

    def apply(self, event: PacketEvent) -> list[ErrorEvent]:
        entry = self.names.get(event.name)
        if entry is None:
            if len(self.names) >= self.limits.max_tracked_objects:
                self.untallied += 1
                if event.name in self.refused or \
                        len(self.refused) >= self.limits.max_tracked_objects:
                    return []
                self.refused.add(event.name)
                return [state_error(event, f"packet name {event.name} not tallied",
                                    expected="at most max_tracked_objects packet names",
                                    dropped=1, dropped_unit="items")]
            entry = self.names[event.name] = {"count": 0}
        entry["count"] += 1
        entry["index"] = event.index
        entry["t"] = event.t
        entry["last"] = event.packet
        return []

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {"packets": {name: dict(entry) for name, entry
                                           in sorted(self.names.items())}}
        if self.untallied:
            out["untallied"] = self.untallied
        return out
