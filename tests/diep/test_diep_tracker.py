"""The entity tracker: creations, updates, deletions, recycled ids, and the snapshot."""
import json

from diep_testlib import ARENA_UPDATE, BUILD, SQUARE_CREATION, TANK_UPDATE, Writer, h
from wirestruct.core.errors import StateError
from wirestruct.core.events import ErrorEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.plugin import registry
from wirestruct.protocols.diep.generate import f32

PROTOCOL = registry.get_protocol("diep")

SQUARE = {
    "id": 283, "hash": 1,
    "groups": ["Relations", "Physics", "Health", "Name", "Position", "Style"],
    "fields": {
        "Position.y": 11026, "Position.x": -1051, "Position.angle": 3.90625,
        "Physics.size": f32(38.890873), "Style.color": 8, "Physics.sides": 4,
        "Health.flags": 0, "Physics.absorbtionFactor": 1.0, "Health.maxHealth": 10.0,
        "Style.flags": 1, "Position.flags": 1, "Name.flags": 1,
        "Relations.team": {"hash": 1, "id": 0}, "Style.borderWidth": 7.5, "Physics.width": 0.0,
        "Name.name": "Square", "Relations.owner": {"hash": 1, "id": 0}, "Health.health": 10.0,
        "Style.opacity": 1.0, "Relations.parent": None, "Style.zIndex": 282,
        "Physics.pushFactor": 8.0, "Physics.flags": 0,
    },
}


def update(tick, deletions=(), upcreates=()):
    w = Writer(0x00).vu(tick).vu(len(deletions))
    for hash_, id_ in deletions:
        w.vu(hash_).vu(id_)
    w.vu(len(upcreates))
    return w.bytes() + b"".join(upcreates)


def run(*packets, **options):
    tracker = PROTOCOL.tracker(**options)
    records = [CaptureRecord(i, i * 0.04, Direction.S2C, p) for i, p in enumerate(packets)]
    events = list(track(decode_records(records, PROTOCOL.decoder(**options)), tracker))
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    return tracker, errors


def test_creation_makes_the_entity_with_its_groups_and_every_field():
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION]))
    assert errors == []
    snap = tracker.snapshot()
    assert snap == {"tick": 10, "entities": [SQUARE]}
    assert list(snap["entities"][0]["fields"]) == list(SQUARE["fields"])  # creation order
    json.dumps(snap)


def test_update_changes_only_the_listed_fields():
    # square 283: Position.x (slot 1, jump 2 written 03) -> vi -1000 (zigzag 1999 = cf 0f); Health.health (slot 50) 5.0
    move = h("01 9b 02 00 01 | 03 cf 0f | 30 00 00 a0 40 | 01")
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION]), update(11, upcreates=[move]))
    assert errors == []
    (square,) = tracker.snapshot()["entities"]
    expected = dict(SQUARE["fields"], **{"Position.x": -1000, "Health.health": 5.0})
    assert square["fields"] == expected and tracker.snapshot()["tick"] == 11


def test_update_of_unknown_entity_is_an_error_and_the_rest_applies():
    move = h("01 9b 02 00 01 | 03 cf 0f | 01")
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION]),
                          update(11, upcreates=[TANK_UPDATE, move]))
    assert len(errors) == 1 and isinstance(errors[0].error, StateError)
    err = errors[0].error
    assert "unknown entity 1003" in err.message
    assert err.where.record == 1 and err.where.field_path == "body.upcreates[0]"
    assert tracker.snapshot()["entities"][0]["fields"]["Position.x"] == -1000


def test_deletion():
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION]), update(11, deletions=[(1, 283)]))
    assert errors == [] and tracker.snapshot() == {"tick": 11, "entities": []}


def test_deletion_with_other_hash_or_unknown_id_is_an_error():
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION]),
                          update(11, deletions=[(2, 283), (1, 990)]))
    assert [e.error.where.field_path for e in errors] == ["body.deletions[0]", "body.deletions[1]"]
    assert "has hash 1" in errors[0].error.message and "unknown entity 990" in errors[1].error.message
    assert tracker.snapshot()["entities"] == [SQUARE]


