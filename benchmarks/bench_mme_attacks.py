"""Multiplayer Map Editor attacks through the command line: peak memory and CPU time.

    python benchmarks/bench_mme_attacks.py [--only NAME ...] [--keep DIR]

Each hostile stream of ``tests/mme/mme_attacks.py`` (empty zlib streams by the million,
zlib/gzip bombs in MAP_DATA and MAP_TOTAL_DATA, a huge map setup, an append buffer
overflow, lying lengths, floods of players and textures) follows a legitimate 64 x 64 x 32
map load and is written as a JSON Lines capture (64 KiB records). Then
``wirestruct decode CAPTURE -p mme`` and ``wirestruct state CAPTURE -p mme`` run on it as
subprocesses; the script prints each one's peak resident memory, CPU time (user +
system), and the error count ``decode`` reports. ``legit`` is the map load alone, the
baseline. (The captures are written by a child process: Linux carries a process's peak
memory across fork and exec, so the measuring process stays small.)

What each run printed is checked before its figures: the command's output (read from
its pipe as it comes: byte total and SHA-256) must be what the library makes of the same
capture in another child process (``decode_records`` and each event's JSON line for
``decode``, the tracker's snapshot document for ``state``); otherwise the script exits 1
naming the attack, the command and both digests.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "mme"))

import mme_attacks  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from agreement import REFERENCE, Seen, agree  # noqa: E402

NAME = "bench_mme_attacks"

RECORD = 1 << 16


def write_capture(path: Path, stream: bytes) -> None:
    with open(path, "w") as out:
        for i in range(0, len(stream), RECORD):
            out.write(json.dumps({"t": i / RECORD, "dir": "s2c",
                                  "data": stream[i:i + RECORD].hex()}) + "\n")


def wirestruct_command() -> list:
    script = Path(sys.executable).with_name("wirestruct")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from wirestruct.tools.cli import main; "
            "sys.exit(main())"]


def measure(args: list) -> tuple:
    """Run a command; returns (peak RSS MiB, CPU seconds, exit status, stderr, the
    output's digest)."""
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=errors)
        digest, size = hashlib.sha256(), 0
        for block in iter(lambda: proc.stdout.read(1 << 16), b""):
            digest.update(block)
            size += len(block)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        stderr = errors.read().decode(errors="replace")
    return (usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, proc.returncode,
            stderr, Seen({"bytes": size, "sha256": digest.hexdigest()}))


def reference(path: Path, label: str) -> dict:
    """What the library makes of the capture (see the module doc), in a child process."""
    out = subprocess.run([sys.executable, "-c", REFERENCE, str(ROOT / "benchmarks"), "mme",
                          str(path), label], capture_output=True, text=True, check=True)
    return {command: Seen(got) for command, got in json.loads(out.stdout).items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="attack names (default: all)")
    parser.add_argument("--keep", metavar="DIR", help="write the captures here and keep them")
    parser.add_argument("--write", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    names = ["legit", *mme_attacks.ATTACKS]
    if args.only:
        names = [n for n in names if n in args.only or n == "legit"]
    if args.write:
        for name in names:
            attack = b"" if name == "legit" else mme_attacks.ATTACKS[name]()
            write_capture(Path(args.write) / f"{name}.jsonl",
                          mme_attacks.LEGIT + attack + mme_attacks.CHAT)
        return 0
    folder = Path(args.keep or tempfile.mkdtemp(prefix="mme_attacks_"))
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, __file__, "--write", str(folder),
                    *(["--only", *args.only] if args.only else [])], check=True)
    command = wirestruct_command()
    status = 0
    print(f"{'attack':26} {'wire MiB':>8}  {'decode RSS MiB':>14} {'CPU s':>6} {'errors':>6}"
          f"  {'state RSS MiB':>13} {'CPU s':>6}")
    try:
        for name in names:
            capture = folder / f"{name}.jsonl"
            decode = measure([*command, "decode", str(capture), "-p", "mme"])
            state = measure([*command, "state", str(capture), "-p", "mme"])
            want = reference(capture, name)
            for run, got in (("decode", decode), ("state", state)):
                agree(NAME, f"{name}: the output of `wirestruct {run}`",
                      {"the command": got[4], "the library": want[run]})
            found = re.search(r"(\d+) packets, (\d+) errors", decode[3])
            errors = found.group(2) if found else "?"
            if decode[2] not in (0, 1) or state[2] not in (0, 1):
                status = 1
                print(f"{name}: exit status {decode[2]} / {state[2]}\n{decode[3]}{state[3]}")
            print(f"{name:26} {capture.stat().st_size / 2 / 2**20:8.2f}  {decode[0]:14.0f} "
                  f"{decode[1]:6.2f} {errors:>6}  {state[0]:13.0f} {state[1]:6.2f}", flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(folder)
    return status


if __name__ == "__main__":
    sys.exit(main())
