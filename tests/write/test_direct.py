"""The direct writer (``wirestruct.encode.direct``) against the read-write classes it
stands in for.

Every packet of the real captures (the bundled samples, the Map Editor session captured
on loopback) and of generated sessions is encoded, readable and raw, with each call of
the direct writer checked: it either gives up or gives exactly the bytes the read-write
classes build and write from the same fields. Then the same fields are edited at random,
with the values an attacker or a careless edit gives (out of range, of another type,
missing, duplicated, counts and lengths that lie): the writer gives up or writes what the
read-write classes write; it never writes what they refuse.
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from edits import edit
from encode_helpers import every_type, top_level_packets
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.errors import WirestructError
from wirestruct.core.records import CaptureRecord
from wirestruct.encode import building, direct
from wirestruct.encode.unpresent import raw_fields
from wirestruct.output.serialize import event_json
from wirestruct.protocols.scrap_mechanic.generate import generate as sm_generate

ROOT = Path(__file__).resolve().parents[2]
CAPTURES = {
    "scrap-mechanic sample": ("scrap-mechanic", ROOT / "samples" / "scrap_mechanic.jsonl"),
    "mme sample": ("mme", ROOT / "samples" / "mme.jsonl"),
    "diep sample": ("diep", ROOT / "samples" / "diep.jsonl"),
    "mme session.pcap": ("mme", ROOT / "tests" / "data" / "mme" / "session.pcap"),
    "mme session.pcapng": ("mme", ROOT / "tests" / "data" / "mme" / "session.pcapng"),
    "scrap-mechanic generated": ("scrap-mechanic", None),
}

Call = tuple[building.TypeInfo, Any, tuple, Any, Any, bool]


def _records(name: str) -> tuple[str, list[CaptureRecord]]:
    protocol, path = CAPTURES[name]
    if path is None:
        return protocol, list(sm_generate(seed=3, ticks=40))
    with open_capture(path) as capture:
        return protocol, [r for r in capture if isinstance(r, CaptureRecord)]


def _rw(call: Call) -> bytes | Exception:
    """What the read-write classes write of a call's fields (or what they raise)."""
    info, fields, params, size, hooks, readable = call
    try:
        if readable:
            fields = raw_fields(info, fields, params)
        return building.to_bytes(building.build(info, fields, params, hooks=hooks), size)
    except Exception as exc:  # noqa: BLE001 - any refusal counts as one
        return exc


def _calls(name: str, raw: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Call], int]:
    """Every call the encoders make of the direct writer while encoding the capture (with
    a copy of its fields), and the number of packets encoded."""
    protocol, records = _records(name)
    events = [json.loads(json.dumps(event_json(e, raw=raw)))
              for e in decode_records(records, get_protocol(protocol).decoder())]
    calls: list[Call] = []
    write = direct.write

    def recording(info, fields, params=(), size=None, hooks=None, *, readable=False):
        calls.append((info, copy.deepcopy(fields), tuple(params), size, hooks, readable))
        return write(info, fields, params, size, hooks, readable=readable)

    monkeypatch.setattr(direct, "write", recording)
    out = list(get_protocol(protocol).encoder().encode_events(events))
    monkeypatch.undo()
    assert not [item for item in out if isinstance(item, WirestructError)]
    return calls, sum(isinstance(item, CaptureRecord) for item in out)


@pytest.mark.parametrize("raw", [False, True], ids=["readable", "raw"])
@pytest.mark.parametrize("name", sorted(CAPTURES))
def test_every_call_gives_the_read_write_classes_bytes(name, raw, monkeypatch):
    calls, packets = _calls(name, raw, monkeypatch)
    protocol, records = _records(name)
    assert packets == top_level_packets(protocol, records)
    taken = 0
    for call in calls:
        data = direct.write(*call[:5], readable=call[5])
        if data is not None:
            taken += 1
            assert data == _rw(call), (call[0].cls.__qualname__, json.dumps(call[1])[:300])
    if not name.startswith("diep"):                       # diep.io has its update writer
        assert taken >= 0.9 * len(calls), f"{taken} of {len(calls)} written directly"


ODD_VALUES = [None, True, False, -1, 0, 1, 2, 127, 128, 255, 256, 65535, 65536, 2 ** 31,
              2 ** 32 - 1, 2 ** 32, -(2 ** 63) - 1, 2 ** 64, 0.5, -0.0, 1e39, float("inf"),
              float("nan"), "", "x", "1", "a\x00b", "\ud800", "\u00e9\u4e2d", "00", "zz",
              "0102", [], [0], [1, 2], {}, {"hex": "00"}, {"value": 3}, {"len_text": 1}]
ODD_KEYS = ["len_text", "len_data", "num_updates", "text", "data", "is_tumbling", "padding",
            "value", "body", "subpackets", "len_payload", "payload", "x", "y"]


@pytest.mark.parametrize("name", ["scrap-mechanic sample", "mme session.pcap",
                                  "scrap-mechanic generated"])
