"""The installed protocols, found through the ``wirestruct.protocols`` entry-point group.

Every protocol - wirestruct's own as any other - is a package that names one
:class:`~wirestruct.plugin.protocol.Protocol` object in that group::

    [project.entry-points."wirestruct.protocols"]
    my-game = "my_game_wirestruct:PROTOCOL"

The entry point's name is the protocol's command-line name (``-p my-game``); ``_`` and
``-`` are the same in names given (``-p my_game`` works too). A plug-in is imported when
first asked for.

A plug-in cannot break the rest. One that fails to import, names something that is not a
``Protocol`` of its name, or takes a name already taken (a name of wirestruct's own
protocols, the specs' packages or the Wireshark dissector of another protocol; two
plug-ins of one name, both) is left out: the listing (:func:`protocols`,
:func:`protocol_names`) goes on without it and says so once, by name, as a
:class:`PluginWarning`; asking for it by name (:func:`get_protocol`) is a
:class:`~wirestruct.core.errors.UsageError` saying what failed. The code of a plug-in that
is not wirestruct's own runs guarded (:mod:`wirestruct.plugin.guard`): what it raises is
named, and decoding goes on.

``WIRESTRUCT_PLUGINS=builtin`` in the environment reads only wirestruct's own protocols
(the test suite runs so, whatever else is installed); ``all``, the default, reads every
installed one.
"""
from __future__ import annotations

import difflib
import json
import os
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from wirestruct.core.errors import UsageError
from wirestruct.plugin.guard import guarded
from wirestruct.plugin.protocol import Protocol

GROUP = "wirestruct.protocols"
#: The environment setting that chooses the plug-ins read: ``all`` or ``builtin``.
SETTING = "WIRESTRUCT_PLUGINS"
SETTINGS = ("all", "builtin")
#: The distribution whose entry points are wirestruct's own protocols.
OWN_DISTRIBUTION = "wirestruct"
#: Plug-ins already warned about in this run (a worker process started by the run
#: inherits it and does not warn again).
_WARNED = "_WIRESTRUCT_PLUGINS_WARNED"


