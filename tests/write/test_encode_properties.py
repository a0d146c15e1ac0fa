"""Property tests: for every packet type of the samples, field values drawn within their
types (every integer, bit, flag, enum and float field that no other field depends on) are
written with the read-write classes and read back with the read-only classes unchanged."""
from __future__ import annotations

import copy
import importlib
import math
import re
import struct

import pytest
from encode_helpers import CAPTURES, decode_capture
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kaitaistruct import KaitaiStruct
from wirestruct.core.parse import parse
from wirestruct.encode.building import TypeInfo, build, to_bytes, type_info
from wirestruct.output.jsonify import to_jsonable
from wirestruct.protocols.diep.encoder import HOOKS as DIEP_HOOKS

_INT = re.compile(r"^([us])([1248])(?:le|be)?$")
_BITS = re.compile(r"^b(\d+)(?:le|be)?$")
_FLOAT = re.compile(r"^f([48])(?:le|be)?$")
_NAME = re.compile(r"[a-z_][a-z0-9_]*")
MAX_LEAVES = 24


def _referenced(info: TypeInfo) -> set:
    """Names the type's expressions use: those fields decide sizes, counts, switches and
    presence, so they are kept as decoded. A type name is no expression (a field named as
    its type, ``region: mme_types::region``, is not used by it); its arguments are, and so
    are the keys of a switch's cases."""
    names: set = set()

    def scan(value, key=""):
        if isinstance(value, str):
            names.update(_NAME.findall(value.partition("(")[2] if key in ("type", "cases")
                                       else value))
        elif isinstance(value, dict):
            for name, item in value.items():
                if key == "cases":
                    scan(name)
                    scan(item, "cases")
                elif name not in ("doc", "doc-ref", "id", "-orig-id", "enum", "encoding"):
                    scan(item, name)
        elif isinstance(value, list):
            for item in value:
                scan(item, key)
    scan(info.spec.get("seq"))
    scan([inst for inst in (info.spec.get("instances") or {}).values() if "value" not in inst])
    return names


def _strategy(attr: dict, info: TypeInfo, value: object = None):
    kind = attr.get("type")
    if kind is None and isinstance(value, bytes) and value and not (
            {"contents", "valid", "process", "terminator", "pad-right"} & set(attr)):
        # raw bytes: any bytes of the decoded length (the length may be another field's)
        return st.binary(min_size=len(value), max_size=len(value)).map(bytes.hex)
    if not isinstance(kind, str) or "valid" in attr or "contents" in attr:
        return None
    if kind == "strz" and str(attr.get("encoding")).upper() == "UTF-8" and not (
            {"size", "size-eos", "terminator", "pad-right"} & set(attr)):
        # text ended by its zero byte, with no length kept elsewhere: any text without one
        return st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"),
                       max_size=12)
    if "enum" in attr:
        members = list(info.resolve_enum(attr["enum"]))
        return st.sampled_from([m.name for m in members]) if members else None
    if kind == "b1":
        return st.booleans()
    match = _INT.match(kind)
    if match:
        bits = 8 * int(match.group(2))
        if match.group(1) == "u":
            return st.integers(0, (1 << bits) - 1)
        return st.integers(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    match = _BITS.match(kind)
    if match:
        return st.integers(0, (1 << int(match.group(1))) - 1)
    match = _FLOAT.match(kind)
    if match:
        return st.floats(width=32 if match.group(1) == "4" else 64, allow_nan=False)
    return None


_TYPES = type_info("diep", "diep_types")
#: types written from their value (diep varints): drawn as {"value": ...}
VALUE_TYPES = {
    _TYPES.resolve_type("vu").cls: st.integers(0, (1 << 32) - 1),
    _TYPES.resolve_type("vi").cls: st.integers(-(1 << 31), (1 << 31) - 1),
}


def _leaves(obj, path=(), referenced_here=frozenset()):
    """(path into the fields, strategy) of every field that can take any value of its type."""
    info = getattr(obj, "_spec_type", None)
    if info is None:
        return
    if type(obj) in VALUE_TYPES:
        if path[-1] not in referenced_here:
            yield path, VALUE_TYPES[type(obj)].map(lambda v: {"value": v})
        return
    referenced = _referenced(info)
    for attr in info.seq:
        name = attr["id"]
        value = obj.__dict__.get(name)
        if value is None:
            continue
        if isinstance(value, KaitaiStruct):
            if name not in referenced:                  # else its values decide the layout
                yield from _leaves(value, path + (name,), referenced)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, KaitaiStruct) and type(item) not in VALUE_TYPES:
                    yield from _leaves(item, path + (name, i), referenced)
        elif name not in referenced:
            strategy = _strategy(attr, info, value)
            if strategy is not None:
                yield path + (name,), strategy


