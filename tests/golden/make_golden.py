"""Write the golden outputs of the wirestruct command line into tests/golden/data/.

    python tests/golden/make_golden.py [--jobs N] [PATTERN ...]

Runs every case of golden_cases.py (or those whose name matches a shell PATTERN, e.g.
'decode/diep/*') and stores its output; a golden file whose content is unchanged is not
rewritten; for a file that is, what changed is printed (as the golden test shows it: the
changed lines, and in JSON lines the paths of the fields that changed, bounded in length).
Without patterns, files of cases that no longer exist are removed. Regenerate only for an
intended change of output (see README.md), then check the fields the second witness sees:
``python tests/golden/witness.py``.
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import golden_cases  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("patterns", nargs="*", metavar="PATTERN",
                        help="only the cases whose name matches (fnmatch)")
    parser.add_argument("--jobs", "-j", type=int, default=None,
                        help="commands run at once (default: one per core)")
    args = parser.parse_args(argv)

    cases = golden_cases.all_cases()
    if args.patterns:
        cases = [c for c in cases if any(fnmatch.fnmatch(c.name, p) for p in args.patterns)]
        if not cases:
            parser.error("no case matches")
    lock = threading.Lock()
    count = {"done": 0, "written": 0, "failed": 0}
    start = time.monotonic()

    def done(case: golden_cases.Case, value: bytes | BaseException) -> None:
        with lock:
            count["done"] += 1
            if isinstance(value, BaseException):
                count["failed"] += 1
                state = f"FAILED: {value!r}"
            else:
                before = golden_cases.read_golden(case.name)
                written = golden_cases.write_golden(case.name, value)
                count["written"] += written
                state = "written" if written else "unchanged"
                if written:  # what the rewrite changed, for the one who reviews it
                    state += ", a new file" if before is None else \
                        ", changes:\n" + golden_cases.changes(before, value)
            print(f"[{count['done']}/{len(cases)}] {case.name}: {state}", flush=True)

    with tempfile.TemporaryDirectory(prefix="wirestruct-golden-") as tmp:
        golden_cases.run_cases(cases, Path(tmp), jobs=args.jobs, done=done)

    removed = 0
    if not args.patterns:
        wanted = {c.name for c in cases}
        for name in sorted(golden_cases.stored_names() - wanted):
            for path in golden_cases.golden_paths(name):
                if path.exists():
                    path.unlink()
                    removed += 1
        for folder in sorted(golden_cases.DATA.rglob("*"), reverse=True):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
    print(f"{len(cases)} cases in {time.monotonic() - start:.1f} s: {count['written']} files "
          f"written, {removed} removed, {count['failed']} failed")
    return 1 if count["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