def test_edited_fields_are_written_as_the_read_write_classes_write_them_or_left(
        name, monkeypatch):
    calls, _ = _calls(name, False, monkeypatch)
    rng = random.Random(20261126)
    taken = left = 0
    for _ in range(700):
        info, fields, params, size, hooks, readable = rng.choice(calls)
        fields = copy.deepcopy(fields)
        edit(fields, rng, ODD_VALUES, ODD_KEYS)
        if size is not None and rng.random() < 0.3:
            size += rng.choice((-1, 1))
        data = direct.write(info, copy.deepcopy(fields), params, size, hooks, readable=readable)
        if data is None:
            left += 1
            continue
        taken += 1
        assert data == _rw((info, fields, params, size, hooks, readable)), \
            (info.cls.__qualname__, json.dumps(fields, default=repr)[:300])
    assert taken > 100 and left > 100


def test_the_generators_make_the_same_bytes_without_it(monkeypatch):
    direct_made = [r.data for r in sm_generate(seed=9, ticks=30)]
    monkeypatch.setattr(direct, "write", lambda *args, **kwargs: None)
    assert [r.data for r in sm_generate(seed=9, ticks=30)] == direct_made


def test_giving_up_leaves_the_error_to_the_builder():
    encoder = get_protocol("mme").encoder()
    event = {"index": 0, "t": 0.0, "dir": "c2s", "stream": 0, "id": 8, "name": "chat_message",
             "fields": {"packet_type": "chat_message", "len_payload": 5,
                        "payload": {"player_id": 300, "message": "hi"}}}
    out = encoder.feed(event) + encoder.close()
    assert len(out) == 1 and isinstance(out[0], WirestructError)
    assert "player_id" in str(out[0])


@pytest.mark.parametrize("value", [2, 255, -1])
def test_an_enum_number_its_bits_cannot_hold_is_an_error_not_cut(value):
    """A one-bit enum given 255 was written as its low bit by the read-write classes
    (``write_bits_int_*`` masks); both writers now refuse it, naming the field."""
    info = building.type_info("mme", "mme_assets::texture_setup::texture_flags")
    fields = {"min_filter": value, "mag_filter": "nearest", "reserved": 0}
    assert direct.write(info, fields) is None
    with pytest.raises(WirestructError, match="min_filter"):
        building.build(info, fields)


def test_lying_counts_and_lengths_give_up_before_memory_is_spent():
    """Attacks on the direct writer: a count far beyond the list, a length of 2**31 for a
    short string, a list far longer than its count; each gives up at once (the builder
    then names the field), with no memory spent on what the numbers claim."""
    import tracemalloc

    unreliable = building.type_info("scrap_mechanic", "sm_unreliable_update")
    text = building.type_info("scrap_mechanic", "sm_string")
    update = {"len_update": 6, "netobj_type": "controller",
              "data": {"interactable_id": 1, "data": ""}}
    attacks = [
        (unreliable, {"server_tick": 1, "current_tick": 1, "num_updates": 255,
                      "updates": [update]}),
        (unreliable, {"server_tick": 1, "current_tick": 1, "num_updates": 1,
                      "updates": [update] * 100_000}),
        (text, {"len_text": 2 ** 31, "text": "hi"}),
        (text, {"len_text": 2 ** 40, "text": "hi"}),
    ]
    tracemalloc.start()
    try:
        for info, fields in attacks:
            assert direct.write(info, fields) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024, peak
    with pytest.raises(WirestructError):
        building.to_bytes(building.build(*attacks[2]))


def test_every_type_gets_a_writer_or_is_left_to_the_builder_on_purpose():
    """Each type's plan turns into a writer that compiles (its source made by
    ``writer_source``), or the plan gives up for a reason of its own: never a failure of
    the source, which would quietly leave the type to the builder."""
    written = left = 0
    for info in every_type(("scrap_mechanic", "mme", "diep")):
        try:
            plan = direct._Plan(info)
        except direct._GiveUp:
            left += 1
            continue
        assert callable(plan.write), info.cls.__qualname__
        written += 1
    assert written > 10 * left, (written, left)


def test_nothing_is_written_after_a_field_that_reads_to_the_end_of_its_stream():
    """A ``size-eos`` field takes its stream to the end when read, so in a stream of no
    known size it ends the stream: bytes after it (here `unknown_rest` after an unknown
    interaction's `data`) could never be read back. The read-write classes refuse them;
    the direct writer gives up, and without them writes what they write."""
    info = building.type_info("scrap_mechanic", "sm_interact")
    fields = {"packet_type": 51, "data": {"data": "c72b200d38"}, "unknown_rest": "00"}
    for readable in (False, True):
        call = (info, fields, (), None, None, readable)
        assert isinstance(_rw(call), Exception)
        assert direct.write(info, fields, readable=readable) is None
        ended = (info, {**fields, "unknown_rest": ""}, (), None, None, readable)
        assert direct.write(*ended[:5], readable=readable) == _rw(ended) == bytes.fromhex(
            "33c72b200d38")


