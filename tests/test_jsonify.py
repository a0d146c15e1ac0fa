"""The one serializer (wirestruct.output.serialize): readable and raw event JSON, the API and the
command line agreeing, UUIDs, vectors, bytes, big integers, non-finite floats."""
import enum
import json
import math
import re
import uuid
from pathlib import Path

import pytest
from generated_objects import objects
from kaitaistruct import KaitaiStruct
from wirestruct import get_protocol, open_capture, to_jsonable
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.session import decode_records
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.output.serialize import (
    HIDDEN,
    MAX_SAFE_INTEGER,
    Serializer,
    dumps,
    dumps_event,
    event_json,
    serializer,
)
from wirestruct.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"scrap-mechanic": "scrap_mechanic.jsonl", "mme": "mme.jsonl", "diep": "diep.jsonl"}
_EVENTS = {}


def events(name):
    if name not in _EVENTS:
        protocol = get_protocol(name)
        with open_capture(ROOT / "samples" / SAMPLES[name]) as c:
            _EVENTS[name] = list(decode_records(c, protocol.decoder()))
    return _EVENTS[name]


def walk(value, path=""):
    """Every (path, key, value) of nested JSON data."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield path, key, item
            yield from walk(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, f"{path}[{i}]")


# -- the reference: the converter wirestruct 0.1.0 printed with ------------------------------
def reference(value):
    if isinstance(value, KaitaiStruct):
        out = {k: reference(v) for k, v in vars(value).items() if not k.startswith("_")}
        for name, prop in vars(type(value)).items():
            if isinstance(prop, property) and not name.startswith("_") and name not in out:
                try:
                    out[name] = reference(getattr(value, name))
                except Exception:  # noqa: BLE001
                    pass
        return out
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    if isinstance(value, (list, tuple)):
        return [reference(v) for v in value]
    if isinstance(value, dict):
        return {str(reference(k)): reference(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(reference(v) for v in value)
    if hasattr(value, "to_json"):
        return value.to_json()
    return value


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_raw_output_has_the_values_of_the_previous_serializer(name):
    raw = serializer(raw=True)
    for event in events(name):
        if isinstance(event, PacketEvent):
            data = json.loads(dumps(raw.event(event)))
            assert data["fields"] == json.loads(json.dumps(reference(event.packet)))
            if event.expansions:
                expansions = reference(dict(event.expansions))
                assert data["expansions"] == json.loads(json.dumps(expansions))


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_api_and_the_command_line_print_the_same_json(name, capsys):
    evs = events(name)
    assert main(["decode", str(ROOT / "samples" / SAMPLES[name]), "-p", name]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(evs)
    for event, line in zip(evs, lines):
        assert to_jsonable(event) == event_json(event) == line
        assert json.loads(dumps_event(event)) == line
    assert {"index", "record", "t", "dir", "stream", "id", "name", "fields"} <= set(lines[0])
    assert lines[0]["dir"] in ("s2c", "c2s")


def test_diep_readable_output_shows_values_not_encodings():
    bookkeeping = {"b0", "b1", "zigzag", "xored_jump", "jump", "prev_index", "groups", "is_end"}
    for event in events("diep"):
        data = event_json(event)
        assert not [k for _, k, _ in walk(data) if k in bookkeeping], event.name
    by_name = {e.name: event_json(e) for e in reversed(events("diep"))}
    assert by_name["pow_challenge"]["fields"]["body"] == {"difficulty": 20,
                                                          "prefix": "5X6qqhhfkp4v5zf2"}
    assert by_name["int_js_challenge"]["fields"]["body"]["id"] == 3
    # Raw output keeps the varint's bytes, as the spec reads them.
    raw = event_json(next(e for e in events("diep") if e.name == "pow_challenge"), raw=True)
    assert raw["fields"]["body"]["difficulty"] == {"b0": 20, "len": 1, "value": 20}
    # An update's field entries: slot name, index and value; the closing entry is left out.
    def has_update(e):
        return any(u["kind"] == "update" for u in event_json(e)["fields"]["body"]["upcreates"])
    update = next(event_json(e) for e in events("diep") if e.name == "update" and has_update(e))
    fields = next(u for u in update["fields"]["body"]["upcreates"] if u["kind"] == "update")
    entries = fields["body"]["fields"]
    assert entries and all(set(f) == {"value", "index", "slot"} for f in entries)


def test_uuids_are_canonical_in_the_documented_byte_order():
    octets = bytes(range(16))
    obj = SmCommon.Uuid.from_bytes(octets)
    readable = Serializer()
    # `le u128` fields (items, characters, tools): the text's bytes reversed on the wire.
    assert readable.value(obj, "uuid") == str(uuid.UUID(bytes=octets[::-1])) \
        == "0f0e0d0c-0b0a-0908-0706-050403020100"
    assert readable.value(obj, "character_uuid") == "0f0e0d0c-0b0a-0908-0706-050403020100"
    # `be u128` fields (container filters): in text order.
    assert readable.value([obj], "filters") == ["00010203-0405-0607-0809-0a0b0c0d0e0f"]
    assert Serializer(raw=True).value(obj) == {"octets": octets.hex()}
    seen = [v for e in events("scrap-mechanic") for _, k, v in walk(event_json(e))
            if k in ("uuid", "character_uuid") and not isinstance(v, int)]  # shape uuid: an index
    assert seen and all(re.fullmatch(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", v) for v in seen)
    assert "7807bb7d-5e64-d785-29c7-1b82a970165f" in seen  # wire 5f1670a9...7bb0778, reversed


def test_vectors_are_x_y_z_whatever_the_wire_order():
    import struct
    wire = struct.pack(">fff", 3.0, 2.0, 1.0)  # vec3f_zyx: z, y, x
    obj = SmCommon.Vec3fZyx.from_bytes(wire)
    shown = Serializer().value(obj)
    assert list(shown.items()) == [("x", 1.0), ("y", 2.0), ("z", 3.0)]
    quat = SmCommon.QuatWzyx.from_bytes(struct.pack(">ffff", 4.0, 3.0, 2.0, 1.0))
    assert list(Serializer().value(quat).items()) == [("x", 1.0), ("y", 2.0), ("z", 3.0),
                                                      ("w", 4.0)]
    # Scrap Mechanic character positions in the sample come out x, y, z.
    positions = [v for e in events("scrap-mechanic") for _, k, v in walk(event_json(e))
                 if k == "position" and isinstance(v, dict)]
    assert positions and all(list(p) == ["x", "y", "z"] for p in positions)


def test_floats_read_as_bits_equal_the_specs_value():
    import struct
    from io import BytesIO

    from kaitaistruct import KaitaiStream
    readable = Serializer()
    for number in (0.0, -0.0, 1.5, -3.25e-41, 3.4e38, float("inf"), float("-inf"), float("nan")):
        bits = struct.unpack(">I", struct.pack(">f", number))[0]
        obj = SmCommon.F4FromBits(bits, KaitaiStream(BytesIO(b"")))
        spec = obj.value
        shown = readable.value(obj)
        if math.isnan(spec):
            assert shown == "NaN"
        elif math.isinf(spec):
            assert shown == ("Infinity" if spec > 0 else "-Infinity")
        else:
            assert shown == spec and math.copysign(1, shown) == math.copysign(1, spec)


def test_bytes_are_marked_and_floats_stay_strict_json():
    readable, raw = Serializer(), Serializer(raw=True)
    assert readable.value(b"\x00ab") == {"hex": "006162"}
    assert raw.value(b"\x00ab") == "006162"
    assert readable.value({"a": [float("nan"), float("inf"), -float("inf"), 1.5]}) == \
        {"a": ["NaN", "Infinity", "-Infinity", 1.5]}
    assert dumps(readable.value([float("nan")])) == b'["NaN"]'


def test_big_integers_exact_or_as_strings():
    values = [MAX_SAFE_INTEGER, MAX_SAFE_INTEGER + 1, -MAX_SAFE_INTEGER, -MAX_SAFE_INTEGER - 1,
              2**64 + 5, 7]
    assert json.loads(dumps(Serializer().value(values))) == values  # exact numbers, even > 64 bits
    assert Serializer(big_ints="string").value(values) == [
        MAX_SAFE_INTEGER, str(MAX_SAFE_INTEGER + 1), -MAX_SAFE_INTEGER,
        str(-MAX_SAFE_INTEGER - 1), str(2**64 + 5), 7]
    with pytest.raises(ValueError, match="big_ints"):
        Serializer(big_ints="float")
    # SteamID64s in the Scrap Mechanic sample are beyond 2^53.
    ids = [v for e in events("scrap-mechanic") for _, k, v in walk(event_json(e, big_ints="string"))
           if k == "steam_id_64"]
    assert ids and all(isinstance(v, str) and int(v) > MAX_SAFE_INTEGER for v in ids)
    exact = [v for e in events("scrap-mechanic") for _, k, v in walk(event_json(e))
             if k == "steam_id_64"]
    assert [str(v) for v in exact] == ids


def test_big_ints_option_on_the_command_line(capsys):
    sample = str(ROOT / "samples" / "scrap_mechanic.jsonl")
    assert main(["decode", sample, "-p", "scrap-mechanic", "--big-ints", "string"]) == 0
    out = capsys.readouterr().out
    found = re.findall(r'"steam_id_64":("?\d+"?)', out)
    assert found and all(v.startswith('"') for v in found)


def test_unknown_enum_values_stay_integers_and_error_events_serialize():
    class Color(enum.IntEnum):
        RED = 1
    assert Serializer().value([Color.RED, 5]) == ["RED", 5]
    assert Serializer(enum_names=False).value(Color.RED) == 1
    from wirestruct.core.errors import ParseError
    error = ParseError("short", offset=3, expected="more bytes", packet_name="x")
    error.dropped, error.dropped_unit = 4, "bytes"
    data = event_json(ErrorEvent(error, record=2, t=1.0, index=7))
    assert data == {"index": 7, "record": 2, "t": 1.0, "dir": None, "stream": 0,
                    "error": "ParseError", "message": "short", "expected": "more bytes",
                    "dropped": 4, "dropped_unit": "bytes", "packet_name": "x", "offset": 3}


def test_raw_output_of_a_capture_spec_with_runtime_byte_order():
    # pcapng blocks are read by _read_le or _read_be, decided by the section's byte order.
    from wirestruct.generated.capture.pcapng import Pcapng
    capture = Pcapng.from_file(str(ROOT / "tests" / "data" / "mme" / "session.pcapng"))
    shown = Serializer(raw=True).value(capture)
    assert shown == json.loads(json.dumps(reference(capture)))
    assert shown["blocks"][0]["body"]["major_version"] == 1


@pytest.mark.parametrize("enum_names", [True, False])
def test_an_enum_instance_is_shown_from_its_source_as_the_instance_would_be(enum_names):
    """diep.io's ``slot`` (``resolve_enum(update_slot, index)``) is shown from ``index``
    without computing the instance: a member's name (or value), an unknown value as is."""
    from wirestruct.generated.diep.diep_clientbound_diepcustom_011c2e9 import (
        DiepClientboundDiepcustom011c2e9 as Diep,
    )
    from wirestruct.output.serialize import enum_instance
    assert enum_instance(Diep.UpdateField, "slot") == (Diep.UpdateSlot, "index")
    assert enum_instance(Diep.UpdateField, "index") is None
    fields = [obj for event in events("diep") if isinstance(event, PacketEvent)
              for obj in objects(event.packet) if type(obj) is Diep.UpdateField]
    assert len(fields) > 100
    shown = Serializer(enum_names=enum_names)
    seen_unknown = False
    for index, obj in enumerate(fields[:200]):
        if index % 7 == 0:                  # values no member has
            obj.__dict__.pop("_m_slot", None)
            obj._m_index = 4000 + index
        obj.__dict__.pop("_m_slot", None)
        data = shown.value(obj)
        if data is HIDDEN:
            continue
        expected = obj.slot             # the instance, computed as the spec says
        if isinstance(expected, enum.Enum):
            expected = expected.name if enum_names else expected.value
        else:
            seen_unknown = True
        assert data["slot"] == expected
    assert seen_unknown


