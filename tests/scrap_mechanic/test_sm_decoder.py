"""The Scrap Mechanic decoder: LZ4 framing, deltas (the document's worked example, across
packets, bad deltas), compound packets, undocumented packets, errors that keep decoding."""
import struct

from sm_testlib import lz4_packet, raw_update, record
from wirestruct.core.errors import (
    DecodeError,
    DecompressionError,
    DeltaError,
    LimitExceededError,
    ParseError,
)
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import Direction
from wirestruct.generated.scrap_mechanic.sm_network_update import SmNetworkUpdate as N
from wirestruct.protocols.scrap_mechanic import PROTOCOL
from wirestruct.protocols.scrap_mechanic.delta import expand_delta, split_sub_update

# The document's example: previous update 00 0a | 64 00 00 00 01 00 00 00, delta 80 ef 02.
# 0x64 = 011 00100 is Update / Container, NetObj 1, then an UpdateContainer with no slot
# changes and no filters (00 00 | 00): a real sub-update.
EXAMPLE_PREVIOUS = bytes.fromhex("64 00 00 00 01 00 00 00")
EXAMPLE_DELTA = bytes.fromhex("80 ef 02")
EXAMPLE_RESULT = bytes.fromhex("64 00 00 00 02 00 00 00")


def decode(*packets, limits=None, direction=Direction.S2C):
    decoder = PROTOCOL.decoder(limits=limits) if limits else PROTOCOL.decoder()
    events = []
    for i, data in enumerate(packets):
        events.extend(decoder.feed(record(data, index=i, direction=direction)))
    return events


def network_update(tick: int, *sub_updates: bytes, packet_id: int = 0x16) -> bytes:
    return lz4_packet(packet_id, struct.pack(">I", tick) + b"".join(sub_updates))


def test_worked_example_expand_delta():
    data, end = expand_delta(EXAMPLE_PREVIOUS, EXAMPLE_DELTA, 0)
    assert data == EXAMPLE_RESULT
    assert end == 3


def test_worked_example_split_from_raw_then_delta():
    body = bytes.fromhex("00 0a 64 00 00 00 01 00 00 00 80 ef 02")
    kind, first, pos = split_sub_update(body, 0, None)
    assert (kind, first, pos) == ("raw", EXAMPLE_PREVIOUS, 10)
    kind, second, pos = split_sub_update(body, pos, first)
    assert (kind, second, pos) == ("delta", EXAMPLE_RESULT, 13)


def test_worked_example_through_the_decoder_in_one_packet():
    [event] = decode(network_update(9, bytes.fromhex("000a6400000001000000"), EXAMPLE_DELTA))
    assert isinstance(event, PacketEvent) and event.name == "network_update"
    assert event.expansions["tick"] == 9
    first, second = event.expansions["sub_updates"]
    assert (first.encoding, second.encoding) == ("raw", "delta")
    assert second.data == EXAMPLE_RESULT
    assert (second.update_type, second.netobj_type, second.netobj_id) == \
        (N.UpdateType.update, 4, 2)
    assert second.update.data.body.num_slot_changes == 0
    assert second.controller_type is None    # an Update whose Create was not seen
    assert second.update._io.is_eof()


def test_delta_across_packet_boundaries():
    events = decode(network_update(1, raw_update(EXAMPLE_PREVIOUS)),
                    network_update(2, EXAMPLE_DELTA),
                    network_update(3, bytes.fromhex("80 ff"), bytes.fromhex("80 ef 07")))
    assert all(isinstance(e, PacketEvent) for e in events)
    assert events[1].expansions["sub_updates"][0].data == EXAMPLE_RESULT
    # 80 ff: keep all 8 bytes; then 80 ef 07: byte 4 becomes 07, relative to the last one.
    third = events[2].expansions["sub_updates"]
    assert [s.encoding for s in third] == ["delta", "delta"]
    assert third[0].data == EXAMPLE_RESULT
    assert third[1].data == bytes.fromhex("64 00 00 00 07 00 00 00")
    assert third[1].netobj_id == 7


def test_delta_of_a_21_packet_continues_in_a_22_and_in_a_compound():
    compound_body = struct.pack(">I", 1 + 4 + 3) + b"\x16" + struct.pack(">I", 3) + EXAMPLE_DELTA
    events = decode(network_update(1, raw_update(EXAMPLE_PREVIOUS), packet_id=0x15),
                    lz4_packet(0x1D, compound_body))
    assert [e.name for e in events] == ["initialization_network_update", "compound_packet",
                                        "network_update"]
    assert events[2].parent == events[1].index
    assert events[2].expansions["sub_updates"][0].data == EXAMPLE_RESULT


