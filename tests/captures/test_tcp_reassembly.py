"""HalfStream, the sans-I/O TCP reassembler, fed segments directly."""
from __future__ import annotations

import random

from wirestruct.captures.tcp_reassembly import Chunk, Gap, HalfStream, Rejected

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


def test_no_syn_starts_at_the_first_byte_seen():
    half = HalfStream()
    assert half.add(5000, b"", syn=False) == []       # a bare ACK does not start it
    assert collect(half.add(5000, b"xyz")) == (b"xyz", [])
    assert collect(half.add(4990, b"0123456789xyz!")) == (b"!", [])


def test_held_bytes_over_the_limit_become_a_gap():
    half = HalfStream(limit=250)
    half.add(0, b"", syn=True)
    assert collect(feed(half, 0, [(0, 100), (200, 400)])) == (DATA[:100], [])
    assert half.held_bytes == 200
    got, gaps = collect(feed(half, 0, [(500, 600)]))       # 300 held > 250
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


def test_acknowledged_hole_is_a_gap_once_the_sender_moves_on():
    half = HalfStream()
    half.add(0, b"", syn=True)
    collect(feed(half, 0, [(0, 10)]))
    half.acknowledged(1 + 50)             # the peer has bytes 0..49
    got, gaps = collect(feed(half, 0, [(60, 70)]))
    assert gaps == [(10, 50)] and got == b""
    assert half.next_offset == 50 and half.held_bytes == 10
    got, gaps = collect(feed(half, 0, [(50, 60)]))
    assert gaps == [] and got == DATA[50:70]


def test_acknowledgment_of_bytes_still_coming_is_not_a_gap():
    half = HalfStream()
    half.add(0, b"", syn=True)
    half.acknowledged(1 + 20)
    got, gaps = collect(feed(half, 0, [(0, 20)]))
    assert (got, gaps) == (DATA[:20], [])


def test_gap_value_object():
    assert Gap(3, 10).size == 7
