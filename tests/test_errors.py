"""The error path: generated-parser failures become ParseErrors that say where."""
import io

import pytest

from wirestruct.captures.container import write_container
from wirestruct.errors import (CaptureError, DecodeError, ParseError, StateError,
                               WirestructError, Where)
from wirestruct.generated.capture.wirestruct_capture import WirestructCapture
from wirestruct.parse import parse
from wirestruct.records import CaptureRecord, Direction


def container(n=2) -> bytes:
    out = io.BytesIO()
    write_container(out, "mme", [CaptureRecord(i, 1.0, Direction.S2C, b"abcdef") for i in range(n)])
    return out.getvalue()


def test_short_read_names_field_path_with_index_and_field_start():
    data = container()
    with pytest.raises(ParseError) as info:
        parse(WirestructCapture, data[:-2], packet_name="capture", packet_id=7)
    err = info.value
    # header 13 bytes, record header 15, data 6: record 1's data starts at 13+21+15 = 49
    assert err.where.field_path == "WirestructCapture.records[1].data"
    assert err.where.offset == 49
    assert err.where.packet_name == "capture" and err.where.packet_id == 7
    assert err.expected == "more bytes"
    assert "requested 6 bytes, but only 4 bytes available" in err.message
    assert str(err).startswith("capture (id 7), offset 49, at WirestructCapture.records[1].data: ")


def test_validation_failure_names_the_field_and_both_values():
    data = bytearray(container())
    data[8] = 5
    with pytest.raises(ParseError) as info:
        parse(WirestructCapture, bytes(data))
    assert info.value.where.field_path == "WirestructCapture.version"
    assert info.value.message == "invalid value 5" and info.value.expected == "1"


def test_offset_base_is_added():
    with pytest.raises(ParseError) as info:
        parse(WirestructCapture, b"\x89WS", offset_base=100)
    assert info.value.where.offset == 100
    assert info.value.where.field_path == "WirestructCapture.magic"


def test_context_is_filled_in_without_overwriting():
    err = DecodeError("bad", packet_id=3, offset=5)
    err.at(record=9, packet_id=4, offset=6, packet_name="x")
    assert err.where == Where(record=9, packet_id=3, offset=5, packet_name="x")
    assert err.to_json() == {"error": "DecodeError", "message": "bad", "record": 9,
                             "packet_id": 3, "packet_name": "x", "offset": 5}


def test_one_hierarchy():
    for cls in (CaptureError, DecodeError, ParseError, StateError):
        assert issubclass(cls, WirestructError)


def test_bytes_left_after_a_structure_are_an_error_at_the_first_of_them():
    from wirestruct.parse import check_consumed
    data = container(1)
    obj = parse(WirestructCapture, data)
    check_consumed(obj, len(data))
    with pytest.raises(ParseError) as info:
        check_consumed(obj, len(data) + 3, "tail")
    assert info.value.where.offset == len(data) and info.value.where.field_path == "tail"
    assert info.value.message == "3 bytes left over after the structure"
