"""JSON Lines captures: the hook loggers' interchange format."""
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wirestruct.captures.files.jsonl import format_line, parse_line, read_jsonl, write_jsonl
from wirestruct.core.errors import CaptureError, LimitExceededError
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction


def read(text: bytes, **kw):
    return list(read_jsonl(io.BytesIO(text), **kw))


def test_reads_records_in_order_with_types():
    items = read(b'{"t": 1.5, "dir": "s2c", "data": "16ff00"}\n'
                 b'{"t": 2, "dir": "c2s", "data": ""}\n')
    assert items == [
        CaptureRecord(index=0, t=1.5, direction=Direction.S2C, data=b"\x16\xff\x00"),
        CaptureRecord(index=1, t=2.0, direction=Direction.C2S, data=b""),
    ]
    assert isinstance(items[1].t, float)


def test_blank_lines_crlf_no_final_newline_and_uppercase_hex():
    items = read(b'\n{"t":0,"dir":"S2C","data":"ABcd"}\r\n\r\n  \n{"t":1,"dir":"c2s","data":"00"}')
    assert [(r.index, r.direction, r.data) for r in items] == [
        (0, Direction.S2C, b"\xab\xcd"), (1, Direction.C2S, b"\x00")]


def test_stream_key_separates_connections():
    (rec,) = read(b'{"t": 0, "dir": "c2s", "data": "01", "stream": 3}\n')
    assert rec.stream == 3


@pytest.mark.parametrize("line, expected", [
    (b'not json', "not JSON"),
    (b'[1, 2]', "not a JSON object"),
    (b'{"dir": "s2c", "data": "00"}', "bad timestamp"),
    (b'{"t": true, "dir": "s2c", "data": "00"}', "bad timestamp"),
    (b'{"t": NaN, "dir": "s2c", "data": "00"}', "bad timestamp"),
    (b'{"t": 1, "dir": "up", "data": "00"}', "bad direction"),
    (b'{"t": 1, "dir": "s2c", "data": "0"}', "bad data"),
    (b'{"t": 1, "dir": "s2c", "data": "zz"}', "bad data"),
    (b'{"t": 1, "dir": "s2c", "data": 5}', "bad data"),
    (b'{"t": 1, "dir": "s2c", "data": "00", "stream": -1}', "bad stream"),
    # Read by the standard library where orjson refuses them, judged the same way:
    (b'{"t": 1, "dir": "s2c", "data": "00", "stream": 1180591620717411303424}', "bad stream"),
    (b'{"t": 1e400, "dir": "s2c", "data": "00"}', "bad timestamp inf"),
    (b'{"t": 1, "dir": "\\ud800", "data": "00"}', "bad direction"),
    (b'{"t": ' + b"[" * 60 + b"]" * 60 + b', "dir": "s2c", "data": "00"}',
     "bad timestamp (an array of 1)"),
    (b'{"t": 1, "dir": {"a": ' + b"[" * 60 + b"]" * 60 + b'}, "data": "00"}',
     "bad direction (an object of 1 keys)"),
])
def test_bad_lines_become_errors_and_reading_goes_on(line, expected):
    items = read(b'{"t": 0, "dir": "s2c", "data": "aa"}\n' + line + b'\n'
                 b'{"t": 2, "dir": "s2c", "data": "bb"}\n')
    assert isinstance(items[0], CaptureRecord) and items[0].data == b"\xaa"
    err = items[1]
    assert isinstance(err, CaptureError)
    assert expected in err.message and "line 2" in err.message
    assert err.where.record == 1
    assert isinstance(items[2], CaptureRecord) and items[2].index == 2 and items[2].data == b"\xbb"


def test_overlong_line_is_skipped_without_holding_it():
    big = b'{"t": 0, "dir": "s2c", "data": "' + b"00" * 5000 + b'"}\n'
    items = read(big + b'{"t": 1, "dir": "s2c", "data": "01"}\n', limits=Limits(max_record=100))
    assert isinstance(items[0], LimitExceededError)
    assert items[1] == CaptureRecord(index=1, t=1.0, direction=Direction.S2C, data=b"\x01")


