"""``wirestruct samples DIR``: the bundled sample captures, copied where the README's
commands can use them (an installed wirestruct has no checkout to run them in)."""
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
    p = sub.add_parser("samples", help="copy the bundled sample captures into a folder",
                       description="Copy every protocol's bundled sample captures (or one "
                                   "protocol's) into DIR, to try the commands on; files "
                                   "already there are left alone.")
    p.add_argument("dir", metavar="DIR", help="the folder (created if needed)")
    options.add_protocol(p, detected=False)
    options.examples(p, "samples", "wirestruct samples samples/")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    chosen = [get_protocol(args.protocol)] if args.protocol else protocols()
    sources = [path for protocol in chosen for path in protocol.samples]
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        raise UsageError(f"the sample captures are missing from this installation: "
                         f"{', '.join(missing)}", expected="wirestruct's package data")
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
