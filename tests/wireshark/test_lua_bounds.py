"""The bounds of wirestruct's Lua runtime and dissectors, under real Lua interpreters on the
stand-in for Wireshark's API (``wireshark_api.lua``): the object budget comes from
wirestruct's ``Limits`` and holds for a whole packet with everything inside it; a packet of
thousands of failing parts costs time linear in its bytes and shows at most
``max_errors_per_packet`` errors and one summary; the state kept for random access is one
store for the capture, bounded by ``max_kept_state``, and a packet whose state was
forgotten says so instead of showing something else; the connections whose state is kept
are at most 2 x max_flows directions, as wirestruct's decoders follow streams; a frame of
many packets writes a bounded Info column."""
from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

import pytest
from hostile_inputs import sm_lz4, sm_p_joint, sm_raw_update, sm_remove, sm_update_body
from lua_harness import HARNESS, limit_args
from needs import needs
from pdml import fake_tshark
from test_dissector_lua import capture_frames
from wirestruct.core.limits import DEFAULT_LIMITS
from wirestruct.wireshark import generated_lua_dirs, lua_dir
from wirestruct.wireshark.plugin import build_plugin

HERE = Path(__file__).resolve().parent
INTERPRETERS = ("lua5.2", "lua5.3", "lua5.4")
MAX_ERRORS = DEFAULT_LIMITS.max_errors_per_packet


@pytest.fixture(params=INTERPRETERS)
def lua(request) -> str:
    return needs(request.param)


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return build_plugin(tmp_path_factory.mktemp("plugin"))


def plugin_with(plugin: Path, dest: Path, **limits: int) -> Path:
    """A copy of the plugin whose protocols' configs carry other limits."""
    shutil.copytree(plugin.parent, dest)
    for config in dest.glob("wirestruct/protocols/*/wirestruct_config.luamod"):
        text = config.read_text(encoding="utf-8")
        for name, value in limits.items():
            text, n = re.subn(rf'(\["{name}"\]\s*=\s*)\d+', rf"\g<1>{value}", text)
            assert n == 1, (config, name)
        config.write_text(text, encoding="utf-8")
    return dest / plugin.name


def run_lua(lua: str, script: str, *args: str) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script)
    try:
        proc = subprocess.run([lua, f.name, *args], capture_output=True, text=True, timeout=300)
    finally:
        Path(f.name).unlink()
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def sm_frame(packet: bytes, number: int = 1) -> tuple:
    return ("scrap_mechanic", number, 1, 4000, 50000, packet)


def cost(lua: str, plugin: Path, frames: list[tuple], rounds: int = 3) -> list[dict]:
    """cost.lua on each frame: best CPU seconds, thousands of VM instructions, Info, experts."""
    with tempfile.NamedTemporaryFile("w", suffix=".frames", delete=False) as f:
        for proto, number, direction, sport, dport, data in frames:
            f.write(f"{proto}\t{number}\t{direction}\t{sport}\t{dport}\t{data.hex()}\n")
    try:
        proc = subprocess.run([lua, str(HERE / "cost.lua"), str(HERE / "wireshark_api.lua"),
                               str(plugin), f.name, str(rounds)],
                              capture_output=True, text=True, timeout=600)
    finally:
        Path(f.name).unlink()
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [json.loads(line) for line in proc.stdout.splitlines()]


def failing_update(n: int) -> bytes:
    """22 Network Update: an empty raw sub-update, then ``n`` one-byte delta sub-updates
    rebuilt from it (empty too): every one of the n + 1 fails to parse."""
    return sm_lz4(22, sm_update_body(sm_raw_update(b"") + b"\x80" * n))


def removes(n: int) -> bytes:
    """22 Network Update of ``n`` Remove sub-updates, of NetObjs 7, 8, ... (each parses to
    objects of its own: the same sub-update again would share the first one's parse)."""
    return sm_lz4(22, sm_update_body(b"".join(sm_raw_update(sm_remove(7 + i))
                                              for i in range(n))))


