"""The protocol pieces of the Wireshark dissectors on hostile packets, in a standalone Lua
on the stand-in for Wireshark's API: what the dissector refuses is what wirestruct's
Python decoder refuses (the same error kinds, naming the same limits), the memory of the
Lua process stays bounded (what is kept across packets stays within max_kept_state), and
random access (a first pass without a tree, then the frames in reverse order) shows what
one pass shows or says that the state was forgotten.

The Scrap Mechanic walk that counts a body's lists before the spec runs is held equal to
:func:`wirestruct.protocols.scrap_mechanic.counts.count_items` over crafted bodies.
"""
from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from needs import needs_any
from wirestruct import decode_records, get_protocol
from wirestruct.core.events import PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.wireshark.plugin import build_plugin

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import attacks as A  # noqa: E402
import hostile_inputs as hi  # noqa: E402

MIB = 1 << 20
PROTO = {"mme": "mme", "scrap-mechanic": "scrap_mechanic", "diep": "diep"}
#: max_kept_state of the plugin the memory tests build (so that a few pieces pass it)
SMALL_KEPT = 8 * MIB

# One JSON line a frame (pass, number, info, experts, Lua heap after it), then the peak
# heap, the process's peak RSS (VmHWM) and the heap after a full collection.
DRIVER = r"""
local api_file, entry, task_file, passes = arg[1], arg[2], arg[3], tonumber(arg[4])
local api = dofile(api_file)
api.install()
dofile(entry)
local format, concat = string.format, table.concat
local function json_string(s)
  return '"' .. s:gsub('[%c"\\\128-\255]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" end
    return format("\\u%04x", c:byte())
  end) .. '"'
end
local frames = {}
for line in io.lines(task_file) do
  local proto, number, dir, sport, dport, data = line:match(
    "^(%S+)\t(%d+)\t(%-?%d+)\t(%d+)\t(%d+)\t(%x*)$")
  frames[#frames + 1] = { proto = proto, number = tonumber(number), dir = tonumber(dir),
    sport = tonumber(sport), dport = tonumber(dport),
    data = data:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end) }
end
local peak, out = 0, io.stdout
local function dissect(f, visited, visible, pass)
  local frame = api.frame(f.number, f.data, { p2p_dir = f.dir, src_port = f.sport,
    dst_port = f.dport, visited = visited })
  api.visible = visible
  local ok, err = xpcall(api.protos[f.proto].dissector, debug.traceback, frame.tvb,
    frame.pinfo, frame.tree)
  local kb = collectgarbage("count")
  if kb > peak then peak = kb end
  local experts = {}
  for k, text in ipairs(frame.experts) do experts[k] = json_string(text) end
  out:write('{"pass":', pass, ',"number":', f.number, ',"info":',
    json_string(frame.cols.info.text), ',"experts":[', concat(experts, ","), "]")
  if not ok then out:write(',"error":', json_string(tostring(err))) end
  out:write("}\n")
end
if passes == 2 then
  for _, f in ipairs(frames) do dissect(f, false, false, 1) end
  for i = #frames, 1, -1 do dissect(frames[i], true, true, 2) end
else
  for _, f in ipairs(frames) do dissect(f, false, true, 1) end
end
local hwm = 0
local status = io.open("/proc/self/status")
if status then
  for line in status:lines() do
    hwm = tonumber(line:match("^VmHWM:%s*(%d+)")) or hwm
  end
  status:close()
end
collectgarbage("collect")
out:write(format('{"peak_kb":%.0f,"hwm_kb":%.0f,"live_kb":%.0f}\n', peak, hwm,
  collectgarbage("count")))
"""


@pytest.fixture(scope="module")
def lua() -> str:
    return needs_any("lua5.2", "lua5.4")


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("pieces")
    (work / "driver.lua").write_text(DRIVER)
    return work


@pytest.fixture(scope="module")
def plugin(workdir) -> Path:
    return build_plugin(workdir / "plugin")


