"""Readable event JSON back to the wire form the encoders take: the inverse of readable
output (:mod:`wirestruct.output.presentation`).

``wirestruct decode`` prints values, not encodings; the encoders
(:mod:`wirestruct.encode.building`) build packets from the specs' wire fields.
:func:`raw_fields` walks an event's fields alongside the spec types that hold them
(switches evaluated on the fields already converted, as the encoder will) and puts back
what readable output changed:

- bytes shown as ``{"hex": ...}`` become plain hex; integers written as strings
  (``--big-ints string``) become integers where the spec has an integer;
- wire encodings shown as one value get their wire fields back (the protocol's
  ``Presentation.value_from``, next to the forward table; a value that may itself be a
  JSON object, ``Presentation.object_values``, is handed to it as it is);
- bookkeeping readable output leaves out is recomputed by the protocol's ``rebuild``
  function, given to :func:`raw_fields` (for a table's closing entry, which readable lists
  leave out, it is asked with :data:`CLOSING` as the entry's value).

Field by field: a value already in the wire form is kept, so raw events, readable events
and half-edited mixes all convert. A value that cannot be converted is left as it is, and
the encoder's error names it. Each protocol's encoder applies this to its events in
``to_raw``.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from wirestruct.core.errors import EncodeError
from wirestruct.encode.building import FieldPlan, TypeInfo
from wirestruct.encode.primitives import INT_TYPE
from wirestruct.output import presentation

#: The value a table's closing entry is rebuilt from (readable lists leave it out).
CLOSING: Mapping[str, Any] = MappingProxyType({})
_UNSET: Any = object()
_DIGITS = re.compile(r"^-?\d+$")

#: ``(attr, value, obj, info) -> field value``: a bookkeeping field readable output leaves
#: out, recomputed (``value`` is the enclosing type's fields, or :data:`CLOSING`); None
#: when ``attr`` is not one (or cannot be: the encoder then says it is missing).
Rebuild = Callable[[dict[str, Any], Mapping[str, Any], Any, TypeInfo], Any]


def _no_rebuild(attr: dict[str, Any], value: Mapping[str, Any], obj: Any,
                info: TypeInfo) -> Any:
    return None


def raw_fields(info: TypeInfo, value: Any, params: tuple[Any, ...] = (),
               field: str | None = None, *, rebuild: Rebuild | None = None) -> Any:
    """``value`` (readable or raw fields of ``info``'s type) in the raw form."""
    return _Walk(rebuild or _no_rebuild).struct(info, value, params, field, None, None)[0]


def convert(event: dict[str, Any], key: str, info: TypeInfo, params: tuple[Any, ...] = (),
            *, rebuild: Rebuild | None = None) -> None:
    """``event[key]`` in the raw form, in place (left alone unless it is an object)."""
    value = event.get(key)
    if isinstance(value, Mapping):
        event[key] = raw_fields(info, value, params, rebuild=rebuild)


class _Shape:
    """What readable output changed in one type (its protocol's presentation), looked up
    once per type."""

    __slots__ = ("inverse", "objects", "zero", "backs")

    def __init__(self, cls: type) -> None:
        self.inverse = presentation.value_from(cls)
        self.objects = presentation.takes_objects(cls)
        self.zero = presentation.zero_fields(cls)
        self.backs = presentation.field_values(cls)


_SHAPES: dict[type, _Shape] = {}


def shape_of(cls: type) -> _Shape:
    """What readable output changed in the values of ``cls`` (a read-write class)."""
    found = _SHAPES.get(cls)
    if found is None:
        found = _SHAPES[cls] = _Shape(cls)
    return found


def _is_lossy(value: Any) -> bool:
    """A string not valid in its encoding as the serializer shows it (``{"text", "hex"}``,
    wirestruct.core.lossy): one value, even where its type shows as that value."""
    return isinstance(value, Mapping) and len(value) == 2 and "text" in value \
        and "hex" in value


class _Walk:
    """One conversion, with the protocol's way of rebuilding bookkeeping."""

    def __init__(self, rebuild: Rebuild) -> None:
        self.rebuild = rebuild

    def struct(self, info: TypeInfo, value: Any, params: tuple[Any, ...], field: str | None,
               parent: Any, root: Any) -> tuple[Any, Any]:
        """The raw form of ``value`` and a read-write object holding it, on which the
        expressions of later fields are evaluated (None when it cannot be made)."""
        shape = shape_of(info.cls)
        if shape.objects or (value.__class__ is not dict and not isinstance(value, Mapping)) \
                or (shape.inverse is not None and _is_lossy(value)):
            if shape.inverse is None:
                return value, None
            try:
                value = shape.inverse(value, params, field)
            except (ValueError, TypeError, IndexError, OverflowError, AttributeError):
                return value, None                    # the encoder names the bad value
        try:
            obj = info.new(params, parent, root)
        except Exception:  # noqa: BLE001 - parameters that do not fit: the encoder says so
            return dict(value), None
        held = obj.__dict__
        out = dict(value) if value is not CLOSING else {}
        zeros, backs = shape.zero, shape.backs
        get = value.get
        for plan in info.plan:
            name = plan.name
            item = get(name)
            if item is None:
                item = self.rebuild(plan.attr, value, obj, info)
                if item is None and name in zeros:
                    item = zero(plan.attr)
                if item is None:
                    continue
            elif name in backs:
                try:
                    item = backs[name][1](item)
                except (ValueError, TypeError, IndexError, OverflowError, AttributeError):
                    pass                                  # the encoder names the bad value
            if plan.repeat is not None and (item.__class__ is list or isinstance(item, list)):
                out[name] = self.repeated(plan, item, obj)
                continue
            raw, ctx = self.attr(plan, item, obj, None)
            out[name] = raw
            if ctx is not _UNSET:
                held[name] = ctx
        for name, instance in info.parse_instances:
            item = get(name)
            if instance is not None and isinstance(item, Mapping):   # written too
                out[name] = self.attr(instance, item, obj, None)[0]
        return out, obj

    def repeated(self, plan: FieldPlan, items: list, obj: Any) -> list:
        ctxs: list = []
        obj.__dict__[plan.name] = ctxs                    # earlier items are visible to params
        raws = []
        for i, item in enumerate(items):
            raw, ctx = self.attr(plan, item, obj, i)
            raws.append(raw)
            ctxs.append(ctx)
        if plan.repeat == "until" and not (ctxs and _is_end(ctxs[-1])):
            try:
                child = plan.child(obj, len(ctxs))
            except EncodeError:
                return raws
            if child is not None and presentation.end_marker(child[0].cls) is not None:
                raws.append(self.struct(child[0], CLOSING, tuple(child[1]), plan.name, obj,
                                        obj._root)[0])
        return raws

    def attr(self, plan: FieldPlan, item: Any, obj: Any, index: int | None) -> tuple[Any, Any]:
        if plan.rule is None:
            return _primitive_raw(plan, item)
        try:
            child = plan.child(obj, index)
        except EncodeError:
            return item, _UNSET                           # the encoder reports it
        if child is None:
            return _primitive_raw(plan, item)
        child_info, args = child
        return self.struct(child_info, item, tuple(args), plan.name, obj, obj._root)


def zero(attr: dict[str, Any]) -> Any:
    """A padding field readable output leaves out while zero, as zero: one bit as false,
    wider integers as 0; None for a repeated one (its count follows from other fields:
    the protocol's hooks fill it)."""
    kind = attr.get("type")
    if "repeat" in attr or not isinstance(kind, str) or not INT_TYPE.match(kind):
        return None
    return False if kind == "b1" else 0


def _is_end(ctx: Any) -> bool:
    name = presentation.end_marker(type(ctx)) if ctx is not None else None
    if name is None:
        return True                                       # not a table with a closing entry
    try:
        return bool(getattr(ctx, name))
    except Exception:  # noqa: BLE001 - an entry without its jump: not a closing one
        return False


def primitive(plan: FieldPlan, item: Any) -> Any:
    """A primitive field's value in the raw form: bytes shown as ``{"hex": ...}`` as plain
    hex, an integer written as a string (``--big-ints string``) as an integer."""
    if not plan.has_enum:
        if plan.is_bytes and isinstance(item, Mapping) and set(item) == {"hex"}:
            return item["hex"]
        if plan.is_int and isinstance(item, str) and _DIGITS.match(item):
            return int(item)
    return item


def _primitive_raw(plan: FieldPlan, item: Any) -> tuple[Any, Any]:
    item = primitive(plan, item)
    try:
        return item, plan.convert(item, plan.name)
    except EncodeError:
        return item, _UNSET


def readable(event: Mapping[str, Any], convert: Callable[[dict[str, Any]], None]
             ) -> Mapping[str, Any]:
    """``event`` with ``convert`` applied to a copy (error events and events without fields
    come back as they are): the body of an encoder's ``to_raw``."""
    if not isinstance(event, Mapping) or "error" in event or "fields" not in event:
        return event
    out = dict(event)
    convert(out)
    return out


__all__ = ["CLOSING", "Rebuild", "convert", "primitive", "raw_fields", "readable", "shape_of",
           "zero"]
