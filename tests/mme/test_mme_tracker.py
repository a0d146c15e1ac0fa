"""The receiving client's view: map, players, negotiation, assets, menu, chat; state
errors leave the state intact. Plus the SHA-1 helpers and color escapes."""
import hashlib
import io
import struct
import zlib

import numpy as np
from wirestruct import get_protocol
from wirestruct.core.errors import StateError
from wirestruct.core.events import ErrorEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.protocols.mme import auth
from wirestruct.protocols.mme.text import color_segments, plain_text

S2C, C2S = "s2c", "c2s"


def frame(packet_type: int, payload: bytes = b"") -> bytes:
    return struct.pack("<HH", packet_type, len(payload)) + payload


def region(lower, upper):
    return struct.pack("<6h", *lower, *upper)


def run(*turns, tracker=None):
    """turns: (direction, bytes) pairs; returns (tracker, events)."""
    protocol = get_protocol("mme")
    tracker = tracker or protocol.tracker()
    records = [CaptureRecord(i, float(i), Direction.parse(d), data) for i, (d, data)
               in enumerate(turns)]
    events = list(track(decode_records(records, protocol.decoder()), tracker))
    return tracker, events


def errors(events):
    return [e for e in events if isinstance(e, ErrorEvent)]


SETUP = frame(14, struct.pack("<4H", 64, 32, 32, 10))


# -- the map ---------------------------------------------------------------------------
def test_map_setup_and_empty_map():
    tracker, events = run((S2C, SETUP))
    snap = tracker.snapshot()["map"]
    assert snap["dims"] == [64, 32, 32] and snap["sea_level"] == 10
    assert snap["sha256"] == hashlib.sha256(bytes(64 * 32 * 32)).hexdigest()
    assert tracker.map_bytes() == bytes(64 * 32 * 32)


def test_map_setup_empty_frees_the_map():
    tracker, _ = run((S2C, SETUP + frame(14)))
    assert tracker.snapshot()["map"] == {"dims": None, "sea_level": None, "sha256": None}
    assert tracker.map_bytes() == b""


def test_block_order_is_x_fastest_then_y_then_z():
    # modify (x=1, y=2, z=3) on a 64 x 32 x 32 map: index (3 * 32 + 2) * 64 + 1
    tracker, _ = run((S2C, SETUP + frame(25, struct.pack("<3hB", 1, 2, 3, 9))))
    raw = tracker.map_bytes()
    assert raw[(3 * 32 + 2) * 64 + 1] == 9 and raw.count(0) == len(raw) - 1
    out = io.BytesIO()
    assert tracker.write_map(out) == len(raw) and out.getvalue() == raw


def test_fill_modify_and_zero_leaves_blocks_alone():
    stream = (SETUP + frame(16, region((0, 0, 0), (63, 31, 31)) + b"\x01")
              + frame(16, region((2, 2, 2), (3, 4, 5)) + b"\x07\x05")
              + frame(16, region((0, 0, 0), (63, 31, 31)) + b"\x00")
              + frame(25, struct.pack("<3hBB", 0, 0, 0, 0, 3))
              + frame(25, struct.pack("<3hBB", 63, 31, 31, 8, 3)))
    tracker, events = run((S2C, stream))
    assert not errors(events)
    blocks = np.frombuffer(tracker.map_bytes(), np.uint8).reshape(32, 32, 64)
    assert blocks[0, 0, 0] == 1 and blocks[31, 31, 63] == 8
    assert (blocks[2:6, 2:5, 2:4] == 7).all()
    assert (blocks == 7).sum() == 2 * 3 * 4
    assert (blocks == 1).sum() == 64 * 32 * 32 - 24 - 1


def test_map_data_zero_bytes_do_not_change_blocks():
    data = bytes([5, 0, 6, 0, 0, 7, 0, 8])             # 2 x 2 x 2 at (10, 11, 12)
    stream = (SETUP + frame(16, region((0, 0, 0), (63, 31, 31)) + b"\x01")
              + frame(17, region((10, 11, 12), (11, 12, 13)) + zlib.compress(data)))
    tracker, events = run((S2C, stream))
    assert not errors(events)
    blocks = np.frombuffer(tracker.map_bytes(), np.uint8).reshape(32, 32, 64)
    # x fastest: data[0] = (10,11,12), data[1] = (11,11,12), data[2] = (10,12,12) ...
    assert blocks[12, 11, 10] == 5 and blocks[12, 11, 11] == 1
    assert blocks[12, 12, 10] == 6 and blocks[12, 12, 11] == 1
    assert blocks[13, 11, 10] == 1 and blocks[13, 11, 11] == 7
    assert blocks[13, 12, 10] == 1 and blocks[13, 12, 11] == 8


