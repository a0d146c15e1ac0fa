"""The code a fuzz target reaches, as files and their hashes: what its executions count for.

    python tests/fuzz/reach.py TARGET      # the target's files, as JSON

Found by running the target, not by a list kept by hand. A Python target runs once on
each of its seeds in a fresh interpreter (``tests/fuzz/seeds/<target>/``, through
``harness.TARGETS``), which then lists the source files of the modules it imported and
every file it opened (an audit hook: data a module reads at run time, e.g. a build's field
table). A Lua target builds its plugin, then runs the fuzz driver over the seeds of the
Python target of the same protocol under ``lua/loaded.lua``, which lists every file the
Lua process opens or loads: each plugin file loaded is its source file when it is a copy of
one (runtime, protocol piece, generated parser), else the plugin file itself
(``plugin/...``: the configuration and field tables wirestruct writes for it).

Only the code under test counts: files under :data:`CODE_FOLDERS` (the runtime, the
generated parsers and writers, the command-line tools, the specs), and, for each generated
module, the spec it is compiled from (``generated/<package>/<name>.py`` or ``.lua`` ->
``ksy/<package>/<name>.ksy``). The fuzz harness and the test helpers do not: a change to
them changes what is checked, not the code checked.

A file's hash is the first 16 hex digits of its SHA-256; the code's hash, those of the
SHA-256 of the sorted ``path NUL file-hash`` lines.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
#: The folders of the code under test, relative to the repository.
CODE_FOLDERS = ("runtime", "generated", "generated_rw", "tools", "ksy")
#: Where the plugin files that are no copy of a source file are named from.
PLUGIN = "plugin"
LOADED = HERE / "lua" / "loaded.lua"


def file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def code_hash(files: dict[str, str]) -> str:
    lines = "".join(f"{path}\0{digest}\n" for path, digest in sorted(files.items()))
    return hashlib.sha256(lines.encode()).hexdigest()[:16]


def under_test(path: str | os.PathLike[str]) -> str | None:
    """``path`` relative to the repository when it is code under test, else None."""
    try:
        rel = Path(os.path.realpath(path)).relative_to(ROOT)
    except ValueError:
        return None
    if rel.parts[0] not in CODE_FOLDERS or "__pycache__" in rel.parts:
        return None
    if rel.suffix not in (".py", ".lua", ".ksy", ".json", ".yaml", ".yml", ".txt", ".j2"):
        return None
    return rel.as_posix() if (ROOT / rel).is_file() else None


def with_specs(paths: set[str]) -> set[str]:
    """``paths`` and the spec of each generated module among them."""
    out = set(paths)
    for path in paths:
        parts = Path(path).parts
        if parts[0] in ("generated", "generated_rw") and len(parts) == 3:
            spec = Path("ksy", parts[1], Path(parts[2]).stem + ".ksy")
            if (ROOT / spec).is_file():
                out.add(spec.as_posix())
    return out


def hashed(paths: set[str]) -> dict[str, str]:
    """Each repository file of ``paths`` with its hash."""
    return {path: file_hash((ROOT / path).read_bytes()) for path in sorted(paths)}


def current(files: dict[str, str]) -> dict[str, str | None]:
    """The hashes the recorded ``files`` have now (None: the file is gone). A plugin file
    (``plugin/...``) has no file of its own to read: its recorded hash is kept (the
    files it is made from are in the list beside it)."""
    out: dict[str, str | None] = {}
    for path, digest in files.items():
        if path.startswith(PLUGIN + "/"):
            out[path] = digest
        else:
            full = ROOT / path
            out[path] = file_hash(full.read_bytes()) if full.is_file() else None
    return out


def changed(files: dict[str, str]) -> list[str]:
    """The recorded files whose content changed since (or that are gone), each as
    ``path`` or ``path (gone)``."""
    now = current(files)
    return [path if now[path] is not None else f"{path} (gone)"
            for path in sorted(files) if now[path] != files[path]]


# -- finding the files: run in a fresh interpreter ------------------------------------------
def reach(target: str, timeout: float = 600) -> dict[str, str]:
    """The files ``target`` reaches with their hashes, found in a child process."""
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), target],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                          check=False, env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode != 0:
        raise RuntimeError(f"finding what {target} reaches failed (exit {done.returncode}):\n"
                           + done.stderr[-3000:])
    return json.loads(done.stdout)


def _python_files(target: str) -> set[str]:
    """The source files of the modules loaded once the target took its seeds, and every
    file it opened."""
    opened: set[str] = set()

    def audit(event: str, args: tuple) -> None:
        if event == "open" and args and isinstance(args[0], (str, bytes)):
            opened.add(os.fsdecode(args[0]))

    sys.addaudithook(audit)
    sys.path.insert(0, str(HERE))
    import harness
    run = harness.TARGETS[target]
    for seed in sorted((HERE / "seeds" / target).iterdir()):
        run(seed.read_bytes())
    files = {getattr(module, "__file__", None) for module in list(sys.modules.values())}
    paths = {under_test(path) for path in opened | {f for f in files if f}}
    return {path for path in paths if path is not None}


def _lua_files(target: str) -> tuple[set[str], dict[str, str]]:
    """The source files of the plugin files the driver loads, and those plugin files that
    are no copy of one, with their hashes."""
    sys.path.insert(0, str(HERE / "lua"))
    import lua_fuzz
    opened: set[str] = set()

    def audit(event: str, args: tuple) -> None:
        if event == "open" and args and isinstance(args[0], (str, bytes)):
            opened.add(os.fsdecode(args[0]))

    from wirestruct.wireshark.ternaries import plain_ternaries

    python_target = lua_fuzz.TARGETS[target][0]
    seeds = [item for item in lua_fuzz.corpus_inputs(target)
             if item[0].startswith(f"seeds/{python_target}/")]
    with tempfile.TemporaryDirectory(prefix="wirestruct-fuzz-reach-") as tmp:
        plugin = Path(tmp) / "plugin"
        lua_fuzz.protocol_of(target)                  # imports done before the hook
        sys.addaudithook(audit)
        entry = lua_fuzz.build(plugin, target)
        sources: dict[bytes, str] = {}
        for path in opened:
            rel = under_test(path)
            if rel is not None:
                sources.setdefault((ROOT / rel).read_bytes(), rel)
                if rel.startswith("generated/") and rel.endswith(".lua"):
                    # the plugin's copy of a generated parser, as the plugin writes it
                    sources.setdefault(plain_ternaries((ROOT / rel).read_text(
                        encoding="utf-8")).encode("utf-8"), rel)
        listing = Path(tmp) / "loaded"
        result = lua_fuzz.run(target, seeds, mode="replay", plugin=entry,
                              wrap=[str(LOADED), str(listing)])
        if result.exit_code != 0:
            raise RuntimeError(f"the Lua driver failed: {result.stderr[-2000:]}")
        out: set[str] = set()
        plugin_files: dict[str, str] = {}
        for line in listing.read_text().splitlines():
            path = Path(line if os.path.isabs(line) else ROOT / line)
            try:
                rel = path.resolve().relative_to(plugin.resolve())
            except ValueError:
                continue
            if not path.is_file():
                continue
            data = path.read_bytes()
            if data in sources:
                out.add(sources[data])
            else:
                plugin_files[f"{PLUGIN}/{rel.as_posix()}"] = file_hash(data)
    return out, plugin_files


def files_of(target: str) -> dict[str, str]:
    """In this process (``reach`` runs it in a fresh one): the files ``target`` reaches."""
    if target.startswith("lua_"):
        paths, plugin_files = _lua_files(target)
        return {**hashed(with_specs(paths)), **plugin_files}
    return hashed(with_specs(_python_files(target)))


if __name__ == "__main__":
    print(json.dumps(files_of(sys.argv[1]), indent=1, sort_keys=True))
