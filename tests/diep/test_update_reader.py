"""The diep.io 0x00 update readers against the generated classes they stand in for.

Every 0x00 update of the bundled sample and of generated sessions (three seeds, a crowded
one among them) is read by the update reader and the raw update reader and parsed by the
generated classes: the readers' fields are, key for key and in order, what readable and
raw output show of the parsed packet. Then the same packets are damaged, by hand and at random, the way an attacker or a
broken capture damages them (cut anywhere, bytes changed, inserted or appended, jumps out
of their tables or onto a slot the build never sends, a fifth varint byte with its high
bit, text that is not UTF-8, counts that lie, another upcreate kind or table start): the
reader takes exactly the packets the generated classes take, with the same fields, and the
decoder's events (errors included) are the same with the reader as without it.
"""
from __future__ import annotations

import copy
import json
import pickle
import random
import tracemalloc
from dataclasses import replace
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from kaitaistruct import KaitaiStream
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.events import PacketEvent, Unparsed, decoded_fields
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import track
from wirestruct.output.serialize import event_json, serializer
from wirestruct.protocols.diep.builds import load_build
from wirestruct.protocols.diep.generate import generate
from wirestruct.protocols.diep.raw_update_reader import raw_update_reader
from wirestruct.protocols.diep.tables import Rows
from wirestruct.protocols.diep.update_reader import update_reader

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "diep.jsonl"
BUILD = load_build()


def _records(source: str) -> list[CaptureRecord]:
    if source == "sample":
        with open_capture(SAMPLE) as capture:
            return [r for r in capture if isinstance(r, CaptureRecord)]
    seed, ticks, shapes = {"generated": (5, 60, 40), "crowded": (9, 40, 200),
                           "long": (3, 200, 60)}[source]
    return list(generate(seed, ticks=ticks, shapes=shapes))


def _updates(source: str) -> list[bytes]:
    """The bytes of every clientbound 0x00 update (those inside 0x02 packets too)."""
    return [bytes(e.raw) for e in decode_records(_records(source), get_protocol("diep").decoder())
            if isinstance(e, PacketEvent) and e.packet_id == 0
            and e.direction is Direction.S2C]


def _parsed(data: bytes, raw: bool = False) -> str | None:
    """What output (readable, or raw) shows of the generated classes' parse, as JSON text
    (keys in order), or None when they refuse the packet."""
    try:
        io = KaitaiStream(BytesIO(data))
        obj = BUILD.packet_class(io)
        if not io.is_eof():
            return None
    except Exception:  # noqa: BLE001 - any failure of the generated parse is a refusal
        return None
    return json.dumps(serializer(raw=raw).value(obj))


def _read(data: bytes, raw: bool = False) -> str | None:
    reader = raw_update_reader() if raw else update_reader()
    assert reader is not None
    fields = reader.fields(data)
    return None if fields is None else json.dumps(fields)


FORMS = pytest.mark.parametrize("raw", [False, True], ids=["readable", "raw"])


SOURCES = ["sample", "generated", "crowded", "long"]


@pytest.fixture(scope="module")
def updates() -> dict[str, list[bytes]]:
    return {source: _updates(source) for source in SOURCES}


def test_the_bundled_build_has_a_reader_that_shows_what_readable_output_shows():
    reader = update_reader()
    assert reader is not None and reader.shown
    assert raw_update_reader() is not None


@FORMS
@pytest.mark.parametrize("source", SOURCES)
def test_every_update_reads_as_the_generated_classes_show_it(updates, source, raw):
    packets = updates[source]
    assert len(packets) >= 40
    for data in packets:
        got = _read(data, raw)
        assert got is not None, data.hex()
        assert got == _parsed(data, raw), data.hex()


def _damaged(data: bytes, rng: random.Random) -> list[bytes]:
    """Damaged copies of one update: by hand at the places that matter, and at random."""
    out = [data[:cut] for cut in sorted(rng.sample(range(len(data)), min(12, len(data))))]
    out += [data + b"\x00", data + b"\x01\x02", b"\x00", b"\x00\x01", b"\x00\x01\x00\xff"]
    for _ in range(24):
        b = bytearray(data)
        at = rng.randrange(1, len(b)) if len(b) > 1 else 0
        kind = rng.randrange(6)
        if kind == 0:
            b[at] = rng.randrange(256)                       # any byte
        elif kind == 1:
            b[at] = rng.choice([0x00, 0x01, 0x02, 0x44, 0x45, 0x46, 0x7F, 0x80, 0xFF])
        elif kind == 2:
            b.insert(at, rng.randrange(256))
        elif kind == 3:
            del b[at]
        elif kind == 4:
            b[at:at] = bytes([0xFF, 0xFF, 0xFF, 0xFF, rng.choice([0x0F, 0x80, 0xFF])])
        else:
            b[at:at] = rng.choice([b"\xc3\x28\x00", b"\xed\xa0\x80\x00", b"\xff\x00"])
        out.append(bytes(b))
    return out


