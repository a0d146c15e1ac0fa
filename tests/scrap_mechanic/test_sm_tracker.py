"""The NetObj tracker: creates, merged updates, removals, P updates, recovery of objects
whose Create was not seen, unreliable transforms, and the snapshot's exact shape."""
import struct

from sm_testlib import bits, f4, float_bits, lz4_packet, raw_update, record, u
from wirestruct import to_jsonable
from wirestruct.core.errors import StateError
from wirestruct.core.events import ErrorEvent
from wirestruct.core.session import decode_records, track
from wirestruct.protocols.scrap_mechanic import PROTOCOL

UUID_A = bytes(range(1, 17))
NIL = bytes(16)


def nu(tick, *subs, packet_id=0x16):
    return lz4_packet(packet_id, struct.pack(">I", tick) + b"".join(raw_update(s) for s in subs))


def hdr(update_type, netobj_type, netobj_id, ct=None):
    return bytes([(update_type << 5) | netobj_type]) + (b"" if ct is None else bytes([ct])) \
        + struct.pack(">I", netobj_id)


def run(*packets):
    tracker = PROTOCOL.tracker()
    records = [record(p, index=i) for i, p in enumerate(packets)]
    events = list(track(decode_records(records, PROTOCOL.decoder()), tracker))
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    return tracker, errors


def by_id(snapshot):
    return {o["id"]: o for o in snapshot["netobjs"]}


DYNAMIC_CREATE = hdr(1, 0, 10, 2) + struct.pack(">H", 1) + f4(0, 0, 0, 1) + f4(1, 2, 3) \
    + f4(0, 0, 0) + f4(0, 0, 0)


def test_snapshot_shape_and_merged_fields():
    tracker, errors = run(
        nu(100, DYNAMIC_CREATE, hdr(3, 0, 10) + bytes([0, 4])),
        nu(101, hdr(1, 7, 20, 0) + struct.pack(">QH3ii", 76561197960265729, 1, 5, 6, 0, 0),
           hdr(3, 7, 20) + struct.pack(">i", 3)))
    assert errors == []
    snap = to_jsonable(tracker.snapshot())
    assert list(snap) == ["tick", "netobjs", "join", "server", "world", "players", "clients",
                          "messages", "actions", "building", "lifts", "interactables",
                          "bearing_settings", "data"]
    assert snap["tick"] == 101
    body, lift = snap["netobjs"]
    assert list(body) == ["id", "netobj_type", "controller_type", "fields", "transform",
                          "recovered"]
    assert body["id"] == 10 and body["netobj_type"] == "rigid_body"
    assert body["controller_type"] == "dynamic" and body["recovered"] is False
    assert body["fields"]["world_id"] == 1
    assert body["fields"]["transform"]["position"] == {"x": 1.0, "y": 2.0, "z": 3.0}
    assert body["fields"]["revision"] == 4
    assert body["transform"] is None
    assert lift["netobj_type"] == "lift" and lift["controller_type"] == 0
    assert lift["fields"] == {"steam_id_64": 76561197960265729, "world_id": 1,
                              "position": {"x": 5, "y": 6, "z": 0}, "level": 3}


def test_remove_deletes_and_unknown_remove_is_a_state_error():
    tracker, errors = run(nu(1, DYNAMIC_CREATE), nu(2, hdr(5, 0, 10)), nu(3, hdr(5, 0, 10)))
    assert to_jsonable(tracker.snapshot())["netobjs"] == []
    [err] = errors
    assert isinstance(err.error, StateError) and "not live" in err.error.message
    assert err.error.where.field_path == "sub_updates[0]" and err.record == 2


def test_p_updates_are_counted_on_the_joint():
    tracker, errors = run(nu(1, hdr(1, 2, 30, 2)), nu(2, hdr(2, 2, 30), hdr(2, 2, 30)))
    assert errors == []
    [joint] = to_jsonable(tracker.snapshot())["netobjs"]
    assert joint["controller_type"] == "bearing" and joint["fields"] == {"p_updates": 2}


