"""HalfStream, the sans-I/O TCP reassembler, fed segments directly."""
from __future__ import annotations

import random
import sys

from wirestruct.captures.flows.tcp_reassembly import (
    ACKED_HOLE_WAIT,
    SEGMENT_OVERHEAD,
    Budget,
    Chunk,
    Gap,
    HalfStream,
    Rejected,
)

DATA = random.Random(1).randbytes(3000)


def collect(deliveries):
    out = b""
    gaps = []
    for item in deliveries:
        if isinstance(item, Chunk):
            out += item.data
        elif isinstance(item, Gap):
            gaps.append((item.start, item.end))
    return out, gaps


def rejected(deliveries):
    return [(r.kind, r.start, r.end, r.count) for r in deliveries if isinstance(r, Rejected)]


def feed(half, isn, pieces):
    deliveries = []
    for start, end in pieces:
        deliveries += half.add((isn + 1 + start) % 2**32, DATA[start:end])
    return deliveries


def test_one_byte_at_a_time_in_order_and_offsets():
    half = HalfStream()
    assert half.add(100, b"", syn=True) == []
    deliveries = feed(half, 100, [(i, i + 1) for i in range(len(DATA))])
    assert [d.offset for d in deliveries] == list(range(len(DATA)))
    assert collect(deliveries) == (DATA, [])
    assert half.next_offset == len(DATA) and half.held_bytes == 0


def test_any_order_any_overlap_gives_the_stream():
    rng = random.Random(2)
    for _ in range(50):
        isn = rng.choice([0, 2**32 - 1, 2**32 - 1500, rng.randrange(2**32)])
        pieces = []
        for _ in range(60):
            start = rng.randrange(len(DATA))
            pieces.append((start, min(len(DATA), start + rng.randint(1, 400))))
        pieces += [(i, i + 100) for i in range(0, len(DATA), 100)]   # every byte at least once
        rng.shuffle(pieces)
        half = HalfStream()
        half.add(isn, b"", syn=True)
        got, gaps = collect(feed(half, isn, pieces))
        assert gaps == [] and got == DATA
        assert half.held_bytes == 0 and half.flush() == []


def test_sequence_numbers_wrap():
    half = HalfStream()
    half.add(2**32 - 3, b"", syn=True)          # data starts at 2^32 - 2
    out = half.add(2**32 - 2, b"abcd")
    out += half.add(2, b"ef")
    assert collect(out) == (b"abcdef", [])
    # Far along a long stream, offsets stay 64-bit.
    half.next_offset = 5 * 2**32 + 10
    assert half.offset_of((half.isn + 10) % 2**32) == 5 * 2**32 + 10
    assert half.offset_of((half.isn + 5) % 2**32) == 5 * 2**32 + 5      # a retransmission
    assert half.offset_of((half.isn + 2**31 + 9) % 2**32) == 5 * 2**32 + 2**31 + 9


def test_no_syn_starts_at_the_first_sequence_number_seen():
    half = HalfStream()
    assert collect(half.add(5000, b"xyz")) == (b"xyz", [])
    assert collect(half.add(4990, b"0123456789xyz!")) == (b"!", [])
    half = HalfStream()
    assert half.add(7000, b"") == [] and half.isn == 7000   # a bare ACK: the next byte
    assert half.add(6999, b"\x00") == []                     # a keep-alive: not data
    assert collect(half.add(7000, b"abc")) == (b"abc", [])
    assert half.next_offset == 3


def test_held_bytes_over_the_limit_become_a_gap():
    half = HalfStream(limit=250 + 2 * SEGMENT_OVERHEAD)     # two held segments fit
    half.add(0, b"", syn=True)
    assert collect(feed(half, 0, [(0, 100), (200, 400)])) == (DATA[:100], [])
    assert half.held_bytes == 200
    got, gaps = collect(feed(half, 0, [(500, 600)]))       # 300 held + 2 x overhead: over
    assert gaps == [(100, 200)] and got == DATA[200:400]
    assert half.held_bytes == 100 and half.next_offset == 400
    late = feed(half, 0, [(100, 200)])                      # too late: dropped, reported
    assert collect(late) == (b"", []) and rejected(late) == [("late", 100, 200, 100)]
    got, gaps = collect(half.flush())
    assert gaps == [(400, 500)] and got == DATA[500:600]


def test_fin_ends_the_stream_and_flush_reports_a_missing_tail():
    half = HalfStream()
    half.add(0, b"", syn=True)
    out = half.add(1, DATA[:10])
    out += half.add(21, DATA[20:30], fin=True)              # FIN after offset 30
    assert collect(out) == (DATA[:10], [])
    assert half.fin_offset == 30 and not half.finished
    assert rejected(half.add(31, b"after the FIN")) == [("after_end", 30, 43, 13)]
    got, gaps = collect(half.flush())
    assert gaps == [(10, 20)] and got == DATA[20:30]
    assert half.finished


