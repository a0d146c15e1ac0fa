"""Whole sessions from the seeded generator: every documented packet type in them, the
tracker ends with the generator's world and session (joining, players, messages, actions,
inventories, building, lifts, interactions, script data) for every joining sequence, the
bundled sample decodes cleanly, a capture that starts late recovers what it can, and the
Web IDE export items open with their specs without parameters."""
import json
import struct
from collections import Counter
from pathlib import Path

import lz4.block
import pytest
from sm_testlib import parse_all
from wirestruct import open_capture
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.records import Direction
from wirestruct.core.session import decode_records, track
from wirestruct.generated.scrap_mechanic import (
    sm_network_update_body,
    sm_packet,
)
from wirestruct.output.jsonify import to_jsonable
from wirestruct.protocols.scrap_mechanic import PROTOCOL, packets
from wirestruct.protocols.scrap_mechanic.decoder import BODY_CLASSES
from wirestruct.protocols.scrap_mechanic.expand import SPEC_IDS
from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator, generate

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "scrap_mechanic.jsonl"
SPECS = {
    "sm_packet": sm_packet.SmPacket,
    "sm_network_update_body": sm_network_update_body.SmNetworkUpdateBody,
    **{packets.PACKETS[pid].spec: cls for pid, cls in BODY_CLASSES.items()},
    **{spec: cls for cls, spec in SPEC_IDS.items()},
}


def run(records):
    tracker = PROTOCOL.tracker()
    events = list(track(decode_records(records, PROTOCOL.decoder()), tracker))
    return tracker, events


@pytest.fixture(scope="module")
def session():
    gen = SessionGenerator(seed=11, ticks=240)
    records = list(gen)
    tracker, events = run(records)
    return gen, records, tracker, events


def test_session_has_the_realistic_mix(session):
    gen, records, _, events = session
    names = Counter(e.name for e in events if isinstance(e, PacketEvent))
    documented = {info.name for info in packets.PACKETS.values()} - {"checksums_denied"}
    assert set(names) == documented
    played = documented - {"request_passphrase", "respond_passphrase", "client_accepted",
                           "hello", "server_info", "generic_initialization_data",
                           "script_initialization_data", "file_checksums",
                           "checksums_accepted", "character_info", "join_confirmation"}
    assert all(names[name] >= 3 for name in played), names   # several times each
    subs = [s for e in events if isinstance(e, PacketEvent)
            for s in e.expansions.get("sub_updates", ())]
    assert len(subs) == gen.num_sub_updates
    assert sum(s.encoding == "delta" for s in subs) == gen.num_deltas > 50
    kinds = {(s.update_type.name, s.netobj_type.name) for s in subs}
    for kind in [("create", "rigid_body"), ("update", "rigid_body"), ("create", "child_shape"),
                 ("update", "child_shape"), ("p", "joint"), ("update", "joint"),
                 ("update", "container"), ("update", "character"), ("update", "lift"),
                 ("update", "tool"), ("remove", "child_shape"), ("remove", "rigid_body"),
                 ("remove", "joint"), ("remove", "harvestable")]:
        assert kind in kinds
    nested = {e.name for e in events if isinstance(e, PacketEvent) and e.parent is not None}
    assert {"network_update", "unreliable_update", "script_initialization_data",
            "initialization_network_update"} <= nested
    assert [r.direction for r in records[:2]] == [Direction.S2C, Direction.C2S]


