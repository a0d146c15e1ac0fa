"""What a test needs from the machine: a tool on PATH, root, the protocol documents.

Where a need is missing, the test skips and says which. In CI (``CI=true``) it fails
instead, saying which: ``.ci/run`` installs every tool the tests use (or stops saying why
it could not), so a missing one there is a broken machine, not a reason to pass with less.

    path = needs("tshark")                    # in a test or fixture: the tool's path
    pytestmark = pytest.mark.needs("jq")      # or as a mark, on a test, class or module

``tests/conftest.py`` applies the mark and counts every skip that is left.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Every tool a test may need, with the Debian package that ``.ci/run`` installs it from.
TOOLS: dict[str, str] = {
    "tshark": "tshark",
    "dumpcap": "wireshark-common",
    "tcpdump": "tcpdump",
    "jq": "jq",
    "lua5.2": "lua5.2",
    "luac5.2": "lua5.2",
    "lua5.3": "lua5.3",
    "luac5.3": "lua5.3",
    "lua5.4": "lua5.4",
    "luac5.4": "lua5.4",
    "time": "time",            # GNU time, /usr/bin/time (not the shell's keyword)
    "node": "nodejs",
    "mount": "mount",
}


def in_ci() -> bool:
    """Whether this run is CI's: ``CI`` set to anything but empty, 0, false or no."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing(what: str) -> NoReturn:
    """Skips the running test (fails it in CI), saying what is missing."""
    if in_ci():
        pytest.fail(f"CI=true: {what}; a CI machine must have it (.ci/run installs the "
                    "tools)", pytrace=False)
    pytest.skip(what)


def needs(tool: str) -> str:
    """The path of ``tool`` (one of :data:`TOOLS`) on PATH; the test skips without it (fails
    in CI)."""
    if tool not in TOOLS:
        raise LookupError(f"{tool} is not among the tools the tests may need (needs.TOOLS)")
    found = shutil.which(tool)
    if found is None:
        missing(f"{tool} is not installed (Debian package {TOOLS[tool]})")
    return found


def needs_any(*tools: str) -> str:
    """The path of the first of ``tools`` that is installed."""
    for tool in tools:
        if tool not in TOOLS:
            raise LookupError(f"{tool} is not among the tools the tests may need (needs.TOOLS)")
        found = shutil.which(tool)
        if found is not None:
            return found
    missing(f"none of {', '.join(tools)} is installed (Debian packages "
            f"{', '.join(sorted({TOOLS[t] for t in tools}))})")


def needs_root(purpose: str) -> None:
    """Root, for ``purpose`` (CI runs as root)."""
    if os.geteuid() != 0:
        missing(f"{purpose} needs root")


#: Where the protocol documents may be, after ``WIRESTRUCT_DOCUMENTS``: ``shared/specs``
#: beside the checkout, then where this project's machines keep them.
DOCUMENT_PLACES = ("{checkout}/../shared/specs", "/work/shared/specs")
#: The reason a test that reads the documents skips where none are found. The documents
#: are not part of the repository, so a clone alone does not have them: this skip is
#: allowed in CI (tests/skips_allowed.txt) and counted; the facts the golden outputs'
#: witness needs from them are kept in tests/data/witness and checked everywhere.
NO_DOCUMENTS = "the protocol documents are not beside this checkout"


def documents_root() -> Path | None:
    """The protocol documents' folder: ``WIRESTRUCT_DOCUMENTS``, else the first of
    :data:`DOCUMENT_PLACES` that exists; None where there are none."""
    given = os.environ.get("WIRESTRUCT_DOCUMENTS")
    if given:
        return Path(given) if Path(given).is_dir() else None
    for place in DOCUMENT_PLACES:
        path = Path(place.format(checkout=ROOT)).resolve()
        if path.is_dir():
            return path
    return None


def needs_documents(folder: str) -> Path:
    """The folder of one protocol's documents (``mme``, ``diep``, ``scrap_mechanic``).
    Without the documents the test skips, in CI too (the allowance lists it); documents
    that are there but lack the folder fail in CI."""
    root = documents_root()
    if root is None or not root.is_dir():
        pytest.skip(f"{NO_DOCUMENTS} ({folder})")
    path = root / folder
    if not path.is_dir():
        missing(f"the protocol documents at {root} have no {folder} folder")
    return path


def needs_compiler() -> Path:
    """The pinned Kaitai Struct compiler and the npm packages (``npm ci``)."""
    needs("node")
    modules = ROOT / "node_modules"
    if not (modules / "kaitai-struct-compiler").is_dir():
        missing("the pinned compiler is not installed (npm ci)")
    return modules


def tmpfs(options: str) -> Iterator[Path]:
    """A tmpfs mounted with ``options`` (``size=2m,mode=0777``) on a new folder, for the
    tests of full and read-only file systems; unmounted after. Needs root and mount."""
    needs_root("mounting a small tmpfs")
    needs("mount")
    folder = Path(tempfile.mkdtemp(prefix="wirestruct-fs-"))
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                          check=False, capture_output=True, text=True)
    if proc.returncode != 0:
        folder.rmdir()
        missing(f"cannot mount a tmpfs here: {proc.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)
        folder.rmdir()