def _read_only(info: TypeInfo) -> type:
    module = importlib.import_module(info.cls.__module__.replace(".generated_rw.", ".generated."))
    cls = module
    for part in info.cls.__qualname__.split("."):
        cls = getattr(cls, part)
    return cls


def _templates():
    out = {}
    for event in decode_capture("mme", CAPTURES["mme"][0]):
        if "fields" in event:
            out.setdefault(f"mme:{event['name']}", ("mme::mme_packet", (), event["fields"]))
    for event in decode_capture("scrap-mechanic", CAPTURES["scrap-mechanic"][0]):
        expansions = event.get("expansions") or {}
        for sub in expansions.get("sub_updates", []):
            update = sub["update"]
            label = f"sm:{sub['update_type']}:{sub['netobj_type']}:{sub['controller_type']}"
            out.setdefault(label, ("scrap_mechanic::sm_network_update",
                                   (update["known_controller_type"],), update))
        if event["name"] in ("unreliable_update", "player_movement") and "body" in expansions:
            stem = "sm_unreliable_update" if event["name"] == "unreliable_update" else "sm_player_movement"
            out.setdefault(f"sm:{event['name']}", (f"scrap_mechanic::{stem}", (), expansions["body"]))
    for event in decode_capture("diep", CAPTURES["diep"][0]):
        if "fields" in event and event["name"] != "compressed":
            stem = "diep_clientbound_diepcustom_011c2e9" if event["dir"] == "s2c" else "diep_serverbound"
            out.setdefault(f"diep:{event['dir']}:{event['name']}", (f"diep::{stem}", (), event["fields"]))
    return out


TEMPLATES = _templates()


def _built(label: str):
    ref, params, fields = TEMPLATES[label]
    folder, stem = ref.split("::")
    info = type_info(folder, stem)
    hooks = DIEP_HOOKS if folder == "diep" else None
    return info, params, fields, hooks, build(info, fields, params, hooks=hooks)


#: Packet types of the samples with no field a value can be drawn for: no parameter is
#: made for them (it could only skip). Header-only packets and empty bodies, and a text
#: whose length is the header's ``len_payload`` (kept as decoded).
NOTHING_TO_DRAW = sorted(label for label in TEMPLATES if next(_leaves(_built(label)[-1]), None)
                         is None)


def _set_path(fields, path, value):
    for key in path[:-1]:
        fields = fields[key]
    fields[path[-1]] = value


def _get_path(fields, path):
    for key in path:
        fields = fields[key]
    return fields


def test_only_packets_without_fields_are_left_out():
    assert NOTHING_TO_DRAW == [
        "diep:c2s:heartbeat", "diep:s2c:heartbeat",          # the header alone
        "mme:buffer_is_file_data", "mme:buffer_reset", "mme:idle_ping",
        "mme:map_total_reset",                               # empty bodies
        "mme:server_name"]                                   # text sized by len_payload


@pytest.mark.parametrize("label", sorted(set(TEMPLATES) - set(NOTHING_TO_DRAW)))
def test_write_read_identity(label):
    info, params, fields, hooks, built = _built(label)
    leaves = list(_leaves(built))[:MAX_LEAVES]
    assert leaves
    paths = [path for path, _ in leaves]

    @settings(max_examples=10, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.tuples(*[strategy for _, strategy in leaves]))
    def check(values):
        drawn = copy.deepcopy(fields)
        for path, value in zip(paths, values):
            _set_path(drawn, path, value)
        data = to_bytes(build(info, drawn, params, hooks=hooks))
        back = to_jsonable(parse(_read_only(info), data, *params))
        for path, value in zip(paths, values):
            got = _get_path(back, path)
            if isinstance(value, dict):
                got, value = got["value"], value["value"]
            if isinstance(value, float) and not isinstance(got, str):
                assert got == value or (math.isinf(value) and got == value)
            elif isinstance(value, float):
                assert got == ("Infinity" if value > 0 else "-Infinity")
            else:
                assert got == value, (path, got, value)
        # and the bytes are exactly what the read-only classes consume
        assert to_bytes(build(info, back, params, hooks=hooks)) == data

    check()


def test_templates_cover_the_protocols():
    prefixes = {label.split(":")[0] for label in TEMPLATES}
    assert prefixes == {"mme", "sm", "diep"}
    assert sum(label.startswith("sm:") for label in TEMPLATES) >= 10
    assert len(TEMPLATES) >= 50
    assert struct.calcsize("<f") == 4