def test_reads_a_stream_incrementally():
    class OneLineAtATime(io.BytesIO):
        def read(self, *a):
            raise AssertionError("whole-file read")

    reader = read_jsonl(OneLineAtATime(b'{"t": 0, "dir": "s2c", "data": "01"}\n' * 3))
    assert next(reader).data == b"\x01"


def test_round_trip():
    records = [CaptureRecord(0, 0.25, Direction.S2C, bytes(range(256))),
               CaptureRecord(1, 1e9 + 0.123456, Direction.C2S, b"", stream=2)]
    out = io.StringIO()
    assert write_jsonl(out, records) == 2
    assert format_line(records[1]) == '{"t": 1000000000.123456, "dir": "c2s", "data": "", "stream": 2}'
    assert read(out.getvalue().encode()) == records


def test_a_record_over_max_record_is_an_error_and_reading_goes_on():
    from wirestruct.captures.files.jsonl import read_jsonl
    from wirestruct.core.errors import LimitExceededError
    lines = (b'{"t": 1, "dir": "s2c", "data": "' + b"ab" * 300 + b'"}\n'
             b'{"t": 2, "dir": "s2c", "data": "0102"}\n')
    first, second = read_jsonl(io.BytesIO(lines), limits=Limits(max_record=100))
    assert isinstance(first, LimitExceededError) and first.dropped == 300
    assert "line 1" in first.message and first.where.record == 0
    assert second.data == b"\x01\x02" and second.index == 1


@pytest.mark.parametrize("line, message", [
    (b'{"t": ' + b"[" * 5000 + b"]" * 5000 + b'}\n', "JSON text nested 5001 levels deep"),
    (b'{"t": 1, "x": ' + b"[{}," * 400 + b"{}" + b"]" * 400 + b'}\n', "nested 402 levels"),
    (b'{"t": 1, "dir": "s2c", "data": "", "x": [' + b"{}," * 20_000 + b'{}]}\n',
     "JSON text of more than 10000 values"),
    (b'{"t": "' + b"x" * 150_000 + b'"}\n', "line 1 of 150010 bytes"),
], ids=["deep", "deep-mixed", "values", "bytes"])
def test_json_over_a_budget_is_refused_before_it_is_parsed(line, message):
    limits = Limits(max_json_values=10_000, max_json_bytes=100_000)
    good = b'{"t": 2, "dir": "s2c", "data": "01"}\n'
    bad, record = read_jsonl(io.BytesIO(line + good), limits=limits)
    assert isinstance(bad, LimitExceededError) and message in bad.message
    assert bad.message.startswith("line 1") and bad.where.record == 0
    assert (bad.dropped, bad.dropped_unit) == (len(line), "bytes")
    assert record.data == b"\x01" and record.index == 1


def test_brackets_and_quotes_inside_strings_are_not_structure():
    text = '[' * 70 + ']' * 30 + '\\"{{' + ', : ' * 3000
    line = json.dumps({"t": 1, "dir": "s2c", "data": "01", "note": text}).encode()
    [record] = read_jsonl(io.BytesIO(line), limits=Limits(max_json_values=100))
    assert record.data == b"\x01"


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.one_of(st.floats(allow_nan=False, allow_infinity=False, min_value=-2.0**53,
                           max_value=2.0**53), st.integers(-2**53, 2**53)),
       st.integers(0, 0xFFFF), st.binary(max_size=8))
def test_a_line_reads_as_the_standard_library_reads_it(t, stream, data):
    line = json.dumps({"t": t, "dir": "c2s", "data": data.hex(), "stream": stream}).encode()
    record = parse_line(line, 3)
    assert (record.t, record.stream, record.data) == (float(json.loads(line)["t"]), stream, data)
