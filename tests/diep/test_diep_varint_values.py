"""The varint readers of readable output against the spec: ``vu_value``/``vi_value`` equal
the generated ``value`` instances on every length of the encoding and its edges."""
import itertools
import json
from io import BytesIO
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaitaistruct import KaitaiStream
from wirestruct.generated.diep.diep_types import DiepTypes
from wirestruct.protocols.diep import values

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "diep.jsonl"
BUILDS = ROOT / "ksy" / "diep" / "data"
CONTINUED = (128, 129, 191, 192, 254, 255)   # continuation bytes: edges of the 7 low bits
LAST = (0, 1, 15, 16, 63, 64, 126, 127)      # last bytes: edges, incl. b4's 4 kept bits


def encodings():
    """Every 1- and 2-byte varint, and every length up to 5 over the edge bytes."""
    yield from (bytes([b]) for b in range(128))
    yield from (bytes([b0, b1]) for b0 in range(128, 256) for b1 in range(128))
    for length in (3, 4, 5):
        for head in itertools.product(CONTINUED, repeat=length - 1):
            for last in range(128) if length == 5 else LAST:
                yield bytes([*head, last])


def parsed(cls, data):
    io = KaitaiStream(BytesIO(data))
    obj = cls(io)
    assert io.pos() == len(data)
    return obj


def test_vu_and_vi_values_equal_the_instances_on_every_length():
    count = 0
    for data in encodings():
        assert values.vu_value(parsed(DiepTypes.Vu, data)) == parsed(DiepTypes.Vu, data).value
        assert values.vi_value(parsed(DiepTypes.Vi, data)) == parsed(DiepTypes.Vi, data).value
        fixed = DiepTypes.FixedPoint(64, KaitaiStream(BytesIO(data)))
        assert values.fixed_point_value(fixed) == \
            DiepTypes.FixedPoint(64, KaitaiStream(BytesIO(data))).value
        count += 1
    assert count > 16_384 + 6**4 * 128


@settings(max_examples=2000, deadline=None)
@given(st.binary(min_size=1, max_size=5))
def test_vu_and_vi_values_equal_the_instances_on_any_bytes(data):
    for make, fast in ((DiepTypes.Vu, values.vu_value), (DiepTypes.Vi, values.vi_value),
                       (lambda io: DiepTypes.FixedPoint(64, io), values.fixed_point_value)):
        try:
            expected = make(KaitaiStream(BytesIO(data))).value
        except Exception:  # noqa: BLE001 - cut or invalid: nothing to compare
            continue
        assert fast(make(KaitaiStream(BytesIO(data)))) == expected


@pytest.mark.parametrize("table", sorted(BUILDS.glob("*.json")), ids=lambda p: p.stem)
def test_every_build_table_maps_vu_and_vi_to_the_varint_types(table):
    wire_types = json.loads(table.read_text())["wire_types"]
    assert wire_types["vu"]["type"] == "diep_types::vu"
    assert wire_types["vi"]["type"] == "diep_types::vi"
    assert wire_types["float64Precision"]["type"] == "diep_types::fixed_point(64)"
