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

import hashlib
import os
import re
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from wirestruct.core.errors import DecodeError, OutputError, UsageError, WirestructError
from wirestruct.core.limits import DEFAULT_LIMITS
from wirestruct.core.records import CaptureRecord
from wirestruct.plugin.protocol import Protocol, Wireshark
from wirestruct.plugin.registry import get_protocol, protocols
from wirestruct.safe_paths import SafeDir
from wirestruct.wireshark import generated_lua_dir, lua_dir
from wirestruct.wireshark.fields import (
    field_table,
    hidden_classes,
    info_values,
    lua_table,
    value_classes,
)
from wirestruct.wireshark.lua_text import lua_value
from wirestruct.wireshark.ternaries import plain_ternaries

ENTRY = "wirestruct.lua"
MODULE_DIR = "wirestruct"
EXT = ".luamod"
#: The plugin's record of what it wrote (in the module folder): each file's SHA-256, the
#: wirestruct version, the modules' digest and the protocols.
MANIFEST = "MANIFEST.json"
MANIFEST_PATH = f"{MODULE_DIR}/{MANIFEST}"

_ENTRY_TEXT = """\
-- wirestruct: Wireshark dissectors made from wirestruct's specs ({protocols}).
-- wirestruct {version}, modules {digest}
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
        # the summary description decode's --format summary renders too (summary.lua)
        "summaries": dict(rules.summaries),
        "error_kinds": error_kinds(),
        "limits": {k: v for k, v in asdict(DEFAULT_LIMITS).items()
                   if isinstance(v, int) and not isinstance(v, bool)},
        "data": dict(ws.data()) if ws.data is not None else {},
    }


def plugin_files(protocols: Iterable[Protocol | str] | None = None) -> Built:
    """The plugin's files for ``protocols`` (as :func:`build_plugin` writes them), in
    memory: path in the plugin folder -> content, and the digest of its modules (which
    the entry script and the manifest record)."""
    from wirestruct import __version__

    chosen = _given(protocols)
    files: dict[str, bytes] = {}
    for src in sorted(lua_dir().glob("*.lua")):
        files[f"{MODULE_DIR}/runtime/{src.stem}{EXT}"] = src.read_bytes()
    for protocol in chosen:
        ws: Wireshark = protocol.wireshark  # type: ignore[assignment]
        own = f"{MODULE_DIR}/protocols/{ws.proto}/"
        files[own + f"wirestruct_config{EXT}"] = (
            "-- Generated by wirestruct.wireshark.plugin: do not edit.\nreturn "
            + lua_value(config(protocol)) + "\n").encode("utf-8")
        files[own + f"wirestruct_fields{EXT}"] = lua_table(field_table(protocol)).encode("utf-8")
        if ws.piece is not None:
            files[own + f"wirestruct_piece{EXT}"] = Path(ws.piece).read_bytes()
        for src in sorted(generated_lua_dir(protocol.specs.package).glob("*.lua")):
            files[f"{MODULE_DIR}/generated/{ws.proto}/{src.stem}{EXT}"] = plain_ternaries(
                src.read_text(encoding="utf-8")).encode("utf-8")
    digest = _digest(files)
    names = [p.wireshark.proto for p in chosen if p.wireshark is not None]
    files[ENTRY] = _ENTRY_TEXT.format(
        protocols=", ".join(p.name for p in chosen), module_dir=MODULE_DIR, ext=EXT,
        names=", ".join(f'"{n}"' for n in names), version=__version__,
        digest=digest).encode("utf-8")
    return Built(files, digest, __version__, [p.name for p in chosen])


def build_plugin(dest: Path, protocols: Iterable[Protocol | str] | None = None, *,
                 force: bool = False, tshark: str | None = "tshark") -> Path:
    """Write the plugin for ``protocols`` (Protocol objects or names; default: every
    installed protocol with a Wireshark part) into ``dest`` (created if needed) as
    :func:`write_plugin` does; returns the entry script's path. A protocol whose name
    is taken by a built-in dissector of ``tshark`` (when there is one; None: not asked)
    is refused (:class:`~wirestruct.core.errors.UsageError` naming the clash)."""
    chosen = _given(protocols)
    if tshark is not None:
        refuse_clashes(chosen, tshark)
    write_plugin(Path(dest), plugin_files(chosen), force=force)
    return Path(dest) / ENTRY


# -- the plugin's files and their manifest ------------------------------------------------------
@dataclass
class Built:
    """The plugin in memory: path in the plugin folder -> content."""

    files: dict[str, bytes]
    digest: str                 #: SHA-256 over the modules (every file but the entry script)
    version: str                #: the wirestruct that made it
    protocols: list[str]


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _digest(files: dict[str, bytes]) -> str:
    listing = "".join(f"{path}\0{_sha(data)}\n" for path, data in sorted(files.items()))
    return _sha(listing.encode("utf-8"))


def _manifest_path_ok(path: str) -> bool:
    """A path a manifest may name: the entry script, or a file under the module folder
    (no absolute path, no ``..``: nothing outside the plugin folder)."""
    if path == ENTRY:
        return True
    parts = path.split("/")
    return (len(parts) > 1 and parts[0] == MODULE_DIR and path != MANIFEST_PATH
            and all(part not in ("", ".", "..") and "\\" not in part and "\0" not in part
                    for part in parts))


def _manifest_files(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {path: sha for path, sha in value.items() if isinstance(path, str)
            and _manifest_path_ok(path) and isinstance(sha, str)
            and re.fullmatch(r"[0-9a-f]{64}", sha)}


class _Tree:
    """The plugin folder, opened without following links; every folder and file below it
    reached from it by name (a link where a folder is expected is an OutputError)."""

    def __init__(self, root: SafeDir) -> None:
        self.dirs: dict[str, SafeDir] = {"": root}

    def close(self) -> None:
        for rel, folder in self.dirs.items():
            if rel:
                folder.close()

    def folder(self, rel: str, *, create: bool) -> SafeDir | None:
        if rel in self.dirs:
            return self.dirs[rel]
        parent_rel, _, name = rel.rpartition("/")
        parent = self.folder(parent_rel, create=create)
        if parent is None:
            return None
        st = _lstat(parent, name)
        if st is not None and not stat.S_ISDIR(st.st_mode):
            if stat.S_ISLNK(st.st_mode):
                raise OutputError(f"{parent.path / name} is a symbolic link: refused, the "
                                  "plugin is never written through links")
            raise OutputError(f"{parent.path / name} is not a folder (the plugin's files "
                              "go in a folder there)")
        found = parent.subdir(name, create=create)
        if found is not None:
            self.dirs[rel] = found
        return found

    def full(self, path: str) -> Path:
        return self.dirs[""].path / path

    def state(self, path: str) -> tuple[str, str | None]:
        """("missing" | "link" | "other" | "file", the file's SHA-256)."""
        rel, _, name = path.rpartition("/")
        folder = self.folder(rel, create=False)
        st = None if folder is None else _lstat(folder, name)
        if folder is None or st is None:
            return "missing", None
        if stat.S_ISLNK(st.st_mode):
            return "link", None
        if not stat.S_ISREG(st.st_mode):
            return "other", None
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0),
                     dir_fd=folder.fd)
        digest = hashlib.sha256()
        with os.fdopen(fd, "rb") as src:
            for block in iter(lambda: src.read(1 << 16), b""):
                digest.update(block)
        return "file", digest.hexdigest()

    def write(self, path: str, data: bytes) -> None:
        """Replace ``path`` atomically: a new file beside it, renamed over it."""
        rel, _, name = path.rpartition("/")
        folder = self.folder(rel, create=True)
        assert folder is not None
        temporary = f".{name}.{os.getpid()}.tmp"
        folder.remove(temporary)
        try:
            with folder.create(temporary) as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            folder.replace(temporary, name)
        except BaseException:
            folder.remove(temporary)
            raise

    def remove(self, path: str) -> bool:
        rel, _, name = path.rpartition("/")
        folder = self.folder(rel, create=False)
        return folder is not None and folder.remove(name)

    def remove_empty_folders(self, paths: Iterable[str]) -> list[str]:
        """The folders of ``paths`` under the module folder (and it), deepest first, that
        are empty: removed; returns them."""
        folders: set[str] = set()
        for path in paths:
            parts = path.split("/")[:-1]
            folders.update("/".join(parts[:n]) for n in range(1, len(parts) + 1))
        removed = []
        for rel in sorted(folders, key=lambda f: (-f.count("/"), f)):
            parent_rel, _, name = rel.rpartition("/")
            parent = self.folder(parent_rel, create=False)
            if parent is None or _lstat(parent, name) is None:
                continue
            if rel in self.dirs:
                self.dirs.pop(rel).close()
            if parent.remove_dir(name):
                removed.append(rel)
        return removed


