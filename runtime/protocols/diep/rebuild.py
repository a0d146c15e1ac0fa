"""The jump tables readable output leaves out, rebuilt for the encoder.

diep.io tables say which field slots a message carries with jump bytes: an entry's jump is
``(index - prev_index) XOR 1`` and a table ends with a closing entry (jump 1). Readable
output keeps each entry's ``index`` and leaves the jumps, the closing entry and a table's
constant start byte out; a creation's field-group table is shown as its ``has_*`` flags.
:func:`rebuild` (``wirestruct.encode.unpresent.Rebuild``) recomputes each of them.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from wirestruct.core.errors import EncodeError
from wirestruct.encode.building import _INT_TYPE, TypeInfo, _child_type
from wirestruct.encode.unpresent import CLOSING
from wirestruct.output import presentation
from wirestruct.protocols.diep.presentation import CLOSING_JUMP, HIDDEN_FIELDS, jump_from


def rebuild(attr: dict[str, Any], value: Mapping[str, Any], obj: Any, info: TypeInfo) -> Any:
    """A bookkeeping field readable output leaves out, recomputed; None when it is not one
    (or cannot be: the encoder then says it is missing)."""
    name = attr["id"]
    inline = isinstance(attr.get("type"), str) and bool(_INT_TYPE.match(attr["type"]))
    if inline:
        if name not in HIDDEN_FIELDS:
            return None
        if isinstance(attr.get("valid"), int):            # a constant byte (table_start)
            return attr["valid"]
    else:
        try:
            child = _child_type(attr, obj, info, None)
        except EncodeError:
            return None
        if child is None or not presentation.is_hidden(child[0].cls):
            return None
        key = presentation.class_key(child[0].cls)
        if key.endswith(".IndexTable"):
            return _index_table(name, value, info)
        if not key.endswith(".Jump"):
            return None
    try:
        jump = CLOSING_JUMP if value is CLOSING else jump_from(value.get("index"),
                                                               obj.prev_index)
    except (ValueError, AttributeError):
        return None
    return jump if inline else {"xored_jump": jump}


def _index_table(name: str, value: Mapping[str, Any], info: TypeInfo) -> dict[str, Any] | None:
    """An index-only jump table from the flags that test its bits
    (``has_x: (groups.mask >> 10) & 1 == 1``)."""
    flag = re.compile(rf"^\(\s*{re.escape(name)}\.mask\s*>>\s*(\d+)\s*\)\s*&\s*1\s*==\s*1$")
    indexes = []
    for inst_name, inst in (info.spec.get("instances") or {}).items():
        match = flag.match(str(inst.get("value", "")).strip())
        if match is not None and value.get(inst_name) is True:
            indexes.append(int(match.group(1)))
    if not any(flag.match(str(inst.get("value", "")).strip())
               for inst in (info.spec.get("instances") or {}).values()):
        return None
    entries, prev = [], -1
    for index in sorted(indexes):
        entries.append({"jump": {"xored_jump": (index - prev) ^ 1}})
        prev = index
    entries.append({"jump": {"xored_jump": CLOSING_JUMP}})
    return {"entries": entries}
