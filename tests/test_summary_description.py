"""Summary descriptions (wirestruct.output.summary_rules): each part of the template
format renders exactly, a value a template needs and does not find gives the generic
summary, and every protocol's description is data only (no Python function left to
duplicate a rule), valid, and names every packet of its protocol. The Lua side is
compared with this in tests/wireshark/test_summary_rules.py."""
from __future__ import annotations

import pytest
from wirestruct.output import summary_rules as rules
from wirestruct.output.summary_rules import each, flag, get
from wirestruct.plugin.registry import get_protocol

EVENT = {
    "fields": {"packet_id": "place", "body": {"hex": "00"}, "routed": {"n": 1}},
    "expansions": {
        "body": {
            "name": "Wanderer \u00e9t\u00e9 and a long tail of text",
            "pos": {"x": -3, "y": 2.5, "z": 1.0},
            "items": [{"id": 1, "kind": "a"}, {"id": 2, "kind": "b"}, {"id": 3, "kind": "c"}],
            "empty": {},
            "flags": {"jump": True, "crawl": False, "aim": True},
            "data": {"from_stack": {"slot": 4}, "shape_id": 7, "body_id": 9, "raw": {"hex": ""}},
            "bitmap": {"hex": "0503"},
            "blob": {"hex": "c0ffee"},
            "delta": -2,
            "chat": "\x1b\x09hi \x1b\x0ethere",
        },
    },
}


@pytest.mark.parametrize("template, text", [
    (["n=", get("routed.n")], "n=1"),                                  # fields after expansions
    ([get("body.name", "text", width=12)], '"Wanderer ..."'),
    ([get("body.name", "text", width=40)], '"Wanderer \u00e9t\u00e9 and a long tail of text"'),
    ([get("body.pos", "xyz")], "(-3, 2.5, 1.0)"),                      # as Python's str
    ([get("body.pos.z", "num")], "1"),
    ([get("body.delta", "signed")], "-2"),
    ([get("body.items", "len"), " ", get("body.blob", "len")], "3 3"),
    ([get("body.blob", "hex")], "c0ffee"),
    ([get("body.chat", "plain")], '"hi there"'),
    ([get("body.missing", default=["none"])], "none"),
    ([each("body.items", [get("kind"), "#", get("id")], first=2)], "a#1, b#2, +1"),
    ([each("body.bitmap", [get("@")], sep=",") | {"bits": True}], "0,2,8,9"),
    ([{"flags": "body.flags", "names": ["aim", "crawl", "jump"], "sep": "+"}], "aim+jump"),
    ([{"flags": "body.flags", "names": ["crawl"], "none": "none"}], "none"),
    ([flag("body.flags.jump"), flag("body.flags.crawl")], " jump"),
    ([{"fields": "body.data", "suffix": ["_id"], "item": [get("@key"), "=", get("@")]}],
     "shape_id=7 body_id=9"),
    ([{"fields": "body.data", "suffix": ["_stack"], "objects": True,
       "item": [get("@head"), "[", get("slot"), "]"]}], "from[4]"),
    ([{"words": [["a"], [], [{"if": {"empty": "body.empty"}, "then": ["b"]}]]}], "a b"),
    ([{"switch": "body.items", "cases": {}, "else": ["other"]}], "other"),
    ([{"if": {"some": "body.items"}, "then": ["some"]},
      {"if": {"not": {"has": "body.nothing"}}, "then": [" none"]}], "some none"),
])
def test_each_part_renders_exactly(template, text):
    assert rules.check({"p": template}) == []
    assert rules.render(template, EVENT) == text


def test_a_value_not_there_gives_the_generic_summary():
    assert rules.render(["x=", get("body.nothing")], EVENT) is None
    assert rules.render([{"require": {"has": "body.nothing"}}, "x"], EVENT) is None
    assert rules.summary({"place": rules.GENERIC}, "place", EVENT) is None
    assert rules.summary({}, "place", EVENT) is None


def test_check_names_unknown_parts_and_formats():
    assert rules.check({"a": [{"get": "x", "as": "nope"}], "b": [{"what": 1}], "c": [3]}) == [
        "a: format 'nope'", "b: part {'what': 1}", "c: part 3"]


@pytest.mark.parametrize("name", ["scrap-mechanic", "mme", "diep"])
def test_every_protocol_describes_every_packet_in_data(name):
    protocol = get_protocol(name)
    description = protocol.presentation.summaries
    assert protocol.packet_names is not None
    assert sorted(protocol.packet_names() - set(description)) == []
    assert rules.check(description) == []

    def data_only(value: object) -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, str) and data_only(v) for k, v in value.items())
        if isinstance(value, list):
            return all(data_only(v) for v in value)
        return isinstance(value, (str, int, bool))

    assert all(data_only(t) for t in description.values())
