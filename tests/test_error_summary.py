"""One packet of many failing parts: its first ``max_errors_per_packet`` errors are events,
the rest one LimitExceededError counting them by kind and the bytes they stand for; packet
indexes stay contiguous, and the summary is the packet's last event."""
from __future__ import annotations

import lz4.block
import pytest
from wirestruct import decode_records, get_protocol
from wirestruct.core.errors import LimitExceededError, ParseError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction


def network_update(n: int, tick: int = 1234) -> bytes:
    """A 22 whose LZ4 body is ``n`` raw sub-updates of one byte each (too short to parse)."""
    body = tick.to_bytes(4, "big") + bytes.fromhex("000300") * n
    return bytes([22]) + lz4.block.compress(body, store_size=False)


def decode(packets: list[bytes], limits: Limits = DEFAULT_LIMITS) -> list:
    records = [CaptureRecord(i, float(i), Direction.S2C, p) for i, p in enumerate(packets)]
    return list(decode_records(records, get_protocol("scrap-mechanic").decoder(limits=limits)))


@pytest.mark.parametrize("limit", [0, 1, 16])
def test_a_packet_of_many_failing_sub_updates_ends_in_one_summary(limit):
    events = decode([network_update(1000)], Limits(max_errors_per_packet=limit))
    assert isinstance(events[0], PacketEvent) and events[0].name == "network_update"
    errors = [e.error for e in events[1:]]
    assert len(events) == 1 + limit + 1
    assert [type(e) for e in errors[:limit]] == [ParseError] * limit
    assert [e.where.field_path for e in errors[:limit]] == [
        f"sub_updates[{i}]/SmNetworkUpdate.netobj_id" for i in range(limit)]
    summary = errors[-1]
    assert type(summary) is LimitExceededError
    assert str(summary.message) == (
        f"{1000 - limit} more errors in this packet not shown one by one "
        f"({1000 - limit} ParseError), the first at sub_updates[{limit}]/"
        "SmNetworkUpdate.netobj_id")
    assert summary.expected == (
        f"at most {limit} errors shown per packet (max_errors_per_packet)")
    assert summary.where.packet_name == "network_update"
    assert summary.where.offset == 4 + 3 * limit + 3   # the first one left out
    assert [e.index for e in events] == list(range(len(events)))


def test_the_count_starts_again_with_every_packet():
    events = decode([network_update(20), network_update(3), network_update(20)])
    kinds = [(type(e).__name__, type(e.error).__name__ if isinstance(e, ErrorEvent) else e.name)
             for e in events]
    one = [("PacketEvent", "network_update")] + [("ErrorEvent", "ParseError")] * 16 + \
        [("ErrorEvent", "LimitExceededError")]
    assert kinds == one + [("PacketEvent", "network_update")] + \
        [("ErrorEvent", "ParseError")] * 3 + one
    assert [e.index for e in events] == list(range(len(events)))
    assert events[17].error.message.startswith("4 more errors in this packet")


def test_errors_up_to_the_limit_are_all_shown():
    events = decode([network_update(16)])
    assert [type(e.error) for e in events[1:]] == [ParseError] * 16
