"""The StreamDecoder base: framing across records, per stream and direction.

Uses a minimal length-prefixed framing (u1 id, u1 length of the body) so the base's
buffering is tested on its own: whole, one byte at a time, and with trailing bytes.
"""
from typing import Iterator


from wirestruct.errors import LimitExceededError, ParseError, TruncatedStreamError
from wirestruct.events import ErrorEvent, PacketEvent
from wirestruct.limits import Limits
from wirestruct.protocol import PacketContext, StreamDecoder
from wirestruct.records import CaptureRecord, Direction
from wirestruct.session import decode_records


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
