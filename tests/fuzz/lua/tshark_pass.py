"""Every fuzz corpus input through real tshark, with and without the wirestruct plugin.

    python tests/fuzz/lua/tshark_pass.py [TARGET ...] [--hostile] [--tshark tshark]

For each Lua target (``lua_mme``, ``lua_scrap_mechanic``, ``lua_diep``) the corpus and
seeds of the Python target of the same protocol and the Lua target's regression inputs
(and with ``--hostile`` the hostile-message attacks, in a capture of their own) are
written as ONE capture file, each input its own connection(s), as Wireshark reads the
protocol (``wirestruct.wireshark.plugin.write_capture``: TCP for MME, exported PDUs for
the message protocols; a fuzz input's gaps are left out, its records are the segments or
messages). tshark dissects the file with a full tree (``-V``) once with the plugin
(``-X lua_script:``, built with the default limits) and once without, each in a HOME of
its own; the table gives per target the CPU seconds and peak RSS of both runs, the ratio
of CPU and the memory the plugin adds, the Lua errors tshark printed (there must be
none) and the frames with an error expert info.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import lua_fuzz  # noqa: E402

#: GNU time, which measures the process it starts.
TIME = shutil.which("time") or "/usr/bin/time"


@dataclass
class Run:
    cpu: float          #: user + system seconds
    rss_mb: float       #: peak resident memory
    status: int
    stderr: str


def tshark_run(tshark: str, capture: Path, home: Path, plugin: Path | None,
               *args: str) -> Run:
    """One tshark process, its stdout thrown away, measured by GNU time (started from this
    Python, tshark's peak RSS would count the memory of the Python process it was forked
    from)."""
    home.mkdir(parents=True, exist_ok=True)
    command = [tshark, *(["-X", f"lua_script:{plugin}"] if plugin else []), "-r",
               str(capture), *args]
    with tempfile.NamedTemporaryFile("r", suffix=".time") as figures:
        done = subprocess.run([TIME, "-f", "%U %S %M", "-o", figures.name, *command],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              errors="replace", env=dict(os.environ, LC_ALL="C",
                                                         HOME=str(home)))
        user, system, peak_kb = figures.read().split()[-3:]
    return Run(float(user) + float(system), int(peak_kb) / 1024, done.returncode, done.stderr)


def capture_records(target: str, inputs: list, hostile: bool):
    """The inputs as capture records, each input on connections of its own."""
    import harness
    from wirestruct.core.records import CaptureRecord, Direction

    streams = lua_fuzz.protocol_of(target).transport == "stream"
    out = []
    for n, item in enumerate(inputs):
        if hostile:
            pieces = [(Direction.S2C if s2c else Direction.C2S, data, 0)
                      for s2c, data in item.records()]
        else:
            pieces = [(r.direction, r.data, r.stream)
                      for r in harness.split_records(item[1], streams=streams)
                      if isinstance(r, CaptureRecord)]
        for direction, data, stream in pieces:
            out.append(CaptureRecord(len(out), len(out) * 0.001, direction, data,
                                     2 * n + stream))
    return out


def server_port(protocol) -> int:
    """The server port write_capture gives a stream protocol's connections."""
    return protocol.default_ports[0] if protocol.default_ports else 4000


def measure(target: str, tshark: str, work: Path, hostile: bool = False) -> dict:
    from wirestruct.core.limits import Limits
    from wirestruct.wireshark.plugin import write_capture

    protocol = lua_fuzz.protocol_of(target)
    if hostile:
        inputs: list = lua_fuzz.hostile_inputs(target)
    else:
        inputs = lua_fuzz.corpus_inputs(target) + lua_fuzz.regression_inputs(target)
    records = capture_records(target, inputs, hostile)
    capture = work / f"{target}{'-hostile' if hostile else ''}.pcapng"
    write_capture(capture, protocol, records)
    plugin = lua_fuzz.build(work / "plugin" / target, target, Limits())
    proto = protocol.wireshark.proto
    # every connection as the protocol (a fuzzed MME stream need not start as a real one
    # does, which is what the heuristic looks for)
    decode_as = ["-d", f"tcp.port=={server_port(protocol)},{proto}"] \
        if protocol.transport == "stream" else []
    without = tshark_run(tshark, capture, work / "home-without", None, "-V")
    with_plugin = tshark_run(tshark, capture, work / "home-with", plugin, "-V", *decode_as)
    experts = subprocess.run(
        [tshark, "-X", f"lua_script:{plugin}", "-r", str(capture), *decode_as, "-Y",
         f"{proto} && _ws.expert.severity == error", "-T", "fields", "-e", "frame.number"],
        capture_output=True, text=True, env=dict(os.environ, LC_ALL="C",
                                                 HOME=str(work / "home-with")))
    lua_errors = [line for line in with_plugin.stderr.splitlines()
                  if "Lua" in line or "lua" in line]
    return {"target": target + (" (hostile)" if hostile else ""), "inputs": len(inputs),
            "frames": len(records), "bytes": capture.stat().st_size,
            "cpu_without": without.cpu, "cpu_with": with_plugin.cpu,
            "rss_without": without.rss_mb, "rss_with": with_plugin.rss_mb,
            "status": with_plugin.status, "lua_errors": lua_errors,
            "error_frames": len(experts.stdout.split())}


def table(rows: list[dict]) -> list[str]:
    head = ("target", "inputs", "frames", "KB", "CPU s w/o", "CPU s with", "x", "RSS MB w/o",
            "RSS MB with", "+MB", "error frames", "Lua errors")
    lines = [head]
    for r in rows:
        ratio = r["cpu_with"] / r["cpu_without"] if r["cpu_without"] else float("inf")
        lines.append((r["target"], str(r["inputs"]), str(r["frames"]), str(r["bytes"] // 1024),
                      f"{r['cpu_without']:.2f}", f"{r['cpu_with']:.2f}", f"{ratio:.1f}",
                      f"{r['rss_without']:.0f}", f"{r['rss_with']:.0f}",
                      f"{r['rss_with'] - r['rss_without']:.0f}", str(r["error_frames"]),
                      str(len(r["lua_errors"])) + ("" if r["status"] == 0 else
                                                    f" (exit {r['status']})")))
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    return ["  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in
                      enumerate(zip(row, widths))) for row in lines]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help="default: " + ", ".join(sorted(lua_fuzz.TARGETS)))
    parser.add_argument("--hostile", action="store_true",
                        help="also a capture of the hostile-message attacks per target")
    parser.add_argument("--tshark", default="tshark")
    args = parser.parse_args(argv)
    tshark = shutil.which(args.tshark)
    if tshark is None:
        parser.error(f"{args.tshark} not found")
    targets = args.targets or sorted(lua_fuzz.TARGETS)
    rows = []
    with tempfile.TemporaryDirectory(prefix="wirestruct-tshark-pass-") as tmp:
        for target in targets:
            for hostile in (False, True) if args.hostile else (False,):
                row = measure(target, tshark, Path(tmp), hostile)
                rows.append(row)
                for line in row["lua_errors"][:5]:
                    print(f"{row['target']}: {line}", file=sys.stderr)
    print("\n".join(table(rows)))
    return 1 if any(r["lua_errors"] or r["status"] != 0 for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