def test_recycled_id():
    """Entity 283 is deleted and its id handed out again (hash 2) in the same packet; an
    update still naming hash 1 is a state error and leaves the new entity alone."""
    recycled = SQUARE_CREATION.replace(h("01 9b 02 01"), h("02 9b 02 01"), 1)
    stale = h("01 9b 02 00 01 | 03 cf 0f | 01")
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION]),
                          update(11, deletions=[(1, 283)], upcreates=[recycled]),
                          update(12, upcreates=[stale]))
    assert len(errors) == 1 and "with hash 1, but it has hash 2" in errors[0].error.message
    (entity,) = tracker.snapshot()["entities"]
    assert entity["hash"] == 2 and entity["fields"] == SQUARE["fields"]


def test_creation_over_a_live_entity_is_reported_and_replaces_it():
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION, SQUARE_CREATION]))
    assert len(errors) == 1 and "is live" in errors[0].error.message
    assert tracker.snapshot()["entities"] == [SQUARE]


def test_update_of_a_field_outside_the_entity_groups_is_an_error():
    score = h("01 9b 02 00 01 | 45 00 00 48 42 | 01")   # jump 68 (45) -> slot 67 Score.score: no Score group
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION]), update(11, upcreates=[score]))
    assert len(errors) == 1 and "no Score group" in errors[0].error.message
    assert tracker.snapshot()["entities"] == [SQUARE]


def every_group_creation(eid):
    """A creation with all 15 groups (the four this build never sends have no fields):
    every one of the 67 fields, values chosen per creation index."""
    values = {}
    w = Writer().vu(1).vu(eid).u8(1)
    prev = -1
    for gid in range(15):
        w.jump(gid, prev)
        prev = gid
    w.u8(1)
    for f in BUILD.fields:
        c = f.creation_index

        def value(k):
            return {"vu": c * 3 + k, "vi": -1000 * c - k, "float": c + 0.25 * k,
                    "float64Precision": c + k / 64, "stringNT": f"s{c}.{k}",
                    "entid": {"hash": 1, "id": c + k}}[f.type]
        v = [value(k) for k in range(f.length)] if f.length else value(0)
        values[f.key] = v
        for item in (v if f.length else [v]):
            w.value(f.type, item)
    return w.bytes(), values


def test_creation_with_every_group():
    data, values = every_group_creation(0)
    tracker, errors = run(update(1, upcreates=[data]))
    assert errors == []
    (arena,) = tracker.snapshot()["entities"]
    assert arena["groups"] == ["Relations", "CPUControllable", "Barrel", "Physics", "Health",
                               "Dominator", "Example", "Arena", "Name", "Camera", "Position",
                               "Style", "Tagged", "Score", "Team"]
    assert len(arena["fields"]) == 67 and arena["fields"] == values
    assert arena["fields"]["Arena.scoreboardScores"] == [37.0 + 0.25 * k for k in range(10)]
    assert arena["fields"]["Camera.statNames"][7] == "s53.7"


def test_array_updates_change_only_the_listed_elements_and_keep_wire_types():
    data, values = every_group_creation(0)
    tracker, errors = run(update(1, upcreates=[data]), update(50, upcreates=[ARENA_UPDATE]))
    assert errors == []
    fields = tracker.snapshot()["entities"][0]["fields"]
    assert fields["Arena.scoreboardNames"] == ["Bob", "Alice"] + values["Arena.scoreboardNames"][2:]
    # scores were float32 in the creation; the update's elements are vi
    assert fields["Arena.scoreboardScores"][:3] == [78, 10, 37.5]
    assert [type(x) for x in fields["Arena.scoreboardScores"][:3]] == [int, int, float]
    assert fields["Arena.leaderX"] == f32(615.86334)
    assert fields["Arena.leaderY"] == f32(9055.076)


def test_other_packets_leave_the_state_alone():
    tracker, errors = run(update(10, upcreates=[SQUARE_CREATION]), h("05"), h("07 04"))
    assert errors == [] and tracker.snapshot() == {"tick": 10, "entities": [SQUARE]}


def test_empty_snapshot():
    assert PROTOCOL.tracker().snapshot() == {"tick": None, "entities": []}