def test_delta_without_previous_update_is_an_error_and_decoding_goes_on():
    events = decode(network_update(1, EXAMPLE_DELTA),
                    network_update(2, raw_update(EXAMPLE_PREVIOUS)))
    assert isinstance(events[0], PacketEvent) and events[0].expansions["sub_updates"] == []
    assert isinstance(events[1], ErrorEvent)
    err = events[1].error
    assert isinstance(err, DeltaError) and "no previous update" in err.message
    assert err.where.offset == 4 and err.where.field_path == "sub_updates[0]"
    assert err.where.packet_name == "network_update" and err.where.record == 0
    assert isinstance(events[2], PacketEvent)
    assert events[2].expansions["sub_updates"][0].data == EXAMPLE_PREVIOUS


def test_delta_after_an_update_larger_than_0x3f_is_an_error():
    big = bytes([0x65]) + struct.pack(">I", 1) + bytes(0x40 - 5)   # Update/Harvestable, 64 bytes
    events = decode(network_update(1, raw_update(big), b"\x80" * 9))
    assert isinstance(events[0], PacketEvent)
    assert len(events[0].expansions["sub_updates"]) == 1
    assert isinstance(events[1].error, DeltaError)
    assert "0x3f" in events[1].error.expected.lower() or "63" in events[1].error.expected


def test_truncated_delta_is_an_error():
    events = decode(network_update(1, raw_update(EXAMPLE_PREVIOUS), bytes.fromhex("80 00 01")))
    assert isinstance(events[1].error, DeltaError)
    assert "past the end" in events[1].error.message


def test_framing_error_drops_previous_so_later_deltas_are_not_trusted():
    events = decode(network_update(1, raw_update(EXAMPLE_PREVIOUS), b"\x00\x40\x01"),
                    network_update(2, EXAMPLE_DELTA))
    assert isinstance(events[1].error, DecodeError)
    assert isinstance(events[3].error, DeltaError)


def test_sub_update_that_does_not_parse_keeps_the_others():
    bad = bytes([0x60]) + struct.pack(">I", 1) + b"\x00" + struct.pack(">i", 5)  # unknown_2 != -1
    good = bytes([0x67]) + struct.pack(">I", 2) + struct.pack(">i", 3)           # UpdateLift
    events = decode(network_update(1, raw_update(bad), raw_update(good)))
    packet, error = events
    assert [s.netobj_id for s in packet.expansions["sub_updates"]] == [2]
    assert isinstance(error.error, ParseError)
    assert error.error.where.field_path == \
        "sub_updates[0]/SmNetworkUpdate.data.body.body.unknown_2"
    assert error.error.where.offset == 4 + 2 + 10   # tick, size field, then unknown_2 read
    assert error.error.expected == "-1"


def test_trailing_bytes_in_a_sub_update_are_an_error():
    events = decode(network_update(1, raw_update(bytes([0x67]) + struct.pack(">I", 2)
                                                 + struct.pack(">i", 3) + b"\x00")))
    assert isinstance(events[1].error, ParseError)
    assert "left over" in events[1].error.message


def test_controller_type_from_create_is_passed_to_later_updates():
    create = bytes([0x21, 32]) + struct.pack(">I", 0x201)                 # part
    update = bytes([0x61]) + struct.pack(">I", 0x201) + struct.pack(">HI3hI", 1, 2, 0, 0, 0, 7) \
        + bytes([0x75])
    events = decode(network_update(1, raw_update(create)), network_update(2, raw_update(update)))
    assert events[0].expansions["sub_updates"][0].controller_type == N.ChildShapeType.part
    sub = events[1].expansions["sub_updates"][0]
    assert sub.controller_type == N.ChildShapeType.part
    assert sub.controller_type_source == N.ControllerTypeSource.known
    assert sub.update.known_controller_type == 32
    assert sub.update.data.body.data.z_axis == N.LocalAxis.pos_z


def test_lz4_round_trip_large_body_grows_the_buffer():
    payload = bytes(20000)  # a harvestable's undocumented payload, very compressible
    create = bytes([0x25, 0]) + struct.pack(">I", 5) + payload
    data = network_update(3, raw_update(create))
    assert len(data) < 200
    [event] = decode(data)
    sub = event.expansions["sub_updates"][0]
    assert sub.update.data.body.payload == payload
    assert event.expansions["body"] == struct.pack(">I", 3) + raw_update(create)


