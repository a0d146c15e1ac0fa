"""``wirestruct compiler``: the pinned Kaitai Struct compiler, installed into the user's
cache for ``--ksy`` (from an installed wheel; a source checkout has it from ``npm ci``)."""
from __future__ import annotations

import argparse
import sys

from wirestruct.core.errors import SpecError
from wirestruct.tools import compiler
from wirestruct.tools.cli import options


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compiler", help="install the pinned Kaitai Struct compiler (for --ksy)",
                       description="The pinned Kaitai Struct compiler "
                                   f"{compiler.VERSION}, which --ksy compiles specs with: "
                                   "`install` puts it into the user's cache "
                                   f"({compiler.cached_compiler()}) with npm; `where` says "
                                   "which one is used. Needs Node.js (with npm).")
    p.add_argument("action", choices=("install", "where"),
                   help="install: install it (again with --force); where: print its folder")
    p.add_argument("--force", action="store_true", help="install again even if it is there")
    options.examples(p, "compiler", "wirestruct compiler install",
                     "wirestruct decode tests/data/adhoc/blip.jsonl --ksy tests/data/adhoc "
                     "--transport messages")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.action == "where":
        print(compiler.node_modules().parent)
        return 0
    compiler.node()                          # Node.js is the one requirement: said first
    if not args.force:
        try:
            print(f"wirestruct: the Kaitai Struct compiler {compiler.VERSION} is already in "
                  f"{compiler.node_modules()}", file=sys.stderr)
            return 0
        except SpecError:
            pass                             # not there: install it
    print(f"wirestruct: installing the Kaitai Struct compiler {compiler.VERSION} with npm ...",
          file=sys.stderr)
    folder, installed = compiler.install(force=args.force)
    print(f"wirestruct: the Kaitai Struct compiler {compiler.VERSION} "
          f"{'installed in' if installed else 'is already in'} {folder}", file=sys.stderr)
    return 0
