"""The StreamDecoder base: framing across records, per stream and direction.

Uses a minimal length-prefixed framing (u1 id, u1 length of the body) so the base's
buffering is tested on its own: whole, one byte at a time, and with trailing bytes.
"""
import itertools
import random
import sys
from collections.abc import Iterator

from wirestruct.core.decoder import PacketContext, StreamDecoder
from wirestruct.core.errors import (
    FramingError,
    LimitExceededError,
    ParseError,
    StreamGapError,
    TruncatedStreamError,
)
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records


class TinyDecoder(StreamDecoder):
    header_size = 2

    def packet_length(self, header: bytes, direction: Direction) -> int:
        return 2 + header[1]

    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[PacketEvent]:
        if data[0] == 0xEE:
            raise ParseError("id 0xEE is refused", offset=ctx.offset)
        yield self.make_packet(ctx, data[0], f"p{data[0]}", data[2:], data)


STREAM = bytes([1, 3, 10, 11, 12, 2, 0, 3, 1, 99])


def run(chunks, direction=Direction.S2C, stream=0, **kw):
    records = [CaptureRecord(i, float(i), direction, c, stream) for i, c in enumerate(chunks)]
    return list(decode_records(records, TinyDecoder(**kw)))


def summary(events):
    return [(e.packet_id, e.packet, e.record) if isinstance(e, PacketEvent)
            else ("error", type(e.error).__name__, e.record) for e in events]


def test_whole():
    assert summary(run([STREAM])) == [(1, b"\x0a\x0b\x0c", 0), (2, b"", 0), (3, b"\x63", 0)]


def test_one_byte_at_a_time():
    events = run([STREAM[i:i + 1] for i in range(len(STREAM))])
    assert summary(events) == [(1, b"\x0a\x0b\x0c", 4), (2, b"", 6), (3, b"\x63", 9)]
    assert [e.index for e in events] == [0, 1, 2]


def test_trailing_bytes_are_reported_as_truncation_at_close():
    events = run([STREAM + bytes([4, 5, 1, 2])])
    assert summary(events)[:3] == [(1, b"\x0a\x0b\x0c", 0), (2, b"", 0), (3, b"\x63", 0)]
    err = events[3]
    assert isinstance(err, ErrorEvent) and isinstance(err.error, TruncatedStreamError)
    assert err.error.where.offset == len(STREAM)
    assert err.error.expected == "7 bytes"
    assert "4 bytes left over" in err.error.message


def test_directions_and_streams_are_framed_separately():
    records = [CaptureRecord(0, 0.0, Direction.S2C, b"\x01\x02\xaa"),
               CaptureRecord(1, 0.1, Direction.C2S, b"\x05\x00"),
               CaptureRecord(2, 0.2, Direction.S2C, b"\xbb", stream=0),
               CaptureRecord(3, 0.3, Direction.S2C, b"\x06\x00", stream=1)]
    events = list(decode_records(records, TinyDecoder()))
    assert [(e.packet_id, e.direction, e.stream, e.packet) for e in events] == [
        (5, Direction.C2S, 0, b""), (1, Direction.S2C, 0, b"\xaa\xbb"), (6, Direction.S2C, 1, b"")]


def test_a_bad_packet_is_an_error_event_and_framing_goes_on():
    events = run([bytes([1, 0, 0xEE, 1, 7, 2, 0])])
    assert summary(events) == [(1, b"", 0), ("error", "ParseError", 0), (2, b"", 0)]
    assert events[1].error.where.offset == 2 and events[1].error.where.packet_index == 1


def test_oversized_packet_breaks_only_its_stream():
    records = [CaptureRecord(0, 0.0, Direction.S2C, bytes([1, 200]) + bytes(10)),
               CaptureRecord(1, 0.1, Direction.C2S, bytes([2, 0]))]
    events = list(decode_records(records, TinyDecoder(limits=Limits(max_packet=100))))
    assert isinstance(events[0], ErrorEvent) and isinstance(events[0].error, LimitExceededError)
    assert isinstance(events[1], PacketEvent) and events[1].packet_id == 2


# -- resynchronization -------------------------------------------------------------------

