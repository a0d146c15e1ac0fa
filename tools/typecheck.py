"""``python -m wirestruct.tools.typecheck``: mypy over ``runtime/`` and ``tools/`` of a
source checkout, as the package ``wirestruct`` they are installed as.

The folders are not named after their import names (``runtime/`` is ``wirestruct``,
``tools/`` is ``wirestruct.tools``, see pyproject.toml), and mypy finds modules by their
folders, so this lays them out as the package (a tree of symbolic links in a temporary
folder), runs mypy there with the settings of ``[tool.mypy]`` in pyproject.toml, and
prints what it reports with the checkout's own paths. The exit status is mypy's. Its cache
is the checkout's ``.mypy_cache`` (git-ignored): a run after small changes takes seconds.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from wirestruct.core.resources import source_checkout

#: folder of the checkout -> where it is in the package
LAYOUT = {"runtime": "", "tools": "tools", "generated": "generated",
          "generated_rw": "generated_rw", "ksy": "ksy"}


def package_tree(root: Path, dest: Path) -> Path:
    """``dest/wirestruct``: the checkout's folders linked where the package has them."""
    package = dest / "wirestruct"
    package.mkdir()
    for folder, place in LAYOUT.items():
        source = root / folder
        if not place:
            for entry in source.iterdir():
                if entry.name != "__pycache__":
                    (package / entry.name).symlink_to(entry)
        else:
            (package / place).symlink_to(source)
    return package


def main(argv: list[str] | None = None) -> int:
    root = source_checkout()
    if root is None:
        print("typecheck: needs a source checkout", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        package = package_tree(root, Path(scratch))
        proc = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(root / "pyproject.toml"),
             "--cache-dir", str(root / ".mypy_cache"), *(argv or []), "-p", "wirestruct"],
            cwd=scratch, capture_output=True, text=True,
            env={**os.environ, "MYPYPATH": scratch})
        for stream, text in ((sys.stdout, proc.stdout), (sys.stderr, proc.stderr)):
            stream.write(_checkout_paths(text, package, root))
    return proc.returncode


def _checkout_paths(text: str, package: Path, root: Path) -> str:
    """mypy's ``wirestruct/...`` paths as the checkout's ``runtime/...`` and ``tools/...``."""
    out = []
    for line in text.splitlines(keepends=True):
        if line.startswith("wirestruct/"):
            head, sep, rest = line.partition(":")
            parts = head.split("/")[1:]
            mapped = next((f"{folder}/{'/'.join(parts[1:])}" for folder, place in LAYOUT.items()
                           if place and parts and parts[0] == place), f"runtime/{'/'.join(parts)}")
            line = mapped + sep + rest
        out.append(line)
    return "".join(out)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