def _unreliable_updates(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """The direct writer's calls for the unreliable updates of a generated session."""
    calls, _ = _calls("scrap-mechanic generated", False, monkeypatch)
    return [call for call in calls if call[0].cls.__qualname__ == "SmUnreliableUpdate"]


def test_every_bit_of_a_run_given_oddly_is_written_as_the_builder_writes_it_or_left(
        monkeypatch):
    """A run of bit fields is held in locals by the writer; a value its fast path does not
    take (another type, too wide, negative) goes to the plan's general code with the bits
    held so far, which then goes on from what that code left. Each bit field of a
    character update of a generated session, given each odd value in turn."""
    character = building.type_info("scrap_mechanic", "sm_unreliable_update").resolve_type(
        "character_update")
    bit_fields = [field.name for field in direct._plan(character).fields if field.flag]
    assert len(bit_fields) > 20
    taken = tried = 0
    for info, fields, params, size, hooks, readable in _unreliable_updates(monkeypatch)[:4]:
        for i, update in enumerate(fields["updates"]):
            if update["netobj_type"] != "character":
                continue
            for name in bit_fields:
                for value in (1, 0, True, False, 2, -1, 255, 2 ** 32, "1", 0.5, None):
                    edited = copy.deepcopy(fields)
                    edited["updates"][i]["data"][name] = value
                    tried += 1
                    data = direct.write(info, copy.deepcopy(edited), params, size, hooks,
                                        readable=readable)
                    if data is not None:
                        taken += 1
                        assert data == _rw((info, edited, params, size, hooks, readable)), \
                            (name, value)
    assert taken > 100 and tried > taken


def test_a_condition_is_evaluated_once_for_the_fields_it_guards_while_they_leave_it_alone():
    """Fields in a row with the same ``if`` share one evaluation of it, unless one of
    them (or an instance, or the stream's position) is what it reads."""
    from types import SimpleNamespace

    from wirestruct.encode import writer_source

    def field(name: str, condition: str | None) -> SimpleNamespace:
        return SimpleNamespace(name=name, when=None if condition is None else (lambda c, i: 1),
                               plan=SimpleNamespace(attr={"id": name, "if": condition}))

    plan = SimpleNamespace(instances=(), info=SimpleNamespace(spec={"instances": {"n": {}}}))
    fields = [field("a", None), field("b", "not a"), field("c", "not a"),
              field("d", "c == 0"), field("e", "c == 0"), field("p", "q == 0"),
              field("q", "q == 0"), field("r", "q == 0"), field("h", "n > 0"),
              field("i", "n > 0"), field("j", "_io.pos < 4"), field("k", "_io.pos < 4"),
              field("s", "t == 'x'"), field("t", "t == 'x'")]
    conditions = writer_source._Conditions(plan)
    tests = [conditions.test(i, f, {}) for i, f in enumerate(fields)]
    evaluated = [f.name for f, (first, _) in zip(fields, tests) if first]
    assert evaluated == ["b", "d", "p", "r", "h", "i", "j", "k", "s", "t"]
    source, _ = writer_source.source(direct._plan(
        building.type_info("scrap_mechanic", "sm_unreliable_update").resolve_type(
            "character_update")))
    assert 0 < source.count("= WHEN") < source.count("if w")


def test_a_write_leaves_nothing_for_the_cycle_collector(monkeypatch):
    """The objects a write makes for its expressions point to their parent and root; once
    the bytes are written they are untied, so reference counting frees them at once."""
    import gc

    info, fields, params, size, hooks, readable = _unreliable_updates(monkeypatch)[0]
    assert direct.write(info, fields, params, size, hooks, readable=readable) is not None
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        before = len(gc.get_objects())
        for _ in range(50):
            direct.write(info, fields, params, size, hooks, readable=readable)
        assert len(gc.get_objects()) - before < 50
    finally:
        if enabled:
            gc.enable()


@pytest.mark.parametrize("octets", [bytes(range(16)), bytes(range(16)).hex(), "0" * 30,
                                    "zz" * 16, bytes(15), bytearray(16), " ".join(["ab"] * 16),
                                    None, 16])
def test_bytes_of_a_size_are_written_as_the_builder_writes_them_or_left(octets):
    """A byte string given as bytes or hex text of its size is written at once; text that
    is no hex, another size or another type of value gives up, and the builder says why."""
    info = building.type_info("scrap_mechanic", "sm_common").resolve_type("uuid")
    for readable in (False, True):
        call = (info, {"octets": octets}, (), None, None, readable)
        data = direct.write(*call[:5], readable=readable)
        want = _rw(call)
        assert data is None or data == want, (octets, data, want)
        if isinstance(want, bytes) and isinstance(octets, (bytes, str)):
            assert data == want
