"""The Python tools check the code: ruff and mypy (``python -m wirestruct.tools.typecheck``),
with the configuration in pyproject.toml."""
import shutil
import subprocess
import sys
from pathlib import Path

from needs import missing

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str]:
    try:
        import ruff  # noqa: F401 - the test extra installs it
    except ImportError:
        if shutil.which("ruff") is None:
            missing("ruff is not installed (pip install -e '.[test]')")
        return ["ruff"]
    return [sys.executable, "-m", "ruff"]


def test_ruff_finds_nothing():
    proc = subprocess.run([*_ruff(), "check", "--output-format", "concise", "."], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_typecheck_finds_nothing():
    """mypy over runtime/ and tools/ as the package wirestruct. Its cache, .mypy_cache in
    the checkout, makes a run after small changes take seconds (a first one, half a minute)."""
    try:
        import mypy  # noqa: F401 - the test extra installs it
    except ImportError:
        missing("mypy is not installed (pip install -e '.[test]')")
    proc = subprocess.run([sys.executable, "-m", "wirestruct.tools.typecheck"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
