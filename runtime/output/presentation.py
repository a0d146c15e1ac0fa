"""How readable output shows values that the specs keep in their wire form.

The serializer (:mod:`wirestruct.output.serialize`) applies these rules unless ``raw``
output is asked for. Generic rules come from the specs' field names (a type whose fields
are ``x``, ``y``, ``z`` [, ``w``] is a vector, written in x, y, z, w order whatever the
wire order); what the generated classes do not carry (which byte order a UUID field is
documented with, which wrapper types are wire encodings of one value, which fields are
wire bookkeeping) is each protocol's :class:`~wirestruct.plugin.protocol.Presentation`,
found by the package a generated class was compiled into.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from wirestruct.plugin.protocol import Presentation
from wirestruct.plugin.registry import object_views, protocol_of_package

_NONE = Presentation()
_VECTOR_ORDER = "xyzw"


def class_key(cls: type) -> str:
    """``module:Qual.Name``, the module without its package."""
    return f"{cls.__module__.rsplit('.', 1)[-1]}:{cls.__qualname__}"


def package_of(cls: type) -> str:
    return cls.__module__.rsplit(".", 1)[0]


@cache
def rules_for(cls: type) -> Presentation:
    """The presentation of the protocol whose specs ``cls`` was compiled from (none for
    classes of no protocol, such as the capture specs)."""
    protocol = protocol_of_package(package_of(cls))
    return protocol.presentation if protocol is not None else _NONE


def lookup(table: dict[str, Any] | Any, cls: type) -> Any:
    """``cls``'s entry in one of a presentation's class tables (``*:Qual.Name`` matches any
    module)."""
    found = table.get(class_key(cls))
    if found is None:
        found = table.get("*:" + cls.__qualname__)
    return found


def value_of(cls: type) -> Callable[[Any, str | None], Any] | None:
    return lookup(rules_for(cls).value_of, cls)


def value_instance(cls: type) -> Callable[[Any], Any] | None:
    return lookup(rules_for(cls).value_instance, cls)


def value_from(cls: type) -> Callable[[Any, tuple[Any, ...], str | None], dict[str, Any]] | None:
    return lookup(rules_for(cls).value_from, cls)


def takes_objects(cls: type) -> bool:
    """Whether ``cls``'s readable value may be a JSON object (``value_from`` is given
    objects too: ``Presentation.object_values``)."""
    rules = rules_for(cls)
    return class_key(cls) in rules.object_values or \
        "*:" + cls.__qualname__ in rules.object_values


def is_hidden(cls: type) -> bool:
    rules = rules_for(cls)
    return class_key(cls) in rules.hidden_classes or \
        "*:" + cls.__qualname__ in rules.hidden_classes


def hidden_fields(cls: type) -> frozenset[str]:
    return rules_for(cls).hidden_fields


@cache
def field_values(cls: type) -> dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]]:
    """``cls``'s fields shown as another value (``Presentation.field_values``): field name
    -> ``(show, back)``."""
    prefix = class_key(cls) + "."
    return {key[len(prefix):]: rule for key, rule in rules_for(cls).field_values.items()
            if key.startswith(prefix)}


def zero_fields(cls: type) -> frozenset[str]:
    return rules_for(cls).zero_fields


def end_marker(cls: type) -> str | None:
    """The closing-entry instance of ``cls`` (None when its protocol has none or the class
    does not declare it)."""
    name = rules_for(cls).end_marker
    return name if name is not None and isinstance(vars(cls).get(name), property) else None


def object_view(cls: type) -> Callable[[Any], dict[str, Any]] | None:
    """How a runtime object (not a generated class) is shown, when a protocol says."""
    return object_views().get(cls)


def vector_order(names: tuple[str, ...]) -> tuple[str, ...] | None:
    """``names`` in x, y, z, w order when they are a vector's components, else None."""
    if set(names) in ({"x", "y", "z"}, {"x", "y", "z", "w"}):
        return tuple(sorted(names, key=_VECTOR_ORDER.index))
    return None
