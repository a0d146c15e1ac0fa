"""The Wireshark plugin: build it, install it, check that it loads.

Every installed protocol plug-in with a :class:`~wirestruct.plugin.protocol.Wireshark` part
gets a dissector. :func:`build_plugin` writes the plugin into a folder:

    DEST/wirestruct.lua                            the entry script Wireshark runs
    DEST/wirestruct/runtime/*.luamod               the Lua runtime (``lua/``) and the
                                                   shared part of the dissectors
    DEST/wirestruct/generated/<proto>/*.luamod     the Lua compiled from the protocol's specs
    DEST/wirestruct/protocols/<proto>/wirestruct_config.luamod  what the plug-in says
    DEST/wirestruct/protocols/<proto>/wirestruct_fields.luamod  its fields, from the specs
    DEST/wirestruct/protocols/<proto>/wirestruct_piece.luamod   its own piece of Lua

Wireshark runs every ``.lua`` file of its plugin folders (subfolders included) as a
plugin, so the modules are ``.luamod`` files that the entry script loads itself, each
protocol into a Lua environment of its own. ``tshark -X lua_script:DEST/wirestruct.lua``
runs the plugin without installing it.

:func:`install` writes the plugin into Wireshark's personal Lua plugin folder (the one
``tshark -G folders`` names, or one given) and reports the folder and the versions found;
:func:`check` runs tshark with the plugin on a capture of each protocol (its bundled
sample, or a session its generator makes) and says whether the plugin loaded and decoded
as many packets as wirestruct does.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from wirestruct.core.errors import DecodeError
from wirestruct.core.limits import DEFAULT_LIMITS
from wirestruct.core.records import CaptureRecord
from wirestruct.plugin.protocol import Protocol, Wireshark
from wirestruct.plugin.registry import get_protocol, protocols
from wirestruct.wireshark import generated_lua_dir, lua_dir
from wirestruct.wireshark.fields import (
    field_table,
    hidden_classes,
    info_values,
    lua_table,
    value_classes,
)
from wirestruct.wireshark.lua_text import lua_value

ENTRY = "wirestruct.lua"
MODULE_DIR = "wirestruct"
EXT = ".luamod"

_ENTRY_TEXT = """\
-- wirestruct: Wireshark dissectors made from wirestruct's specs ({protocols}).
-- Built by wirestruct.wireshark.plugin.build_plugin; do not edit. The modules are in
-- the folder wirestruct/ beside this file (.luamod files, which Wireshark does not run
-- by itself). Works with Wireshark 4.0 (Lua 5.2) and later (Lua 5.3/5.4).
local here = (debug.getinfo(1, "S").source:match("^@(.*[/\\\\])") or "./") .. "{module_dir}/"
local loader = dofile(here .. "runtime/wirestruct{ext}")
for _, name in ipairs({{ {names} }}) do
  local ok, err = pcall(function()
    local rt = loader.new({{ here .. "runtime", here .. "protocols/" .. name,
      here .. "generated/" .. name }}, "{ext}")
    local config = rt:require("wirestruct_config")
    local piece = config.has_piece and rt:require("wirestruct_piece") or nil
    rt:require("dissector").protocol(rt, config, piece, rt:require("wirestruct_fields"))
  end)
  if not ok then
    local text = "wirestruct: the " .. name .. " dissector did not load: " .. tostring(err)
    if report_failure then report_failure(text) else print(text) end
  end
