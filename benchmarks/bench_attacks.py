"""Hostile captures through the real command line: peak RSS and CPU time per attack.

    python benchmarks/bench_attacks.py [--only NAME ...] [--wirestruct PATH] [--captures]

Each attack of ``tests/hostile_inputs.py`` (66 KB LZ4 bodies that expand to 16 MiB of
sub-updates, sub-packets or deletions, counts that lie, ...) is written as a JSON Lines
capture and run through ``wirestruct decode`` (JSON output to /dev/null) and
``wirestruct state``, each as a child process; the figures are the child's peak resident
set size and user+system CPU time (``resource.getrusage(RUSAGE_CHILDREN)`` of a fresh
wrapper process per run). The bundled samples are run the same way for comparison.
With default limits every run must stay under 256 MB; the script says so and exits 1 if
one does not.

What each run printed is checked before its figures: the command's output (read from
its pipe as it comes: byte total and SHA-256) must be what the library makes of the same
capture in another child process (``decode_records`` and each event's JSON line for
``decode``, the tracker's snapshot document for ``state``); otherwise the script exits 1
naming the capture, the command and both digests. With ``--captures`` the measured
records reader prints its records' digest (each stream and direction), which must be
the one a second reading of the capture prints.

``--captures`` runs the attacks on the capture layer instead
(``tests/captures/capture_attacks.py``: repeats in the capture specs, out-of-order bytes
of many connections, histories of ended connections, tiny fragments, a zstd capture that
expands without end) at full size: each through ``wirestruct decode -p mme`` (the peak
includes the decoder's handling of what is delivered) and through a reader of the
capture's records alone (the capture layer's own peak).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "captures"))

from hostile_inputs import ATTACKS, jsonl  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from agreement import MEASURED, REFERENCE, Digest, Seen, agree  # noqa: E402

NAME = "bench_attacks"
BUDGET_KB = 256 * 1024

SAMPLES = {"sample scrap_mechanic.jsonl": ("scrap-mechanic", ROOT / "samples/scrap_mechanic.jsonl"),
           "sample diep.jsonl": ("diep", ROOT / "samples/diep.jsonl")}


def measure(args: list) -> tuple:
    """(peak RSS KiB, CPU seconds, the output's digest) of a command."""
    out = subprocess.run([sys.executable, "-c", MEASURED, *args], capture_output=True,
                         text=True, check=True)
    got = json.loads(out.stdout)
    return got["rss_kb"], got["cpu"], Seen(got["out"])


def reference(protocol: str, path: Path, label: str) -> dict:
    """What the library makes of the capture (see the module doc), in a child process."""
    out = subprocess.run([sys.executable, "-c", REFERENCE, str(ROOT / "benchmarks"), protocol,
                          str(path), label], capture_output=True, text=True, check=True)
    return {command: Seen(got) for command, got in json.loads(out.stdout).items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="attack names (default: all)")
    parser.add_argument("--wirestruct", default=str(Path(sys.executable).with_name("wirestruct")),
                        help="the wirestruct command to run")
    parser.add_argument("--captures", action="store_true",
                        help="the attacks on the capture layer")
    opts = parser.parse_args()
    if opts.captures:
        return captures(opts)
    names = opts.only or list(ATTACKS)
    over = 0
    with tempfile.TemporaryDirectory() as tmp:
        runs = dict(SAMPLES)
        for name in names:
            protocol, make = ATTACKS[name]
            packets = make()
            path = Path(tmp) / f"{name}.jsonl"
            path.write_text(jsonl(packets))
            runs[f"{name} ({len(packets)} packets, {sum(map(len, packets)):,} bytes)"] = (
                protocol, path)
        print(f"{'capture':58} {'command':7} {'peak RSS':>10} {'CPU':>7}")
        for label, (protocol, path) in runs.items():
            want = reference(protocol, path, label.split(" (")[0])
            for command in ("decode", "state"):
                rss, cpu, out = measure([opts.wirestruct, command, "-p", protocol, str(path)])
                agree(NAME, f"{label}: the output of `wirestruct {command}`",
                      {"the command": out, "the library": want[command]})
                flag = "" if rss < BUDGET_KB else "  OVER 256 MB"
                over += bool(flag)
                print(f"{label:58} {command:7} {rss / 1024:8.1f} MB {cpu:6.2f}s{flag}")
    return 1 if over else 0


def captures(opts) -> int:
    import capture_attacks as attacks
    full = {
        "vlan-tags (60 MiB frame, uncompressed)": lambda: _plain(attacks.vlan_tags, 60 << 20),
        "mpls-labels (60 MiB frame, uncompressed)": lambda: _plain(attacks.mpls_labels,
                                                                   60 << 20),
        "nflog-attributes (60 MiB frame, uncompressed)": lambda: _plain(
            attacks.nflog_attributes, 60 << 20),
        "pcapng-epb-options (60 MiB block, uncompressed)": lambda: _plain(
            lambda size: attacks.pcapng_options("epb", size), 60 << 20),
        "vlan-tags (60 MiB frame, 5 KB of zstd)": lambda: attacks.vlan_tags(60 << 20),
        "tcp-held-out-of-order (12 x 31 MiB)": lambda: attacks.held_out_of_order(12, 31 << 20),
        "tcp-ended-histories (1000 x 256 KiB)": lambda: attacks.ended_histories(1000),
        "ip-tiny-fragments (200,000)": lambda: attacks.tiny_fragments(200_000),
        "zstd-expansion (1 GiB from 33 KB)": lambda: attacks.expanding("zstd"),
    }
    names = [n for n in full if not opts.only or any(o in n for o in opts.only)]
    over = 0
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'capture':48} {'size':>12} {'command':>8} {'peak RSS':>10} {'CPU':>7}")
        for name in names:
            path = Path(tmp) / "attack"
            path.write_bytes(full[name]())
            alone = subprocess.run(
                [sys.executable, "-c", _READ, str(path), str(ROOT / "benchmarks"), name],
                capture_output=True, check=True).stdout
            for label, args in (("records", [sys.executable, "-c", _READ, str(path),
                                             str(ROOT / "benchmarks"), ""]),
                                ("decode", [opts.wirestruct, "decode", "-p", "mme",
                                            "--format", "jsonl", str(path)])):
                rss, cpu, out = measure(args)
                if label == "records":
                    agree(NAME, f"{name}: the records read (their digest, as the reader "
                          "printed it)", {"measured": out, "a reading alone": Digest([alone])})
                flag = "" if rss < BUDGET_KB else "  OVER 256 MB"
                over += bool(flag) and label == "records"
                print(f"{name:48} {path.stat().st_size:>12,} {label:>8} {rss / 1024:8.1f} MB "
                      f"{cpu:6.2f}s{flag}")
    return 1 if over else 0


#: A reader of a capture's records; prints their digest (each stream and direction).
_READ = ("import json, sys\n"
         "sys.path.insert(0, sys.argv[2])\n"
         "from agreement import Flows, leaky\n"
         "from wirestruct import open_capture\n"
         "flows = Flows()\n"
         "add = leaky(sys.argv[3], flows.add)\n"
         "with open_capture(sys.argv[1]) as capture:\n"
         "    for item in capture.records():\n"
         "        data = getattr(item, 'data', None)\n"
         "        if data is not None:\n"
         "            add((item.stream, item.direction), data)\n"
         "print(json.dumps(flows.to_json()))\n")


def _plain(build, size: int) -> bytes:
    import zstandard
    return zstandard.ZstdDecompressor().decompress(build(size), max_output_size=size + 4096)


if __name__ == "__main__":
    sys.exit(main())