# -- the kept store ----------------------------------------------------------------------------
STORE_SCRIPT = r"""
local w = dofile(arg[1] .. "/wirestruct.lua")
w.ENTRY_COST = 0
local s = w.store(10)
s:put("a", 1, "x", 4); s:put("a", 2, "y", 4)
assert(s:get(1) == "x")                 -- 1 is now the most recently used
s:put("b", 3, "z", 4)                   -- 12 bytes > 10: 2 goes, the least recently used
assert(select(2, s:get(2)) == false and s:get(1) == "x" and s:get(3) == "z")
assert(s.total == 8 and s.count == 2 and s.forgotten == 1)
s:grow(3, 3)                            -- 11 > 10: 1 goes
assert(select(2, s:get(1)) == false and s.total == 7)
s:put("a", 4, "big", 11)                -- more than the whole limit: nothing is kept
assert(s.count == 0 and s.total == 0)
s:put("a", 5, false, 2); s:put("b", 6, 2, 2); s:put("a", 7, 3, 2)
local value, found = s:get(5)
assert(value == false and found == true)
s:clear("a")
assert(s.count == 1 and s:get(6) == 2 and s.total == 2)
-- a store of 1000 entries of 64 bytes, limit 6400: always the last 100
local t = w.store(6400)
w.ENTRY_COST = 64
for i = 1, 1000 do t:put("c", i, i, 0) end
assert(t.count == 100 and t.total == 6400 and select(2, t:get(900)) == false and t:get(901) == 901)
print("ok")
"""


def test_the_kept_store_forgets_the_least_recently_used_within_its_bytes(lua):
    assert run_lua(lua, STORE_SCRIPT, str(lua_dir())).strip() == "ok"


# -- the object budget ---------------------------------------------------------------------------
def test_the_runtime_has_no_numbers_of_its_own():
    text = (lua_dir() / "wirestruct.lua").read_text(encoding="utf-8")
    assert "4096" not in text and "= 16" not in text
    assert "max_parse_objects_per_byte" in text and "parse_objects_allowance" in text


NO_LIMITS_SCRIPT = r"""
local w = dofile(arg[1] .. "/wirestruct.lua")
local rt = w.new({ arg[1], arg[2] })
local ok, err = pcall(rt.parse, rt, "mme_packet", "\0\0\0\0")
print(ok, (tostring(err):gsub("^[^\n]-:%d+: ", "")))
"""


def test_a_runtime_without_limits_refuses_to_parse(lua):
    out = run_lua(lua, NO_LIMITS_SCRIPT, str(lua_dir()), str(generated_lua_dirs()["mme"]))
    assert out.strip() == "false\twirestruct: the runtime has no limits (wirestruct.new's " \
        "or rt:set_limits)"


def harness_parse(lua: str, spec: str, data: bytes, args: list[str]) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".tasks", delete=False) as f:
        f.write(f"parse\t{spec}\t{data.hex()}\n")
    try:
        dirs = [str(p) for p in generated_lua_dirs().values()]
        proc = subprocess.run([lua, str(HARNESS), str(lua_dir()), f.name, *args, *dirs],
                              capture_output=True, text=True, timeout=300)
    finally:
        Path(f.name).unlink()
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def test_the_harness_budget_is_the_limits_it_is_given(lua):
    assert limit_args() == [
        f"max_parse_objects_per_byte={DEFAULT_LIMITS.max_parse_objects_per_byte}",
        f"parse_objects_allowance={DEFAULT_LIMITS.parse_objects_allowance}"]
    # 100 Removes in one RawUpdate-free stream: a Compound body would do as well; here the
    # diep update of 300 one-byte deletions is 300 objects
    data = bytes.fromhex("00" "00") + bytes([0xAC, 0x02]) + bytes(300) + bytes(8)
    spec = "diep_clientbound_diepcustom_011c2e9"
    assert "error" not in harness_parse(lua, spec, data, limit_args())
    got = harness_parse(lua, spec, data, ["max_parse_objects_per_byte=0",
                                          "parse_objects_allowance=100"])
    assert got["error"]["kind"] == "LimitExceededError"
    assert got["error"]["expected"] == "at most 100 (max_parse_objects_per_byte)"


