"""Hostile MME input: each attack follows a legitimate map load (``mme_attacks.LEGIT``) and
is followed by a legitimate packet. Each test asserts the error events (kind, message,
where, ``dropped``), that decoding went on, and that the state the attack did not touch
is intact. Peak memory of each attack is checked in a subprocess against the legitimate
load alone (a limit, not a timing)."""
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import mme_attacks as A
import pytest
from wirestruct import get_protocol
from wirestruct.core.errors import (
    DecodeError,
    DecompressionError,
    LimitExceededError,
    StateError,
    TruncatedStreamError,
)
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track

HERE = Path(__file__).resolve().parent


def not_inflated(data: bytes, cap: int) -> int:
    """The bytes of ``data`` an inflater leaves when its output passes ``cap``, worked out
    the way the decoder says it feeds one (windows of input from 64 bytes, doubling to
    256 KiB, each inflated to at most one byte past the cap): what ``dropped`` must be."""
    inflater = zlib.decompressobj(32 + zlib.MAX_WBITS)
    pos, window, got = 0, 64, 0
    while pos < len(data):
        got += len(inflater.decompress(data[pos:pos + window], cap - got + 1))
        if got > cap:
            return len(data) - pos
        pos, window = pos + window, min(2 * window, 256 * 1024)
    raise AssertionError(f"{len(data)} bytes inflate to {got}, not past {cap}")


def run(attack: bytes, limits: Limits = Limits(), piece: int = 1 << 16):
    """Decode and track LEGIT + attack + CHAT, fed in records of ``piece`` bytes."""
    stream = A.LEGIT + attack + A.CHAT
    protocol = get_protocol("mme")
    tracker = protocol.tracker(limits=limits)
    records = [CaptureRecord(i, float(i), Direction.S2C, stream[o:o + piece])
               for i, o in enumerate(range(0, len(stream), piece))]
    events = list(track(decode_records(records, protocol.decoder(limits=limits)), tracker))
    errors = [e.error for e in events if isinstance(e, ErrorEvent)]
    packets = [e for e in events if isinstance(e, PacketEvent)]
    return tracker, packets, errors


def assert_legit_state_intact(tracker, blocks=A.LEGIT_BLOCKS):
    assert tracker.map_bytes() == blocks
    snap = tracker.snapshot()
    assert snap["map"]["dims"] == list(A.DIMS)
    assert [(p["id"], p["name"]) for p in snap["players"]][:1] == [(5, "Alice")]
    assert snap["textures"][0]["id"] == 3 and snap["textures"][0]["sha1"] == bytes(range(20)).hex()


def assert_went_on(packets):
    assert packets[-1].name == "chat_message"
    assert packets[-1].packet.payload.message == "still here"


def test_legit_load_alone_has_no_errors():
    tracker, packets, errors = run(b"")
    assert errors == []
    assert_legit_state_intact(tracker)
    assert_went_on(packets)


def test_sixteen_mib_of_empty_streams_finish_with_the_right_region():
    """2 Mi empty zlib streams end to end, then the region's: legitimate, if absurd; it
    took minutes when each new stream was handed the whole rest of the buffer (the
    linearity itself is test_mme_linear's)."""
    tracker, packets, errors = run(A.empty_streams())
    assert errors == []
    (event,) = [p for p in packets if p.name == "buffer_is_map_data"][1:]
    assert event.expansions["blocks"].data == A.SMALL_BLOCKS
    assert event.expansions["len_buffer"] > 16 * A.MIB - 64
    expected = bytearray(A.LEGIT_BLOCKS)
    for z in range(2):
        for y in range(2):
            for x in range(2):
                expected[(z * A.DIMS[1] + y) * A.DIMS[0] + x] = A.SMALL_BLOCKS[(z * 2 + y) * 2 + x]
    assert_legit_state_intact(tracker, bytes(expected))
    assert [p.name for p in packets[-2:]] == ["idle_ping", "chat_message"]


@pytest.mark.parametrize("gzip_wrapped", [False, True])
def test_map_data_bomb_stops_at_the_region_volume(gzip_wrapped):
    attack = A.map_data_bomb(gzip_wrapped)
    tracker, packets, errors = run(attack)
    (error,) = errors
    assert isinstance(error, LimitExceededError)
    assert error.message == "region data inflates beyond the region's volume"
    assert error.expected == "32768 bytes for the region"
    assert error.where.packet_name == "map_data" and error.where.packet_id == 17
    assert error.where.offset == len(A.LEGIT)
    # the compressed bytes not yet inflated when the cap was hit
    data = A._bomb(48 * A.MIB, 31 if gzip_wrapped else 15)
    assert error.dropped == not_inflated(data, 32 ** 3) and error.dropped_unit == "bytes"
    assert 0 < error.dropped <= len(data)
    assert_legit_state_intact(tracker)
    assert [p.name for p in packets[-2:]] == ["idle_ping", "chat_message"]


