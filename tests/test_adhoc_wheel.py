"""From an installed wheel (no checkout, no node_modules), ``--ksy`` needs the compiler in
the user's cache: it says how to get it, ``wirestruct compiler install`` puts it there
with npm, and the specs then compile and decode."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from needs import needs

ROOT = Path(__file__).resolve().parent.parent
BLIP = ROOT / "tests" / "data" / "adhoc"


def _source_copy(dest: Path) -> None:
    """The checkout's files (tracked and new, not ignored), without node_modules."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    for rel in listed:
        source = ROOT / rel
        if rel.startswith("node_modules/") or not source.is_file():
            continue
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, dest / rel)


def test_the_compiler_from_the_users_cache(tmp_path):
    needs("node")
    source = tmp_path / "source"
    _source_copy(source)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                   check=True, timeout=300)
    subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", "--no-deps",
                    "--no-build-isolation", str(source)], check=True, capture_output=True,
                   timeout=600)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    cli = [str(venv / "bin" / "python"), "-m", "wirestruct.tools.cli"]
    decode = [*cli, "decode", str(BLIP / "blip_tcp.pcap"), "--ksy", str(BLIP), "--transport",
              "tcp", "--server", "4000", "-T", "fields", "-e", "name"]
    run = dict(env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    before = subprocess.run(decode, **run)
    assert before.returncode == 2
    assert "run `wirestruct compiler install` (it needs Node.js and npm)" in before.stderr
    install = subprocess.run([*cli, "compiler", "install"], **run)
    assert install.returncode == 0, install.stderr
    assert (tmp_path / "cache" / "wirestruct" / "compiler" / "0.11.0" / "node_modules"
            / "kaitai-struct-compiler").is_dir()
    after = subprocess.run(decode, **run)
    assert after.returncode == 0, after.stderr
    assert after.stdout.split() == ["ping", "ping", "say", "roster", "say", "bye"]
    again = subprocess.run([*cli, "compiler", "install"], **run)
    assert again.returncode == 0 and "is already in" in again.stderr