def test_comparison_instances_are_shown_from_their_source_as_computed():
    """Instances the compiler writes as ``self.x == N`` or ``self.x.value == N`` (diep.io's
    ``is_end`` of a field-table entry, ``is_null`` of an entity reference) are shown from
    the value without computing the instance: equal to the instance, both ways."""
    from wirestruct.generated.diep.diep_clientbound_diepcustom_011c2e9 import (
        DiepClientboundDiepcustom011c2e9 as Diep,
    )
    from wirestruct.generated.diep.diep_types import DiepTypes
    from wirestruct.output.serialize import equals_instance
    assert equals_instance(Diep.UpdateField, "is_end") == ("xored_jump", False, 1)
    assert equals_instance(DiepTypes.Entid, "is_null") == ("hash", True, 0)
    assert equals_instance(Diep.UpdateField, "index") is None
    found = [obj for event in events("diep") if isinstance(event, PacketEvent)
             for obj in objects(event.packet)
             if type(obj) in (Diep.UpdateField, DiepTypes.Entid)]
    for raw in (False, True):
        shown = Serializer(raw=raw)
        seen = {True: 0, False: 0}
        for obj in found:
            for name in ("is_end", "is_null"):
                obj.__dict__.pop("_m_" + name, None)
            data = shown.value(obj)
            expected = obj.is_null if type(obj) is DiepTypes.Entid else obj.is_end
            if data is HIDDEN:              # readable output leaves the closing entry out
                assert expected is True and not raw
                seen[True] += 1
                continue
            if raw or type(obj) is DiepTypes.Entid:
                assert data["is_null" if type(obj) is DiepTypes.Entid else "is_end"] \
                    is expected
            seen[expected] += 1
        assert seen[True] > 10 and seen[False] > 100
