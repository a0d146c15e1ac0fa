"""Hostile captures against the capture layer, through the real command line: peak memory
of the child process stays within the promise (256 MB) with default limits, and what
was refused or dropped is said, with its count. The attacks are built here
(``capture_attacks.py``): a few kilobytes of zstd each, standing for tens to hundreds of
megabytes of capture."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from capture_attacks import ATTACKS

BUDGET_KB = 256 * 1024
_PEAK = ("import resource, subprocess, sys\n"
         "r = subprocess.run(sys.argv[1:], capture_output=True)\n"
         "sys.stderr.buffer.write(r.stdout)\n"
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
WIRESTRUCT = str(Path(sys.executable).with_name("wirestruct"))


def run(args: list[str]) -> tuple[int, list[dict], float]:
    """Peak RSS (KB) of the command, its JSON lines, its wall time."""
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-c", _PEAK, *args], capture_output=True,
                         check=True)
    lines = [json.loads(line) for line in out.stderr.splitlines() if line.startswith(b"{")]
    return int(out.stdout.strip()), lines, time.monotonic() - start


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("attacks")
    made = {}
    for name, build in ATTACKS.items():
        path = folder / f"{name}.zst"
        path.write_bytes(build())
        made[name] = path
    return made


def errors(lines, kind=None):
    return [line for line in lines if "error" in line and (kind is None or line["error"] == kind)]


@pytest.mark.parametrize("name", ["vlan-tags", "mpls-labels", "nflog-attributes",
                                  "pcapng-shb-options", "pcapng-idb-options",
                                  "pcapng-epb-options"])
def test_repeats_in_the_capture_specs_are_bounded(files, name):
    assert files[name].stat().st_size < 20_000
    peak, lines, _ = run([WIRESTRUCT, "decode", "-p", "mme", "--format", "jsonl",
                          str(files[name])])
    assert peak < BUDGET_KB, f"{name}: {peak} KB"
    [limit] = errors(lines, "LimitExceededError") or errors(lines, "CaptureError")
    assert "more than 4096 structures" in limit["message"]
    if name != "pcapng-shb-options" and name != "pcapng-idb-options":
        assert (limit["dropped"], limit["dropped_unit"]) == (1, "frames")


def test_out_of_order_bytes_of_all_connections_are_capped(files):
    peak, lines, _ = run([WIRESTRUCT, "state", "-p", "mme", str(files["tcp-held-out-of-order"])])
    assert peak < BUDGET_KB * 3 // 4, peak      # 256 MiB would be held without the total


def test_history_of_ended_connections_is_capped(files):
    peak, lines, _ = run([WIRESTRUCT, "state", "-p", "mme", str(files["tcp-ended-histories"])])
    assert peak < BUDGET_KB * 3 // 4, peak      # 250 MiB would be kept without the total


def test_a_flood_of_tiny_fragments_is_capped(files):
    peak, lines, _ = run([WIRESTRUCT, "decode", "-p", "mme", "--format", "jsonl",
                          str(files["ip-tiny-fragments"])])
    assert peak < BUDGET_KB, peak
    evicted = [e for e in errors(lines, "FragmentError") if "evicted" in e["message"]]
    assert evicted and all(e["dropped"] == 8 for e in evicted)


def test_a_compressed_capture_that_expands_without_end_is_stopped(files):
    path = files["zstd-expansion"]
    peak, lines, seconds = run([WIRESTRUCT, "decode", "-p", "mme", "--format", "jsonl",
                                str(path)])
    assert peak < BUDGET_KB and seconds < 30
    [bomb] = [e for e in errors(lines) if "max_capture_expansion" in e["message"]]
    assert bomb["file"] == str(path)
