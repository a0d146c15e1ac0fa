"""The mme decoder: stream framing (whole, one byte at a time, trailing bytes, truncation,
several connections), size checks, and the inflation of map data with its caps."""
import gzip
import struct
import zlib

import pytest
from wirestruct import get_protocol
from wirestruct.core.errors import (
    DecodeError,
    DecompressionError,
    LimitExceededError,
    ParseError,
    TruncatedStreamError,
)
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.protocols.mme.packets import PACKETS

S2C, C2S = Direction.S2C, Direction.C2S


def frame(packet_type: int, payload: bytes = b"") -> bytes:
    return struct.pack("<HH", packet_type, len(payload)) + payload


def feed(chunks, direction=S2C, stream=0, decoder=None, close=True):
    decoder = decoder or get_protocol("mme").decoder()
    events = []
    for i, chunk in enumerate(chunks):
        events += decoder.feed(CaptureRecord(i, float(i), direction, chunk, stream))
    if close:
        events += decoder.close()
    return events


def packets(events):
    return [e for e in events if isinstance(e, PacketEvent)]


def errors(events):
    return [e for e in events if isinstance(e, ErrorEvent)]


MOVE = frame(24, struct.pack("<5fB", 1.0, 2.0, 3.0, 0.5, 0.25, 4))
CHAT = frame(8, b"\x00\x1b\x02hi \x1b\x09there")
IDLE = frame(4)
STREAM = MOVE + CHAT + IDLE + MOVE


def test_whole_stream_in_one_record():
    events = feed([STREAM])
    assert [e.name for e in events] == ["move_player", "chat_message", "idle_ping", "move_player"]
    assert [e.raw for e in events] == [MOVE, CHAT, IDLE, MOVE]
    assert events[0].packet.payload.player_id == 4
    assert events[1].expansions["segments"] == [{"color": "red", "text": "hi "},
                                                {"color": "white", "text": "there"}]


def test_one_byte_at_a_time():
    events = feed([bytes([b]) for b in STREAM])
    assert [e.raw for e in events] == [MOVE, CHAT, IDLE, MOVE]
    assert [e.record for e in events] == [len(MOVE) - 1, len(MOVE + CHAT) - 1,
                                          len(MOVE + CHAT + IDLE) - 1, len(STREAM) - 1]


def test_trailing_bytes_stay_buffered_then_complete():
    decoder = get_protocol("mme").decoder()
    events = feed([STREAM + MOVE[:7]], decoder=decoder, close=False)
    assert len(packets(events)) == 4 and not errors(events)
    events = feed([MOVE[7:]], decoder=decoder)
    assert [e.raw for e in events] == [MOVE]


def test_truncated_stream_is_reported_at_close_and_nothing_before_is_lost():
    events = feed([STREAM + MOVE[:10]])
    assert [e.raw for e in packets(events)] == [MOVE, CHAT, IDLE, MOVE]
    (error,) = errors(events)
    assert isinstance(error.error, TruncatedStreamError)
    assert error.error.where.offset == len(STREAM)
    assert "25 bytes" in error.error.expected


def test_header_split_inside_the_size_field():
    events = feed([MOVE[:3], MOVE[3:]])
    assert [e.raw for e in events] == [MOVE]


def test_directions_and_connections_are_framed_apart():
    decoder = get_protocol("mme").decoder()
    events = []
    events += decoder.feed(CaptureRecord(0, 0.0, S2C, MOVE[:5], 0))
    events += decoder.feed(CaptureRecord(1, 0.0, C2S, CHAT[:5], 0))
    events += decoder.feed(CaptureRecord(2, 0.0, S2C, IDLE[:2], 1))
    events += decoder.feed(CaptureRecord(3, 0.0, C2S, CHAT[5:], 0))
    events += decoder.feed(CaptureRecord(4, 0.0, S2C, MOVE[5:], 0))
    events += decoder.feed(CaptureRecord(5, 0.0, S2C, IDLE[2:], 1))
    assert [(e.name, e.direction, e.stream) for e in events] == [
        ("chat_message", C2S, 0), ("move_player", S2C, 0), ("idle_ping", S2C, 1)]


def test_error_offset_is_the_packet_offset_in_its_stream():
    bad = frame(24, b"\x00" * 12)
    events = feed([MOVE + bad + IDLE])
    (error,) = errors(events)
    assert error.error.where.offset == len(MOVE)
    assert [e.name for e in packets(events)] == ["move_player", "idle_ping"]


