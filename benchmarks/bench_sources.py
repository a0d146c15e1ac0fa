"""Input-source speed and memory: a capture read from a file, from a pipe, and compressed.

    python benchmarks/bench_sources.py [--size-mb 50] [--keep DIR]

Writes the synthetic pcap of ``bench_captures.py`` (about ``--size-mb`` MB of payload),
then gzip (level 6), xz (preset 1) and zstd (level 3) copies of it. Each case reads every
record with ``wirestruct.open_capture`` in a fresh Python process: the plain file, the
plain file through a pipe (``cat FILE | ... open_capture("-")``), and each compressed
file, from disk and through a pipe. Printed: records/s, MB/s of decompressed capture,
and the reading process's peak resident memory (VmHWM).

Checked before the figures are printed: a first, untimed run of each case keeps each
stream and direction's bytes (byte total and SHA-256), which must be the records
written; each timed run must then read as many records, and the whole decompressed
capture. Otherwise the script exits 1 naming the case and its bytes.
"""
from __future__ import annotations

import argparse
import gzip
import json
import lzma
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from agreement import Flows, Seen, agree, require  # noqa: E402
from bench_captures import build, records  # noqa: E402 - a sibling script, on sys.path

NAME = "bench_sources"

READER = r"""
import sys, time
from wirestruct.captures import open_capture
start = time.perf_counter()
count = 0
with open_capture(sys.argv[1], server="4000") as capture:
    for item in capture:
        count += 1
        tell = capture.stream.tell()
elapsed = time.perf_counter() - start
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(count, tell, elapsed, hwm)
"""

#: The same reading, untimed, keeping what was read (agreement.py's flows, as JSON).
DIGEST = r"""
import json, sys
sys.path.insert(0, sys.argv[2])
from agreement import Flows, leaky
from wirestruct.captures import open_capture
flows = Flows()
add = leaky(sys.argv[3], flows.add)
with open_capture(sys.argv[1], server="4000") as capture:
    for item in capture:
        add((item.stream, item.direction), item.data)
print(json.dumps(flows.to_json()))
"""


def run_case(path: Path, pipe: bool, digest: str = "") -> tuple[int, int, float, int] | dict:
    """The timed reading's (records, bytes, seconds, peak RSS KiB); with ``digest`` (the
    case's name), the untimed reading's flows."""
    code = [DIGEST, "-" if pipe else str(path), str(HERE), digest] if digest else [
        READER, "-" if pipe else str(path)]
    with open(path, "rb") as source:
        proc = subprocess.run([sys.executable, "-c", *code], stdin=source if pipe else None,
                              capture_output=True, text=True, check=True)
    if digest:
        return json.loads(proc.stdout)
    count, size, elapsed, hwm = proc.stdout.split()
    return int(count), int(size), float(elapsed), int(hwm)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=float, default=50.0, help="payload size (MB)")
    parser.add_argument("--keep", metavar="DIR", help="write the files here and keep them")
    args = parser.parse_args(argv)
    folder = Path(args.keep or tempfile.mkdtemp(prefix="wirestruct-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        plain = Path(build(folder, args.size_mb)["pcap"][0])
        data = plain.read_bytes()
        files = {"plain": plain}
        for name, pack in (("gzip", lambda d: gzip.compress(d, 6)),
                           ("xz", lambda d: lzma.compress(d, preset=1)),
                           ("zstd", _zstd)):
            files[name] = folder / f"bench.pcap.{name}"
            files[name].write_bytes(pack(data))
        del data
        written = Flows()
        number = 0
        for r in records(args.size_mb):
            written.add((r.stream, r.direction), r.data)
            number += 1
        read = {}
        for name, path in files.items():
            for pipe in (False, True):
                label = f"{name}{' | pipe' if pipe else ''}"
                read[label] = Seen(run_case(path, pipe, digest=label))
        agree(NAME, "the records read (each stream and direction's bytes)",
              {"the records written": written, **read})
        print(f"{'input':<14}{'file MB':>9}{'records/s':>12}{'MB/s':>8}{'peak RSS MB':>13}")
        for name, path in files.items():
            for pipe in (False, True):
                count, size, elapsed, hwm = run_case(path, pipe)
                label = f"{name}{' | pipe' if pipe else ''}"
                require(NAME, count == number and size == plain.stat().st_size,
                        f"{label}: the timed run read {count} records, {size:,} bytes of "
                        f"capture; {number} records, {plain.stat().st_size:,} bytes written")
                print(f"{label:<14}{path.stat().st_size / 1e6:>9.1f}{count / elapsed:>12,.0f}"
                      f"{size / 1e6 / elapsed:>8.1f}{hwm / 1024:>13.1f}", flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


def _zstd(data: bytes) -> bytes:
    import zstandard
    return zstandard.ZstdCompressor(level=3).compress(data)


if __name__ == "__main__":
    sys.exit(main())