end
"""


def wireshark_protocols() -> list[Protocol]:
    """Every installed protocol that brings a Wireshark dissector."""
    return [p for p in protocols() if p.wireshark is not None]


def _given(given: Iterable[Protocol | str] | None) -> list[Protocol]:
    if given is None:
        return wireshark_protocols()
    out = [get_protocol(p) if isinstance(p, str) else p for p in given]
    for protocol in out:
        if protocol.wireshark is None:
            raise ValueError(f"protocol {protocol.name} has no Wireshark dissector")
    names = [p.wireshark.proto for p in out if p.wireshark is not None]
    if len(set(names)) != len(names):
        raise ValueError(f"two protocols share a Wireshark name: {', '.join(names)}")
    return out


def error_kinds() -> list[str]:
    """The kinds of a packet's errors (DecodeError and its subclasses): the expert infos."""
    kinds: list[str] = []
    pending: list[type] = [DecodeError]
    while pending:
        cls = pending.pop(0)
        kinds.append(cls.__name__)
        pending.extend(sorted(cls.__subclasses__(), key=lambda c: c.__name__))
    return kinds


def config(protocol: Protocol) -> dict[str, Any]:
    """What the plugin's Lua reads about a protocol (``wirestruct_config``)."""
    ws = protocol.wireshark
    assert ws is not None
    rules = protocol.presentation
    return {
        "name": protocol.name, "proto": ws.proto, "title": ws.title, "short": ws.short,
        "root_spec": ws.root_spec, "carrier": ws.carrier, "ports": list(protocol.default_ports),
        "heuristics": list(ws.heuristics), "header_size": ws.header_size, "whole": ws.whole,
        "has_piece": ws.piece is not None,
        "values": value_classes(protocol),
        "info_values": info_values(protocol),
        "hidden_classes": {name: True for name in hidden_classes(protocol)},
        "hidden_fields": {name: True for name in sorted(rules.hidden_fields)},
        "end_marker": rules.end_marker,
        "error_kinds": error_kinds(),
        "limits": {k: v for k, v in asdict(DEFAULT_LIMITS).items()
                   if isinstance(v, int) and not isinstance(v, bool)},
        "data": dict(ws.data()) if ws.data is not None else {},
    }


def build_plugin(dest: Path, protocols: Iterable[Protocol | str] | None = None) -> Path:
    """Write the plugin for ``protocols`` (Protocol objects or names; default: every
    installed protocol with a Wireshark part) into ``dest`` (created if needed; the files
    the plugin consists of are replaced); returns the entry script's path."""
    chosen = _given(protocols)
    dest = Path(dest)
    base = dest / MODULE_DIR
    if base.exists():
        shutil.rmtree(base)
    (base / "runtime").mkdir(parents=True)
    for src in sorted(lua_dir().glob("*.lua")):
        shutil.copyfile(src, base / "runtime" / (src.stem + EXT))
    for protocol in chosen:
        ws: Wireshark = protocol.wireshark  # type: ignore[assignment]
        own = base / "protocols" / ws.proto
        own.mkdir(parents=True)
        (own / f"wirestruct_config{EXT}").write_text(
            "-- Generated by wirestruct.wireshark.plugin: do not edit.\nreturn "
            + lua_value(config(protocol)) + "\n", encoding="utf-8")
        (own / f"wirestruct_fields{EXT}").write_text(lua_table(field_table(protocol)),
                                                    encoding="utf-8")
        if ws.piece is not None:
            shutil.copyfile(ws.piece, own / f"wirestruct_piece{EXT}")
        out = base / "generated" / ws.proto
        out.mkdir(parents=True)
        for src in sorted(generated_lua_dir(protocol.specs.package).glob("*.lua")):
            shutil.copyfile(src, out / (src.stem + EXT))
    names = [p.wireshark.proto for p in chosen if p.wireshark is not None]
    entry = dest / ENTRY
    entry.write_text(_ENTRY_TEXT.format(
        protocols=", ".join(p.name for p in chosen), module_dir=MODULE_DIR, ext=EXT,
        names=", ".join(f'"{n}"' for n in names)), encoding="utf-8")
    return entry


# -- installing ---------------------------------------------------------------------------------
@dataclass
class Found:
    """What tshark says about itself."""

    tshark: str | None = None
    version: str | None = None          #: e.g. "4.0.17"
    lua: str | None = None              #: e.g. "Lua 5.2.4"
    folders: dict[str, str] = field(default_factory=dict)  #: ``tshark -G folders``


