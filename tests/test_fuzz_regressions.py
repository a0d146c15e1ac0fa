"""Replay of the fuzz regression corpus: every input under
``tests/fuzz/regressions/<target>/`` once made a fuzz target fail. Each goes through the
same target function the fuzzer runs (``tests/fuzz/harness.py``), and only
``wirestruct.core.errors`` may come out. The fuzzers themselves are ``tests/fuzz/fuzz_*.py``
(not collected; see benchmarks/README.md).
"""
import importlib.util
import inspect
import sys
from pathlib import Path

import pytest
from wirestruct.core import errors
from wirestruct.core.records import CaptureRecord, Direction

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
OUTCOME_KINDS = (ERROR_KINDS | {"packet", "record", "skipped", "error", "row"}
                 | {f"raised {kind}" for kind in ERROR_KINDS})


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


@pytest.mark.parametrize("target", sorted(harness.TARGETS))
def test_every_seed_gives_only_wirestruct_errors(target):
    """A seed that fails would stop every fuzz run at start-up."""
    outcomes = [harness.TARGETS[target](seed.read_bytes())
                for seed in sorted((FUZZ / "seeds" / target).iterdir())]
    assert len(outcomes) >= 6
    for outcome in outcomes:
        assert set(outcome) <= OUTCOME_KINDS
    assert max(outcome["packet"] + outcome["record"] for outcome in outcomes) >= 10


#: Committed corpus inputs replayed per target in the default run (a sample: the whole
#: corpus is the campaign's, ``python tests/fuzz/run.py campaign``).
CORPUS_SAMPLE = 40