def test_map_total_data_bomb_stops_at_the_map_volume_then_needs_a_reset():
    attack = A.total_data_bomb() + A.frame(19, zlib.compress(b"\x01")) + A.frame(18)
    tracker, packets, errors = run(attack)
    first, second = errors
    assert isinstance(first, LimitExceededError)
    assert first.message == "map data inflates beyond the map's volume"
    assert first.expected == f"{64 * 64 * 32} bytes for the map"
    assert first.where.packet_name == "map_total_data"
    assert first.dropped == not_inflated(A._bomb(48 * A.MIB), 64 * 64 * 32)
    assert first.where.offset == len(A.LEGIT) + 4
    assert isinstance(second, DecompressionError) and "earlier" in second.message
    assert second.dropped == 4 + len(zlib.compress(b"\x01"))
    assert_legit_state_intact(tracker)
    assert [p.name for p in packets[-3:]] == ["idle_ping", "map_total_reset", "chat_message"]


def test_map_total_data_one_packet_is_capped_by_max_decompressed():
    limits = Limits(max_decompressed=16 << 10)
    stream = (A.frame(14, struct.pack("<4H", *A.DIMS, 0)) + A.frame(18)
              + A.frame(19, zlib.compress(bytes([9]) * (64 << 10))) + A.CHAT)
    decoder = get_protocol("mme").decoder(limits=limits)
    events = decoder.feed(CaptureRecord(0, 0.0, Direction.S2C, stream)) + decoder.close()
    (error,) = [e.error for e in events if isinstance(e, ErrorEvent)]
    assert isinstance(error, LimitExceededError)
    assert error.message == "one packet's map data inflates beyond max_decompressed"
    assert error.expected == f"at most {16 << 10} bytes from one packet"
    assert error.where.packet_name == "map_total_data"
    assert error.dropped == not_inflated(zlib.compress(bytes([9]) * (64 << 10)), 16 << 10)
    assert_went_on([e for e in events if isinstance(e, PacketEvent)])


def test_map_data_region_beyond_max_decompressed_is_refused_before_inflating():
    limits = Limits(max_decompressed=4096)
    data = zlib.compress(bytes([1]) * 8192)
    attack = A.frame(17, A.region((0, 0, 0), (31, 15, 15)) + data)
    tracker, packets, errors = run(attack, limits=Limits(max_decompressed=1 << 20))
    assert errors == []                                 # 8192 blocks: fine by default
    tracker, packets, errors = run(attack, limits=limits)
    legit_load, error = errors                          # the legitimate 128 KiB load, too
    assert legit_load.message == f"region of {64 * 64 * 32} blocks exceeds max_decompressed"
    assert isinstance(error, LimitExceededError)
    assert error.message == "region of 8192 blocks exceeds max_decompressed"
    assert error.where.field_path == "region" and error.dropped == len(data)


def test_region_larger_than_the_map_is_refused_before_inflating():
    data = A._bomb(1 << 20)
    attack = A.frame(17, A.region((0, 0, 0), (127, 127, 63)) + data) + A.IDLE
    tracker, packets, errors = run(attack)
    (error,) = errors
    assert isinstance(error, LimitExceededError)
    assert error.message == f"region of {128 * 128 * 64} blocks is larger than the map ({64 * 64 * 32} blocks)"
    assert error.dropped == len(data)
    assert_legit_state_intact(tracker)


def test_huge_and_zero_map_setup_are_refused_and_the_map_stays():
    tracker, packets, errors = run(A.huge_map_setup())
    huge, zero = errors
    assert isinstance(huge, LimitExceededError)
    assert huge.message == f"map of {0xFFE0 ** 3} blocks (65504 x 65504 x 65504) exceeds max_map_volume"
    assert huge.expected == f"at most {Limits().max_map_volume} blocks"
    assert huge.where.packet_name == "map_setup" and huge.dropped == 12
    assert isinstance(zero, DecodeError) and zero.message == "map of 0 blocks (0 x 64 x 32)"
    assert_legit_state_intact(tracker)
    assert [p.name for p in packets[-3:]] == ["idle_ping", "idle_ping", "chat_message"]


def test_tracker_refuses_a_map_beyond_its_limit_before_allocating():
    limits = Limits(max_map_volume=1 << 20)
    tracker = get_protocol("mme").tracker(limits=limits)
    setup = A.frame(14, struct.pack("<4H", 1024, 1024, 32, 0))
    decoder = get_protocol("mme").decoder()            # a decoder with the default limits
    records = [CaptureRecord(0, 0.0, Direction.S2C, A.LEGIT + setup + A.CHAT)]
    events = list(track(decode_records(records, decoder), tracker))
    (error,) = [e.error for e in events if isinstance(e, ErrorEvent)]
    assert isinstance(error, StateError)
    assert error.message == "map of 33554432 blocks (1024 x 1024 x 32)"
    assert error.expected == f"1 to {1 << 20} blocks (max_map_volume)"
    assert error.dropped == 1 and error.dropped_unit == "packets"
    assert_legit_state_intact(tracker)


