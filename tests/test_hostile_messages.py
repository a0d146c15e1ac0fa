"""Hostile input for the message protocols (Scrap Mechanic, diep.io): bombs that expand,
counts that explode, lengths that lie, nesting, deltas with no base, truncated bodies.

Every attack is a real packet (real LZ4 blocks made with python-lz4). Each test checks the
error event (kind, message, record, packet, offset, what was dropped), that the next packet
is still decoded, and that state the bad packet did not touch is intact. Memory is
measured in a child process running the real command line; work is counted, not timed.
"""
from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import lz4.block
import pytest
from hostile_inputs import (
    ATTACKS,
    SM_TERRAIN_UID,
    diep_compressed,
    diep_creation_bomb,
    diep_deletion_bomb,
    diep_full_creation,
    diep_upcreate_count_lie,
    diep_update,
    jsonl,
    sm_blob,
    sm_blob_bomb,
    sm_blueprint,
    sm_compound_body,
    sm_compound_bomb,
    sm_compound_nest,
    sm_create_static,
    sm_delta_chain,
    sm_lua_count_bomb,
    sm_lua_depth_bomb,
    sm_lua_nested,
    sm_lua_value_bomb,
    sm_lz4,
    sm_raw_update,
    sm_remove,
    sm_script_init,
    sm_sub_update_bomb,
    sm_update_body,
    vu,
)
from wirestruct.core.errors import (
    DecodeError,
    DecompressionError,
    DeltaError,
    LimitExceededError,
    ParseError,
    StateError,
)
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import (
    DEFAULT_LIMITS,
    MAX_ENTITIES_PER_PACKET,
    MAX_ITEMS_PER_PACKET,
    MAX_LUA_DEPTH,
    MAX_LUA_VALUES,
    Limits,
)
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.plugin import registry

SM = registry.get_protocol("scrap-mechanic")
DIEP = registry.get_protocol("diep")


def run(protocol, packets, limits=Limits()):
    """Decode and track ``packets`` (server to client); (events, tracker)."""
    records = [CaptureRecord(i, i * 0.04, Direction.S2C, p) for i, p in enumerate(packets)]
    tracker = protocol.tracker(limits=limits)
    events = list(track(decode_records(records, protocol.decoder(limits=limits)), tracker))
    return events, tracker


def errors_of(events, kind=None):
    return [e.error for e in events if isinstance(e, ErrorEvent)
            and (kind is None or isinstance(e.error, kind))]


def packets_of(events):
    return [e for e in events if isinstance(e, PacketEvent)]


def sm_create(netobj_id, tick=1):
    return sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(netobj_id)), tick))


# -- Scrap Mechanic ---------------------------------------------------------------------------