def test_update_without_create_is_recovered_from_its_size():
    tracker, errors = run(nu(5, hdr(3, 0, 11) + b"\x00" + struct.pack(">i", -1),
                             hdr(3, 1, 12) + struct.pack(">HI3hI", 9, 11, 1, 2, 3, 0xFF) + b"\x75"))
    assert errors == []
    body, shape = to_jsonable(tracker.snapshot())["netobjs"]
    assert (body["controller_type"], body["recovered"]) == ("static", True)
    assert (shape["controller_type"], shape["recovered"]) == ("part", True)
    assert shape["fields"]["z_axis"] == "pos_z" and shape["fields"]["x_axis"] == "pos_x"
    assert shape["fields"]["body_id"] == 11


def test_update_without_create_of_ambiguous_size_is_a_state_error():
    tracker, errors = run(nu(5, hdr(3, 0, 11) + b"\x00\x00\x00"))
    [err] = errors
    assert isinstance(err.error, StateError)
    assert "cannot be recovered from 3 bytes" in err.error.message
    assert to_jsonable(tracker.snapshot())["netobjs"] == []


def test_created_twice_is_reported_and_replaced():
    tracker, errors = run(nu(1, DYNAMIC_CREATE), nu(2, DYNAMIC_CREATE))
    assert len(errors) == 1 and "created again" in errors[0].error.message
    assert len(to_jsonable(tracker.snapshot())["netobjs"]) == 1


def test_create_of_a_recovered_object_replaces_it_quietly():
    tracker, errors = run(nu(1, hdr(3, 0, 10) + bytes([0, 4])), nu(2, DYNAMIC_CREATE))
    assert errors == []
    [body] = to_jsonable(tracker.snapshot())["netobjs"]
    assert body["recovered"] is False and "revision" not in body["fields"]


def test_container_slot_changes_and_filters_are_applied_to_items():
    create = hdr(1, 4, 40, 0) + struct.pack(">HH", 2, 10) + NIL + struct.pack(">IH", 0xFFFFFFFF, 0) \
        + NIL + struct.pack(">IH", 0xFFFFFFFF, 0) + struct.pack(">H", 0)
    change = hdr(3, 4, 40) + struct.pack(">H", 1) + UUID_A + struct.pack(">IHH", 0xFFFFFFFF, 7, 1) \
        + bits("1", u(1, 16), u(0, 7)) + UUID_A
    tracker, errors = run(nu(1, create), nu(2, change))
    assert errors == []
    [box] = to_jsonable(tracker.snapshot())["netobjs"]
    assert box["fields"]["items"] == [
        {"uuid": {"octets": NIL.hex()}, "tool_instance_id": 0xFFFFFFFF, "quantity": 0},
        {"uuid": {"octets": UUID_A.hex()}, "tool_instance_id": 0xFFFFFFFF, "quantity": 7}]
    assert box["fields"]["num_filters"] == 1
    assert box["fields"]["filters"] == [{"octets": UUID_A.hex()}]


def test_character_update_merges_only_present_parts():
    create = hdr(1, 6, 60, 0) + struct.pack(">Q", 1) + f4(0, 0, 0) + struct.pack(">H", 1) \
        + f4(0, 0) + NIL
    everything = hdr(3, 6, 60) + bits("1111", "000000", u(0xAABBCCDD, 32), u(0, 128),
                                      u(0xFFFFFFFF, 32), "1", u(4, 32))
    color_only = hdr(3, 6, 60) + bits("0100", u(0x01020304, 32))
    tracker, errors = run(nu(1, create, everything), nu(2, color_only))
    assert errors == []
    fields = to_jsonable(tracker.snapshot())["netobjs"][0]["fields"]
    assert fields["color"] == 0x01020304
    assert fields["is_player"] is True and fields["player_or_unit_id"] == 4
    assert fields["is_tumbling"] is False
    assert fields["selected_item_uuid"] == "00000000-0000-0000-0000-000000000000"
    assert fields["selected_item_instance_id"] == 0xFFFFFFFF
    assert "update_color" not in fields and "padding" not in fields


