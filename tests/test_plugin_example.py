"""A protocol shipped as its own package plugs in through the entry points: the example
plug-in of tests/plugin_example/ is installed with pip into a folder of its own, and every
command runs on it as a user of that package would run them."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from needs import needs_compiler

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "tests" / "plugin_example"
SAMPLE = PLUGIN / "wirestruct_toy" / "samples" / "toy.jsonl"


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    """The environment of a shell where the plug-in is installed (pip, into a folder on
    PYTHONPATH: the checkout's own install is left alone)."""
    site = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--target", str(site), str(PLUGIN)],
                   check=True, capture_output=True, timeout=300)
    assert (site / "wirestruct_toy" / "generated" / "toy" / "toy_packet.py").is_file()
    return {**os.environ, "PYTHONPATH": str(site), "WIRESTRUCT_PLUGINS": "all"}


def run(env, *args, cwd=None, stdin=None):
    return subprocess.run([shutil.which("wirestruct") or "wirestruct", *map(str, args)],
                          env=env, capture_output=True, text=True, timeout=300,
                          cwd=cwd, input=stdin)


def test_the_plugin_is_listed_and_detected(env):
    assert "toy" in run(env, "decode", "--help").stdout
    proc = run(env, "decode", SAMPLE)                        # no --protocol: detected
    assert proc.returncode == 0, proc.stderr
    assert "protocol toy (detected" in proc.stderr
    events = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(events) == 53
    assert {e["name"] for e in events} == {"hello", "move", "score"}
    assert events[0]["fields"] == {"packet_id": "hello",
                                   "body": {"player": 1, "len_name": 5, "name": "Alice"}}


def test_state_with_the_plugins_own_option(env):
    proc = run(env, "state", SAMPLE, "-p", "toy", "--compact")
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout)
    assert [p["name"] for p in state["players"]] == ["Alice", "Bob"]
    narrow = run(env, "state", SAMPLE, "-p", "toy", "--toy-court", "30", "--errors")
    assert narrow.returncode == 0 and "outside the court" in narrow.stderr
    wrong = run(env, "state", ROOT / "samples" / "mme.jsonl", "-p", "mme", "--toy-court", "30")
    assert wrong.returncode == 2 and "--toy-court is an option of toy" in wrong.stderr
    bad = run(env, "state", SAMPLE, "-p", "toy", "--toy-court", "wide")
    assert bad.returncode == 2 and "'wide' is not a court width" in bad.stderr


def test_packet_names_and_paths_come_from_the_spec(env):
    """The plug-in lists no packet names: they are the enum its spec routes on."""
    proc = run(env, "decode", SAMPLE, "-p", "toy", "--only", "move", "-T", "fields",
               "-e", "name", "-e", "body.x")
    assert proc.returncode == 0, proc.stderr
    rows = [line.split("\t") for line in proc.stdout.splitlines()]
    assert rows and {row[0] for row in rows} == {"move"}
    assert rows[0][1] == "45"
    listed = run(env, "fields", "-p", "toy", "hello")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines() == ["hello\tbody", "hello\tbody.len_name",
                                          "hello\tbody.name", "hello\tbody.player",
                                          "hello\tpacket_id"]
    wrong = run(env, "decode", SAMPLE, "-p", "toy", "--only", "moves")
    assert wrong.returncode == 2 and "did you mean move?" in wrong.stderr


def test_encode_gives_the_packets_back(env, tmp_path):
    decoded = run(env, "decode", SAMPLE, "-p", "toy")
    out = tmp_path / "again.jsonl"
    proc = run(env, "encode", "-", "-p", "toy", "--out", out, stdin=decoded.stdout)
    assert proc.returncode == 0, proc.stderr
    original = [json.loads(line)["data"] for line in SAMPLE.read_text().splitlines()]
    assert [json.loads(line)["data"] for line in out.read_text().splitlines()] == original


def test_export_opens_in_the_web_ide(env, tmp_path):
    proc = run(env, "export", SAMPLE, "-p", "toy", "--out", tmp_path / "web", "--verify")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "web" / "ksy" / "toy_packet.ksy").is_file()
    assert "verified" in proc.stderr


def test_show_and_summary(env):
    proc = run(env, "show", "0201002d002f", "-p", "toy", "--format", "jsonl")
    assert json.loads(proc.stdout)["fields"]["body"] == {"player": 1, "x": 45, "y": 47}
    summary = run(env, "decode", SAMPLE, "-p", "toy", "--format", "summary").stdout
    assert 'hello                        len=8 player=1 name="Alice"' in summary


def test_batch_writes_the_plugins_table(env, tmp_path):
    proc = run(env, "batch", SAMPLE, "-p", "toy", "--out", tmp_path / "ds", "--workers", "1")
    assert proc.returncode == 0, proc.stderr
    moves = pq.read_table(next((tmp_path / "ds").glob("toy_moves/**/*.parquet")))
    assert moves.num_rows == sum(1 for line in SAMPLE.read_text().splitlines()
                                 if json.loads(line)["data"].startswith("02"))


def test_the_plugins_generated_code_is_the_pinned_compilers():
    needs_compiler()
    package = PLUGIN / "wirestruct_toy"
    proc = subprocess.run([shutil.which("wirestruct") or "wirestruct", "regen", "--check",
                           "--ksy", str(package / "ksy"), "--generated",
                           str(package / "generated")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