def _lstat(folder: SafeDir, name: str) -> os.stat_result | None:
    try:
        return os.lstat(name, dir_fd=folder.fd)
    except FileNotFoundError:
        return None


def _read_manifest(tree: _Tree) -> dict[str, Any] | None:
    """The manifest of the plugin in ``tree`` (None: there is none; ``{"invalid": True}``
    for a file there that is not one)."""
    folder = tree.folder(MODULE_DIR, create=False)
    if folder is None:
        return None
    st = _lstat(folder, MANIFEST)
    if st is None:
        return None
    if stat.S_ISLNK(st.st_mode):
        raise OutputError(f"{folder.path / MANIFEST} is a symbolic link: refused, the plugin "
                          "is never read or written through links")
    try:
        data = folder.read_json(MANIFEST)
    except (OSError, ValueError, WirestructError):
        return {"invalid": True, "files": {}, "previous": {}}
    if not isinstance(data, dict) or not isinstance(data.get("files"), dict):
        return {"invalid": True, "files": {}, "previous": {}}
    protocols = data.get("protocols")
    return {"files": _manifest_files(data.get("files")),
            "previous": _manifest_files(data.get("previous")),
            "wirestruct": str(data.get("wirestruct", "")), "digest": str(data.get("digest", "")),
            "protocols": [p for p in protocols if isinstance(p, str)]
            if isinstance(protocols, list) else [],
            "folder_made": data.get("folder_made") is True}


