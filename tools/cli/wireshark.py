"""``wirestruct wireshark``: the Wireshark plugin made from the protocols' specs.

    wirestruct wireshark install [--dir DIR] [--force] [-p NAME ...]  into Wireshark's plugin folder
    wirestruct wireshark uninstall [--dir DIR]                        what install wrote, unchanged
    wirestruct wireshark check [--plugin FILE] [--dir DIR] [-p NAME ...]  does tshark load it?

A protocol given by its spec (``--ksy SPEC.ksy --transport tcp|udp|messages|ws [--server
PORT]``) gets a dissector too: registered on that transport and port (and in Decode As),
every field filterable by its path; install writes it with every installed protocol's.

Every installed protocol with a Wireshark part gets a dissector (:mod:`wirestruct.wireshark`).
Install and uninstall touch only the files the plugin's manifest lists, never through a
symbolic link; an unsafe or foreign file in the way is exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from wirestruct.adhoc import TRANSPORTS
from wirestruct.core.errors import EXIT_FAILED, EXIT_OK, UsageError
from wirestruct.tools.cli import options

INSTALL_EXAMPLES = ("wirestruct wireshark install",
                    "wirestruct wireshark install --dir plugins",
                    "wirestruct wireshark install --ksy tests/data/adhoc --transport tcp "
                    "--server 4000",
                    "wirestruct wireshark install --dir plugins --force --json")
UNINSTALL_EXAMPLES = ("wirestruct wireshark install --dir plugins && "
                      "wirestruct wireshark uninstall --dir plugins",)
CHECK_EXAMPLES = ("wirestruct wireshark check",
                  "wirestruct wireshark check --ksy tests/data/adhoc --transport tcp "
                  "--server 4000 --capture tests/data/adhoc/blip_tcp.pcap",
                  "wirestruct wireshark install --dir plugins && "
                  "wirestruct wireshark check --dir plugins")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("wireshark", help="the Wireshark plugin: install, uninstall, check it",
                       description="Wireshark and tshark dissectors made from the specs: every "
                                   "field filterable, byte ranges highlighted, expert info for "
                                   "bad input. One Lua plugin for every installed protocol "
                                   "that brings a dissector.")
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    install = actions.add_parser(
        "install", help="write the plugin into Wireshark's personal Lua plugin folder",
        description="Write the plugin into Wireshark's personal Lua plugin folder (the one "
                    "`tshark -G folders` names) or into --dir, with a manifest "
                    "(wirestruct/MANIFEST.json: each file's SHA-256, the version, the "
                    "protocols). Every file is written beside its place and renamed over it; "
                    "nothing is written through a symbolic link (a link for the folder, the "
                    "entry script, the module folder or any file in it is refused, exit "
                    "status 2). A file is replaced only when it is as the manifest says the "
                    "plugin wrote it: one changed since, or one the manifest does not list, is "
                    "named and nothing is written (exit status 2) unless --force. A protocol "
                    "whose Wireshark name a built-in dissector has is refused. Restart "
                    "Wireshark (or reload its Lua plugins) to use it.")
    install.add_argument("--dir", metavar="DIR", type=Path,
                         help="the folder to write the plugin into (default: Wireshark's "
                              "personal Lua plugin folder; needed where no tshark is installed)")
    install.add_argument("--force", action="store_true",
                         help="replace the plugin's files even where they were changed since "
                              "they were installed or were not written by wirestruct (links "
                              "are still refused)")
    _common(install)
    options.examples(install, "wireshark install", *INSTALL_EXAMPLES)
    install.set_defaults(func=run_install)
    uninstall = actions.add_parser(
        "uninstall", help="remove the plugin that install wrote",
        description="Remove the plugin from Wireshark's personal Lua plugin folder or --dir: "
                    "exactly the files its manifest lists that are unchanged, the manifest, "
                    "and the folders this leaves empty. A file changed since it was installed "
                    "is kept and named. Exit status 1 when there is no wirestruct plugin "
                    "there; 2 when a symbolic link is in the way.")
    uninstall.add_argument("--dir", metavar="DIR", type=Path,
                           help="the folder the plugin is in (default: Wireshark's personal "
                                "Lua plugin folder)")
    uninstall.add_argument("--tshark", metavar="PATH", default="tshark",
                           help="the tshark to ask for the folder (default: tshark on the PATH)")
    uninstall.add_argument("--json", action="store_true", help="print the result as JSON")
    options.examples(uninstall, "wireshark uninstall", *UNINSTALL_EXAMPLES)
    uninstall.set_defaults(func=run_uninstall)
    check = actions.add_parser(
        "check", help="run tshark with the plugin on each protocol's sample",
        description="Run tshark with the plugin on a capture of each protocol (its bundled "
                    "sample, or a session its generator makes) and say whether the plugin "
                    "loads and shows as many packets as wirestruct decodes; name every "
                    "protocol or field name of the plugin that a built-in dissector of that "
                    "tshark has (Wireshark keeps the built-in one); and say whether the "
                    "installed plugin (in --dir, the folder of --plugin, or Wireshark's "
                    "personal Lua plugin folder) is older or other than this wirestruct's. "
                    "Exit status 1 when the plugin does not work or a name clashes.")
    check.add_argument("--plugin", metavar="FILE", type=Path,
                       help="the plugin's entry script (wirestruct.lua) to check (default: "
                            "one built into a temporary folder)")
    check.add_argument("--dir", metavar="DIR", type=Path,
                       help="where the installed plugin is, to compare with this wirestruct's "
                            "(default: the folder of --plugin, or Wireshark's personal Lua "
                            "plugin folder)")
    check.add_argument("--capture", metavar="FILE", type=Path,
                       help="check on this capture instead (with one --protocol)")
    _common(check)
    options.examples(check, "wireshark check", *CHECK_EXAMPLES)
    check.set_defaults(func=run_check)
    options.examples(p, "wireshark", *dict.fromkeys(
        INSTALL_EXAMPLES + UNINSTALL_EXAMPLES + CHECK_EXAMPLES))


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--protocol", "-p", metavar="NAME", action="append",
                   help="only this protocol (repeatable; default: every protocol with a "
                        "Wireshark dissector)")
    p.add_argument("--tshark", metavar="PATH", default="tshark",
                   help="the tshark to ask (default: tshark on the PATH)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--ksy", action="append", metavar="SPEC.ksy|DIR",
                   help="a protocol from its spec too, whose top-level type is one packet "
                        "(repeat for the specs it imports, or name their folder)")
    p.add_argument("--transport", choices=tuple(TRANSPORTS),
                   help="with --ksy: what carries one packet: tcp (one after another in "
                        "each direction of each TCP stream), udp (a datagram), messages "
                        "(exported PDUs, as `wirestruct convert --to pcapng` writes them), "
                        "ws (a WebSocket message)")
    p.add_argument("--server", metavar="[HOST:]PORT",
                   help="with --ksy: the server's port, where the dissector is registered "
                        "(without it: Decode As, or the protocol's port preference)")


def chosen(args: argparse.Namespace) -> list[str] | None:
    """The protocols the command is for: ``-p`` names, or with ``--ksy`` the specs'
    protocol (settled before the command runs) with every installed protocol that has a
    dissector (install) or alone (check)."""
    from wirestruct.wireshark.plugin import wireshark_protocols

    if isinstance(args.protocol, list) or args.protocol is None:
        return args.protocol
    if args.action == "check":
        return [args.protocol]
    return [p.name for p in wireshark_protocols()] + [args.protocol]


def refuse_name_clashes(args: argparse.Namespace) -> None:
    """A protocol given by its spec whose protocol or field names a built-in dissector of
    tshark has is refused, each clash named (nothing to ask without tshark)."""
    from wirestruct.plugin.registry import get_protocol
    from wirestruct.wireshark.plugin import (
        builtin_names,
        clash_text,
        field_clashes,
        protocol_clashes,
    )

    if not isinstance(args.protocol, str):
        return
    builtins = builtin_names(args.tshark)
    if builtins is None:
        return
    protocol = [get_protocol(args.protocol)]
    clashes = protocol_clashes(protocol, builtins) + field_clashes(protocol, builtins)
    if clashes:
        raise UsageError("; ".join(clash_text(c) for c in clashes[:10]) + (
            f"; and {len(clashes) - 10} more" if len(clashes) > 10 else ""),
            expected="another meta.id for the root spec (the dissector's name), or other "
                     "field ids")


def _print(result: dict[str, Any], args: argparse.Namespace, lines: list[str]) -> None:
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for line in lines:
            print(line)


def _paths(title: str, paths: list[str]) -> list[str]:
    if not paths:
        return []
    return [f"  {title}: {len(paths)}"] + [f"    {p}" for p in paths[:20]] + (
        ["    ..."] if len(paths) > 20 else [])


def run_install(args: argparse.Namespace) -> int:
    from wirestruct.wireshark.plugin import install

    refuse_name_clashes(args)
    try:
        result = install(args.dir, tshark=args.tshark, protocols=chosen(args),
                         force=args.force)
    except (FileNotFoundError, ValueError) as exc:
        raise UsageError(str(exc), expected="--dir DIR, or a tshark on the PATH") from None
    found = (f"Wireshark {result['wireshark']} with {result['lua']}" if result["wireshark"]
             else "no tshark found")
    _print(result, args, [
        f"installed the Wireshark plugin for {', '.join(result['protocols'])} "
        f"(wirestruct {result['version']})",
        f"  folder: {result['folder']}",
        f"  entry:  {result['entry']}",
        f"  {len(result['written'])} files written, {len(result['unchanged'])} unchanged, "
        f"{len(result['removed'])} of the former plugin removed",
        *_paths("replaced with --force (changed, or not written by wirestruct)",
                result["forced"]),
        *_paths("kept (of the former plugin, changed since it was installed)", result["kept"]),
        f"  {found}",
        "restart Wireshark, or reload its Lua plugins (Analyze > Reload Lua Plugins)"])
    return EXIT_OK


def run_uninstall(args: argparse.Namespace) -> int:
    from wirestruct.wireshark.plugin import uninstall

    result = uninstall(args.dir, tshark=args.tshark)
    if not result["found"]:
        why = (" (its wirestruct.lua has no manifest: an older wirestruct installed it; "
               "`wirestruct wireshark install --force` then uninstall removes it)"
               if result["entry"] else "")
        if args.json:
            print(json.dumps(result, indent=2))
        print(f"wirestruct: there is no wirestruct plugin in {result['folder']}{why}",
              file=sys.stderr)
        return EXIT_FAILED
    _print(result, args, [
        f"uninstalled the Wireshark plugin from {result['folder']}: "
        f"{len(result['removed'])} files removed",
        *_paths("kept (changed since they were installed)", result["kept"]),
        *_paths("already missing", result["missing"]),
        "restart Wireshark, or reload its Lua plugins (Analyze > Reload Lua Plugins)"])
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    from wirestruct.wireshark.plugin import check, clash_text

    names = chosen(args)
    if args.capture is not None and (not names or len(names) != 1):
        raise UsageError("--capture needs one --protocol",
                         expected="wirestruct wireshark check --capture FILE -p NAME, or "
                                  "--ksy SPEC.ksy --transport T")
    if isinstance(args.protocol, str) and args.capture is None:
        raise UsageError("a protocol given by its spec has no sample to check with",
                         expected="--capture FILE (a capture of it)")
    result = check(tshark=args.tshark, plugin=args.plugin, capture=args.capture,
                   protocols=names, dir=args.dir)
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
    lines.extend(f"  name clash: {clash_text(c)}" for c in result["clashes"])
    if not result["clashes"]:
        lines.append("  no protocol or field name of the plugin is a built-in dissector's")
    if result["installed"] is not None:
        lines.append(f"  {result['installed']['message']}")
    lines.append("the plugin works" if result["ok"] else "the plugin does not work as it should")
    _print(result, args, lines)
    return EXIT_OK if result["ok"] else EXIT_FAILED
