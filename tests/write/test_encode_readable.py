"""``wirestruct encode`` on readable events (what ``decode`` prints by default):
readable -> raw (:mod:`wirestruct.encode.unpresent`) -> packets, against the raw path."""
from __future__ import annotations

import io
import json
import subprocess
import sys
import uuid
from io import BytesIO
from pathlib import Path

import pytest
from encode_helpers import top_level_packets
from kaitaistruct import KaitaiStream
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.encode.building import type_info
from wirestruct.encode.fields import encode_fields
from wirestruct.generated.diep.diep_types import DiepTypes
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.output import presentation
from wirestruct.output.serialize import serializer
from wirestruct.plugin.registry import protocol_names
from wirestruct.tools.cli.encode import encode_lines

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "wirestruct.tools.cli"]

CAPTURES = [("mme", "samples/mme.jsonl"), ("mme", "tests/data/mme/session.pcapng"),
            ("mme", "tests/data/mme/session.pcap"), ("mme", "tests/data/mme/session.jsonl"),
            ("scrap-mechanic", "samples/scrap_mechanic.jsonl"), ("diep", "samples/diep.jsonl")]

_DECODED: dict = {}


def _decoded(protocol: str, path: str, **options) -> list:
    """The events of a capture as JSON-able dicts, decoded once per option set."""
    key = (protocol, path, tuple(sorted(options.items())))
    if key not in _DECODED:
        to_json = serializer(**options)
        with open_capture(ROOT / path) as capture:
            events = decode_records(capture, get_protocol(protocol).decoder())
            _DECODED[key] = json.dumps([to_json.event(e) for e in events])
    return json.loads(_DECODED[key])


def _encode(protocol: str, events: list):
    """Records and errors of the events, through the encode command's reader."""
    text = "".join(json.dumps(e) + "\n" for e in events)
    errors: list = []
    records = list(encode_lines(io.BytesIO(text.encode()), get_protocol(protocol).encoder(), errors))
    return records, errors


def _wire(records) -> list:
    return [(r.direction, r.stream, r.data) for r in records]


def _comparable(event: dict) -> dict:
    return {k: v for k, v in event.items() if k != "record"}


def _redecode(protocol: str, records, **options) -> list:
    to_json = serializer(**options)
    events = decode_records(records, get_protocol(protocol).decoder())
    return [{k: v for k, v in to_json.event(e).items() if k != "record"} for e in events]


@pytest.mark.parametrize("protocol,path", CAPTURES)
def test_readable_round_trip_gives_the_raw_path_bytes(protocol, path):
    raw_records, raw_errors = _encode(protocol, _decoded(protocol, path, raw=True))
    records, errors = _encode(protocol, _decoded(protocol, path))
    assert raw_errors == [] and errors == []
    with open_capture(ROOT / path) as capture:
        assert len(records) == len(raw_records) == top_level_packets(protocol, capture)
    assert _wire(records) == _wire(raw_records)
    again = _redecode(protocol, records)
    packets = [e for e in _decoded(protocol, path) if "error" not in e]
    assert [e["name"] for e in again] == [e["name"] for e in packets]
    assert [e["fields"] for e in again] == [e["fields"] for e in packets]


@pytest.mark.parametrize("protocol", ["scrap-mechanic", "mme"])
def test_big_ints_as_strings_encode(protocol):
    path = {p: c for p, c in reversed(CAPTURES)}[protocol]
    events = _decoded(protocol, path, big_ints="string")
    text = json.dumps(events)
    if protocol == "scrap-mechanic":
        assert '"76561199017580918"' in text                  # a steam id beyond 2^53
    records, errors = _encode(protocol, events)
    assert errors == []
    assert _wire(records) == _wire(_encode(protocol, _decoded(protocol, path, raw=True))[0])


@pytest.mark.parametrize("protocol,path", [c for c in CAPTURES if c[1].startswith("samples/")])
def test_readable_and_raw_mixed(protocol, path):
    readable, raw = _decoded(protocol, path)[:80], _decoded(protocol, path, raw=True)[:80]
    while "parent" in readable[-1]:                   # whole packets only
        readable, raw = readable[:-1], raw[:-1]
    mixed = [r if i % 2 else w for i, (r, w) in enumerate(zip(readable, raw))]
    # and within one event: readable fields with one raw sub-object
    for r, w in zip(mixed, raw):
        if r.get("fields") and isinstance(r["fields"].get("body"), dict) and r is not w:
            r["fields"] = dict(r["fields"], body=w["fields"]["body"])
            break
    records, errors = _encode(protocol, mixed)
    assert errors == []
    assert _wire(records) == _wire(_encode(protocol, raw)[0])


# -- value wrappers: value_from undoes value_of ------------------------------------------
@pytest.mark.parametrize("name", protocol_names())
def test_every_shown_value_has_its_inverse(name):
    rules = get_protocol(name).presentation
    assert set(rules.value_from) == set(rules.value_of)