class SyncDecoder(StreamDecoder):
    """A packet: 0xA5, u1 body length, body. The magic byte lets resync find packets."""

    header_size = 2

    def packet_length(self, header: bytes, direction: Direction) -> int:
        if header[0] != 0xA5:
            raise FramingError(f"bad magic 0x{header[0]:02x}", expected="0xa5")
        return 2 + header[1]

    def resync(self, data, direction):
        at = bytes(data).find(b"\xa5")
        return (at, True) if at >= 0 else (len(data), False)

    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[PacketEvent]:
        yield self.make_packet(ctx, data[2] if len(data) > 2 else 0, "p", data[2:], data,
                               {"offset": ctx.offset})


def packet(body: bytes) -> bytes:
    return bytes([0xA5, len(body)]) + body


def gap(stream, direction, start, size, record):
    return StreamGapError(f"{size} bytes missing", stream=stream, direction=direction,
                          record=record, span=(start, start + size), dropped=size)


def kinds(events):
    return [(type(e.error).__name__, e.error.where.span, e.error.dropped)
            if isinstance(e, ErrorEvent) else ("packet", e.packet) for e in events]


def test_after_a_gap_the_cut_packet_is_reported_and_resync_finds_the_next():
    p1, p2, p3 = packet(b"\x01\x02\x03"), packet(b"\x10" * 6), packet(b"\x20")
    # Stream: p1 (5) | p2 (8): the gap takes bytes 7..9 of it | p3 (3)
    items = [CaptureRecord(0, 0.0, Direction.S2C, p1 + p2[:2]),
             gap(0, "s2c", 7, 3, 1),
             CaptureRecord(2, 0.2, Direction.S2C, p2[5:] + p3)]
    events = list(decode_records(items, SyncDecoder()))
    assert kinds(events) == [
        ("packet", b"\x01\x02\x03"),
        ("TruncatedStreamError", (5, 7), 2),        # p2's start, cut by the gap
        ("StreamGapError", (7, 10), 3),
        ("ResyncError", (10, 13), 3),               # p2's tail, skipped up to the magic
        ("packet", b"\x20")]
    assert events[3].error.where.offset == 10 and events[4].record == 2
    assert [e.index for e in events if isinstance(e, PacketEvent)] == [0, 3]


def test_a_bad_header_is_reported_and_resync_skips_to_the_next_packet():
    stream = packet(b"\x01") + b"\x00\x07garbage" + packet(b"\x02") + packet(b"\x03")
    events = run_with(SyncDecoder(), [stream[i:i + 3] for i in range(0, len(stream), 3)])
    assert kinds(events) == [
        ("packet", b"\x01"), ("FramingError", None, None), ("ResyncError", (3, 12), 9),
        ("packet", b"\x02"), ("packet", b"\x03")]
    assert events[1].error.where.offset == 3
    assert accounted(events) == len(stream)


def test_an_oversized_length_resyncs_instead_of_ending_the_stream():
    stream = packet(b"\x01") + bytes([0xA5, 200]) + b"\x00" * 5 + packet(b"\x02")
    events = run_with(SyncDecoder(limits=Limits(max_packet=100)), [stream])
    assert kinds(events) == [("packet", b"\x01"), ("LimitExceededError", None, None),
                             ("ResyncError", (3, 10), 7), ("packet", b"\x02")]
    assert accounted(events) == len(stream)


def test_resync_never_accepts_the_boundary_that_just_failed():
    class Stubborn(SyncDecoder):
        def resync(self, data, direction):
            return 0, True          # always "here": the failed header must still be skipped

    stream = b"\x00\x01" + packet(b"\x05")
    events = run_with(Stubborn(), [stream])
    assert kinds(events) == [("FramingError", None, None), ("ResyncError", (0, 1), 1),
                             ("FramingError", None, None), ("ResyncError", (1, 2), 1),
                             ("packet", b"\x05")]


