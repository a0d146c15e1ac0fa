"""atheris entry point for the `proxy` target (see harness.py, entry.py and
benchmarks/README.md).

    python tests/fuzz/fuzz_proxy.py [libFuzzer options] [corpus folders]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import entry

if __name__ == "__main__":
    entry.main("proxy")