def test_every_branch_is_taken(session):
    """Every transaction action, surface, connection flag, interaction type, message kind
    and Lua value type the pages document is in the session."""
    _, _, _, events = session
    seen = set()
    for e in events:
        if not isinstance(e, PacketEvent):
            continue
        body = e.expansions.get("body")
        if e.name == "container_transaction":
            t = getattr(body, "transaction", None)
            seen.add(("transaction", getattr(getattr(t, "action", None), "name",
                                             None if t is None else "default")))
            seen.add(("transactions", body.num_transactions))
        elif e.name in ("place", "remove"):
            surface = body.placed_on if e.name == "place" else body.removed_surface
            seen.add((e.name, getattr(surface, "name", "unlisted")))
        elif e.name == "interact":
            data = e.packet.body.data
            seen.add(("interact", getattr(e.packet.body.packet_type, "name", "unknown"),
                      getattr(getattr(data, "setting", None), "name", None)))
        elif e.name == "display_alert_text":
            seen.add(("alert", body.is_cut, body.shows_text))
    for action in ("set_item", "swap", "collect", "spend", "collect_to_slot",
                   "collect_to_slot_or_collect", "spend_from_slot", "move", "move_from_slot",
                   "move_all", "default", None):
        assert ("transaction", action) in seen
    assert {("transactions", n) for n in (0, 1, 2)} <= seen
    for surface in ("terrain_surface", "terrain_asset", "body", "lift", "joint", "unlisted"):
        assert ("place", surface) in seen
    for surface in ("body", "lift", "unlisted"):
        assert ("remove", surface) in seen
    for kind in ("set_seated", "other", "suspension_height"):
        assert ("interact", kind, None) in seen
    for setting in ("l_turn_speed", "r_turn_speed", "r_turn_angle", "l_turn_angle",
                    "bearing_lock"):
        assert ("interact", "bearing_setting", setting) in seen
    assert ("interact", "unknown", None) in seen
    assert {("alert", False, True), ("alert", True, True), ("alert", False, False)} <= seen
    lua_types = set()
    for e in events:
        for blob in (e.expansions.get("blobs") or ()) if isinstance(e, PacketEvent) else ():
            if blob.spec == "sm_lua_object":
                _lua_types(blob.payload.data, lua_types)
    assert lua_types >= {"nil_value", "boolean", "number", "string", "table", "int32",
                         "int16", "int8", "json", "userdata", "weak_script_ref"}


def _lua_types(value, found):
    found.add(value.header.type_id.name)
    inner = value.value
    for item in getattr(inner, "elements", None) or ():
        _lua_types(item, found)
    for pair in getattr(inner, "pairs", None) or ():
        _lua_types(pair.key, found)
        if getattr(pair, "value", None) is not None:
            _lua_types(pair.value, found)


def _check_world(snap, expected):
    got = {(o["netobj_type"], o["id"]): o for o in snap["netobjs"]}
    assert set(got) == set(expected["netobjs"])
    for key, want in expected["netobjs"].items():
        obj = got[key]
        assert obj["controller_type"] == want["controller_type"], key
        assert obj["recovered"] is False
        for name, value in want["fields"].items():
            assert obj["fields"][name] == value, (key, name)
        if want["transform"]:
            for name, value in want["transform"].items():
                assert obj["transform"][name] == value, (key, name)


def test_tracker_ends_with_the_generated_world(session):
    gen, _, tracker, events = session
    assert [e for e in events if isinstance(e, ErrorEvent)] == []
    snap = to_jsonable(tracker.snapshot())
    expected = gen.expected_state()
    assert snap["tick"] == expected["tick"] == 240
    _check_world(snap, expected)


def test_tracker_ends_with_the_generated_session(session):
    gen, _, tracker, _ = session
    snap = to_jsonable(tracker.snapshot(), raw=False)
    want = gen.expected_state()["session"]
    join = snap["join"]["0"]
    assert {k: join[k] for k in want["join"]} == want["join"]
    assert snap["server"] == want["server"]
    assert snap["world"] == want["world"]
    players = {p["player_id"]: p for p in snap["players"]}
    for player in want["players"]:
        got = players[player["player_id"]]
        assert {k: got[k] for k in player} == player
        assert got["character_live"] is True
    assert players[1]["equipped"] == want["equipped"]
    assert snap["clients"][0]["player_id"] == 1 and snap["clients"][0]["name"] == "Wanderer"
    messages = snap["messages"]
    assert messages["count"] == len(want["messages"]) and messages["forgotten"] == 0
    assert Counter((m["kind"], m["message"]) for m in messages["log"]) == \
        Counter(want["messages"])
    actions = snap["actions"]
    assert [a["action"] for a in actions["log"]] == want["actions"]
    assert all(a["player_id"] == 1 and a["player"] == "Wanderer" and a["tick"] is not None
               for a in actions["log"])
    building = dict(snap["building"])
    connections = building.pop("connections")
    assert building == want["building"]
    assert sorted(map(str, connections)) == sorted(map(str, want["connections"].values()))
    lifts = {lift["lift_id"]: lift for lift in snap["lifts"]}
    for lift_id, lift in want["lifts"].items():
        got = lifts[lift_id]
        assert (got["level_requests"], got["level_change"]) == (
            lift["level_requests"], lift["level_change"])
        assert (got["creation"] is None) == (lift["creation"] is None)
        if lift["creation"] is not None:
            assert got["creation"]["blueprint_size"] == lift["creation"]["blueprint_size"]
    assert {i["id"]: i for i in snap["interactables"]} == want["interactables"]
    assert snap["bearing_settings"] == want["bearing_settings"]
    data = {(d["manager"], d["uid"], d["key"] if not isinstance(d["key"], dict)
             else d["key"]["hex"]): d["payload"] for d in snap["data"]}
    for key, value in want["data"].items():
        assert data[key] == value, key


