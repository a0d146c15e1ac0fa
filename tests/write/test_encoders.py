"""The encoders: decode -> encode -> decode over every packet of every test capture and
sample gives the same events, byte for byte where the wire form is deterministic; the
layers (LZ4, sub-update deltas, compound packing, diep 0x02 and varints, MME map data);
and hostile events (bad types, lying lengths, broken nesting) become errors naming the
event while encoding goes on."""
from __future__ import annotations

import copy
import json
import struct
import zlib

import lz4.block
import pytest
from encode_helpers import (
    CAPTURES,
    ROOT,
    capture_records,
    comparable,
    decode_capture,
    decode_events,
    encode_events,
)
from wirestruct import get_protocol
from wirestruct.core.errors import EncodeError
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.encode.building import build, to_bytes, type_info
from wirestruct.encode.lengths import LengthSet, reporting
from wirestruct.protocols.scrap_mechanic.delta import (
    DELTA,
    RAW,
    expand_delta,
    split_sub_update,
)

ROUND_TRIPS = [(protocol, path) for protocol, paths in CAPTURES.items() for path in paths]
#: Every packet type of the diep sample (encode_helpers.RECORDS keeps the records with them).
DIEP_NAMES = {"accept", "achievement", "compressed", "heartbeat", "init", "input",
              "int_js_challenge", "js_result", "notification", "party_code", "player_count",
              "pow_answer", "pow_challenge", "server_info", "spawn", "stat_upgrade",
              "tank_upgrade", "update"}


def _wire(protocol: str, records) -> object:
    """What must be identical on the wire: each stream direction's bytes for a stream
    protocol (records split anywhere), each record for a message protocol."""
    if get_protocol(protocol).transport == "stream":
        out: dict = {}
        for r in records:
            if isinstance(r, CaptureRecord):
                out[(r.stream, r.direction)] = out.get((r.stream, r.direction), b"") + r.data
        return out
    return [(r.direction, r.data) for r in records if isinstance(r, CaptureRecord)]


@pytest.mark.parametrize("protocol,path", ROUND_TRIPS)
def test_round_trip_every_packet(protocol, path):
    events = decode_capture(protocol, path)
    if protocol == "diep":
        assert {e.get("name") for e in events} == DIEP_NAMES
    records, errors = encode_events(protocol, events)
    assert errors == []
    again = decode_events(protocol, records)
    assert len(again) == len(events)
    assert [comparable(e) for e in again] == [comparable(e) for e in events]
    # python-lz4 wrote these samples, so even the LZ4 blocks come out the same
    assert _wire(protocol, records) == _wire(protocol, capture_records(protocol, path))


def test_round_trip_counts():
    events = decode_capture("scrap-mechanic", CAPTURES["scrap-mechanic"][0])
    nested = [e for e in events if "parent" in e]
    updates = [s for e in events for s in (e.get("expansions") or {}).get("sub_updates", [])]
    encoder = get_protocol("scrap-mechanic").encoder()
    records = [r for r in encoder.encode_events(events) if isinstance(r, CaptureRecord)]
    assert len(records) == len(events) - len(nested) == 586
    framer = encoder.framer
    raw, delta = _sub_update_kinds(CAPTURES["scrap-mechanic"][0])
    assert (framer.counts[RAW], framer.counts[DELTA]) == (raw, delta) == (485, 132)
    assert raw + delta == len(updates)
    assert delta == sum(1 for s in updates if s["encoding"] == "delta")


