"""atheris entry point for the `mme` target (see harness.py and benchmarks/README.md).

    python tests/fuzz/fuzz_mme.py [libFuzzer options] [corpus folders]
"""
import os
import sys

import atheris

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
with atheris.instrument_imports(include=["wirestruct"]):
    import harness

    harness.import_all()


def main() -> None:
    # libFuzzer's fork mode re-runs argv[0]: run.py points it at an executable wrapper.
    argv = [os.environ.get("WIRESTRUCT_FUZZ_ARGV0", sys.argv[0]), *sys.argv[1:]]
    atheris.Setup(argv, harness.TARGETS["mme"])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
