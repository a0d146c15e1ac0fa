"""The jump tables readable output leaves out, rebuilt for the encoder.

diep.io tables say which field slots a message carries with jump bytes: an entry's jump is
``(index - prev_index) XOR 1`` and a table ends with a closing entry (jump 1). Readable
output keeps each entry's ``index`` and leaves the jumps, the closing entry and a table's
constant start byte out; a creation's field-group table is shown as its ``has_*`` flags.
:func:`rebuild` (``wirestruct.encode.unpresent.Rebuild``) recomputes each of them.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirestruct.core.errors import EncodeError
from wirestruct.encode.building import TypeInfo, _child_type, _set
from wirestruct.encode.primitives import INT_TYPE as _INT_TYPE
from wirestruct.encode.unpresent import CLOSING
from wirestruct.output import presentation
from wirestruct.protocols.diep.presentation import CLOSING_JUMP, HIDDEN_FIELDS, jump_from


def rebuild(attr: dict[str, Any], value: Mapping[str, Any], obj: Any, info: TypeInfo) -> Any:
    """A bookkeeping field readable output leaves out, recomputed; None when it is not one
    (or cannot be: the encoder then says it is missing)."""
    kind = _kind(info, attr)
    if kind is None:
        return None
    if kind is _CHILD:
        try:
            child = _child_type(attr, obj, info)
        except EncodeError:
            return None
        kind = _child_kind(child[0]) if child is not None else None
        if kind is None:
            return None
    if kind is _INDEX_TABLE:
        return _index_table(attr["id"], value, info)
    if kind is not _JUMP and kind is not _INLINE_JUMP:
        return kind                                       # a constant byte (table_start)
    try:
        jump = CLOSING_JUMP if value is CLOSING else jump_from(value.get("index"),
                                                               obj.prev_index)
    except (ValueError, AttributeError):
        return None
    return jump if kind is _INLINE_JUMP else {"xored_jump": jump}


#: What a field is to :func:`rebuild`: a jump written inline, a jump type, an index-only
#: table, a constant (the value itself), a user type to look at per object, or None.
_INLINE_JUMP, _JUMP, _INDEX_TABLE, _CHILD = object(), object(), object(), object()
_KINDS: dict[tuple[int, int], Any] = {}


def _kind(info: TypeInfo, attr: dict[str, Any]) -> Any:
    key = (id(info), id(attr))
    found = _KINDS.get(key, _KINDS)
    if found is _KINDS:
        found = _KINDS[key] = _classify(info, attr)
    return found


def _classify(info: TypeInfo, attr: dict[str, Any]) -> Any:
    name = attr["id"]
    if isinstance(attr.get("type"), str) and bool(_INT_TYPE.match(attr["type"])):
        if name not in HIDDEN_FIELDS:
            return None
        if isinstance(attr.get("valid"), int):            # a constant byte (table_start)
            return attr["valid"]
        return _INLINE_JUMP
    rule = info.plan_of(attr).rule
    if rule is None:
        return None
    if rule.__class__ is tuple:
        return _child_kind(rule[0])
    return _CHILD


def _child_kind(child: TypeInfo) -> Any:
    if not presentation.is_hidden(child.cls):
        return None
    key = presentation.class_key(child.cls)
    if key.endswith(".IndexTable"):
        return _INDEX_TABLE
    return _JUMP if key.endswith(".Jump") else None


def _index_table(name: str, value: Mapping[str, Any], info: TypeInfo) -> dict[str, Any] | None:
    """An index-only jump table from the flags that test its bits
    (``has_x: (groups.mask >> 10) & 1 == 1``)."""
    flags = table_flags(info, name)
    if not flags:
        return None
    entries, prev = [], -1
    for index in sorted(bit for flag, bit in flags.items() if value.get(flag) is True):
        entries.append({"jump": {"xored_jump": (index - prev) ^ 1}})
        prev = index
    entries.append({"jump": {"xored_jump": CLOSING_JUMP}})
    return {"entries": entries}


class _Bits:
    """What a flag instance sees of a jump table: its ``mask``."""

    __slots__ = ("mask",)

    def __init__(self, mask: int) -> None:
        self.mask = mask


_FLAGS: dict[tuple[type, str], dict[str, int]] = {}
#: Bits of a table's mask tried (masks are signed 32-bit: at most 31 slots).
_MASK_BITS = 64


def table_flags(info: TypeInfo, name: str) -> dict[str, int]:
    """The value instances of ``info``'s type that are one bit of jump table ``name``'s
    ``mask`` (instance -> bit): computed by the read-write class's own code (the compiler's
    translation of each instance) on objects holding only a table whose mask has no bit
    set, then each single bit; a flag is false for the first and true for exactly one."""
    key = (info.cls, name)
    found = _FLAGS.get(key)
    if found is None:
        found = {}

        def computed(instance: str, mask: int) -> Any:
            probe: Any = object.__new__(info.cls)
            _set(probe, name, _Bits(mask))
            try:
                return getattr(probe, instance)
            except Exception:  # noqa: BLE001 - an instance of other values: not a flag
                return None

        for instance, spec in (info.spec.get("instances") or {}).items():
            if "value" not in spec or computed(instance, 0) is not False:
                continue
            bits = [bit for bit in range(_MASK_BITS) if computed(instance, 1 << bit) is True]
            if len(bits) == 1:
                found[instance] = bits[0]
        _FLAGS[key] = found
    return found