def _sub_update_kinds(path: str) -> tuple[int, int]:
    """The raw and delta sub-updates of a capture's 21/22 packets (compound ones
    included), walked as 22-network-update's page describes them: after the be u32
    tick, a first bit 0 is a RawUpdate (be u16 size, the size included), 1 a
    DeltaUpdate: a bitfield of (size + 8) >> 3 bytes over the previous update's size
    bytes, then one byte for each clear bit among its low ``size`` bits."""
    def bodies():
        for line in (ROOT / path).read_text().splitlines():
            data = bytes.fromhex(json.loads(line)["data"])
            if data[0] in (21, 22):
                yield lz4.block.decompress(data[1:], uncompressed_size=1 << 24)
            elif data[0] == 29:           # be u32 size, then the uncompressed packet
                body, at = lz4.block.decompress(data[1:], uncompressed_size=1 << 24), 0
                while at < len(body):
                    size = struct.unpack_from(">I", body, at)[0]
                    inner, at = body[at + 4:at + 4 + size], at + 4 + size
                    if inner[0] in (21, 22):
                        yield inner[1:]

    raw = delta = 0
    previous = b""
    for body in bodies():
        at = 4
        while at < len(body):
            if body[at] & 0x80 == 0:
                size = struct.unpack_from(">H", body, at)[0]
                previous, at, raw = body[at + 2:at + size], at + size, raw + 1
            else:
                width = (len(previous) + 8) >> 3
                bits = int.from_bytes(body[at:at + width], "big")
                at += width + sum(1 for i in range(len(previous)) if not bits >> i & 1)
                delta += 1
    return raw, delta


# -- Scrap Mechanic layers -----------------------------------------------------------------
def test_delta_document_example():
    from wirestruct.protocols.scrap_mechanic.encoder import delta_encode
    previous = bytes.fromhex("6400000001000000")
    assert delta_encode(previous, bytes.fromhex("6400000002000000")) == bytes.fromhex("80ef02")
    assert expand_delta(previous, bytes.fromhex("80ef02"), 0) == (bytes.fromhex("6400000002000000"), 3)