def test_append_buffer_overflow_is_dropped_with_its_size_until_reset():
    tracker, packets, errors = run(A.append_overflow() + A.frame(20) + A.IDLE)
    overflow, *later = errors
    cap = Limits().max_append_buffer
    assert isinstance(overflow, LimitExceededError)
    assert overflow.expected == f"at most {cap} bytes"
    assert overflow.where.packet_name == "buffer_append"
    filled = cap // 0xFFFF * 0xFFFF
    assert overflow.dropped == filled + 0xFFFF
    assert "exceeds max_append_buffer" in overflow.message
    # every later append and the use of the buffer: refused until BUFFER_RESET
    assert all(isinstance(e, LimitExceededError) and e.expected == "BUFFER_RESET" for e in later)
    assert len(later) == (32 * A.MIB // 0xFFFF) - (filled // 0xFFFF) - 1 + 1
    assert all(e.dropped == 4 + 0xFFFF for e in later[:-1])
    assert later[-1].where.packet_name == "buffer_is_map_data"
    assert [p.name for p in packets[-4:]] == ["idle_ping", "buffer_reset", "idle_ping",
                                              "chat_message"]
    assert_legit_state_intact(tracker)


def test_lying_lengths():
    tracker, packets, errors = run(A.lying_lengths()[:-10])   # keep the lying header out
    short_move, short_data, empty_buffer = errors
    assert isinstance(short_move, DecodeError)
    assert short_move.message == "move_player payload of 12 bytes is shorter than the smallest valid size"
    assert short_move.expected == "20 or 21 bytes" and short_move.where.offset == len(A.LEGIT)
    assert short_move.dropped == 16 and short_data.dropped == len(zlib.compress(b"\x01" * 7))
    assert isinstance(short_data, DecompressionError)
    assert short_data.message == "compressed data inflates to 7 bytes"
    assert short_data.expected == "8 bytes for the region"
    # the buffer still holds the whole map's data (LEGIT): far more than one block
    assert isinstance(empty_buffer, LimitExceededError)
    assert empty_buffer.expected == "1 bytes for the region"
    assert_legit_state_intact(tracker)
    assert_went_on(packets)


def test_a_header_announcing_more_than_the_stream_holds_is_reported_at_the_end():
    stream = A.LEGIT + A.lying_lengths()
    decoder = get_protocol("mme").decoder()
    events = decoder.feed(CaptureRecord(0, 0.0, Direction.S2C, stream)) + decoder.close()
    error = events[-1].error
    assert isinstance(error, TruncatedStreamError)
    assert error.expected == f"{4 + 0xFFFF} bytes"
    assert error.where.offset == len(stream) - 10
    assert [e.name for e in events if isinstance(e, PacketEvent)][-1] == "idle_ping"


def test_many_players_beyond_max_tracked_objects():
    limits = Limits(max_tracked_objects=10)
    tracker, packets, errors = run(A.many_players(30) + A.frame(9, b"\x05\x07Alicia"),
                                   limits=limits)
    assert len(errors) == 30 - 10                         # Alice (5) was tracked already
    assert all(isinstance(e, StateError) for e in errors)
    first = errors[0]
    assert first.message == "player 11 not tracked: 10 players are tracked already (max_tracked_objects)"
    assert first.expected == "at most 10 players"
    assert first.dropped == 1 and first.dropped_unit == "packets"
    assert first.where.packet_name == "announce_player"
    snap = tracker.snapshot()
    assert len(snap["players"]) == 10
    assert snap["players"][4] == {"id": 5, "name": "Alicia", "color": snap["players"][4]["color"],
                                  "present": True, "position": None}
    assert_went_on(packets)


def test_many_textures_beyond_max_tracked_objects():
    limits = Limits(max_tracked_objects=100)
    tracker, packets, errors = run(A.many_textures(2000), limits=limits)
    assert len(errors) == 2000 - 100                       # texture 3 was tracked already
    assert errors[0].message.startswith("texture 101 not tracked: 100 textures")
    snap = tracker.snapshot()
    assert len(snap["textures"]) == 100
    assert snap["textures"][2]["id"] == 3 and snap["textures"][2]["sha1"] == bytes(20).hex()
    assert_went_on(packets)


def test_chat_history_is_bounded_and_counts_what_it_forgets():
    limits = Limits(max_history=5)
    tracker, packets, errors = run(b"".join(A.frame(8, b"\x00line %d" % i) for i in range(20)),
                                   limits=limits)
    assert errors == []
    snap = tracker.snapshot()
    assert [c["text"] for c in snap["chat"]] == [f"line {i}" for i in range(16, 20)] + ["still here"]
    assert snap["history_forgotten"] == {"chat": 16, "responses": 0}


# -- peak memory, each attack in its own process ---------------------------------------
_MEASURE = """
import sys
sys.path.insert(0, {here!r})
import mme_attacks as A
from wirestruct import get_protocol
from wirestruct.core.events import ErrorEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
name = sys.argv[1]
attack = A.ATTACKS[name]() if name != "legit" else b""
stream = A.LEGIT + attack + A.CHAT
del attack
import gc; gc.collect()
try:   # reset the peak to now: building the input is not measured
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
except OSError:
    pass
protocol = get_protocol("mme")
tracker = protocol.tracker()
records = (CaptureRecord(i, 0.0, Direction.S2C, stream[o:o + 65536])
           for i, o in enumerate(range(0, len(stream), 65536)))
errors = sum(isinstance(e, ErrorEvent) for e in track(decode_records(records, protocol.decoder()), tracker))
# VmHWM: this program's own peak (ru_maxrss would include the parent's, carried over fork)
hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0].split()[1]
print(int(hwm) // 1024, errors, len(stream))
"""


def _peak_mib(name: str):
    out = subprocess.run([sys.executable, "-c", _MEASURE.format(here=str(HERE)), name],
                         capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1]), int(out[2])


