"""The registered protocols, by command-line name. Each module exposes ``PROTOCOL``."""
from __future__ import annotations

import importlib

from .protocol import Protocol

_MODULES: dict[str, str] = {
    "scrap-mechanic": "wirestruct.scrap_mechanic",
    "mme": "wirestruct.mme",
    "diep": "wirestruct.diep",
}


def protocol_names() -> list[str]:
    return list(_MODULES)


def get_protocol(name: str) -> Protocol:
    try:
        module = _MODULES[name]
    except KeyError:
        raise ValueError(f"unknown protocol {name!r}; known: {', '.join(_MODULES)}") from None
    return importlib.import_module(module).PROTOCOL
