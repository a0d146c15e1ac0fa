"""Hostile captures through tshark with wirestruct's Wireshark plugin, against plain tshark
on the same files, in one run: peak resident memory and CPU time of each.

    python benchmarks/bench_wireshark_attacks.py [--only NAME ...] [--two-pass] [--keep DIR]

The captures are ``tests/wireshark/attacks.py``'s (MME map data inflating to 16 MiB a
piece over several connections, append buffers used again and again, Scrap Mechanic
updates of thousands of one-byte sub-updates, 06 File Checksums of 16 MiB, compounds,
BlobData lists, diep.io LZ4 bombs and lying counts ...), a few KB to a few MB each. Each
is read by ``tshark -r CAPTURE -V`` without and with ``-X lua_script:`` of the plugin
(``--two-pass``: also with ``-2``, tshark's two passes, the second of which dissects every
packet again as a click in the GUI does), and by ``wirestruct decode``; every run in a
process of its own, measured from a small parent that kills it past ``--rss-cap`` MiB or
``--timeout`` seconds of CPU. Printed per attack: the capture's size, what wirestruct's
decode says (error kinds), peak RSS and CPU of each run, the plugin's memory above plain tshark
and its CPU ratio (to plain tshark's CPU or 0.3 s, whichever is more), and ``ok`` when
the plugin stays within 256 MiB above plain tshark and 20 times its CPU and its expert
infos name the error kinds and limits wirestruct's errors name (else what differs).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "wireshark"))

import attacks  # noqa: E402


def wirestruct_command() -> list[str]:
    script = Path(sys.executable).with_name("wirestruct")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from wirestruct.tools.cli import main; "
            "sys.exit(main())"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="attack names (default: all)")
    parser.add_argument("--two-pass", action="store_true", help="also tshark -2 (two passes)")
    parser.add_argument("--keep", metavar="DIR", help="write the captures here and keep them")
    parser.add_argument("--rss-cap", type=int, default=4096,
                        help="kill a run past this many MiB resident (default 4096)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="kill a run after this many seconds of CPU (default 300)")
    args = parser.parse_args(argv)
    tshark = shutil.which("tshark")
    if tshark is None:
        print("tshark is not installed")
        return 1
    from wirestruct.wireshark.plugin import build_plugin, find_tshark

    names = args.only or list(attacks.ATTACKS)
    unknown = [n for n in names if n not in attacks.ATTACKS]
    if unknown:
        parser.error(f"unknown attacks: {', '.join(unknown)}")
    found = find_tshark(tshark)
    print(f"tshark {found.version} ({found.lua}); load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores")
    print(f"budget: plugin at most {attacks.RSS_BUDGET_MIB} MiB above plain tshark and "
          f"{attacks.CPU_RATIO}x its CPU (floor {attacks.CPU_FLOOR} s)")
    folder = Path(args.keep or tempfile.mkdtemp(prefix="ws_attacks_"))
    folder.mkdir(parents=True, exist_ok=True)
    status = 0
    try:
        plugin = build_plugin(folder / "plugin")
        env = attacks.tshark_env(folder / "home")
        modes = [False, True] if args.two_pass else [False]
        print(f"{'attack':30}{'KB':>7}  {'wirestruct decode':24}{'RSS':>6}{'CPU':>7}  "
              f"{'mode':5}{'tshark RSS':>11}{'CPU':>7}{'+plugin RSS':>12}{'CPU':>7}"
              f"{'dRSS':>7}{'ratio':>7}  verdict")
        for name in names:
            attack = attacks.ATTACKS[name]
            capture = attack.write(folder / f"{name}.pcapng")
            python = attacks.python_verdict(capture, attack.protocol)
            decode = attacks.measure([*wirestruct_command(), "decode", str(capture), "-p",
                                      attack.protocol], folder / f"{name}.decode",
                                     rss_cap_mib=args.rss_cap, timeout=args.timeout)
            said = ",".join(f"{k}:{v}" for k, v in sorted(python.kinds.items())) or \
                f"{python.packets} packets"
            head = (f"{name:30}{capture.stat().st_size / 1024:>7.0f}  {said[:24]:24}"
                    f"{decode.rss:>6.0f}{decode.cpu:>7.2f}")
            for two in modes:
                runs = []
                for plugged in (None, plugin):
                    side = "plugin" if plugged else "plain"
                    out = folder / f"{name}.{'2' if two else '1'}.{side}"
                    runs.append(attacks.measure(
                        attacks.tshark_command(tshark, capture, plugged, two), out,
                        rss_cap_mib=args.rss_cap, timeout=args.timeout, env=env))
                plain, plugged_run = runs
                problems = attacks.within_budget(plain, plugged_run)
                lua, lua_errors = attacks.read_verdict(plugged_run.stdout)
                if not plugged_run.killed:
                    problems += attacks.verdict_differences(python, lua)
                if lua_errors:
                    problems.append(f"{len(lua_errors)} Lua errors, e.g. {lua_errors[0][:120]}")
                if problems:
                    status = 1
                ratio = plugged_run.cpu / max(plain.cpu, attacks.CPU_FLOOR)
                print(f"{head}  {'-2 -V' if two else '-V':5}{plain.rss:>11.0f}{plain.cpu:>7.2f}"
                      f"{plugged_run.rss:>12.0f}{plugged_run.cpu:>7.2f}"
                      f"{plugged_run.rss - plain.rss:>7.0f}{ratio:>6.1f}x  "
                      + ("ok" if not problems else "; ".join(problems)), flush=True)
                head = " " * len(head)
                for run in runs:
                    run.stdout.unlink(missing_ok=True)
            decode.stdout.unlink(missing_ok=True)
    finally:
        if not args.keep:
            shutil.rmtree(folder)
    print(f"load average {os.getloadavg()[0]:.2f}")
    return status


if __name__ == "__main__":
    sys.exit(main())
