"""``wirestruct wireshark``: the Wireshark plugin made from the protocols' specs.

    wirestruct wireshark install [--dir DIR] [-p NAME ...]   into Wireshark's plugin folder
    wirestruct wireshark check [--plugin FILE] [-p NAME ...] does tshark load and decode it?

Every installed protocol with a Wireshark part gets a dissector (:mod:`wirestruct.wireshark`).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from wirestruct.core.errors import EXIT_FAILED, EXIT_OK, UsageError
from wirestruct.tools.cli import options


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("wireshark", help="the Wireshark plugin: install it, check it",
                       description="Wireshark and tshark dissectors made from the specs: every "
                                   "field filterable, byte ranges highlighted, expert info for "
                                   "bad input. One Lua plugin for every installed protocol "
                                   "that brings a dissector.")
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    install = actions.add_parser(
        "install", help="write the plugin into Wireshark's personal Lua plugin folder",
        description="Write the plugin into Wireshark's personal Lua plugin folder (the one "
                    "`tshark -G folders` names) or into --dir; only the plugin's own files "
                    "are replaced. Restart Wireshark (or reload its Lua plugins) to use it.")
    install.add_argument("--dir", metavar="DIR", type=Path,
                         help="the folder to write the plugin into (default: Wireshark's "
                              "personal Lua plugin folder; needed where no tshark is installed)")
    _common(install)
    options.examples(install, "wireshark install", "wirestruct wireshark install",
                     "wirestruct wireshark install --dir ~/.local/lib/wireshark/plugins")
    install.set_defaults(func=run_install)
    check = actions.add_parser(
        "check", help="run tshark with the plugin on each protocol's sample",
        description="Run tshark with the plugin on a capture of each protocol (its bundled "
                    "sample, or a session its generator makes) and say whether the plugin "
                    "loads and shows as many packets as wirestruct decodes. Exit status 1 "
                    "when it does not.")
    check.add_argument("--plugin", metavar="FILE", type=Path,
                       help="the plugin's entry script (wirestruct.lua) to check (default: "
                            "one built into a temporary folder)")
    check.add_argument("--capture", metavar="FILE", type=Path,
                       help="check on this capture instead (with one --protocol)")
    _common(check)
    options.examples(check, "wireshark check", "wirestruct wireshark check",
                     "wirestruct wireshark check --plugin "
                     "~/.local/lib/wireshark/plugins/wirestruct.lua")
    check.set_defaults(func=run_check)
    options.examples(p, "wireshark", "wirestruct wireshark install",
                     "wirestruct wireshark check")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--protocol", "-p", metavar="NAME", action="append",
                   help="only this protocol (repeatable; default: every protocol with a "
                        "Wireshark dissector)")
    p.add_argument("--tshark", metavar="PATH", default="tshark",
                   help="the tshark to ask (default: tshark on the PATH)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def _print(result: dict[str, Any], args: argparse.Namespace, lines: list[str]) -> None:
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for line in lines:
            print(line)


def run_install(args: argparse.Namespace) -> int:
    from wirestruct.wireshark.plugin import install

    try:
        result = install(args.dir, tshark=args.tshark, protocols=args.protocol)
    except (FileNotFoundError, ValueError) as exc:
        raise UsageError(str(exc), expected="--dir DIR, or a tshark on the PATH") from None
    found = (f"Wireshark {result['wireshark']} with {result['lua']}" if result["wireshark"]
             else "no tshark found")
    _print(result, args, [
        f"installed the Wireshark plugin for {', '.join(result['protocols'])}",
        f"  folder: {result['folder']}",
        f"  entry:  {result['entry']}",
        f"  {found}",
        "restart Wireshark, or reload its Lua plugins (Analyze > Reload Lua Plugins)"])
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    from wirestruct.wireshark.plugin import check

    if args.capture is not None and (not args.protocol or len(args.protocol) != 1):
        raise UsageError("--capture needs one --protocol",
                         expected="wirestruct wireshark check --capture FILE -p NAME")
    result = check(tshark=args.tshark, plugin=args.plugin, capture=args.capture,
                   protocols=args.protocol)
    if result["wireshark"] is None:
        print(f"wirestruct: {args.tshark} not found: install Wireshark's tshark "
              "(Debian: apt-get install tshark)", file=sys.stderr)
        return EXIT_FAILED
    lines = [f"tshark {result['wireshark']} with {result['lua']}"]
    for r in result["protocols"]:
        expected = "" if r["expected"] is None else f" (wirestruct decodes {r['expected']})"
        lines.append(f"  {r['protocol']}: {'ok' if r['ok'] else 'FAILED'}, {r['packets']} "
                     f"packets{expected}, {r['errors']} with errors")
        if not r["ok"] and r["stderr"]:
            lines.extend("    " + line for line in r["stderr"].splitlines()[:20])
    lines.append("the plugin works" if result["ok"] else "the plugin does not work as it should")
    _print(result, args, lines)
    return EXIT_OK if result["ok"] else EXIT_FAILED
