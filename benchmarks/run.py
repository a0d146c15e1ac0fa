"""Run every wirestruct benchmark in turn and print their figures.

    python benchmarks/run.py            # all of them
    python benchmarks/run.py captures   # only bench_captures.py

Each bench_*.py is also runnable on its own (see its --help). Figures depend on the
machine; run on an idle one.
"""
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv):
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if s.stem[len("bench_"):] in argv]
    status = 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        status |= subprocess.call([sys.executable, str(script)])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
