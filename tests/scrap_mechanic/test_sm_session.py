"""Whole sessions from the seeded generator: the tracker ends with the generator's world,
the bundled sample decodes cleanly, a capture that starts late recovers what it can, and
the Web IDE export items open with their specs without parameters."""
from pathlib import Path

import pytest
from sm_testlib import parse_all
from wirestruct import open_capture
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.session import decode_records, track
from wirestruct.generated.scrap_mechanic import (
    sm_compound_body,
    sm_network_update_body,
    sm_packet,
    sm_player_movement,
    sm_unreliable_update,
)
from wirestruct.output.jsonify import to_jsonable
from wirestruct.protocols.scrap_mechanic import PROTOCOL
from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator, generate

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "scrap_mechanic.jsonl"
SPECS = {
    "sm_packet": sm_packet.SmPacket,
    "sm_network_update_body": sm_network_update_body.SmNetworkUpdateBody,
    "sm_unreliable_update": sm_unreliable_update.SmUnreliableUpdate,
    "sm_compound_body": sm_compound_body.SmCompoundBody,
    "sm_player_movement": sm_player_movement.SmPlayerMovement,
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
    names = {e.name for e in events if isinstance(e, PacketEvent)}
    assert names == {"initialization_network_update", "network_update", "unreliable_update",
                     "compound_packet", "player_movement"}
    subs = [s for e in events if isinstance(e, PacketEvent)
            for s in e.expansions.get("sub_updates", ())]
    assert len(subs) == gen.num_sub_updates
    assert sum(s.encoding == "delta" for s in subs) == gen.num_deltas > 50
    kinds = {(s.update_type.name, s.netobj_type.name) for s in subs}
    for kind in [("create", "rigid_body"), ("update", "rigid_body"), ("create", "child_shape"),
                 ("update", "child_shape"), ("p", "joint"), ("update", "joint"),
                 ("update", "container"), ("update", "character"), ("update", "lift"),
                 ("update", "tool"), ("remove", "child_shape"), ("remove", "rigid_body")]:
        assert kind in kinds
    nested = [e for e in events if isinstance(e, PacketEvent) and e.parent is not None]
    assert nested and all(e.name in ("network_update", "unreliable_update") for e in nested)


def test_tracker_ends_with_the_generated_world(session):
    gen, _, tracker, events = session
    assert [e for e in events if isinstance(e, ErrorEvent)] == []
    snap = to_jsonable(tracker.snapshot())
    expected = gen.expected_state()
    assert snap["tick"] == expected["tick"] == 240
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
    assert SAMPLE.stat().st_size < 300_000
    with open_capture(str(SAMPLE)) as capture:
        tracker, events = run(capture)
    assert events and not [e for e in events if isinstance(e, ErrorEvent)]
    snap = to_jsonable(tracker.snapshot())
    assert snap["tick"] > 0 and len(snap["netobjs"]) > 50


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
            elif item.spec != "sm_packet":
                assert to_jsonable(obj) == to_jsonable(event.expansions["body"])
    assert ("network_update", "sm_network_update_body") in seen
    assert ("unreliable_update", "sm_unreliable_update") in seen
    assert ("compound_packet", "sm_compound_body") in seen
    assert ("player_movement", "sm_player_movement") in seen


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
