"""``wirestruct samples [DIR]``: the bundled sample captures, listed, or copied where the
README's commands can use them (an installed wirestruct has no checkout to run them in)."""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from wirestruct.core.errors import EXIT_OK, OutputError, UsageError
from wirestruct.plugin.registry import get_protocol, protocols
from wirestruct.tools.cli import options
from wirestruct.tools.cli.outputs import new_file


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("samples", help="list the bundled sample captures, or copy them "
                                       "into a folder",
                       description="Without DIR, list every protocol's bundled sample "
                                   "captures (or one protocol's): name, protocol, size in "
                                   "bytes and where it is installed, tab-separated. With DIR, "
                                   "copy them into DIR, to try the commands on; files "
                                   "already there are left alone.")
    p.add_argument("dir", metavar="DIR", nargs="?",
                   help="the folder to copy them into (created if needed)")
    options.add_protocol(p, detected=False)
    options.examples(p, "samples", "wirestruct samples", "wirestruct samples samples/")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    chosen = [get_protocol(args.protocol)] if args.protocol else protocols()
    sources = [path for protocol in chosen for path in protocol.samples]
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        raise UsageError(f"the sample captures are missing from this installation: "
                         f"{', '.join(missing)}", expected="wirestruct's package data")
    if args.dir is None:
        for protocol in chosen:
            for path in protocol.samples:
                sys.stdout.write(f"{path.name}\t{protocol.name}\t{path.stat().st_size}"
                                 f"\t{path}\n")
        return EXIT_OK
    dest = Path(args.dir)
    if dest.is_symlink():
        raise OutputError(f"{dest} is a symbolic link: refused, nothing is written through one")
    dest.mkdir(parents=True, exist_ok=True)
    for source in sources:
        target = dest / source.name
        if target.exists() or target.is_symlink():
            print(f"wirestruct: {target} exists: left alone", file=sys.stderr)
            continue
        with open(source, "rb") as src, new_file(target) as out:
            shutil.copyfileobj(src, out)
        print(f"wirestruct: {target}", file=sys.stderr)
    return EXIT_OK
