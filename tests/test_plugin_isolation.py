"""A broken third-party plug-in cannot break the rest: real packages, each broken one
way, are installed with pip into a fresh virtual environment beside wirestruct, and the
real command line runs there.

Each broken plug-in is warned about once, by name, on stderr; ``--help``, every built-in
protocol and detection go on working; asking for a broken one by name is a usage error
saying what failed; what a plug-in's decoder or tracker raises becomes error events
naming it, and decoding goes on. ``WIRESTRUCT_PLUGINS=builtin`` reads wirestruct's own
protocols only.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIEP = ROOT / "samples" / "diep.jsonl"
MME = ROOT / "samples" / "mme.jsonl"
RECORDS = sum(1 for line in DIEP.read_text().splitlines() if line.strip())

PYPROJECT = """\
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "{name}"
version = "1.0"
dependencies = []

[tool.setuptools]
packages = ["{module}"]

[project.entry-points."wirestruct.protocols"]
{entries}
"""

#: One package, a broken plug-in of each kind beside a working one (``fine``).
TROUBLE = '''\
from pathlib import Path

from wirestruct.core.decoder import Decoder, MessageDecoder
from wirestruct.core.tracker import Tracker
from wirestruct.plugin.protocol import Option, Presentation, Protocol, Specs

SPECS = Specs(Path(__file__).resolve().parent, "ws_trouble_specs")


class Halves(MessageDecoder):
    """Every other record a packet; the others raise."""

    protocol = "halves"

    def decode_packet(self, data, ctx):
        if ctx.record % 2:
            raise ZeroDivisionError("no packet on odd records")
        yield self.make_packet(ctx, 1, "blob", {"size": len(data)}, data)


class Grumpy(Tracker):
    def __init__(self, **options):
        pass

    def apply(self, event):
        raise KeyError("nobody home")

    def snapshot(self):
        return {}


class FeedBreaks(Decoder):
    def feed(self, record):
        raise RuntimeError("feed broke")


def no_decoder(**options):
    raise RuntimeError("no decoder for you")


def no_names():
    raise LookupError("names are lost")


def protocol(name, **changes):
    parts = dict(name=name, title=name, transport="message", specs=SPECS,
                 make_decoder=Halves, make_tracker=Grumpy)
    parts.update(changes)
    return Protocol(**parts)


FINE = protocol("fine")
NOT_PROTOCOL = {"name": "not-protocol"}
MISNAMED = protocol("somebody-else")
RAISING_FACTORY = protocol("raising-factory", make_decoder=no_decoder)
RAISING_DECODER = protocol("raising-decoder", packet_names=no_names)
RAISING_FEED = protocol("raising-feed", make_decoder=FeedBreaks)
NO_DECODER = protocol("no-decoder", make_decoder=lambda **options: None)
SHADOW = protocol("mme")
TWIN = protocol("twin")
BAD_SUMMARY = protocol("bad-summary", presentation=Presentation(
    summaries={"blob": [{"what": 1}]}))
FLAG_CLASH = protocol("flag-clash", options=(
    Option("fmt", "--format", "takes decode's own --format"),))
'''
TROUBLE_ENTRIES = {
    "fine": "ws_trouble:FINE",
    "broken-import": "ws_trouble.broken_import:PROTOCOL",
    "not-protocol": "ws_trouble:NOT_PROTOCOL",
    "misnamed": "ws_trouble:MISNAMED",
    "raising-factory": "ws_trouble:RAISING_FACTORY",
    "raising-decoder": "ws_trouble:RAISING_DECODER",
    "raising-feed": "ws_trouble:RAISING_FEED",
    "mme": "ws_trouble:SHADOW",
    "twin": "ws_trouble:TWIN",
    "flag-clash": "ws_trouble:FLAG_CLASH",
    "bad-summary": "ws_trouble:BAD_SUMMARY",
    "no-decoder": "ws_trouble:NO_DECODER",
}
#: The plug-ins left out, with what their warning says.
LEFT_OUT = {
    "broken-import": "failed to load: ModuleNotFoundError: No module named 'numpy_of_tomorrow'",
    "not-protocol": "is not a wirestruct.plugin.Protocol (it is dict)",
    "misnamed": "is a Protocol named 'somebody-else', not 'misnamed'",
    "mme": "is named like wirestruct's own protocol mme",
    "twin": "2 protocol plug-ins are named 'twin'",
}


def _package(folder: Path, name: str, module: str, files: dict[str, str],
             entries: dict[str, str]) -> Path:
    root = folder / name
    (root / module).mkdir(parents=True)
    lines = "\n".join(f'{key} = "{value}"' for key, value in entries.items())
    (root / "pyproject.toml").write_text(PYPROJECT.format(name=name, module=module,
                                                          entries=lines))
    for path, text in files.items():
        (root / module / path).write_text(text)
    return root


@pytest.fixture(scope="module")
def python(tmp_path_factory) -> Path:
    """A fresh virtual environment seeing the checkout's wirestruct (system site packages),
    with the broken plug-ins installed in it by pip."""
    folder = tmp_path_factory.mktemp("plugins")
    packages = [
        _package(folder, "ws-trouble", "ws_trouble", {
            "__init__.py": TROUBLE,
            "broken_import.py": "import numpy_of_tomorrow  # noqa\n"}, TROUBLE_ENTRIES),
        _package(folder, "ws-twin", "ws_twin", {
            "__init__.py": "from ws_trouble import protocol\nPROTOCOL = protocol('twin')\n"},
            {"twin": "ws_twin:PROTOCOL"}),
    ]
    env_dir = folder / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    bin_python = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(bin_python), "install",
                    "--quiet", "--no-deps", "--no-build-isolation", *map(str, packages)],
                   check=True, capture_output=True, timeout=600, cwd=folder)
    return bin_python


def run(python: Path, *args: object, plugins: str = "all") -> subprocess.CompletedProcess:
    env = {**os.environ, "WIRESTRUCT_PLUGINS": plugins}
    return subprocess.run([str(python), "-m", "wirestruct.tools.cli", *map(str, args)],
                          env=env, capture_output=True, text=True, timeout=300, cwd=ROOT)


def warnings_of(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("wirestruct: warning:")]


def test_help_works_and_names_each_broken_plugin_once(python):
    proc = run(python, "--help")
    assert proc.returncode == 0, proc.stderr
    assert "decode" in proc.stdout
    found = warnings_of(proc.stderr)
    for name, why in {**LEFT_OUT, "flag-clash": "its option --format takes"}.items():
        mine = [line for line in found
                if f"plug-in {name} (" in line or f"plug-in {name}:" in line
                or f"named {name!r}" in line]
        assert len(mine) == 1, (name, found)
        assert why in mine[0]
    assert len(found) == len(LEFT_OUT) + 1, found
    assert "Traceback" not in proc.stderr


def test_decode_help_lists_the_working_plugins_only(python):
    proc = run(python, "decode", "--help")
    assert proc.returncode == 0, proc.stderr
    text = " ".join(proc.stdout.split())
    assert "fine" in text and "raising-decoder" in text
    assert "broken-import" not in text and "not-protocol" not in text
    # the option taking decode's own --format is left out, said once
    clash = [w for w in warnings_of(proc.stderr) if "flag-clash" in w]
    assert clash == ["wirestruct: warning: protocol plug-in flag-clash: its option --format "
                     "takes the flag --format of wirestruct decode; the option is left out"]


def test_detection_on_builtin_captures_goes_on(python):
    for capture, name in ((DIEP, "diep"), (MME, "mme")):
        proc = run(python, "decode", capture, "-c", "3")
        assert proc.returncode == 0, proc.stderr
        assert f"protocol {name} (detected" in proc.stderr
        assert "Traceback" not in proc.stderr
        events = [json.loads(line) for line in proc.stdout.splitlines()]
        assert len(events) >= 3 and "error" not in events[0]
        factory = [w for w in warnings_of(proc.stderr) if "raising-factory" in w]
        assert factory == ["wirestruct: warning: protocol plug-in raising-factory "
                           "(ws_trouble:RAISING_FACTORY, from ws-trouble): make_decoder raised "
                           "RuntimeError: no decoder for you; protocol raising-factory left "
                           "out of detection"]


def test_builtin_protocols_by_name_are_untouched(python):
    proc = run(python, "decode", MME, "-p", "mme", "-T", "fields", "-e", "name", "-c", "2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["available_packet_types", "available_packet_types"]
    state = run(python, "state", DIEP, "-p", "diep", "--compact")
    assert state.returncode == 0, state.stderr


@pytest.mark.parametrize(("name", "says"), [
    ("broken-import", "protocol plug-in broken-import (ws_trouble.broken_import:PROTOCOL, "
                      "from ws-trouble) failed to load: ModuleNotFoundError"),
    ("not-protocol", "protocol plug-in not-protocol (ws_trouble:NOT_PROTOCOL, from "
                     "ws-trouble) is not a wirestruct.plugin.Protocol"),
    ("twin", "2 protocol plug-ins are named 'twin': twin (ws_trouble:TWIN, from ws-trouble) "
             "and twin (ws_twin:PROTOCOL, from ws-twin)"),
    ("raising-factory", "protocol plug-in raising-factory (ws_trouble:RAISING_FACTORY, from "
                        "ws-trouble): make_decoder raised RuntimeError: no decoder for you"),
    ("no-decoder", "protocol plug-in no-decoder (ws_trouble:NO_DECODER, from ws-trouble): "
                   "make_decoder gave NoneType, not a wirestruct.core.decoder.Decoder"),
])
def test_asking_for_a_broken_plugin_says_what_failed(python, name, says):
    proc = run(python, "decode", DIEP, "-p", name)
    assert proc.returncode == 2
    assert f"wirestruct: {says}" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_plugins_decoding_failures_are_error_events_naming_it(python):
    proc = run(python, "decode", DIEP, "-p", "raising-decoder", "--format", "jsonl")
    assert "Traceback" not in proc.stderr
    events = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(events) == RECORDS                       # decoding went on to the end
    errors = [e for e in events if "error" in e]
    assert [e["record"] for e in errors] == list(range(1, RECORDS, 2))
    assert errors[0]["message"].startswith(
        "protocol plug-in raising-decoder (ws_trouble:RAISING_DECODER, from ws-trouble): "
        "its decoder raised ZeroDivisionError: no packet on odd records")
    assert {e["name"] for e in events if "error" not in e} == {"blob"}

    feed = run(python, "decode", DIEP, "-p", "raising-feed", "--format", "jsonl")
    assert feed.returncode == 1 and "Traceback" not in feed.stderr     # nothing decoded
    events = [json.loads(line) for line in feed.stdout.splitlines()]
    assert len(events) == RECORDS
    assert all("its decoder raised RuntimeError: feed broke" in e["message"] for e in events)


def test_a_plugins_tracker_failures_are_state_errors_naming_it(python):
    proc = run(python, "state", DIEP, "-p", "raising-decoder", "--errors", "--compact")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert ("protocol plug-in raising-decoder (ws_trouble:RAISING_DECODER, from ws-trouble): "
            "its tracker raised KeyError: 'nobody home'") in proc.stderr


def test_a_plugins_failing_hook_is_named_where_it_is_asked(python):
    proc = run(python, "fields", "-p", "raising-decoder")
    assert proc.returncode == 2
    assert ("wirestruct: protocol plug-in raising-decoder (ws_trouble:RAISING_DECODER, from "
            "ws-trouble): packet_names raised LookupError: names are lost") in proc.stderr
    fine = run(python, "decode", DIEP, "-p", "fine", "-c", "1", "--format", "jsonl")
    assert fine.returncode == 0, fine.stderr
    assert json.loads(fine.stdout.splitlines()[0])["name"] == "blob"


def test_a_plugins_summaries_that_do_not_check_give_the_generic_summary(python):
    proc = run(python, "decode", DIEP, "-p", "bad-summary", "--format", "summary", "-c", "1")
    assert proc.returncode == 0, proc.stderr
    assert "blob" in proc.stdout and "size=" in proc.stdout
    assert ("wirestruct: warning: protocol plug-in bad-summary: its summaries do not check "
            "(blob: part {'what': 1}); the generic summary is used") in proc.stderr


def test_builtin_setting_reads_wirestructs_own_protocols_only(python):
    proc = run(python, "decode", "--help", plugins="builtin")
    assert proc.returncode == 0 and warnings_of(proc.stderr) == []
    text = " ".join(proc.stdout.split())
    assert "the game protocol: diep, mme, scrap-mechanic;" in text
    unknown = run(python, "decode", DIEP, "-p", "fine", plugins="builtin")
    assert unknown.returncode == 2 and "unknown protocol 'fine'" in unknown.stderr
