"""Specs given on the command line (``--ksy``) compiled into a protocol of this run.

The specs (``.ksy`` files, or folders of them: the root spec and the ones it imports) are
compiled with the pinned compiler (:mod:`wirestruct.tools.compiler`) into read-only and
read-write Python, as ``wirestruct regen`` compiles wirestruct's own, and kept in the
user's cache (``$XDG_CACHE_HOME/wirestruct/specs/<hash>/``) under the hash of their
contents, the compiler's version and the code that compiles them: the same specs are
compiled once. The protocol (:func:`wirestruct.adhoc.adhoc_protocol`) is named after the
root spec's ``meta.id`` (the one spec no other imports).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import yaml
from wirestruct import __version__
from wirestruct.adhoc import TRANSPORTS, adhoc_protocol
from wirestruct.core.errors import SpecError, UsageError
from wirestruct.plugin import registry, spec_packets
from wirestruct.plugin.protocol import Protocol, Specs
from wirestruct.tools import compiler, regen

#: What a compiled entry holds when it is whole (written last).
DONE = "complete"


def spec_paths(given: list[str]) -> list[Path]:
    """The ``.ksy`` files ``--ksy`` names (a folder: every ``.ksy`` in it)."""
    found: dict[str, Path] = {}
    for text in given:
        path = Path(text)
        if path.is_dir():
            files = sorted(path.glob("*.ksy"))
            if not files:
                raise UsageError(f"--ksy {text}: the folder holds no .ksy file")
        elif path.is_file():
            files = [path]
        else:
            raise UsageError(f"--ksy {text}: no such file or folder")
        for file in files:
            if file.name in found and found[file.name].resolve() != file.resolve():
                raise UsageError(f"--ksy: two specs named {file.name}: {found[file.name]} "
                                 f"and {file}", expected="one spec of each name (imports "
                                 "are by name)")
            found[file.name] = file
    return list(found.values())


def _spec_id(path: Path, text: str) -> str:
    """The spec's ``meta.id``, which must be its file name; a YAML error names the line."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise SpecError(f"{path}:{where}: not valid YAML: {problem}",
                        expected="a Kaitai Struct spec (YAML)") from None
    meta = data.get("meta") if isinstance(data, dict) else None
    spec_id = meta.get("id") if isinstance(meta, dict) else None
    if not isinstance(spec_id, str):
        raise SpecError(f"{path}: no meta.id", expected="a Kaitai Struct spec with meta: id:")
    if spec_id != path.stem:
        raise SpecError(f"{path}: meta.id is {spec_id!r}, not the file's name {path.stem!r}",
                        expected="meta.id the same as the file name (imports are by name)")
    return spec_id


def _key(texts: dict[str, str]) -> str:
    digest = hashlib.sha256()
    for part in (compiler.VERSION, __version__, Path(regen.__file__).read_text("utf-8"),
                 regen.KSC.read_text("utf-8") if regen.KSC.is_file() else ""):
        digest.update(part.encode() + b"\0")
    for name, text in sorted(texts.items()):
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()[:24]


def compiled(paths: list[Path]) -> tuple[Specs, str]:
    """The specs compiled (from the cache when they were before) and the root spec."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in paths}
    ids = {_spec_id(p, texts[p.name]): p for p in paths}
    key = _key(texts)
    base = compiler.cache_root() / "specs"
    entry = base / key
    package = f"wirestruct_spec_{key}"
    if not (entry / DONE).is_file():
        _compile(texts, ids, base, entry, package)
    folder = entry / "ksy" / "specs"
    roots = spec_packets.root_specs(folder)
    if len(roots) != 1:
        raise UsageError(f"--ksy: {len(roots)} specs are imported by no other "
                         f"({', '.join(roots)}): one is the packet",
                         expected="one root spec, with the specs it imports")
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))
    return Specs(folder, f"{package}.generated.specs", f"{package}.generated_rw.specs"), \
        roots[0]


def _compile(texts: dict[str, str], ids: dict[str, Path], base: Path, entry: Path,
             package: str) -> None:
    base.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=base, prefix=".compiling-") as scratch:
        work = Path(scratch)
        ksy = work / "ksy"
        (ksy / "specs").mkdir(parents=True)
        for name, text in texts.items():
            (ksy / "specs" / name).write_text(text, encoding="utf-8")
        outputs, errors = regen.expected_outputs(ksy, work / package / "generated")
        if errors:
            shown = _distinct([_users_paths(e, ksy / "specs", ids) for e in errors])
            raise SpecError("the specs do not compile: " + "; ".join(shown[:10])
                            + (f"; and {len(shown) - 10} more" if len(shown) > 10 else ""),
                            expected="specs the Kaitai Struct compiler "
                                     f"{compiler.VERSION} accepts")
        for path, text in outputs.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        (work / package / "__init__.py").write_text(
            '"""Specs given to wirestruct --ksy, compiled: do not edit."""\n', encoding="utf-8")
        (work / DONE).write_text(compiler.VERSION + "\n", encoding="utf-8")
        try:
            os.replace(work, entry)
        except OSError:
            if not (entry / DONE).is_file():        # not another run's copy: stale
                shutil.rmtree(entry, ignore_errors=True)
                os.replace(work, entry)
        if not work.exists():
            work.mkdir()                            # the temporary directory removes itself


#: ``SPEC.ksy: LANGUAGE: `` before a compiler message (each target language repeats it)
_LANGUAGE = re.compile(r"^(?P<file>[^:]+\.ksy): (?:python-rw|python|javascript|expressions|"
                       r"lua|go): ")


def _distinct(errors: list[str]) -> list[str]:
    """The compiler's messages once each (not once per target language), on one line."""
    out: list[str] = []
    for error in errors:
        text = " ".join(_LANGUAGE.sub(r"\g<file>: ", error).split())
        if text not in out:
            out.append(text)
    return out


def _users_paths(message: str, folder: Path, ids: dict[str, Path]) -> str:
    """A compiler message with the cache's copies named as the user named the specs."""
    for spec_id, path in ids.items():
        message = message.replace(str(folder / f"{spec_id}.ksy"), str(path))
        message = message.replace(f"specs/{spec_id}.ksy", str(path))
    return message


def protocol(given: list[str], transport: str, server: str | None) -> Protocol:
    """The protocol of the specs ``given`` (``--ksy``), carried as ``transport`` says, its
    server on the port of ``server`` (``[HOST:]PORT``) when given; known by its name to
    the rest of this run."""
    if transport not in TRANSPORTS:
        raise UsageError(f"--transport {transport}: not a transport",
                         expected=", ".join(TRANSPORTS))
    paths = spec_paths(given)
    specs, root = compiled(paths)
    ports = (int(server.rpartition(":")[2]),) if server else ()
    found = adhoc_protocol(root.replace("_", "-"), specs, root, transport, ports)
    registry.add_adhoc(found, f"{__name__}:protocol", {
        "given": [str(p.resolve()) for p in paths], "transport": transport, "server": server})
    return found