def _manifest_text(built: Built, folder_made: bool,
                   previous: dict[str, str] | None = None) -> bytes:
    import json

    doc: dict[str, Any] = {
        "about": "the wirestruct Wireshark plugin's files; `wirestruct wireshark install` "
                 "replaces and `wirestruct wireshark uninstall` removes only the files whose "
                 "SHA-256 is listed here",
        "wirestruct": built.version, "digest": built.digest, "protocols": built.protocols,
        "folder_made": folder_made,
        "files": {path: _sha(data) for path, data in sorted(built.files.items())}}
    if previous:
        doc["previous"] = dict(sorted(previous.items()))
    return (json.dumps(doc, indent=1) + "\n").encode("utf-8")


def write_plugin(dest: Path, built: Built, *, force: bool = False) -> dict[str, Any]:
    """Write ``built`` into the folder ``dest`` (made if needed) and its manifest
    (``wirestruct/MANIFEST.json``), safely:

    * nothing is written through a symbolic link: ``dest``, the module folder, a folder
      or a file of the plugin being a link is an OutputError naming it, before anything
      is written; nothing is written outside ``dest``;
    * a file is replaced only when it is what the manifest says the plugin wrote (or
      already what it would write): a file changed since, or one the manifest does not
      list, is refused (OutputError naming them) unless ``force``;
    * every file is written beside its place and renamed over it (never half a file);
    * files of the former plugin it no longer has are removed when unchanged (a changed
      one is kept, and reported), with the folders they leave empty.

    Returns ``{"written", "unchanged", "removed", "kept", "forced"}`` (plugin paths)."""
    dest = Path(dest)
    made = not os.path.lexists(dest)
    with SafeDir.open(dest, create=True) as root:
        tree = _Tree(root)
        try:
            return _write(tree, built, force=force, made=made)
        finally:
            tree.close()


