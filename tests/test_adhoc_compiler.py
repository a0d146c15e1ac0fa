"""The pinned compiler for --ksy: its pins are package-lock.json's, and where it is looked
for (the checkout's node_modules, else the user's cache)."""
from __future__ import annotations

import json
from pathlib import Path

from wirestruct.tools import compiler

ROOT = Path(__file__).resolve().parent.parent


def test_the_pins_are_the_lockfiles():
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    declared = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    for name, version in compiler.PINS.items():
        assert declared[name] == version
        assert lock[f"node_modules/{name}"]["version"] == version
        assert lock[f"node_modules/{name}"]["integrity"] == compiler.INTEGRITY[name]


def test_the_cache_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert compiler.cached_compiler() == tmp_path / "wirestruct" / "compiler" / compiler.VERSION
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")     # not absolute: ignored (XDG)
    assert compiler.cache_root() == Path.home() / ".cache" / "wirestruct"
