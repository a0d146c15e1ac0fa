"""tshark with wirestruct's Wireshark plugin against plain tshark, on the same files, in
one run; and the generated Lua parsers on wirestruct's Lua runtime (lua5.4, lua5.2)
against wirestruct's Python parse of the same packets.

    python benchmarks/bench_wireshark.py [--copies N] [--rounds R]

Files: the MME test session (pcapng, TCP), the MME sample repeated ``--copies`` times as
one large pcapng (TCP, one connection per copy), and the diep.io sample as exported PDUs
(pcapng, the plugin's dissector named in each frame), also repeated, and the Scrap Mechanic
sample the same way. Each file is read
by ``tshark -r FILE`` (the packet list) and ``tshark -r FILE -V`` (every tree built),
without and with ``-X lua_script:`` of the plugin; best of R of the child's CPU time.
Without the plugin tshark shows MME as TCP payload and the exported PDUs as undissected
data, so the difference is what decoding costs. The load average is printed, as timings
on a busy machine are not comparable.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child_cpu(cmd: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child run, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=dict(os.environ, LC_ALL="C"))
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), wall


def best(cmd: list[str], rounds: int) -> tuple[float, float]:
    runs = [child_cpu(cmd) for _ in range(rounds)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def captures(tmp: Path, copies: int) -> list[tuple[str, Path, int]]:
    from wirestruct import open_capture
    from wirestruct.captures.writers.pcap_writer import write_exported_pdus, write_pcapng
    from wirestruct.core.records import CaptureRecord

    def records(path: Path) -> list[CaptureRecord]:
        with open_capture(path) as capture:
            return [r for r in capture if isinstance(r, CaptureRecord)]

    mme = records(ROOT / "samples" / "mme.jsonl")
    big = []
    for copy in range(copies):
        for r in mme:
            big.append(CaptureRecord(len(big), r.t + copy * 100.0, r.direction, r.data,
                                     r.stream + copy * 8))
    out = []
    session = ROOT / "tests" / "data" / "mme" / "session.pcapng"
    out.append(("MME test session", session, 404))
    large = tmp / "mme_large.pcapng"
    with open(large, "wb") as f:
        write_pcapng(f, big)
    out.append((f"MME sample x{copies}", large, 404 * copies))
    # the message protocols as Wireshark's exported PDUs, once and ``copies`` times
    for label, stem, sample, dissector in (
            ("diep.io sample", "diep", "diep.jsonl", "diep"),
            ("Scrap Mechanic sample", "sm", "scrap_mechanic.jsonl", "scrap_mechanic")):
        packets = records(ROOT / "samples" / sample)
        for name, count in ((label, 1), (f"{label} x{copies}", copies)):
            path = tmp / f"{stem}_{count}.pcapng"
            with open(path, "wb") as f:
                write_exported_pdus(f, [CaptureRecord(i, r.t, r.direction, r.data, 0)
                                        for i, r in enumerate(packets * count)], dissector)
            out.append((name, path, len(packets) * count))
    return out


LUA_PARSE = r"""
local runtime_dir, task_file, rounds = arg[1], arg[2], tonumber(arg[3])
local dirs = { runtime_dir }
for i = 4, #arg do dirs[#dirs + 1] = arg[i] end
local rt = dofile(runtime_dir .. "/wirestruct.lua").new(dirs)
local tasks = {}
for line in io.lines(task_file) do
  local spec, hex = line:match("^(%S+)\t(%x*)$")
  local data = hex:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end)
  tasks[#tasks + 1] = { spec, data }
end
for _, t in ipairs(tasks) do rt:parse(t[1], t[2]) end   -- load every module first
local started = os.clock()
for _ = 1, rounds do
  for _, t in ipairs(tasks) do
    local ok, err = rt:parse(t[1], t[2])
    if not ok then error(tostring(err)) end
  end
end
print(os.clock() - started)
"""


def lua_figures(rounds: int) -> None:
    from wirestruct import decode_records, get_protocol, open_capture
    from wirestruct.core.events import PacketEvent
    from wirestruct.core.parse import parse
    from wirestruct.wireshark import generated_lua_dirs, lua_dir

    print(f"\nparsing every packet of each sample {rounds} times (CPU seconds; packets/s):")
    print(f"{'sample':<26}{'packets':>8}{'python':>10}{'lua5.4':>10}{'lua5.2':>10}")
    dirs = [str(d) for d in generated_lua_dirs().values()]
    for sample, name in (("mme.jsonl", "mme"), ("diep.jsonl", "diep"),
                         ("scrap_mechanic.jsonl", "scrap-mechanic")):
        protocol = get_protocol(name)
        items = []
        with open_capture(ROOT / "samples" / sample) as capture:
            for event in decode_records(capture, protocol.decoder()):
                if isinstance(event, PacketEvent):
                    items.extend((i.spec, bytes(i.data)) for i in protocol.export_items(event))
        classes = {}
        for spec, _ in items:
            if spec not in classes:
                import importlib
                module = importlib.import_module(f"{protocol.specs.package}.{spec}")
                classes[spec] = getattr(module, "".join(p.capitalize() for p in spec.split("_")))
        started = time.process_time()
        for _ in range(rounds):
            for spec, data in items:
                parse(classes[spec], data)
        python = time.process_time() - started
        figures = [python]
        with tempfile.TemporaryDirectory() as tmp:
            tasks = Path(tmp) / "tasks"
            tasks.write_text("".join(f"{s}\t{d.hex()}\n" for s, d in items))
            script = Path(tmp) / "parse.lua"
            script.write_text(LUA_PARSE)
            for lua in ("lua5.4", "lua5.2"):
                if shutil.which(lua) is None:
                    figures.append(None)
                    continue
                out = subprocess.run([lua, str(script), str(lua_dir()), str(tasks), str(rounds),
                                      *dirs], capture_output=True, text=True, check=True)
                figures.append(float(out.stdout.strip()))
        shown = "".join(f"{f:>10.2f}" if f is not None else f"{'-':>10}" for f in figures)
        print(f"{sample:<26}{len(items):>8}{shown}   "
              + "  ".join(f"{len(items) * rounds / f:,.0f}/s" for f in figures if f))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=20,
                        help="how many times the samples are repeated in the large files")
    parser.add_argument("--rounds", type=int, default=3, help="best of R runs")
    args = parser.parse_args(argv)
    tshark = shutil.which("tshark")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if tshark is None:
        print("tshark is not installed: no tshark figures")
    else:
        from wirestruct.wireshark.plugin import build_plugin, find_tshark
        found = find_tshark()
        print(f"tshark {found.version} ({found.lua}); CPU seconds, best of {args.rounds}")
        with tempfile.TemporaryDirectory() as tmp:
            tmp_path = Path(tmp)
            plugin = build_plugin(tmp_path / "plugin")
            print(f"{'file':<24}{'packets':>8}{'size':>10}  {'list':>6}{'+plugin':>9}"
                  f"{'ratio':>7}  {'-V':>6}{'+plugin':>9}{'ratio':>7}")
            for name, path, packets in captures(tmp_path, args.copies):
                row = []
                for extra in ([], ["-V"]):
                    plain, _ = best([tshark, "-r", str(path), *extra], args.rounds)
                    with_plugin, _ = best([tshark, "-X", f"lua_script:{plugin}", "-r", str(path),
                                           *extra], args.rounds)
                    row.append((plain, with_plugin))
                size = f"{path.stat().st_size / 1e6:.1f} MB"
                print(f"{name:<24}{packets:>8}{size:>10}  "
                      + "  ".join(f"{a:>6.2f}{b:>9.2f}{b / a:>6.1f}x" for a, b in row))
    lua_figures(args.rounds)
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
