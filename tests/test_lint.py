"""The Python tools check the code: ruff, with the configuration in pyproject.toml."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str]:
    try:
        import ruff  # noqa: F401 - the test extra installs it
    except ImportError:
        if shutil.which("ruff") is None:
            pytest.skip("ruff is not installed (pip install -e '.[test]')")
        return ["ruff"]
    return [sys.executable, "-m", "ruff"]


def test_ruff_finds_nothing():
    proc = subprocess.run([*_ruff(), "check", "--output-format", "concise", "."], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
