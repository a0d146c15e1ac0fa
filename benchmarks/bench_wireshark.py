"""tshark with wirestruct's Wireshark plugin, tshark without it and ``wirestruct decode``, on
the same generated captures, in one run: CPU time per packet, side by side.

    python benchmarks/bench_wireshark.py [--mb 40] [--rounds 3] [--protocols mme,diep,...]
                                         [--no-half] [--plugin ENTRY] [--lua]

Each protocol with a Wireshark dissector gets one capture of about ``--mb`` MB of packet
bytes: sessions of its own generator (``protocol.generate``, seeds 1, 2, ...; once there are
a few, they are repeated, each copy a connection of its own), written as the pcapng
Wireshark reads the protocol from (``write_capture``: TCP connections for MME, exported PDUs
for the message protocols). Timed, as the CPU time of a child process (user + system),
least of ``--rounds`` runs, since the machine may be shared:

* ``tshark -r CAP``: the packet list, without and with ``-X lua_script:`` of the plugin;
* ``tshark -r CAP -V``: every tree built, without and with the plugin;
* ``wirestruct decode -p NAME --format summary --jobs 1 CAP``: wirestruct's own decode of
  the same packets, in one process as tshark is.

Without the plugin tshark shows MME as TCP payload and exported PDUs as undissected data, so
the difference between the two is what the dissector costs. Per packet is per packet
wirestruct decodes (nested packets counted, as the plugin shows them); before timing, the
benchmark checks that tshark with the plugin shows exactly as many packets as wirestruct
decodes, and fails otherwise. ``ratio`` is the plugin's list pass per packet over
wirestruct's decode per packet. The same is then measured on the first half of the
sessions (``--no-half`` skips it): per-packet figures that stay put show cost linear in size.
``--lua`` adds the generated parsers alone on the standalone Lua runtime (lua5.2, lua5.4)
against wirestruct's Python parse of the same packets.
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: distinct generated sessions per protocol before they are repeated (generating is slow)
SEEDS = 3


def child_cpu(cmd: list[str]) -> float:
    """CPU seconds (user + system) of one child run, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=dict(os.environ, LC_ALL="C"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def least(cmd: list[str], rounds: int) -> float:
    return min(child_cpu(cmd) for _ in range(rounds))


def sessions(protocol, size: int) -> list[list]:
    """Sessions of ``protocol``'s generator, at least ``size`` bytes of records in all:
    seeds 1 to SEEDS, then copies of them; every session a connection of its own and
    later in time than the one before."""
    from wirestruct.core.records import CaptureRecord

    made: list[list] = []
    out: list[list] = []
    total = 0
    t0 = 0.0
    while total < size:
        if len(made) < SEEDS:
            made.append(list(protocol.generate(len(made) + 1)))
        source = made[len(out) % len(made)]
        stream = len(out)
        first = source[0].t
        copy = [CaptureRecord(0, t0 + (r.t - first), r.direction, r.data, stream)
                for r in source]
        t0 = copy[-1].t + 1.0
        out.append(copy)
        total += sum(len(r.data) for r in copy)
    return out


def flatten(chosen: list[list]):
    from wirestruct.core.records import CaptureRecord
    records = []
    for session in chosen:
        for r in session:
            records.append(CaptureRecord(len(records), r.t, r.direction, r.data, r.stream))
    return records


@dataclass
class Row:
    protocol: str
    packets: int
    payload: int            # bytes of the records
    size: int               # bytes of the capture file
    alone: float = 0.0      # CPU seconds: tshark -r
    plugin: float = 0.0     # tshark -X lua_script -r
    alone_v: float = 0.0    # tshark -r -V
    plugin_v: float = 0.0   # tshark -X lua_script -r -V
    decode: float = 0.0     # wirestruct decode --format summary


def measure(name: str, capture: Path, records: list, plugin: Path, tshark: str,
            rounds: int) -> Row:
    from wirestruct import get_protocol
    from wirestruct.wireshark.plugin import _tshark_packets, expected_packets

    protocol = get_protocol(name)
    proto = protocol.wireshark.proto
    ws_carrier = protocol.wireshark.carrier
    expected = expected_packets(protocol, capture) if ws_carrier == "tcp" \
        else expected_packets(protocol, records=records)
    shown, _errors, stderr, status = _tshark_packets(tshark, plugin, capture, proto)
    if status != 0 or shown != expected:
        raise SystemExit(f"{name}: tshark with the plugin showed {shown} packets, wirestruct "
                         f"decodes {expected} (exit status {status})\n{stderr[-2000:]}")
    row = Row(name, shown, sum(len(r.data) for r in records), capture.stat().st_size)
    lua = ["-X", f"lua_script:{plugin}"]
    row.alone = least([tshark, "-r", str(capture)], rounds)
    row.plugin = least([tshark, *lua, "-r", str(capture)], rounds)
    row.alone_v = least([tshark, "-r", str(capture), "-V"], rounds)
    row.plugin_v = least([tshark, *lua, "-r", str(capture), "-V"], rounds)
    wirestruct = shutil.which("wirestruct")
    cli = [wirestruct] if wirestruct else [sys.executable, "-m", "wirestruct"]
    row.decode = least([*cli, "decode", "-p", name, "--format", "summary", "--jobs", "1",
                        str(capture)], rounds)
    return row


def show(rows: list[Row], title: str) -> None:
    print(f"\n{title}: CPU microseconds per packet (least of the runs)")
    print(f"{'protocol':<16}{'packets':>9}{'MB':>7}{'file MB':>9}{'tshark':>9}{'+plugin':>9}"
          f"{'-V':>9}{'+plugin -V':>11}{'decode':>9}{'ratio':>7}{'ratio -V':>9}")
    for r in rows:
        us = [x * 1e6 / r.packets for x in (r.alone, r.plugin, r.alone_v, r.plugin_v, r.decode)]
        print(f"{r.protocol:<16}{r.packets:>9}{r.payload / 1e6:>7.1f}{r.size / 1e6:>9.1f}"
              f"{us[0]:>9.1f}{us[1]:>9.1f}{us[2]:>9.1f}{us[3]:>11.1f}{us[4]:>9.1f}"
              f"{us[1] / us[4]:>6.2f}x{us[3] / us[4]:>8.2f}x")


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
local best = math.huge
for _ = 1, rounds do
  local started = os.clock()
  for _, t in ipairs(tasks) do
    local ok, err = rt:parse(t[1], t[2])
    if not ok then error(tostring(err)) end
  end
  best = math.min(best, os.clock() - started)
end
print(best)
"""


def lua_figures(rounds: int) -> None:
    """The generated parsers alone: Python parse against the standalone Lua runtime."""
    import importlib

    from wirestruct import decode_records, get_protocol, open_capture
    from wirestruct.core.events import PacketEvent
    from wirestruct.core.parse import parse
    from wirestruct.wireshark import generated_lua_dirs, lua_dir

    print("\nthe generated parsers alone, every packet of each sample (CPU microseconds per "
          "packet, least of the runs):")
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
                module = importlib.import_module(f"{protocol.specs.package}.{spec}")
                classes[spec] = getattr(module, "".join(p.capitalize() for p in spec.split("_")))
        python = float("inf")
        for _ in range(rounds):
            started = time.process_time()
            for spec, data in items:
                parse(classes[spec], data)
            python = min(python, time.process_time() - started)
        figures: list[float | None] = [python]
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
        print(f"{sample:<26}{len(items):>8}" + "".join(
            f"{f * 1e6 / len(items):>10.1f}" if f is not None else f"{'-':>10}"
            for f in figures))


def main(argv=None) -> int:
    from wirestruct import get_protocol, protocol_names
    from wirestruct.wireshark.plugin import build_plugin, find_tshark, write_capture

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=40.0,
                        help="MB of packet bytes per protocol (default 40)")
    parser.add_argument("--rounds", type=int, default=3, help="least of R runs (default 3)")
    parser.add_argument("--protocols", default=None,
                        help="comma-separated protocol names (default: every one with a "
                             "Wireshark dissector and a generator)")
    parser.add_argument("--no-half", action="store_true",
                        help="skip the run on half the sessions")
    parser.add_argument("--plugin", type=Path, default=None,
                        help="the entry script of a plugin already built (e.g. by an earlier "
                             "wirestruct, to compare with), instead of one built from this "
                             "tree")
    parser.add_argument("--lua", action="store_true",
                        help="also time the generated parsers alone on standalone Lua")
    args = parser.parse_args(argv)
    names = args.protocols.split(",") if args.protocols else [
        n for n in protocol_names()
        if get_protocol(n).wireshark is not None and get_protocol(n).generate is not None]
    found = find_tshark()
    if found.tshark is None:
        print("tshark is not installed: nothing to measure")
        return 1
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"tshark {found.version} ({found.lua}); least of {args.rounds} runs")
    full: list[Row] = []
    half: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        plugin = args.plugin.resolve() if args.plugin else build_plugin(tmp_path / "plugin")
        for name in names:
            protocol = get_protocol(name)
            chosen = sessions(protocol, int(args.mb * 1e6))
            parts = [("full", chosen, full)]
            if not args.no_half:
                parts.append(("half", chosen[:max(1, len(chosen) // 2)], half))
            for label, part, rows in parts:
                records = flatten(part)
                capture = tmp_path / f"{protocol.wireshark.proto}_{label}.pcapng"
                write_capture(capture, protocol, records)
                rows.append(measure(name, capture, records, plugin, found.tshark, args.rounds))
                capture.unlink()
    show(full, f"about {args.mb:g} MB per protocol")
    if half:
        show(half, "half of the same sessions")
        print("\nfull / half, CPU per packet of tshark with the plugin (1.00: linear in size):")
        for f, h in zip(full, half):
            print(f"{f.protocol:<16}list {f.plugin / f.packets / (h.plugin / h.packets):.2f}"
                  f"   -V {f.plugin_v / f.packets / (h.plugin_v / h.packets):.2f}"
                  f"   decode {f.decode / f.packets / (h.decode / h.packets):.2f}")
    if args.lua:
        lua_figures(args.rounds)
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
