"""The proxy's sans-I/O core (wirestruct.proxy): sessions fed the real sample sessions,
hooks that pass, drop, edit and inject, framing a byte at a time, and the records it
writes read back by the capture layer."""
from __future__ import annotations

import io

import pytest
from wirestruct import get_protocol, open_capture
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records
from wirestruct.output.serialize import event_json
from wirestruct.protocols.mme import generate as gen
from wirestruct.proxy.hooks import (
    Connect,
    Disconnect,
    Drop,
    Edit,
    Inject,
    Packet,
    Undecoded,
    actions,
)
from wirestruct.proxy.record import Recorder, carrier_of, record_format
from wirestruct.proxy.session import ProxySession

SAMPLES = {"mme": "mme.jsonl", "diep": "diep.jsonl", "scrap-mechanic": "scrap_mechanic.jsonl"}


def records_of(protocol: str) -> list[CaptureRecord]:
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "samples" / SAMPLES[protocol]
    with open_capture(path) as capture:
        return list(capture.records(get_protocol(protocol)))


def shown(events) -> list[tuple]:
    return [(e.direction.label, e.name, repr(event_json(e)["fields"])) for e in events
            if isinstance(e, PacketEvent)]


def run(session: ProxySession, records: list[CaptureRecord]):
    forwarded, events = [], []
    for record in records:
        forwarded.extend(session.relay(record.direction, record.data))
        events.extend(session.decoded())
    events.extend(session.disconnect("end"))
    return forwarded, events


@pytest.mark.parametrize("protocol", sorted(SAMPLES))
def test_without_a_hook_bytes_pass_unchanged_and_decode_as_the_capture(protocol):
    records = records_of(protocol)
    session = ProxySession(get_protocol(protocol), client="127.0.0.1:50001",
                           upstream="127.0.0.1:4000")
    forwarded, events = run(session, records)
    assert forwarded == [(r.direction, r.data) for r in records]
    expected = list(decode_records(records, get_protocol(protocol).decoder()))
    assert shown(events) == shown(expected)
    assert all(e.ends in (("127.0.0.1:50001", "127.0.0.1:4000"),
                          ("127.0.0.1:4000", "127.0.0.1:50001")) for e in events)


@pytest.mark.parametrize("protocol", sorted(SAMPLES))
def test_a_hook_that_passes_everything_changes_nothing(protocol):
    records = records_of(protocol)
    seen: list[str] = []

    def hook(event):
        seen.append(type(event).__name__)

    session = ProxySession(get_protocol(protocol), hook=hook)
    session.connect()
    forwarded, events = run(session, records)
    joined = {d: b"".join(x for dd, x in forwarded if dd is d) for d in Direction}
    assert joined == {d: b"".join(r.data for r in records if r.direction is d)
                      for d in Direction}
    expected = list(decode_records(records, get_protocol(protocol).decoder()))
    assert shown(events) == shown(expected)
    assert seen[0] == "Connect" and seen[-1] == "Disconnect"
    assert seen.count("Packet") == sum(1 for e in expected if isinstance(e, PacketEvent)
                                       and e.parent is None)


def test_mme_framed_one_byte_at_a_time_with_a_hook():
    records = records_of("mme")
    session = ProxySession(get_protocol("mme"), hook=lambda event: None)
    out = []
    for record in records:
        for i in range(len(record.data)):
            out.extend(session.relay(record.direction, record.data[i:i + 1]))
    session.decoded()
    whole = b"".join(r.data for r in records if r.direction is Direction.S2C)
    assert b"".join(x for d, x in out if d is Direction.S2C) == whole


def test_a_side_that_closes_inside_a_packet_gets_its_bytes_forwarded():
    """With a hook, bytes wait for their whole packet; a side that closes its end (EOF)
    inside one still has every byte it sent forwarded, as without the proxy, and the
    decode of what was forwarded reports the packet cut short, with its bytes."""
    session = ProxySession(get_protocol("mme"), hook=lambda event: None)
    chat = gen.chat(1, "hello there")
    out = session.relay(Direction.C2S, chat + chat[:5])
    assert out == [(Direction.C2S, chat)]
    assert session.end(Direction.C2S) == [(Direction.C2S, chat[:5])]
    assert session.end(Direction.C2S) == session.end(Direction.S2C) == []
    events = session.decoded() + session.disconnect("client closed")
    (error,) = [e for e in events if isinstance(e, ErrorEvent)]
    assert error.error.kind == "TruncatedStreamError" and error.error.dropped == 5
    assert b"".join(r.data for r in session.take_records()) == chat + chat[:5]


