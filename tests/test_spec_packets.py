"""Packet names and field paths read from the specs (wirestruct.plugin.spec_packets): what
a protocol, built-in or plug-in, need not list by hand."""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from wirestruct.generated.mme.mme_types import MmeTypes
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.output import catalog
from wirestruct.plugin import spec_packets
from wirestruct.plugin.registry import get_protocol

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "tests" / "plugin_example"


@pytest.fixture(scope="module")
def toy():
    sys.path.insert(0, str(PLUGIN))
    try:
        import wirestruct_toy
        yield wirestruct_toy.PROTOCOL
    finally:
        sys.path.remove(str(PLUGIN))


@pytest.mark.parametrize(("name", "enum"), [("mme", MmeTypes.PacketType),
                                            ("scrap-mechanic", SmCommon.PacketId)])
def test_the_derived_names_are_the_enum_the_protocol_listed_by_hand(name, enum):
    """mme and scrap-mechanic listed these enums' members by hand; the derived names are
    the same."""
    protocol = get_protocol(name)
    names = spec_packets.packet_names(protocol.specs.folder, protocol.specs.package,
                                      protocol.root_spec)
    assert names == frozenset(member.name for member in enum)
    assert protocol.packet_names is not None and protocol.packet_names() == names
    assert len(names) == len(enum) > 30


def test_diep_names_every_builds_packets_itself():
    """diep's names are those of every bundled build's spec, its own hook; the folder's
    root specs (the bundled build's and the serverbound) name the same."""
    protocol = get_protocol("diep")
    assert protocol.packet_names is not None
    assert spec_packets.packet_names(protocol.specs.folder, protocol.specs.package) \
        == protocol.packet_names()


def test_the_root_specs_are_those_no_other_imports():
    """mme_map_region, a spec of its own the runtime opens map regions with, is one too;
    it has no top-level switch, so it names no packets."""
    mme = get_protocol("mme")
    assert spec_packets.root_specs(mme.specs.folder) == ["mme_map_region", "mme_packet"]
    assert spec_packets.packet_names(mme.specs.folder, mme.specs.package) \
        == mme.packet_names()


def test_a_plugin_without_names_gets_its_specs(toy):
    assert toy.packet_names is not None
    assert toy.packet_names() == {"hello", "move", "score"}
    assert catalog.is_packet_name(toy, "move") and catalog.is_packet_name(toy, "unknown_9")
    assert not catalog.is_packet_name(toy, "moves")
    assert catalog.close_names(toy, "moves") == ["move"]


def test_spec_paths_are_what_the_decoded_packets_hold(toy):
    """The paths read from the spec are those the toy's decoded sample holds."""
    from_spec = spec_packets.field_paths(toy.specs.folder, toy.specs.package)
    assert from_spec == catalog.field_paths(toy)
    assert from_spec["hello"] == {"packet_id", "body", "body.player", "body.len_name",
                                  "body.name"}


def test_without_samples_the_paths_come_from_the_specs(toy):
    bare = dataclasses.replace(toy, name="toy-bare", samples=(), generate=None)
    paths = catalog.field_paths(bare)
    assert paths["move"] == {"packet_id", "body", "body.player", "body.x", "body.y"}
    assert catalog.known_path(bare, "body.x", frozenset({"move"}))
    assert not catalog.known_path(bare, "body.x", frozenset({"score"}))


def test_spec_paths_follow_imported_types_and_switch_cases():
    """mme routes on an integer switch into imported specs: every path a decoded packet's
    parse holds (its ``fields``) is one the specs give it."""
    mme = get_protocol("mme")
    from_spec = spec_packets.field_paths(mme.specs.folder, mme.specs.package, "mme_packet")
    assert set(from_spec) == mme.packet_names()
    assert "payload.region.lower_x" in from_spec["map_data"]
    for name, found in catalog.field_paths(mme).items():
        parsed = {p for p in found if p.split(".")[0] in {"packet_type", "len_payload",
                                                          "payload"}}
        assert parsed <= from_spec[name], (name, sorted(parsed - from_spec[name]))