@pytest.mark.parametrize("packet_type", sorted(t for t, i in PACKETS.items() if i.minimum))
def test_payload_shorter_than_smallest_size_names_packet_and_sizes(packet_type):
    info = PACKETS[packet_type]
    events = feed([frame(packet_type, b"\x01" * (info.minimum - 1)) + IDLE])
    (error,) = errors(events)
    assert isinstance(error.error, DecodeError)
    assert error.error.where.packet_name == info.name.lower()
    assert error.error.where.packet_id == packet_type
    assert f"{info.minimum - 1} bytes" in error.error.message
    assert error.error.expected == f"{info.sizes} bytes"
    assert [e.name for e in packets(events)] == ["idle_ping"]


def test_invalid_field_is_a_parse_error_with_field_path():
    events = feed([frame(9, b"\x00\x01") + IDLE])        # player id 0 is invalid
    (error,) = errors(events)
    assert isinstance(error.error, ParseError)
    assert error.error.where.field_path.endswith("player_id")
    assert error.error.where.packet_name == "announce_player"
    assert [e.name for e in packets(events)] == ["idle_ping"]


def test_unknown_packet_type_keeps_payload_bytes():
    (event,) = feed([frame(77, b"abc")])
    assert event.name == "unknown_77" and event.packet.payload == b"abc"


def test_packet_type_sets_are_expanded():
    (event,) = feed([frame(0, bytes([0b11, 0, 0, 0b1]))])
    assert event.expansions["packet_types"] == frozenset({0, 1, 24})


def test_group_block_list_expanded():
    (event,) = feed([frame(28, b"\x01\x03\x04\x00Rock")])
    assert event.expansions["block_ids"] == [3, 4]


# -- map data --------------------------------------------------------------------------
def region(lower, upper):
    return struct.pack("<6h", *lower, *upper)


def test_map_data_inflated_to_region_volume():
    blocks = bytes(range(1, 25))                          # 2 x 3 x 4
    (event,) = feed([frame(17, region((0, 0, 0), (1, 2, 3)) + zlib.compress(blocks))])
    expanded = event.expansions["blocks"]
    assert expanded.region == (0, 0, 0, 1, 2, 3) and expanded.data == blocks
    assert expanded.shape == (4, 3, 2)
    assert expanded.to_json()["non_zero"] == 24


def test_map_data_accepts_gzip_and_streams_end_to_end():
    blocks = bytes(range(1, 65))
    data = zlib.compress(blocks[:20]) + gzip.compress(blocks[20:50]) + zlib.compress(blocks[50:])
    (event,) = feed([frame(17, region((0, 0, 0), (3, 3, 3)) + data)])
    assert event.expansions["blocks"].data == blocks


def test_map_data_beyond_region_volume_is_refused():
    bomb = zlib.compress(b"\x01" * 10_000_000)
    events = feed([frame(17, region((0, 0, 0), (31, 31, 31)) + bomb) + IDLE])
    (error,) = errors(events)
    assert isinstance(error.error, LimitExceededError)
    assert "32768 bytes" in error.error.expected
    assert error.error.where.packet_name == "map_data"
    assert [e.name for e in packets(events)] == ["idle_ping"]


@pytest.mark.parametrize("data, kind", [
    (zlib.compress(b"\x01" * 7), DecompressionError),      # too little output
    (zlib.compress(b"\x01" * 8)[:-3], DecompressionError),  # truncated stream
    (b"not zlib at all", DecompressionError),
    (zlib.compress(b"\x01" * 8) + b"junk", DecompressionError),
])
def test_map_data_corrupt(data, kind):
    events = feed([frame(17, region((0, 0, 0), (1, 1, 1)) + data)])
    (error,) = errors(events)
    assert isinstance(error.error, kind)


def test_map_data_region_out_of_order_is_an_error():
    events = feed([frame(17, region((2, 0, 0), (1, 0, 0)) + zlib.compress(b""))])
    (error,) = errors(events)
    assert "lower corner" in error.error.message


def test_region_larger_than_the_map_volume_limit_is_refused_before_inflating():
    decoder = get_protocol("mme").decoder(limits=Limits(max_map_volume=1000))
    events = feed([frame(22, region((0, 0, 0), (31, 31, 31)))], decoder=decoder)
    (error,) = errors(events)
    assert isinstance(error.error, LimitExceededError)


def test_append_buffer_several_streams_and_gzip():
    blocks = bytes((i % 250) + 1 for i in range(32 * 32 * 32))
    data = zlib.compress(blocks[:10000]) + gzip.compress(blocks[10000:])
    pieces = [data[i:i + 1000] for i in range(0, len(data), 1000)]
    stream = frame(20) + b"".join(frame(21, p) + frame(12, b"\x10") for p in pieces)
    stream += frame(22, region((0, 0, 0), (31, 31, 31)))
    events = feed([stream])
    assert not errors(events)
    last = events[-1]
    assert last.name == "buffer_is_map_data"
    assert last.expansions["blocks"].data == blocks
    assert last.expansions["len_buffer"] == len(data)
    appends = [e for e in events if e.name == "buffer_append"]
    assert appends[-1].expansions["len_buffer"] == len(data)