def test_edit_drop_and_inject_mme():
    def hook(event):
        if isinstance(event, Packet) and event.name == "chat_message":
            fields = event.fields
            fields["payload"]["message"] = "<" + fields["payload"]["message"] + ">"
            return [Edit(fields), Inject("c2s", data=gen.move(0, 0, 0, 0, 0, 3))]
        if isinstance(event, Packet) and event.name == "move_player":
            return Drop()
        return None

    session = ProxySession(get_protocol("mme"), hook=hook)
    _, events = run(session, records_of("mme"))
    names = [e.name for e in events if isinstance(e, PacketEvent)]
    chats = [event_json(e)["fields"] for e in events
             if isinstance(e, PacketEvent) and e.name == "chat_message"]
    assert chats and all(c["payload"]["message"].startswith("<") for c in chats)
    assert all(c["len_payload"] > len(c["payload"]["message"]) for c in chats)
    assert names.count("move_player") == len(chats)     # only the injected ones
    assert not [e for e in events if isinstance(e, ErrorEvent)
                and e.error.kind != "StateError"]


def test_edit_a_diep_message_and_what_fails_is_forwarded_and_reported():
    records = records_of("diep")
    calls = {"edit": 0}

    def hook(event):
        if isinstance(event, Packet) and event.direction == "c2s" and not calls["edit"]:
            calls["edit"] += 1
            return Edit({"no such field": 1})        # cannot be built: reported, passed on
        if isinstance(event, Packet) and event.name == "update":
            raise RuntimeError("hook bug")            # reported, passed on
        return None

    session = ProxySession(get_protocol("diep"), hook=hook)
    forwarded, events = run(session, records)
    assert [x for _, x in forwarded] == [r.data for r in records]
    kinds = {e.error.kind for e in events if isinstance(e, ErrorEvent)}
    assert {"EncodeError", "StateError"} <= kinds
    assert any("hook bug" in str(e.error) for e in events if isinstance(e, ErrorEvent))


def test_undecodable_bytes_are_forwarded_as_they_came():
    seen: list = []
    session = ProxySession(get_protocol("mme"), hook=seen.append,
                           limits=Limits(max_packet=1024))
    garbage = b"\xff" * 40             # a header claiming more than max_packet
    out = session.relay(Direction.C2S, garbage)
    events = session.decoded()
    assert b"".join(x for _, x in out) == garbage
    assert isinstance(seen[-1], Undecoded)
    assert any(isinstance(e, ErrorEvent) for e in events)
    more = session.relay(Direction.C2S, gen.chat(1, "after"))     # framing stays lost
    assert b"".join(x for _, x in more) == gen.chat(1, "after")


def test_hook_answers_are_checked():
    assert actions(None) == []
    assert actions(Drop()) == [Drop()]
    with pytest.raises(ValueError):
        actions("pass")
    with pytest.raises(ValueError):
        actions([Drop(), 3])
    with pytest.raises(ValueError):
        Inject("c2s")
    with pytest.raises(ValueError):
        Inject("sideways", data=b"x")
    assert Connect(0, "a:1", "b:2").stream == 0
    assert Disconnect(0, "a:1", "b:2", "closed").reason == "closed"


@pytest.mark.parametrize("protocol, fmt", [("mme", "pcapng"), ("diep", "pcapng"),
                                           ("scrap-mechanic", "pcapng"), ("mme", "jsonl"),
                                           ("diep", "jsonl")])
def test_the_record_reads_back_to_the_same_events(tmp_path, protocol, fmt):
    p = get_protocol(protocol)
    records = records_of(protocol)
    session = ProxySession(p, stream=3, client="10.0.0.7:51000", upstream="10.0.0.1:4040")
    _, events = run(session, records)
    path = tmp_path / f"rec.{fmt}"
    assert record_format(str(path)) == fmt
    with open(path, "wb") as out:
        recorder = Recorder(out, fmt, carrier=carrier_of(p.transport, p.carrier))
        for record in session.take_records():
            assert recorder.write(record) is None
        recorder.close()
    with open_capture(path, server="10.0.0.1:4040") as capture:
        back = list(decode_records(capture.records(p), p.decoder()))
    assert shown(back) == shown(events)
    if fmt == "pcapng":
        assert {e.ends for e in back if isinstance(e, PacketEvent)} <= {
            ("10.0.0.7:51000", "10.0.0.1:4040"), ("10.0.0.1:4040", "10.0.0.7:51000")}


def test_record_format_from_the_name():
    from wirestruct.core.errors import UsageError
    with pytest.raises(UsageError):
        record_format("capture.pcap")
    with pytest.raises(UsageError):
        Recorder(io.BytesIO(), "pcap")
