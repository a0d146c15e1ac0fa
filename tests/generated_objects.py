"""Walking parsed data in tests: every generated object inside a value."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kaitaistruct import KaitaiStruct


def objects(obj: Any) -> Iterator[KaitaiStruct]:
    """Every generated object inside ``obj`` (itself, its fields, list items), depth first."""
    if isinstance(obj, list):
        for item in obj:
            yield from objects(item)
    elif isinstance(obj, KaitaiStruct):
        yield obj
        for name, value in vars(obj).items():
            if not name.startswith("_"):
                yield from objects(value)