@pytest.mark.parametrize("target", sorted(harness.TARGETS))
def test_a_sample_of_the_committed_corpus_gives_only_wirestruct_errors(target):
    """The committed corpus (``tests/fuzz/corpus/<target>/``) still runs through its
    target: an input the fuzzer kept must not fail once the code changes."""
    folder = FUZZ / "corpus" / target
    inputs = sorted(folder.iterdir()) if folder.is_dir() else []
    for path in inputs[::max(1, len(inputs) // CORPUS_SAMPLE)][:CORPUS_SAMPLE]:
        outcome = harness.TARGETS[target](path.read_bytes())
        assert set(outcome) <= OUTCOME_KINDS, path.name


def _load(name):
    spec = importlib.util.spec_from_file_location(f"wirestruct_fuzz_{name}", FUZZ / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_target_has_an_entry_point_seeds_and_a_campaign_entry():
    """Every atheris target has its entry point, seeds, -max_len and covered modules;
    every target, the Lua dissectors' too, has its campaign entry and report line."""
    run, entry = _load("run"), _load("entry")
    atheris = set(run.TARGETS) - set(run.LUA_TARGETS)
    assert run.LUA_TARGETS == ("lua_diep", "lua_mme", "lua_scrap_mechanic")
    assert atheris == set(harness.TARGETS) == set(run.MAX_LEN) == set(entry.COVERED)
    for target in harness.TARGETS:
        assert any((FUZZ / "seeds" / target).iterdir()), target
    state = run.load_state()
    assert set(state["targets"]) == set(run.TARGETS)
    for figures in state["targets"].values():
        assert set(run.STATE_FIELDS) <= set(figures)
    lines = run.report_lines(state)
    assert len(lines) == 1 + len(run.TARGETS) and lines[0].split()[:2] == ["target", "executions"]


def test_each_target_instruments_its_decoders_only():
    entry = _load("entry")
    names = entry.module_names()
    assert "wirestruct.core.decoder" in names and "wirestruct.generated.mme.mme_packet" in names
    mme = set(names) - set(entry.excluded("mme"))
    assert "wirestruct.protocols.mme.decoder" in mme and "wirestruct.output.jsonify" not in mme
    assert not any(name.startswith("wirestruct.protocols.diep") for name in mme)
    assert "wirestruct.tools.batch" in set(names) - set(entry.excluded("batch"))


def test_an_event_line_that_is_not_an_object_is_counted():
    outcome = harness.TARGETS["encode"](b"\x01[1]\n5\n{}\n")
    assert outcome == {"EncodeError": 2, "skipped": 1}


def test_pcap_inputs_end_in_a_transport_selector():
    assert harness.split_selector(b"\xd4\xc3\xb2\xa1\x01") == (b"\xd4\xc3\xb2\xa1", "message")
    assert harness.split_selector(b"\xd4\xc3\xb2\xa1\x02") == (b"\xd4\xc3\xb2\xa1", "stream")
    assert harness.split_selector(b"") == (b"", "stream")


def test_an_error_dropping_input_must_say_how_much():
    harness.check_error(errors.ResyncError("skipped", span=(10, 14), dropped=4))
    harness.check_error(errors.ParseError("no dropped count needed"))
    harness.check_error(errors.StreamConflictError("a SYN of no data", span=(5, 5), dropped=0))
    harness.check_error(errors.UnsupportedError("cut frames: 1 frames, 9 bytes",
                                                expected="whole frames"))
    with pytest.raises(harness.PropertyViolation, match="without a dropped count"):
        harness.check_error(errors.StreamGapError("gap", span=(0, 9)))
    with pytest.raises(harness.PropertyViolation, match="without a dropped count"):
        harness.check_error(errors.StreamConflictError("a SYN of no data", span=(5, 5)))
    with pytest.raises(harness.PropertyViolation, match="drops 3 bytes of a 4-byte span"):
        harness.check_error(errors.TruncatedStreamError("cut", span=(10, 14), dropped=3))
    with pytest.raises(harness.PropertyViolation, match="negative dropped"):
        harness.check_error(errors.FragmentError("bad", dropped=-1))
    with pytest.raises(harness.PropertyViolation, match="error event carries ValueError"):
        harness.check_error(ValueError("not a wirestruct error"))


def test_fuzz_limits_are_scaled_down_and_overridable(monkeypatch):
    monkeypatch.delenv("WIRESTRUCT_FUZZ_LIMITS", raising=False)
    assert (harness.limits().max_decompressed, harness.limits().max_items_per_packet) == (256 * 1024, 1024)
    monkeypatch.setenv("WIRESTRUCT_FUZZ_LIMITS", "max_decompressed=1M")
    assert (harness.limits().max_decompressed, harness.limits().max_append_buffer) == (1 << 20, 256 * 1024)
    monkeypatch.setenv("WIRESTRUCT_FUZZ_LIMITS", "defaults")
    assert harness.limits() == harness.Limits()


def test_json_check_sampling_is_a_function_of_the_input():
    inputs = [i.to_bytes(2, "little") for i in range(800)]
    chosen = [data for data in inputs if harness.json_checked(data)]
    assert chosen == [data for data in inputs if harness.json_checked(data)]
    assert 60 <= len(chosen) <= 140


def test_the_whole_mme_session_seed_decodes_as_packets():
    seed = max((FUZZ / "seeds" / "mme").iterdir(), key=lambda p: p.stat().st_size)
    outcome = harness.TARGETS["mme"](seed.read_bytes())
    assert outcome["packet"] >= 400


def _s2c(*packets):
    return b"".join(harness.encode_record(p, Direction.S2C) for p in packets)


def test_attack_seeds_reach_the_fuzz_caps_and_decoding_goes_on():
    import hostile_inputs as hostile
    def create(netobj_id, tick):
        return hostile.sm_lz4(22, hostile.sm_update_body(hostile.sm_raw_update(
            hostile.sm_create_static(netobj_id)), tick=tick))
    bomb = hostile.sm_sub_update_bomb(300 * 1024 // 7)      # past max_decompressed (256k)
    assert harness.TARGETS["scrap_mechanic"](_s2c(create(1, 1), bomb, create(2, 2))) == {
        "packet": 2, "LimitExceededError": 1}
    deletions = hostile.diep_deletion_bomb(300 * 1024)       # the bomb is the error event
    assert harness.TARGETS["diep"](_s2c(deletions, hostile.diep_update([], tick=2))) == {
        "packet": 1, "LimitExceededError": 1}
