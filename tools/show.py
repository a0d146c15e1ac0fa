"""``wirestruct show --spec``: open bytes with a named spec instead of the packet spec.

An exported file (``wirestruct export``) is often not a packet as sent: an expanded body
opens with its own spec. ``show`` takes the spec from ``--spec NAME`` or, for a file of an
export, from the export's ``index.json``, and says so; bytes the spec leaves unread are an
error event, so a wrong spec never passes silently.
"""
from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import sys
from pathlib import Path
from typing import Any

from kaitaistruct import KaitaiStruct
from wirestruct.core.errors import ParseError, UsageError, WirestructError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.parse import parse
from wirestruct.core.records import Direction
from wirestruct.plugin.protocol import Protocol

#: ``id`` of a packet event made by opening bytes with a named spec (no packet id applies).
SPEC_PACKET_ID = -1


#: The package of the capture specs, which every protocol's packets may also be opened with.
CAPTURE_PACKAGE = "wirestruct.generated.capture"


def spec_names(package: str) -> list[str]:
    """The spec modules compiled into ``package``."""
    found = importlib.import_module(package)
    return sorted(m.name for m in pkgutil.iter_modules(found.__path__)
                  if not m.name.startswith("_"))


def spec_class(protocol: Protocol, spec: str) -> type[KaitaiStruct]:
    """The generated top-level class of spec ``spec`` (``NAME`` or ``NAME.ksy``) of the
    protocol's specs (or the capture specs)."""
    name = spec[:-4] if spec.endswith(".ksy") else spec
    for package in (protocol.specs.package, CAPTURE_PACKAGE):
        if name in spec_names(package):
            module = importlib.import_module(f"{package}.{name}")
            for value in vars(module).values():
                if (isinstance(value, type) and issubclass(value, KaitaiStruct)
                        and value.__module__ == module.__name__):
                    return value
    raise UsageError(f"--spec {spec}: no such spec of protocol {protocol.name}",
                     expected="one of " + ", ".join(spec_names(protocol.specs.package)))


def show_with_spec(protocol: Protocol, spec: str, data: bytes,
                   direction: Direction) -> list[Any]:
    """Events for ``data`` opened with ``spec``: the parsed object as a packet event named
    after the spec (``id`` -1), then an error event for bytes left unread; or one error
    event when the parse fails."""
    cls = spec_class(protocol, spec)
    params = [n for n in inspect.signature(cls.__init__).parameters
              if n not in ("self", "_io", "_parent", "_root")]
    if params:
        raise ValueError(f"--spec {spec} takes parameters ({', '.join(params)}): it opens "
                         f"only inside its parent spec")
    name = spec[:-4] if spec.endswith(".ksy") else spec
    try:
        obj = parse(cls, data, packet_name=name)
    except WirestructError as exc:
        return [ErrorEvent(exc, record=0, t=0.0, direction=direction, index=0)]
    events: list[Any] = [PacketEvent(0, 0, 0.0, direction, SPEC_PACKET_ID, name, obj, raw=data)]
    used = obj._io.pos()
    if used < len(data):
        error = ParseError(f"{len(data) - used} bytes after the end of {name} (another spec?)",
                           offset=used, packet_name=name, expected=f"exactly {used} bytes")
        error.dropped, error.dropped_unit = len(data) - used, "bytes"
        events.append(ErrorEvent(error, record=0, t=0.0, direction=direction, index=0))
    return events


def exported_spec(path: Path | None) -> str | None:
    """The spec an export's ``index.json`` names for ``path`` (a file of ``DIR/packets/``),
    announced on stderr; None for any other file."""
    if path is None:
        return None
    index = path.resolve().parent.parent / "index.json"
    try:
        listing = json.loads(index.read_text(encoding="utf-8"))
        relative = f"{path.resolve().parent.name}/{path.name}"
        spec = next(f["spec"] for f in listing["files"] if f.get("file") == relative)
    except (OSError, ValueError, KeyError, TypeError, StopIteration):
        return None
    print(f"wirestruct: {path.name}: opened with {spec}, as {index} says", file=sys.stderr)
    return str(spec)
