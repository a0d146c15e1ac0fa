"""``wirestruct new``: a protocol given by its specs turned into a plug-in package.

    NAME/pyproject.toml                  the entry point (``wirestruct.protocols``)
    NAME/README.md                       how to install, test and regenerate it
    NAME/wirestruct_NAME/__init__.py     PROTOCOL: the generic pieces of
                                         :mod:`wirestruct.adhoc` (decoder, tally,
                                         encoder, export, tables, Wireshark dissector)
    NAME/wirestruct_NAME/ksy/NAME/       the specs
    NAME/wirestruct_NAME/generated/      compiled by the pinned compiler (Python, Lua)
    NAME/wirestruct_NAME/generated_rw/   the read-write classes
    NAME/wirestruct_NAME/samples/        the sample capture
    NAME/tests/test_NAME.py              its own tests: decode, encode round trip,
    NAME/tests/expected.json             export, tshark with the dissector

The sample is decoded when the package is written: what it decodes to (packet names, the
bytes of every packet) is what the package's tests expect. A name an installed protocol
has, or a protocol or field name a built-in dissector of tshark has, is refused, the clash
named. Nothing is written outside the package's folder, and nothing is written at all
when a check fails (the package is made beside its place and renamed into it).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from wirestruct import __version__
from wirestruct.adhoc import TRANSPORTS, load_spec
from wirestruct.core.errors import UsageError
from wirestruct.plugin.protocol import Protocol
from wirestruct.tools import regen

#: A package's protocol name: what ``--protocol`` takes and the entry point's name.
NAME = re.compile(r"[a-z][a-z0-9_-]{0,38}")


@dataclass
class Written:
    folder: Path
    module: str
    files: list[str]
    packets: int
    names: list[str]


def module_name(name: str) -> str:
    return "wirestruct_" + name.replace("-", "_")


def check_name(name: str) -> None:
    if not NAME.fullmatch(name):
        raise UsageError(f"wirestruct new {name}: not a protocol name",
                         expected="lower-case letters, digits, - and _, starting with a "
                                  "letter (at most 39)")
    from wirestruct.plugin.registry import protocols

    for protocol in protocols():
        if protocol.name.replace("_", "-") == name.replace("_", "-"):
            raise UsageError(f"wirestruct new {name}: the installed protocol {protocol.name} "
                             "has that name", expected="another name")


def refuse_wireshark_clashes(protocol: Protocol, tshark: str) -> None:
    """A UsageError naming every protocol or field name of the dissector that a built-in
    dissector of ``tshark`` has (nothing when there is no tshark to ask)."""
    from wirestruct.wireshark.plugin import (
        builtin_names,
        clash_text,
        field_clashes,
        protocol_clashes,
    )

    builtins = builtin_names(tshark)
    if builtins is None:
        return
    clashes = protocol_clashes([protocol], builtins) + field_clashes([protocol], builtins)
    if clashes:
        raise UsageError("; ".join(clash_text(c) for c in clashes[:10]) + (
            f"; and {len(clashes) - 10} more" if len(clashes) > 10 else ""),
            expected="another meta.id for the root spec (the dissector's name), or other "
                     "field ids")


def decoded_sample(protocol: Protocol, sample: Path, server: str | None
                   ) -> tuple[list[str], list[bytes]]:
    """The names and bytes of the packets ``sample`` decodes to; a sample with an error or
    without a packet is refused (the package's tests would expect it)."""
    from wirestruct import decode_records, open_capture
    from wirestruct.core.events import ErrorEvent, PacketEvent

    names: list[str] = []
    raws: list[bytes] = []
    with open_capture(sample, server=server) as capture:
        for event in decode_records(capture.records(protocol), protocol.decoder(),
                                    file=str(sample)):
            if isinstance(event, ErrorEvent):
                raise UsageError(f"--sample {sample}: {event.error}",
                                 expected="a sample capture that decodes without errors "
                                          "(the package's tests expect what it decodes to)")
            if isinstance(event, PacketEvent):
                names.append(event.name)
                raws.append(bytes(event.raw))
    if not names:
        raise UsageError(f"--sample {sample}: no packet of the specs in it",
                         expected="a capture of the protocol (with --server for a packet "
                                  "capture)")
    return names, raws


def digest(raws: list[bytes]) -> str:
    """The SHA-256 of the packets' hex, one a line: what the round trip must give back."""
    return hashlib.sha256("".join(raw.hex() + "\n" for raw in raws).encode()).hexdigest()


def write_package(name: str, given: list[str], transport: str, sample: Path,
                  server: str | None = None, out: Path | None = None,
                  tshark: str = "tshark") -> Written:
    """Write the plug-in package ``name`` of the specs ``given`` (``--ksy``) carried as
    ``transport`` says, with ``sample`` as its sample capture, into ``out`` (default:
    ``./name``, which must not exist)."""
    from wirestruct.tools import adhoc

    check_name(name)
    if transport not in TRANSPORTS:
        raise UsageError(f"--transport {transport}: not a transport",
                         expected=", ".join(TRANSPORTS))
    if transport in ("tcp", "udp", "ws") and not server:
        raise UsageError(f"--transport {transport} needs --server PORT: the port the "
                         "package's decoder and Wireshark dissector know its server by")
    if not sample.is_file():
        raise UsageError(f"--sample {sample}: no such file",
                         expected="a capture of the protocol")
    folder = (out if out is not None else Path(name)).absolute()
    if folder.exists() or folder.is_symlink():
        raise UsageError(f"{folder} already exists: nothing written",
                         expected="a folder that does not exist yet (--out DIR)")
    if not folder.parent.is_dir():
        raise UsageError(f"{folder.parent}: no such folder")
    protocol = adhoc.protocol(given, transport, server)
    assert protocol.wireshark is not None
    refuse_wireshark_clashes(protocol, tshark)
    names, raws = decoded_sample(protocol, sample, server)
    root = protocol.wireshark.root_spec
    module = module_name(name)
    specs_folder = name.replace("-", "_")
    ports = tuple(protocol.default_ports)
    meta = load_spec(protocol.specs.folder, root).get("meta") or {}
    title = str(meta.get("title") or f"{name} (a wirestruct plug-in)")

    work = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    try:
        files: dict[Path, str | bytes] = {}
        pkg = work / module
        for spec in sorted(protocol.specs.folder.glob("*.ksy")):
            files[pkg / "ksy" / specs_folder / spec.name] = spec.read_bytes()
        files[pkg / "samples" / sample.name] = sample.read_bytes()
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        outputs, errors = regen.expected_outputs(pkg / "ksy", pkg / "generated")
        if errors:
            raise UsageError("the specs do not compile: " + "; ".join(errors[:5]))
        texts: dict[Path, str] = dict(outputs)
        texts[pkg / "__init__.py"] = _init(name, module, specs_folder, root, transport,
                                           ports, title, sample.name)
        texts[work / "pyproject.toml"] = _pyproject(name, module, specs_folder, title)
        texts[work / "README.md"] = _readme(name, module, specs_folder, transport, server,
                                            sample.name)
        texts[work / "tests" / f"test_{specs_folder}.py"] = _tests(name, module, transport,
                                                                  server)
        texts[work / "tests" / "expected.json"] = json.dumps(
            {"sample": sample.name, "server": server, "packets": len(names),
             "names": sorted(set(names)), "first": names[:20], "digest": digest(raws)},
            indent=2) + "\n"
        for path, text in texts.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        written = sorted(str(p.relative_to(work)) for p in work.rglob("*") if p.is_file())
        os.rename(work, folder)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return Written(folder, module, written, len(names), sorted(set(names)))


# -- the package's files --------------------------------------------------------------------------
def _init(name: str, module: str, folder: str, root: str, transport: str,
          ports: tuple[int, ...], title: str, sample: str) -> str:
    return f'''"""{title}: a wirestruct protocol plug-in, written by `wirestruct new {name}`.

The protocol is its specs (``ksy/{folder}/``, the root spec ``{root}``): packets read by
wirestruct's generic decoder for a spec ({transport}), tracked by the generic tally,
encoded, exported and tabulated from the specs, and dissected in Wireshark. After an edit
of a spec, ``wirestruct regen --ksy {module}/ksy --generated {module}/generated``
compiles it again.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

from wirestruct.adhoc import adhoc_protocol
from wirestruct.plugin.protocol import Specs

HERE = Path(__file__).resolve().parent
SPECS = Specs(HERE / "ksy" / "{folder}", "{module}.generated.{folder}",
              "{module}.generated_rw.{folder}")
#: the sample capture the package's tests decode
SAMPLE = HERE / "samples" / "{sample}"

PROTOCOL = dataclasses.replace(
    adhoc_protocol("{name}", SPECS, "{root}", "{transport}", {ports!r}, title={title!r}),
    samples=(SAMPLE,))
'''


def _pyproject(name: str, module: str, folder: str, title: str) -> str:
    return f'''[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "{module.replace("_", "-")}"
version = "0.1.0"
description = {json.dumps(title + " (a wirestruct protocol plug-in)")}
requires-python = ">=3.10"
dependencies = ["wirestruct>={__version__}"]

[project.optional-dependencies]
test = ["pytest>=7"]

# the line that makes wirestruct find the protocol
[project.entry-points."wirestruct.protocols"]
{name} = "{module}:PROTOCOL"

[tool.setuptools]
packages = ["{module}", "{module}.generated", "{module}.generated.{folder}",
            "{module}.generated_rw", "{module}.generated_rw.{folder}"]

[tool.setuptools.package-data]
"{module}" = ["ksy/{folder}/*.ksy", "samples/*", "generated/{folder}/*.lua"]
'''


def _readme(name: str, module: str, folder: str, transport: str, server: str | None,
            sample: str) -> str:
    at = f" --server {server}" if server else ""
    return f"""# {name}: a wirestruct protocol plug-in

Written by `wirestruct new {name}` from its specs (`{module}/ksy/{folder}/`), carried
over {transport}{f" (server port {server})" if server else ""}.

    pip install .                       # wirestruct finds the protocol: -p {name}
    wirestruct decode {module}/samples/{sample} -p {name}{at}
    wirestruct wireshark install        # its dissector, with every other protocol's
    pip install .[test] && pytest tests # decode, encode round trip, export, tshark

After editing a spec:

    wirestruct regen --ksy {module}/ksy --generated {module}/generated
    pip install .
"""


def _tests(name: str, module: str, transport: str, server: str | None) -> str:
    return f'''"""The {name} plug-in's own tests, written by `wirestruct new`: the sample capture
decodes as it did when the package was written, encodes back byte for byte, opens in the
Kaitai Web IDE export, and dissects in tshark with the plug-in's Wireshark dissector. Run
them with the package installed: ``pytest tests``."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import {module}

EXPECTED = json.loads((Path(__file__).resolve().parent / "expected.json").read_text("utf-8"))
SAMPLE = {module}.SAMPLE
SERVER = {["--server", server] if server else []!r}
ENV = {{**os.environ, "WIRESTRUCT_PLUGINS": "all"}}


def wirestruct(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)],
                          capture_output=True, text=True, env=ENV, input=stdin, timeout=600)


def decoded():
    proc = wirestruct("decode", SAMPLE, "-p", "{name}", *SERVER, "--strict")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, [json.loads(line) for line in proc.stdout.splitlines()]


def test_decode():
    _, events = decoded()
    assert len(events) == EXPECTED["packets"]
    assert sorted({{e["name"] for e in events}}) == EXPECTED["names"]
    assert [e["name"] for e in events[:20]] == EXPECTED["first"]


def test_encode_round_trip(tmp_path):
    text, _ = decoded()
    out = tmp_path / "back.jsonl"
    proc = wirestruct("encode", "-", "-p", "{name}", "--out", out, stdin=text)
    assert proc.returncode == 0, proc.stderr
    packets = [bytes.fromhex(json.loads(line)["data"])
               for line in out.read_text("utf-8").splitlines()]
    found = hashlib.sha256("".join(p.hex() + "\\n" for p in packets).encode()).hexdigest()
    assert found == EXPECTED["digest"], "the packets encoded are not the sample's"


def test_export(tmp_path):
    out = tmp_path / "webide"
    proc = wirestruct("export", SAMPLE, "-p", "{name}", *SERVER, "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert list((out / "ksy").glob("*.ksy"))
    assert len(list((out / "packets").iterdir())) == EXPECTED["packets"]


def test_tshark_with_the_dissector(tmp_path):
    if shutil.which("tshark") is None:
        pytest.skip("tshark is not installed (Debian: apt-get install tshark)")
    capture = SAMPLE
    if "{transport}" == "messages":           # as Wireshark reads messages: exported PDUs
        capture = tmp_path / "sample.pcapng"
        proc = wirestruct("convert", SAMPLE, "-p", "{name}", "--to", "pcapng", "--out", capture)
        assert proc.returncode == 0, proc.stderr
    proc = wirestruct("wireshark", "check", "-p", "{name}", "--capture", capture, "--json")
    result = json.loads(proc.stdout)
    assert proc.returncode == 0, json.dumps(result, indent=2)
    assert result["protocols"][0]["packets"] == EXPECTED["packets"]
    assert result["protocols"][0]["errors"] == 0
'''
