"""Where wirestruct's data files are: the specs (``ksy/``) with their templates and build data.

From a source checkout they are the checkout's own ``ksy/`` folder (the one ``wirestruct
regen`` reads and writes); from an installed wheel they are the copy shipped as package
data (``wirestruct/ksy/``), found through :mod:`importlib.resources`.
"""
from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


@cache
def source_checkout() -> Path | None:
    """The root of the source checkout this code runs from, or None when installed."""
    root = _PACKAGE_DIR.parent
    if (root / "pyproject.toml").is_file() and (root / "ksy").is_dir() \
            and (root / "runtime" / "core" / "resources.py").is_file():
        return root
    return None


@cache
def ksy_root() -> Path:
    """The ``ksy/`` tree: the checkout's when running from one, the packaged copy otherwise."""
    root = source_checkout()
    if root is not None:
        return root / "ksy"
    packaged = resources.files("wirestruct") / "ksy"
    if not packaged.is_dir():
        raise FileNotFoundError("wirestruct's specs are missing: neither a source checkout "
                                "nor an installed copy with package data (wirestruct/ksy/)")
    return Path(str(packaged))
