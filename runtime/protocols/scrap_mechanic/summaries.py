"""The info column of ``--format summary`` for Scrap Mechanic packets."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def network_update_info(data: dict[str, Any]) -> str | None:
    """The summary line of a 21/22: the tick and the first sub-updates."""
    exp = data.get("expansions") or {}
    subs = exp.get("sub_updates")
    if not isinstance(subs, list):
        return None
    kinds = ", ".join(f"{s.get('update_type')} {s.get('netobj_type')} #{s.get('netobj_id')}"
                      for s in subs[:4] if isinstance(s, dict))
    more = f", +{len(subs) - 4}" if len(subs) > 4 else ""
    return f"tick={exp.get('tick')} sub_updates={len(subs)}: {kinds}{more}"


SUMMARIES: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "network_update": network_update_info,
    "initialization_network_update": network_update_info,
}
