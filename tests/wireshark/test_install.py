"""`wirestruct wireshark install / uninstall / check`, on real folders, real links and real
tshark: the plugin is never written through a link nor over a file it did not write
(its manifest says which are its own), uninstall removes exactly its unchanged files,
names a built-in dissector has are refused, and check says when the installed plugin is
not this wirestruct's."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from lua_harness import ROOT
from pdml import TSHARK
from wirestruct import __version__, get_protocol
from wirestruct.core.errors import OutputError, UsageError
from wirestruct.wireshark import plugin as ws_plugin
from wirestruct.wireshark.plugin import (
    ENTRY,
    MANIFEST_PATH,
    Built,
    build_plugin,
    builtin_names,
    field_clashes,
    install,
    installed,
    plugin_field_names,
    plugin_files,
    protocol_clashes,
    uninstall,
    wireshark_protocols,
    write_plugin,
)

pytestmark = pytest.mark.needs("tshark")

RUNTIME_FILE = "wirestruct/runtime/dissector.luamod"


@pytest.fixture(scope="module")
def built() -> Built:
    return plugin_files(["diep"])


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def snapshot(folder: Path) -> dict[str, tuple[str, bytes]]:
    """Every entry below ``folder``: kind and content (a link's target)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            out[rel] = ("link", os.readlink(path).encode())
        elif path.is_dir():
            out[rel] = ("dir", b"")
        else:
            out[rel] = ("file", path.read_bytes())
    return out


def cli(*args, home: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, LC_ALL="C")
    if home is not None:
        env["HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600, env=env)


# -- the manifest, and replacing only the plugin's own files -----------------------------------
def test_install_writes_a_manifest_of_every_file(tmp_path, built):
    dest = tmp_path / "plugins"
    report = write_plugin(dest, built)
    manifest = json.loads((dest / MANIFEST_PATH).read_text())
    assert manifest["wirestruct"] == __version__ == built.version
    assert manifest["protocols"] == ["diep"] and manifest["folder_made"] is True
    assert manifest["digest"] == built.digest and "previous" not in manifest
    assert sorted(manifest["files"]) == sorted(built.files) == report["written"]
    for path, digest in manifest["files"].items():
        assert sha(dest / path) == digest == hashlib.sha256(built.files[path]).hexdigest()
    files = {p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()}
    assert files == set(built.files) | {MANIFEST_PATH}     # no temporary file left
    entry = (dest / ENTRY).read_text().splitlines()
    assert entry[1] == f"-- wirestruct {__version__}, modules {built.digest}"
    again = write_plugin(dest, built)
    assert again["written"] == [] and again["unchanged"] == sorted(built.files)


def test_a_file_changed_or_not_written_by_the_plugin_is_not_replaced(tmp_path, built):
    dest = tmp_path / "plugins"
    write_plugin(dest, built)
    (dest / RUNTIME_FILE).write_text("-- my own change\n")
    newer = Built({**built.files, "wirestruct/runtime/kaitaistruct.luamod": b"-- newer\n"},
                  "0" * 64, built.version, built.protocols)
    before = snapshot(dest)
    with pytest.raises(OutputError) as refused:
        write_plugin(dest, newer)
    assert f"1 file(s) of the plugin folder {dest} were not written by this plugin or were " \
        f"changed since: {RUNTIME_FILE}; nothing written (--force replaces them)" \
        == str(refused.value)
    assert snapshot(dest) == before
    # a file the manifest does not list (a plugin folder of someone else's) is not replaced
    other = tmp_path / "other"
    (other / "wirestruct" / "runtime").mkdir(parents=True)
    (other / RUNTIME_FILE).write_text("-- not wirestruct's\n")
    (other / "notes.txt").write_text("mine\n")
    with pytest.raises(OutputError, match=f"were not written by this plugin.*: {RUNTIME_FILE};"):
        write_plugin(other, built)
    assert sorted(p.name for p in other.rglob("*")) == ["dissector.luamod", "notes.txt",
                                                       "runtime", "wirestruct"]
    forced = write_plugin(other, built, force=True)
    assert forced["forced"] == [RUNTIME_FILE]
    assert (other / RUNTIME_FILE).read_bytes() == built.files[RUNTIME_FILE]
    assert (other / "notes.txt").read_text() == "mine\n"
    # the plugin's own unchanged file is replaced: a new file renamed over it (a hard link
    # to the old one elsewhere keeps the old content)
    (dest / RUNTIME_FILE).write_bytes(built.files[RUNTIME_FILE])
    elsewhere = tmp_path / "hardlink"
    os.link(dest / "wirestruct/runtime/kaitaistruct.luamod", elsewhere)
    report = write_plugin(dest, newer)
    assert report["written"] == ["wirestruct/runtime/kaitaistruct.luamod"]
    assert (dest / "wirestruct/runtime/kaitaistruct.luamod").read_bytes() == b"-- newer\n"
    assert elsewhere.read_bytes() == built.files["wirestruct/runtime/kaitaistruct.luamod"]


def test_files_the_new_plugin_no_longer_has_are_removed_unless_changed(tmp_path, built):
    dest = tmp_path / "plugins"
    both = plugin_files(["diep", "mme"])
    write_plugin(dest, both)
    mme_config = "wirestruct/protocols/mme/wirestruct_config.luamod"
    (dest / mme_config).write_text("-- changed\n")
    report = write_plugin(dest, built)
    assert report["kept"] == [mme_config]
    assert all(p.startswith("wirestruct/") and "/mme/" in p for p in report["removed"])
    assert len(report["removed"]) == len([p for p in both.files if "/mme/" in p]) - 1
    assert not (dest / "wirestruct/generated/mme").exists()     # emptied folders go
    assert (dest / mme_config).read_text() == "-- changed\n"
    assert json.loads((dest / MANIFEST_PATH).read_text())["files"].keys() == built.files.keys()


def test_a_run_stopped_half_way_leaves_files_the_next_install_replaces(tmp_path, built,
                                                                      monkeypatch):
    dest = tmp_path / "plugins"
    write_plugin(dest, built)
    newer = Built({p: d + b"-- v2\n" for p, d in built.files.items()}, "1" * 64,
                  built.version, built.protocols)
    real_write = ws_plugin._Tree.write
    calls = []

    def stopping(self, path, data):
        calls.append(path)
        if len(calls) == 5:
            raise KeyboardInterrupt
        real_write(self, path, data)

    monkeypatch.setattr(ws_plugin._Tree, "write", stopping)
    with pytest.raises(KeyboardInterrupt):
        write_plugin(dest, newer)
    monkeypatch.undo()
    assert calls[0] == MANIFEST_PATH
    assert not [p for p in dest.rglob(".*.tmp")]
    report = write_plugin(dest, newer)      # no --force needed: every file is its own
    assert report["forced"] == [] and len(report["written"]) == len(built.files) - 3
    assert all((dest / p).read_bytes() == d for p, d in newer.files.items())


# -- never through a link --------------------------------------------------------------------
LINKS = {
    "the plugin folder": ("", "plugins"),
    "the entry script": (ENTRY, "plugins/wirestruct.lua"),
    "the module folder": ("wirestruct", "plugins/wirestruct"),
    "a folder of modules": ("wirestruct/runtime", "plugins/wirestruct/runtime"),
    "a module": (RUNTIME_FILE, f"plugins/{RUNTIME_FILE}"),
    "the manifest": (MANIFEST_PATH, f"plugins/{MANIFEST_PATH}"),
}


@pytest.mark.parametrize("where", LINKS)
def test_a_link_in_the_plugin_folder_is_refused(tmp_path, built, where):
    rel, named = LINKS[where]
    dest = tmp_path / "plugins"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("outside\n")
    if rel:
        write_plugin(dest, built)
        link = dest / rel
        if link.is_dir():
            for path in sorted(link.rglob("*"), reverse=True):
                path.rmdir() if path.is_dir() else path.unlink()
            link.rmdir()
        else:
            link.unlink()
    target = outside / "keep.txt" if "." in Path(rel).name else outside
    (tmp_path / named).symlink_to(target)
    before = snapshot(tmp_path)
    with pytest.raises(OutputError) as refused:
        write_plugin(dest, built, force=True)
    assert str(tmp_path / named) in str(refused.value)
    assert "symbolic link" in str(refused.value)
    assert snapshot(tmp_path) == before
    assert (outside / "keep.txt").read_text() == "outside\n"
    if rel:
        with pytest.raises(OutputError, match="symbolic link") if rel in (
                "wirestruct", "wirestruct/runtime", MANIFEST_PATH) else _no_error():
            result = uninstall(dest)
            assert result["found"] is True and rel in result["kept"]
        assert (outside / "keep.txt").read_text() == "outside\n"
        assert (tmp_path / named).is_symlink()


class _no_error:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_the_command_line_refuses_a_link_with_exit_status_2(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "plugins").symlink_to(tmp_path / "real")
    proc = cli("wireshark", "install", "--dir", tmp_path / "plugins", "-p", "diep")
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == f"wirestruct: {tmp_path / 'plugins'} is a symbolic link; nothing " \
        "is written through links (expected a folder)\n"
    assert list((tmp_path / "real").iterdir()) == []


# -- uninstall -------------------------------------------------------------------------------
def test_uninstall_removes_exactly_the_unchanged_files_of_the_manifest(tmp_path, built):
    base = tmp_path / "home"
    dest = base / "plugins"
    write_plugin(dest, built)
    (dest / "mine.lua").write_text("-- another plugin\n")
    (dest / "wirestruct" / "notes.txt").write_text("mine\n")
    (dest / RUNTIME_FILE).write_text("-- changed\n")
    (dest / "wirestruct/runtime/kaitaistruct.luamod").unlink()
    result = uninstall(dest)
    assert result["found"] is True
    assert result["kept"] == [RUNTIME_FILE]
    assert result["missing"] == ["wirestruct/runtime/kaitaistruct.luamod"]
    assert sorted(result["removed"]) == sorted(set(built.files) - {
        RUNTIME_FILE, "wirestruct/runtime/kaitaistruct.luamod"})
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")) == [
        "mine.lua", "wirestruct", "wirestruct/notes.txt", "wirestruct/runtime", RUNTIME_FILE]
    assert uninstall(dest)["found"] is False          # the manifest went with it
    # an untouched install goes whole, with the folder it made
    write_plugin(base / "fresh", built)
    result = uninstall(base / "fresh")
    assert result["kept"] == [] and "." in result["folders"] and not (base / "fresh").exists()


def test_uninstall_never_leaves_the_plugin_folder(tmp_path, built):
    dest = tmp_path / "plugins"
    write_plugin(dest, built)
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    manifest = json.loads((dest / MANIFEST_PATH).read_text())
    digest = sha(victim)
    manifest["files"].update({"../victim.txt": digest, str(victim): digest,
                              "wirestruct/../../victim.txt": digest})
    (dest / MANIFEST_PATH).write_text(json.dumps(manifest))
    result = uninstall(dest)
    assert result["found"] and victim.read_bytes() == b"precious\n"
    assert sorted(result["removed"]) == sorted(built.files)


def test_the_command_line_uninstalls_and_says_when_there_is_nothing(tmp_path):
    proc = cli("wireshark", "uninstall", "--dir", tmp_path)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr == f"wirestruct: there is no wirestruct plugin in {tmp_path}\n"
    proc = cli("wireshark", "install", "--dir", tmp_path / "p", "-p", "diep", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    (tmp_path / "p" / RUNTIME_FILE).write_text("-- changed\n")
    proc = cli("wireshark", "uninstall", "--dir", tmp_path / "p", "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["kept"] == [RUNTIME_FILE] and len(result["removed"]) > 10
    # the personal plugin folder by default (tshark asked in that home)
    proc = cli("wireshark", "install", "-p", "diep", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    personal = tmp_path / ".local/lib/wireshark/plugins"
    assert f"  folder: {personal}\n" in proc.stdout
    assert (personal / ENTRY).is_file()
    proc = cli("wireshark", "uninstall", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"uninstalled the Wireshark plugin from {personal}: ")
    assert not personal.exists() and (tmp_path / ".local/lib/wireshark").is_dir()


# -- names a built-in dissector has ----------------------------------------------------------
def blip_protocol():
    """diep, with the Wireshark name Couchbase's BLIP dissector has."""
    diep = get_protocol("diep")
    assert diep.wireshark is not None
    return replace(diep, name="blip-game", wireshark=replace(diep.wireshark, proto="blip"))


def test_a_protocol_named_as_a_built_in_dissector_is_refused(tmp_path):
    blip = blip_protocol()
    text = ("the protocol name blip and short name BLIP of wirestruct's blip-game dissector "
            "is taken by Wireshark's built-in BLIP Couchbase Mobile (blip): Wireshark keeps "
            "the built-in one (the plugin is not built: give the protocol's Wireshark part "
            "another proto name)")
    with pytest.raises(UsageError) as refused:
        build_plugin(tmp_path / "built", [blip])
    assert str(refused.value) == text
    with pytest.raises(UsageError) as refused:
        install(tmp_path / "installed", protocols=[blip])
    assert str(refused.value) == text
    assert not (tmp_path / "built").exists() and not (tmp_path / "installed").exists()
    builtins = builtin_names()
    assert builtins is not None
    clashes = field_clashes([blip], builtins)
    assert clashes == [c for c in clashes if c["name"].startswith("blip.")]
    titled = replace(blip, wireshark=replace(blip.wireshark, proto="my_dns",
                                             title="Domain Name System"))
    assert protocol_clashes([titled], builtins) == [{
        "protocol": "blip-game", "name": "my_dns", "what": "protocol title Domain Name System",
        "builtin": "Domain Name System (dns)"}]


def test_the_built_in_protocols_clash_with_no_built_in_dissector():
    builtins = builtin_names()
    assert builtins is not None and "blip" in builtins.filters and "tcp.port" in builtins.fields
    chosen = wireshark_protocols()
    ours = plugin_field_names(TSHARK, chosen)
    assert sorted(ours) == ["diep", "mme", "scrap_mechanic"]
    assert all(len(names) > 20 for names in ours.values())
    assert protocol_clashes(chosen, builtins) == []
    assert field_clashes(chosen, builtins, ours) == []


def test_check_names_a_clash(tmp_path):
    blip = blip_protocol()
    result = ws_plugin.check(protocols=[blip], dir=tmp_path)
    assert result["ok"] is False
    assert result["clashes"][0] == {
        "protocol": "blip-game", "name": "blip", "what": "protocol name blip and short name BLIP",
        "builtin": "BLIP Couchbase Mobile (blip)"}


# -- is the installed plugin this wirestruct's? ----------------------------------------------
def test_installed_says_whether_the_plugin_is_this_wirestructs(tmp_path, built):
    dest = tmp_path / "plugins"
    assert installed(dest)["state"] == "absent"
    write_plugin(dest, plugin_files(["diep"]))
    state = installed(dest)
    assert state["state"] == "current" and state["changed"] == state["missing"] == []
    assert state["message"] == f"the installed plugin in {dest} is this wirestruct's " \
        f"(wirestruct {__version__})"
    manifest_file = dest / MANIFEST_PATH
    manifest = json.loads(manifest_file.read_text())
    for version, word in (("0.0.1", "older"), ("99.0", "newer")):
        manifest_file.write_text(json.dumps({**manifest, "wirestruct": version}))
        assert installed(dest)["state"] == word
    manifest_file.write_text(json.dumps({**manifest, "wirestruct": "0.0.1"}))
    assert installed(dest)["message"] == (
        f"the installed plugin in {dest} is older: wirestruct 0.0.1, this is {__version__}; "
        "run `wirestruct wireshark install` to install this wirestruct's plugin")
    manifest_file.write_text(json.dumps({**manifest, "digest": "2" * 64}))
    (dest / RUNTIME_FILE).write_text("-- changed\n")
    state = installed(dest)
    assert state["state"] == "other" and state["changed"] == [RUNTIME_FILE]
    assert state["message"].endswith("built from other sources); run `wirestruct wireshark "
                                     "install` to install this wirestruct's plugin; 1 of its "
                                     "files changed and 0 missing since it was installed")
    manifest_file.unlink()
    assert installed(dest)["state"] == "unmanaged"


def test_check_on_the_command_line_says_the_installed_plugin_is_older(tmp_path):
    dest = tmp_path / "plugins"
    proc = cli("wireshark", "install", "--dir", dest, "-p", "diep", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((dest / MANIFEST_PATH).read_text())
    (dest / MANIFEST_PATH).write_text(json.dumps({**manifest, "wirestruct": "0.0.1"}))
    proc = cli("wireshark", "check", "--dir", dest, "-p", "diep", home=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[1] == "  diep: ok, 182 packets (wirestruct decodes 182), 0 with errors"
    assert lines[2:] == [
        "  no protocol or field name of the plugin is a built-in dissector's",
        f"  the installed plugin in {dest} is older: wirestruct 0.0.1, this is {__version__}; "
        "run `wirestruct wireshark install` to install this wirestruct's plugin",
        "the plugin works"]
    proc = cli("wireshark", "install", "--dir", dest, "-p", "diep", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    proc = cli("wireshark", "check", "--plugin", dest / ENTRY, "-p", "diep", home=tmp_path)
    assert proc.returncode == 0 and f"the installed plugin in {dest} is this wirestruct's" \
        in proc.stdout
