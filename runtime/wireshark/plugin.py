"""The Wireshark plugin: build it, install it, check that it loads.

:func:`build_plugin` writes the plugin into a folder:

    DEST/wirestruct.lua                        the entry script Wireshark runs
    DEST/wirestruct/runtime/*.luamod           the Lua runtime (``lua/``) and the generic
                                               dissector
    DEST/wirestruct/generated/<folder>/*.luamod  the Lua compiled from the protocols' specs
    DEST/wirestruct/protocols/protocol_<p>.luamod  each protocol's own part
    DEST/wirestruct/protocols/fields_<p>.luamod    its fields, from the specs

Wireshark runs every ``.lua`` file of its plugin folders (subfolders included) as a
plugin, so the modules are ``.luamod`` files that the entry script loads itself, into an
environment of their own. ``tshark -X lua_script:DEST/wirestruct.lua`` runs the plugin
without installing it.

:func:`install` copies a built plugin into Wireshark's personal Lua plugin folder (the
one ``tshark -G folders`` names, or one given) and reports the folder and the versions
found; :func:`check` runs tshark with the plugin on a capture (by default one written from
the bundled MME sample) and says whether the plugin loaded and decoded it.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from wirestruct.wireshark import FOLDERS, generated_lua_dirs, lua_dir
from wirestruct.wireshark.fields import field_table, lua_table
from wirestruct.wireshark.protocols import NAMES, piece

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
local runtime = loader.new({{ {dirs} }}, "{ext}")
local dissector = runtime:require("dissector")
for _, name in ipairs({{ {names} }}) do
  local ok, err = pcall(dissector.protocol, runtime, runtime:require("protocol_" .. name),
    runtime:require("fields_" .. name))
  if not ok then
    local text = "wirestruct: the " .. name .. " dissector did not load: " .. tostring(err)
    if report_failure then report_failure(text) else print(text) end
  end
end
"""


def _lua_list(items: list[str]) -> str:
    return ", ".join(f'"{item}"' if not item.startswith("here") else item for item in items)


def build_plugin(dest: Path, protocols: tuple[str, ...] = NAMES) -> Path:
    """Write the plugin for ``protocols`` into ``dest`` (created if needed; the files
    the plugin consists of are replaced); returns the entry script's path."""
    dest = Path(dest)
    base = dest / MODULE_DIR
    if base.exists():
        shutil.rmtree(base)
    (base / "runtime").mkdir(parents=True)
    (base / "protocols").mkdir()
    for src in sorted(lua_dir().glob("*.lua")):
        shutil.copyfile(src, base / "runtime" / (src.stem + EXT))
    folders = []
    generated = generated_lua_dirs()
    for name in protocols:
        module = piece(name)
        if module.FOLDER not in folders:
            folders.append(module.FOLDER)
        (base / "protocols" / f"protocol_{name}{EXT}").write_text(module.lua(), encoding="utf-8")
        table = field_table(module.FOLDER, module.PROTO, module.ROOT_SPEC)
        (base / "protocols" / f"fields_{name}{EXT}").write_text(lua_table(table),
                                                               encoding="utf-8")
    for folder in folders:
        assert folder in FOLDERS
        out = base / "generated" / folder
        out.mkdir(parents=True)
        for src in sorted(generated[folder].glob("*.lua")):
            shutil.copyfile(src, out / (src.stem + EXT))
    dirs = ['here .. "runtime"', 'here .. "protocols"'] + [
        f'here .. "generated/{folder}"' for folder in folders]
    entry = dest / ENTRY
    entry.write_text(_ENTRY_TEXT.format(
        protocols=", ".join(protocols), module_dir=MODULE_DIR, ext=EXT,
        dirs=", ".join(dirs), names=_lua_list(list(protocols))), encoding="utf-8")
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
            protocols: tuple[str, ...] = NAMES) -> dict:
    """Build the plugin into ``dir`` (default: Wireshark's personal Lua plugin folder as
    ``tshark -G folders`` names it); returns ``{"folder", "entry", "wireshark", "lua"}``.
    Only the plugin's own files are replaced."""
    found = find_tshark(tshark)
    if dir is None:
        folder = found.folders.get("Personal Lua Plugins")
        if folder is None:
            raise FileNotFoundError("no tshark to ask for Wireshark's personal Lua plugin "
                                    "folder; name the folder")
        dir = Path(folder)
    dir = Path(dir)
    dir.mkdir(parents=True, exist_ok=True)
    entry = build_plugin(dir, protocols)
    return {"folder": str(dir), "entry": str(entry), "wireshark": found.version,
            "lua": found.lua}