def test_long_resync_runs_are_reported_at_the_scan_limit_and_memory_stays_bounded():
    class Waiting(SyncDecoder):
        def resync(self, data, direction):
            return 0, False         # never decides: the decoder must still bound its buffer

    decoder = Waiting(limits=Limits(max_resync_scan=100))
    items = [CaptureRecord(0, 0.0, Direction.C2S, packet(b"\x01") + b"\xa5\x20" + b"\x00" * 8),
             gap(0, "c2s", 13, 7, 1)]
    items += [CaptureRecord(i, 0.0, Direction.C2S, b"\x11" * 45) for i in range(2, 12)]
    events = list(decode_records(items, decoder))
    assert max(len(s.buf) for s in decoder._framing.values()) <= 100
    assert kinds(events) == [
        ("packet", b"\x01"), ("TruncatedStreamError", (3, 13), 10), ("StreamGapError", (13, 20), 7),
        ("ResyncError", (20, 120), 100), ("ResyncError", (120, 220), 100),
        ("ResyncError", (220, 320), 100), ("ResyncError", (320, 420), 100),
        ("ResyncError", (420, 470), 50)]
    assert "still looking" in events[3].error.message
    assert "still looking" not in events[-1].error.message     # the rest, at close


def test_default_resync_skips_everything_and_counts_it():
    items = [CaptureRecord(0, 0.0, Direction.S2C, bytes([1, 1, 9, 2])),
             gap(0, "s2c", 4, 100, 1),
             CaptureRecord(2, 0.1, Direction.S2C, bytes([2, 0, 3, 0])),
             CaptureRecord(3, 0.2, Direction.C2S, bytes([5, 0]))]
    events = list(decode_records(items, TinyDecoder()))
    assert kinds(events) == [("packet", b"\x09"), ("TruncatedStreamError", (3, 4), 1),
                             ("StreamGapError", (4, 104), 100), ("packet", b""),
                             ("ResyncError", (104, 108), 4)]
    assert events[3].direction is Direction.C2S       # the other direction is unaffected


def test_gap_in_a_direction_that_has_seen_nothing_yet():
    items = [gap(3, "c2s", 0, 10, 0), CaptureRecord(1, 0.0, Direction.C2S, b"zz" + packet(b"q"),
                                                    stream=3)]
    events = list(decode_records(items, SyncDecoder()))
    assert kinds(events) == [("StreamGapError", (0, 10), 10), ("ResyncError", (10, 12), 2),
                             ("packet", b"q")]
    assert events[2].stream == 3


def test_a_packet_that_fails_to_decode_names_its_bytes():
    events = run([bytes([1, 0, 0xEE, 1, 7, 2, 0])])
    assert (events[1].error.dropped, events[1].error.where.span) == (3, (2, 5))


def test_random_damage_every_byte_accounted_for():
    rng = random.Random(5)
    for _ in range(100):
        stream = b"".join(packet(rng.randbytes(rng.randint(0, 6)))
                          if rng.random() < 0.8 else rng.randbytes(rng.randint(1, 5))
                          for _ in range(30))
        items, pos, index = [], 0, 0
        while pos < len(stream):
            size = rng.randint(1, 12)
            if rng.random() < 0.15:
                items.append(gap(0, "s2c", pos, min(size, len(stream) - pos), index))
            else:
                items.append(CaptureRecord(index, 0.0, Direction.S2C, stream[pos:pos + size]))
            pos += size
            index += 1
        decoder = SyncDecoder(limits=Limits(max_resync_scan=rng.choice([3, 50, 1000])))
        events = list(decode_records(items, decoder))
        assert accounted(events) == len(stream)
        spans = sorted(span_of(e) for e in events
                       if isinstance(e, PacketEvent) or e.error.dropped is not None)
        assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))   # no byte twice
        assert spans[0][0] == 0 and spans[-1][1] == len(stream)


def span_of(event):
    if isinstance(event, PacketEvent):
        return (event.expansions["offset"], event.expansions["offset"] + len(event.raw))
    return event.error.where.span


def run_with(decoder, chunks, direction=Direction.S2C):
    records = [CaptureRecord(i, float(i), direction, c) for i, c in enumerate(chunks)]
    return list(decode_records(records, decoder))


def accounted(events):
    """Bytes framed into packets plus bytes named as dropped."""
    total = 0
    for event in events:
        if isinstance(event, PacketEvent):
            total += len(event.raw)
        elif event.error.dropped is not None and event.error.dropped_unit == "bytes":
            total += event.error.dropped
    return total