def test_acknowledged_hole_is_a_gap_once_the_sender_has_moved_on_for_a_while():
    half = HalfStream()
    half.add(0, b"", syn=True)
    collect(feed(half, 0, [(0, 10)]))
    half.acknowledged(1 + 50)             # the peer has bytes 0..49
    got, gaps = collect(feed(half, 0, [(60, 70)]))
    assert (got, gaps) == (b"", []) and half.held_bytes == 10
    out = []
    for _ in range(ACKED_HOLE_WAIT):      # bare acknowledgments of the sender
        out += half.add(1 + 70, b"")
    got, gaps = collect(out)
    assert gaps == [(10, 50)] and got == b""
    assert half.next_offset == 50 and half.held_bytes == 10
    got, gaps = collect(feed(half, 0, [(50, 60)]))
    assert gaps == [] and got == DATA[50:70]


def test_acknowledged_data_arriving_after_later_data_is_delivered():
    """Multi-queue captures: the acknowledgment, and the next segment, before the data."""
    half = HalfStream()
    half.add(0, b"", syn=True)
    out = feed(half, 0, [(0, 100)])
    half.acknowledged(1 + 300)
    out += feed(half, 0, [(200, 300), (100, 200), (300, 400)])
    assert collect(out) == (DATA[:400], [])
    assert half.flush() == []


def test_an_acknowledgment_past_everything_seen_is_no_gap():
    half = HalfStream()
    half.add(0, b"", syn=True)
    half.acknowledged(1 + 10**6)          # nothing after the delivery point was seen
    out = feed(half, 0, [(0, 100)])
    for _ in range(2 * ACKED_HOLE_WAIT):
        out += half.add(1 + 100, b"")
    assert collect(out + half.flush()) == (DATA[:100], [])


def test_acknowledgment_of_bytes_still_coming_is_not_a_gap():
    half = HalfStream()
    half.add(0, b"", syn=True)
    half.acknowledged(1 + 20)
    got, gaps = collect(feed(half, 0, [(0, 20)]))
    assert (got, gaps) == (DATA[:20], [])


def test_gap_value_object():
    assert Gap(3, 10).size == 7


def test_a_retransmission_with_other_bytes_is_a_conflict_and_the_first_copy_is_kept():
    half = HalfStream()
    half.add(0, b"", syn=True)
    first = collect(feed(half, 0, [(0, 100)]))
    assert first == (DATA[:100], [])
    same = half.add(1 + 40, DATA[40:60])
    assert same == []                                  # an equal copy passes quietly
    altered = bytearray(DATA[40:120])
    altered[5] ^= 1
    altered[9] ^= 1
    out = half.add(1 + 40, bytes(altered))
    assert rejected(out) == [("conflict", 45, 50, 5)]   # first..last differing byte
    assert "2 of the 5 bytes differ" in out[0].detail
    assert collect(out) == (DATA[100:120], [])         # the new tail is delivered


def test_held_copies_that_disagree_keep_the_one_starting_earlier():
    half = HalfStream()
    half.add(0, b"", syn=True)
    other = bytes(b ^ 0xFF for b in DATA[50:70])
    out = half.add(1 + 50, other)                      # held
    out += half.add(1 + 40, DATA[40:80])               # held, overlaps with other bytes
    out += half.add(1, DATA[:40])                      # fills the hole
    got, gaps = collect(out)
    assert got == DATA[:40] + DATA[40:80] and gaps == []
    assert rejected(out) == [("conflict", 50, 70, 20)]


def test_a_sequence_jump_far_outside_the_window_is_rejected_not_a_retransmission():
    half = HalfStream()
    half.add(1000, b"", syn=True)
    feed(half, 1000, [(0, 10)])
    jumped = half.add((1001 + 10 + 2**31 + 5) % 2**32, b"x" * 7)   # looks 2^31 - 5 behind
    assert [(r.kind, r.count) for r in jumped] == [("far", 7)]
    assert "sequence numbers" in jumped[0].detail
    ahead = half.add(1001 + 10 + 2**30 + 1, b"y" * 3)               # beyond any window
    assert [(r.kind, r.count) for r in ahead] == [("far", 3)]
    assert half.held_bytes == 0 and half.next_offset == 10
    assert collect(feed(half, 1000, [(10, 20)])) == (DATA[10:20], [])   # the stream goes on


def test_a_syn_with_another_isn_in_a_live_connection_is_rejected():
    half = HalfStream()
    half.add(500, b"", syn=True)
    feed(half, 500, [(0, 10)])
    assert half.add(500, b"", syn=True) == []                   # a repeated SYN
    out = half.add(9000, b"abc", syn=True)
    assert [(r.kind, r.count) for r in out] == [("syn", 3)]
    assert "9001" in out[0].detail and half.isn == 501