@FORMS
@pytest.mark.parametrize("source", ["sample", "crowded"])
def test_damaged_updates_are_taken_exactly_when_the_generated_classes_take_them(
        updates, source, raw):
    rng = random.Random(source)
    packets = updates[source]
    taken = refused = 0
    for data in packets[:: max(1, len(packets) // 40)]:
        for damaged in _damaged(data, rng):
            want = _parsed(damaged, raw)
            assert _read(damaged, raw) == want, damaged.hex()
            taken += want is not None
            refused += want is None
    assert taken > 100 and refused > 1000


def _update(*parts: bytes) -> bytes:
    return b"".join(parts)


# tick 1, no deletions, one upcreate of entity <1, 2>
HEAD = bytes.fromhex("00 01 00 01 01 02")


@pytest.mark.parametrize("data,taken", [
    (HEAD + bytes.fromhex("00 01 01"), True),           # an update that changes nothing
    (HEAD + bytes.fromhex("00 02 01"), False),          # the table start is not 01
    (HEAD + bytes.fromhex("02 01 01"), False),          # no such upcreate kind
    (HEAD + bytes.fromhex("00 01 00 05 01"), True),     # slot 0 (position_y, vi) = -3
    (HEAD + bytes.fromhex("00 01 00 ff ff ff ff 0f 01"), True),   # five varint bytes
    (HEAD + bytes.fromhex("00 01 00 ff ff ff ff 80 01"), False),  # fifth byte high bit
    (HEAD + bytes.fromhex("00 01 46 00 01"), False),    # a jump past the table
    (HEAD + bytes.fromhex("00 01 45 01"), False),       # the last slot + 1
    (HEAD + bytes.fromhex("00 01 00 05 00"), False),    # the table never closes
    (bytes.fromhex("00 01 05 01 02 00"), False),        # five deletions, one given
    (bytes.fromhex("00 01 00 00 ff"), False),           # a byte left over
    (bytes.fromhex("00 01 01 00 00"), True),            # the deletion of "no entity"
])
def test_crafted_updates(data, taken):
    for raw in (False, True):
        assert (_read(data, raw) is not None) is taken
        assert _read(data, raw) == _parsed(data, raw)
    reader = update_reader()
    assert reader is not None
    assert reader.fields(memoryview(data)) == reader.fields(bytearray(data)) \
        == reader.fields(data)                            # however the bytes are held


def test_every_slot_and_every_creation_group_reads_as_the_generated_classes_show_it():
    """One update per slot the build sends (arrays: two changed elements) and one creation
    per group, values at the edges of their encodings."""
    edges = {"diep_types::vu": [b"\x00", b"\x7f", b"\xff\xff\xff\xff\x0f"],
             "diep_types::vi": [b"\x01", b"\xfe\xff\xff\xff\x0f", b"\xff\xff\xff\xff\x0f"],
             "diep_types::f32": [bytes.fromhex("0000c07f"), bytes.fromhex("0000807f"),
                                 bytes.fromhex("000080ff"), bytes.fromhex("01000000")],
             "diep_types::fixed_point(64)": [b"\x81\x01", b"\xff\xff\xff\xff\x0f"],
             "diep_types::string_nt": [b"\x00", "Zoë ✓".encode() + b"\x00"],
             "diep_types::entid": [b"\x00", b"\x7f\xff\xff\xff\xff\x0f"]}
    checked = 0
    for field in BUILD.fields:
        for value in edges[BUILD.wire_types[field.update_type]]:
            if field.length:
                body = bytes([3 ^ 1]) + value + bytes([(field.length - 1 - 3) ^ 1]) + value + b"\x01"
            else:
                body = value
            jump = field.update_index + 1 ^ 1
            data = HEAD + b"\x00\x01" + bytes([jump]) + body + b"\x01"
            for raw in (False, True):
                assert _read(data, raw) is not None, (field.key, data.hex())
                assert _read(data, raw) == _parsed(data, raw), field.key
            checked += 1
    for group in BUILD.groups:
        values = b"".join(edges[BUILD.wire_types[f.type]][-1] * (f.length or 1)
                          for f in BUILD.fields_of(1 << group))
        data = HEAD + b"\x01" + bytes([group + 1 ^ 1]) + b"\x01" + values
        for raw in (False, True):
            assert _read(data, raw) is not None, group
            assert _read(data, raw) == _parsed(data, raw), group
        checked += 1
    assert checked > 150


def _lines(records: list[CaptureRecord], reader: bool) -> list[str]:
    """Each event readable, then raw (the same events: raw lines read an unparsed update
    with the raw reader, then readable ones take their fields)."""
    decoder = get_protocol("diep").decoder()
    if not reader:
        decoder._updates = None
    return [json.dumps(event_json(e, raw=True)) + json.dumps(event_json(e))
            for e in decode_records(records, decoder)]


def test_the_decoder_gives_the_same_events_with_the_reader_as_without_it():
    rng = random.Random(4)
    records = _records("sample") + _records("generated")
    damaged = []
    for r in records:
        data = bytearray(r.data)
        if r.direction is Direction.S2C and data[:1] == b"\x00" and rng.random() < 0.5:
            data[rng.randrange(len(data))] = rng.randrange(256)
        damaged.append(replace(r, data=bytes(data)))
    for capture in (records, damaged):
        with_reader, without = _lines(capture, True), _lines(capture, False)
        assert with_reader == without
    assert sum('"error"' in line for line in _lines(damaged, True)) > 20


ROOT = Path(__file__).resolve().parents[2]
REAL = sorted([*(ROOT / "tests" / "data").rglob("*.pcap*"), *(ROOT / "samples").glob("*.jsonl"),
               ROOT / "tests" / "data" / "mme" / "session.jsonl"])


@pytest.mark.parametrize("path", REAL, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_real_capture_decodes_as_diep_the_same_with_the_reader_as_without_it(path):
    """Every capture's bytes as diep packets: each TCP segment's new bytes and each datagram
    a packet, as a message protocol without the WebSocket carrier reads them."""
    as_messages = replace(get_protocol("diep"), carrier=None)
    with open_capture(path) as capture:
        items = list(capture.records(as_messages))
    records = [r for r in items if isinstance(r, CaptureRecord)]
    assert records or path.parent.name == "cases"
    assert _lines(records, True) == _lines(records, False)


def test_an_unparsed_packet_is_parsed_once_and_its_fields_are_never_shared():
    decoder = get_protocol("diep").decoder()
    event = next(e for e in decode_records(_records("sample"), decoder)
                 if isinstance(e, PacketEvent) and e.packet_id == 0
                 and e.direction is Direction.S2C)
    assert decoded_fields(event)["body"]["tick"] == event.raw[1] == 1   # not parsed yet
    first = event_json(event)
    first["fields"]["body"]["tick"] = -1                  # a consumer edits what it got
    assert event_json(event)["fields"]["body"]["tick"] != -1
    assert decoded_fields(event)["body"]["tick"] != -1
    packet = event.packet                                 # parsed now, and kept
    assert packet is event.packet and type(packet) is not Unparsed
    assert decoded_fields(event) is None
    assert json.dumps(event_json(event)) == json.dumps({**first, "fields": serializer().value(
        packet)}) .replace('"tick": -1', f'"tick": {packet.body.tick.value}')
    assert replace(event, index=9).packet is packet
    fresh = next(e for e in decode_records(_records("sample"), get_protocol("diep").decoder())
                 if isinstance(e, PacketEvent) and e.index == event.index)
    assert decoded_fields(fresh) == event_json(event)["fields"]   # the reader's, as parsed
    again = pickle.loads(pickle.dumps(fresh))             # parsed to be pickled
    assert event_json(again) == event_json(fresh) == event_json(event)


def test_the_tracker_and_the_tables_read_the_fields_a_consumer_edited_as_decoded():
    protocol = get_protocol("diep")
    records = _records("generated")

    def state(edit: bool) -> Any:
        tracker, rows = protocol.tracker(), Rows()
        out = []
        for event in decode_records(records, protocol.decoder()):
            if not isinstance(event, PacketEvent):
                continue
            if edit:
                shown = event_json(event)                 # takes the decoded fields
                if shown["id"] == 0 and shown["dir"] == "s2c":
                    shown["fields"]["body"]["upcreates"].clear()
            tracker.apply_safely(event)
            out.extend(rows(event))
        return copy.deepcopy(tracker.snapshot()), out

    edited, plain = state(True), state(False)
    assert edited == plain and len(plain[1]) > 1000
    tracker = protocol.tracker()
    for _ in track(decode_records(records, protocol.decoder()), tracker):
        pass
    assert tracker.snapshot() == plain[0]


def _snapshots(records: list[CaptureRecord]) -> list[Any]:
    protocol = get_protocol("diep")
    tracker = protocol.tracker()
    out = []
    for event in track(decode_records(records, protocol.decoder()), tracker):
        if isinstance(event, PacketEvent) and event.packet_id == 0 \
                and event.direction is Direction.S2C:
            out.append(copy.deepcopy(tracker.snapshot()))
    return out


@pytest.mark.parametrize("source", ["sample", "generated"])
def test_the_tracker_tracks_the_same_as_through_the_generated_classes(monkeypatch, source):
    """The tracker fed what the update reader read, and fed the readable output of the
    generated objects instead (every update parsed by the generated classes): the same
    entities after every update."""
    records = _records(source)
    fast = _snapshots(records)
    from wirestruct.protocols.diep import field_values
    parsed = []

    def through_the_classes(event: PacketEvent) -> dict[str, Any]:
        parsed.append(event.index)
        return serializer().value(event.packet)            # parses the generated object
    monkeypatch.setattr(field_values, "decoded_fields", through_the_classes)
    slow = _snapshots(records)
    assert len(parsed) == len(fast) == len(slow) >= 50
    assert fast == slow and any(snapshot["entities"] for snapshot in fast)


# -- inputs built to exhaust a reader ------------------------------------------------------
VU_MAX = b"\xff\xff\xff\xff\x0f"            # 2^32 - 1


@pytest.mark.parametrize("data", [
    b"\x00\x01" + VU_MAX,                             # 2^32 - 1 deletions, none given
    b"\x00\x01\x00" + VU_MAX + b"\x01\x02",            # 2^32 - 1 upcreates, half of one
    b"\x00\x01\x00" + VU_MAX + b"\x01\x02\x00\x01" + b"\x00" * 4096,  # a table never closed
    b"\x00\x01\x00\x01\x01\x02\x01" + b"\x00" * 16,   # a creation of every group, cut
    b"\x00\x01\x00\x01\x01\x02\x00\x01" + bytes([13 + 1 ^ 1]) + b"\x00" * 4096,  # elements
], ids=["deletions", "upcreates", "update table", "creation", "element table"])
def test_counts_that_lie_are_refused_before_memory_is_spent(data):
    """A count or a table that claims more than the packet holds: each reader stops at the
    packet's end (nothing is made for what is not there), and the decoder reports it."""
    readers = [update_reader(), raw_update_reader()]
    tracemalloc.start()
    try:
        for reader in readers:
            assert reader is not None and reader.fields(data) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * len(data) + (1 << 20), peak
    record = CaptureRecord(index=0, t=0.0, direction=Direction.S2C, data=data)
    (event,) = decode_records([record], get_protocol("diep").decoder())
    assert not isinstance(event, PacketEvent)
    assert _lines([record], True) == _lines([record], False)


def test_the_largest_update_a_packet_can_hold_reads_in_one_pass():
    """An update of 100,000 one-field updates, read alone: the readers take it and what
    they make is proportional to it. The decoder refuses it before reading
    (``Limits.max_entities_per_packet``, 1,024 by default), naming the limit and the bytes
    dropped."""
    one = b"\x01\x05\x00\x01\x00\x05\x01"          # <5, 1>: slot 0 = -3
    n = 100_000
    data = b"\x00\x01\x00" + bytes([n & 0x7F | 0x80, n >> 7 & 0x7F | 0x80, n >> 14]) + one * n
    single = json.loads(_parsed(b"\x00\x01\x00\x01" + one) or "null")
    tracemalloc.start()
    try:
        fields = update_reader().fields(data)      # type: ignore[union-attr]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert fields is not None and len(fields["body"]["upcreates"]) == n
    assert fields["body"]["upcreates"][-1] == single["body"]["upcreates"][0]
    assert peak < 2048 * n, peak                  # a few dicts an upcreate
    raw = raw_update_reader().fields(data)         # type: ignore[union-attr]
    assert raw is not None and raw["body"]["num_upcreates"]["value"] == n
    record = CaptureRecord(index=0, t=0.0, direction=Direction.S2C, data=data)
    (event,) = decode_records([record], get_protocol("diep").decoder())
    assert not isinstance(event, PacketEvent)
    error = event.error.to_json()
    assert error["error"] == "LimitExceededError" and error["dropped"] == len(data)
