"""The wirestruct capture container: writer, streaming reader, and the generated spec."""
import io
import struct

import pytest
from wirestruct import open_capture
from wirestruct.captures.files.container import (
    MAGIC,
    ContainerReader,
    write_container,
    write_header,
    write_record,
)
from wirestruct.core.errors import CaptureError
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.generated.capture.wirestruct_capture import WirestructCapture

RECORDS = [
    CaptureRecord(0, 1700000000.5, Direction.C2S, b"\x00\x01\x02", stream=0),
    CaptureRecord(1, 1700000000.75, Direction.S2C, b"", stream=1),
    CaptureRecord(2, 1700000001.0, Direction.S2C, bytes(range(200)), stream=65535),
]


def container_bytes(records=RECORDS, protocol="mme") -> bytes:
    out = io.BytesIO()
    assert write_container(out, protocol, records) == len(records)
    return out.getvalue()


def test_layout_by_hand():
    data = container_bytes(RECORDS[:1])
    expected = (b"\x89WSCAP\r\n" + b"\x01" + b"\x03mme"
                + struct.pack("<d", 1700000000.5) + b"\x00" + b"\x00\x00" + b"\x03\x00\x00\x00"
                + b"\x00\x01\x02")
    assert data == expected


def test_generated_class_reads_the_whole_file_as_the_web_ide_does():
    cap = WirestructCapture.from_bytes(container_bytes())
    assert cap.version == 1 and cap.protocol == "mme"
    assert [(r.t, r.direction, r.stream, r.len_data, r.data) for r in cap.records] == [
        (r.t, WirestructCapture.Direction(int(r.direction)), r.stream, len(r.data), r.data)
        for r in RECORDS]
    assert cap._io.is_eof()


def test_round_trip_through_the_streaming_reader(tmp_path):
    path = tmp_path / "x.wscap"
    path.write_bytes(container_bytes(protocol="scrap-mechanic"))
    with open_capture(path) as capture:
        assert capture.format == "wscap" and capture.protocol == "scrap-mechanic"
        assert list(capture) == RECORDS


def test_truncated_record_ends_with_a_capture_error():
    data = container_bytes()[:-5]
    items = list(ContainerReader(io.BytesIO(data)))
    assert items[:2] == RECORDS[:2]
    err = items[2]
    assert isinstance(err, CaptureError)
    assert err.where.record == 2
    assert err.where.offset == len(container_bytes(RECORDS[:2]))
    assert "truncated" in str(err) and "data" in str(err)


def test_bad_direction_is_reported_and_reading_goes_on():
    data = bytearray(container_bytes())
    first = len(MAGIC) + 1 + 1 + 3
    data[first + 8] = 7
    items = list(ContainerReader(io.BytesIO(bytes(data))))
    assert isinstance(items[0], CaptureError) and "direction 7" in items[0].message
    assert items[1:] == RECORDS[1:]


@pytest.mark.parametrize("data, message", [
    (b"\x89WSCAX\r\n\x01", "not a wirestruct capture"),
    (MAGIC + b"\x02\x00", "container version 2"),
    (MAGIC + b"\x01\x05ab", "bad container header"),
])
def test_bad_headers(data, message):
    with pytest.raises(CaptureError, match=message):
        ContainerReader(io.BytesIO(data))


def test_a_record_over_max_record_is_skipped_unread_and_reading_goes_on():
    import tracemalloc

    from wirestruct.captures.files.container import _HEADER
    from wirestruct.core.errors import LimitExceededError

    out = io.BytesIO()
    write_header(out, "mme")
    write_record(out, CaptureRecord(0, 1.0, Direction.S2C, b"abc" * 500, 0))
    write_record(out, CaptureRecord(1, 2.0, Direction.C2S, b"ok", 0))
    # A header that declares 4 GiB of data, followed by 100 bytes: the length lies.
    out.write(_HEADER.pack(3.0, 1, 0, 0xFFFF_FFF0) + b"x" * 100)
    tracemalloc.start()
    items = list(ContainerReader(io.BytesIO(out.getvalue()), max_record=1000))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [type(i).__name__ for i in items] == ["LimitExceededError", "CaptureRecord",
                                                   "LimitExceededError"]
    first, record, lie = items
    assert isinstance(first, LimitExceededError) and first.dropped == 15 + 1500
    assert first.where.record == 0 and "1500 bytes" in first.message
    assert record.index == 1 and record.data == b"ok"
    assert lie.where.record == 2 and lie.dropped == 15 + 100   # the file ends inside it
    assert peak < 4 << 20                                       # nothing near 4 GiB was held