def plugin_with(dest: Path, **limits: int) -> Path:
    """The plugin with other limits than the defaults (its built configs edited)."""
    entry = build_plugin(dest)
    configs = list(dest.rglob("wirestruct_config.luamod"))
    assert configs
    for config in configs:
        text = config.read_text()
        for name, value in limits.items():
            default = getattr(DEFAULT_LIMITS, name)
            edited = text.replace(f'["{name}"] = {default}', f'["{name}"] = {value}')
            assert edited != text
            text = edited
        config.write_text(text)
    return entry


@pytest.fixture(scope="module")
def small_plugin(workdir) -> Path:
    """The plugin with max_kept_state of SMALL_KEPT bytes."""
    return plugin_with(workdir / "small", max_kept_state=SMALL_KEPT)


#: append buffers of 256 KiB each, 1 MiB in all
SMALL_APPEND = {"max_append_buffer": 256 << 10, "max_append_buffers": MIB}


def frames_of(protocol: str, records: list[CaptureRecord]) -> list[tuple]:
    """Frames as the exported-PDU writer names them: the client at port 50000 + stream
    (MME: each record's packets in one frame, as TCP would bring them)."""
    out = []
    for n, r in enumerate(records, 1):
        client, server = 50000 + r.stream, 4000
        if r.direction is Direction.C2S:
            out.append((PROTO[protocol], n, 0, client, server, bytes(r.data)))
        else:
            out.append((PROTO[protocol], n, 1, server, client, bytes(r.data)))
    return out


def run(lua: str, plugin: Path, workdir: Path, frames: list[tuple], passes: int = 1
        ) -> tuple[list[dict], dict]:
    """The frames through the plugin: per frame its result, and the memory figures."""
    with tempfile.NamedTemporaryFile("w", suffix=".frames", dir=workdir, delete=False) as f:
        for proto, number, direction, sport, dport, data in frames:
            f.write(f"{proto}\t{number}\t{direction}\t{sport}\t{dport}\t{data.hex()}\n")
    try:
        proc = subprocess.run([lua, str(workdir / "driver.lua"), str(HERE / "wireshark_api.lua"),
                               str(plugin), f.name, str(passes)],
                              capture_output=True, text=True, timeout=1200)
    finally:
        os.unlink(f.name)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    results, memory = lines[:-1], lines[-1]
    assert len(results) == len(frames) * passes
    assert [r["error"] for r in results if "error" in r] == []
    return results, memory


EXPERT = re.compile(r"^([A-Za-z]+Error): (.*)$", re.S)


def lua_verdict(results: list[dict]) -> A.Verdict:
    """Error kinds and limits of the expert infos (the summary of a packet's errors past
    max_errors_per_packet counts as one LimitExceededError, as the Python decode's)."""
    verdict = A.Verdict()
    for r in results:
        for text in r["experts"]:
            found = EXPERT.match(text)
            if found:
                verdict.add(found.group(1), found.group(2))
    return verdict


def python_verdict(protocol: str, records: list[CaptureRecord]) -> A.Verdict:
    verdict = A.Verdict()
    for event in decode_records(records, get_protocol(protocol).decoder()):
        if isinstance(event, PacketEvent):
            verdict.packets += 1
        else:
            verdict.add(type(event.error).__name__, str(event.error))
    return verdict


