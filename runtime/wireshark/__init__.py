"""wirestruct in Wireshark and tshark: the Lua runtime for the generated parsers, and the
dissectors built from every protocol plug-in's specs.

``wirestruct regen`` compiles every spec to Lua too (``generated/<folder>/<id>.lua``,
loadable on Lua 5.2 - Wireshark 4.0 embeds it - as well as 5.3 and 5.4). The files of
``lua/`` here are the runtime that code runs on, written for wirestruct:

- ``wirestruct.lua`` - loads the generated modules into an environment of their own and
  parses packets (``rt:parse(spec_id, bytes_or_tvb)``), never raising: bad input gives an
  error object with its kind (``ParseError``, ``LimitExceededError``,
  ``DecompressionError``, as :mod:`wirestruct.core.errors` names them), message, offset,
  expected value and field path;
- ``kaitaistruct.lua``, ``class.lua``, ``string_stream.lua``, ``string_decode.lua``,
  ``enum.lua``, ``utils.lua`` - the modules the generated code requires by those names:
  streams over Lua strings and Wireshark Tvbs, every field's byte range recorded as it is
  read (as the Python ``tree`` format has them), exact integers and floats on 5.2-5.4;
- ``lz4block.lua`` - raw LZ4 block decompression in plain Lua, capped;
- ``dissector.lua`` - the part of every protocol's dissector the specs give.

A protocol plug-in with a :class:`~wirestruct.plugin.protocol.Wireshark` part gets a
dissector (:mod:`.plugin`). :func:`lua_dir` and :func:`generated_lua_dir` say where the
files are, in a checkout and in an installed wheel alike.
"""
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import wirestruct.generated


def lua_dir() -> Path:
    """The folder of the Lua runtime files."""
    return Path(__file__).resolve().parent / "lua"


def generated_lua_dir(package: str) -> Path:
    """The folder of the generated Lua modules of a generated package (a protocol's
    ``Specs.package``, e.g. ``wirestruct.generated.<folder>``)."""
    module = importlib.import_module(package)
    return Path(str(module.__file__)).resolve().parent


def generated_lua_dirs() -> dict[str, Path]:
    """``{folder: directory}`` of every folder of ``wirestruct.generated`` that holds Lua."""
    dirs = {}
    for info in pkgutil.iter_modules(wirestruct.generated.__path__):
        if info.ispkg:
            folder = generated_lua_dir(f"wirestruct.generated.{info.name}")
            if any(folder.glob("*.lua")):
                dirs[info.name] = folder
    return dirs