def test_one_budget_holds_for_a_packet_and_every_part_of_it(lua, plugin, tmp_path):
    packet = removes(300)   # 300 sub-updates, each parsed on its own: ~3 objects each
    default = cost(lua, plugin, [sm_frame(packet)], rounds=1)[0]
    assert default["experts"] == []
    assert default["info"].startswith("network_update tick=1 sub_updates=300: ")
    # 200 objects for the whole packet: each parse alone would fit, together they do not
    small = plugin_with(plugin, tmp_path / "small", max_parse_objects_per_byte=0,
                        parse_objects_allowance=200)
    got = cost(lua, small, [sm_frame(packet)], rounds=1)[0]
    budget = [e for e in got["experts"] if e.startswith("LimitExceededError")]
    assert budget and all("(expected at most 200 (max_parse_objects_per_byte))" in e
                          for e in budget[:MAX_ERRORS])
    assert len(got["experts"]) <= MAX_ERRORS + 1
    # one object a byte and no allowance: a P update and 255 deltas of it, each rebuilt to
    # other data (parsed on its own), in a packet of some 600 bytes; as many objects as
    # its bytes alone stop it, the bytes decompressed and rebuilt for it widen the budget
    deltas = sm_lz4(22, sm_update_body(sm_raw_update(sm_p_joint(1)) + b"".join(
        bytes([0x80 | 0x0F, i]) for i in range(255))))
    alone = plugin_with(plugin, tmp_path / "alone", max_parse_objects_per_byte=0,
                        parse_objects_allowance=len(deltas))
    assert any(e.startswith("LimitExceededError") for e in
               cost(lua, alone, [sm_frame(deltas)], rounds=1)[0]["experts"])
    per_byte = plugin_with(plugin, tmp_path / "per_byte", max_parse_objects_per_byte=1,
                           parse_objects_allowance=0)
    assert cost(lua, per_byte, [sm_frame(deltas)], rounds=1)[0]["experts"] == []


# -- the work of one packet ----------------------------------------------------------------------
def test_thousands_of_failing_sub_updates_cost_little_and_are_summarised(lua, plugin):
    small, large = cost(lua, plugin, [sm_frame(failing_update(2048)),
                                      sm_frame(failing_update(4096))], rounds=5)
    for got, n in ((small, 2048), (large, 4096)):
        experts = got["experts"]
        assert len(experts) == MAX_ERRORS + 1
        assert all(e.startswith("ParseError: unexpected end of data") for e in experts[:-1])
        assert experts[-1] == (
            f"LimitExceededError: {n + 1 - MAX_ERRORS} more errors ({n + 1 - MAX_ERRORS} "
            f"ParseError) not shown: at most {MAX_ERRORS} a packet (max_errors_per_packet)")
        assert got["info"].startswith("network_update tick=1 sub_updates=0")
    assert large["seconds"] < 0.1, large
    # linear: twice the sub-updates, twice the work
    assert 1.7 < large["kinstructions"] / small["kinstructions"] < 2.3, (small, large)


def test_the_error_summary_counts_kinds_and_bytes(lua, plugin):
    # 40 failing sub-updates, then a raw one whose size runs past the body (a framing
    # error dropping the 9 bytes left)
    body = sm_update_body(sm_raw_update(b"") + b"\x80" * 40 + struct.pack(">H", 200) +
                          bytes(7))
    got = cost(lua, plugin, [sm_frame(sm_lz4(22, body))], rounds=1)[0]
    assert len(got["experts"]) == MAX_ERRORS + 1
    assert got["experts"][-1] == (
        f"LimitExceededError: {42 - MAX_ERRORS} more errors ({41 - MAX_ERRORS} ParseError, "
        f"1 DecodeError), covering 9 bytes, not shown: at most {MAX_ERRORS} a packet "
        "(max_errors_per_packet)")


