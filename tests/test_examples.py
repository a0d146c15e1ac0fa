"""Every example a user is shown runs as shown: each `--help` example of every command and
every command line of the README's shell blocks, in a folder holding what they name (the
samples, the test data, files an earlier example writes), through a real shell."""
import argparse
import gzip
import lzma
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from needs import needs, needs_compiler
from wirestruct.tools.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

#: Examples that need what a test machine does not have, and why: they are not run (no
#: parameter is made for them), and the tests named say where what they show is tested.
NEEDS = {
    "tcpdump -U": "a live capture of a network interface (tests/test_pipes.py pipes tcpdump)",
    "--scheduler tcp://scheduler.example": "a Dask scheduler on another machine "
                                           "(tests/batch start a real local cluster)",
    "--upstream game.example": "a game server and its clients, and it runs until stopped "
                               "(tests/test_proxy_live.py runs the proxy between real ones)",
}
#: Examples that read a capture as it grows: they run until interrupted.
FOLLOWS = "--follow"


def help_examples() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = []
    for command in [parser, *sub.choices.values()]:
        for line in (command.epilog or "").splitlines():
            line = line.strip()
            if line.startswith("wirestruct ") or "| wirestruct " in line:
                found.append(line)
    return found


def readme_blocks() -> list[list[str]]:
    """The command lines of each of the README's shell blocks but the first (set-up)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```$", text, re.DOTALL | re.MULTILINE)
    out = []
    for block in blocks[1:]:
        lines = [line.split("  #")[0].strip() for line in block.splitlines()]
        out.append([line for line in lines if line])
    return out


SHOWN = list(dict.fromkeys(help_examples()))
LEFT_OUT = {command: why for command in SHOWN for key, why in NEEDS.items() if key in command}
EXAMPLES = [command for command in SHOWN if command not in LEFT_OUT]
READMES = readme_blocks()


def test_only_the_examples_named_are_left_out():
    assert sorted(LEFT_OUT.values()) == sorted(NEEDS.values())     # one example each
    assert not [c for block in READMES for c in block if any(key in c for key in NEEDS)]


@pytest.fixture(scope="module")
def prepared(tmp_path_factory) -> Path:
    """A folder with the checkout's samples and test data, and the inputs the examples name
    that no example writes (each example runs in a copy of it)."""
    root = tmp_path_factory.mktemp("examples") / "base"
    root.mkdir()
    shutil.copytree(ROOT / "samples", root / "samples")
    (root / "tests").mkdir()
    (root / "tests" / "data").symlink_to(ROOT / "tests" / "data")
    env = _env(root)
    run = [str(BIN / "wirestruct")]
    events = subprocess.run([*run, "decode", "samples/mme.jsonl", "-p", "mme"], cwd=root,
                            env=env, capture_output=True, check=True).stdout
    (root / "events.jsonl").write_bytes(events)
    (root / "captures").mkdir()
    shutil.copy(ROOT / "samples" / "diep.jsonl", root / "captures" / "diep.jsonl")
    for args in (["convert", "samples/diep.jsonl", "-p", "diep", "--to", "pcap", "--out",
                  "live.pcap"], ["export", "samples/diep.jsonl", "-p", "diep", "--out", "webide"]):
        subprocess.run([*run, *args], cwd=root, env=env, capture_output=True, check=True)
    data = ROOT / "tests" / "data" / "mme"
    (root / "session.pcap.gz").write_bytes(gzip.compress((data / "session.pcap").read_bytes()))
    (root / "big.pcapng.xz").write_bytes(lzma.compress((data / "session.pcapng").read_bytes()))
    return root


@pytest.fixture
def sandbox(prepared, tmp_path) -> Path:
    folder = tmp_path / "run"
    shutil.copytree(prepared, folder, symlinks=True)
    return folder


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ, HOME=str(root / "home"))   # wireshark install writes under HOME
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def _tools(command: str) -> list[str]:
    """The tools a command line runs besides wirestruct."""
    return [tool for tool in ("jq", "tshark", "node")
            if re.search(rf"(^|\| ){tool}\b", command) or (
                tool == "tshark" and "wireshark check" in command) or (
                tool == "node" and "--verify" in command)]


def test_there_are_examples_of_every_command():
    assert len(EXAMPLES) > 20 and len(READMES) >= 5
    commands = {c.split()[1] for c in EXAMPLES if c.startswith("wirestruct ")}
    assert {"decode", "state", "export", "convert", "encode", "show", "fields", "batch",
            "samples", "wireshark", "regen"} <= commands


@pytest.mark.parametrize("command", EXAMPLES)
def test_help_example_runs_as_shown(sandbox, command):
    if " export " in command:
        shutil.rmtree(sandbox / "webide")      # the show examples' export, made beforehand
    _run(command, sandbox)


@pytest.fixture(scope="module")
def readme_folder(prepared, tmp_path_factory) -> Path:
    """One folder for the README's blocks, in order: a block uses what an earlier wrote."""
    folder = tmp_path_factory.mktemp("readme") / "run"
    shutil.copytree(prepared, folder, symlinks=True)
    shutil.rmtree(folder / "webide")
    return folder


@pytest.mark.parametrize("number", range(len(READMES)))
def test_readme_block_runs_as_shown(readme_folder, number):
    for command in READMES[number]:
        _run(command, readme_folder)


def _run(command: str, folder: Path) -> None:
    for tool in _tools(command):
        needs(tool)
    if " regen" in command:
        needs_compiler()
    cwd = ROOT if " regen" in command else folder     # regen works on the checkout
    proc = subprocess.Popen(["bash", "-o", "pipefail", "-c", command], cwd=cwd,
                            env=_env(folder), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    if FOLLOWS in command:
        try:
            proc.communicate(timeout=8)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGINT)     # as Ctrl-C in the terminal
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err.decode()
        assert b"Traceback" not in err
        return
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, f"{command}\n{err.decode()[-2000:]}"
    assert b"Traceback" not in err, f"{command}\n{err.decode()[-2000:]}"
    assert out or err
