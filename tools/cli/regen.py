"""``wirestruct regen``: ksy/ -> generated/ with the pinned compiler (a source checkout; a
plug-in's specs, ``--ksy``, from a wheel too)."""
from __future__ import annotations

import argparse

from wirestruct.tools.cli import options


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("regen", help="compile ksy/ into generated/ with the pinned compiler",
                       description="Render the templated specs and compile every .ksy to "
                                   "Python (generated/) and JavaScript (a check). Needs a "
                                   "source checkout with `npm ci` run; a plug-in's specs "
                                   "(--ksy) compile from an installed wheel too, with the "
                                   "compiler `wirestruct compiler install` puts in the "
                                   "user's cache.")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 listing files that differ")
    p.add_argument("--folder", metavar="NAME", help="only this folder of ksy/")
    p.add_argument("--ksy", metavar="DIR",
                   help="another package's specs (a protocol plug-in's ksy/ folder, one folder "
                        "per protocol inside); with --generated DIR for its Python")
    p.add_argument("--generated", metavar="DIR",
                   help="with --ksy: where its Python goes (read-write classes: DIR_rw)")
    options.examples(p, "regen", "wirestruct regen --check")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from wirestruct.tools.regen import main as regen_main
    argv = (["--check"] if args.check else []) + (["--folder", args.folder] if args.folder else [])
    argv += (["--ksy", args.ksy] if args.ksy else []) + (
        ["--generated", args.generated] if args.generated else [])
    return regen_main(argv)
