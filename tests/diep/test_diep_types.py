"""The primitives of ksy/diep/diep_types.ksy, on the documents' own examples."""
import math
import struct

import pytest
from diep_testlib import DiepTypes, h, read
from wirestruct.core.errors import ParseError
from wirestruct.core.parse import parse


@pytest.mark.parametrize("hex_, value", [
    ("00", 0),
    ("7f", 127),
    ("80 01", 128),
    ("e4 08", 0x64 + 8 * 128),                 # 1124, the vu inside vi(562)
    ("a4 97 01", 0x24 + 0x17 * 128 + 1 * 16384),  # 19364, the vu inside vi(9682)
    ("ff ff ff ff 0f", 0xFFFFFFFF),            # README: -1 written as vu
    ("ff ff ff ff 7f", 0xFFFFFFFF),            # fifth byte masked to its low 4 bits
    ("80 80 80 80 01", 1 << 28),
])
def test_vu(hex_, value):
    data = h(hex_)
    vu = read(DiepTypes.Vu, data)
    assert vu.value == value
    assert vu.len == len(data)


def test_vu_has_at_most_five_bytes():
    with pytest.raises(ParseError) as err:
        parse(DiepTypes.Vu, h("ff ff ff ff 80 01"))
    assert err.value.where.field_path.endswith("b4")


@pytest.mark.parametrize("hex_, value", [
    ("e4 08", 562), ("b5 10", -1051), ("a4 97 01", 9682),   # README section 1
    ("00", 0), ("01", -1), ("02", 1), ("03", -2),            # zigzag table
    ("fe ff ff ff 0f", 2147483647), ("ff ff ff ff 0f", -2147483648),
    ("a4 ac 01", 11026), ("9c 01", 78), ("14", 10),          # README section 4
])
def test_vi(hex_, value):
    assert read(DiepTypes.Vi, h(hex_)).value == value


@pytest.mark.parametrize("hex_, value", [
    ("c0 07", 7.5),            # 480 / 64
    ("82 03", 3.015625),       # 193 / 64
    ("f4 03", 3.90625),        # 250 / 64
    ("7f", -1.0),              # zigzag 127 -> -64 -> -64 / 64
    ("01", -0.015625),         # zigzag 1 -> -1 -> -1 / 64
])
def test_float64_precision(hex_, value):
    assert read(DiepTypes.FixedPoint, h(hex_), 64).value == value


@pytest.mark.parametrize("hex_, value", [
    # data.md's input packet: mouse x and y
    ("88 81 85 02", 1281.0),   # vu 4276360 -> vi 2138180 = 0x0020a044 -> bits 0x44a02000
    ("8a a7 81 0f", -2719.0),  # vu 31478666 -> vi 15739333 = 0x00f029c5 -> bits 0xc529f000
    ("fe 02", -0.5),           # bits 0xbf000000 -> swapped 0x000000bf = 191 -> zigzag 382
    ("00", 0.0),
    ("80 80 80 10", 2.0 ** -149),  # bits 0x00000001 (smallest subnormal) -> swapped 2**24
])
def test_vf(hex_, value):
    vf = read(DiepTypes.Vf, h(hex_))
    assert vf.value == value
    assert vf.is_finite


def test_vf_bits():
    vf = read(DiepTypes.Vf, h("88 81 85 02"))
    assert vf.swapped.value == 0x0020A044
    assert vf.bits == 0x44A02000
    assert (vf.sign, vf.exponent, vf.fraction) == (0, 0x89, 0x202000)
    assert struct.unpack(">f", vf.bits.to_bytes(4, "big"))[0] == vf.value


def test_vf_infinity_is_flagged():
    # bits 0x7f800000 (+inf) -> swapped 0x0000807f = 32895 -> zigzag 65790 -> fe 81 04
    vf = read(DiepTypes.Vf, h("fe 81 04"))
    assert vf.bits == 0x7F800000 and not vf.is_finite


def test_f32_u32_string():
    assert read(DiepTypes.F32, h("41 90 1b 42")).value == struct.unpack("<f", h("41901b42"))[0]
    assert math.isclose(read(DiepTypes.F32, h("41 90 1b 42")).value, 38.890873, rel_tol=1e-7)
    assert read(DiepTypes.F32, h("00 00 7a 45")).value == 4000.0
    assert read(DiepTypes.U32, h("43 82 21 00")).value == 0x218243
    assert read(DiepTypes.StringNt, b"Square\x00").value == "Square"
    assert read(DiepTypes.StringNt, b"\x00").value == ""
    assert read(DiepTypes.StringNt, "Zoë".encode() + b"\x00").value == "Zoë"


def test_entid():
    tank = read(DiepTypes.Entid, h("01 eb 07"))
    assert (tank.hash.value, tank.id.value, tank.is_null) == (1, 1003, False)
    arena = read(DiepTypes.Entid, h("01 00"))
    assert (arena.hash.value, arena.id.value) == (1, 0)
    none = read(DiepTypes.Entid, h("00"))          # hash 0: no id follows
    assert none.is_null and none.hash.value == 0
    assert not hasattr(none, "id")
    assert read(DiepTypes.Entid, h("01 de 07")).id.value == 990


def test_jump_table_example():
    """data.md's walkthrough: its bytes give [0, 3, 4, 8, 10, 11, 13] (the list printed
    under it has a stray 5)."""
    table = read(DiepTypes.IndexTable, h("00 02 00 05 03 00 03 01"), 15)
    assert [e.index for e in table.entries[:-1]] == [0, 3, 4, 8, 10, 11, 13]
    assert table.entries[-1].is_end and not any(e.is_end for e in table.entries[:-1])
    assert table.num_indexes == 7
    assert table.mask == sum(1 << i for i in (0, 3, 4, 8, 10, 11, 13))


def test_group_table_of_the_square():
    table = read(DiepTypes.IndexTable, h("00 02 00 05 03 00 01"), 15)
    assert [e.index for e in table.entries[:-1]] == [0, 3, 4, 8, 10, 11]


def test_empty_table():
    table = read(DiepTypes.IndexTable, h("01"), 15)
    assert table.num_indexes == 0 and table.mask == 0


@pytest.mark.parametrize("hex_", ["10 01", "11 01", "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01", "80 01"])
def test_jump_outside_the_table_is_an_error(hex_):
    """15 slots: a jump to index 15 or beyond, or a two-byte jump, is corrupt."""
    with pytest.raises(ParseError) as err:
        parse(DiepTypes.IndexTable, h(hex_), 15)
    assert "xored_jump" in err.value.where.field_path


def test_jump():
    j = read(DiepTypes.Jump, h("07"), 18, 68)
    assert (j.index, j.is_end) == (24, False)
    end = read(DiepTypes.Jump, h("01"), 18, 68)
    assert end.is_end
