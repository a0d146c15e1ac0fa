"""The README's Python snippets run as written, each on its own, from the repository root."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = re.findall(r"^```python\n(.*?)^```$", (ROOT / "README.md").read_text(encoding="utf-8"),
                      re.DOTALL | re.MULTILINE)


def test_the_readme_has_python_snippets():
    assert len(SNIPPETS) >= 3


@pytest.mark.parametrize("number", range(len(SNIPPETS)))
def test_readme_python_snippet_runs(number):
    proc = subprocess.run([sys.executable, "-c", SNIPPETS[number]], capture_output=True,
                          text=True, cwd=ROOT, check=False, timeout=300)
    assert proc.returncode == 0, f"snippet {number + 1}:\n{SNIPPETS[number]}\n{proc.stderr}"
    assert proc.stdout.strip()           # every snippet prints what it shows
    assert "Traceback" not in proc.stderr


def test_readme_snippets_print_what_they_say():
    outputs = {}
    for snippet in SNIPPETS:
        proc = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True,
                              cwd=ROOT, check=True, timeout=300)
        outputs[snippet] = proc.stdout
    [move] = [out for code, out in outputs.items() if "MOVE_PLAYER" in code
              and "encoder" not in code]
    assert move.startswith("move_player {")
    [written] = [out for code, out in outputs.items() if "encoder()" in code]
    assert written == "180014000000484100000000000000000000000000000000\n"   # x = 12.5
    [detect] = [out for code, out in outputs.items() if "detect_protocol" in code]
    assert detect == "diep 163 records\n"