def _write(tree: _Tree, built: Built, *, force: bool, made: bool) -> dict[str, Any]:
    old = _read_manifest(tree) or {"files": {}, "previous": {}}
    ours: dict[str, set[str]] = {}
    for key in ("files", "previous"):
        for path, sha in old[key].items():
            ours.setdefault(path, set()).add(sha)
    unsafe: list[str] = []
    changed: list[str] = []
    write: list[str] = []
    unchanged: list[str] = []
    previous: dict[str, str] = {}
    for path, data in built.files.items():
        kind, sha = tree.state(path)
        if kind in ("link", "other"):
            unsafe.append(f"{tree.full(path)} is " + ("a symbolic link" if kind == "link"
                                                      else "not a regular file"))
        elif sha == _sha(data):
            unchanged.append(path)
        elif kind == "missing" or sha in ours.get(path, ()):
            write.append(path)
            if sha is not None:
                previous[path] = sha
        else:
            changed.append(path)
    kind, sha = tree.state(MANIFEST_PATH)
    if kind in ("link", "other"):
        unsafe.append(f"{tree.full(MANIFEST_PATH)} is not a regular file")
    elif old.get("invalid"):
        changed.append(MANIFEST_PATH)
    remove: list[str] = []
    kept: list[str] = []
    for path in sorted(set(ours) - set(built.files)):
        kind, sha = tree.state(path)
        if kind == "file" and sha is not None and sha in ours[path]:
            remove.append(path)
            previous[path] = sha
        elif kind != "missing":
            kept.append(path)
    if unsafe:
        raise OutputError("; ".join(unsafe) + ": refused, the plugin is never written through "
                          "links or over what is not a file of its own (nothing written)")
    if changed and not force:
        raise OutputError(
            f"{len(changed)} file(s) of the plugin folder {tree.full('')} were not written by "
            "this plugin or were changed since: " + ", ".join(changed[:8])
            + (" ..." if len(changed) > 8 else "") + "; nothing written (--force replaces "
            "them)")
    folder_made = made or bool(old.get("folder_made"))
    # The manifest first (naming the files both as they are and as they will be), so that
    # a run stopped half way leaves every file the plugin's own.
    tree.write(MANIFEST_PATH, _manifest_text(built, folder_made, previous))
    forced = [path for path in changed if path != MANIFEST_PATH] if force else []
    for path in sorted(write + forced, key=lambda p: p == ENTRY):
        tree.write(path, built.files[path])
    for path in remove:
        tree.remove(path)
    tree.write(MANIFEST_PATH, _manifest_text(built, folder_made))
    tree.remove_empty_folders(remove)
    return {"written": sorted(write + forced), "unchanged": sorted(unchanged),
            "removed": remove, "kept": kept, "forced": sorted(forced)}


# -- installing ---------------------------------------------------------------------------------
@dataclass
class Found:
    """What tshark says about itself."""

    tshark: str | None = None
    version: str | None = None          #: e.g. "4.0.17"
    lua: str | None = None              #: e.g. "Lua 5.2.4"
    folders: dict[str, str] = field(default_factory=dict)  #: ``tshark -G folders``


def find_tshark(tshark: str = "tshark", env: dict[str, str] | None = None) -> Found:
    found = Found(tshark=shutil.which(tshark))
    if found.tshark is None:
        return found
    env = dict(env if env is not None else os.environ, LC_ALL="C")
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


def plugin_folder(dir: Path | None, found: Found, tshark: str = "tshark") -> Path:
    """``dir``, or Wireshark's personal Lua plugin folder as ``tshark -G folders`` names it."""
    if dir is not None:
        return Path(dir)
    folder = found.folders.get("Personal Lua Plugins")
    if folder is None:
        raise UsageError(f"no {tshark} to ask for Wireshark's personal Lua plugin folder; "
                         "name the folder", expected="--dir DIR, or a tshark on the PATH")
    return Path(folder)


def install(dir: Path | None = None, *, tshark: str = "tshark",
            protocols: Iterable[Protocol | str] | None = None,
            force: bool = False) -> dict[str, Any]:
    """Write the plugin into ``dir`` (default: Wireshark's personal Lua plugin folder as
    ``tshark -G folders`` names it) as :func:`write_plugin` does, after refusing a
    protocol whose name a built-in dissector of ``tshark`` has. Returns ``{"folder",
    "entry", "wireshark", "lua", "protocols", "version", "digest", "written",
    "unchanged", "removed", "kept", "forced"}``."""
    found = find_tshark(tshark)
    folder = plugin_folder(dir, found, tshark)
    chosen = _given(protocols)
    if found.tshark is not None:
        refuse_clashes(chosen, found.tshark)
    built = plugin_files(chosen)
    report = write_plugin(folder, built, force=force)
    return {"folder": str(folder), "entry": str(folder / ENTRY), "wireshark": found.version,
            "lua": found.lua, "protocols": built.protocols, "version": built.version,
            "digest": built.digest, **report}


