"""What the wheel ships. CI (.ci/run) builds and installs the real wheel and runs it from
another directory; these checks keep the packaging configuration honest in between."""
from pathlib import Path, PurePosixPath

import pytest
from wirestruct.core.resources import ksy_root, source_checkout
from wirestruct.protocols.diep.builds import DATA_DIR, available_builds

tomllib = pytest.importorskip("tomllib")   # Python 3.11+

ROOT = Path(__file__).resolve().parent.parent


def _config():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_from_a_checkout_the_specs_are_the_checkouts():
    assert source_checkout() == ROOT
    assert ksy_root() == ROOT / "ksy"
    assert DATA_DIR == ROOT / "ksy" / "diep" / "data"
    assert available_builds() == sorted(p.stem for p in DATA_DIR.glob("*.json"))


def test_every_spec_template_and_table_is_package_data():
    config = _config()
    assert config["package-dir"]["wirestruct.ksy"] == "ksy"
    patterns = config["package-data"]["wirestruct.ksy"]
    files = [p.relative_to(ROOT / "ksy") for p in (ROOT / "ksy").rglob("*") if p.is_file()]
    assert files
    for rel in files:
        assert any(PurePosixPath(rel.as_posix()).match(pattern.replace("**/", ""))
                   for pattern in patterns), f"ksy/{rel} would not be in the wheel"
        package = ".".join(("wirestruct", "ksy", *rel.parts[:-1]))
        assert package in config["packages"], f"{package} is not listed (ksy/{rel})"


def test_type_hints_ship():
    assert (ROOT / "runtime" / "py.typed").is_file()
    assert "py.typed" in _config()["package-data"]["wirestruct"]