def test_mme_resync_after_a_gap():
    from wirestruct.protocols.mme.decoder import MmeDecoder
    # MME's own resync (the base's skips the rest of the stream, which decodes nothing more)
    assert "resync" in vars(MmeDecoder) and MmeDecoder.resync is not StreamDecoder.resync
    from pathlib import Path

    from wirestruct.captures import open_capture
    path = Path(__file__).parent / "data" / "mme" / "session.jsonl"
    with open_capture(path) as capture:
        records = [r for r in capture if isinstance(r, CaptureRecord)]
    s2c = [r for r in records if r.direction is Direction.S2C]
    whole = list(decode_records(records, MmeDecoder()))
    total = [e for e in whole if isinstance(e, PacketEvent) and e.parent is None
             and e.direction is Direction.S2C]
    # Cut 3 bytes out of the middle of the server's stream.
    victim = s2c[len(s2c) // 2]
    offset = sum(len(r.data) for r in s2c[:len(s2c) // 2])
    assert len(victim.data) > 6            # the cut below happens: 2 bytes kept, 3 cut
    items = []
    for r in records:
        if r is victim:
            items += [CaptureRecord(r.index, r.t, r.direction, r.data[:2], r.stream),
                      gap(r.stream, "s2c", offset + 2, 3, r.index),
                      CaptureRecord(r.index, r.t, r.direction, r.data[5:], r.stream)]
        else:
            items.append(r)
    events = list(decode_records(items, MmeDecoder()))
    got = [e for e in events if isinstance(e, PacketEvent) and e.parent is None
           and e.direction is Direction.S2C]
    assert len(got) >= len(total) - 3                  # decoding went on after the gap
    assert got[-1].raw == total[-1].raw
    s2c_events = [e for e in events if (isinstance(e, PacketEvent) and e.parent is None
                                        and e.direction is Direction.S2C)
                  or (isinstance(e, ErrorEvent) and e.direction is Direction.S2C)]
    assert accounted(s2c_events) == sum(len(r.data) for r in s2c)


def test_a_zero_length_or_a_failing_packet_length_cannot_stall_the_framer():
    class Zero(SyncDecoder):
        def packet_length(self, header, direction):
            if header[1] == 0:
                return 0
            if header[1] == 0xFF:
                raise IndexError("broken")
            return super().packet_length(header, direction)

    stream = b"\xa5\x00" + b"\xa5\xff" + packet(b"\x07")
    events = run_with(Zero(), [stream])
    assert kinds(events) == [("FramingError", None, None), ("ResyncError", (0, 2), 2),
                             ("FramingError", None, None), ("ResyncError", (2, 4), 2),
                             ("packet", b"\x07")]
    assert "packet length 0" in events[0].error.message
    assert "IndexError: broken" in events[2].error.message


def test_a_resync_that_keeps_its_view_does_not_break_the_buffer():
    kept = []

    class Keeper(SyncDecoder):
        def resync(self, data, direction):
            kept.append(data[:4])            # a slice kept past the call
            return super().resync(data, direction)

    events = run_with(Keeper(), [b"\x00\x01\x02", b"\x03" + packet(b"\x09"), packet(b"\x0a")])
    assert kinds(events) == [("FramingError", None, None), ("ResyncError", (0, 4), 4),
                             ("packet", b"\x09"), ("packet", b"\x0a")]
    assert bytes(kept[0]) == b"\x00\x01\x02"


def test_resync_work_is_linear_in_the_bytes_skipped():
    class Strict(SyncDecoder):
        def packet_length(self, header, direction):
            if header[1] == 0xFF:
                raise FramingError("length 0xff is reserved")
            return super().packet_length(header, direction)

        def resync(self, data, direction):
            for i in range(len(data)):
                if data[i] == 0xA5:
                    return i, True
            return len(data), False

    def work(n):
        calls = 0

        def count(frame, event, arg):
            nonlocal calls
            calls += event in ("call", "c_call")
        decoder = Strict()
        record = CaptureRecord(0, 0.0, Direction.S2C, b"\xa5\xff" * n + packet(b"\x01"))
        sys.setprofile(count)
        try:
            events = decoder.feed(record) + decoder.close()
        finally:
            sys.setprofile(None)
        assert events[-1].packet == b"\x01" and len(events) == 2 * n + 1
        return calls

    small, large = work(300), work(2400)
    assert large < 9 * small, (small, large)
