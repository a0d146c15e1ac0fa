"""Small helpers shared by the per-protocol row makers."""
from __future__ import annotations

import enum
import math
from decimal import Decimal
from typing import Any

#: (table name, the row's values after ``capture``, in the table's column order)
Row = tuple[str, tuple]


def enum_name(value: Any) -> str | None:
    """An enum member's name, an unnamed value as its number, None as None."""
    if value is None:
        return None
    if isinstance(value, enum.Enum):
        return value.name
    return str(value)


_NS = 1_000_000_000
_INT64 = range(-(1 << 63), 1 << 63)


def time_ns(event: Any) -> int | None:
    """The event's capture time as whole nanoseconds since 1970 (UTC), for the tables'
    ``timestamp[ns, UTC]`` columns: its ``t_ns`` when it has one, else its ``t`` seconds
    taken from their shortest decimal text (``1700000000.0005`` is ...000500000 ns, not
    the binary float's ...000499964). None for no time, or one a 64-bit count of
    nanoseconds cannot hold (not finite, before 1677 or after 2262)."""
    ns = getattr(event, "t_ns", None)
    if ns is None:
        t = event.t
        if t is None or not math.isfinite(t):
            return None
        ns = round(Decimal(repr(float(t))) * _NS)
    return ns if ns in _INT64 else None