def uninstall(dir: Path | None = None, *, tshark: str = "tshark") -> dict[str, Any]:
    """Remove the plugin from ``dir`` (default: Wireshark's personal Lua plugin folder):
    exactly the files its manifest lists that are unchanged, the manifest, and the
    folders this leaves empty (the plugin folder too when the install made it). Returns
    ``{"folder", "found", "removed", "kept", "missing", "folders"}``; ``found`` is False
    (and nothing is touched) where there is no manifest."""
    folder = plugin_folder(dir, find_tshark(tshark) if dir is None else Found(), tshark)
    result: dict[str, Any] = {"folder": str(folder), "found": False, "removed": [],
                              "kept": [], "missing": [], "folders": [], "entry": False}
    if not os.path.lexists(folder):
        return result
    with SafeDir.open(folder) as root:
        tree = _Tree(root)
        try:
            manifest = _read_manifest(tree)
            result["entry"] = tree.state(ENTRY)[0] != "missing"
            if manifest is None or manifest.get("invalid"):
                return result
            result["found"] = True
            ours: dict[str, set[str]] = {}
            for key in ("files", "previous"):
                for path, sha in manifest[key].items():
                    ours.setdefault(path, set()).add(sha)
            for path in sorted(ours):
                kind, sha = tree.state(path)
                if kind == "missing":
                    result["missing"].append(path)
                elif kind == "file" and sha in ours[path]:
                    tree.remove(path)
                    result["removed"].append(path)
                else:
                    result["kept"].append(path)
            tree.remove(MANIFEST_PATH)
            result["folders"] = tree.remove_empty_folders([*ours, MANIFEST_PATH])
        finally:
            tree.close()
    if manifest is not None and manifest.get("folder_made"):
        try:
            os.rmdir(folder)        # only when empty; a link is not a folder rmdir removes
            result["folders"].append(".")
        except OSError:
            pass
    return result


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", version))


def installed(dir: Path | None = None, *, tshark: str = "tshark") -> dict[str, Any]:
    """What is installed in ``dir`` (default: Wireshark's personal Lua plugin folder)
    against what this wirestruct would install: ``{"folder", "state", "version",
    "running", "protocols", "changed", "missing", "message"}``. ``state``: ``"absent"``
    (no plugin), ``"unmanaged"`` (an entry script without a manifest), ``"current"`` (the
    same version and modules), ``"older"`` / ``"newer"`` (another version), ``"other"``
    (the same version, other modules), ``"unsafe"`` (a link in the way)."""
    from wirestruct import __version__

    try:
        folder = plugin_folder(dir, find_tshark(tshark) if dir is None else Found(), tshark)
    except UsageError as exc:
        return {"folder": None, "state": "absent", "version": None, "running": __version__,
                "protocols": [], "changed": [], "missing": [], "message": str(exc)}
    result: dict[str, Any] = {"folder": str(folder), "state": "absent", "version": None,
                              "running": __version__, "protocols": [], "changed": [],
                              "missing": []}
    manifest = None
    try:
        if os.path.lexists(folder):
            with SafeDir.open(folder) as root:
                tree = _Tree(root)
                try:
                    manifest = _read_manifest(tree)
                    if manifest is None or manifest.get("invalid"):
                        if tree.state(ENTRY)[0] != "missing":
                            result["state"] = "unmanaged"
                        manifest = None
                    else:
                        for path, sha in manifest["files"].items():
                            kind, now = tree.state(path)
                            if kind == "missing":
                                result["missing"].append(path)
                            elif now != sha:
                                result["changed"].append(path)
                finally:
                    tree.close()
    except OutputError as exc:
        result.update(state="unsafe", message=str(exc))
        return result
    if manifest is not None:
        result.update(version=manifest["wirestruct"], protocols=manifest["protocols"])
        try:
            digest = plugin_files(manifest["protocols"]).digest
        except (UsageError, ValueError, KeyError):
            digest = None       # a protocol that is not installed here
        if manifest["wirestruct"] != __version__:
            newer = _version_key(manifest["wirestruct"]) > _version_key(__version__)
            result["state"] = "newer" if newer else "older"
        else:
            result["state"] = "current" if digest == manifest["digest"] else "other"
    result["message"] = _installed_message(result)
    return result