# -- checking -----------------------------------------------------------------------------------
def sample_capture(out: Path, sample: Path | None = None) -> int:
    """Write the bundled MME sample (JSON Lines, in a checkout; an installed wheel makes
    the same kind of session with wirestruct's session generator) as a pcapng of TCP
    frames; returns the number of MME packets wirestruct decodes from it."""
    from wirestruct import decode_records, get_protocol, open_capture
    from wirestruct.captures.writers.pcap_writer import write_pcapng
    from wirestruct.core.events import PacketEvent
    from wirestruct.core.records import CaptureRecord, Direction
    from wirestruct.core.resources import ksy_root

    sample = sample or ksy_root().parent / "samples" / "mme.jsonl"
    protocol = get_protocol("mme")
    if sample.is_file():
        with open_capture(sample) as capture:
            records = [r for r in capture if isinstance(r, CaptureRecord)]
    else:
        from wirestruct.protocols.mme.generate import session_records, session_turns
        records = [CaptureRecord(i, r["t"], Direction.C2S if r["dir"] == "c2s" else
                                 Direction.S2C, bytes.fromhex(r["data"]), 0)
                   for i, r in enumerate(session_records(session_turns(7), 7))]
    with open(out, "wb") as f:
        write_pcapng(f, records)
    with open_capture(out) as capture:
        return sum(isinstance(e, PacketEvent)
                   for e in decode_records(capture.records(protocol), protocol.decoder()))


def check(*, tshark: str = "tshark", plugin: Path | None = None,
          capture: Path | None = None) -> dict:
    """Run tshark with the plugin (``plugin``: an entry script; default: one built into a
    temporary folder) on ``capture`` (default: the bundled MME sample as pcapng). Returns
    ``{"ok", "wireshark", "lua", "packets", "expected", "errors", "stderr"}``: ``ok`` when
    the plugin loaded without a Lua error and decoded as many MME packets as wirestruct."""
    found = find_tshark(tshark)
    result = {"ok": False, "wireshark": found.version, "lua": found.lua, "packets": 0,
              "expected": None, "errors": 0, "stderr": ""}
    if found.tshark is None:
        result["stderr"] = f"{tshark} not found"
        return result
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        if plugin is None:
            plugin = build_plugin(tmp_path / "plugin")
        if capture is None:
            capture = tmp_path / "mme.pcapng"
            result["expected"] = sample_capture(capture)
        proc = subprocess.run(
            [found.tshark, "-X", f"lua_script:{plugin}", "-r", str(capture), "-T", "fields",
             "-e", "mme.packet_type", "-e", "_ws.expert.message", "-E", "occurrence=a",
             "-E", "aggregator=;"],
            capture_output=True, text=True, timeout=600, env=dict(os.environ, LC_ALL="C"))
    stderr = "\n".join(line for line in proc.stderr.splitlines()
                       if "Running as user" not in line)
    packets = errors = 0
    for line in proc.stdout.splitlines():
        types, _, experts = line.partition("\t")
        packets += len([t for t in types.split(";") if t])
        errors += len([m for m in experts.split(";") if m.startswith(ERROR_PREFIXES)])
    lua_failed = "Lua" in stderr and ("error" in stderr.lower() or "failed" in stderr.lower())
    result.update(packets=packets, errors=errors, stderr=stderr)
    result["ok"] = proc.returncode == 0 and not lua_failed and packets > 0 and (
        result["expected"] is None or packets == result["expected"])
    return result


ERROR_PREFIXES = ("ParseError", "DecodeError", "DecompressionError", "LimitExceededError")