def test_region_outside_the_map_is_a_state_error_and_changes_nothing():
    before, _ = run((S2C, SETUP + frame(25, struct.pack("<3hB", 1, 1, 1, 4))))
    stream = (SETUP + frame(25, struct.pack("<3hB", 1, 1, 1, 4))
              + frame(16, region((0, 0, 0), (64, 0, 0)) + b"\x02")
              + frame(17, region((60, 0, 0), (67, 0, 0)) + zlib.compress(b"\x03" * 8))
              + frame(25, struct.pack("<3hB", -1, 0, 0, 4))
              + frame(4))
    tracker, events = run((S2C, stream))
    errs = errors(events)
    assert len(errs) == 3 and all(isinstance(e.error, StateError) for e in errs)
    assert [e.error.where.packet_name for e in errs] == ["map_fill", "map_data", "map_modify"]
    assert "outside the map" in errs[0].error.message
    assert tracker.snapshot()["map"] == before.snapshot()["map"]


def test_map_packets_before_map_setup_are_state_errors():
    tracker, events = run((S2C, frame(25, struct.pack("<3hB", 1, 1, 1, 4))))
    (error,) = errors(events)
    assert "no map" in error.error.message and error.error.expected == "MAP_SETUP first"


def test_total_map_stream_and_buffer_load():
    rng = np.random.default_rng(3)
    first = rng.integers(1, 256, size=(32, 32, 64), dtype=np.uint8)
    second = rng.integers(0, 3, size=(32, 32, 64), dtype=np.uint8)
    z1 = zlib.compress(first.tobytes())
    z2 = zlib.compress(second.tobytes()[:30000]) + zlib.compress(second.tobytes()[30000:])
    stream = SETUP + frame(18) + b"".join(frame(19, z1[i:i + 999]) for i in range(0, len(z1), 999))
    stream += frame(20) + b"".join(frame(21, z2[i:i + 5000]) for i in range(0, len(z2), 5000))
    stream += frame(22, region((0, 0, 0), (63, 31, 31)))
    tracker, events = run((S2C, stream))
    assert not errors(events)
    expected = np.where(second != 0, second, first)
    assert tracker.map_bytes() == expected.tobytes()
    assert tracker.snapshot()["map"]["sha256"] == hashlib.sha256(expected.tobytes()).hexdigest()


# -- players and chat ------------------------------------------------------------------
def announce(pid, color, name):
    return frame(9, bytes([pid, color]) + name.encode().ljust(24, b"\0"))


def move(pid, *pos):
    body = struct.pack("<5f", *pos)
    return frame(24, body if pid is None else body + bytes([pid]))


def test_players_announce_denounce_reannounce_and_moves():
    stream = (announce(2, 2, "Alice") + announce(3, 5, "Bob") + move(2, 1, 2, 3, 0.5, 0.25)
              + frame(10, b"\x02") + frame(9, b"\x02")            # re-announce, 1 byte
              + frame(9, b"\x03\x07")                              # new color, keeps name
              + move(None, 9, 8, 7, 0, 0) + move(0, 6, 5, 4, 0, 0))
    tracker, events = run((S2C, stream))
    assert not errors(events)
    snap = tracker.snapshot()
    assert snap["players"] == [
        {"id": 2, "name": "Alice", "color": "red", "present": True,
         "position": {"x": 1.0, "y": 2.0, "z": 3.0, "u": 0.5, "v": 0.25}},
        {"id": 3, "name": "Bob", "color": "purple", "present": True, "position": None},
    ]
    assert snap["self"]["position"] == {"x": 6.0, "y": 5.0, "z": 4.0, "u": 0.0, "v": 0.0}


def test_denounce_keeps_name_and_color():
    tracker, _ = run((S2C, announce(4, 3, "Carol") + frame(10, b"\x04")))
    (player,) = tracker.snapshot()["players"]
    assert player["present"] is False and player["name"] == "Carol" and player["color"] == "orange"


def test_denounce_of_unknown_player_is_a_state_error():
    tracker, events = run((S2C, announce(4, 3, "Carol") + frame(10, b"\x09")))
    (error,) = errors(events)
    assert "never announced" in error.error.message
    assert [p["id"] for p in tracker.snapshot()["players"]] == [4]


