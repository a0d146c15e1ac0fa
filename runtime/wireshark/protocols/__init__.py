"""The per-protocol parts of the Wireshark dissectors, one module per protocol.

Each module names its protocol and says what the specs cannot: ``PROTO`` (the filter
prefix and Wireshark protocol name), ``TITLE``, ``FOLDER`` (its ksy/ folder),
``ROOT_SPEC`` (the spec a packet is parsed with) and ``lua()``, the Lua piece the generic
dissector (``lua/dissector.lua``) calls: how packets reach it (TCP framing, a port, a
heuristic), how a packet is named, what is checked before the spec runs.
"""
from __future__ import annotations

import importlib
from types import ModuleType

#: Protocols with a Wireshark dissector (module names in this package).
NAMES = ("mme", "diep")


def piece(name: str) -> ModuleType:
    if name not in NAMES:
        raise ValueError(f"no Wireshark dissector for {name!r}; known: {', '.join(NAMES)}")
    return importlib.import_module(f"{__name__}.{name}")