def test_buffer_reset_empties_the_buffer():
    blocks = b"\x05" * 8
    stream = (frame(21, b"garbage") + frame(20) + frame(21, zlib.compress(blocks))
              + frame(22, region((0, 0, 0), (1, 1, 1))))
    events = feed([stream])
    assert events[-1].expansions["blocks"].data == blocks


def test_append_buffer_is_bounded():
    from wirestruct.core.limits import Limits
    decoder = get_protocol("mme").decoder(limits=Limits(max_append_buffer=100))
    stream = frame(20) + frame(21, b"x" * 60) + frame(21, b"x" * 60) + frame(21, b"x")
    stream += frame(22, region((0, 0, 0), (0, 0, 0))) + frame(20) + IDLE
    events = feed([stream], decoder=decoder)
    assert [type(e).__name__ if isinstance(e, ErrorEvent) else e.name for e in events] == [
        "buffer_reset", "buffer_append", "ErrorEvent", "ErrorEvent", "ErrorEvent",
        "buffer_reset", "idle_ping"]


def test_buffer_is_file_data():
    image = b"\x89PNG fake image bytes"
    events = feed([frame(20) + frame(21, image) + frame(23)])
    import hashlib
    assert events[-1].expansions["file"].sha1 == hashlib.sha1(image).hexdigest()


def test_total_map_stream_inflates_as_it_arrives():
    dims = (32, 32, 32)
    blocks = bytes((i * 7) % 255 + 1 for i in range(32 ** 3))
    data = zlib.compress(blocks[:5000]) + zlib.compress(blocks[5000:])
    pieces = [data[i:i + 777] for i in range(0, len(data), 777)]
    stream = frame(14, struct.pack("<4H", *dims, 16)) + frame(18)
    stream += b"".join(frame(19, p) for p in pieces)
    events = feed([stream])
    assert not errors(events)
    chunks = [e.expansions["blocks"] for e in events if e.name == "map_total_data"]
    offset = 0
    for chunk in chunks:
        assert chunk.offset == offset
        offset += len(chunk.data)
    assert b"".join(c.data for c in chunks) == blocks


def test_total_map_stream_capped_by_map_volume_and_broken_until_reset():
    stream = frame(14, struct.pack("<4H", 32, 32, 32, 0)) + frame(18)
    stream += frame(19, zlib.compress(b"\x01" * (32 ** 3 + 1)))
    stream += frame(19, zlib.compress(b"\x01"))
    stream += frame(18) + frame(19, zlib.compress(b"\x02" * 10))
    events = feed([stream])
    kinds = [type(e.error).__name__ if isinstance(e, ErrorEvent) else e.name for e in events]
    assert kinds == ["map_setup", "map_total_reset", "LimitExceededError", "DecompressionError",
                     "map_total_reset", "map_total_data"]
    assert events[-1].expansions["blocks"].offset == 0


# -- Web IDE export --------------------------------------------------------------------
def test_export_items_parse_without_parameters():
    from wirestruct.core.parse import parse
    from wirestruct.generated.mme.mme_map_region import MmeMapRegion
    from wirestruct.generated.mme.mme_packet import MmePacket
    blocks = bytes(range(1, 25))                          # x 0..1, y 0..2, z 5..8
    (event,) = feed([frame(17, region((0, 0, 5), (1, 2, 8)) + zlib.compress(blocks))])
    items = get_protocol("mme").export_items(event)
    assert [(i.label, i.spec) for i in items] == [("packet", "mme_packet"),
                                                  ("region", "mme_map_region")]
    packet = parse(MmePacket, items[0].data)
    assert packet._io.is_eof() and packet.payload.region.lower_z == 5
    exported = parse(MmeMapRegion, items[1].data)
    assert exported._io.is_eof()
    assert (exported.region.lower_z, exported.region.upper_z) == (5, 8)
    assert len(exported.layers) == 4 and len(exported.layers[0].rows) == 3
    # layers[z].rows[y].blocks[x] is byte ((z * 3) + y) * 2 + x of the inflated data
    assert exported.layers[2].rows[1].blocks == blocks[(2 * 3 + 1) * 2:(2 * 3 + 1) * 2 + 2]
    assert b"".join(r.blocks for layer in exported.layers for r in layer.rows) == blocks
    (idle,) = feed([IDLE])
    assert [i.spec for i in get_protocol("mme").export_items(idle)] == ["mme_packet"]


def test_the_size_table_names_the_specs_packet_types():
    from wirestruct.protocols.mme.packets import PACKETS, PacketType
    assert {t: info.name.lower() for t, info in PACKETS.items()} == \
        {member.value: member.name for member in PacketType}