def test_decompression_cap_is_a_limit_error_and_decoding_goes_on():
    create = bytes([0x25, 0]) + struct.pack(">I", 5) + bytes(20000)
    events = decode(network_update(3, raw_update(create)), network_update(4),
                    limits=Limits(max_decompressed=4096))
    assert isinstance(events[0].error, LimitExceededError)
    assert events[0].error.where.packet_name == "network_update"
    assert isinstance(events[1], PacketEvent) and events[1].expansions["tick"] == 4


def test_corrupt_lz4_is_a_decompression_error():
    events = decode(b"\x16\xff\xff\xff", network_update(4))
    assert isinstance(events[0].error, DecompressionError)
    assert isinstance(events[1], PacketEvent)


def test_unreliable_update_event():
    body = struct.pack(">IIB", 10, 9, 1) + bytes([2 + 4 + 1, 3]) + struct.pack(">I", 8) + b"\x2a"
    [event] = decode(lz4_packet(0x18, body))
    assert event.name == "unreliable_update"
    assert event.expansions["body"].updates[0].data.interactable_id == 8


def test_unreliable_update_with_bytes_left_in_an_update_is_an_error():
    # A RigidBody update is 57 bytes (id, quaternion, 3 vectors, awake bit + revision);
    # here its size field says 58, after an update of a type that is not routed.
    rigid_body = struct.pack(">I", 5) + bytes(52) + b"\x81"
    updates = bytes([2 + 3, 1]) + b"abc" + bytes([2 + 58, 0]) + rigid_body + b"\x00"
    [err] = decode(lz4_packet(0x18, struct.pack(">IIB", 10, 9, 2) + updates))
    assert isinstance(err, ErrorEvent) and isinstance(err.error, ParseError)
    assert err.error.where.field_path == "updates[1]/data" and err.error.where.offset == 57


def test_player_movement_event_client_to_server():
    [event] = decode(lz4_packet(0x1E, struct.pack(">I", 5) + bytes([1, 0, 2, 3])),
                     direction=Direction.C2S)
    assert event.name == "player_movement"
    assert event.expansions["body"].keys.jump is True


def test_undocumented_packet_comes_out_with_its_raw_body():
    [event] = decode(b"\x0c\x01\x02\x03")                 # 12: no page documents it
    assert (event.packet_id, event.name) == (12, "unknown_12")
    assert event.packet.body == b"\x01\x02\x03"
    assert event.raw == b"\x0c\x01\x02\x03"


def test_empty_packet_is_an_error():
    [event] = decode(b"")
    assert isinstance(event.error, DecodeError)


def test_compound_sub_packets_decoded_in_order_and_independently():
    sub22 = struct.pack(">I", 7) + raw_update(EXAMPLE_PREVIOUS)
    bad24 = struct.pack(">IIB", 7, 7, 1)                   # claims one update, has none
    sub30 = struct.pack(">I", 7) + bytes([0, 0, 0, 0])
    body = b"".join(struct.pack(">I", len(b) + 1) + bytes([pid]) + b
                    for pid, b in ((0x16, sub22), (0x18, bad24), (0x1E, sub30)))
    events = decode(lz4_packet(0x1D, body))
    compound, e22, err, e30 = events
    assert compound.name == "compound_packet" and compound.parent is None
    assert e22.name == "network_update" and e22.parent == compound.index
    assert e22.expansions["sub_updates"][0].data == EXAMPLE_PREVIOUS
    assert isinstance(err, ErrorEvent) and err.error.where.packet_name == "unreliable_update"
    assert e30.name == "player_movement" and e30.parent == compound.index


def test_nested_compounds_are_capped():
    inner = b""
    for _ in range(6):
        inner = struct.pack(">I", len(inner) + 1) + b"\x1d" + inner
    events = decode(lz4_packet(0x1D, inner), limits=Limits(max_nesting=3))
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert len(errors) == 1 and isinstance(errors[0].error, LimitExceededError)
    assert sum(isinstance(e, PacketEvent) for e in events) == 3


def test_truncated_compound_is_an_error():
    body = struct.pack(">I", 10) + b"\x16\x00"
    compound, error = decode(lz4_packet(0x1D, body))
    assert compound.expansions["body"].subpackets == []
    assert isinstance(error.error, DecodeError)
    assert "sub-packet size 10 runs past the end" in str(error.error)
    assert (error.error.where.offset, error.error.dropped) == (0, 6)
