"""``wirestruct new``: Blip (tests/data/adhoc/, specs nobody wrote Python for) turned into a
plug-in package from a TCP capture and from JSON Lines, pip-installed into a fresh virtual
environment (wirestruct from this checkout), where its own generated tests pass (decode,
encode round trip, export, tshark with its dissector) and ``regen`` of its specs finds them
up to date; names that clash are refused with nothing written."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from needs import needs, needs_compiler

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "tests" / "data" / "adhoc"


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    needs_compiler()
    cache = tmp_path_factory.mktemp("cache")
    return {**os.environ, "XDG_CACHE_HOME": str(cache), "WIRESTRUCT_PLUGINS": "all"}


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """A fresh virtual environment with wirestruct from this checkout (its dependencies
    from the system's site-packages)."""
    folder = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(folder)],
                   check=True, timeout=300)
    python = folder / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "-e",
                    str(ROOT)], check=True, capture_output=True, timeout=600)
    return python


def ws(env, *args, cwd=None, python=sys.executable):
    return subprocess.run([str(python), "-m", "wirestruct.tools.cli", *map(str, args)],
                          env=env, capture_output=True, text=True, timeout=600, cwd=cwd)


@pytest.mark.parametrize("transport,sample,server", [
    ("tcp", SPECS / "blip_tcp.pcap", ["--server", "4000"]),
    ("messages", SPECS / "blip.jsonl", []),
])
def test_new_package_installs_and_passes_its_tests(env, venv, tmp_path, transport, sample,
                                                   server):
    needs("tshark")
    out = tmp_path / "blip"
    made = ws(env, "new", "blip", "--ksy", SPECS, "--transport", transport, *server,
              "--sample", sample, "--out", out)
    assert made.returncode == 0, made.stderr
    assert "protocol blip, 6 packets in its sample" in made.stdout
    assert (out / "wirestruct_blip" / "generated" / "blip" / "blip_pdu.lua").is_file()
    installed = subprocess.run([str(venv), "-m", "pip", "install", "--quiet",
                                "--no-build-isolation", "--no-deps", str(out)],
                               capture_output=True, text=True, timeout=600, env=env)
    assert installed.returncode == 0, installed.stderr
    clean = {k: v for k, v in env.items() if k != "PYTHONPATH"}
    tests = subprocess.run([str(venv), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "tests"], cwd=out,
                           capture_output=True, text=True, timeout=900, env=clean)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "4 passed" in tests.stdout
    listed = ws(clean, "fields", "-p", "blip", python=venv)
    assert listed.returncode == 0 and "say" in listed.stdout, listed.stderr
    regen = ws(clean, "regen", "--ksy", out / "wirestruct_blip" / "ksy", "--generated",
               out / "wirestruct_blip" / "generated", "--check", python=venv)
    assert regen.returncode == 0, regen.stderr
    subprocess.run([str(venv), "-m", "pip", "uninstall", "--quiet", "--yes",
                    "wirestruct-blip"], check=True, capture_output=True, timeout=300)


def test_clashing_names_are_refused(env, tmp_path):
    taken = ws(env, "new", "mme", "--ksy", SPECS, "--transport", "messages", "--sample",
               SPECS / "blip.jsonl", "--out", tmp_path / "mme")
    assert taken.returncode == 2 and "installed protocol mme" in taken.stderr, taken.stderr
    assert not (tmp_path / "mme").exists()
    if needs("tshark"):
        spec = tmp_path / "specs" / "dns.ksy"
        spec.parent.mkdir()
        spec.write_text("meta:\n  id: dns\nseq:\n  - id: code\n    type: u1\n", "utf-8")
        sample = tmp_path / "dns.jsonl"
        sample.write_text('{"t": 1, "dir": "c2s", "data": "01"}\n', "utf-8")
        clash = ws(env, "new", "mydns", "--ksy", spec, "--transport", "messages",
                   "--sample", sample, "--out", tmp_path / "mydns")
        assert clash.returncode == 2, clash.stderr
        assert "built-in" in clash.stderr and "dns" in clash.stderr
        assert "Traceback" not in clash.stderr
        assert not (tmp_path / "mydns").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dns.jsonl", "specs"]


def test_bad_samples_and_folders(env, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": 1, "dir": "c2s", "data": "09000100"}\n', "utf-8")
    proc = ws(env, "new", "blip", "--ksy", SPECS, "--transport", "messages", "--sample", bad,
              "--out", tmp_path / "blip")
    assert proc.returncode == 2 and "--sample" in proc.stderr and "record 0" in proc.stderr
    (tmp_path / "there").mkdir()
    proc = ws(env, "new", "blip", "--ksy", SPECS, "--transport", "messages", "--sample",
              SPECS / "blip.jsonl", "--out", tmp_path / "there")
    assert proc.returncode == 2 and "already exists" in proc.stderr
    proc = ws(env, "new", "blip", "--ksy", SPECS, "--transport", "udp", "--sample",
              SPECS / "blip.jsonl", "--out", tmp_path / "udp")
    assert proc.returncode == 2 and "--server" in proc.stderr
    proc = ws(env, "new", "Bad Name", "--ksy", SPECS, "--transport", "messages", "--sample",
              SPECS / "blip.jsonl")
    assert proc.returncode == 2 and "not a protocol name" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl", "there"]