def test_a_shared_budget_caps_history_over_all_halves():
    budget = Budget(held_cap=10**6, history_cap=1000)
    halves = [HalfStream(history=600, budget=budget) for _ in range(3)]
    for half in halves:
        half.add(0, b"", syn=True)
        half.add(1, DATA[:600])
    assert budget.history <= 1000
    assert list(budget.keeping) == [halves[2]] and len(halves[2]._history) == 600
    assert halves[0]._history == bytearray()
    other = bytes(b ^ 1 for b in DATA[:600])
    assert halves[0].add(1, other) == []           # unchecked: dropped as a copy
    assert rejected(halves[2].add(1, other)) == [("conflict", 0, 600, 600)]
    for half in halves:
        half.close()
    assert budget.history == 0 and not budget.keeping


def test_a_shared_budget_counts_held_bytes_and_release_skips_the_first_hole():
    budget = Budget(held_cap=10**6, history_cap=10**6)
    half = HalfStream(budget=budget)
    half.add(0, b"", syn=True)
    feed(half, 0, [(100, 200), (300, 350)])
    assert budget.held == 150 + 2 * SEGMENT_OVERHEAD and list(budget.holding) == [half]
    got, gaps = collect(half.release())
    assert gaps == [(0, 100)] and got == DATA[100:200]
    assert budget.held == 50 + SEGMENT_OVERHEAD
    got, gaps = collect(half.flush())
    assert gaps == [(200, 300)] and got == DATA[300:350]
    assert budget.held == 0 and not budget.holding


def test_held_bytes_past_a_later_fin_are_rejected_when_drained():
    half = HalfStream()
    half.add(0, b"", syn=True)
    out = half.add(1 + 10, DATA[10:40])                 # held
    out += half.add(1 + 10, b"", fin=True)              # FIN says the stream ends at 10
    out += half.add(1, DATA[:10])
    assert collect(out) == (DATA[:10], []) and rejected(out) == [("after_end", 10, 40, 30)]


def _operations(run):
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1
    sys.setprofile(count)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


def _reverse_order_work(n, half_class=HalfStream):
    """Operations to reassemble n one-byte segments that arrive last first."""
    def run():
        half = half_class()
        half.add(0, b"", syn=True)
        for i in reversed(range(1, n)):
            half.add(1 + i, b"x")
        half.add(1, b"x")
        assert half.next_offset == n
    return _operations(run)


def test_held_segments_are_not_rescanned_per_arrival():
    small, large = _reverse_order_work(200), _reverse_order_work(1600)
    # Linear work, with heap operations' log factor: far below the 64x of a quadratic scan.
    assert large < 12 * small, (small, large)


def test_random_segments_every_position_once():
    """Any order, overlaps, altered copies, a small buffer: the delivered bytes and the
    gaps tile the stream exactly; every other byte fed is a conflict or late copy."""
    rng = random.Random(9)
    for _ in range(60):
        half = HalfStream(limit=rng.choice([50, 400, 10**6]), history=rng.choice([16, 4096]))
        half.add(0, b"", syn=True)
        out, fed, seen = [], 0, set()
        for _ in range(80):
            start = rng.randrange(1000)
            data = bytearray(DATA[start:start + rng.randint(1, 120)])
            if rng.random() < 0.2:
                data[rng.randrange(len(data))] ^= 0x55
            out += half.add(1 + start, bytes(data))
            fed += len(data)
            seen.update(range(start, start + len(data)))
        out += half.flush()
        position, again = 0, 0
        for item in out:
            if isinstance(item, Rejected):
                assert item.kind in ("conflict", "late")
                again += item.count
                continue
            first = item.offset if isinstance(item, Chunk) else item.start
            assert first == position
            position = item.offset + len(item.data) if isinstance(item, Chunk) else item.end
        assert position == max(seen) + 1 == half.next_offset
        assert half.held_bytes == 0


def test_tiny_held_segments_are_charged_their_bookkeeping():
    half = HalfStream(limit=100 * (1 + SEGMENT_OVERHEAD))
    half.add(0, b"", syn=True)
    out = []
    for i in range(1, 1000, 2):                  # 500 one-byte segments, each after a hole
        out += half.add(1 + i, b"x")
        assert len(half._heap) <= 100
    # 100 segments fit the budget; each of the other 400 forces out the oldest held one,
    # its one-byte hole (the even offsets 0, 2, ...) reported first
    assert [(g.start, g.size) for g in out if isinstance(g, Gap)] == [(2 * n, 1) for n in range(400)]
    assert sum(len(c.data) for c in out if isinstance(c, Chunk)) == 400 == 500 - half.held_bytes