# -- verdicts equal to Python's ---------------------------------------------------------------
CASES = {
    "sm_checksums_16mib": ("scrap-mechanic", lambda: A.sm_checksums()),
    "sm_checksums_lying_count": ("scrap-mechanic", lambda: A.sm_checksums_lying_count()),
    "sm_server_info_mods": ("scrap-mechanic", lambda: A.sm_records(
        [hi.sm_lz4(0x02, bytes(16) + struct.pack(">I", 9000) + bytes(9000 * 24))], Direction.C2S)),
    "sm_failing_deltas": ("scrap-mechanic", lambda: A.sm_failing_deltas(8000, 2)),
    "sm_failing_raw_sizes": ("scrap-mechanic", lambda: A.sm_records(
        [A.sm_update(b"\x00\x03\x07" * 8000)])),
    "sm_one_byte_deltas": ("scrap-mechanic", lambda: A.sm_one_byte_deltas(8000, 2)),
    "sm_deltas_past_cap": ("scrap-mechanic", lambda: A.sm_one_byte_deltas_past_cap(100_000)),
    "sm_delta_chains": ("scrap-mechanic", lambda: A.sm_delta_chains(6, 3, 1000)),
    "sm_compound_nested": ("scrap-mechanic", lambda: A.sm_compound_nested()),
    "sm_compound_of_bombs": ("scrap-mechanic", lambda: A.sm_compound_of_bombs(4)),
    "sm_compound_full": ("scrap-mechanic", lambda: A.sm_compound_full(100_000)),
    "sm_blob_list": ("scrap-mechanic", lambda: A.sm_blob_list(20_000)),
    "sm_many_failures": ("scrap-mechanic", lambda: A.sm_many_failures(300)),
    "diep_deletions": ("diep", lambda: A.diep_deletions(2)),
    "diep_lying_sizes": ("diep", lambda: A.diep_lying_sizes()),
    "diep_count_lies": ("diep", lambda: A.diep_count_lies(20)),
    "diep_unknown_ids": ("diep", lambda: A.diep_records([b"\x77\x01", b"\xfe"])),
    "mme_zlib_bomb": ("mme", lambda: A.mme_map_data_bomb()),
    "mme_many_failures": ("mme", lambda: A.mme_many_failures(2048)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_refused_as_python_refuses(lua, plugin, workdir, case):
    """Every expert error kind, with its count, and every limit the errors name, as the
    Python decode's error events have them; no Lua error."""
    protocol, build = CASES[case]
    records = build()
    results, _ = run(lua, plugin, workdir, frames_of(protocol, records))
    ours, theirs = lua_verdict(results), python_verdict(protocol, records)
    assert (ours.kinds, ours.limits) == (theirs.kinds, theirs.limits)


def test_append_buffers_across_connections(lua, workdir):
    """Append buffers of 240 KB on six connections (with max_append_buffers 1 MiB): past
    it on the fifth and sixth, as Python has it; one past max_append_buffer."""
    from wirestruct.core.limits import Limits

    chunk = bytes(range(256)) * 240
    appends = [A.mme(20)] + [A.mme(21, chunk)] * 4 + [A.mme(23)]
    records = A.mme_connections(lambda n: appends + ([A.mme(21, chunk)] * 2 if n == 0 else []),
                                6)
    entry = plugin_with(workdir / "append", **SMALL_APPEND)
    results, _ = run(lua, entry, workdir, frames_of("mme", records))
    ours = lua_verdict(results)
    theirs = A.Verdict()
    limits = Limits(**SMALL_APPEND)
    for event in decode_records(records, get_protocol("mme").decoder(limits=limits)):
        if not isinstance(event, PacketEvent):
            theirs.add(type(event.error).__name__, str(event.error))
    assert (ours.kinds, ours.limits) == (theirs.kinds, theirs.limits)
    assert ours.limits == {"max_append_buffer", "max_append_buffers"}


def test_failing_sub_updates_are_summarised_and_linear(lua, plugin, workdir):
    """A 22 of 8000 sub-updates that each fail: its errors past max_errors_per_packet are
    one summary; the packet costs little more than a 22 of 8000 that parse."""
    records = A.sm_records([A.sm_update(b"\x00\x03\x07" * 8000)])
    results, _ = run(lua, plugin, workdir, frames_of("scrap-mechanic", records))
    experts = results[0]["experts"]
    shown = DEFAULT_LIMITS.max_errors_per_packet
    assert len(experts) == shown + 1
    assert all(e.startswith("ParseError: ") for e in experts[:shown])
    assert "max_errors_per_packet" in experts[-1]
    assert re.search(r"\b7984\b", experts[-1])


# -- names ---------------------------------------------------------------------------------
def test_unknown_packets_are_named_as_the_command_line_names_them(lua, plugin, workdir):
    frames = [("scrap_mechanic", 1, 1, 4000, 50000, b"\xfe\x00\x01"),
              ("diep", 2, 1, 4000, 50000, b"\x77\x01"),
              ("mme", 3, 1, 4000, 50000, struct.pack("<HH", 200, 0))]
    results, _ = run(lua, plugin, workdir, frames)
    assert [r["info"].split(" ")[0] for r in results] == ["unknown_254", "unknown_119",
                                                          "unknown_200"]


# -- the SM list walk equal to the Python one --------------------------------------------------
def _bodies() -> list[tuple[int, bytes, int]]:
    """Crafted bodies of the counted packets: (packet id, body, budget)."""
    out: list[tuple[int, bytes, int]] = []
    for count in (0, 1, 3, 9000, 0xFFFFFFFF):
        for tail in (0, 3, 12, 9000 * 4):
            out.append((0x06, struct.pack(">I", count) + bytes(tail), 8192))
    out.append((0x06, b"\x00\x00", 8192))
    key = bytes(22)
    for mods in (0, 2, 400):
        for game in (b"", b"abc"):
            head = bytes(16) + struct.pack(">I", mods) + bytes(24 * mods)
            body = head + struct.pack(">H", len(game)) + game
            for scripts, generics in ((0, 0), (2, 1), (300, 0), (1, 5000)):
                full = body + struct.pack(">I", scripts) + key * scripts + \
                    struct.pack(">I", generics) + key * generics
                for budget in (8192, 500, 2):
                    out.append((0x02, full, budget))
                    out.append((0x02, full[:len(full) - 7], budget))
    blob = hi.sm_blob(b"\x22" * 16, b"\x01\x02\x03")
    for pid, start in ((0x0B, 4), (0x1A, 0), (0x19, 4), (0x1C, 0)):
        for n in (0, 1, 5, 40):
            body = bytes(start) + blob * n
            for budget in (8192, 20, 0):
                out.append((pid, body, budget))
                out.append((pid, body + b"\x00" * 30, budget))
                out.append((pid, body[:-2], budget))
    out.append((0x15, b"\x00" * 40, 8192))
    return out


WALK = r"""
local api = dofile(arg[1])
api.install()
local piece = dofile(arg[2])
local p = { data = { counts = dofile(arg[3]) } }
for line in io.lines(arg[4]) do
  local id, budget, data = line:match("^(%d+)\t(%d+)\t(%x*)$")
  local body = data:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end)
  local ok, r = pcall(piece.count_items, p, tonumber(id), body, tonumber(budget))
  if ok then
    io.write(string.format("%d\n", r))
  else
    io.write(r.kind, "\t", r.message, "\t", r.expected, "\t", string.format("%d", r.offset),
      "\t", r.field_path, "\t", string.format("%d", r.dropped), "\n")
  end
end
"""


def _lua_table(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"[{_lua_table(k)}] = {_lua_table(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, str):
        return json.dumps(value)
    return str(int(value))


def test_sm_list_walk_equals_count_items(lua, workdir):
    from wirestruct.core.errors import WirestructError
    from wirestruct.protocols.scrap_mechanic.counts import count_items
    from wirestruct.protocols.scrap_mechanic.wireshark import counted_lists

    bodies = _bodies()
    (workdir / "walk.lua").write_text(WALK)
    (workdir / "counts.lua").write_text("return " + _lua_table(counted_lists()))
    tasks = workdir / "walk.tasks"
    tasks.write_text("".join(f"{pid}\t{budget}\t{body.hex()}\n" for pid, body, budget in bodies))
    piece = Path(__import__("wirestruct.protocols.scrap_mechanic.wireshark",
                            fromlist=["x"]).__file__).with_name("wireshark.lua")
    proc = subprocess.run([lua, str(workdir / "walk.lua"), str(HERE / "wireshark_api.lua"),
                           str(piece), str(workdir / "counts.lua"), str(tasks)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = proc.stdout.splitlines()
    want = []
    for pid, body, budget in bodies:
        try:
            want.append(str(count_items(pid, body, budget)))
        except WirestructError as exc:
            want.append("\t".join([type(exc).__name__, exc.message, str(exc.expected),
                                   str(exc.where.offset), str(exc.where.field_path),
                                   str(exc.dropped)]))
    assert len(got) == len(bodies)
    assert sum(1 for w in want if "\t" in w) >= 20      # refusals of every kind were tried
    assert [(i, g) for i, (g, w) in enumerate(zip(got, want)) if g != w] == []


SCAN = r"""
local api = dofile(arg[1])
api.install()
local piece = dofile(arg[2])
local p = { data = { lua_scan = dofile(arg[3]) } }
for line in io.lines(arg[4]) do
  local values, depth, data = line:match("^(%d+)\t(%d+)\t(%x*)$")
  local object = data:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end)
  local ok, r = pcall(piece.lua_scan, p, object, tonumber(values), tonumber(depth))
  if ok then
    io.write(string.format("%d\n", r))
  else
    io.write(r.kind, "\t", r.message, "\t", r.expected, "\t", string.format("%d", r.offset),
      "\t", string.format("%d", r.dropped), "\n")
  end
end
"""


def _lua_objects() -> list[tuple[bytes, int, int]]:
    """Lua objects (of the test vectors, random ones, cut ones, deep ones) with the value
    and depth budgets to walk them with: unbounded, and tight enough to refuse them."""
    sys.path.insert(0, str(HERE.parent / "scrap_mechanic"))
    import test_sm_lua_scan as scans

    objects = scans.vector_objects() + scans.random_objects(120)
    objects += [data[:len(data) * k // 5] for data in objects[:40] for k in (1, 2, 3, 4)]
    objects += [scans.nested(levels) for levels in (1, 5, 40)]
    out = []
    for data in objects:
        out += [(data, 1 << 30, 1 << 30), (data, 3, 64), (data, 1 << 30, 2), (data, 40, 1)]
    return out


def test_sm_lua_walk_equals_lua_scan(lua, workdir):
    """The piece's Lua object walk (max_lua_values, max_lua_depth counted before anything
    is parsed) is wirestruct.protocols.scrap_mechanic.lua_scan.scan, on its numbers: the same
    values counted, and the same refusals (message, limit, offset)."""
    from wirestruct.core.errors import LimitExceededError
    from wirestruct.protocols.scrap_mechanic.lua_scan import scan
    from wirestruct.protocols.scrap_mechanic.wireshark import lua_scan_numbers

    objects = _lua_objects()
    (workdir / "scan.lua").write_text(SCAN)
    (workdir / "scan_numbers.lua").write_text("return " + _lua_table(lua_scan_numbers()))
    tasks = workdir / "scan.tasks"
    tasks.write_text("".join(f"{v}\t{d}\t{data.hex()}\n" for data, v, d in objects))
    piece = Path(__import__("wirestruct.protocols.scrap_mechanic.wireshark",
                            fromlist=["x"]).__file__).with_name("wireshark.lua")
    proc = subprocess.run([lua, str(workdir / "scan.lua"), str(HERE / "wireshark_api.lua"),
                           str(piece), str(workdir / "scan_numbers.lua"), str(tasks)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = proc.stdout.splitlines()
    want = []
    for data, values, depth in objects:
        try:
            want.append(str(scan(data, max_values=values, max_depth=depth).values))
        except LimitExceededError as exc:
            want.append("\t".join([type(exc).__name__, exc.message, str(exc.expected),
                                   str(exc.where.offset), str(exc.dropped)]))
    assert len(got) == len(objects)
    refused = [w for w in want if "\t" in w]
    assert sum("max_lua_values" in w for w in refused) >= 20
    assert sum("max_lua_depth" in w for w in refused) >= 20
    assert [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w] == []


# -- memory and random access ------------------------------------------------------------------
def test_mme_map_pieces_kept_within_max_kept_state(lua, small_plugin, workdir):
    """MAP_TOTAL_DATA pieces of 4 MiB on three connections (36 MiB inflated): the blocks
    kept for random access stay within max_kept_state (8 MiB here); the second pass shows
    the newest pieces as one pass does and says of the others that they were forgotten."""
    stream = A.deflated_pieces(4 * 4 * MIB, 4 * MIB)[:3]
    records = A.mme_connections(lambda n: [A.MAP_128M, A.mme(18)] +
                                [A.mme(19, piece) for piece in stream], 3)
    frames = frames_of("mme", records)
    once, memory = run(lua, small_plugin, workdir, frames)
    assert [e for r in once for e in r["experts"]] == []
    assert memory["live_kb"] < (SMALL_KEPT + 6 * MIB) / 1024
    twice, memory2 = run(lua, small_plugin, workdir, frames, passes=2)
    second = {r["number"]: r for r in twice if r["pass"] == 2}
    pieces = [n for n, f in enumerate(frames, 1) if f[5][:2] == b"\x13\x00"]
    kept = [n for n in pieces if second[n]["experts"] == []]
    forgotten = [n for n in pieces if second[n]["experts"]]
    assert kept == pieces[-1:] and len(forgotten) == len(pieces) - 1
    for n in forgotten:
        assert [("max_kept_state" in e) for e in second[n]["experts"]] == [True]
    assert all(second[n]["info"] == once[n - 1]["info"] for n in pieces)
    assert memory2["live_kb"] < (SMALL_KEPT + 6 * MIB) / 1024


def test_mme_buffer_pairs_share_one_buffer(lua, plugin, workdir):
    """BUFFER_APPEND / BUFFER_IS_MAP_DATA pairs (a 1 MiB region each) and BUFFER_APPEND /
    BUFFER_IS_FILE_DATA pairs growing a buffer to 2.4 MB: the packets share the buffer
    (40 copies would be 48 MB), and random access shows what one pass shows."""
    region = A.region((0, 0, 0), (127, 127, 63))
    records = A.mme_connections(lambda n: [A.MAP_16M, A.mme(20), A.mme(21, A.deflated(MIB))]
                                + [A.mme(21) + A.mme(22, region)] * 16, 1)
    frames = frames_of("mme", records)
    once, memory = run(lua, plugin, workdir, frames)
    assert [e for r in once for e in r["experts"]] == []
    assert memory["live_kb"] < 8 * 1024
    assert memory["hwm_kb"] < 200 * 1024
    records2 = A.mme_file_pairs(40, 60000)
    frames2 = frames_of("mme", records2)
    once2, memory2 = run(lua, plugin, workdir, frames2)
    twice2, _ = run(lua, plugin, workdir, frames2, passes=2)
    second = {r["number"]: r for r in twice2 if r["pass"] == 2}
    assert [(r["info"], r["experts"]) for r in once2] == \
        [(second[n]["info"], second[n]["experts"]) for n in range(1, len(frames2) + 1)]
    # 40 files of up to 2.4 MB each: shared, not copied per packet
    assert memory2["live_kb"] < 12 * 1024


def test_sm_delta_state_random_access(lua, small_plugin, workdir):
    """Delta chains across packets on several connections: two passes show what one pass
    shows, and memory stays small."""
    records = A.sm_delta_chains(4, 3, 1000)
    frames = frames_of("scrap-mechanic", records)
    once, memory = run(lua, small_plugin, workdir, frames)
    twice, _ = run(lua, small_plugin, workdir, frames, passes=2)
    second = {r["number"]: r for r in twice if r["pass"] == 2}
    assert [(r["info"], r["experts"]) for r in once] == \
        [(second[n]["info"], second[n]["experts"]) for n in range(1, len(frames) + 1)]
    assert memory["live_kb"] < 16 * 1024


# -- diep: a 0x02 refused by its first bytes ---------------------------------------------------
LZ4_HEAD = r"""
local api = dofile(arg[1])
api.install()
local class = dofile(arg[2] .. "/class.lua")
package.loaded["class"] = class
_G.require = function(name) if name == "class" then return class end return require(name) end
local lz4 = dofile(arg[2] .. "/lz4block.lua")
local piece = dofile(arg[3])
for line in io.lines(arg[4]) do
  local size, data = line:match("^(%d+)\t(%x*)$")
  local block = data:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end)
  size = tonumber(size)
  local head = lz4.head(block, size, 64)
  local ok, out = pcall(lz4.decompress, block, 16 * 1024 * 1024, size)
  local whole = ok and out:sub(1, 64) or ""
  local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
  io.write(head and hex(head) or "nil", "\t", ok and "ok" or "refused", "\t",
    ok and hex(whole) or "-", "\n")
end
"""


def test_diep_lz4_head_never_passes_what_the_decompressor_refuses(lua, workdir):
    """The walk that lets a 0x02 be refused by its inner packet's first bytes (without
    decompressing it) takes a block only when the runtime's decompressor takes it, and
    gives its first bytes: over sound blocks of several shapes, and every one of them cut,
    declared one byte longer or shorter, and with bytes changed."""
    import random

    import lz4.block

    rng = random.Random(7)
    sound = [b"\x00" * n for n in (13, 64, 100, 70000)]
    sound += [hi.diep_update([0] * 5000), hi.diep_update([1, 2, 3] * 40),
              bytes(rng.randrange(256) for _ in range(300)),
              b"".join(bytes([i % 7]) * (i % 40) for i in range(200))]
    cases = []
    for data in sound:
        block = lz4.block.compress(data, store_size=False)
        cases += [(len(data), block), (len(data) + 1, block), (len(data) - 1, block),
                  (len(data), block[:-1]), (len(data), block[:len(block) // 2])]
        for _ in range(40):
            changed = bytearray(block)
            changed[rng.randrange(len(block))] = rng.randrange(256)
            cases.append((len(data), bytes(changed)))
    tasks = workdir / "lz4head.tasks"
    tasks.write_text("".join(f"{size}\t{block.hex()}\n" for size, block in cases))
    (workdir / "lz4head.lua").write_text(LZ4_HEAD)
    runtime = HERE.parent.parent / "runtime" / "wireshark" / "lua"
    piece = HERE.parent.parent / "runtime" / "protocols" / "diep" / "wireshark.lua"
    proc = subprocess.run([lua, str(workdir / "lz4head.lua"), str(HERE / "wireshark_api.lua"),
                           str(runtime), str(piece), str(tasks)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [line.split("\t") for line in proc.stdout.splitlines()]
    assert len(rows) == len(cases)
    taken = [r for r in rows if r[0] != "nil"]
    # taken only when the decompressor takes the block, and then its first bytes
    assert [r for r in taken if r[1] != "ok" or r[0] != r[2]] == []
    # every sound block is taken
    assert [k for k in range(len(sound)) if rows[45 * k][0] == "nil"] == []
    assert sum(1 for r in rows if r[1] == "refused") >= 100


def test_diep_deletion_bombs_refused_without_decompressing(lua, plugin, workdir):
    """0x02 packets whose inner update declares 16 million deletions are refused as Python
    refuses them, by their first bytes: a few milliseconds each, not a 16 MiB LZ4."""
    records = A.diep_deletions(8)
    results, memory = run(lua, plugin, workdir, frames_of("diep", records))
    ours, theirs = lua_verdict(results), python_verdict("diep", records)
    assert (ours.kinds, ours.limits) == (theirs.kinds, theirs.limits)
    assert ours.kinds == {"LimitExceededError": 8}
    assert memory["hwm_kb"] < 120 * 1024
