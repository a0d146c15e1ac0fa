"""The installed protocols, found through the ``wirestruct.protocols`` entry-point group.

Every protocol - wirestruct's own as any other - is a package that names one
:class:`~wirestruct.plugin.protocol.Protocol` object in that group::

    [project.entry-points."wirestruct.protocols"]
    my-game = "my_game_wirestruct:PROTOCOL"

The entry point's name is the protocol's command-line name (``-p my-game``); ``_`` and
``-`` are the same in names given (``-p my_game`` works too). A plug-in is imported when
first asked for; one that fails to import, or whose object does not match its entry, is
an error naming its entry point.
"""
from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from wirestruct.core.errors import UsageError
from wirestruct.plugin.protocol import Protocol

GROUP = "wirestruct.protocols"


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-")


@cache
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        key = _key(point.name)
        other = found.get(key)
        if other is not None and other.value != point.value:
            raise UsageError(f"two protocol plug-ins are named {point.name!r}: "
                             f"{other.value} and {point.value}",
                             expected="one entry point per name in " + GROUP)
        found[key] = point
    return found


def protocol_names() -> list[str]:
    """The command-line names of every installed protocol, sorted."""
    return sorted(point.name for point in _entry_points().values())


@cache
def _load(key: str) -> Protocol:
    point = _entry_points()[key]
    try:
        protocol = point.load()
    except Exception as exc:  # noqa: BLE001 - a broken plug-in is named, not a traceback
        raise UsageError(f"protocol plug-in {point.name} ({point.value}) failed to load: "
                         f"{type(exc).__name__}: {exc}") from exc
    if not isinstance(protocol, Protocol) or _key(protocol.name) != key:
        raise UsageError(f"protocol plug-in {point.name} ({point.value}) is not a Protocol "
                         f"named {point.name!r}", expected="a wirestruct.plugin.Protocol")
    return protocol


def get_protocol(name: str) -> Protocol:
    """The protocol named ``name`` (``_`` and ``-`` alike); an unknown name is a
    :class:`~wirestruct.core.errors.UsageError` suggesting close names."""
    key = _key(name)
    if key not in _entry_points():
        known = protocol_names()
        close = difflib.get_close_matches(key, [_key(n) for n in known], n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise UsageError(f"unknown protocol {name!r}{hint}",
                         expected="one of " + (", ".join(known) or "(none installed)"))
    return _load(key)


def protocols() -> list[Protocol]:
    """Every installed protocol, by name."""
    return [_load(_key(name)) for name in protocol_names()]


@cache
def _by_package() -> dict[str, Protocol]:
    return {package: protocol for protocol in protocols()
            for package in protocol.specs.packages()}


def protocol_of_package(package: str) -> Protocol | None:
    """The protocol whose specs compiled into the Python package ``package``."""
    return _by_package().get(package)


@cache
def object_views() -> Mapping[type, Callable[[Any], dict[str, Any]]]:
    """Runtime objects every protocol shows as a dict of values, by class."""
    views: dict[type, Callable[[Any], dict[str, Any]]] = {}
    for protocol in protocols():
        views.update(protocol.presentation.object_views)
    return views


def option_names() -> dict[str, Protocol]:
    """Every protocol option's keyword, with the protocol it belongs to."""
    return {option.name: protocol for protocol in protocols() for option in protocol.options}
