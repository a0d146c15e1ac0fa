"""Random edits of event fields, as an attacker or a careless script makes them: a value
replaced by an odd one, a key deleted or added, a list item duplicated, a number moved."""
from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any


def places(node: Any, path: tuple = ()) -> list[tuple]:
    """Every (container path, key) below ``node``."""
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) \
        if isinstance(node, list) else ()
    for key, value in items:
        out.append((path, key))
        out.extend(places(value, (*path, key)))
    return out


def at(node: Any, path: tuple) -> Any:
    for key in path:
        node = node[key]
    return node


def edit(fields: dict[str, Any], rng: random.Random, values: Sequence[Any],
         keys: Sequence[str]) -> None:
    """One to three edits of ``fields`` in place: a value replaced by one of ``values``, a
    key deleted, one of ``keys`` added, a list item duplicated, an integer moved."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        found = places(fields)
        if not found:
            return
        path, key = rng.choice(found)
        holder = at(fields, path)
        roll = rng.random()
        if roll < 0.55:
            holder[key] = copy.deepcopy(rng.choice(values))
        elif roll < 0.7 and isinstance(holder, dict):
            del holder[key]
            return
        elif roll < 0.8 and isinstance(holder, dict):
            holder[rng.choice(keys)] = copy.deepcopy(rng.choice(values))
        elif roll < 0.9 and isinstance(holder, list) and holder:
            holder.insert(rng.randrange(len(holder) + 1), copy.deepcopy(rng.choice(holder)))
            return
        elif isinstance(holder[key], int) and not isinstance(holder[key], bool):
            holder[key] += rng.choice((-2, -1, 1, 2, 64))
