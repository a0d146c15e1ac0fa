"""The diep.io 0x00 update writer against the read-write classes it stands in for.

Every 0x00 update of the bundled sample and of a generated session, readable and raw, is
written by the update writer and by the read-write classes (converted, built, written):
the bytes are equal, and equal to the packet that was decoded. Then the same events are
edited at random and by hand, with the values an attacker or a careless edit gives
(out of range, of another type, raw bytes without a value, jumps out of the table,
bookkeeping that contradicts the indexes, counts that lie): the writer either gives up
(the encoder then builds the packet and names what is wrong) or writes exactly the bytes
the read-write classes write; it never writes what they refuse.
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from edits import edit
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.errors import WirestructError
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.output.serialize import event_json
from wirestruct.protocols.diep.encoder import packet_bytes, update_packet
from wirestruct.protocols.diep.generate import generate
from wirestruct.protocols.diep.update_writer import update_writer

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "diep.jsonl"


def _records(source: str) -> list[CaptureRecord]:
    if source == "generated":
        return list(generate(seed=5, ticks=60))
    with open_capture(SAMPLE) as capture:
        return [r for r in capture if isinstance(r, CaptureRecord)]


def _updates(source: str, raw: bool) -> list[tuple[dict[str, Any], bytes]]:
    """(event, the packet it was decoded from) of every clientbound 0x00 update."""
    out = []
    for event in decode_records(_records(source), get_protocol("diep").decoder()):
        shown = event_json(event, raw=raw)
        if shown.get("id") == 0 and shown.get("dir") == "s2c" and "fields" in shown:
            out.append((json.loads(json.dumps(shown)), bytes(event.raw)))
    return out


def _generic(event: dict[str, Any]) -> bytes | WirestructError:
    """What the read-write classes write of the event (or the error they raise)."""
    try:
        raw = get_protocol("diep").encoder().to_raw(event)
        return packet_bytes(raw["fields"], Direction.S2C)
    except WirestructError as exc:
        return exc


@pytest.mark.parametrize("raw", [False, True], ids=["readable", "raw"])
@pytest.mark.parametrize("source", ["sample", "generated"])
def test_every_update_is_written_as_the_read_write_classes_write_it(source, raw):
    updates = _updates(source, raw)
    assert len(updates) >= 50
    writer = update_writer()
    for event, packet in updates:
        data = writer.packet(event["fields"])
        assert data == packet, event["index"]
    for event, packet in updates[:: max(1, len(updates) // 8)]:   # the slow side: a sample
        assert _generic(event) == packet


def test_the_encoder_writes_updates_with_it_and_errors_still_name_the_field():
    updates = [(e, packet) for e, packet in _updates("sample", False) if "parent" not in e]
    events = [event for event, _ in updates]
    bad = copy.deepcopy(events[3])
    bad["fields"]["body"]["tick"] = 1 << 40
    out = list(get_protocol("diep").encoder().encode_events([*events[:3], bad, events[4]]))
    errors = [item for item in out if isinstance(item, WirestructError)]
    records = [item for item in out if isinstance(item, CaptureRecord)]
    assert [r.data for r in records] == [packet for _, packet in updates[:3]] + [updates[4][1]]
    assert len(errors) == 1 and errors[0].where.field_path.startswith("body/tick")


# -- edits -------------------------------------------------------------------------------
#: Values a field may be given instead of its own.
ODD_VALUES = [None, True, False, -1, 0, 1, 127, 128, 255, 256, 2 ** 31 - 1, 2 ** 31, -(2 ** 31),
              -(2 ** 31) - 1, 2 ** 32 - 1, 2 ** 32, 2 ** 64, 0.5, -0.0, 1e39, float("inf"),
              float("nan"), "", "x", "1", "a\x00b", "\ud800", [], [1], {}, {"value": 3},
              {"b0": 200, "b1": 1}, {"b0": 5}, {"value": None}, {"value": -5},
              {"value": {"value": 3}}, {"b0": 1, "value": {"b0": 1, "value": 1}},
              {"hash": 0}, {"hash": 0, "id": 4}, {"hash": 3}, {"hash": {"b0": 1}, "id": 2},
              {"elements": []}, {"elements": [{"index": 11, "value": 1}]},
              {"elements": [{"jump": {"xored_jump": 1}}, {"index": 0, "value": 1}]},
              {"scaled": 5}, {"scaled": {"value": 2 ** 31}}]
#: Keys an edit may add to an object: bookkeeping readable output leaves out.
ODD_KEYS = ["xored_jump", "jump", "groups", "table_start", "id", "index", "value", "has_arena",
            "has_position", "num_deletions", "num_upcreates", "entries", "scaled"]


def _edit(fields: dict[str, Any], rng: random.Random) -> None:
    edit(fields, rng, ODD_VALUES, ODD_KEYS)


def _small(event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The event with at most three of its upcreates and deletions (counts kept right), so
    that the read-write classes' side stays quick."""
    event = copy.deepcopy(event)
    body = event["fields"]["body"]
    for count, name in (("num_deletions", "deletions"), ("num_upcreates", "upcreates")):
        items = body[name]
        start = rng.randrange(max(1, len(items) - 2))
        body[name] = items[start:start + 3]
        n = len(body[name])
        body[count] = {**body[count], "value": n} if isinstance(body[count], dict) else n
    return event


