"""What a protocol's events hold: packet names and the field paths of each, as
``--format fields -e NAME`` and ``--only NAME`` name them (tshark's ``-G fields``).

Packet names come from the protocol's plug-in (``Protocol.packet_names``: by default the
enum its root spec's top-level switch routes on, :mod:`wirestruct.plugin.spec_packets`;
``unknown_<n>`` for ids no spec names). Field paths are what the readable JSON of real
events holds: the protocol's bundled sample sessions (or a session of its generator) are
decoded, and every dotted path into ``fields`` and ``expansions`` of each packet is kept
(lists are walked through, as ``-e`` walks them). The protocols' sessions use every packet
type and branch their generators know, so a path no packet of them has is one the protocol
does not have. A protocol with neither samples nor a generator has the paths its specs
give each packet (:func:`wirestruct.plugin.spec_packets.field_paths`).
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

from wirestruct.captures import open_capture
from wirestruct.core.events import PacketEvent
from wirestruct.core.records import CaptureRecord
from wirestruct.core.session import decode_records
from wirestruct.output.serialize import serializer
from wirestruct.plugin import spec_packets
from wirestruct.plugin.protocol import Protocol

#: The keys of every event (``-e index`` ...).
EVENT_KEYS = ("index", "record", "t", "dir", "stream", "frame", "src", "dst", "id", "name",
              "parent", "error", "message", "expected", "dropped", "dropped_unit", "offset",
              "field_path", "span", "file")
#: Records of a session read for the catalog (each protocol's sessions are far smaller).
MAX_RECORDS = 20_000
_UNKNOWN = re.compile(r"^unknown_(0x[0-9a-f]+|\d+)$")


def packet_names(protocol: Protocol) -> frozenset[str]:
    return protocol.packet_names() if protocol.packet_names is not None else frozenset()


def is_packet_name(protocol: Protocol, name: str) -> bool:
    return name in packet_names(protocol) or bool(_UNKNOWN.match(name))


def field_paths(protocol: Protocol) -> dict[str, frozenset[str]]:
    """Packet name -> every dotted path its events' ``fields`` and ``expansions`` hold."""
    found = _FIELD_PATHS.get(protocol.name)
    if found is None:
        found = _FIELD_PATHS[protocol.name] = _field_paths(protocol)
    return found


_FIELD_PATHS: dict[str, dict[str, frozenset[str]]] = {}


def _field_paths(protocol: Protocol) -> dict[str, frozenset[str]]:
    if not _has_sessions(protocol):
        return spec_packets.field_paths(protocol.specs.folder, protocol.specs.package,
                                        protocol.root_spec)
    paths: dict[str, set[str]] = {}
    shown = serializer()
    for event in _session_events(protocol):
        data = shown.event(event)
        found = paths.setdefault(event.name, set())
        for root in ("fields", "expansions"):
            if isinstance(data.get(root), dict):
                found.update(_paths(data[root], ""))
    return {name: frozenset(found) for name, found in paths.items()}


def _has_sessions(protocol: Protocol) -> bool:
    return protocol.generate is not None or any(path.is_file() for path in protocol.samples)


def _paths(value: Any, prefix: str) -> Iterator[str]:
    if isinstance(value, list):
        for item in value:
            yield from _paths(item, prefix)
    elif isinstance(value, dict) and set(value) != {"hex"}:
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            yield path
            yield from _paths(item, path)


def _session_events(protocol: Protocol) -> Iterator[PacketEvent]:
    for records in _sessions(protocol):
        for event in decode_records(islice(records, MAX_RECORDS), protocol.decoder()):
            if isinstance(event, PacketEvent):
                yield event


def _sessions(protocol: Protocol) -> Iterator[Iterable[Any]]:
    found = False
    for path in protocol.samples:
        if path.is_file():
            found = True
            with open_capture(path) as capture:
                yield list(islice(capture.records(protocol), MAX_RECORDS))
    if not found and protocol.generate is not None:
        yield (r for r in protocol.generate(1) if isinstance(r, CaptureRecord))


def known_path(protocol: Protocol, path: str, packets: frozenset[str] | None = None) -> bool:
    """Whether ``-e path`` names an event key or a path some packet (of ``packets``, or
    any) has."""
    if path in EVENT_KEYS:
        return True
    for name, found in field_paths(protocol).items():
        if (packets is None or name in packets) and path in found:
            return True
    return False


def close_paths(protocol: Protocol, path: str) -> list[str]:
    every = set(EVENT_KEYS).union(*field_paths(protocol).values())
    return difflib.get_close_matches(path, sorted(every), n=3, cutoff=0.6)


def close_names(protocol: Protocol, name: str) -> list[str]:
    return difflib.get_close_matches(name, sorted(packet_names(protocol)), n=3, cutoff=0.6)