def test_sm_sub_update_bomb_stops_at_the_item_budget():
    bomb = sm_sub_update_bomb()
    assert len(bomb) < 70_000  # a 66 KB packet that expands to 16 MiB of 7-byte sub-updates
    events, tracker = run(SM, [sm_create(1), bomb, sm_create(2, tick=2)])
    [limit] = errors_of(events, LimitExceededError)
    body_size = 4 + 7 * ((16 * 1024 * 1024 - 4) // 7)
    cut = 4 + 7 * MAX_ITEMS_PER_PACKET
    assert limit.where.record == 1 and limit.where.packet_id == 22
    assert limit.where.offset == cut
    assert limit.where.field_path == f"sub_updates[{MAX_ITEMS_PER_PACKET}]"
    assert (limit.dropped, limit.dropped_unit) == (body_size - cut, "bytes")
    assert "at most 8192 items" in str(limit)
    bomb_event = packets_of(events)[1]
    assert len(bomb_event.expansions["sub_updates"]) == MAX_ITEMS_PER_PACKET
    # the Removes of an object never created are state errors; objects 1 and 2 are intact
    assert len(errors_of(events, StateError)) == MAX_ITEMS_PER_PACKET
    assert sorted(key[1] for key in tracker.netobjs) == [1, 2]
    assert tracker.tick == 2


def test_sm_compound_bomb_is_framed_and_counted_before_it_is_built():
    bomb = sm_compound_bomb()
    assert len(bomb) < 70_000
    events, tracker = run(SM, [sm_create(1), bomb, sm_create(2)])
    body_size = 5 * (16 * 1024 * 1024 // 5)
    compound = [e for e in packets_of(events) if e.packet_id == 29][0]
    assert len(compound.expansions["body"].subpackets) == MAX_ITEMS_PER_PACKET
    # each empty Player Movement sub-packet is an error: the first max_errors_per_packet
    # are events, the rest and the compound's own LimitExceededError (the bytes past the
    # item budget) are counted in one summary, which says how many bytes they drop
    shown = DEFAULT_LIMITS.max_errors_per_packet
    assert len(errors_of(events, ParseError)) == shown
    [summary] = errors_of(events, LimitExceededError)
    assert summary.where.record == 1
    assert summary.message == (
        f"{MAX_ITEMS_PER_PACKET - shown + 1} more errors in this packet not shown one by one "
        f"(1 LimitExceededError, {MAX_ITEMS_PER_PACKET - shown} ParseError), the first at "
        "SmPlayerMovement.tick")
    assert summary.dropped == body_size - 5 * MAX_ITEMS_PER_PACKET
    # the next packet is decoded
    assert sorted(key[1] for key in tracker.netobjs) == [1, 2]


def test_sm_budget_is_shared_by_the_sub_packets_of_a_compound():
    inner = bytes([22]) + sm_update_body(sm_raw_update(sm_remove(9)) * 30)
    body = sm_compound_body([(inner[0], inner[1:])] * 3)
    events, _ = run(SM, [sm_lz4(29, body)], Limits(max_items_per_packet=50))
    updates = [e for e in packets_of(events) if e.packet_id == 22]
    # 3 sub-packets take 3 items; 47 sub-updates are left: 30, then 17, then none
    assert [len(e.expansions["sub_updates"]) for e in updates] == [30, 17, 0]
    limits = errors_of(events, LimitExceededError)
    assert [(e.where.offset, e.dropped) for e in limits] == [(4 + 7 * 17, 7 * 13), (4, 7 * 30)]


def test_sm_container_lists_take_from_the_budget():
    create = bytes([(1 << 5) | 4, 0]) + struct.pack(">IHH", 5, 1, 100) + b"\x11" * 22 + b"\0\0"
    body = sm_update_body(sm_raw_update(create) * 3)
    events, _ = run(SM, [sm_lz4(22, body)], Limits(max_items_per_packet=5))
    [limit] = errors_of(events, LimitExceededError)
    cost = 1 + len(create) // 16
    assert cost == 3 and limit.where.offset == 4 + len(create) + 2  # 3 + 3 > 5
    assert len(packets_of(events)[0].expansions["sub_updates"]) == 1


def test_sm_container_count_that_lies_fails_that_sub_update_only():
    lying = bytes([(1 << 5) | 4, 0]) + struct.pack(">IHH", 5, 65535, 1) + b"\x11" * 22
    body = sm_update_body(sm_raw_update(lying) + sm_raw_update(sm_create_static(3)))
    events, tracker = run(SM, [sm_lz4(22, body)])
    [error] = errors_of(events)
    assert isinstance(error, ParseError) and error.where.field_path.startswith("sub_updates[0]")
    assert [s.netobj_id for s in packets_of(events)[0].expansions["sub_updates"]] == [3]
    assert list(tracker.netobjs) == [(0, 3)]


def test_sm_compound_nesting_beyond_max_nesting():
    inner = bytes([22]) + sm_update_body(sm_raw_update(sm_create_static(4)))
    deep = sm_compound_nest(6, inner)
    events, tracker = run(SM, [deep, sm_create(2)])
    [limit] = errors_of(events, LimitExceededError)
    assert "nested too deep" in limit.message and limit.where.record == 0
    assert limit.where.field_path == "subpackets[0]"
    assert sum(e.packet_id == 29 for e in packets_of(events)) == 4  # max_nesting levels
    assert list(tracker.netobjs) == [(0, 2)]
    # within the limit the innermost update is applied
    events, tracker = run(SM, [sm_compound_nest(4, inner)])
    assert errors_of(events) == [] and list(tracker.netobjs) == [(0, 4)]


def test_sm_delta_with_no_base():
    delta_first = sm_lz4(22, sm_update_body(bytes([0x8F, 0x42]) + sm_raw_update(sm_remove(1))))
    events, tracker = run(SM, [delta_first, sm_create(2)])
    [error] = errors_of(events)
    assert isinstance(error, DeltaError) and "no previous update" in error.message
    assert (error.where.offset, error.dropped) == (4, 2 + 7)
    assert error.where.field_path == "sub_updates[0]"
    assert list(tracker.netobjs) == [(0, 2)]


def test_sm_long_delta_chain_is_bounded_too():
    events, _ = run(SM, [sm_delta_chain(20_000)])
    [limit] = errors_of(events, LimitExceededError)
    subs = packets_of(events)[0].expansions["sub_updates"]
    assert len(subs) == MAX_ITEMS_PER_PACKET and subs[-1].encoding == "delta"
    assert subs[-1].data == bytes([(2 << 5) | 2, 0, 0, 0, 0x42])
    assert limit.dropped == 2 * (20_001 - MAX_ITEMS_PER_PACKET)


def test_sm_lengths_that_lie():
    size_past_end = sm_update_body(struct.pack(">H", 500) + sm_remove(1))
    truncated_block = sm_create(5)[:-3]
    compound_lie = sm_lz4(29, struct.pack(">I", 1000) + b"\x16" + b"\0" * 10)
    events, tracker = run(SM, [sm_lz4(22, size_past_end), truncated_block, compound_lie,
                               sm_create(2)])
    raw, lz4_error, compound = errors_of(events)
    assert isinstance(raw, DecodeError) and "runs past the end" in raw.message
    assert (raw.where.record, raw.where.offset, raw.dropped) == (0, 4, 7)
    assert isinstance(lz4_error, DecompressionError) and lz4_error.where.record == 1
    assert "sub-packet size 1000" in compound.message
    assert (compound.where.record, compound.where.offset, compound.dropped) == (2, 0, 15)
    assert list(tracker.netobjs) == [(0, 2)]


def test_sm_tracker_honours_max_tracked_objects():
    body = sm_update_body(b"".join(sm_raw_update(sm_create_static(i)) for i in (1, 2, 3)))
    events, tracker = run(SM, [sm_lz4(22, body), sm_lz4(22, sm_update_body(
        sm_raw_update(sm_remove(1)) + sm_raw_update(sm_create_static(4))))],
        Limits(max_tracked_objects=2))
    [full] = errors_of(events)
    assert isinstance(full, StateError) and "rigid_body 3 not tracked" in full.message
    assert (full.dropped, full.dropped_unit) == (1, "objects")
    assert full.where.field_path == "sub_updates[2]" and full.where.record == 0
    assert sorted(key[1] for key in tracker.netobjs) == [2, 4]


# -- Scrap Mechanic: the packets of the joining and of the players ---------------------------

def _next_packet_decoded(events, tracker):
    """The harmless 22 after an attack is decoded and applied."""
    assert any(e.packet_id == 22 for e in packets_of(events))
    assert list(tracker.netobjs) == [(0, 2)]


def test_sm_lua_nesting_bomb_is_refused_before_parsing():
    bomb = sm_lua_depth_bomb()
    assert len(bomb) < 200        # 100 000 nested tables in 140 bytes
    events, tracker = run(SM, [bomb, sm_create(2)])
    [limit] = errors_of(events)
    assert isinstance(limit, LimitExceededError) and "nested more than 32 deep" in limit.message
    assert limit.where.field_path == "blobs[0]/payload" and limit.where.record == 0
    assert limit.where.packet_name == "script_initialization_data"
    assert f"at most {MAX_LUA_DEPTH} levels (max_lua_depth)" in str(limit)
    # the packet itself is there, the entry without its payload
    [packet] = [e for e in packets_of(events) if e.packet_id == 0x0B]
    assert packet.expansions["blobs"][0].payload is None
    _next_packet_decoded(events, tracker)
    # within the limit, the same object is parsed
    events, _ = run(SM, [sm_script_init(sm_blob(SM_TERRAIN_UID, sm_lua_nested(MAX_LUA_DEPTH)))])
    assert errors_of(events) == []


def test_sm_lua_value_bomb_stops_at_the_value_budget():
    bomb = sm_lua_value_bomb()
    assert len(bomb) < 1000       # 7.8 million Lua values
    events, tracker = run(SM, [bomb, sm_create(2)])
    [limit] = errors_of(events)
    assert isinstance(limit, LimitExceededError)
    assert f"more than {MAX_LUA_VALUES} values" in limit.message
    assert limit.where.field_path == "blobs[0]/payload"
    # the value that crossed the limit: the table's element MAX_LUA_VALUES - 1 (from 0), 16
    # bits each after the magic, version (56 bits) and the table's head (73 bits)
    assert limit.where.offset == (56 + 73 + 16 * (MAX_LUA_VALUES - 1)) // 8
    _next_packet_decoded(events, tracker)


def test_sm_lua_values_are_one_budget_per_packet():
    half = sm_blob(SM_TERRAIN_UID, sm_lua_count_bomb(600))
    events, _ = run(SM, [sm_script_init(half, half)], Limits(max_lua_values=1000))
    [limit] = errors_of(events)
    assert limit.where.field_path == "blobs[1]/payload"
    [packet] = packets_of(events)
    first, second = packet.expansions["blobs"]
    assert len(first.payload.data.value.elements) == 600 and second.payload is None


def test_sm_lua_count_that_lies():
    lie = sm_lua_count_bomb(3)
    lie = lie[:8] + b"\xff\xff\xff\xff" + lie[12:]      # count 2^32 - 1, 3 elements
    events, tracker = run(SM, [sm_script_init(sm_blob(SM_TERRAIN_UID, lie)), sm_create(2)])
    [error] = errors_of(events)
    assert isinstance(error, ParseError) and error.where.field_path.startswith("blobs[0]/payload")
    _next_packet_decoded(events, tracker)


def test_sm_blob_entries_stop_at_the_item_budget():
    bomb = sm_blob_bomb()
    assert len(bomb) < 70_000
    events, tracker = run(SM, [bomb, sm_create(2)])
    [limit] = errors_of(events)
    assert isinstance(limit, LimitExceededError) and limit.where.packet_id == 0x19
    assert limit.where.field_path == f"blobs[{MAX_ITEMS_PER_PACKET}]"
    assert limit.where.offset == 4 + 26 * MAX_ITEMS_PER_PACKET
    assert limit.dropped == 4 + 26 * (16 * 1024 * 1024 // 26) - limit.where.offset
    assert not any(e.packet_id == 0x19 for e in packets_of(events))  # refused before parsing
    _next_packet_decoded(events, tracker)


def test_sm_nested_data_shares_the_packet_decompression_budget():
    big = sm_blob(b"\x22" * 16, b"\x00" * (6 * 1024 * 1024))
    events, _ = run(SM, [sm_script_init(big, big, big)], Limits(max_decompressed=16 << 20))
    [limit] = errors_of(events)
    assert isinstance(limit, LimitExceededError) and limit.where.field_path == "blobs[2]/data"
    assert "16777216 for the packet and the data nested in it" in limit.expected
    [packet] = packets_of(events)
    assert [len(b.data or b"") for b in packet.expansions["blobs"]] == [6 << 20, 6 << 20, 0]


def test_sm_blueprint_size_that_lies():
    blueprint = b'{"bodies": []}'
    too_big = sm_blueprint(1, blueprint, declared=1 << 31)
    short = sm_blueprint(2, blueprint, declared=len(blueprint) - 1)
    long = sm_blueprint(3, blueprint, declared=len(blueprint) + 100)
    events, tracker = run(SM, [too_big, short, long, sm_blueprint(4, blueprint), sm_create(2)])
    big, cut, lie = errors_of(events)
    assert isinstance(big, LimitExceededError) and "declared decompressed length" in big.message
    assert big.where.field_path == "compressed_blueprint_data" and big.where.record == 0
    assert isinstance(cut, DecompressionError) and isinstance(lie, DecompressionError)
    good = [e for e in packets_of(events) if e.packet_id == 0x2D]
    assert [e.expansions.get("blueprint") for e in good] == [None, None, None,
                                                             blueprint.decode()]
    _next_packet_decoded(events, tracker)


def test_sm_counts_that_lie_or_explode():
    checksums_lie = sm_lz4(0x06, struct.pack(">I", 1 << 31) + b"\0" * 16)
    checksums_bomb = sm_lz4(0x06, struct.pack(">I", 4_000_000) + b"\0" * 16_000_000)
    mods_lie = sm_lz4(0x02, struct.pack(">5I", 1, 2, 3, 4, 1 << 30) + b"\0" * 64)
    events, tracker = run(SM, [checksums_lie, checksums_bomb, mods_lie, sm_create(2)])
    lie, bomb, mods = errors_of(events)
    assert isinstance(lie, DecodeError) and "2147483648 checksums declared" in lie.message
    assert isinstance(bomb, LimitExceededError) and bomb.where.field_path == "num_checksums"
    assert isinstance(mods, DecodeError) and mods.where.field_path == "num_mods"
    _next_packet_decoded(events, tracker)


def test_sm_string_lengths_that_lie():
    message = sm_lz4(0x12, struct.pack(">H", 65535) + b"<ALERT>")
    lua_string = b"LUA" + struct.pack(">I", 1) + b"\x04\xff\xff\xff\xff" + b"abc"
    events, tracker = run(SM, [message, sm_script_init(sm_blob(SM_TERRAIN_UID, lua_string)),
                               sm_create(2)])
    first, second = errors_of(events)
    assert isinstance(first, ParseError) and "unexpected end of data" in first.message
    assert second.where.field_path.startswith("blobs[0]/payload")
    _next_packet_decoded(events, tracker)


def test_sm_tracker_bounds_what_the_actions_add():
    lift_levels = [sm_lz4(0x34, struct.pack(">Ii", lift, 1)) for lift in range(5)]
    events, tracker = run(SM, lift_levels, Limits(max_tracked_objects=3, max_history=2))
    refused = errors_of(events, StateError)
    assert len(refused) == 2 and all(e.dropped == 1 for e in refused)
    assert sorted(tracker.lifts) == [0, 1, 2]
    assert tracker.actions.count == 5 and len(tracker.actions.entries) == 2


# -- diep.io --------------------------------------------------------------------------------

def test_diep_deletion_bomb_is_refused_before_parsing():
    bomb = diep_deletion_bomb()
    assert len(bomb) < 70_000
    events, tracker = run(DIEP, [diep_update([], upcreates=diep_full_creation(7),
                                             n_upcreates=1), bomb, diep_update([], tick=9)])
    [limit] = errors_of(events)
    assert isinstance(limit, LimitExceededError)
    assert "16777200 deletions declared" in limit.message
    assert (limit.where.record, limit.where.packet_id, limit.where.offset) == (1, 0, 2)
    assert limit.where.field_path == "body.num_deletions"
    assert (limit.dropped, limit.dropped_unit) == (len(lz4.block.decompress(
        bomb[5:], uncompressed_size=16777207)), "bytes")  # the whole inner packet
    assert [e.packet_id for e in packets_of(events)] == [0, 2, 0]
    assert list(tracker.entities) == [7] and tracker.tick == 9


def test_diep_counts_that_explode_or_lie():
    over_limit = diep_upcreate_count_lie()
    short = diep_upcreate_count_lie(100)
    deletions_short = b"\x00" + vu(1) + vu(50) + b"\x00" * 10 + vu(0)
    events, _ = run(DIEP, [over_limit, short, deletions_short, diep_update([], tick=3)])
    over, lie, del_lie = errors_of(events)
    assert isinstance(over, LimitExceededError) and over.where.field_path == "body.num_upcreates"
    assert f"at most {MAX_ENTITIES_PER_PACKET} entities" in str(over)
    assert (over.where.offset, over.dropped) == (3, len(over_limit))
    assert isinstance(lie, DecodeError) and "100 upcreates declared but only 8 bytes" in str(lie)
    assert lie.where.record == 1
    assert "50 deletions declared but only 11 bytes follow" in del_lie.message
    assert packets_of(events)[-1].packet.body.tick.value == 3


def test_diep_too_many_creations():
    events, tracker = run(DIEP, [diep_creation_bomb(MAX_ENTITIES_PER_PACKET + 1)])
    [limit] = errors_of(events, LimitExceededError)
    assert f"{MAX_ENTITIES_PER_PACKET + 1} upcreates declared" in limit.message
    assert limit.where.packet_id == 0 and limit.where.offset == 3
    assert tracker.entities == {}


def test_diep_compressed_inside_compressed_and_size_lies():
    inner = diep_update([], tick=5)
    nested = diep_compressed(diep_compressed(inner))
    too_big = diep_compressed(inner, declared=1 << 30)
    lies = diep_compressed(inner, declared=len(inner) + 1)
    events, tracker = run(DIEP, [nested, too_big, lies, diep_compressed(inner)])
    nest, big, lie = errors_of(events)
    assert isinstance(nest, LimitExceededError) and "0x02 packet inside a 0x02" in nest.message
    assert isinstance(big, LimitExceededError) and big.where.field_path == "body.lz4_block"
    assert isinstance(lie, DecompressionError) and lie.where.record == 2
    assert tracker.tick == 5


def test_diep_tracker_honours_max_tracked_objects():
    creations = b"".join(diep_full_creation(i) for i in (1, 2, 3))
    events, tracker = run(DIEP, [diep_update([], creations, 3)], Limits(max_tracked_objects=2))
    [full] = errors_of(events)
    assert "creation of entity 3 (hash 1) not tracked" in full.message
    assert (full.dropped, full.dropped_unit) == (1, "entities")
    assert full.where.field_path == "body.upcreates[2]"
    assert sorted(tracker.entities) == [1, 2]


# -- memory, in a child process running the command line ----------------------------------

_PEAK = ("import resource, subprocess, sys\n"
         "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")


def peak_rss_kb(args):
    out = subprocess.run([sys.executable, "-c", _PEAK, *args], capture_output=True,
                         text=True, check=True)
    return int(out.stdout.strip())


@pytest.mark.parametrize("attack", ["sm-sub-update-bomb", "sm-compound-bomb",
                                    "sm-lua-depth-bomb", "sm-lua-value-bomb", "sm-blob-bomb",
                                    "sm-blob-payload-bomb", "diep-deletion-bomb"])
def test_attack_memory_stays_bounded(attack, tmp_path: Path):
    protocol, make = ATTACKS[attack]
    capture = tmp_path / f"{attack}.jsonl"
    capture.write_text(jsonl(make()))
    wirestruct = Path(sys.executable).with_name("wirestruct")
    peak = peak_rss_kb([str(wirestruct), "decode", "-p", protocol, str(capture)])
    assert 10_000 < peak < 256 * 1024, f"{attack}: peak RSS {peak} KB"


def test_attack_captures_are_valid_json_lines():
    for _, make in ATTACKS.values():
        for line in jsonl(make()[-1:]).splitlines():
            assert bytes.fromhex(json.loads(line)["data"])


def test_lz4_bomb_is_a_real_lz4_block():
    bomb = sm_sub_update_bomb(100)
    body = lz4.block.decompress(bomb[1:], uncompressed_size=4 + 700)
    assert body[4:11] == sm_raw_update(sm_remove(7))


def test_diep_truncated_update_fails_alone():
    full = diep_update([], diep_full_creation(4), 1)
    cut = full[:-5]
    events, tracker = run(DIEP, [diep_update([], diep_full_creation(3), 1), cut,
                                 diep_compressed(cut), diep_update([], tick=8)])
    plain, wrapped = errors_of(events)
    assert isinstance(plain, ParseError) and plain.where.record == 1
    assert ".body.upcreates[0].body." in plain.where.field_path
    assert plain.where.offset >= len(cut) - 5
    assert isinstance(wrapped, ParseError) and wrapped.where.record == 2
    assert list(tracker.entities) == [3] and tracker.tick == 8


def test_sm_decoder_remembers_controller_types_of_max_tracked_objects_at_most():
    limits = Limits(max_tracked_objects=2)
    decoder = SM.decoder(limits=limits)
    body = sm_update_body(b"".join(sm_raw_update(sm_create_static(i)) for i in range(1, 6)))
    records = [CaptureRecord(0, 0.0, Direction.S2C, sm_lz4(22, body))]
    events = list(decode_records(records, decoder))
    assert errors_of(events) == []
    assert sorted(key[2] for key in decoder._controller_types) == [
        struct.pack(">I", 1), struct.pack(">I", 2)]