def find_tshark(tshark: str = "tshark") -> Found:
    found = Found(tshark=shutil.which(tshark))
    if found.tshark is None:
        return found
    env = dict(os.environ, LC_ALL="C")
    version = subprocess.run([found.tshark, "--version"], capture_output=True, text=True,
                             env=env, timeout=60).stdout
    m = re.search(r"TShark \(Wireshark\) (\S+)", version)
    found.version = m.group(1) if m else None
    m = re.search(r"with\s+Lua\s+([0-9.]*[0-9])", version)  # the text is wrapped
    found.lua = f"Lua {m.group(1)}" if m else None
    folders = subprocess.run([found.tshark, "-G", "folders"], capture_output=True, text=True,
                             env=env, timeout=60).stdout
    for line in folders.splitlines():
        key, _, value = line.partition(":")
        if value.strip():
            found.folders[key.strip()] = value.strip()
    return found


def install(dir: Path | None = None, *, tshark: str = "tshark",
            protocols: Iterable[Protocol | str] | None = None) -> dict[str, Any]:
    """Build the plugin into ``dir`` (default: Wireshark's personal Lua plugin folder as
    ``tshark -G folders`` names it); returns ``{"folder", "entry", "wireshark", "lua",
    "protocols"}``. Only the plugin's own files are replaced."""
    found = find_tshark(tshark)
    if dir is None:
        folder = found.folders.get("Personal Lua Plugins")
        if folder is None:
            raise FileNotFoundError(f"no {tshark} to ask for Wireshark's personal Lua plugin "
                                    "folder; name the folder")
        dir = Path(folder)
    dir = Path(dir)
    dir.mkdir(parents=True, exist_ok=True)
    chosen = _given(protocols)
    entry = build_plugin(dir, chosen)
    return {"folder": str(dir), "entry": str(entry), "wireshark": found.version,
            "lua": found.lua, "protocols": [p.name for p in chosen]}


# -- checking -----------------------------------------------------------------------------------
def sample_records(protocol: Protocol, seed: int = 7) -> list[CaptureRecord]:
    """The protocol's bundled sample (in a checkout's ``samples/``) as records, or else a
    session its generator makes; empty when it has neither."""
    from wirestruct import open_capture
    from wirestruct.core.resources import ksy_root

    for name in protocol.samples:
        for folder in (ksy_root().parent / "samples", protocol.specs.folder.parent.parent
                       / "samples"):
            path = folder / name
            if path.is_file():
                with open_capture(path) as capture:
                    return [r for r in capture if isinstance(r, CaptureRecord)]
    if protocol.generate is not None:
        return list(protocol.generate(seed))
    return []


def write_capture(out: Path, protocol: Protocol, records: Iterable[CaptureRecord]) -> int:
    """Records as the pcapng Wireshark reads the protocol from: TCP connections for a
    stream protocol (to its first default port), exported PDUs naming the dissector for
    a message protocol. Returns the number of records."""
    from wirestruct.captures.writers.pcap_writer import write_exported_pdus, write_pcapng

    ws = protocol.wireshark
    assert ws is not None
    with open(out, "wb") as f:
        if ws.carrier == "tcp":
            port = protocol.default_ports[0] if protocol.default_ports else 4000
            return write_pcapng(f, records, server=("127.0.0.1", port))
        return write_exported_pdus(f, records, ws.proto)


def expected_packets(protocol: Protocol, capture: Path | None = None,
                     records: Iterable[CaptureRecord] | None = None) -> int | None:
    """The packets wirestruct decodes (nested ones included) from ``records``, or from
    ``capture`` (None when wirestruct reads no packet of the protocol from it: exported
    PDUs are Wireshark's own form)."""
    from wirestruct import decode_records, open_capture
    from wirestruct.core.events import PacketEvent

    if records is not None:
        return sum(isinstance(e, PacketEvent)
                   for e in decode_records(records, protocol.decoder()))
    assert capture is not None
    with open_capture(capture) as f:
        count = sum(isinstance(e, PacketEvent)
                    for e in decode_records(f.records(protocol), protocol.decoder()))
    return count or None


