"""Where wirestruct's data files are: the specs (``ksy/``) with their templates and build data,
and the bundled sample captures (``samples/``).

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
    return _data_folder("ksy", "specs")


@cache
def samples_root() -> Path:
    """The bundled sample captures (``samples/``), in a checkout or the installed package
    (whether they are there is for the caller to see)."""
    root = source_checkout()
    if root is not None:
        return root / "samples"
    return Path(str(resources.files("wirestruct"))) / "samples"


def _data_folder(name: str, what: str) -> Path:
    root = source_checkout()
    if root is not None:
        return root / name
    packaged = resources.files("wirestruct") / name
    if not packaged.is_dir():
        raise FileNotFoundError(f"wirestruct's {what} are missing: neither a source checkout "
                                f"nor an installed copy with package data (wirestruct/{name}/)")
    return Path(str(packaged))