def test_a_frame_of_many_packets_writes_a_bounded_info_column(lua, plugin):
    # 300 empty MME packets (type 0, no payload) in one TCP segment
    frame = ("mme", 1, 0, 50000, 4000, bytes(4) * 300)
    got = cost(lua, plugin, [frame], rounds=1)[0]
    parts = got["info"].split(" | ")
    assert len(parts) == 65 and parts[-1] == "\u2026"
    assert len(set(parts[:-1])) == 1


# -- state kept for random access ------------------------------------------------------------------
RANDOM_ACCESS = ["samples/scrap_mechanic.jsonl", "samples/mme.jsonl"]


@pytest.mark.parametrize("capture", RANDOM_ACCESS)
def test_random_access_under_a_small_kept_state_says_forgotten(lua, plugin, tmp_path, capture):
    """A first pass, then every frame again in reverse order: with room for no state, or
    for some of it, a frame shows what one pass shows, or has a note naming
    max_kept_state where its expansion was; never other data, never a Lua error."""
    frames, _ = capture_frames(capture)
    once = fake_tshark(lua, plugin, frames)
    for kept_state, some_shown in ((1, False), (16 * 1024, True)):
        small = plugin_with(plugin, tmp_path / str(kept_state), max_kept_state=kept_state)
        twice = fake_tshark(lua, small, frames, passes=2)
        same = forgotten = 0
        for a, b in zip(once, twice):
            assert "error" not in b
            notes = [m for m in b["experts"] if "max_kept_state" in m]
            if (a["pdml"], a["info"], a["experts"]) == (b["pdml"], b["info"], b["experts"]):
                same += 1
                continue
            assert notes, (a["info"], b["info"], b["experts"])
            assert all("failed" not in m for m in b["experts"])
            forgotten += 1
        assert forgotten > 0
        assert (same > 0 and forgotten < len(frames)) or not some_shown


# -- connections followed at once -----------------------------------------------------------------
def test_state_of_more_connections_than_max_flows_is_forgotten_with_a_note(lua, plugin,
                                                                           tmp_path):
    """Six connections each setting an update, then a delta of it on the first: with
    max_flows 2 (four directions) the first connections' state is forgotten, the packets
    that pushed it out say so, and the delta has nothing to apply to; with the default
    every connection is kept. A second pass in reverse order shows the same notes."""
    first = sm_lz4(22, sm_update_body(sm_raw_update(sm_p_joint(1))))
    delta = sm_lz4(22, sm_update_body(bytes([0x80 | 0x1F]), tick=2))
    frames = [("scrap_mechanic", n + 1, 1, 4000, 50000 + n, first) for n in range(6)]
    frames.append(("scrap_mechanic", 7, 1, 4000, 50000, delta))
    note = "connection direction was forgotten: at most 4 are followed at once (2 x max_flows)"
    assert all(not r["experts"] for r in fake_tshark(lua, plugin, frames))
    small = plugin_with(plugin, tmp_path / "flows", max_flows=2)
    for passes in (1, 2):
        got = fake_tshark(lua, small, frames, passes=passes)
        assert [[e for e in r["experts"] if "max_flows" in e] for r in got[:6]] == \
            [[]] * 4 + [[f"The state of 1 {note}"]] * 2, passes
        assert all("error" not in r for r in got)
        # the delta's connection comes back, and pushes out the next oldest
        assert got[6]["experts"] == ["DeltaError: delta update with no previous update "
                                     "(expected a raw update earlier in the capture) at "
                                     "sub_updates[0]", f"The state of 1 {note}"]
