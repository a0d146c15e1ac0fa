"""docs/own-protocol.md runs as written: a wheel of this checkout installed into a fresh
virtual environment (the dependencies from the system's site-packages), an empty folder,
a home and a cache of its own, and every ``$ command`` of the tutorial run in order by
bash; each line shown under a command is in what it printed. ``pip install wirestruct``
installs the wheel. The minutes it takes and the files written by hand are measured."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from needs import needs

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "own-protocol.md"
FENCE = re.compile(r"(?:<!-- file: (?P<file>[^ ]+) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```",
                   re.DOTALL)


def steps(text: str) -> list[tuple[str, str, list[str]]]:
    """("file", name, lines) and ("run", command, the lines shown under it), in order."""
    out: list[tuple[str, str, list[str]]] = []
    for m in FENCE.finditer(text):
        body = m.group("body")
        if m.group("file"):
            out.append(("file", m.group("file"), body.splitlines()))
        elif m.group("lang") == "console":
            for line in body.splitlines():
                if line.startswith("$ "):
                    out.append(("run", line[2:], []))
                elif line.strip():
                    assert out and out[-1][0] == "run", f"output before a command: {line}"
                    out[-1][2].append(line)
    return out


def test_the_doc_has_every_step():
    found = steps(DOC.read_text("utf-8"))
    files = [name for kind, name, _ in found if kind == "file"]
    assert files == ["knock.ksy", "knock.jsonl"]
    commands = " ".join(name for kind, name, _ in found if kind == "run")
    for word in ("compiler install", "decode", "fields", "state", "export", "encode",
                 "convert", "wireshark install", "tshark", "wirestruct new", "pytest",
                 "regen"):
        assert word in commands, word


def _normal(text: str) -> str:
    return " ".join(text.split())


def test_the_tutorial_from_a_wheel(tmp_path):
    for tool in ("node", "tshark"):
        needs(tool)
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(wheels), str(ROOT)],
                   check=True, capture_output=True, timeout=900)
    wheel = next(wheels.glob("wirestruct-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                   check=True, timeout=300)
    home = tmp_path / "home"
    work = home / "work"
    work.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "WIRESHARK_", "PYTHON", "VIRTUAL_ENV", "PIP_"))}
    env.update(HOME=str(home), PATH=f"{venv / 'bin'}{os.pathsep}{env['PATH']}",
               VIRTUAL_ENV=str(venv), LC_ALL="C.UTF-8", WIRESTRUCT_PLUGINS="all",
               # the package `wirestruct new` writes builds with the setuptools installed
               PIP_NO_BUILD_ISOLATION="false", PIP_DISABLE_PIP_VERSION_CHECK="1")
    cwd = work
    started = time.monotonic()
    by_hand = 0
    for kind, what, shown in steps(DOC.read_text("utf-8")):
        if kind == "file":
            (cwd / what).write_text("\n".join(shown) + "\n", encoding="utf-8")
            by_hand += 1
            continue
        command = what.replace("pip install wirestruct", f"pip install --quiet {wheel}")
        where = tmp_path / "cwd"
        proc = subprocess.run(["bash", "-c", f"{command}\nstatus=$?\npwd > {where}\n"
                               "exit $status"], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=900)
        said = _normal(proc.stdout + "\n" + proc.stderr)
        assert proc.returncode == 0, f"$ {what}\n{proc.stdout}\n{proc.stderr}"
        assert "Traceback" not in proc.stderr, f"$ {what}\n{proc.stderr}"
        for line in shown:
            assert _normal(line) in said, f"$ {what}: no line {line!r} in\n{proc.stdout}" \
                                          f"\n{proc.stderr}"
        cwd = Path(where.read_text().strip())
    minutes = (time.monotonic() - started) / 60
    print(f"\nthe tutorial: {by_hand} files written by hand, its commands ran in "
          f"{minutes:.1f} minutes")
    assert by_hand == 2
    assert not list(work.parent.glob("*.py")) and (cwd / "knock" / "pyproject.toml").is_file()
    # nothing of the tutorial went outside its home
    assert (home / ".cache" / "wirestruct" / "compiler").is_dir()