def _installed_message(r: dict[str, Any]) -> str:
    where = f"the installed plugin in {r['folder']}"
    again = "; run `wirestruct wireshark install` to install this wirestruct's plugin"
    text = {
        "absent": f"no wirestruct plugin installed in {r['folder']}",
        "unmanaged": f"{where} has no manifest (an older wirestruct installed it){again} "
                     "(with --force: it replaces that plugin's files)",
        "current": f"{where} is this wirestruct's (wirestruct {r['running']})",
        "older": f"{where} is older: wirestruct {r['version']}, this is {r['running']}{again}",
        "newer": f"{where} is newer: wirestruct {r['version']}, this is {r['running']}",
        "other": f"{where} is other than this wirestruct's (wirestruct {r['version']} "
                 f"built from other sources){again}",
    }[r["state"]]
    if r["changed"] or r["missing"]:
        text += (f"; {len(r['changed'])} of its files changed and {len(r['missing'])} "
                 "missing since it was installed")
    return text


# -- names taken by built-in dissectors ---------------------------------------------------------
@dataclass
class Builtins:
    """The names tshark's own dissectors have (``tshark -G protocols`` and ``-G fields``)."""

    filters: dict[str, str] = field(default_factory=dict)   #: filter name -> full name
    shorts: dict[str, str] = field(default_factory=dict)    #: short name -> filter name
    titles: dict[str, str] = field(default_factory=dict)    #: full name -> filter name
    fields: dict[str, str] = field(default_factory=dict)    #: field abbrev -> its protocol


def _bare_env(home: Path) -> dict[str, str]:
    """tshark's environment with no personal plugins or configuration but in ``home``."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("WIRESHARK_", "XDG_"))}
    env.update(HOME=str(home), LC_ALL="C")
    return env


def _glossary(tshark: str, what: str, env: dict[str, str]) -> list[list[str]]:
    proc = subprocess.run([tshark, "-G", what], capture_output=True, text=True, env=env,
                          timeout=300)
    return [line.split("\t") for line in proc.stdout.splitlines()]


_BUILTINS: dict[tuple[str, int, int], Builtins] = {}


def builtin_names(tshark: str = "tshark") -> Builtins | None:
    """The names of ``tshark``'s dissectors without personal plugins (None: no tshark)."""
    path = shutil.which(tshark)
    if path is None:
        return None
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    if key not in _BUILTINS:
        found = Builtins()
        with tempfile.TemporaryDirectory() as home:
            env = _bare_env(Path(home))
            for row in _glossary(path, "protocols", env):
                if len(row) >= 3:
                    found.filters[row[2]] = row[0]
                    found.shorts[row[1]] = row[2]
                    found.titles[row[0]] = row[2]
            for row in _glossary(path, "fields", env):
                if len(row) >= 5 and row[0] == "F":
                    found.fields[row[2]] = row[4]
        _BUILTINS[key] = found
    return _BUILTINS[key]


def protocol_clashes(chosen: Iterable[Protocol], builtins: Builtins) -> list[dict[str, str]]:
    """The Wireshark names of ``chosen`` a built-in dissector has (Wireshark keeps a
    protocol's filter name, short name - the filter name in capitals - and title
    unique): ``[{"protocol", "name", "what", "builtin"}]``, one per built-in protocol."""
    out = []
    for protocol in chosen:
        ws = protocol.wireshark
        assert ws is not None
        hits: dict[str, list[str]] = {}
        for what, name, taken in (
                ("name", ws.proto, ws.proto if ws.proto in builtins.filters else None),
                ("short name", ws.proto.upper(), builtins.shorts.get(ws.proto.upper())),
                ("title", ws.title, builtins.titles.get(ws.title))):
            if taken is not None:
                hits.setdefault(taken, []).append(f"{what} {name}")
        for taken, names in hits.items():
            out.append({"protocol": protocol.name, "name": ws.proto,
                        "what": "protocol " + " and ".join(names),
                        "builtin": f"{builtins.filters.get(taken, taken)} ({taken})"})
        if ws.proto in builtins.fields:
            out.append({"protocol": protocol.name, "name": ws.proto,
                        "what": f"protocol name {ws.proto}",
                        "builtin": f"field {ws.proto} of {builtins.fields[ws.proto]}"})
    return out


