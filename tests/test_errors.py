"""The error path: generated-parser failures become ParseErrors that say where."""
import io

import pytest
from wirestruct.captures.files.container import write_container
from wirestruct.core.errors import (
    CaptureError,
    DecodeError,
    ParseError,
    StateError,
    Where,
    WirestructError,
)
from wirestruct.core.parse import parse
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.generated.capture.wirestruct_capture import WirestructCapture


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
    from wirestruct.core.parse import check_consumed
    data = container(1)
    obj = parse(WirestructCapture, data)
    check_consumed(obj, len(data))
    with pytest.raises(ParseError) as info:
        check_consumed(obj, len(data) + 3, "tail")
    assert info.value.where.offset == len(data) and info.value.where.field_path == "tail"
    assert info.value.message == "3 bytes left over after the structure"


def test_src_path_names_the_field_the_traceback_line_cannot():
    """TEXTURE_SETUP's id has `valid: min` and `max`; the `max` check raises several lines
    below the read, where the generated source alone does not say which field it is."""
    import struct

    from wirestruct.generated.mme.mme_packet import MmePacket
    payload = struct.pack("<h", 5000) + bytes(20) + struct.pack("<fff", 1, 1, 0) + bytes(4)
    with pytest.raises(ParseError) as info:
        parse(MmePacket, struct.pack("<HH", 27, len(payload)) + payload)
    assert info.value.where.field_path == "MmePacket.payload.texture_id"
    assert info.value.message == "invalid value 5000" and info.value.expected == "<= 4095"


def test_src_path_and_traceback_agree_on_a_nested_field():
    import struct

    from wirestruct.generated.mme.mme_packet import MmePacket
    with pytest.raises(ParseError) as info:
        parse(MmePacket, struct.pack("<HHHHHH", 14, 8, 32, 33, 32, 0))
    assert info.value.where.field_path == "MmePacket.payload.size_y"
    assert info.value.message == "invalid value 33"


def test_src_path_resolution():
    from wirestruct.core.parse import field_from_src_path
    from wirestruct.generated.mme.mme_assets import MmeAssets
    from wirestruct.generated.mme.mme_map import MmeMap
    assert field_from_src_path(MmeMap.MapSetup, "/types/map_setup/seq/2") == "size_z"
    assert field_from_src_path(MmeAssets.TextureSetup, "/types/texture_setup/seq/0") == "texture_id"
    assert field_from_src_path(WirestructCapture, "/seq/1") == "version"
    assert field_from_src_path(MmeMap.MapLoading, "/types/map_loading/instances/removes_screen") \
        == "removes_screen"
    # A pointer into another type, a seq index without a check, or no pointer: unresolved.
    assert field_from_src_path(MmeMap.MapSetup, "/seq/0") is None
    assert field_from_src_path(MmeMap.MapSetup, "/types/map_fill/seq/0") is None
    assert field_from_src_path(MmeMap.MapSetup, "/types/map_setup/seq/3") is None
    assert field_from_src_path(MmeMap.MapSetup, None) is None
    assert field_from_src_path(MmeMap.MapSetup, "map_setup") is None


def test_every_src_path_a_generated_parser_raises_with_resolves():
    """Each `valid:` check of every generated module maps its src_path to the attribute
    it checks (the value passed just before the stream)."""
    import importlib
    import re
    from pathlib import Path

    from wirestruct.core.parse import field_from_src_path
    root = Path(__file__).resolve().parent.parent / "generated"
    raise_line = re.compile(r'raise kaitaistruct\.Validation\w+\((.*)u"(/[^"]*/seq/\d+)"\)')
    checked = 0
    for source in sorted(root.glob("*/*.py")):
        if source.name == "__init__.py":
            continue
        module = importlib.import_module(f"wirestruct.generated.{source.parent.name}.{source.stem}")
        top = next(v for v in vars(module).values()
                   if isinstance(v, type) and v.__module__ == module.__name__
                   and "." not in v.__qualname__)
        for line in source.read_text(encoding="utf-8").splitlines():
            match = raise_line.search(line)
            if not match:
                continue
            cls = top
            for part in re.findall(r"/types/([a-z0-9_]+)", match.group(2)):
                cls = getattr(cls, "".join(p[:1].upper() + p[1:] for p in part.split("_")))
            name = field_from_src_path(cls, match.group(2))
            assert name and f"self.{name}" in match.group(1), (source.name, match.group(2))
            checked += 1
    assert checked >= 20, checked
