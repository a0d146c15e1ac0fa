"""Counts of what a capture holds but wirestruct does not read.

Each kind (a link type, an EtherType, an IP protocol, frames of connections that are not
followed, a pcapng block type ...) yields one :class:`~wirestruct.core.errors.UnsupportedError`
when its first item is seen, which names it and drops nothing itself (no ``dropped``:
the totals count that item), and
:meth:`UnreadTally.summary` reports the totals at the end of the capture: one error per
unit (``frames``, pcapng ``blocks``) whose ``dropped`` counts every item of that unit once,
so nothing disappears silently, nothing floods and nothing is counted twice. A kind of
unit ``None`` is a note about items that were read (frames cut by the snapshot length:
the bytes they miss are named by the stream's gap events); it is reported without a
``dropped`` count.
"""
from __future__ import annotations

from wirestruct.core.errors import UnsupportedError

__all__ = ["UnreadTally"]

_EXPECTED = "TCP or UDP over IP of the followed connections"


class UnreadTally:
    def __init__(self) -> None:
        self.kinds: dict[str, list] = {}    # kind -> [items, bytes, unit]

    def count(self, kind: str, place: str, size: int, unit: str | None = "frames"
              ) -> UnsupportedError | None:
        """Count one item of ``size`` bytes at ``place`` (``"frame 12"``); an error naming
        the kind the first time it is seen."""
        entry = self.kinds.get(kind)
        if entry is not None:
            entry[0] += 1
            entry[1] += size
            return None
        self.kinds[kind] = [1, size, unit]
        what = unit or "frames"
        return UnsupportedError(
            f"{place}: {kind}, not read; {what} of this kind are counted and their totals "
            "reported at the end of the capture", expected=_EXPECTED)

    def summary(self) -> list[UnsupportedError]:
        """The totals, one error per unit (frames, blocks), then the notes; empty when
        everything was read."""
        out: list[UnsupportedError] = []
        units = sorted({unit for _, _, unit in self.kinds.values() if unit},
                       key=lambda u: (u != "frames", u))
        for unit in units:
            kinds = {k: v for k, v in self.kinds.items() if v[2] == unit}
            items = sum(entry[0] for entry in kinds.values())
            size = sum(entry[1] for entry in kinds.values())
            parts = "; ".join(f"{kind}: {n} {unit}, {b} bytes"
                              for kind, (n, b, _) in kinds.items())
            out.append(UnsupportedError(f"{items} {unit} ({size} bytes) not read: {parts}",
                                        expected=_EXPECTED, dropped=items, dropped_unit=unit))
        for kind, (n, size, unit) in self.kinds.items():
            if unit is None:
                out.append(UnsupportedError(f"{kind}: {n} frames, {size} bytes",
                                            expected="whole frames"))
        return out
