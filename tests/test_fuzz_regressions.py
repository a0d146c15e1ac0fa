"""Replay of the fuzz regression corpus: every input under
``tests/fuzz/regressions/<target>/`` once made a fuzz target fail (a crash, or a timeout
that did not happen again). Each goes through the same target function the fuzzer runs
(``tests/fuzz/harness.py``) within :data:`REPLAY_SECONDS`, and only
``wirestruct.core.errors`` may come out. The inputs of real findings not fixed yet
(``tests/fuzz/open_findings/<target>/``) must still fail. The campaign's record: its state
is what its log says, every finding it ever saw is kept or recorded as lost, and a target
is fresh only on the code it ran on. The fuzzers themselves are ``tests/fuzz/fuzz_*.py``
(not collected; see benchmarks/README.md).
"""
import hashlib
import importlib.util
import inspect
import signal
import sys
from contextlib import contextmanager
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
    """Python targets' folders are replayed here, the Lua targets' by test_lua_fuzz.py."""
    assert {folder.name for folder in target_folders()} <= set(harness.TARGETS) | {
        "lua_diep", "lua_mme", "lua_scrap_mechanic"}


#: Seconds one regression input may take (a timeout finding that comes back fails).
REPLAY_SECONDS = 20


class ReplayTimeout(Exception):
    pass


