"""Readable event JSON back to the wire form the encoders take: the inverse of
:mod:`wirestruct.presentation`.

    to_raw = raw_converter("diep")
    encoder.feed(to_raw(event))          # event: as `wirestruct decode` prints it

``wirestruct decode`` prints values, not encodings; the encoders (:mod:`wirestruct.encoding`)
build packets from the specs' wire fields. The conversion walks an event's fields
alongside the spec types that hold them (switches evaluated on the fields already
converted, as the encoder will) and puts back what readable output changed:

- bytes shown as ``{"hex": ...}`` become plain hex; integers written as strings
  (``--big-ints string``) become integers where the spec has an integer;
- wire encodings shown as one value (diep varints, fixed point, null-terminated strings,
  floats; Scrap Mechanic UUID text and floats read as bits) get their wire fields back
  (``presentation.VALUE_FROM``, next to the forward table);
- diep jump tables are recomputed: an entry's jump byte from its ``index`` and the
  previous entry, the closing entry appended, the field-group table of a creation from
  its ``has_*`` flags, a table's constant start byte from the spec's ``valid``.

Field by field: a value already in the wire form is kept, so raw events, readable events
and half-edited mixes all convert. A value that cannot be converted is left as it is, and
the encoder's error names it.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from . import presentation
from .encoding import _INT_TYPE, EncodeError, TypeInfo, _child_type, _primitive, _set, type_info

_CLOSE: Mapping[str, Any] = MappingProxyType({})   # a table's closing entry, to be made
_UNSET: Any = object()
_DIGITS = re.compile(r"^-?\d+$")


def _package(cls: type) -> str:
    """The generated package of a read-write class, named as presentation keys it."""
    return cls.__module__.rsplit(".", 1)[0].replace(".generated_rw.", ".generated.")


def raw_fields(info: TypeInfo, value: Any, params: tuple[Any, ...] = (),
               field: str | None = None) -> Any:
    """``value`` (readable or raw fields of ``info``'s type) in the raw form."""
    return _struct(info, value, params, field, None, None)[0]


def _struct(info: TypeInfo, value: Any, params: tuple[Any, ...], field: str | None,
            parent: Any, root: Any) -> tuple[Any, Any]:
    """The raw form of ``value`` and a read-write object holding it, on which the
    expressions of later fields are evaluated (None when it cannot be made)."""
    if not isinstance(value, Mapping):
        inverse = presentation.lookup(presentation.VALUE_FROM, info.cls)
        if inverse is None:
            return value, None
        try:
            value = inverse(value, params, field)
        except (ValueError, TypeError, IndexError, OverflowError, AttributeError):
            return value, None                        # the encoder names the bad value
    try:
        obj = info.cls(*params, None, parent, root)
    except Exception:  # noqa: BLE001 - parameters that do not fit: the encoder says so
        return dict(value), None
    _set(obj, "_root", obj if root is None else root)
    out = dict(value) if value is not _CLOSE else {}
    for attr in info.seq:
        name = attr["id"]
        item = value.get(name)
        if item is None:
            item = _rebuilt(attr, value, obj, info)
            if item is None:
                continue
        if "repeat" in attr and isinstance(item, list):
            out[name] = _repeated(attr, item, obj, info)
            continue
        raw, ctx = _attr(attr, item, obj, info, None)
        out[name] = raw
        if ctx is not _UNSET:
            _set(obj, name, ctx)
    for name, inst in (info.spec.get("instances") or {}).items():
        item = value.get(name)
        if "pos" in inst and isinstance(item, Mapping):   # a parse instance: written too
            out[name] = _attr(inst, item, obj, info, None)[0]
    return out, obj


def _repeated(attr: dict[str, Any], items: list, obj: Any, info: TypeInfo) -> list:
    ctxs: list = []
    _set(obj, attr["id"], ctxs)                           # earlier items are visible to params
    raws = []
    for i, item in enumerate(items):
        raw, ctx = _attr(attr, item, obj, info, i)
        raws.append(raw)
        ctxs.append(ctx)
    if attr.get("repeat") == "until" and not (ctxs and _is_end(ctxs[-1])):
        try:
            child = _child_type(attr, obj, info, {"_index": len(ctxs)})
        except EncodeError:
            return raws
        if child is not None and _end_name(child[0].cls) is not None:
            raws.append(_struct(child[0], _CLOSE, tuple(child[1]), attr["id"], obj,
                                obj._root)[0])
    return raws


def _end_name(cls: type) -> str | None:
    name = presentation.END_MARKERS.get(_package(cls))
    return name if name is not None and isinstance(vars(cls).get(name), property) else None


def _is_end(ctx: Any) -> bool:
    name = _end_name(type(ctx)) if ctx is not None else None
    if name is None:
        return True                                       # not a table with a closing entry
    try:
        return bool(getattr(ctx, name))
    except Exception:  # noqa: BLE001 - an entry without its jump: not a closing one
        return False


def _attr(attr: dict[str, Any], item: Any, obj: Any, info: TypeInfo,
          index: int | None) -> tuple[Any, Any]:
    try:
        child = _child_type(attr, obj, info, None if index is None else {"_index": index})
    except EncodeError:
        return item, _UNSET                               # the encoder reports it
    if child is None:
        return _primitive_raw(attr, item, info)
    child_info, args = child
    return _struct(child_info, item, tuple(args), attr.get("id"), obj, obj._root)


def _primitive_raw(attr: dict[str, Any], item: Any, info: TypeInfo) -> tuple[Any, Any]:
    kind = attr.get("type")
    if isinstance(kind, dict):                            # a switch with no case: bytes
        attr = {k: v for k, v in attr.items() if k != "type"}
        kind = None
    if "enum" not in attr:
        if kind is None and isinstance(item, Mapping) and set(item) == {"hex"}:
            item = item["hex"]
        elif (isinstance(kind, str) and isinstance(item, str) and _INT_TYPE.match(kind)
              and _DIGITS.match(item)):
            item = int(item)                              # --big-ints string
    try:
        return item, _primitive(attr, item, info, attr.get("id", ""))
    except EncodeError:
        return item, _UNSET


def _rebuilt(attr: dict[str, Any], value: Mapping[str, Any], obj: Any, info: TypeInfo) -> Any:
    """A bookkeeping field readable output leaves out, recomputed; None when it is not one
    (or cannot be: the encoder then says it is missing)."""
    package = _package(info.cls)
    closing = presentation.CLOSING_JUMP.get(package)
    name = attr["id"]
    if closing is None:
        return None
    inline = isinstance(attr.get("type"), str) and bool(_INT_TYPE.match(attr["type"]))
    if inline:
        if name not in presentation.HIDDEN_FIELDS.get(package, ()):
            return None
        if isinstance(attr.get("valid"), int):            # a constant byte (table_start)
            return attr["valid"]
    else:
        try:
            child = _child_type(attr, obj, info, None)
        except EncodeError:
            return None
        if child is None:
            return None
        key = presentation.class_key(child[0].cls)
        if key not in presentation.HIDDEN_CLASSES:
            return None
        if key.endswith(".IndexTable"):
            return _index_table(name, value, info, closing)
        if not key.endswith(".Jump"):
            return None
    try:
        jump = closing if value is _CLOSE else presentation.jump_from(value.get("index"),
                                                                      obj.prev_index)
    except (ValueError, AttributeError):
        return None
    return jump if inline else {"xored_jump": jump}


def _index_table(name: str, value: Mapping[str, Any], info: TypeInfo, closing: int
                 ) -> dict[str, Any] | None:
    """An index-only jump table from the flags that test its bits
    (``has_x: groups.mask / 1024 % 2 == 1``, bit 10: the specs divide by 2^n rather than
    shift, for Lua 5.2)."""
    flag = re.compile(rf"^{re.escape(name)}\.mask\s*/\s*(\d+)\s*%\s*2\s*==\s*1$")
    indexes = []
    for inst_name, inst in (info.spec.get("instances") or {}).items():
        match = flag.match(str(inst.get("value", "")).strip())
        if match is not None and value.get(inst_name) is True:
            power = int(match.group(1))
            if power & (power - 1):
                return None  # not a single bit
            indexes.append(power.bit_length() - 1)
    if not any(flag.match(str(inst.get("value", "")).strip())
               for inst in (info.spec.get("instances") or {}).values()):
        return None
    entries, prev = [], -1
    for index in sorted(indexes):
        entries.append({"jump": {"xored_jump": (index - prev) ^ 1}})
        prev = index
    entries.append({"jump": {"xored_jump": closing}})
    return {"entries": entries}


# -- events ---------------------------------------------------------------------------
def _convert(event: Mapping[str, Any], key: str, info: TypeInfo,
             params: tuple[Any, ...] = ()) -> None:
    value = event.get(key)
    if isinstance(value, Mapping):
        event[key] = raw_fields(info, value, params)  # type: ignore[index]


def _mme(build: Any) -> Callable[[dict[str, Any]], None]:
    packet = type_info("mme", "mme_packet")
    return lambda event: _convert(event, "fields", packet)


def _diep(build: Any) -> Callable[[dict[str, Any]], None]:
    from .diep.builds import load_build
    types = {"s2c": type_info("diep", load_build(build).spec),
             "c2s": type_info("diep", "diep_serverbound")}

    def convert(event: dict[str, Any]) -> None:
        info = types.get(str(event.get("dir")))
        if info is not None:
            _convert(event, "fields", info)

    return convert


def _scrap_mechanic(build: Any) -> Callable[[dict[str, Any]], None]:
    from .scrap_mechanic import encoder as sm

    def convert(event: dict[str, Any]) -> None:
        _convert(event, "fields", sm.PACKET)
        expansions = event.get("expansions")
        if not isinstance(expansions, Mapping):
            return
        expansions = event["expansions"] = dict(expansions)
        subs = expansions.get("sub_updates")
        if isinstance(subs, list):
            expansions["sub_updates"] = [_sub_update(sub) for sub in subs]
        body = sm._BODIES.get(event.get("id"))  # type: ignore[arg-type]
        if body is None and event.get("id") == int(sm.COMPOUND_PACKET):
            body = sm.COMPOUND
        if body is not None:
            _convert(expansions, "body", body)

    def _sub_update(sub: Any) -> Any:
        if not isinstance(sub, Mapping):
            return sub
        sub = dict(sub)
        data = sub.get("data")
        if isinstance(data, Mapping) and set(data) == {"hex"}:
            sub["data"] = data["hex"]
        update = sub.get("update")
        if isinstance(update, Mapping):
            known = update.get("known_controller_type", 0)
            if isinstance(known, int) and not isinstance(known, bool):
                _convert(sub, "update", sm.NETWORK_UPDATE_DATA, (known,))
        return sub

    return convert


_CONVERTERS: dict[str, Callable[[Any], Callable[[dict[str, Any]], None]]] = {
    "mme": _mme, "diep": _diep, "scrap-mechanic": _scrap_mechanic}


def raw_converter(protocol: str, *, build: Any = None
                  ) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """A function from an event (readable, raw or a mix) to the same event in the raw
    form, for ``protocol``'s encoder (``build``: the diep field table). Error events and
    events without fields come back as they are."""
    factory = _CONVERTERS.get(protocol)
    if factory is None:
        return lambda event: event
    convert = factory(build)

    def to_raw(event: Mapping[str, Any]) -> Mapping[str, Any]:
        if not isinstance(event, Mapping) or "error" in event or "fields" not in event:
            return event
        out = dict(event)
        convert(out)
        return out

    return to_raw


__all__ = ["raw_converter", "raw_fields"]
