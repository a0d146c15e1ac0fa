"""The Scrap Mechanic dissector in real tshark (4.0, Lua 5.2): the sample session written
as exported PDUs (as ``wirestruct convert --to pcapng`` writes it) shows, for every
packet wirestruct decodes (sub-packets of compounds included), the values and byte ranges
of wirestruct's Python parse: the packet, its decompressed body parsed with its spec, and
every sub-update of a Network Update, deltas rebuilt from the previous sub-update of the
connection, with the controller type of its NetObj's Create."""
from __future__ import annotations

from pathlib import Path

import pytest
from lua_harness import PRESENTED, ROOT, python_parse
from pdml import TSHARK, children, compare_fields, flatten, protos, tshark
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.events import PacketEvent
from wirestruct.core.lz4block import decompress_block
from wirestruct.core.records import CaptureRecord
from wirestruct.output.formats import summary_line
from wirestruct.output.serialize import serializer
from wirestruct.protocols.scrap_mechanic.wireshark import compressed_bodies
from wirestruct.wireshark.fields import field_table
from wirestruct.wireshark.plugin import build_plugin, write_capture

pytestmark = pytest.mark.skipif(TSHARK is None, reason="tshark is not installed")

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


def body_bytes(event: PacketEvent) -> bytes:
    """A packet's body as the dissector parses it: decompressed at the top level."""
    raw = bytes(event.raw[1:])
    return raw if event.parent is not None else decompress_block(raw)


def compare_network_update(event, exp, base, instances, where) -> list[str]:
    problems = []
    tick = children(exp, f"{EXPANSION}.tick")
    if [int(t.get("show")) for t in tick] != [event.expansions["tick"]]:
        problems.append(f"{where}: tick {[t.get('show') for t in tick]}")
    items = children(exp, f"{EXPANSION}.sub_update")
    subs = event.expansions["sub_updates"]
    if len(items) != len(subs):
        return problems + [f"{where}: {len(items)} sub-updates, not {len(subs)}"]
    rebuilt = 0
    for sub, item in zip(subs, items):
        here = f"{where} sub_updates[{sub.index}]"
        [index] = children(item, f"{EXPANSION}.sub_update.index")
        [encoding] = children(item, f"{EXPANSION}.sub_update.encoding")
        if (int(index.get("show")), encoding.get("show")) != (sub.index, sub.encoding):
            problems.append(f"{here}: shown as #{index.get('show')} {encoding.get('show')}")
        [data] = children(item, f"{EXPANSION}.sub_update.data")
        if data.get("value") != bytes(sub.data).hex():
            problems.append(f"{here}: data {data.get('value')}")
        if sub.encoding == "raw":
            start = int(item.get("pos")) + 2
            if int(item.get("size")) != len(sub.data) + 2:
                problems.append(f"{here}: {item.get('size')} bytes")
        else:   # in the tab of rebuilt data, end to end
            start, rebuilt = rebuilt, rebuilt + len(sub.data)
        expected = python_parse("sm_network_update", bytes(sub.data), PRESENTED,
                                (sub.update.known_controller_type,))
        fields = flatten(data, PROTO, skip=(EXPANSION,))
        problems.extend(compare_fields(expected, fields, start, instances, here))
    return problems


def test_every_packet_shows_the_python_values_and_ranges(session, pdml):
    path, events = session
    items = protos(pdml, PROTO)
    assert len(items) == len(events) == 371
    instances = field_table(get_protocol("scrap-mechanic")).instances()
    specs = compressed_bodies()
    problems: list[str] = []
    kinds = set()
    for n, (event, proto) in enumerate(zip(events, items)):
        where = f"#{n} {event.name}"
        if not proto.get("showname").endswith(", " + event.name):
            problems.append(f"{where}: shown as {proto.get('showname')!r}")
        expected = python_parse("sm_packet", bytes(event.raw), PRESENTED)
        fields = flatten(proto, PROTO, skip=(EXPANSION,))
        problems.extend(compare_fields(expected, fields, int(proto.get("pos")), instances, where))
        exps = children(proto, f"{EXPANSION}.body")
        if event.packet_id not in specs:
            assert not exps, where
            continue
        [exp] = exps
        # a top-level packet's body is a tab of its own; a sub-packet's is in the compound's
        base = 0 if event.parent is None else int(proto.get("pos")) + 1
        if int(exp.get("size")) != len(body_bytes(event)):
            problems.append(f"{where}: body of {exp.get('size')} bytes")
        if "sub_updates" in event.expansions:
            kinds.update(s.encoding for s in event.expansions["sub_updates"])
            problems.extend(compare_network_update(event, exp, base, instances, where))
        else:
            expected = python_parse(specs[event.packet_id], body_bytes(event), PRESENTED)
            fields = flatten(exp, PROTO, skip=(EXPANSION,))
            problems.extend(compare_fields(expected, fields, base, instances, where + " body"))
        kinds.add(event.name)
    assert {"raw", "delta", "network_update", "initialization_network_update",
            "unreliable_update", "compound_packet", "player_movement"} <= kinds
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:15])


def test_info_column_is_wirestructs_summary(plugin, session):
    path, events = session
    ser = serializer()
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