@contextmanager
def time_bound(seconds: float):
    """Raises :class:`ReplayTimeout` in the block after ``seconds`` (SIGALRM)."""
    def expired(signum, frame):
        raise ReplayTimeout(f"no result within {seconds} s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_the_time_bound_stops_a_hang():
    import time
    with pytest.raises(ReplayTimeout), time_bound(0.2):
        time.sleep(5)


@pytest.mark.parametrize("target, path", [p for p in regression_inputs()
                                          if p.values[0] in harness.TARGETS])
def test_regression_input_gives_only_wirestruct_errors(target, path):
    with time_bound(REPLAY_SECONDS):
        outcome = harness.TARGETS[target](path.read_bytes())
    assert set(outcome) <= OUTCOME_KINDS
    assert all(count > 0 for count in outcome.values())


OPEN_FINDINGS = FUZZ / "open_findings"


def test_every_open_finding_still_fails():
    """A real finding the campaign kept (``open_findings/<target>/``) still fails: once it
    passes, it is fixed and moves to ``regressions/<target>/``."""
    folders = sorted(p for p in OPEN_FINDINGS.iterdir() if p.is_dir()) if OPEN_FINDINGS.is_dir() else []
    passing = []
    for folder in folders:
        if folder.name not in harness.TARGETS:      # a Lua target's: test_lua_fuzz.py
            continue
        for path in sorted(folder.iterdir()):
            try:
                with time_bound(REPLAY_SECONDS):
                    harness.TARGETS[folder.name](path.read_bytes())
            except (harness.PropertyViolation, ReplayTimeout, Exception):  # noqa: BLE001, PERF203
                continue
            passing.append(f"{folder.name}/{path.name}")
    assert passing == []


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
    if target == "diep_updates":           # one update an input, read by both readers
        assert sum(outcome["packet"] == 2 for outcome in outcomes) >= len(outcomes) - 8
        return
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


# -- the campaign's record ------------------------------------------------------------------
def _modules():
    return _load("run"), _load("campaign_state"), _load("reach")


def test_the_campaign_state_is_what_its_log_says():
    """campaign.json's figures are derived from campaign_log.jsonl: every target's
    executions, seconds, exec/s, coverage, corpus, sessions and findings on the code of its
    last session; its code is that session's code hash."""
    run, cs, _ = _modules()
    lines = cs.read_log()
    state = run.load_state()
    files = {(e.get("code") or {}).get("hash"): (e.get("code") or {}).get("files")
             for e in state["targets"].values()}
    derived = cs.derive(lines, run.TARGETS, files)
    assert state["runs"] == derived["runs"] == 1_000_000
    for target in run.TARGETS:
        want, got = derived["targets"][target], state["targets"][target]
        assert {k: got[k] for k in (*cs.FIGURES, "commit", "code")} == \
            {k: want[k] for k in (*cs.FIGURES, "commit", "code")}, target
    assert all(line["target"] in run.TARGETS for line in lines)


def test_every_finding_ever_seen_is_kept_or_recorded_as_lost():
    """A finding that did not fail again is a regression input; one whose input is gone is
    a ``lost`` line of the log, saying so; a real one is open (kept, or the Lua target's)."""
    run, cs, _ = _modules()
    state = run.load_state()
    for target, entry in state["targets"].items():
        kept = {p.name for p in (REGRESSIONS / target).iterdir()} if (REGRESSIONS / target).is_dir() else set()
        assert set(entry["unconfirmed"]) <= kept, target
    lost = {line["lost"] for line in cs.read_log() if "lost" in line}
    assert lost == {"timeout-6aa2b013bd4781205ab3c851f61fda44daef2e9b",
                    "timeout-7008a87e85ee2549debaa754959c7b3fd0a9ac3c",
                    "timeout-c8e2d78558967c758974f9f5103285c890805895"}
    assert state["targets"]["scrap_mechanic"]["lost"] == [
        "timeout-6aa2b013bd4781205ab3c851f61fda44daef2e9b",
        "timeout-7008a87e85ee2549debaa754959c7b3fd0a9ac3c"]
    # the Lua dissectors' first finding (ten 38-byte 22s of 1,024 sub-updates each), fixed:
    # named by the line of the session that found it, its input kept as a regression input
    # (the same bytes), and not open after the sessions since (the ones open are kept)
    name = "timeout-5a273f7676248b919082dc0d9e511a7fd6d0dd81"
    found = [line for line in cs.read_log() if line["target"] == "lua_scrap_mechanic"
             and name in line.get("findings", [])]
    assert len(found) == 1 and found[0]["code"] is None
    kept = REGRESSIONS / "lua_scrap_mechanic" / "twenty-twos-of-repeated-sub-updates"
    assert hashlib.sha1(kept.read_bytes()).hexdigest() == name.split("-")[1]
    folder = OPEN_FINDINGS / "lua_scrap_mechanic"
    kept_open = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
    assert name not in kept_open
    assert state["targets"]["lua_scrap_mechanic"]["findings"] == kept_open


def test_executions_count_for_one_code_hash():
    _, cs, _ = _modules()
    line = {"seconds": 10, "cov": 1, "ft": 2, "corpus": 3, "corpus_kb": 4, "peak_rss_mb": 50}
    lines = [{"target": "t", "code": None, "executions": 900, "sessions": 9, **line},
             {"target": "t", "code": "a", "executions": 100, **line, "unconfirmed": ["timeout-1"]},
             {"target": "t", "code": "a", "executions": 300, **line, "peak_rss_mb": 70},
             {"target": "t", "code": "b", "executions": 5, **line, "findings": ["crash-2"]},
             {"target": "t", "lost": "timeout-1"},
             {"target": "u", "code": "b", "executions": 7, **line}]
    assert cs.figures(lines, "t", "a")["executions"] == 400
    assert cs.figures(lines, "t", "a")["peak_rss_mb"] == 70
    assert cs.figures(lines, "t", None)["sessions"] == 9
    state = cs.derive(lines, ["t", "u"], {"b": {"x.py": "0" * 16}})
    t = state["targets"]["t"]
    assert (t["executions"], t["seconds"], t["exec_per_s"], t["sessions"]) == (5, 10, 0, 1)
    assert t["code"] == {"hash": "b", "files": {"x.py": "0" * 16}}
    assert (t["findings"], t["unconfirmed"], t["lost"]) == (["crash-2"], [], ["timeout-1"])
    assert cs.figures(lines, "t", "c")["executions"] == 0        # new code: from zero


def _state_on(run, reach, files, executions):
    state = run.load_state()
    entry = dict(state["targets"]["diep"], executions=executions, findings=[],
                 code={"hash": reach.code_hash(files), "files": files})
    state["targets"] = {"diep": entry}
    return state


def test_a_target_is_fresh_on_its_code_and_stale_naming_the_files_that_changed():
    run, _, reach = _modules()
    paths = ["runtime/protocols/diep/update_reader.py", "runtime/protocols/diep/decoder.py"]
    files = reach.hashed(set(paths))
    assert run.freshness(_state_on(run, reach, files, 1_000_000), "diep") == ("fresh", "")
    kind, why = run.freshness(_state_on(run, reach, files, 999_999), "diep")
    assert (kind, why) == ("stale", "999,999 of 1,000,000 executions on this code")
    changed = dict(files, **{paths[0]: "0" * 16})
    kind, why = run.freshness(_state_on(run, reach, changed, 1_000_000), "diep")
    assert kind == "stale" and why == f"1 file(s) changed since it ran: {paths[0]}"
    gone = dict(files, **{"runtime/protocols/diep/gone.py": "0" * 16})
    kind, why = run.freshness(_state_on(run, reach, gone, 1_000_000), "diep")
    assert why.endswith("runtime/protocols/diep/gone.py (gone)")
    state = _state_on(run, reach, files, 1_000_000)
    state["targets"]["diep"]["code"] = None
    assert run.freshness(state, "diep") == ("stale", "the code it ran on was not recorded")


def test_report_fails_on_a_stale_target_when_asked(capsys):
    run, _, _ = _modules()
    assert run.main(["report", "diep"]) == 0
    assert run.main(["report", "diep", "--fail-stale"]) == 1
    out = capsys.readouterr().out
    assert "stale: diep: the code it ran on was not recorded" in out


def test_the_update_readers_target_reaches_the_readers_and_the_spec():
    """Found by running the target on its seeds: the readers, the generated classes they
    are checked against, the spec those are compiled from and the build's field table;
    not the fuzz harness, not the Lua dissectors."""
    _, _, reach = _modules()
    files = reach.reach("diep_updates")
    for path in ("runtime/protocols/diep/update_reader.py",
                 "runtime/protocols/diep/raw_update_reader.py",
                 "generated/diep/diep_clientbound_diepcustom_011c2e9.py",
                 "ksy/diep/diep_clientbound_diepcustom_011c2e9.ksy",
                 "ksy/diep/data/diepcustom_011c2e9.json", "runtime/core/limits.py"):
        assert files[path] == reach.file_hash((ROOT / path).read_bytes()), path
    assert not any(path.startswith("tests/") or path.endswith(".lua") for path in files)


ROOT = FUZZ.parent.parent


def test_the_update_readers_must_agree_with_the_generated_classes(monkeypatch):
    from wirestruct.protocols.diep import update_reader as module
    data = bytes.fromhex("01 00 01 01 02 00 01 00 05 01")        # slot 0 = -3
    assert harness.TARGETS["diep_updates"](data) == {"packet": 2}
    assert harness.TARGETS["diep_updates"](data[:-1]) == {"error": 2}
    reader = module.update_reader()
    monkeypatch.setattr(type(reader), "fields", lambda self, packet: None)
    with pytest.raises(harness.PropertyViolation, match="readable reader refused"):
        harness.TARGETS["diep_updates"](data)
