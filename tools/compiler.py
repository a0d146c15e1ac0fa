"""The pinned Kaitai Struct compiler: where it is, and installing it into the user's cache.

A source checkout has it in its ``node_modules/`` (``npm ci``, from ``package-lock.json``).
An installed wheel has no ``node_modules``: ``wirestruct compiler install`` puts the same
pinned packages into the user's cache (``$XDG_CACHE_HOME/wirestruct/compiler/<version>/``,
``~/.cache`` when the variable is not set) with npm. Node.js (with npm) is the only
requirement, and a missing one is said as such.

:data:`PINS` are the exact versions of ``package-lock.json``; ``tests/test_adhoc_compiler.py``
holds them to it.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from wirestruct.core.errors import SpecError
from wirestruct.core.resources import source_checkout

#: npm package -> exact version: what the compiler process (tools/ksc.js) requires.
PINS = {"kaitai-struct-compiler": "0.11.0", "js-yaml": "4.1.0"}
#: npm package -> its integrity hash in package-lock.json (checked after an install).
INTEGRITY = {
    "kaitai-struct-compiler": "sha512-GJYIS7w8y6oh91GcDwUXMbbOhKzTQqMx4CXVw8iY12xJgCEEvYaoobgx"
                              "Mvi8XTzV/8uDSPYk5GP+Z/KfPuiEsA==",
    "js-yaml": "sha512-wpxZs9NoxZaJESJGIZTyDEaYpl0FKSA+FB9aJiyemKhMwkxQg63h4T1KJgUGHpTqPDNRcmmY"
               "LugrRjJlBtWvRA==",
}
VERSION = PINS["kaitai-struct-compiler"]
NODE_MISSING = ("Node.js is needed to compile .ksy specs (the pinned Kaitai Struct compiler "
                "runs on it) and `node` is not on PATH: install Node.js 18 or later "
                "(https://nodejs.org, or your system's nodejs and npm packages)")


def cache_root() -> Path:
    """wirestruct's folder in the user's cache: ``$XDG_CACHE_HOME/wirestruct``, else
    ``~/.cache/wirestruct``."""
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(base) if base and os.path.isabs(base) else Path.home() / ".cache") / "wirestruct"


def cached_compiler() -> Path:
    """The folder ``wirestruct compiler install`` installs into (its ``node_modules``)."""
    return cache_root() / "compiler" / VERSION


def node() -> str:
    """The ``node`` program; a :class:`SpecError` saying what to install when missing."""
    found = shutil.which("node")
    if found is None:
        raise SpecError(NODE_MISSING)
    return found


def node_modules() -> Path:
    """The ``node_modules`` holding the pinned compiler: the source checkout's, else the
    user's cache; a :class:`SpecError` saying how to install it when neither has it."""
    root = source_checkout()
    candidates = [root / "node_modules"] if root is not None else []
    candidates.append(cached_compiler() / "node_modules")
    for modules in candidates:
        if _installed(modules):
            return modules
    how = ("run `npm ci` in " + str(root) if root is not None
           else "run `wirestruct compiler install` (it needs Node.js and npm)")
    raise SpecError(f"the pinned Kaitai Struct compiler {VERSION} is not installed: {how}")


def _installed(modules: Path) -> bool:
    for name, version in PINS.items():
        try:
            found = json.loads((modules / name / "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        if found.get("version") != version:
            return False
    return True


def node_env(modules: Path) -> dict[str, str]:
    """The environment of a Node process that requires the compiler from ``modules``."""
    env = dict(os.environ)
    env["NODE_PATH"] = os.pathsep.join(filter(None, [str(modules), env.get("NODE_PATH")]))
    return env


def install(*, force: bool = False) -> tuple[Path, bool]:
    """Install the pinned compiler into the user's cache with npm; returns the folder
    and whether anything was installed (False: it was there already)."""
    target = cached_compiler()
    if _installed(target / "node_modules") and not force:
        return target, False
    node()
    npm = shutil.which("npm")
    if npm is None:
        raise SpecError("npm is needed to install the compiler and is not on PATH: install "
                        "Node.js with npm (https://nodejs.org)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".install-") as scratch:
        work = Path(scratch)
        (work / "package.json").write_text(json.dumps(
            {"name": "wirestruct-compiler", "private": True, "dependencies": PINS},
            indent=2) + "\n", encoding="utf-8")
        proc = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--ignore-scripts",
                               "--save-exact"], cwd=work, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SpecError(f"npm install of the compiler failed: "
                            f"{(proc.stderr or proc.stdout).strip()[-2000:]}")
        _check_integrity(work)
        if target.exists():
            shutil.rmtree(target)
        os.replace(work, target)
        work.mkdir()                            # the temporary directory removes itself
    return target, True


def _check_integrity(work: Path) -> None:
    """The installed packages are the locked ones (npm's lock of the install agrees)."""
    lock = json.loads((work / "package-lock.json").read_text(encoding="utf-8"))
    packages = lock.get("packages", {})
    for name, integrity in INTEGRITY.items():
        entry = packages.get(f"node_modules/{name}", {})
        if entry.get("version") != PINS[name] or entry.get("integrity") != integrity:
            raise SpecError(f"npm installed {name} {entry.get('version')} "
                            f"({entry.get('integrity')}), not the pinned {PINS[name]}")