def test_chat_colors_resolved():
    stream = announce(2, 2, "Alice") + frame(8, b"\x02\x1b\x02red \x1b\x0dsilver") + frame(8, b"\x00Server says")
    tracker, _ = run((S2C, stream))
    assert tracker.snapshot()["chat"] == [
        {"player_id": 2, "player": "Alice", "text": "red silver",
         "segments": [{"color": "red", "text": "red "}, {"color": "silver", "text": "silver"}]},
        {"player_id": 0, "player": "server", "text": "Server says",
         "segments": [{"color": None, "text": "Server says"}]},
    ]


def test_color_segments():
    assert color_segments("") == []
    assert color_segments("a\x1b\x10b\x1b") == [{"color": None, "text": "a"},
                                             {"color": "emerald", "text": "b"}]
    assert color_segments("\x1b\x63x") == [{"color": 99, "text": "x"}]
    assert plain_text("\x1b\x01brown \x1b\x0bbow") == "brown bow"


# -- negotiation -----------------------------------------------------------------------
def bits(*types):
    out = bytearray(max(types) // 8 + 1)
    for t in types:
        out[t // 8] |= 1 << (t % 8)
    return bytes(out)


def test_negotiation_and_unselected_packets_flagged():
    tracker, events = run(
        (C2S, frame(0, bits(0, 1, 8, 24))),
        (S2C, frame(0, bits(0, 1, 8, 9, 13, 24))),
        (C2S, frame(1, bits(0, 1, 8, 9))),
        (S2C, frame(1, bits(1, 8))),
        (S2C, frame(13, b"private") + announce(2, 1, "Al")),
        (C2S, move(None, 1, 1, 1, 0, 0)),
    )
    snap = tracker.snapshot()["negotiation"]
    assert snap["client"]["offers"] == ["available_packet_types", "select_packet_types",
                                        "chat_message", "move_player"]
    assert snap["server"]["offers"] == ["available_packet_types", "select_packet_types",
                                        "chat_message", "announce_player", "random_garbage",
                                        "move_player"]
    assert snap["client"]["selects"] == ["available_packet_types", "select_packet_types",
                                         "chat_message", "announce_player"]
    assert snap["server"]["selects"] == ["select_packet_types", "chat_message"]
    assert snap["client"]["unselected_received"] == {"random_garbage": 1}
    assert snap["server"]["unselected_received"] == {"move_player": 1}
    flagged = [e.error.where.packet_name for e in errors(events)]
    assert flagged == ["random_garbage", "move_player"]
    # flagged packets are still applied
    assert tracker.snapshot()["self"]["position"]["x"] == 1.0


# -- assets ----------------------------------------------------------------------------
def test_textures_blocks_groups_sky_box():
    sha1, sha2 = bytes(range(20)), bytes(range(1, 21))
    stream = (frame(27, struct.pack("<h", 1) + sha1 + struct.pack("<3fI", 1.0, 2.0, 0.5, 0b01))
              + frame(27, struct.pack("<h", 1) + sha2)            # 22: image only
              + frame(27, struct.pack("<h", 2) + sha1)
              + frame(27, struct.pack("<h", 2))                   # 2: delete
              + frame(29, b"\x05" + struct.pack("<6HI", 1, 2, 3, 4, 5, 6, 0b1_11_0_1_1) + b"Lamp")
              + frame(28, b"\x01\x05\x06\x00Lights") + frame(28, b"\x02\x05\x00X") + frame(28, b"\x02")
              + frame(42, struct.pack("<2H", 7, 8) + b"\x01"))
    tracker, events = run((S2C, stream))
    assert not errors(events)
    snap = tracker.snapshot()
    assert snap["textures"] == [{"id": 1, "sha1": sha2.hex(), "width": 1.0, "height": 2.0,
                                 "alpha": 0.5, "min_filter": "mipmap", "mag_filter": "linear",
                                 "have_file": False}]
    assert snap["blocks"] == [{"id": 5, "textures": {"top": 1, "bottom": 2, "front": 3, "back": 4,
                                                     "left": 5, "right": 6},
                               "flags": ["visible", "impassable", "draw_between"],
                               "light": "sunlight", "description": "Lamp"}]
    assert snap["groups"] == [{"id": 1, "name": "Lights", "blocks": [5, 6]}]
    assert snap["server"]["sky_box"] == {"textures": {"above": 7, "below": 8}, "on_map_edges": True}


def test_file_data_marks_texture_file_present():
    image = b"image bytes"
    sha = hashlib.sha1(image).digest()
    stream = frame(27, struct.pack("<h", 3) + sha) + frame(20) + frame(21, image) + frame(23)
    tracker, _ = run((S2C, stream))
    snap = tracker.snapshot()
    assert snap["textures"][0]["have_file"] is True
    assert snap["server"]["files"] == [sha.hex()]


# -- menu ------------------------------------------------------------------------------
def test_menu_widgets_by_index_and_responses():
    stream = (frame(32, b"\x03\x28\x0c\x01")
              + frame(33, b"\x01\x02\x01\x1b\x0eTitle")
              + frame(35, b"\x02\x04\x04\x0b\x01\x01Check")
              + frame(38, b"\x02\x04\x05\x0f\x01\x00\x00OK")          # replaces index 2
              + frame(33, b"\x00\x00\x09auto")                        # index 0: free slot 3
              + frame(33, b"\x05\x00\x09bye") + frame(39, b"\x05"))
    tracker, events = run((S2C, stream), (C2S, frame(31, b"\x03\x0f\x01\x00") + frame(31, b"\x03")
                                          + frame(30, b"\x52\x19")))
    assert not errors(events)
    menu = tracker.snapshot()["menu"]
    assert menu["open"] and (menu["number"], menu["width"], menu["height"]) == (3, 40, 12)
    assert menu["flags"] == ["close_button"]
    assert [(w["index"], w["kind"]) for w in menu["widgets"]] == [(1, "text"), (2, "button"),
                                                                  (3, "text")]
    assert menu["widgets"][0]["segments"] == [{"color": "gold", "text": "Title"}]
    assert menu["widgets"][1] == {"index": 2, "kind": "button", "column": 4, "line": 5,
                                  "name": 15, "value": 1, "width": 0, "flags": [], "text": "OK",
                                  "segments": [{"color": None, "text": "OK"}]}
    assert menu["responses"] == [{"menu_number": 3, "name": 15, "value": 1, "flags": [],
                                  "text": ""}, {"menu_number": 3, "closed": True}]
    assert menu["window"] == {"columns": 82, "lines": 25}
    tracker, events = run((S2C, stream + frame(32)), tracker=None)
    assert tracker.snapshot()["menu"]["open"] is False


def test_menu_erase_of_empty_slot_is_a_state_error():
    tracker, events = run((S2C, frame(32, b"\x03\x28\x0c") + frame(39, b"\x07")))
    (error,) = errors(events)
    assert "no menu widget" in error.error.message


# -- SHA-1 helpers ---------------------------------------------------------------------
def test_authenticate_token_round_trip():
    salt = b"S" * 20
    name = b"Alice".ljust(24, b"\0")
    token = hashlib.sha1(salt + name + struct.pack("<II", 4242, 1700000000)).digest()
    assert auth.authenticate_token(salt, "Alice", 4242, 1700000000) == token
    payload = name + struct.pack("<II", 4242, 1700000000) + token
    assert auth.verify_authenticate(payload, salt)
    assert not auth.verify_authenticate(payload, b"T" * 20)
    tampered = b"Alicf".ljust(24, b"\0") + payload[24:]
    assert not auth.verify_authenticate(tampered, salt)
    assert not auth.verify_authenticate(name, salt)


def test_salted_password_chain():
    s1, s2, c = b"\x01" * 20, b"\x02" * 20, b"\x03" * 20
    pw = b"hunter2"
    d1 = hashlib.sha1(s1 + pw).digest()
    d2 = hashlib.sha1(s2 + d1).digest()
    d3 = hashlib.sha1(c + d2).digest()
    response = auth.password_response("hunter2", [s1, s2], c)
    assert response == c + d3
    assert auth.verify_password_response(response, [s1, s2], password="hunter2")
    assert auth.verify_password_response(response, [s2], stored_digest=d1)
    assert not auth.verify_password_response(response, [s2], stored_digest=d2)
    assert not auth.verify_password_response(response, [s1, s2], password="hunter3")
    # new password (7-byte variant): the client's salt only
    new = auth.password_response(pw, [], c)
    assert new == c + hashlib.sha1(c + pw).digest()
    assert auth.verify_password_response(new, [], password=pw)