ERROR_PREFIXES = tuple(error_kinds())


def _tshark_packets(tshark: str, plugin: Path, capture: Path, proto: str
                    ) -> tuple[int, int, str, int]:
    """(packets shown, error expert infos, stderr, exit status) of tshark on a capture."""
    proc = subprocess.run(
        [tshark, "-X", f"lua_script:{plugin}", "-r", str(capture), "-T", "fields",
         "-e", f"{proto}.packet_name", "-e", "_ws.expert.message", "-E", "occurrence=a",
         "-E", "aggregator=\x1f"],
        capture_output=True, text=True, timeout=600, env=dict(os.environ, LC_ALL="C"))
    stderr = "\n".join(line for line in proc.stderr.splitlines()
                       if "Running as user" not in line)
    packets = errors = 0
    for line in proc.stdout.splitlines():
        names, _, experts = line.partition("\t")
        packets += len([n for n in names.split("\x1f") if n])
        errors += len([m for m in experts.split("\x1f") if m.startswith(ERROR_PREFIXES)])
    return packets, errors, stderr, proc.returncode


def _checks(found: Found, plugin: Path, tmp: Path, chosen: list[Protocol],
            capture: Path | None) -> Iterator[dict[str, Any]]:
    assert found.tshark is not None
    for protocol in chosen:
        ws = protocol.wireshark
        assert ws is not None
        result: dict[str, Any] = {"protocol": protocol.name, "proto": ws.proto, "ok": False,
                                  "packets": 0, "expected": None, "errors": 0, "stderr": ""}
        path = capture
        if path is None:
            path = tmp / f"{ws.proto}.pcapng"
            records = sample_records(protocol)
            if not records:
                result["stderr"] = "no sample and no session generator to check with"
                yield result
                continue
            write_capture(path, protocol, records)
            # a TCP capture is decoded as written (framing and all), messages as they are
            result["expected"] = expected_packets(protocol, path) if ws.carrier == "tcp" \
                else expected_packets(protocol, records=records)
        else:
            result["expected"] = expected_packets(protocol, path)
        packets, errors, stderr, status = _tshark_packets(found.tshark, plugin, path, ws.proto)
        lua_failed = "Lua" in stderr and ("error" in stderr.lower() or "fail" in stderr.lower())
        result.update(packets=packets, errors=errors, stderr=stderr)
        result["ok"] = status == 0 and not lua_failed and packets > 0 and \
            result["expected"] in (None, packets)
        yield result


def check(*, tshark: str = "tshark", plugin: Path | None = None, capture: Path | None = None,
          protocols: Iterable[Protocol | str] | None = None) -> dict[str, Any]:
    """Run tshark with the plugin (``plugin``: an entry script; default: one built into a
    temporary folder) on a capture of each protocol (``capture``, or one written from its
    sample or its generator). Returns ``{"ok", "wireshark", "lua", "protocols": [{"protocol",
    "ok", "packets", "expected", "errors", "stderr"}]}``: a protocol is ``ok`` when the
    plugin loaded without a Lua error and showed as many packets as wirestruct decodes."""
    found = find_tshark(tshark)
    chosen = _given(protocols)
    result: dict[str, Any] = {"ok": False, "wireshark": found.version, "lua": found.lua,
                              "protocols": []}
    if found.tshark is None:
        result["stderr"] = f"{tshark} not found"
        return result
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        entry = plugin if plugin is not None else build_plugin(tmp_path / "plugin", chosen)
        result["protocols"] = list(_checks(found, entry, tmp_path, chosen, capture))
    result["ok"] = bool(result["protocols"]) and all(r["ok"] for r in result["protocols"])
    return result
