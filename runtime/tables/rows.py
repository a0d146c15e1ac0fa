"""Small helpers shared by the per-protocol row makers."""
from __future__ import annotations

import enum
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
