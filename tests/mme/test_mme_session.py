"""A real session: the loopback server and client of wirestruct.protocols.mme.generate, captured
by tcpdump (pcap) and dumpcap (pcapng) and logged as JSON Lines (tests/data/mme/README.md).
All three decode to the packets the session sent, in order, and to the same final state."""
import json
from pathlib import Path

import pytest
from wirestruct import get_protocol, open_capture
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.protocols.mme import auth
from wirestruct.protocols.mme import generate as gen

DATA = Path(__file__).resolve().parent.parent / "data" / "mme"
META = json.loads((DATA / "session.json").read_text())
FILES = ["session.jsonl", "session.pcap", "session.pcapng"]


def decode_file(name):
    protocol = get_protocol("mme")
    tracker = protocol.tracker()
    with open_capture(DATA / name, server=str(META["port"])) as capture:
        records = []
        for item in capture:
            records.append(item)
    events = list(track(decode_records(records, protocol.decoder()), tracker))
    return records, events, tracker


@pytest.fixture(scope="module")
def decoded():
    return {name: decode_file(name) for name in FILES}


@pytest.fixture(scope="module")
def turns():
    return gen.session_turns(META["seed"], tuple(META["dims"]), META["chatty_rounds"])


def sent(turns, direction):
    return [p for d, packets in turns if d == direction for p in packets]


@pytest.mark.parametrize("name", FILES)
def test_capture_holds_exactly_the_packets_sent(decoded, turns, name):
    records, events, _ = decoded[name]
    assert all(isinstance(r, CaptureRecord) for r in records), "no capture errors"
    packets = [e for e in events if isinstance(e, PacketEvent)]
    for direction, label in ((Direction.C2S, "c2s"), (Direction.S2C, "s2c")):
        got = [e.raw for e in packets if e.direction is direction]
        assert got == sent(turns, label)
    # every packet type of the session is there; the only error is the one flagged packet
    assert len({e.packet_id for e in packets}) == 50
    (error,) = [e for e in events if isinstance(e, ErrorEvent)]
    assert error.error.where.packet_name == "random_garbage"
    assert "did not select" in error.error.message


@pytest.mark.parametrize("name", FILES)
def test_packets_straddle_records(decoded, name):
    """Random write sizes: many packets span several records, many records hold several."""
    records, events, _ = decoded[name]
    packets = [e for e in events if isinstance(e, PacketEvent)]
    spanning = 0
    for direction in (Direction.C2S, Direction.S2C):
        offset = 0
        starts = []
        for record in records:
            if record.direction is direction:
                starts.append(offset)
                offset += len(record.data)
        boundaries = set(starts[1:])
        position = 0
        for e in packets:
            if e.direction is direction:
                inside = any(position < b < position + len(e.raw) for b in boundaries)
                spanning += inside
                position += len(e.raw)
    assert spanning > 50
    assert len(records) < len(packets)


def test_all_three_captures_agree(decoded):
    reference = decoded["session.jsonl"]
    for name in ("session.pcap", "session.pcapng"):
        _, events, tracker = decoded[name]
        assert [(e.direction, e.raw) for e in events if isinstance(e, PacketEvent)] == [
            (e.direction, e.raw) for e in reference[1] if isinstance(e, PacketEvent)]
        assert tracker.snapshot() == reference[2].snapshot()
        assert tracker.map_bytes() == reference[2].map_bytes()


def test_final_state_values(decoded, turns):
    _, events, tracker = decoded["session.pcap"]
    snap = tracker.snapshot()
    assert snap["map"]["dims"] == META["dims"] and snap["map"]["sea_level"] == META["dims"][2] // 2
    assert [p["name"] for p in snap["players"]] == ["Alice", "Bob", "Carol", "Dmitri"]
    assert [p["present"] for p in snap["players"]] == [True, True, True, False]
    assert snap["server"]["name"] == "wirestruct test server"
    assert snap["self"]["name"] == "Builder" and snap["self"]["player_id"] == 4242
    assert [t["id"] for t in snap["textures"]] == [1, 2, 3]
    assert snap["textures"][0]["have_file"] is False
    assert [b["description"] for b in snap["blocks"]] == ["Stone", "Grass", "Water", "Lamp", "Air"]
    assert [g["name"] for g in snap["groups"]] == ["Ground", "Other"]
    assert snap["negotiation"]["client"]["unselected_received"] == {"random_garbage": 1}
    assert snap["menu"]["open"] and len(snap["menu"]["widgets"]) == 10
    assert snap["chat"][-1]["segments"] == [{"color": "green", "text": "Settings saved."}]
    assert snap["server"]["disconnect"]["reason"] == "Player quit"
    # the map: the second terrain (buffer load) with the session's edits on top differs
    # from an empty map and has every block set
    raw = tracker.map_bytes()
    assert len(raw) == 64 * 64 * 32 and raw.count(0) == 0


def test_session_credentials_and_password_verify(decoded):
    _, events, _ = decoded["session.pcapng"]
    by_name = {}
    for e in events:
        if isinstance(e, PacketEvent):
            by_name.setdefault(e.name, []).append(e)
    (login,) = by_name["authenticate"]
    assert auth.verify_authenticate(login.raw[4:], gen.SERVER_SALT)
    (field,) = by_name["menu_salted_password"]
    salts = [field.packet.payload.salt_1, field.packet.payload.salt_2]
    responses = [e for e in by_name["menu_response"] if e.packet.payload.password is not None]
    (response,) = responses
    text = response.packet.payload.data
    assert auth.verify_password_response(text, salts, password="hunter2")
    assert not auth.verify_password_response(text, salts, password="hunter3")


def test_loopback_server_and_client_live():
    """The loopback pair itself (no capture tools): what the writes log is the session."""
    turns = gen.session_turns(11, (32, 32, 32), chatty_rounds=3)
    records = gen.play_loopback(turns, 11, timeout=10)
    protocol = get_protocol("mme")
    capture = [CaptureRecord(i, r["t"], Direction.parse(r["dir"]), bytes.fromhex(r["data"]))
               for i, r in enumerate(records)]
    events = list(decode_records(capture, protocol.decoder()))
    assert not [e for e in events if isinstance(e, ErrorEvent)]
    assert [e.raw for e in events if e.direction is Direction.S2C] == sent(turns, "s2c")
    assert [e.raw for e in events if e.direction is Direction.C2S] == sent(turns, "c2s")