DIEP_VALUES = [("vu", (), [0, 1, 127, 128, 300, 2**32 - 1]),
               ("vi", (), [0, -1, 1, 562, -1051, 9682, -2**31, 2**31 - 1]),
               ("vf", (), [0.0, 1.5, -2.25, 3.4028234663852886e38, 1.401298464324817e-45]),
               ("fixed_point", (64,), [0.0, 7.5, 3.015625, -1.25, -1051.984375]),
               ("f32", (), [0.0, -1.5, 392.23468017578125]),
               ("u32", (), [0, 0xFF8000, 2**32 - 1]),
               ("string_nt", (), ["", "Zoë", "c94fc18c"])]


@pytest.mark.parametrize("name,params,values", DIEP_VALUES)
def test_diep_values_forward_of_inverse_is_identity(name, params, values):
    info = type_info("diep", f"diep_types::{name}")
    cls = getattr(DiepTypes, info.cls.__name__)
    for value in values:
        fields = presentation.value_from(info.cls)(value, params, None)
        data = encode_fields(info, fields, params)
        parsed = cls(*params, KaitaiStream(BytesIO(data)))
        assert presentation.value_of(info.cls)(parsed, None) == value
    if name == "vi":                                  # the documented examples
        assert encode_fields(info, presentation.value_from(info.cls)(-1051, (), None)) == b"\xb5\x10"


@pytest.mark.parametrize("field", ["uuid", "filters", "character_uuid"])
def test_sm_uuid_forward_of_inverse_is_identity(field):
    info = type_info("scrap_mechanic", "sm_common::uuid")
    text = "35c961a6-7873-c27e-1e41-10c3cdd89122"
    data = encode_fields(info, presentation.value_from(info.cls)(text, (), field))
    expected = uuid.UUID(text).bytes
    assert data == (expected if field == "filters" else expected[::-1])  # be / le u128
    parsed = SmCommon.Uuid(KaitaiStream(BytesIO(data)))
    assert presentation.value_of(info.cls)(parsed, field) == text


def test_bad_values_are_left_for_the_encoder_to_name():
    to_raw = get_protocol("diep").encoder().to_raw
    event = _decoded("diep", "samples/diep.jsonl")[0]     # init: four strings
    event["fields"]["body"]["build"] = 12
    records, errors = _encode("diep", [event, _decoded("diep", "samples/diep.jsonl")[0]])
    assert len(records) == 1 and len(errors) == 1
    assert errors[0].where.field_path == "body/build/value"
    assert to_raw({"index": 0, "error": "X"}) == {"index": 0, "error": "X"}


# -- diep jump tables ---------------------------------------------------------------------
def _diep_update_event():
    events = _decoded("diep", "samples/diep.jsonl")
    return next(e for e in events if e["id"] == 0 and e["dir"] == "s2c" and "parent" not in e
                and any(u["kind"] == "update" for u in e["fields"]["body"]["upcreates"]))


def test_diep_jump_tables_are_recomputed_from_indexes():
    event = _diep_update_event()
    upcreate = next(u for u in event["fields"]["body"]["upcreates"] if u["kind"] == "update")
    raw = get_protocol("diep").encoder().to_raw(event)
    table = next(u for u in raw["fields"]["body"]["upcreates"] if u["kind"] == "update")["body"]
    assert table["table_start"] == 1
    indexes = [f["index"] for f in upcreate["body"]["fields"]]
    jumps = [f["xored_jump"] for f in table["fields"]]
    prev = [-1] + indexes[:-1]
    assert jumps == [(i - p) ^ 1 for i, p in zip(indexes, prev)] + [1]


def test_diep_field_added_to_an_update_and_a_creation_group_dropped():
    event = _diep_update_event()
    ups = event["fields"]["body"]["upcreates"]
    u = next(i for i, x in enumerate(ups) if x["kind"] == "update")
    old = [f["slot"] for f in ups[u]["body"]["fields"]]
    # position_x (slot 1) and health_health (slot 50) set, in whatever order given
    ups[u]["body"]["fields"] = sorted(
        [f for f in ups[u]["body"]["fields"] if f["index"] not in (1, 50)]
        + [{"index": 50, "value": 12.5}, {"index": 1, "value": -4242}], key=lambda f: f["index"])
    records, errors = _encode("diep", [event])
    assert errors == []
    again = _redecode("diep", records)[0]["fields"]["body"]["upcreates"][u]["body"]["fields"]
    assert {f["slot"]: f["value"] for f in again}["position_x"] == -4242
    assert {f["slot"]: f["value"] for f in again}["health_health"] == 12.5
    assert [f["slot"] for f in again] == sorted(set(old) | {"position_x", "health_health"},
                                                key=[f["slot"] for f in again].index)


def test_diep_decreasing_index_is_an_error_naming_the_field_and_encoding_goes_on():
    event = _diep_update_event()
    ups = event["fields"]["body"]["upcreates"]
    u = next(i for i, x in enumerate(ups) if x["kind"] == "update")
    ups[u]["body"]["fields"] = [{"index": 2, "value": 1.0}, {"index": 0, "value": 5}]
    good = _decoded("diep", "samples/diep.jsonl")[0]
    records, errors = _encode("diep", [event, good])
    assert len(records) == 1 and len(errors) == 1
    assert errors[0].dropped == 1 and errors[0].dropped_unit == "packets"
    assert f"upcreates[{u}]/body/fields[1]" in (errors[0].where.field_path or "")


