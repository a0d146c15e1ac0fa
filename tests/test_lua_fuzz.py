"""The Lua fuzz targets of the Wireshark dissectors (tests/fuzz/lua/): a short run of each
finds nothing, the driver reads inputs as the Python targets do and notices what it is
there to notice (a runaway input, a heap past its cap, a dissector that fails), the
regression inputs of the Lua targets replay clean, and ``run.py`` knows the targets."""
from __future__ import annotations

import io
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parent / "fuzz"
sys.path.insert(0, str(FUZZ / "lua"))
import lua_fuzz  # noqa: E402

LUA = "lua5.2"
TARGETS = sorted(lua_fuzz.TARGETS)

pytestmark = pytest.mark.needs(LUA)


@pytest.mark.parametrize("target", TARGETS)
def test_a_short_run_finds_nothing(target):
    result = lua_fuzz.run(target, lua_fuzz.fuzz_seeds(target), runs=300, seed=11, lua=LUA)
    assert [(f.kind, f.message[:300]) for f in result.findings] == []
    assert result.executions == 300
    assert result.exit_code == 0
    assert 0 < result.peak_heap_kb < lua_fuzz.MEMORY_KB


@pytest.mark.parametrize("target", TARGETS)
def test_frames_are_the_records_of_the_python_target(target):
    """Verdict mode dissects one frame per record harness.split_records reads (gaps are
    no frame), numbered as the records are."""
    import harness
    streams = lua_fuzz.protocol_of(target).transport == "stream"
    inputs = lua_fuzz.corpus_inputs(target)[:40]
    result = lua_fuzz.run(target, inputs, mode="verdict", lua=LUA)
    assert result.findings == []
    expected = [(i, r) for i, (_, data) in enumerate(inputs)
                for r, item in enumerate(harness.split_records(data, streams=streams))
                if isinstance(item, harness.CaptureRecord)]
    assert [(v[0], v[1]) for v in result.verdicts] == expected


def test_an_input_over_its_instruction_budget_is_a_timeout():
    inputs = lua_fuzz.corpus_inputs("lua_diep")[:1]
    result = lua_fuzz.run("lua_diep", inputs, mode="replay", lua=LUA, instructions=1,
                          per_byte=0)
    assert [f.kind for f in result.findings] == ["timeout"]
    assert result.findings[0].message.startswith(inputs[0][0] + ": frame ")


def test_an_input_over_the_heap_cap_is_an_oom():
    inputs = lua_fuzz.corpus_inputs("lua_diep")[:1]
    result = lua_fuzz.run("lua_diep", inputs, mode="replay", lua=LUA, memory_kb=1)
    assert [f.kind for f in result.findings] == ["oom"]


def test_a_failing_driver_is_a_crash(tmp_path):
    """A plugin that does not load (here: none at all) is reported, not taken for a
    clean run."""
    missing = tmp_path / "nothing.lua"
    result = lua_fuzz.run("lua_diep", [], mode="replay", lua=LUA, plugin=missing)
    assert [f.kind for f in result.findings] == ["crash"]
    assert "nothing.lua" in result.findings[0].message


def _regressions():
    for target in TARGETS:
        for path in sorted((lua_fuzz.REGRESSIONS / target).glob("*")):
            if path.suffix != ".txt":
                yield pytest.param(target, path, id=f"{target}/{path.name}")


@pytest.mark.parametrize(("target", "path"), list(_regressions()))
def test_regression_inputs_replay_clean(target, path):
    result = lua_fuzz.replay(target, [path], lua=LUA)
    assert [(f.kind, f.message[:500]) for f in result.findings] == []


def test_open_findings_still_fail():
    """A Lua target's finding kept open (``open_findings/<target>/``) still fails as it was
    found; once it replays clean it is fixed and moves to ``regressions/<target>/``."""
    fixed = []
    for target in lua_fuzz.TARGETS:
        folder = lua_fuzz.FUZZ / "open_findings" / target
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            result = lua_fuzz.replay(target, [path], lua=LUA)
            if [f.kind for f in result.findings][:1] != [path.name.split("-")[0]]:
                fixed.append(f"{target}/{path.name}")
    assert fixed == []


def test_run_py_reports_the_lua_targets():
    sys.path.insert(0, str(FUZZ))
    import run
    assert set(TARGETS) <= set(run.TARGETS)
    out = io.StringIO()
    with redirect_stdout(out):
        assert run.main(["report"]) == 0
    rows = {line.split()[0] for line in out.getvalue().splitlines()[1:]}
    assert set(TARGETS) <= rows


def test_what_a_lua_target_reaches_is_the_plugin_files_the_driver_loads():
    """Found by running the driver under loaded.lua: the Lua runtime, the protocol's piece
    and generated parsers (by their source files, with their specs) and the files
    wirestruct writes for the plugin; no Python module, no other protocol."""
    sys.path.insert(0, str(FUZZ))
    import reach
    files = reach.reach("lua_diep")
    for path in ("runtime/wireshark/lua/dissector.lua", "runtime/wireshark/lua/kaitaistruct.lua",
                 "runtime/protocols/diep/wireshark.lua",
                 "generated/diep/diep_clientbound_diepcustom_011c2e9.lua",
                 "ksy/diep/diep_clientbound_diepcustom_011c2e9.ksy"):
        assert files[path] == reach.file_hash((reach.ROOT / path).read_bytes()), path
    assert any(path.startswith("plugin/") and path.endswith("wirestruct_config.luamod")
               for path in files)
    assert not any(path.endswith(".py") or "/mme/" in path for path in files)