def test_unreliable_transforms():
    rb = struct.pack(">I", 10) + f4(0, 0, 0, 1) + f4(4, 5, 6) + f4(1, 0, 0) + f4(0, 0, 0) + b"\x83"
    char = bits(u(60, 32), "0", u(0x04, 8), u(64, 8), u(1, 8), u(2, 8),
                float_bits(7.5), float_bits(8.0), float_bits(-1.0))
    body = struct.pack(">IIB", 500, 499, 2) + bytes([len(rb) + 2, 0]) + rb \
        + bytes([len(char) + 2, 6]) + char
    tracker, errors = run(nu(1, DYNAMIC_CREATE), lz4_packet(0x18, body))
    assert errors == []
    snap = to_jsonable(tracker.snapshot())
    assert snap["tick"] == 500
    objs = by_id(snap)
    assert objs[10]["transform"] == {
        "rotation": {"x": 0.0, "y": 0.0, "z": 0.0, "w": 1.0},
        "position": {"x": 4.0, "y": 5.0, "z": 6.0}, "velocity": {"x": 1.0, "y": 0.0, "z": 0.0},
        "angular_velocity": {"x": 0.0, "y": 0.0, "z": 0.0}, "is_awake": True, "revision": 3}
    assert objs[10]["recovered"] is False
    assert objs[60]["recovered"] is True and objs[60]["netobj_type"] == "character"
    assert objs[60]["transform"] == {"is_tumbling": False,
                                     "position": {"x": 7.5, "y": 8.0, "z": -1.0},
                                     "keys": 4, "direction": 64, "yaw": 1, "pitch": 2}


def test_tumbling_character_transform():
    char = bits(u(61, 32), "1", *(float_bits(v) for v in (0.5, 0.5, -0.5, 0.5, 1.0, 2.0, 3.0,
                                                           0.0, -9.75, 0.0, 0.25, 0.0, 0.0)))
    body = struct.pack(">IIB", 7, 7, 1) + bytes([len(char) + 2, 6]) + char
    tracker, errors = run(lz4_packet(0x18, body))
    assert errors == []
    [obj] = to_jsonable(tracker.snapshot())["netobjs"]
    assert obj["transform"] == {
        "is_tumbling": True, "position": {"x": 1.0, "y": 2.0, "z": 3.0},
        "rotation": {"x": 0.5, "y": 0.5, "z": -0.5, "w": 0.5},
        "velocity": {"x": 0.0, "y": -9.75, "z": 0.0},
        "angular_velocity": {"x": 0.25, "y": 0.0, "z": 0.0}}


def test_corrupt_sub_update_leaves_other_objects_intact():
    bad = hdr(3, 0, 10) + bytes([1, 4])        # UpdateRigidBody dynamic, unknown must be 0
    tracker, errors = run(nu(1, DYNAMIC_CREATE, hdr(3, 0, 10) + bytes([0, 4])),
                          nu(2, bad, hdr(1, 8, 80, 0) + UUID_A))
    assert len(errors) == 1
    objs = by_id(to_jsonable(tracker.snapshot()))
    assert objs[10]["fields"]["revision"] == 4
    assert objs[80]["fields"] == {"uuid": {"octets": UUID_A.hex()}}


def test_fields_named_from_the_source_are_those_the_object_holds():
    """The tracker takes a structure's fields by the names its generated class reads, in
    source order; for every structure of the bundled sample and a generated session that
    is exactly what the object holds, in the order it holds them (a field under an `if`
    that does not hold is left out), as reading the object's attributes gives."""
    from pathlib import Path

    from wirestruct.captures import open_capture
    from wirestruct.protocols.scrap_mechanic import tracker as module
    from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator

    sample = Path(__file__).resolve().parents[2] / "samples" / "scrap_mechanic.jsonl"
    with open_capture(sample) as capture:
        records = list(capture)
    leaves = []
    for source in (records, SessionGenerator(3, 300)):
        for event in decode_records(source, PROTOCOL.decoder()):
            for sub in getattr(event, "expansions", {}).get("sub_updates", ()):
                leaves.append(module._leaf(sub.update))
    by_name = [list(module._fields(leaf).items()) for leaf in leaves]
    types = dict(module._LEAF_TYPES)
    assert len(types) > 12 and all(names is not None for kind, names, _ in types.values()
                                     if kind != module._NO_DATA)
    try:                                           # every type read from the object
        module._LEAF_TYPES.update({cls: (kind, None, instances)
                                   for cls, (kind, _, instances) in types.items()})
        assert by_name == [list(module._fields(leaf).items()) for leaf in leaves]
    finally:
        module._LEAF_TYPES.update(types)
