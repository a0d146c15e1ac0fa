"""A CI run cannot pass with less than it claims: a test whose tool is missing fails in CI
(``CI=true``) naming the tool, every skip is counted with its reason, and in CI a skip
that tests/skips_allowed.txt does not list fails the run.

The proof is a real one: pytest runs a test module in a child process whose PATH has every
program of this machine but tshark (or jq).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SKIPS_ALLOWED, judge_skips, read_allowance
from needs import TOOLS, in_ci

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests"


def path_without(tools: set[str], folder: Path) -> str:
    """A PATH of one folder holding a link to every program of this PATH but ``tools``."""
    folder.mkdir()
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        if not directory or not os.path.isdir(directory):
            continue
        for entry in os.scandir(directory):
            if entry.name in tools or (folder / entry.name).exists():
                continue
            if entry.is_file() and os.access(entry.path, os.X_OK):
                (folder / entry.name).symlink_to(entry.path)
    return str(folder)


def pytest_in_child(module: str, path: str, ci: bool) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    env.update(PATH=path, **({"CI": "true"} if ci else {}))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-m", "", "-p",
                           "no:cacheprovider", module], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


@pytest.fixture(scope="module")
def no_tshark(tmp_path_factory) -> str:
    path = path_without({"tshark"}, tmp_path_factory.mktemp("path") / "bin")
    assert shutil.which("tshark", path=path) is None and shutil.which("bash", path=path)
    return path


MODULE = "tests/captures/test_pcap_writer.py"     # quick, with one test that runs tshark


@pytest.mark.slow     # pytest in a child process
def test_in_ci_a_missing_tshark_fails_the_run_naming_it(no_tshark):
    proc = pytest_in_child(MODULE, no_tshark, ci=True)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out[-3000:]
    assert "CI=true: tshark is not installed (Debian package tshark)" in out, out[-3000:]
    assert re.search(r"^\d+ passed, 1 error in ", out, re.MULTILINE), out[-3000:]
    assert "skips: 0" in out


@pytest.mark.slow     # pytest in a child process
def test_outside_ci_the_same_test_skips_and_the_skip_is_counted(no_tshark):
    proc = pytest_in_child(MODULE, no_tshark, ci=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    assert "skips: 1, by reason:\n      1  tshark is not installed (Debian package tshark)" in out
    assert re.search(r"^\d+ passed, 1 skipped in ", out, re.MULTILINE), out[-3000:]


def test_a_skip_beyond_the_allowance_fails_in_ci():
    allowance = [(1, "tests/a.py::*", "tshark is not installed*", "why")]
    skips = [("tests/a.py::test_x", "tshark is not installed (Debian package tshark)"),
             ("tests/a.py::test_y", "tshark is not installed (Debian package tshark)"),
             ("tests/b.py::test_z", "tshark is not installed (Debian package tshark)")]
    assert judge_skips(skips, allowance) == [
        "tests/a.py::test_y: tshark is not installed (Debian package tshark)",
        "tests/b.py::test_z: tshark is not installed (Debian package tshark)"]
    assert judge_skips(skips[:1], allowance) == []


def test_the_allowance_file_reads_and_names_why(tmp_path):
    for count, test, reason, why in read_allowance(SKIPS_ALLOWED):
        assert count > 0 and test.startswith("tests/") and reason and len(why.split()) >= 4
    bad = tmp_path / "allowed.txt"
    bad.write_text("1 | tests/a.py::* | a reason\n")
    with pytest.raises(ValueError, match="line 1: want COUNT"):
        read_allowance(bad)


def test_ci_is_read_as_ci_systems_set_it(monkeypatch):
    for value, expected in (("true", True), ("1", True), ("", False), ("false", False),
                            ("0", False)):
        monkeypatch.setenv("CI", value)
        assert in_ci() is expected
    monkeypatch.delenv("CI")
    assert in_ci() is False


def test_ci_installs_every_tool_a_test_may_need():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    packages = set(re.search(r'^packages="([^"]+)"', script, re.MULTILINE).group(1).split())
    packages |= {"nodejs", "mount"}     # node: installed with npm where missing; mount: base
    assert set(TOOLS.values()) <= packages, set(TOOLS.values()) - packages
    checked = set(re.search(r'^tools="([^"]+)"', script, re.MULTILINE).group(1).split())
    assert set(TOOLS) - {"mount"} <= checked, set(TOOLS) - checked


def test_no_test_skips_on_a_missing_tool_by_itself():
    """Tools are asked for through tests/needs.py only, so CI turns their absence into a
    failure; no module skips on a ``which`` of its own. (Any other skip in CI is held to
    tests/skips_allowed.txt.)"""
    found = []
    for path in sorted(HERE.rglob("*.py")):
        if path.name in ("needs.py", "test_ci_needs.py") or path.relative_to(HERE).parts[0] == "fuzz":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "skip" in line and "which(" in line:
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