def field_clashes(chosen: Iterable[Protocol], builtins: Builtins,
                  extra: Mapping[str, Iterable[str]] | None = None) -> list[dict[str, str]]:
    """The field names (filter abbreviations) of ``chosen`` (every field of the specs,
    the plugin's own, and ``extra``: protocol -> more) a built-in protocol or field has."""
    from wirestruct.wireshark.fields import RESERVED

    out = []
    for protocol in chosen:
        ws = protocol.wireshark
        assert ws is not None
        names = {f.abbrev for info in field_table(protocol).types.values()
                 for f in info.fields}
        names.update(f"{ws.proto}.{name}" for name in RESERVED)
        names.update((extra or {}).get(ws.proto, ()))
        for name in sorted(names):
            if name in builtins.fields:
                out.append({"protocol": protocol.name, "name": name,
                            "what": f"field name {name}",
                            "builtin": f"field {name} of {builtins.fields[name]}"})
            elif name in builtins.filters:
                out.append({"protocol": protocol.name, "name": name,
                            "what": f"field name {name}",
                            "builtin": f"protocol {builtins.filters[name]} ({name})"})
    return out


def clash_text(clash: dict[str, str]) -> str:
    return (f"the {clash['what']} of wirestruct's {clash['protocol']} dissector is taken "
            f"by Wireshark's built-in {clash['builtin']}: Wireshark keeps the built-in one")


def refuse_clashes(chosen: Iterable[Protocol], tshark: str = "tshark") -> None:
    """A UsageError naming the protocol names of ``chosen`` that a built-in dissector of
    ``tshark`` has (nothing when there is no tshark to ask)."""
    builtins = builtin_names(tshark)
    if builtins is None:
        return
    clashes = protocol_clashes(chosen, builtins)
    if clashes:
        raise UsageError("; ".join(clash_text(c) for c in clashes) + " (the plugin is not "
                         "built: give the protocol's Wireshark part another proto name)")


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


def plugin_field_names(tshark: str, chosen: list[Protocol]) -> dict[str, set[str]]:
    """The field names ``tshark`` lists for each protocol of the plugin built for
    ``chosen`` (the specs' fields and the pieces' own), the plugin installed in an empty
    home of its own: proto -> names."""
    protos = {p.wireshark.proto for p in chosen if p.wireshark is not None}
    out: dict[str, set[str]] = {proto: set() for proto in protos}
    with tempfile.TemporaryDirectory() as home:
        env = _bare_env(Path(home))
        folder = find_tshark(tshark, env).folders.get("Personal Lua Plugins")
        if folder is None or not Path(folder).is_relative_to(home):
            return out
        build_plugin(Path(folder), chosen, tshark=None)
        for row in _glossary(tshark, "fields", env):
            if len(row) >= 5 and row[0] == "F" and row[4] in protos:
                out[row[4]].add(row[2])
    return out


def check(*, tshark: str = "tshark", plugin: Path | None = None, capture: Path | None = None,
          protocols: Iterable[Protocol | str] | None = None,
          dir: Path | None = None) -> dict[str, Any]:
    """Run tshark with the plugin (``plugin``: an entry script; default: one built into a
    temporary folder) on a capture of each protocol (``capture``, or one written from its
    sample or its generator). Returns ``{"ok", "wireshark", "lua", "protocols": [{"protocol",
    "ok", "packets", "expected", "errors", "stderr"}], "clashes", "installed"}``: a
    protocol is ``ok`` when the plugin loaded without a Lua error and showed as many
    packets as wirestruct decodes; ``clashes`` (:func:`protocol_clashes`,
    :func:`field_clashes`) names the protocol and field names a built-in dissector of
    that tshark has (any fails the check); ``installed`` (:func:`installed`) says whether
    the plugin installed in ``dir`` (default: the folder of ``plugin``, or else
    Wireshark's personal Lua plugin folder) is this wirestruct's."""
    found = find_tshark(tshark)
    chosen = _given(protocols)
    result: dict[str, Any] = {"ok": False, "wireshark": found.version, "lua": found.lua,
                              "protocols": [], "clashes": [], "installed": None}
    if found.tshark is None:
        result["stderr"] = f"{tshark} not found"
        return result
    builtins = builtin_names(found.tshark)
    assert builtins is not None
    result["clashes"] = protocol_clashes(chosen, builtins) + field_clashes(
        chosen, builtins, plugin_field_names(found.tshark, chosen))
    where = dir if dir is not None else plugin.parent if plugin is not None else None
    result["installed"] = installed(where, tshark=found.tshark)
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        entry = plugin if plugin is not None else build_plugin(tmp_path / "plugin", chosen,
                                                               tshark=None)
        result["protocols"] = list(_checks(found, entry, tmp_path, chosen, capture))
    result["ok"] = bool(result["protocols"]) and all(r["ok"] for r in result["protocols"]) \
        and not result["clashes"]
    return result
