"""The Lua object walk (``lua_scan``) that bounds a Lua object before it is parsed,
against the spec: the same values counted, the same nesting and the same end, on every Lua
object of the test vectors and on random ones; cut and truncated objects stop the walk
where the parser stops; the limits are refused with the value's offset."""
from __future__ import annotations

import random

import pytest
import sm_pages as pages
from kaitaistruct import KaitaiStruct
from wirestruct.core.errors import LimitExceededError, ParseError
from wirestruct.core.parse import parse
from wirestruct.generated.scrap_mechanic.sm_lua_object import SmLuaObject
from wirestruct.protocols.scrap_mechanic import lua_scan
from wirestruct.protocols.scrap_mechanic.lua_json import lua_fields, natural

UNBOUNDED = {"max_values": 1 << 30, "max_depth": 1 << 30}


def parsed_values(obj) -> tuple[int, int]:
    """(LuaSaveData objects, deepest table level) of a parsed object."""
    count = depth = 0
    stack = [(obj.data, 0)]
    while stack:
        value, level = stack.pop()
        count += 1
        inner = value.value
        if isinstance(inner, SmLuaObject.LuaTable) and inner.header.count:
            depth = max(depth, level + 1)
            for item in getattr(inner, "elements", None) or []:
                stack.append((item, level + 1))
            for pair in getattr(inner, "pairs", None) or []:
                stack.append((pair.key, level + 1))
                if getattr(pair, "value", None) is not None:
                    stack.append((pair.value, level + 1))
    return count, depth


def vector_objects() -> list[bytes]:
    """Every Lua object the vectors carry: Terrain Data payloads and Lua keys."""
    import lz4.block
    found = []
    for vector in pages.VECTORS:
        for blob in (vector.expected.get("Data") or []) if isinstance(vector.expected, dict) \
                else []:
            if isinstance(blob, dict) and blob.get("Key", b"")[:3] == b"LUA":
                found.append(blob["Key"])
            payload = blob.get("Payload") if isinstance(blob, dict) else None
            if payload and "Terrain Data" in payload:
                found.append(lz4.block.decompress(blob["Data"], uncompressed_size=1 << 20))
    return found


def random_value(rng: random.Random, depth: int) -> dict:
    kinds = ["nil", "bool", "num", "str", "i32", "i16", "i8", "uuid", "vec3", "id", "weak"]
    if depth < 5:
        kinds += ["array", "dict"] * 2
    kind = rng.choice(kinds)
    if kind == "nil":
        return pages.lnil()
    if kind == "bool":
        return pages.lbool(rng.random() < 0.5)
    if kind == "num":
        return pages.lnum(rng.randrange(-(1 << 20), 1 << 20) / 8)
    if kind == "str":
        return pages.lstr("".join(rng.choice("ab€😀") for _ in range(rng.randrange(6))))
    if kind in ("i32", "i16", "i8"):
        bits = {"i32": 32, "i16": 16, "i8": 8}[kind]
        return pages.lua({"i32": "Int32", "i16": "Int16", "i8": "Int8"}[kind],
                         rng.randrange(-(1 << (bits - 1)), 1 << (bits - 1)))
    if kind == "uuid":
        return pages.luserdata("Uuid", {"Uuid": str(__import__("uuid").UUID(
            int=rng.getrandbits(128)))})
    if kind == "vec3":
        return pages.luserdata("Vec3", {"X": 1.0, "Y": -2.5, "Z": 0.25})
    if kind == "id":
        return pages.luserdata("Shape", {"Shape ID": rng.getrandbits(32)})
    if kind == "weak":
        return pages.lweak(rng.getrandbits(32), rng.random() < 0.5)
    n = rng.randrange(4)
    if kind == "array":
        return pages.larray([random_value(rng, depth + 1) for _ in range(n)],
                            offset=rng.choice([0, 1, 7]))
    return pages.ldict([(random_value(rng, depth + 1), random_value(rng, depth + 1))
                        for _ in range(n)])


def random_objects(n: int = 300) -> list[bytes]:
    rng = random.Random(21)
    return [pages.encode_lua_object(pages.lua_object(random_value(rng, 0))) for _ in range(n)]


@pytest.mark.parametrize("data", vector_objects() + random_objects(),
                         ids=lambda data: data.hex()[:24])