def test_inventories_follow_each_transaction_before_the_server_confirms_it(session):
    """Right after a 32 or 33, before the server's 22 of it, the tracker's container holds
    what the generator's container holds once the action is done."""
    gen, records, _, _ = session
    assert len(gen.checkpoints) > 30
    tracker = PROTOCOL.tracker()
    checks = {}
    for index, container_id, items in gen.checkpoints:
        checks.setdefault(index, []).append((container_id, items))
    for event in track(decode_records(records, PROTOCOL.decoder()), tracker):
        if isinstance(event, PacketEvent) and event.record in checks:
            for container_id, items in checks.pop(event.record):
                obj = tracker.netobjs[(4, container_id)]
                assert to_jsonable(obj.to_json())["fields"]["items"] == items, event.index
    assert checks == {}


@pytest.mark.parametrize("join", ["public", "friends", "passphrase", "denied"])
def test_every_joining_sequence(join):
    gen = SessionGenerator(seed=5, ticks=20, join=join)
    records = list(gen)
    tracker, events = run(records)
    assert [e for e in events if isinstance(e, ErrorEvent)] == []
    snap = to_jsonable(tracker.snapshot(), raw=False)
    want = gen.expected_state()["session"]["join"]
    got = snap["join"]["0"]
    assert {k: got[k] for k in want} == want
    options = snap["world"]["gameplay_options"]["Multiplayer"]
    assert options == {"public": 3, "friends": 1, "passphrase": 2, "denied": 3}[join]
    if join == "denied":
        assert snap["tick"] is None and snap["netobjs"] == [] and snap["actions"]["count"] == 0
    else:
        _check_world(to_jsonable(tracker.snapshot()), gen.expected_state())


def test_join_steps_out_of_order_are_state_errors(session):
    _, records, _, _ = session
    confirmation = next(i for i, r in enumerate(records) if r.data[0] == 0x0A)
    moved = records[:2] + [records[confirmation]] + records[2:confirmation] \
        + records[confirmation + 1:]
    tracker, events = run(moved)
    errors = [e.error for e in events if isinstance(e, ErrorEvent)]
    assert errors and all(e.kind == "StateError" for e in errors)
    assert "after the join was confirmed" in errors[0].message
    assert to_jsonable(tracker.snapshot(), raw=False)["join"]["0"]["confirmed"] is True


def test_same_seed_same_capture():
    a = [(r.t, r.direction, r.data) for r in generate(3, ticks=30)]
    b = [(r.t, r.direction, r.data) for r in generate(3, ticks=30)]
    c = [(r.t, r.direction, r.data) for r in generate(4, ticks=30)]
    assert a == b and a != c


def test_capture_starting_late_recovers_and_goes_on(session):
    gen, records, _, _ = session
    late = [r for r in records if r.data[0] != 0x15][40:]     # no join burst, some ticks lost
    tracker, events = run(late)
    packets = [e for e in events if isinstance(e, PacketEvent)]
    assert len(packets) >= len(late)
    objs = to_jsonable(tracker.snapshot())["netobjs"]
    assert any(o["recovered"] for o in objs)
    recovered_bodies = [o for o in objs if o["recovered"] and o["netobj_type"] == "rigid_body"
                        and o["controller_type"] is not None]
    assert recovered_bodies
    for e in events:
        if isinstance(e, ErrorEvent):
            assert e.error.kind in ("DeltaError", "StateError"), e.error


