"""Python values as Lua source text (the tables the plugin writes for its Lua modules)."""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any


def lua_string(text: str) -> str:
    """A Lua string literal of ``text`` (UTF-8 kept as it is, control bytes escaped)."""
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + "".join(c if 32 <= ord(c) < 127 or ord(c) > 127 else f"\\{ord(c):03d}"
                         for c in out) + '"'


def lua_value(value: Any, indent: str = "") -> str:
    """``value`` (None, bool, int, float, str, bytes, lists and mappings of them) as a Lua
    expression; mapping keys are strings or integers."""
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not -2**63 <= value < 2**63:
            raise ValueError(f"{value} does not fit a Lua integer")
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "(0/0)"
        if math.isinf(value):
            return "math.huge" if value > 0 else "-math.huge"
        return repr(value)
    if isinstance(value, str):
        return lua_string(value)
    if isinstance(value, (bytes, bytearray)):
        return '"' + "".join(f"\\{b:03d}" for b in value) + '"'
    inner = indent + "  "
    if isinstance(value, Mapping):
        items = []
        for key in sorted(value, key=lambda k: (isinstance(k, str), k)):
            if isinstance(key, bool) or not isinstance(key, (int, str)):
                raise ValueError(f"a Lua table key must be a string or an integer: {key!r}")
            items.append(f"{inner}[{lua_value(key)}] = {lua_value(value[key], inner)},")
        return "{\n" + "\n".join(items) + f"\n{indent}}}" if items else "{}"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else list(value)
        if not items:
            return "{}"
        return "{\n" + "\n".join(f"{inner}{lua_value(v, inner)}," for v in items) + f"\n{indent}}}"
    raise TypeError(f"no Lua form for {type(value).__name__}")