@pytest.mark.parametrize("raw", [False, True], ids=["readable", "raw"])
def test_edited_updates_are_written_as_the_read_write_classes_write_them_or_left_to_them(raw):
    rng = random.Random(20261126 + raw)
    updates = [event for event, _ in _updates("sample", raw) + _updates("generated", raw)]
    writer = update_writer()
    taken = left = 0
    for _ in range(600):
        event = _small(rng.choice(updates), rng)
        _edit(event["fields"], rng)
        data = writer.packet(copy.deepcopy(event["fields"]))
        if data is None:
            left += 1
            continue
        taken += 1
        assert _generic(event) == data, json.dumps(event["fields"])[:400]
    assert taken > 100 and left > 100


HAND_EDITS = {
    "id given for no entity": ("upcreates", 0, "entity", {"hash": 0, "id": 7}),
    "hash as raw bytes only": ("upcreates", 0, "entity", {"hash": {"b0": 1}, "id": 1}),
    "hash as a value of a value": ("upcreates", 0, "entity",
                                   {"hash": {"b0": 1, "value": {"value": 3}}, "id": 1}),
    "kind as a number": ("upcreates", 0, "kind", 1),
    "count that lies": ("num_upcreates", None, None, 99),
    "count as a bool": ("num_deletions", None, None, False),
    "tick past 32 bits": ("tick", None, None, 2 ** 32),
    "tick as digits": ("tick", None, None, "17"),
}


@pytest.mark.parametrize("name", sorted(HAND_EDITS))
def test_hand_edits_are_left_to_the_read_write_classes(name):
    event = _small(_updates("sample", False)[5][0], random.Random(1))
    key, index, inner, value = HAND_EDITS[name]
    body = event["fields"]["body"]
    if index is None:
        body[key] = value
    else:
        body[key][index][inner] = value
    assert update_writer().packet(event["fields"]) is None
    assert update_packet(event["fields"]) == _generic(event) if not isinstance(
        _generic(event), WirestructError) else True


def test_a_closing_entry_given_in_the_middle_is_left_to_them():
    event = next(e for e, _ in _updates("sample", True)
                 if any(u["kind"] == "update" for u in e["fields"]["body"]["upcreates"]))
    update = next(u for u in event["fields"]["body"]["upcreates"] if u["kind"] == "update")
    entries = update["body"]["fields"]
    entries.insert(0, dict(entries[-1]))                  # the closing entry, first
    assert update_writer().packet(event["fields"]) is None


def test_the_writers_table_is_the_specs():
    """Slot by slot and field by field, what the writer was made from (the build's field
    table) is what the rendered spec reads: each update slot's type, the creation's fields
    in order with their group flags and counts, and the flags' group bits."""
    from wirestruct.encode.building import type_info
    from wirestruct.protocols.diep.rebuild import table_flags

    writer = update_writer()
    build = writer.build
    info = type_info("diep", build.spec)
    spec = info.spec["types"]
    cases = spec["update_field"]["seq"][1]["type"]["cases"]
    element_tables = {"diep_types::vu": "element_table_vu", "diep_types::vi": "element_table_vi",
                      "diep_types::string_nt": "element_table_string_nt"}
    for f in build.fields:
        kind = build.wire_types[f.update_type]
        assert cases[f.update_index] == (f"{element_tables[kind]}({f.length})" if f.length
                                         else kind), f.key
    assert set(cases) - {"_"} == set(writer.slots)
    creation = spec["creation"]["seq"][1:]
    assert [(a["id"], a["type"], a["if"], a.get("repeat-expr")) for a in creation] == [
        (name, build.wire_types[build.by_update_index[f.update_index].type],
         writer_flag, count)
        for (name, group, _, count), f, writer_flag in zip(
            writer.creation, build.fields,
            [{b: n for n, b in writer.flags.items()}[g] for _, g, _, _ in writer.creation])]
    assert table_flags(info.resolve_type("creation"), "groups") == writer.flags
    assert spec["creation"]["seq"][0]["type"] == f"diep_types::index_table({writer.num_groups})"


def test_giving_up_keeps_nothing_alive():
    """Fields the writer gives up on are not held after it returns (by a traceback that
    grows with every give-up, say): their reference count is what it was."""
    import sys

    event = _small(_updates("sample", False)[5][0], random.Random(2))
    fields = event["fields"]
    fields["body"]["upcreates"][-1]["entity"] = {"hash": 0, "id": 3}    # gives up last
    body = fields["body"]
    before = sys.getrefcount(body)
    writer = update_writer()
    for _ in range(100):
        assert writer.packet(fields) is None
    assert sys.getrefcount(body) == before


def _mixed(readable: Any, raw: Any, rng: random.Random) -> Any:
    """``readable`` with some of its values swapped for the raw form of the same value
    (a half-edited mix, as a script that edits raw fields in a readable event makes)."""
    if rng.random() < 0.2:
        return copy.deepcopy(raw)
    if isinstance(readable, dict) and isinstance(raw, dict):
        return {k: _mixed(v, raw[k], rng) if k in raw else v for k, v in readable.items()}
    if isinstance(readable, list) and isinstance(raw, list):
        return [_mixed(v, w, rng) for v, w in zip(readable, raw)] + readable[len(raw):]
    return readable


def test_mixes_of_readable_and_raw_values_are_written_as_the_read_write_classes_write_them():
    rng = random.Random(11)
    pairs = list(zip(_updates("sample", False), _updates("sample", True)))
    writer = update_writer()
    taken = 0
    for _ in range(150):
        (readable, packet), (raw, _) = rng.choice(pairs)
        small = _small(readable, random.Random(len(packet)))
        raw_small = _small(raw, random.Random(len(packet)))
        event = {**small, "fields": _mixed(small["fields"], raw_small["fields"], rng)}
        data = writer.packet(copy.deepcopy(event["fields"]))
        if data is not None:
            taken += 1
            assert _generic(event) == data, json.dumps(event["fields"])[:400]
    assert taken > 50