def test_sample_capture_decodes_without_errors():
    assert SAMPLE.stat().st_size < 400_000
    with open_capture(str(SAMPLE)) as capture:
        tracker, events = run(capture)
    assert events and not [e for e in events if isinstance(e, ErrorEvent)]
    snap = to_jsonable(tracker.snapshot())
    # the latest server tick: the largest Tick (be u32, first in the LZ4 body) of the
    # 21/22/24 updates, read from the capture as the pages describe them
    packets = [bytes.fromhex(json.loads(line)["data"]) for line in SAMPLE.read_text().splitlines()]
    ticks = [struct.unpack(">I", lz4.block.decompress(p[1:], uncompressed_size=1 << 24)[:4])[0]
             for p in packets if p[0] in (21, 22, 24)]
    assert snap["tick"] == max(ticks) == 150
    assert len(snap["netobjs"]) > 50


def test_export_items_open_without_parameters(session):
    _, _, _, events = session
    seen = set()
    for event in events:
        if not isinstance(event, PacketEvent):
            continue
        items = PROTOCOL.export_items(event)
        assert items[0].spec == "sm_packet" and items[0].data == event.raw
        for item in items:
            obj = parse_all(SPECS[item.spec], item.data)
            seen.add((event.name, item.spec))
            if item.spec == "sm_network_update_body":
                subs = event.expansions["sub_updates"]
                assert obj.tick == event.expansions["tick"]
                assert [s._raw_data for s in obj.sub_updates] == [s.data for s in subs]
                # Same data; the Web IDE's controller types come from the sizes.
                assert [_strip(to_jsonable(s.data)) for s in obj.sub_updates] == \
                    [_strip(to_jsonable(s.update)) for s in subs]
                for opened, sub in zip(obj.sub_updates, subs):
                    if sub.update.update_type == 3 and sub.update.netobj_type in (0, 1):
                        assert opened.data.resolved_controller_type == \
                            sub.update.resolved_controller_type
            elif item.label.startswith("blob"):
                blob = event.expansions["blobs"][int(item.label[4:].split("_")[0])]
                shown = blob.key if item.label.endswith("key") else blob.payload
                assert to_jsonable(obj) == to_jsonable(shown)
            elif item.spec != "sm_packet":
                assert to_jsonable(obj) == to_jsonable(event.expansions["body"])
    assert ("network_update", "sm_network_update_body") in seen
    assert ("unreliable_update", "sm_unreliable_update") in seen
    assert ("compound_packet", "sm_compound_body") in seen
    assert ("player_movement", "sm_player_movement") in seen
    opened = {spec for _, spec in seen}
    assert opened >= {info.spec for info in packets.PACKETS.values() if info.compressed
                      and info.name not in ("checksums_denied",)}
    assert opened >= set(SPEC_IDS.values())


_CONTROLLER_KEYS = {"known_controller_type", "controller_type", "controller_type_source",
                    "inferred_controller_type", "resolved_controller_type", "rigid_body_type",
                    "child_shape_type", "joint_type"}


def _strip(value):
    """JSON data without the controller-type parameters and instances."""
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in _CONTROLLER_KEYS}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def test_decode_json_of_sub_updates_names_everything(session):
    _, _, _, events = session
    event = next(e for e in events if isinstance(e, PacketEvent)
                 and any(s.encoding == "delta" for s in e.expansions.get("sub_updates", ())))
    out = to_jsonable(event.expansions)
    delta = next(s for s in out["sub_updates"] if s["encoding"] == "delta")
    assert set(delta) == {"index", "encoding", "update_type", "netobj_type", "netobj_id",
                          "controller_type", "controller_type_source", "data", "update"}
    assert isinstance(delta["update_type"], str) and isinstance(delta["netobj_type"], str)
    assert delta["update"]["netobj_id"] == delta["netobj_id"]
