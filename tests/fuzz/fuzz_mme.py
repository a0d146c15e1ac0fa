"""atheris entry point for the `mme` target (see harness.py and benchmarks/README.md).

    python tests/fuzz/fuzz_mme.py [libFuzzer options] [corpus folders]
"""
import os
import sys

import atheris

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
with atheris.instrument_imports(include=["wirestruct", "kaitaistruct"]):
    import harness


def main() -> None:
    atheris.Setup(sys.argv, harness.TARGETS["mme"])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
