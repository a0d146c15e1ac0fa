"""The seeded session generator, decoded and tracked end to end, and the bundled sample."""
import collections
import json
from pathlib import Path

from wirestruct import open_capture
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.session import decode_records, track
from wirestruct.plugin import registry
from wirestruct.protocols.diep import generate as generate_diep
from wirestruct.protocols.diep.generate import generate

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = registry.get_protocol("diep")


def replay(records, **options):
    tracker = PROTOCOL.tracker(**options)
    events = list(track(decode_records(records, PROTOCOL.decoder(**options)), tracker))
    return tracker, events


def test_generated_session_ends_in_the_expected_entity_table():
    session = generate(3, ticks=160, shapes=120)
    records = list(session)
    tracker, events = replay(records)
    assert [e for e in events if isinstance(e, ErrorEvent)] == []
    assert tracker.snapshot() == session.expected
    assert session.expected["tick"] == 160 and len(session.expected["entities"]) > 100

    packets = [e for e in events if isinstance(e, PacketEvent)]
    kinds = collections.Counter((e.direction.label, e.name) for e in packets)
    assert kinds[("s2c", "update")] == 160
    assert kinds[("s2c", "compressed")] >= 10
    nested = [e for e in packets if e.parent is not None]
    assert len(nested) == kinds[("s2c", "compressed")]
    assert {e.name for e in nested} >= {"update", "int_js_challenge"}
    # hundreds of entities entering and leaving view, ids recycled with a new hash
    created, deleted, hashes = 0, 0, set()
    for e in packets:
        if e.name == "update":
            deleted += len(e.packet.body.deletions)
            for u in e.packet.body.upcreates:
                if u.kind.name == "creation":
                    created += 1
                    hashes.add(u.entity.hash.value)
    assert created > 300 and deleted > 150 and max(hashes) >= 2
    assert session.upcreates > 10_000


def test_generator_is_seeded():
    a = [(r.t, r.direction, r.data) for r in generate(11, ticks=30)]
    b = [(r.t, r.direction, r.data) for r in generate(11, ticks=30)]
    c = [(r.t, r.direction, r.data) for r in generate(12, ticks=30)]
    assert a == b and a != c


def test_generator_command_line(tmp_path):
    out, expected = tmp_path / "s.jsonl", tmp_path / "s.json"
    assert generate_diep.main(["--seed", "4", "--ticks", "40", "--out", str(out),
                               "--expected", str(expected)]) == 0
    with open_capture(str(out)) as capture:
        tracker, events = replay(list(capture))
    assert not [e for e in events if isinstance(e, ErrorEvent)]
    assert tracker.snapshot() == json.loads(expected.read_text(encoding="utf-8"))


def test_bundled_sample():
    """samples/diep.jsonl is `generate_diep --seed 5 --ticks 120 --shapes 50`."""
    path = ROOT / "samples" / "diep.jsonl"
    assert path.stat().st_size < 300_000
    with open_capture(str(path)) as capture:
        records = list(capture)
    session = generate(5, ticks=120, shapes=50)
    assert [(r.t, r.direction, r.data) for r in records] == [
        (r.t, r.direction, r.data) for r in session]
    tracker, events = replay(records)
    assert not [e for e in events if isinstance(e, ErrorEvent)]
    assert tracker.snapshot() == session.expected
    # the first 80 records (what the export check opens) hold every packet kind of the session
    head = {(e.direction.label, e.name) for e in events[:90] if isinstance(e, PacketEvent)
            and e.record < 80}
    assert {(d, n) for d, n in ((e.direction.label, e.name) for e in events
                                if isinstance(e, PacketEvent))} == head


def test_state_command(capsys):
    """`wirestruct state --protocol diep --diep-build NAME` prints the entity table."""
    from wirestruct.tools.cli import main as cli
    path = str(ROOT / "samples" / "diep.jsonl")
    assert cli(["state", path, "--protocol", "diep", "--diep-build", "diepcustom-011c2e9"]) == 0
    printed = json.loads(capsys.readouterr().out)
    session = generate(5, ticks=120, shapes=50)
    for _ in session:
        pass
    assert printed == json.loads(json.dumps(session.expected))
    assert printed["tick"] == 120 and printed["entities"][0]["groups"] == ["Arena", "Team"]
