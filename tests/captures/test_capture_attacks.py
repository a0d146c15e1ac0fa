"""Hostile captures against the capture layer, through the real command line: the peak
memory of the child process stays within the promise (256 MB) and grows with the limits,
not with the input; what was refused or dropped is said, with its count. The attacks are
built here (``capture_attacks.py``); ``benchmarks/bench_attacks.py --captures`` runs them
at full size with default limits and prints the figures."""
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
SMALL = Path(__file__).resolve().parent.parent / "data" / "captures" / "cases" / "acked_unseen.pcap"


#: Reads a capture's records in a child process, nothing more: the capture layer's own
#: memory (``state`` and ``decode`` add the decoder's, the same for any capture).
_READ = ("import sys\n"
         "from wirestruct import open_capture\n"
         "from wirestruct.core.limits import Limits\n"
         "limits = Limits().with_overrides(sys.argv[2:])\n"
         "with open_capture(sys.argv[1], limits=limits) as capture:\n"
         "    for item in capture.records():\n"
         "        if not hasattr(item, 'data'):\n"
         "            print(item.to_json())\n")


def read_peak(path: Path, *limits: str) -> int:
    return run([sys.executable, "-c", _READ, str(path), *limits])[0]


def run(args: list[str]) -> tuple[int, list[dict], float]:
    """Peak RSS (KB) of the command, its JSON lines, its wall time."""
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-c", _PEAK, *args], capture_output=True,
                         check=True)
    lines = []
    for line in out.stderr.splitlines():
        try:
            lines.append(json.loads(line))
        except ValueError:
            continue
    return int(out.stdout.strip()), lines, time.monotonic() - start


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("attacks")
    made = {}
    for name, build in ATTACKS.items():
        path = folder / name
        path.write_bytes(build())
        made[name] = path
    return made


@pytest.fixture(scope="module")
def baseline():
    """Peak RSS of decoding a small capture: what the command needs anyway."""
    return run([WIRESTRUCT, "decode", "-p", "mme", "--server", "44481", str(SMALL)])[0]


@pytest.fixture(scope="module")
def reading():
    """Peak RSS of reading a small capture's records."""
    return read_peak(SMALL)


def errors(lines, kind=None):
    return [line for line in lines if "error" in line
            and (kind is None or line["error"] == kind)]


@pytest.mark.parametrize("name", ["vlan-tags", "mpls-labels", "nflog-attributes",
                                  "exported-pdu-tags",
                                  "pcapng-shb-options", "pcapng-idb-options",
                                  "pcapng-epb-options"])
def test_repeats_in_the_capture_specs_are_bounded(files, name, baseline):
    assert files[name].stat().st_size < 5_000            # zstd: 16 MiB of 4-byte items
    peak, lines, _ = run([WIRESTRUCT, "decode", "-p", "mme", "--format", "jsonl",
                          str(files[name])])
    assert peak - baseline < 96 * 1024, f"{name}: {peak} KB (baseline {baseline} KB)"
    [limit] = [e for e in errors(lines) if "more than 4096 structures" in e["message"]]
    if name.startswith("pcapng-") and name != "pcapng-epb-options":
        assert limit["message"].startswith("bad pcapng block") and "dropped" not in limit
    else:
        assert (limit["dropped"], limit["dropped_unit"]) == (1, "frames")


def test_out_of_order_bytes_of_all_connections_are_capped(files, reading):
    # 64 MiB held by 16 connections, 4 MiB each, under a per-direction cap of 32 MiB.
    path = files["tcp-held-out-of-order"]
    assert read_peak(path, "max_reassembly_buffers=8M") - reading < 32 * 1024
    assert read_peak(path) - reading > 56 * 1024        # the default total holds them


def test_history_of_ended_connections_is_capped(files, reading):
    # 300 ended connections would keep 256 KiB each: 75 MiB.
    path = files["tcp-ended-histories"]
    assert read_peak(path, "max_tcp_histories=4M") - reading < 16 * 1024


def test_a_flood_of_tiny_fragments_is_capped(files, baseline):
    peak, lines, _ = run([WIRESTRUCT, "decode", "-p", "mme", "--format", "jsonl", "--limit",
                          "max_fragment_buffer=4M", str(files["ip-tiny-fragments"])])
    assert peak - baseline < 40 * 1024, (peak, baseline)
    evicted = [e for e in errors(lines, "FragmentError") if "evicted" in e["message"]]
    incomplete = [e for e in errors(lines, "FragmentError") if "incomplete" in e["message"]]
    assert len(evicted) + len(incomplete) == 30_000
    assert all(e["dropped"] == 8 for e in evicted + incomplete)
    assert len(incomplete) == 4 * 1024 * 1024 // (8 + 128 + 512)


def test_a_compressed_capture_that_expands_without_end_is_stopped(files, baseline):
    path = files["zstd-expansion"]
    assert path.stat().st_size < 100_000                 # 1 GiB of garbage after a header
    peak, lines, seconds = run([WIRESTRUCT, "decode", "-p", "mme", "--format", "jsonl",
                                str(path)])
    assert peak - baseline < 96 * 1024 and seconds < 30
    [lost, bomb] = errors(lines)
    assert "structure is lost" in lost["message"]
    assert "max_capture_expansion" in bomb["message"] and bomb["file"] == str(path)