class PluginWarning(UserWarning):
    """A protocol plug-in left out: it failed to load, or its name is taken."""


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def _distribution(point: EntryPoint) -> str | None:
    dist = getattr(point, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return None if name is None else str(name)


def _own(point: EntryPoint) -> bool:
    """Whether the entry point is one of wirestruct's own protocols."""
    dist = _distribution(point)
    if dist is not None:
        return _key(dist) == OWN_DISTRIBUTION
    return point.value.startswith(f"{OWN_DISTRIBUTION}.protocols.")


def describe(point: EntryPoint) -> str:
    """``NAME (module:object, from DISTRIBUTION)``: a plug-in as messages name it."""
    dist = _distribution(point)
    return f"{point.name} ({point.value}" + (f", from {dist})" if dist else ")")


@dataclass(frozen=True)
class _Found:
    points: dict[str, EntryPoint]       #: key -> the entry point read under that name
    refused: dict[str, str]             #: key -> why a plug-in of that name is left out


def _setting() -> str:
    value = os.environ.get(SETTING, "").strip().lower() or "all"
    if value not in SETTINGS:
        _warn(SETTING, f"{SETTING}={value!r} is not one of {', '.join(SETTINGS)}; "
                       "reading every installed protocol plug-in")
        return "all"
    return value


@cache
def _found() -> _Found:
    only_own = _setting() == "builtin"
    own: dict[str, EntryPoint] = {}
    others: dict[str, list[EntryPoint]] = {}
    for point in entry_points(group=GROUP):
        if _own(point):
            own[_key(point.name)] = point
        elif not only_own:
            same = others.setdefault(_key(point.name), [])
            if all(p.value != point.value for p in same):   # one package seen twice: one
                same.append(point)
    points = dict(own)
    refused: dict[str, str] = {}
    for key, same in sorted(others.items()):
        if key in own:
            refused[key] = (f"protocol plug-in {describe(same[0])} is named like "
                            f"wirestruct's own protocol {own[key].name}; left out")
        elif len(same) > 1:
            refused[key] = (f"{len(same)} protocol plug-ins are named {same[0].name!r}: "
                            + " and ".join(describe(p) for p in same) + "; all left out")
        else:
            points[key] = same[0]
    return _Found(points, refused)


def _warn(plugin: str, message: str) -> None:
    """Say once in a run that a plug-in is left out, and why."""
    warned = os.environ.get(_WARNED, "").split("\n")
    if plugin in warned:
        return
    os.environ[_WARNED] = "\n".join([*filter(None, warned), plugin])
    warnings.warn(message, PluginWarning, stacklevel=3)


def _listing() -> list[str]:
    """The keys of every plug-in that loads, after warning about the ones left out."""
    found = _found()
    for key, why in found.refused.items():
        _warn(key, why)
    keys = []
    for key in sorted(found.points):
        loaded = _load(key)
        if isinstance(loaded, str):
            _warn(key, loaded)
        else:
            keys.append(key)
    return keys


@cache
def _load(key: str) -> Protocol | str:
    """The protocol of entry point ``key``, or why it cannot be read."""
    point = _found().points[key]
    name = describe(point)
    try:
        protocol = point.load()
    except Exception as exc:  # noqa: BLE001 - a broken plug-in is named, not a traceback
        return (f"protocol plug-in {name} failed to load: {type(exc).__name__}: {exc}; "
                "left out")
    if not isinstance(protocol, Protocol):
        return (f"protocol plug-in {name} is not a wirestruct.plugin.Protocol (it is "
                f"{type(protocol).__name__}); left out")
    if _key(protocol.name) != key:
        return (f"protocol plug-in {name} is a Protocol named {protocol.name!r}, not "
                f"{point.name!r}; left out")
    if _own(point):
        return protocol
    taken = _taken_by_own(protocol)
    if taken:
        return f"protocol plug-in {name} takes {taken}; left out"
    return guarded(protocol, name)


def _taken_by_own(protocol: Protocol) -> str | None:
    """What of wirestruct's own protocols a plug-in's protocol would shadow."""
    found = _found()
    for key, point in found.points.items():
        if not _own(point):
            continue
        own = _load(key)
        if isinstance(own, str):
            continue
        shared = set(own.specs.packages()) & set(protocol.specs.packages())
        if shared:
            return f"the specs package {', '.join(sorted(shared))} of protocol {own.name}"
        if (own.wireshark is not None and protocol.wireshark is not None
                and own.wireshark.proto == protocol.wireshark.proto):
            return f"the Wireshark dissector name {own.wireshark.proto} of protocol {own.name}"
        flags = {o.flag for o in own.options} | {o.name for o in own.options}
        clash = sorted(flags & ({o.flag for o in protocol.options}
                                | {o.name for o in protocol.options}))
        if clash:
            return f"the option {', '.join(clash)} of protocol {own.name}"
    return None


def protocol_names() -> list[str]:
    """The command-line names of every installed protocol that loads, sorted."""
    found = _found()
    return sorted(found.points[key].name for key in _listing())


#: Protocols of this run made from specs alone (``--ksy``, :func:`add_adhoc`), by key.
_ADHOC: dict[str, Protocol] = {}
#: How the worker processes a run starts make its protocol from specs again: JSON of its
#: name, the function that makes it (``module:function``) and its keywords.
_ADHOC_SETTING = "_WIRESTRUCT_ADHOC"


def add_adhoc(protocol: Protocol, remake: str | None = None,
              keywords: Mapping[str, Any] | None = None) -> None:
    """Make a protocol built in this run from specs given on the command line (not an
    installed plug-in) known by its name; a name of an installed protocol is refused.
    ``remake(**keywords)`` (``module:function``) makes it again in the processes the run
    starts (decode --jobs, batch)."""
    key = _key(protocol.name)
    if key in _found().points:
        raise UsageError(f"the spec's protocol name {protocol.name} is the name of the "
                         f"installed protocol {_found().points[key].name}",
                         expected="another meta.id for the root spec")
    _ADHOC[key] = protocol
    _by_package.cache_clear()
    if remake is not None:
        os.environ[_ADHOC_SETTING] = json.dumps(
            {"name": protocol.name, "remake": remake, "keywords": dict(keywords or {})})


def _remade(key: str) -> Protocol | None:
    """The protocol from specs of the run that started this process, made again here."""
    try:
        given = json.loads(os.environ.get(_ADHOC_SETTING) or "null")
    except ValueError:
        return None
    if not isinstance(given, dict) or _key(str(given.get("name"))) != key:
        return None
    point = EntryPoint(str(given["name"]), str(given["remake"]), GROUP)
    point.load()(**given["keywords"])              # registers it (add_adhoc)
    return _ADHOC.get(key)


def get_protocol(name: str) -> Protocol:
    """The protocol named ``name`` (``_`` and ``-`` alike); an unknown name is a
    :class:`~wirestruct.core.errors.UsageError` suggesting close names, a plug-in left out
    one saying why."""
    key = _key(name)
    adhoc = _ADHOC.get(key) or _remade(key)
    if adhoc is not None:
        return adhoc
    found = _found()
    if key in found.points:
        loaded = _load(key)
        if not isinstance(loaded, str):
            return loaded
        raise UsageError(loaded.removesuffix("; left out"),
                         expected="a plug-in that loads (reinstall or remove it)")
    if key in found.refused:
        raise UsageError(found.refused[key].removesuffix("; all left out")
                         .removesuffix("; left out"),
                         expected="one installed protocol plug-in of each name")
    known = protocol_names()
    close = difflib.get_close_matches(key, [_key(n) for n in known], n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    raise UsageError(f"unknown protocol {name!r}{hint}",
                     expected="one of " + (", ".join(known) or "(none installed)"))


def protocols() -> list[Protocol]:
    """Every installed protocol that loads, by name (the others are warned about)."""
    loaded = [_load(key) for key in _listing()]
    return [protocol for protocol in loaded if isinstance(protocol, Protocol)]


def is_own(protocol: Protocol) -> bool:
    """Whether ``protocol`` is one of wirestruct's own (not a third-party plug-in)."""
    point = _found().points.get(_key(protocol.name))
    return point is not None and _own(point)


def report(protocol: Protocol, message: str) -> None:
    """Warn once in the run about a plug-in whose hook failed where every protocol is
    asked (detection, the command line's options); ``message`` says what failed and
    what goes on without it."""
    _warn(_key(protocol.name), message)


@cache
def _by_package() -> dict[str, Protocol]:
    return {package: protocol for protocol in [*protocols(), *_ADHOC.values()]
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


def reset() -> None:
    """Read the entry points again (after ``WIRESTRUCT_PLUGINS`` or the installed packages
    changed in this process)."""
    for cached in (_found, _load, _by_package, object_views):
        cached.cache_clear()
    os.environ.pop(_WARNED, None)