# -- decode | jq | encode ------------------------------------------------------------------
def _pipeline(tmp_path, source, protocol, jq_filter):
    out = tmp_path / "out.jsonl"
    script = (f"{' '.join(CLI)} decode {source} -p {protocol} | jq -c '{jq_filter}' | "
              f"{' '.join(CLI)} encode - -p {protocol} --out {out}")
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    with open_capture(out) as capture:
        return list(capture)


def _diff(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return [d for k in a for d in _diff(a[k], b[k], f"{path}/{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in _diff(x, y, f"{path}[{i}]")]
    return [] if a == b else [path]


needs_jq = pytest.mark.needs("jq")


@needs_jq
def test_jq_edit_of_an_mme_player_x(tmp_path):
    events = _decoded("mme", "samples/mme.jsonl")
    index = next(e["index"] for e in events if e.get("name") == "move_player")
    records = _pipeline(tmp_path, "samples/mme.jsonl", "mme",
                        f'if .index == {index} then .fields.payload.x = 1234.5 else . end')
    before = _redecode("mme", _encode("mme", events)[0], raw=True)
    after = _redecode("mme", records, raw=True)
    assert [(i, d) for i, (x, y) in enumerate(zip(before, after)) for d in _diff(x, y)] == \
        [(index, "/fields/payload/x")]
    assert after[index]["fields"]["payload"]["x"] == 1234.5


@needs_jq
def test_jq_edit_of_a_diep_entity_field(tmp_path):
    event = _diep_update_event()
    u = next(i for i, x in enumerate(event["fields"]["body"]["upcreates"]) if x["kind"] == "update")
    path = f".fields.body.upcreates[{u}].body.fields[0].value"
    last = event["index"]                             # the events up to the edited one
    records = _pipeline(tmp_path, "samples/diep.jsonl", "diep",
                        f'select(.index <= {last})'
                        f' | if .index == {last} then {path} = 31 else . end')
    before = [_comparable(e) for e in _decoded("diep", "samples/diep.jsonl")
              if e["index"] <= last]
    after = _redecode("diep", records)
    diffs = [(x["index"], d) for x, y in zip(before, after) for d in _diff(x, y)]
    assert diffs == [(event["index"], f"/fields/body/upcreates[{u}]/body/fields[0]/value")]
    assert len(after) == len(before)


@needs_jq
def test_jq_edit_of_a_scrap_mechanic_uuid(tmp_path):
    events = _decoded("scrap-mechanic", "samples/scrap_mechanic.jsonl")
    new = "0123abcd-4567-89ef-0123-456789abcdef"
    hit = None
    for e in events:
        for i, sub in enumerate((e.get("expansions") or {}).get("sub_updates") or []):
            body = ((sub.get("update") or {}).get("data") or {}).get("body") or {}
            if isinstance(body.get("uuid"), str) and hit is None:
                hit = (e["index"], i)
    assert hit is not None
    index, i = hit
    records = _pipeline(tmp_path, "samples/scrap_mechanic.jsonl", "scrap-mechanic",
                        f'if .index == {index} then'
                        f' .expansions.sub_updates[{i}].update.data.body.uuid'
                        f' = "{new}" else . end')
    after = _redecode("scrap-mechanic", records)
    before = _redecode("scrap-mechanic", _encode("scrap-mechanic", events)[0])

    def updates(evs):
        return [[s["update"] for s in (e.get("expansions") or {}).get("sub_updates") or []]
                for e in evs]

    diffs = [(n, d) for n, (x, y) in enumerate(zip(updates(before), updates(after)))
             for d in _diff(x, y)]
    position = next(n for n, e in enumerate(before) if e["index"] == index)
    assert diffs == [(position, f"[{i}]/data/body/uuid")]
    sub = after[position]["expansions"]["sub_updates"][i]
    assert sub["update"]["data"]["body"]["uuid"] == new
    assert uuid.UUID(new).bytes[::-1].hex() in sub["data"]["hex"]   # documented le u128


def test_diep_entry_without_index_or_beyond_the_slots_is_an_error():
    good = _decoded("diep", "samples/diep.jsonl")[0]
    broken = []
    for fields in ([{"value": 5}], [{"index": 68, "value": 5}], [{"index": "x", "value": 5}]):
        event = _diep_update_event()
        ups = event["fields"]["body"]["upcreates"]
        u = next(i for i, x in enumerate(ups) if x["kind"] == "update")
        ups[u]["body"]["fields"] = fields
        broken.append(event)
    records, errors = _encode("diep", [*broken, good])
    assert len(records) == 1 and records[0].data[0] == 0x00          # the init packet
    assert [e.dropped for e in errors] == [1, 1, 1]
    assert all(f"upcreates[{u}]/body/fields[0]" in (e.where.field_path or "") for e in errors)
