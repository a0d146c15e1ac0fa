"""Counts of the frames a capture holds but wirestruct does not read.

Each kind (a link type, an EtherType, an IP protocol, frames of connections that are not
followed ...) yields one :class:`~wirestruct.core.errors.UnsupportedError` when its first frame
is seen, and :meth:`UnreadTally.summary` one more at the end of the capture with the
frames and bytes of every kind, so nothing disappears silently and nothing floods.
"""
from __future__ import annotations

from wirestruct.core.errors import UnsupportedError

__all__ = ["UnreadTally"]


class UnreadTally:
    def __init__(self) -> None:
        self.kinds: dict[str, list[int]] = {}    # kind -> [frames, bytes]

    def count(self, kind: str, frame: int, size: int) -> UnsupportedError | None:
        """Count one frame of ``size`` bytes; an error the first time a kind is seen."""
        entry = self.kinds.get(kind)
        if entry is not None:
            entry[0] += 1
            entry[1] += size
            return None
        self.kinds[kind] = [1, size]
        return UnsupportedError(
            f"frame {frame}: {kind}, not read; frames of this kind are counted and their "
            "totals reported at the end of the capture", expected="TCP or UDP over IP "
            "of the followed connections", dropped=1, dropped_unit="frames")

    def summary(self) -> UnsupportedError | None:
        """One error with the totals per kind; None when every frame was read."""
        if not self.kinds:
            return None
        frames = sum(entry[0] for entry in self.kinds.values())
        size = sum(entry[1] for entry in self.kinds.values())
        parts = "; ".join(f"{kind}: {n} frames, {b} bytes"
                          for kind, (n, b) in self.kinds.items())
        return UnsupportedError(f"{frames} frames ({size} bytes) not read: {parts}",
                                expected="TCP or UDP over IP of the followed connections",
                                dropped=frames, dropped_unit="frames")
