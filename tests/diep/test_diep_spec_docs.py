"""The diep.io specs carry the documents' names and notes.

Specs are read with js-yaml, as the Web IDE reads them. The field table bundled with the
build (ksy/diep/data) is the reference for the rendered clientbound spec."""
from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIEP = ROOT / "ksy" / "diep"
LOAD = """
const yaml = require('js-yaml'), fs = require('fs'), path = require('path');
const out = {};
for (const f of fs.readdirSync(process.argv[1])) {
  if (f.endsWith('.ksy')) out[f] = yaml.load(fs.readFileSync(path.join(process.argv[1], f), 'utf8'));
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def specs() -> dict[str, Any]:
    proc = subprocess.run(["node", "-e", LOAD, str(DIEP)], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def table() -> dict[str, Any]:
    return json.loads((DIEP / "data" / "diepcustom_011c2e9.json").read_text(encoding="utf-8"))


def types_of(spec: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    yield path or "(top level)", spec
    for name, body in (spec.get("types") or {}).items():
        yield from types_of(body, f"{path}/{name}" if path else name)


def test_every_field_and_instance_has_a_doc_and_every_type_a_doc_ref(specs):
    undocumented, no_ref, counted = [], [], 0
    for name, spec in specs.items():
        for path, body in types_of(spec):
            if path != "(top level)" and not body.get("doc-ref"):
                no_ref.append(f"{name} {path}")
            attrs = [(a["id"], a) for a in body.get("seq") or []]
            attrs += list((body.get("instances") or {}).items())
            for attr_id, attr in attrs:
                counted += 1
                if not attr.get("doc"):
                    undocumented.append(f"{name} {path} {attr_id}")
    assert (undocumented, no_ref) == ([], [])
    # clientbound 140, serverbound 36, types 43 (one more build spec adds its own)
    assert counted == 219


def test_creation_fields_carry_the_table_key_and_note(specs, table):
    creation = specs["diep_clientbound_diepcustom_011c2e9.ksy"]["types"]["creation"]
    fields = {a["id"]: a for a in creation["seq"][1:]}
    assert len(fields) == table["num_creation_fields"] == 67
    for f in table["fields"]:
        attr = fields[f["ksy_id"]]
        assert attr["-orig-id"] == f["key"]
        doc = " ".join(attr["doc"].split())
        assert doc.startswith(f"Creation index {f['creation_index']}, update index "
                              f"{f['update_index']}; ")
        assert table["wire_types"][f["type"]]["doc"] in doc
        if "doc" in f:
            assert doc.endswith(f["doc"])
    notes = {f["key"]: f["doc"] for f in table["fields"] if "doc" in f}
    assert "truncated toward zero" in notes["Position.x"]
    assert "15 (EnemyTank)" in notes["Style.color"]
    assert "53" in notes["Camera.tank"]


def test_update_slots_name_every_slot_of_the_field_order(specs, table):
    slots = specs["diep_clientbound_diepcustom_011c2e9.ksy"]["enums"]["update_slot"]
    assert len(slots) == table["num_update_slots"] == 68
    by_key = {entry["-orig-id"]: int(value) for value, entry in slots.items()}
    assert by_key["Example.exampleTest"] == 21
    assert "never sent" in " ".join(slots["21"]["doc"].split())
    assert by_key["Barrel.trapezoidDirection"] == 22 and by_key["Score.score"] == 67


def test_net_colours_keep_the_documents_names(specs):
    colours = specs["diep_clientbound_diepcustom_011c2e9.ksy"]["enums"]["net_color"]
    names = [colours[str(i)]["-orig-id"] for i in range(len(colours))]
    assert len(names) == 18
    assert names[:3] == ["Border", "Cannon", "Tank"] and names[15:] == [
        "EnemyTank", "NecromancerSquare", "Fallen"]
    assert colours["15"]["id"] == "enemy_tank"


def test_input_flag_instances_match_the_flag_table(specs):
    spec = specs["diep_serverbound.ksy"]
    flags = spec["types"]["input_flags"]["instances"]
    table = spec["enums"]["input_flag"]
    assert len(table) == len(flags) == 13
    for mask, entry in table.items():
        name = entry if isinstance(entry, str) else entry["id"]
        # bit n of the flags, `bits & mask != 0`, written with / and % for Lua 5.2
        mask = int(mask)
        assert mask & (mask - 1) == 0
        expected = "bits.value % 2 != 0" if mask == 1 else f"bits.value / 0x{mask:04x} % 2 != 0"
        assert flags[name]["value"] == expected
        if isinstance(entry, dict) and "-orig-id" in entry:
            assert flags[name]["-orig-id"] == entry["-orig-id"]
    assert flags["god_mode"]["-orig-id"] == "god mode toggle"


def test_counts_are_num_with_the_documents_name(specs):
    spec = specs["diep_clientbound_diepcustom_011c2e9.ksy"]["types"]
    orig = {(t, a["id"]): a.get("-orig-id") for t in ("update_packet", "achievement",
                                                       "player_count", "compressed")
            for a in spec[t]["seq"]}
    assert orig[("update_packet", "num_deletions")] == "deleteCount"
    assert orig[("update_packet", "num_upcreates")] == "upcreateCount"
    assert orig[("achievement", "num_hashes")] == "hash count"
    assert orig[("player_count", "num_clients")] == "client count"
    assert orig[("compressed", "len_decompressed")] == "decompressed output length"
    params = [p["id"] for p in spec["element_table_vu"]["params"]]
    assert params == ["num_elements"]