def test_scan_counts_what_the_spec_parses(data):
    obj = parse(SmLuaObject, data)
    assert obj._io.pos() == len(data)
    found = lua_scan.scan(data, **UNBOUNDED)
    values, depth = parsed_values(obj)
    assert (found.values, found.depth) == (values, depth)
    assert found.end == len(data) and found.complete == (not obj.data.is_cut)
    # and the readable form writes the same bytes back
    from wirestruct.encode.building import type_info
    from wirestruct.encode.fields import encode_fields
    assert encode_fields(type_info("scrap_mechanic", "sm_lua_object"),
                         lua_fields(natural(obj))) == data


def test_vectors_hold_lua_objects():
    assert len(vector_objects()) > 50


@pytest.mark.parametrize("data", [d for d in vector_objects() + random_objects(60)
                                  if len(d) > 8][:80], ids=lambda d: d.hex()[:24])
def test_truncated_objects_stop_the_walk_where_the_parse_fails(data):
    for cut in range(7, len(data)):
        part = data[:cut]
        found = lua_scan.scan(part, **UNBOUNDED)
        try:
            obj = parse(SmLuaObject, part)
        except ParseError:
            assert found.end == len(part)      # the walk gave up; the parse reports the cut
            continue
        # A cut that still parses (fewer bits in the padding) parses the same values.
        assert found.values == parsed_values(obj)[0]


def nested(levels: int) -> bytes:
    value = pages.li8(1)
    for _ in range(levels):
        value = pages.larray([value])
    return pages.encode_lua_object(pages.lua_object(value))


def test_depth_limit_is_refused_before_parsing():
    assert lua_scan.scan(nested(32), max_values=1000, max_depth=32).depth == 32
    with pytest.raises(LimitExceededError) as info:
        lua_scan.scan(nested(33), max_values=1000, max_depth=32, offset=100)
    error = info.value
    assert "nested more than 32 deep" in error.message and "max_lua_depth" in error.expected
    # the 33rd table's elements would start after the header (56 bits) and 33 tables of
    # 73 bits each (type, count, Is Array, offset): in byte 308
    assert error.where.offset == 100 + (56 + 33 * 73) // 8
    assert error.dropped == len(nested(33))


def test_value_limit_is_refused_before_parsing():
    data = pages.encode_lua_object(pages.lua_object(pages.larray([pages.li8(0)] * 10)))
    assert lua_scan.scan(data, max_values=11, max_depth=4).values == 11
    with pytest.raises(LimitExceededError) as info:
        lua_scan.scan(data, max_values=10, max_depth=4)
    assert "more than 10 values" in info.value.message


def test_a_count_that_lies_stops_at_the_data():
    lie = pages.encode_lua_object(pages.lua_object(pages.larray([pages.li8(0)] * 3)))
    lie = lie[:7] + b"\x05\xff\xff\xff\xff" + lie[12:]          # count 2^32 - 1
    found = lua_scan.scan(lie, max_values=1000, max_depth=4)
    assert not found.complete and found.values == 4          # the table and its 3 elements
    with pytest.raises(ParseError):
        parse(SmLuaObject, lie)


def test_not_a_lua_object():
    assert lua_scan.scan(b"XYZ\x00\x00\x00\x01\x01", **UNBOUNDED).values == 0


def test_tables_match_the_spec():
    """The walk's userdata sizes are the spec's: every documented type, by its fields."""
    import yaml
    from wirestruct.core.resources import ksy_root
    spec = yaml.safe_load((ksy_root() / "scrap_mechanic" / "sm_lua_object.ksy").read_text())
    cases = spec["types"]["lua_userdata"]["seq"][1]["type"]["cases"]
    ids = {name: number for number, entry in spec["enums"]["userdata_type_id"].items()
           for name in [entry["id"]]}
    sizes = {}
    for case, type_name in cases.items():
        if case == "_":
            continue
        seq = spec["types"][type_name]["seq"]
        sizes[ids[case.split("::")[1]]] = sum(
            int(attr["type"][1:]) * (attr.get("repeat-expr", 1)) for attr in seq)
    assert sizes == lua_scan.USERDATA_BITS
    assert isinstance(SmLuaObject, type) and issubclass(SmLuaObject, KaitaiStruct)