@pytest.fixture(scope="module")
def legit_peak():
    peak, errors, _ = _peak_mib("legit")
    assert errors == 0
    return peak


#: error events each attack causes (with the default limits)
_ERRORS = {"empty_streams_16MiB": 0, "map_data_zlib_bomb": 1, "map_total_data_bomb": 1,
           "huge_and_zero_map_setup": 2,
           "append_buffer_overflow": 32 * A.MIB // 0xFFFF - 16 * A.MIB // 0xFFFF + 1,
           "chat_color_flood": 40, "menu_widget_flood": 300 + 300 - 255}


@pytest.mark.parametrize("name", ["empty_streams_16MiB", "map_data_zlib_bomb",
                                  "map_total_data_bomb", "huge_and_zero_map_setup",
                                  "append_buffer_overflow", "chat_color_flood",
                                  "menu_widget_flood"])
def test_peak_memory_of_each_attack(name, legit_peak):
    peak, errors, size = _peak_mib(name)
    assert errors == _ERRORS[name]
    assert peak - legit_peak < 256, (name, peak, legit_peak)


def test_chat_lines_keep_their_first_color_segments():
    tracker, packets, errors = run(A.chat_color_flood(3))
    assert len(errors) == 3 and all(isinstance(e, StateError) for e in errors)
    cap = Limits().max_text_segments
    assert errors[0].message == f"chat line of 21844 color segments: the first {cap} are kept"
    assert errors[0].dropped == 21844 - cap and errors[0].dropped_unit == "items"
    assert errors[0].where.packet_name == "chat_message"
    chat = tracker.snapshot()["chat"]
    assert len(chat[0]["segments"]) == cap
    assert chat[0]["segments"][:2] == [{"color": "red", "text": "a"}, {"color": "green", "text": "b"}]
    assert chat[0]["text"] == "ab" * 10922                  # the plain text is kept whole
    assert chat[-1]["text"] == "still here"
    assert_legit_state_intact(tracker)


def test_menu_widgets_with_index_zero_fill_the_255_slots_then_are_refused():
    tracker, packets, errors = run(A.menu_widget_flood(300))
    refused = [e for e in errors if "no free menu slot" in e.message]
    cut = [e for e in errors if "color segments" in e.message]
    assert len(refused) == 300 - 255 and len(cut) == 300
    assert refused[0].dropped == 1 and refused[0].dropped_unit == "packets"
    assert refused[0].where.packet_name == "menu_text"
    widgets = tracker.snapshot()["menu"]["widgets"]
    assert [w["index"] for w in widgets] == list(range(1, 256))
    assert len(widgets[0]["segments"]) == Limits().max_text_segments
    assert_legit_state_intact(tracker)
    assert_went_on(packets)


def test_packet_type_bitmap_beyond_max_items_is_refused():
    tracker, packets, errors = run(A.packet_type_flood())
    (error,) = errors
    assert isinstance(error, LimitExceededError)
    assert error.message == "524280 packet types in one packet exceed max_items_per_packet"
    assert error.dropped == 524280 and error.dropped_unit == "items"
    assert tracker.snapshot()["negotiation"]["server"]["offers"] is None
    assert_legit_state_intact(tracker)
    assert [p.name for p in packets[-2:]] == ["idle_ping", "chat_message"]
