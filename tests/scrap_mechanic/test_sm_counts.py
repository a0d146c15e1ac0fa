"""The list counts of 02, 06 and the BlobData packets, walked before the body is parsed
(``counts``), against the specs' parse on every vector; counts that exceed the item budget
or could not fit are refused with their offset."""
from __future__ import annotations

import struct

import lz4.block
import pytest
import sm_pages as pages
from wirestruct.core.errors import DecodeError, LimitExceededError, WirestructError
from wirestruct.core.parse import parse
from wirestruct.protocols.scrap_mechanic import counts
from wirestruct.protocols.scrap_mechanic.decoder import BODY_CLASSES

COUNTED = [v for v in pages.VECTORS if v.packet_id in counts.COUNTED]


def parsed_items(packet_id: int, obj) -> int:
    if packet_id == counts.SERVER_INFO:
        return len(obj.mods) + len(obj.script_data) + len(obj.generic_data)
    if packet_id == counts.FILE_CHECKSUMS:
        return len(obj.checksums)
    if packet_id == counts.CONTAINER_TRANSACTION:
        return (getattr(obj, "transaction", None) is not None) + len(
            getattr(obj, "more_transactions", None) or [])
    return len(obj.blobs)


@pytest.mark.parametrize("vector", COUNTED, ids=lambda v: v.name)
def test_counts_are_the_parsed_entries(vector):
    obj = parse(BODY_CLASSES[vector.packet_id], vector.body)
    items = parsed_items(vector.packet_id, obj)
    assert counts.count_items(vector.packet_id, vector.body, 1 << 30) == items
    if items:
        with pytest.raises(LimitExceededError):
            counts.count_items(vector.packet_id, vector.body, items - 1)


def test_every_counted_packet_has_vectors():
    assert {v.packet_id for v in COUNTED} == counts.COUNTED


def test_counts_that_lie():
    with pytest.raises(DecodeError) as info:
        counts.count_items(6, struct.pack(">I", 1000) + b"\0" * 40, 1 << 20)
    assert "1000 checksums declared but only 40 bytes follow" in info.value.message
    assert info.value.where.offset == 0 and info.value.where.field_path == "num_checksums"
    with pytest.raises(LimitExceededError) as info:
        counts.count_items(6, struct.pack(">I", 1 << 30), 8192)
    assert "at most 8192 items" in str(info.value)
    server_info = struct.pack(">5I", 1, 2, 3, 4, 1 << 28) + b"\0" * 48
    with pytest.raises(DecodeError) as info:
        counts.count_items(2, server_info, 1 << 30)
    assert (info.value.where.offset, info.value.where.field_path) == (16, "num_mods")


def test_blob_entries_are_counted_to_the_budget():
    blob = (b"\x11" * 16 + struct.pack(">H", 0) + struct.pack(">HBI", 1, 7, 1)
            + lz4.block.compress(b"", store_size=False))
    body = struct.pack(">I", 1) + blob * 10
    assert counts.count_items(0x19, body, 10) == 10
    with pytest.raises(LimitExceededError) as info:
        counts.count_items(0x19, body, 9)
    assert info.value.where.field_path == "blobs[9]" and info.value.where.offset == 4 + 9 * 26
    assert info.value.dropped == 26


def test_cut_bodies_stop_the_walk():
    """Every cut of every vector: a count that no longer fits is refused naming its field
    and an offset inside the cut body; otherwise the walk counts no more entries than
    the whole body holds, never fewer as the cut grows, and exactly as many as the specs'
    parse of the cut body finds whenever that parse succeeds."""
    for vector in COUNTED:
        whole = parsed_items(vector.packet_id, parse(BODY_CLASSES[vector.packet_id], vector.body))
        walked = []
        for cut in range(len(vector.body)):
            body = vector.body[:cut]
            try:
                items = counts.count_items(vector.packet_id, body, 1 << 30)
            except DecodeError as err:  # the parse would fail too
                assert err.where.field_path and 0 <= err.where.offset <= cut, (vector.name, cut)
                continue
            assert 0 <= items <= whole, (vector.name, cut)
            walked.append(items)
            try:
                obj = parse(BODY_CLASSES[vector.packet_id], body)
            except WirestructError:
                continue
            assert items == parsed_items(vector.packet_id, obj), (vector.name, cut)
        assert walked == sorted(walked), vector.name
