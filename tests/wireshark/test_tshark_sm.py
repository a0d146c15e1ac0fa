"""The Scrap Mechanic dissector in real tshark (4.0, Lua 5.2): the sample session written
as exported PDUs (as ``wirestruct convert --to pcapng`` writes it) shows, for every
packet wirestruct decodes (sub-packets of compounds included), the values and byte ranges
of wirestruct's Python parse: the packet, its decompressed body parsed with its spec, and
every sub-update of a Network Update, deltas rebuilt from the previous sub-update of the
connection, with the controller type of its NetObj's Create."""
from __future__ import annotations

from pathlib import Path

import pytest
from checks import check_packets
from lua_harness import ROOT
from pdml import protos, tshark
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.events import PacketEvent
from wirestruct.core.records import CaptureRecord
from wirestruct.output.formats import summary_line
from wirestruct.output.serialize import serializer
from wirestruct.wireshark.plugin import build_plugin, write_capture

pytestmark = pytest.mark.needs("tshark")

PROTO = "scrap_mechanic"
EXPANSION = f"{PROTO}.expansion"


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return build_plugin(tmp_path_factory.mktemp("plugin"), ["scrap-mechanic"])


@pytest.fixture(scope="module")
def session(tmp_path_factory) -> tuple[Path, list[PacketEvent]]:
    protocol = get_protocol("scrap-mechanic")
    with open_capture(ROOT / "samples" / "scrap_mechanic.jsonl") as capture:
        records = [r for r in capture if isinstance(r, CaptureRecord)]
    out = tmp_path_factory.mktemp("sm") / "scrap_mechanic.pcapng"
    write_capture(out, protocol, records)
    events = [e for e in decode_records(records, protocol.decoder())
              if isinstance(e, PacketEvent)]
    return out, events


@pytest.fixture(scope="module")
def pdml(plugin, session) -> str:
    return tshark(plugin, session[0], "-T", "pdml").stdout


def test_every_packet_shows_the_python_values_and_ranges(session, pdml):
    path, events = session
    items = protos(pdml, PROTO)
    assert len(items) == len(events) == 628
    kinds = {s.encoding for e in events for s in e.expansions.get("sub_updates", ())}
    kinds |= {e.name for e in events}
    assert {"raw", "delta", "network_update", "initialization_network_update",
            "unreliable_update", "compound_packet", "player_movement"} <= kinds
    problems = check_packets("scrap-mechanic", events, items)
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:15])


def test_info_column_is_wirestructs_summary(plugin, session):
    path, events = session
    ser = serializer()
    # The dissector renders the protocol's summary description, as decode does.
    summaries = get_protocol("scrap-mechanic").presentation.summaries
    expected = []
    for event in events:
        line = summary_line(event, ser.event(event), 0.0, summaries)
        expected.append(" ".join(line[line.index(event.name):].split()))
    out = tshark(plugin, path, "-T", "fields", "-e", "_ws.col.Protocol",
                 "-e", "_ws.col.Info").stdout
    shown = []
    for line in out.splitlines():
        protocol, _, info = line.partition("\t")
        assert protocol == "Scrap Mechanic"
        shown.extend(" ".join(part.split()) for part in info.split(" | "))
    assert len(shown) == len(expected)
    for got, want in zip(shown, expected):
        want = want.replace(want[want.index("[in #"):want.index("] ") + 2], "") \
            if "[in #" in want else want
        if want.endswith("\u2026") or got.endswith("\u2026"):   # cut at different places
            size = min(len(got), len(want)) - 1
            assert got[:size] == want[:size]
        else:
            assert got == want


def test_filters_on_rebuilt_sub_updates(plugin, session):
    """A field of a sub-update rebuilt from a delta is filterable like any other."""
    path, events = session
    wanted = sorted({e.index for e in events for s in e.expansions.get("sub_updates", ())
                     if s.encoding == "delta"})
    out = tshark(plugin, path, "-Y", f'{EXPANSION}.sub_update.encoding == "delta"',
                 "-T", "fields", "-e", "frame.number").stdout
    frames = [int(line) for line in out.split()]
    assert len(frames) == len({e.record for e in events if e.index in wanted}) > 5
