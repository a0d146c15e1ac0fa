"""What the wheel ships, and that it works on every supported Python.

The wheel built from this checkout is installed into a fresh virtualenv of each supported
Python (its dependencies from the package index, through pip's one shared cache) and runs
the main jobs from another directory, giving what the checkout gives. CI (.ci/run) also
runs its own wheel check; the configuration checks keep the packaging honest in between.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest
from needs import missing
from wirestruct.core.resources import ksy_root, source_checkout
from wirestruct.protocols.diep.builds import DATA_DIR, available_builds

try:
    import tomllib
except ModuleNotFoundError:     # Python 3.10: the same parser, as a package (test extra)
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
#: The Pythons wirestruct supports (pyproject's requires-python, up to the newest tested).
SUPPORTED = ("3.10", "3.11", "3.12", "3.13")


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


def test_supported_pythons_start_at_requires_python():
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["requires-python"]
    assert requires == f">={SUPPORTED[0]}"
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in SUPPORTED


def python_of(version: str) -> str | None:
    """An interpreter of ``version``: pythonX.Y on PATH, or a pyenv installation."""
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    candidates = [shutil.which(f"python{version}"),
                  *sorted(glob.glob(str(pyenv / "versions" / f"{version}.*" / "bin" / "python")),
                          reverse=True)]
    for candidate in filter(None, candidates):
        proc = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2])"],
                              capture_output=True, text=True, check=False)
        if proc.returncode == 0 and proc.stdout.strip() == str(tuple(map(int, version.split(".")))):
            return candidate     # a pyenv shim of a version not selected fails here
    return None


def _cli(*args: str, cwd: Path, executable: list[str] | None = None) -> bytes:
    command = executable or [sys.executable, "-m", "wirestruct.tools.cli"]
    proc = subprocess.run([*command, *args], cwd=cwd, capture_output=True, timeout=600,
                          check=False)
    assert proc.returncode == 0, (command, args, proc.stderr.decode(errors="replace")[-2000:])
    return proc.stdout


JOBS = [("decode", str(ROOT / "samples" / "diep.jsonl"), "-p", "diep"),
        ("state", str(ROOT / "samples" / "scrap_mechanic.jsonl"), "-p", "scrap-mechanic"),
        ("decode", str(ROOT / "samples" / "mme.jsonl"), "-p", "mme", "--format", "jsonl")]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel of this checkout, built once (from a copy: the checkout gets no build/)."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "node_modules", ".*")
    shutil.copytree(ROOT, source, ignore=lambda folder, names: (
        ignore(folder, names) | ({"tests", "benchmarks", "docs"} if Path(folder) == ROOT else set())))
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                           "--no-build-isolation", str(source), "-w", str(base / "dist")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr
    (found,) = (base / "dist").glob("wirestruct-*.whl")
    return found


@pytest.fixture(scope="module")
def checkout_outputs(tmp_path_factory) -> list[bytes]:
    """What the checkout prints for the jobs, run from elsewhere."""
    work = tmp_path_factory.mktemp("checkout")
    return [_cli(*job, cwd=work) for job in JOBS]


@pytest.mark.parametrize("version", SUPPORTED)
def test_the_wheel_works_on_every_supported_python(version, wheel, checkout_outputs, tmp_path):
    python = python_of(version)
    if python is None:
        missing(f"Python {version} is not installed (wirestruct supports {', '.join(SUPPORTED)}; "
                f"pyenv install {version})")
    venv = tmp_path / "venv"
    subprocess.run([python, "-m", "venv", str(venv)], check=True, timeout=300)
    install = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q",
                              "--disable-pip-version-check", str(wheel)],
                             capture_output=True, text=True, timeout=1800, check=False)
    assert install.returncode == 0, install.stderr[-3000:]
    work = tmp_path / "work"     # nothing of the checkout is importable from here
    work.mkdir()
    ws = [str(venv / "bin" / "wirestruct")]
    assert re.search(rb"\d+\.\d+", _cli("--version", cwd=work, executable=ws))
    origin = subprocess.run([str(venv / "bin" / "python"), "-c",
                             "import sys, wirestruct; print(sys.version_info[:2], wirestruct.__file__)"],
                            cwd=work, capture_output=True, text=True, check=True).stdout
    assert str(venv) in origin and str(tuple(map(int, version.split(".")))) in origin, origin
    for job, expected in zip(JOBS, checkout_outputs):
        assert _cli(*job, cwd=work, executable=ws) == expected, job
    _cli("samples", str(work / "samples"), cwd=work, executable=ws)
    assert (work / "samples" / "mme.pcapng").read_bytes() == (
        ROOT / "samples" / "mme.pcapng").read_bytes()