def test_delta_bounds_and_choice():
    from wirestruct.protocols.scrap_mechanic.encoder import SubUpdateFramer, delta_encode
    assert delta_encode(b"\x00" * 0x40, b"\x00" * 0x40) is None          # over 0x3f bytes
    assert delta_encode(b"\x00" * 3, b"\x00" * 4) is None                # another size
    framer = SubUpdateFramer()
    key = (0, 1)
    first = framer.frame(key, bytes(range(10)))
    assert first == b"\x00\x0c" + bytes(range(10))                       # nothing before: raw
    same = framer.frame(key, bytes(range(10)))
    assert same == bytes.fromhex("83ff")                                 # all kept: bitfield only
    changed = bytes([9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    assert framer.frame(key, changed)[:2] == b"\x00\x0c"                 # delta longer: raw
    assert framer.frame(key, bytes(range(10)), DELTA) == bytes.fromhex("8000") + bytes(range(10))
    assert framer.frame(key, changed, RAW) == b"\x00\x0c" + changed
    assert framer.frame((0, 0), changed)[:2] == b"\x00\x0c"               # per direction
    # and the decoder's framing reads each back
    body = first + same
    assert split_sub_update(body, 0, None) == (RAW, bytes(range(10)), 12)
    assert split_sub_update(body, 12, bytes(range(10))) == (DELTA, bytes(range(10)), 14)


def test_raw_update_size_limit():
    from wirestruct.protocols.scrap_mechanic.encoder import raw_encode
    assert raw_encode(b"x" * 0x7FFD)[:2] == b"\x7f\xff"
    with pytest.raises(EncodeError, match="at most 32765"):
        raw_encode(b"x" * 0x7FFE)


def _sm_events():
    return decode_capture("scrap-mechanic", CAPTURES["scrap-mechanic"][0])


def test_edit_sub_update_reaches_the_wire():
    events = _sm_events()
    packet = next(e for e in events if e["name"] == "network_update")
    sub = packet["expansions"]["sub_updates"][0]
    sub["update"]["netobj_id"] += 1
    again = decode_events("scrap-mechanic", encode_events("scrap-mechanic", [packet])[0])
    assert again[0]["expansions"]["sub_updates"][0]["netobj_id"] == sub["netobj_id"] + 1
    assert again[0]["expansions"]["tick"] == packet["expansions"]["tick"]
    # the body is an LZ4 block of tick + RawUpdate (no previous update in this encoder)
    body = lz4.block.decompress(bytes.fromhex(again[0]["fields"]["body"]), uncompressed_size=1 << 16)
    assert body[:4] == packet["expansions"]["tick"].to_bytes(4, "big")
    assert body[4] & 0x80 == 0


def test_compound_packs_its_nested_events():
    events = _sm_events()
    i = next(k for k, e in enumerate(events) if e["name"] == "compound_packet")
    compound = events[i]
    children = [e for e in events if e.get("parent") == compound["index"]]
    assert len(children) == 2
    # drop the second sub-packet: the compound must say one sub-packet, and one fewer event
    shorter = copy.deepcopy(compound)
    shorter["expansions"]["body"]["subpackets"] = shorter["expansions"]["body"]["subpackets"][:1]
    records, errors = encode_events("scrap-mechanic", [shorter, children[0]])
    assert errors == []
    again = decode_events("scrap-mechanic", records)
    assert [e["name"] for e in again] == ["compound_packet", children[0]["name"]]
    assert len(again[0]["expansions"]["body"]["subpackets"]) == 1
    assert again[1]["parent"] == again[0]["index"]
    # an event missing for a sub-packet is an error, and the next packet is still written
    records, errors = encode_events("scrap-mechanic", [compound, children[0], events[0]])
    assert len(errors) == 1 and "1 nested events for 2 sub-packets" in str(errors[0])
    assert errors[0].where.packet_index == compound["index"] and errors[0].dropped == 1
    assert len(records) == 1


def test_unreliable_and_movement_fields():
    events = _sm_events()
    movement = copy.deepcopy(next(e for e in events if e["name"] == "player_movement"))
    movement["expansions"]["body"]["yaw"] = 17
    unreliable = copy.deepcopy(next(e for e in events if e["name"] == "unreliable_update"))
    unreliable["expansions"]["body"]["server_tick"] = 0xDEADBEEF
    again = decode_events("scrap-mechanic", encode_events("scrap-mechanic", [movement, unreliable])[0])
    assert again[0]["expansions"]["body"]["yaw"] == 17
    assert again[1]["expansions"]["body"]["server_tick"] == 0xDEADBEEF
    assert again[1]["expansions"]["body"]["updates"] == unreliable["expansions"]["body"]["updates"]


# -- diep ------------------------------------------------------------------------------------
def _diep_events():
    return decode_capture("diep", CAPTURES["diep"][0])


def test_diep_varint_from_value():
    from wirestruct.protocols.diep.encoder import vu_bytes, zigzag
    assert vu_bytes(0) == b"\x00" and vu_bytes(300) == b"\xac\x02"
    assert vu_bytes(0xFFFFFFFF) == b"\xff\xff\xff\xff\x0f"
    assert [zigzag(v) for v in (0, -1, 1, -2, 562, -1051)] == [0, 1, 2, 3, 1124, 2101]
    for bad in (-1, 1 << 32, True, 1.5):
        with pytest.raises(EncodeError):
            vu_bytes(bad)
    wrong = copy.deepcopy(next(e for e in _diep_events() if e["name"] == "js_result"))
    wrong["fields"]["body"]["result"] = {"value": -5}
    errors = encode_events("diep", [wrong])[1]
    assert len(errors) == 1 and errors[0].where.field_path == "body/result"
    events = _diep_events()
    result = copy.deepcopy(next(e for e in events if e["name"] == "js_result"))
    result["fields"]["body"]["result"] = {"value": 300}          # only the value: bytes follow
    again = decode_events("diep", encode_events("diep", [result])[0])
    assert again[0]["fields"]["body"]["result"] == {"b0": 0xAC, "b1": 0x02, "len": 2, "value": 300}


def test_diep_compressed_wraps_its_nested_event():
    events = _diep_events()
    outer = next(e for e in events if e["name"] == "compressed")
    inner = copy.deepcopy(next(e for e in events if e.get("parent") == outer["index"]))
    inner["fields"]["body"]["id"] = {"value": 200}
    records, errors = encode_events("diep", [outer, inner])
    assert errors == []
    again = decode_events("diep", records)
    assert again[1]["fields"]["body"]["id"]["value"] == 200
    decompressed = bytes.fromhex(again[0]["expansions"]["decompressed"])
    assert again[0]["fields"]["body"]["len_decompressed"] == len(decompressed)
    assert again[1]["fields"]["body"]["code"] == inner["fields"]["body"]["code"]
    # a 0x02 event whose inner packet did not decode is written as its fields say
    alone, errors = encode_events("diep", [outer])
    assert errors == [] and decode_events("diep", alone)[0]["fields"] == outer["fields"]


# -- MME -------------------------------------------------------------------------------------
def test_mme_map_data_from_blocks():
    from wirestruct.protocols.mme.encoder import encode_packet, map_data_fields
    blocks = bytes(range(4 * 3 * 2))
    for use_gzip in (False, True):
        fields = map_data_fields((1, 2, 3), (4, 4, 4), blocks, use_gzip=use_gzip)
        record = CaptureRecord(0, 0.0, Direction.S2C, encode_packet(fields))
        event = decode_events("mme", [record])[0]
        assert event["name"] == "map_data"
        assert event["expansions"]["blocks"]["len"] == 24
        data = bytes.fromhex(event["fields"]["payload"]["data"])
        assert zlib.decompress(data, 31 if use_gzip else 15) == blocks
    with pytest.raises(EncodeError, match="24 blocks for a region of 27"):
        map_data_fields((0, 0, 0), (2, 2, 2), blocks)


def _mme_events():
    return decode_capture("mme", CAPTURES["mme"][0])


def test_mme_edit_changes_exactly_that_field():
    events = _mme_events()
    move = next(e for e in events if e["name"] == "move_player")
    before = encode_events("mme", [move])[0][0].data
    edited = copy.deepcopy(move)
    edited["fields"]["payload"]["x"] = 1234.5
    after = encode_events("mme", [edited])[0][0].data
    diff = [i for i in range(len(before)) if before[i] != after[i]]
    assert len(after) == len(before) and diff and min(diff) >= 4 and max(diff) < 8
    assert after[4:8] == bytes.fromhex("00509a44")          # 1234.5 as a little-endian f4


# -- hostile events ---------------------------------------------------------------------------
HOSTILE = [
    ("payload/x", lambda f: f["payload"].__setitem__("x", "fast")),
    ("payload/player_id", lambda f: f["payload"].__setitem__("player_id", 300)),   # no room
    ("payload/x", lambda f: f["payload"].__setitem__("x", 1e39)),             # not a float32
    ("packet_type", lambda f: f.__setitem__("packet_type", "no_such_packet")),
    ("len_payload", lambda f: f.__setitem__("len_payload", 70000)),
    ("payload", lambda f: f.__setitem__("payload", [1, 2])),
]


@pytest.mark.parametrize("where,edit", HOSTILE)
def test_hostile_fields_are_errors_and_encoding_goes_on(where, edit):
    events = _mme_events()
    move = copy.deepcopy(next(e for e in events if e["name"] == "move_player"))
    edit(move["fields"])
    records, errors = encode_events("mme", [events[0], move, events[1]])
    assert len(records) == 2                                # the packets around it are written
    assert len(errors) == 1
    error = errors[0]
    assert isinstance(error, EncodeError)
    assert error.where.packet_index == move["index"] and error.where.packet_name == "move_player"
    assert error.dropped == 1 and error.dropped_unit == "packets"
    assert error.expected


@pytest.mark.parametrize("value", [256, -1, 2 ** 64, 1.5, "x7", "256", None])
def test_integer_fields_are_checked_against_their_type(value):
    events = _mme_events()
    chat = copy.deepcopy(next(e for e in events if e["name"] == "chat_message"))
    chat["fields"]["payload"]["player_id"] = value
    records, errors = encode_events("mme", [chat])
    assert records == [] and len(errors) == 1
    assert errors[0].where.field_path == "payload/player_id"
    assert "out of range 0 .. 255" in str(errors[0]) or "integer is expected" in str(errors[0]) \
        or "is missing" in str(errors[0])


def test_an_integer_written_as_a_string_is_taken_as_big_ints_string_prints_it():
    events = _mme_events()
    chat = copy.deepcopy(next(e for e in events if e["name"] == "chat_message"))
    chat["fields"]["payload"]["player_id"] = "7"
    records, errors = encode_events("mme", [chat])
    assert errors == [] and records[0].data[4] == 7


def test_bad_events_and_nesting():
    events = _sm_events()
    encoder = get_protocol("scrap-mechanic").encoder()
    assert encoder.feed([1, 2]) and isinstance(encoder.feed("x")[0], EncodeError)
    assert encoder.feed({"error": "ParseError", "message": "x"}) == [] and encoder.skipped == 1
    orphan = dict(events[1], parent=999_999)
    items = encoder.feed(orphan) + encoder.close()
    assert len(items) == 1 and "parent event 999999" in str(items[0])
    bad_dir = dict(events[0], dir="sideways")
    items = encoder.feed(bad_dir) + encoder.close()
    assert "direction" in str(items[0]) and items[0].where.field_path == "dir"
    for odd in ({}, [], "script_initialization_data", None, 1.5):   # an id of another type
        items = encoder.feed(dict(events[0], id=odd)) + encoder.close()
        assert len(items) == 1 and isinstance(items[0], EncodeError), odd
        assert items[0].where.field_path == "id"


def test_sub_update_limit_is_checked_before_encoding():
    events = _sm_events()
    packet = copy.deepcopy(next(e for e in events if e["name"] == "network_update"))
    subs = packet["expansions"]["sub_updates"]
    packet["expansions"]["sub_updates"] = subs * 50
    encoder = get_protocol("scrap-mechanic").encoder(limits=Limits(max_items_per_packet=len(subs) * 10))
    items = list(encoder.encode_events([packet]))
    assert len(items) == 1 and isinstance(items[0], EncodeError)
    assert f"{len(subs) * 50} sub-updates" in str(items[0])
    assert encoder.framer.counts == {RAW: 0, DELTA: 0}


def test_compound_nesting_limit():
    events = _sm_events()
    compound = next(e for e in events if e["name"] == "compound_packet")
    children = [e for e in events if e.get("parent") == compound["index"]]
    # a compound inside a compound inside ...: each level one event deeper
    chain = []
    for level in range(6):
        node = copy.deepcopy(compound)
        node["index"] = 1000 + level
        node["expansions"]["body"]["subpackets"] = node["expansions"]["body"]["subpackets"][:1]
        if level:
            node["parent"] = 1000 + level - 1
        chain.append(node)
    leaf = dict(children[0], parent=1005)
    items = list(get_protocol("scrap-mechanic").encoder(limits=Limits(max_nesting=3))
                 .encode_events(chain + [leaf]))
    assert len(items) == 1 and "nested too deep" in str(items[0])


def test_build_names_the_field_path():
    info = type_info("mme", "mme_packet")
    fields = {"packet_type": "move_player", "len_payload": 21,
              "payload": {"x": 1.0, "y": 2.0, "z": 3.0, "u": 0.0, "v": 0.5, "player_id": 7,
                          "ignored": ""}}
    assert to_bytes(build(info, fields), 4 + 21) == bytes.fromhex(
        "18001500" "0000803f" "00000040" "00004040" "00000000" "0000003f" "07")
    for key, value, message in (("u", True, "bad value True for field payload/u"),
                                ("v", None, "field payload/v is missing")):
        bad = copy.deepcopy(fields)
        bad["payload"][key] = value
        with pytest.raises(EncodeError, match=message) as exc:
            build(info, bad)
        assert exc.value.where.field_path == f"payload/{key}"
    # a length that leaves out a field given is set from the fields, and said
    short = copy.deepcopy(fields)
    short["len_payload"] = 20
    notes: list[LengthSet] = []
    with reporting(notes.append):
        assert to_bytes(build(info, short), 25)[2:4] == b"\x15\x00"
    assert [str(n) for n in notes] == ["set len_payload = 21 (from payload; was 20) in mme_packet"]
    del short["payload"]["player_id"]
    assert to_bytes(build(info, short), 24)[2:4] == b"\x14\x00"
    # a field the size leaves out is an error, not silently dropped
    packet = build(info, fields)
    with pytest.raises(EncodeError, match="no room for it") as exc:
        packet.len_payload = 20
        packet._check()
        to_bytes(packet, 24)
    assert exc.value.where.field_path == "payload/player_id"


def test_character_floats_are_written_from_their_values():
    events = _sm_events()
    packet = copy.deepcopy(next(
        e for e in events if e["name"] == "unreliable_update"
        and any(u["netobj_type"] == "character" for u in e["expansions"]["body"]["updates"])))
    updates = packet["expansions"]["body"]["updates"]
    i = next(k for k, u in enumerate(updates) if u["netobj_type"] == "character")
    data = updates[i]["data"]
    data["position"]["x"]["value"] = -2.5                 # the float, not its bits
    data["position"]["y"] = 1024.0                        # or a plain number
    again = decode_events("scrap-mechanic", encode_events("scrap-mechanic", [packet])[0])
    got = again[0]["expansions"]["body"]["updates"][i]["data"]
    assert got["position"]["x"]["value"] == -2.5 and got["position_x_bits"] == 0xC0200000
    assert got["position"]["y"]["value"] == 1024.0
    assert got["position"]["z"] == data["position"]["z"]
    assert [u for k, u in enumerate(again[0]["expansions"]["body"]["updates"]) if k != i] == \
        [u for k, u in enumerate(updates) if k != i]


def test_nested_events_beyond_the_limit_are_counted_not_held():
    events = _sm_events()
    compound = next(e for e in events if e["name"] == "compound_packet")
    child = next(e for e in events if e.get("parent") == compound["index"])
    flood = [dict(child, index=10_000 + i) for i in range(50)]
    encoder = get_protocol("scrap-mechanic").encoder(limits=Limits(max_items_per_packet=10))
    movement = next(e for e in events if e["name"] == "player_movement")
    items = list(encoder.encode_events([compound, *flood, movement]))
    assert len(items) == 2
    assert "40 nested events beyond the limit" in str(items[0]) and items[0].dropped == 1
    assert isinstance(items[1], CaptureRecord)
    assert len(encoder._nodes) == 0


def test_read_events_caps_lines():
    import io

    from wirestruct.core.errors import LimitExceededError
    from wirestruct.encode.lines import read_events
    text = (b'{"a": 1}\n' + b'{"b": "' + b"x" * 5000 + b'"}\n' + b"nope\n"
            + b'{"s": "\xff\xfe"}\n' + b'{"c": ' + b"[" * 80 + b"]" * 80 + b'}\n'
            + b'{"c": 3}')
    items = list(read_events(io.BytesIO(text), limits=Limits(max_json_bytes=200)))
    assert items[0] == {"a": 1} and items[5] == {"c": 3}
    assert "line 2 of 5010 bytes" in str(items[1]) and items[1].dropped == 1
    assert isinstance(items[1], LimitExceededError) and "max_json_bytes" in str(items[1])
    assert "line 3 is not JSON" in str(items[2])
    assert "line 4 is not JSON" in str(items[3]) and "UTF-8" in str(items[3])
    assert "line 5: JSON text nested 81 levels deep" in str(items[4])
    assert all(item.dropped == 1 and item.dropped_unit == "lines" for item in items[1:5])


def test_a_line_that_is_not_an_event_object_counts_as_dropped():
    from wirestruct.plugin.registry import get_protocol
    encoder = get_protocol("mme").encoder()
    for value in ([1], 5, "x", None):
        (error,) = encoder.feed(value)
        assert "must be a JSON object" in str(error)
        assert (error.dropped, error.dropped_unit) == (1, "lines")


# -- helpers the session generators build with -----------------------------------------------
def test_mme_payload_packet_picks_the_size_variant_of_the_fields():
    from wirestruct.protocols.mme.encoder import payload_packet
    move = {"x": 1.0, "y": 2.0, "z": 3.0, "u": 0.0, "v": 0.0, "ignored": b""}
    assert payload_packet("move_player", move)[:4] == bytes.fromhex("18001400")
    assert payload_packet("move_player", {**move, "player_id": 7})[2:4] == b"\x15\x00"
    chat = payload_packet("chat_message", {"player_id": 0, "message": "hi"})
    assert chat == bytes.fromhex("08000300") + b"\x00hi"
    announce = {"player_id": 2, "color": "red", "name": "Al", "ignored": b""}
    assert len(payload_packet("announce_player", announce)) == 4 + 4
    padded = payload_packet("announce_player", announce, len_payload=26)
    assert padded[6:10] == b"Al\0\0" and len(padded) == 30
    with pytest.raises(EncodeError) as err:      # width without sha1: no variant has it
        payload_packet("texture_setup", {"texture_id": 1, "width": 1.0, "ignored": b""})
    assert err.value.where.field_path == "payload"
    assert "holds exactly its fields" in err.value.message


def test_scrap_mechanic_unreliable_fields_compute_sizes_and_counts():
    from wirestruct.protocols.scrap_mechanic.encoder import (
        unreliable_update_body,
        unreliable_update_fields,
    )
    fields = unreliable_update_fields(5, 6, [("controller", {"interactable_id": 9,
                                                             "data": b"\x01\x02"})])
    assert fields["num_updates"] == 1 and fields["updates"][0]["len_update"] == 8
    assert unreliable_update_body(fields) == bytes.fromhex("000000050000000601" "0803" "00000009" "0102")
    with pytest.raises(EncodeError) as err:
        unreliable_update_fields(1, 1, [("joint", {})])
    assert err.value.where.field_path == "updates[0]/netobj_type"


def test_scrap_mechanic_steam_id_and_character_padding_are_derived():
    from wirestruct.protocols.scrap_mechanic.encoder import network_update_data
    steam = 76561197960265728 + 12345
    lift = {"update_type": "create", "netobj_type": "lift", "controller_type": 0,
            "netobj_id": 7, "known_controller_type": 0,
            "data": {"body": {"steam_id": {"value": steam}, "world_id": 1,
                              "position": {"x": 1, "y": 2, "z": 3}, "level": 0}}}
    data = network_update_data(lift)
    assert data[6:14] == steam.to_bytes(8, "big")
    color = {"update_type": "update", "netobj_type": "character", "netobj_id": 7,
             "known_controller_type": 0,
             "data": {"body": {"update_movement_states": False, "update_color": True,
                               "update_selected_item": False, "update_is_player": False,
                               "color": 0xFFFFFFFF}}}
    # 4 flag bits 0100, 32 color bits, 4 padding bits: 5 bytes after the 5-byte header
    assert network_update_data(color)[5:] == bytes.fromhex("4ffffffff0")


def test_diep_varfloats_from_their_values():
    from wirestruct.generated.diep.diep_serverbound import DiepServerbound
    from wirestruct.protocols.diep.encoder import packet_bytes
    fields = {"packet_id": "input", "body": {"flags": {"bits": {"value": 1 << 9}},
                                             "mouse_x": {"value": 1.5},
                                             "mouse_y": {"value": -2048.25},
                                             "axis_x": {"value": 0.0}, "axis_y": {"value": -1.0}}}
    data = packet_bytes(fields, Direction.C2S)
    body = DiepServerbound.from_bytes(data).body
    assert (body.mouse_x.value, body.mouse_y.value) == (1.5, -2048.25)
    assert (body.axis_x.value, body.axis_y.value) == (0.0, -1.0)
    with pytest.raises(EncodeError) as err:
        packet_bytes({**fields, "body": {**fields["body"], "mouse_x": {"value": 1e39}}},
                     Direction.C2S)
    assert err.value.where.field_path == "body/mouse_x"


@pytest.mark.parametrize("value", ["fast", 1e39, True, [1.0]])
def test_a_character_float_that_is_not_a_float32_is_an_error_and_encoding_goes_on(value):
    """A character update's floats become their bits in the encoder's hook: a value that
    is no single-precision float (text, too large, of another type) is that packet's
    error event; the packets around it are written."""
    events = _sm_events()
    packet = copy.deepcopy(next(
        e for e in events if e.get("name") == "unreliable_update"
        and any(u.get("netobj_type") == "character" for u in e["expansions"]["body"]["updates"])))
    update = next(u for u in packet["expansions"]["body"]["updates"]
                  if u.get("netobj_type") == "character")
    update["data"]["position"]["x"]["value"] = value
    records, errors = encode_events("scrap-mechanic", [events[0], packet, events[1]])
    assert len(records) == 2 and len(errors) == 1, errors
    assert isinstance(errors[0], EncodeError) and errors[0].expected
    assert errors[0].where.packet_index == packet["index"]


@pytest.mark.parametrize("readable", [False, True], ids=["raw", "readable"])
@pytest.mark.parametrize("protocol", sorted(CAPTURES))
def test_an_id_or_name_edited_alone_is_an_error_naming_both(protocol, readable):
    """The event's id and name and its fields' packet id name one packet: changing one
    of them (here to another packet of the capture's) fails that packet, naming what
    disagrees, and the packets around it are written; nested events are checked too."""
    import json

    from wirestruct import decode_records
    from wirestruct.output.serialize import event_json
    path = CAPTURES[protocol][0]
    events = [json.loads(json.dumps(event_json(e, raw=not readable))) for e in decode_records(
        capture_records(protocol, path), get_protocol(protocol).decoder())]
    key = get_protocol(protocol).encoder().id_field
    top = [e for e in events if "fields" in e and e.get("parent") is None
           and not any(c.get("parent") == e["index"] for c in events)]
    first, packet = top[0], next(e for e in top if e["id"] != top[0]["id"])
    edits = {"name": dict(packet, name=first["name"]), "id": dict(packet, id=first["id"]),
             f"fields.{key}": dict(packet, fields={**packet["fields"],
                                                   key: first["fields"][key]})}
    for where, edited in edits.items():
        records, errors = encode_events(protocol, [first, edited, first])
        assert len(records) == 2 and len(errors) == 1, (where, errors)
        error = errors[0]
        assert isinstance(error, EncodeError) and error.where.packet_index == packet["index"]
        assert error.where.field_path in (where, "name", f"fields.{key}")
        assert "disagree" in str(error)
    parent = next((e for e in events if any(c.get("parent") == e["index"] for c in events)),
                  None)
    if parent is not None:                    # a compound or compressed packet's inner one
        children = [e for e in events if e.get("parent") == parent["index"]]
        wrong = dict(children[0], name=packet["name"] if packet["name"] != children[0]["name"]
                     else first["name"])
        records, errors = encode_events(protocol, [parent, wrong, *children[1:], first])
        assert len(records) == 1 and len(errors) == 1 and "disagree" in str(errors[0])


@pytest.mark.parametrize("protocol", sorted(CAPTURES))
def test_a_huge_id_index_or_name_is_an_error_of_bounded_size(protocol):
    """Events given as Python objects can hold what JSON text cannot (an integer of
    thousands of digits) or megabytes of text: each is that packet's error event, whose
    message shows the start of the text or the size of the number, and the next packet
    is written."""
    events = decode_capture(protocol, CAPTURES[protocol][0])
    packet = next(e for e in events if "fields" in e and e.get("parent") is None
                  and not any(c.get("parent") == e["index"] for c in events))
    for edit in ({"id": 10 ** 5000}, {"index": 10 ** 5000, "name": "x"},
                 {"name": "x" * 1_000_000}, {"record": -(10 ** 5000), "id": 10 ** 30}):
        records, errors = encode_events(protocol, [dict(packet, **edit), packet])
        assert len(records) == 1 and len(errors) == 1, (edit, errors)
        assert isinstance(errors[0], EncodeError) and len(str(errors[0])) < 1000, edit
