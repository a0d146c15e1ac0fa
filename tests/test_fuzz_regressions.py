"""Replay of the fuzz regression corpus: every input under
``tests/fuzz/regressions/<target>/`` once made a fuzz target fail. Each goes through the
same target function the fuzzer runs (``tests/fuzz/harness.py``), and only
``wirestruct.errors`` may come out. The fuzzers themselves are ``tests/fuzz/fuzz_*.py``
(not collected; see benchmarks/README.md).
"""
import importlib.util
import inspect
import sys
from pathlib import Path

import pytest
from wirestruct import errors
from wirestruct.records import CaptureRecord, Direction

FUZZ = Path(__file__).resolve().parent / "fuzz"
REGRESSIONS = FUZZ / "regressions"


def _load_harness():
    spec = importlib.util.spec_from_file_location("wirestruct_fuzz_harness", FUZZ / "harness.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


harness = _load_harness()

#: Inputs that fail today, as ``"<target>/<file>": (kind, reason)``. ``kind`` is "crash"
#: (replayed, expected to fail) or "hang" / "oom" (not replayed: they would stall or
#: exhaust the test run). Remove an entry when the decoder is fixed.
KNOWN_FAILURES: dict[str, tuple[str, str]] = {
    # "target/input-name": ("crash" | "timeout" | "oom", "why it still fails"),
}

ERROR_KINDS = {name for name, cls in inspect.getmembers(errors, inspect.isclass)
               if issubclass(cls, errors.WirestructError)}
OUTCOME_KINDS = ERROR_KINDS | {"packet", "record"} | {f"raised {kind}" for kind in ERROR_KINDS}


def target_folders():
    return sorted(p for p in REGRESSIONS.iterdir() if p.is_dir())


def regression_inputs():
    for folder in target_folders():
        for path in sorted(folder.iterdir()):
            key = f"{folder.name}/{path.name}"
            marks = []
            if key in KNOWN_FAILURES:
                kind, reason = KNOWN_FAILURES[key]
                marks.append(pytest.mark.xfail(reason=f"{kind}: {reason}", strict=False,
                                               run=kind == "crash"))
            yield pytest.param(folder.name, path, id=key, marks=marks)


def test_every_known_failure_has_its_input():
    present = {f"{folder.name}/{path.name}" for folder in target_folders()
               for path in folder.iterdir()}
    assert set(KNOWN_FAILURES) - present == set()
    assert {kind for kind, _ in KNOWN_FAILURES.values()} <= {"crash", "hang", "oom"}


def test_regression_folders_are_targets():
    assert {folder.name for folder in target_folders()} <= set(harness.TARGETS)


@pytest.mark.parametrize("target, path", list(regression_inputs()))
def test_regression_input_gives_only_wirestruct_errors(target, path):
    outcome = harness.TARGETS[target](path.read_bytes())
    assert set(outcome) <= OUTCOME_KINDS
    assert all(count > 0 for count in outcome.values())


def test_record_scheme_round_trips():
    blob = (harness.encode_record(b"\x01\x02", Direction.S2C)
            + harness.encode_record(bytes(300), Direction.C2S, stream=1)
            + harness.encode_gap(7, Direction.C2S, stream=1)
            + harness.encode_record(b"\xff", Direction.C2S, stream=1))
    # message protocols have no streams and no gaps: the gap's length takes what follows
    message = harness.split_records(blob, streams=False)
    assert message == [CaptureRecord(0, 0.0, Direction.S2C, b"\x01\x02", 0),
                       CaptureRecord(1, 1.0, Direction.C2S, bytes(300), 0),
                       CaptureRecord(2, 2.0, Direction.C2S, b"\x04\x01\xff", 0)]
    stream = harness.split_records(blob, streams=True)
    assert [type(r).__name__ for r in stream] == ["CaptureRecord", "CaptureRecord",
                                                   "StreamGapError", "CaptureRecord"]
    gap = stream[2]
    assert (gap.where.stream, gap.where.direction, gap.where.span, gap.dropped) == (1, "c2s", (300, 307), 7)
    assert (stream[3].stream, stream[3].data) == (1, b"\xff")


def test_a_lying_length_takes_the_rest():
    records = harness.split_records(b"\x01\xff\xaa\xbb", streams=False)
    assert records == [CaptureRecord(0, 0.0, Direction.S2C, b"\xaa\xbb", 0)]


def test_a_seed_decodes_as_packets():
    seed = min((FUZZ / "seeds" / "mme").iterdir(), key=lambda p: p.stat().st_size)
    outcome = harness.TARGETS["mme"](seed.read_bytes())
    assert outcome["packet"] >= 10
