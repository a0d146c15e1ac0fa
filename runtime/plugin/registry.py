"""The registered protocols, by command-line name. Each module exposes ``PROTOCOL``."""
from __future__ import annotations

import importlib

from wirestruct.plugin.protocol import Protocol

_MODULES: dict[str, str] = {
    "scrap-mechanic": "wirestruct.protocols.scrap_mechanic",
    "mme": "wirestruct.protocols.mme",
    "diep": "wirestruct.protocols.diep",
}


def protocol_names() -> list[str]:
    return list(_MODULES)


def get_protocol(name: str) -> Protocol:
    try:
        module = _MODULES[name]
    except KeyError:
        raise ValueError(f"unknown protocol {name!r}; known: {', '.join(_MODULES)}") from None
    return importlib.import_module(module).PROTOCOL
