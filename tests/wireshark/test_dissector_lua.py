"""The Wireshark plugin under a standalone Lua 5.4 - the Lua of Wireshark 4.4 and later,
which this machine's tshark (4.0, Lua 5.2) cannot show - on a stand-in for Wireshark's Lua
API (``wireshark_api.lua``): the real entry script, runtime, generated parsers and
protocol pieces dissect every packet of every sample and test capture, and what they add
is checked against wirestruct's Python decode as tshark's output is (``checks.py``). The
GUI's way is tested too: a first pass without a tree, then every frame again in reverse
order, shows exactly what one pass in order shows (state across packets is kept per
packet). Damaged and hostile packets give expert info, never a Lua error."""
from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest
from checks import check_packets
from lua_harness import ROOT
from needs import needs
from pdml import fake_tshark, packets_in
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.events import PacketEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.wireshark.plugin import build_plugin

#: lua5.4 always; lua5.2 and lua5.3 too with WIRESTRUCT_ALL_LUA=1 (tshark 4.0 runs the
#: plugin on Lua 5.2 in test_tshark*.py)
INTERPRETERS = ("lua5.4", "lua5.3", "lua5.2") if os.environ.get("WIRESTRUCT_ALL_LUA") \
    else ("lua5.4",)

CAPTURES = {
    "samples/scrap_mechanic.jsonl": "scrap-mechanic",
    "samples/diep.jsonl": "diep",
    "samples/mme.jsonl": "mme",
    "tests/data/mme/session.pcapng": "mme",
}


@pytest.fixture(params=INTERPRETERS)
def lua(request) -> str:
    return needs(request.param)


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return build_plugin(tmp_path_factory.mktemp("plugin"))


def frame_of(proto: str, number: int, direction: Direction, stream: int, data: bytes) -> tuple:
    """A frame as the exported-PDU writer names it: the client at port 50000 + stream."""
    client, server = 50000 + stream, 4000
    if direction is Direction.C2S:
        return (proto, number, 0, client, server, data)
    return (proto, number, 1, server, client, data)


@cache
def capture_frames(capture: str) -> tuple[list[tuple], list[PacketEvent]]:
    """The capture's frames for the stand-in (one record a frame; for a stream protocol
    one packet a frame) and wirestruct's events."""
    protocol = get_protocol(CAPTURES[capture])
    proto = protocol.wireshark.proto
    with open_capture(ROOT / capture) as f:
        records = [r for r in f.records(protocol) if isinstance(r, CaptureRecord)]
    events = [e for e in decode_records(records, protocol.decoder())
              if isinstance(e, PacketEvent)]
    if protocol.transport == "stream":
        frames = [frame_of(proto, n, e.direction, e.stream, bytes(e.raw))
                  for n, e in enumerate(events, 1)]
    else:
        frames = [frame_of(proto, n, r.direction, r.stream, bytes(r.data))
                  for n, r in enumerate(records, 1)]
    return frames, events


def items_of(results: list[dict], proto: str) -> list:
    return [p for r in results for p in packets_in(r["packet"], proto)]


@pytest.mark.parametrize("capture", sorted(CAPTURES))
def test_every_packet_shows_the_python_values_and_ranges(lua, plugin, capture):
    frames, events = capture_frames(capture)
    proto = frames[0][0]
    results = fake_tshark(lua, plugin, frames)
    assert [r.get("error") for r in results if r.get("error")] == []
    assert [m for r in results for m in r["experts"]] == []
    problems = check_packets(CAPTURES[capture], events, items_of(results, proto))
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:15])


@pytest.mark.parametrize("capture", ["samples/scrap_mechanic.jsonl", "samples/mme.jsonl",
                                     "samples/diep.jsonl"])
def test_random_access_shows_what_one_pass_shows(lua, plugin, capture):
    """Deltas rebuilt from earlier packets, controller types from earlier Creates, map
    transfers across packets, 0x02's decompressed packets: a first pass without a tree,
    then the frames in reverse order, show what one pass in order shows."""
    frames, _ = capture_frames(capture)
    once = fake_tshark(lua, plugin, frames)
    twice = fake_tshark(lua, plugin, frames, passes=2)
    differ = [n for n, (a, b) in enumerate(zip(once, twice), 1)
              if (a["pdml"], a["info"], a["experts"]) != (b["pdml"], b["info"], b["experts"])]
    assert differ == []
