"""Per-build field tables: adding a build is adding a data file.

A second build is made by shuffling the bundled table (another field order, the unused
slot elsewhere); the template renders its spec, the pinned compiler compiles it, and a
session generated with that table decodes and tracks to the expected entity table."""
import json
import random
import shutil
import sys
from pathlib import Path

import pytest
from needs import needs_documents
from wirestruct.core.events import ErrorEvent
from wirestruct.core.session import decode_records, track
from wirestruct.plugin import registry
from wirestruct.protocols.diep import DEFAULT_BUILD, available_builds, load_build
from wirestruct.protocols.diep.builds import DATA_DIR, build_from_table
from wirestruct.protocols.diep.generate import generate
from wirestruct.tools import regen

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = json.loads((DATA_DIR / "diepcustom_011c2e9.json").read_text(encoding="utf-8"))


def test_bundled_build_is_the_default():
    assert "diepcustom_011c2e9" in available_builds()
    build = load_build()
    assert build is load_build(DEFAULT_BUILD) is load_build("diepcustom_011c2e9")
    assert build.build == "diepcustom-011c2e9" and build.num_update_slots == 68
    assert len(build.fields) == 67 and [f.creation_index for f in build.fields] == list(range(67))
    assert sorted(build.by_update_index) == [i for i in range(68) if i != 21]
    assert build.groups[6] == "Example" and build.groups[9] == "Camera"
    differ = [(f.key, f.type, f.update_type) for f in build.fields if f.type != f.update_type]
    assert differ == [("Arena.scoreboardScores", "float", "vi")]


def test_bundled_table_matches_the_shared_field_table():
    path = needs_documents("diep") / "fields.json"
    shared = json.loads(path.read_text(encoding="utf-8"))
    ours = {f["key"]: f for f in BUNDLED["fields"]}
    for f in shared["fields"]:
        mine = ours[f["key"]]
        for k in ("creation_index", "update_index", "type", "update_type", "length", "group_id"):
            assert mine[k] == f[k], (f["key"], k)
    assert BUNDLED["num_update_slots"] == shared["update_index_count"]
    assert BUNDLED["num_creation_fields"] == shared["field_count_creation"]


def shuffled_table(seed: int) -> dict:
    rng = random.Random(seed)
    table = json.loads(json.dumps(BUNDLED))
    table["build"] = f"shuffled-{seed}"
    fields = table["fields"]
    order = list(range(len(fields)))
    rng.shuffle(order)
    unused_at = 40
    for creation_index, f in zip(order, fields):
        f["creation_index"] = creation_index
        f["update_index"] = creation_index + (creation_index >= unused_at)
    table["unused_update_slots"][0]["update_index"] = unused_at
    return table


@pytest.fixture(scope="module")
def shuffled_build(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("builds")
    ksy = tmp / "ksy"
    shutil.copytree(ROOT / "ksy" / "diep", ksy / "diep")
    key = "shuffled_test"
    table = shuffled_table(7)
    (ksy / "diep" / "data" / f"{key}.json").write_text(json.dumps(table), encoding="utf-8")
    rendered = regen.render_templates(ksy)
    spec = ksy / "diep" / f"diep_clientbound_{key}.ksy"
    assert spec in rendered and (ksy / "diep" / "diep_clientbound_diepcustom_011c2e9.ksy") in rendered
    spec.write_text(rendered[spec], encoding="utf-8")
    answer = regen.compile_specs([spec, ksy / "diep" / "diep_types.ksy"])
    package = tmp / "shuffled_generated"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for _path, result in answer["results"].items():
        assert result["errors"] == [], result["errors"]
        for name, source in result["outputs"]["python"].items():
            (package / name).write_text(regen.rewrite_imports(source, result["imports"]))
    sys.path.insert(0, str(tmp))
    try:
        yield build_from_table(key, table, package="shuffled_generated"), rendered[spec]
    finally:
        sys.path.remove(str(tmp))
        for name in [m for m in sys.modules if m.startswith("shuffled_generated")]:
            del sys.modules[name]


def test_rendered_spec_follows_the_table(shuffled_build):
    build, text = shuffled_build
    first = min(build.fields, key=lambda f: f.creation_index)
    assert f"      - id: {first.attr}\n" in text.split("  creation:")[1].split("    seq:")[1][:400]
    assert "            40: " not in text          # the unused slot has no case
    assert "# Rendered by `wirestruct regen`" in text


def test_session_of_another_build_round_trips(shuffled_build):
    build, _ = shuffled_build
    protocol = registry.get_protocol("diep")
    session = generate(2, ticks=60, shapes=60, build=build)
    records = list(session)
    tracker = protocol.tracker(diep_build=build)
    events = list(track(decode_records(records, protocol.decoder(diep_build=build)), tracker))
    assert [e for e in events if isinstance(e, ErrorEvent)] == []
    assert tracker.snapshot() == session.expected
    # the same bytes do not decode with the bundled table
    bundled = protocol.tracker()
    errors = [e for e in track(decode_records(records, protocol.decoder()), bundled)
              if isinstance(e, ErrorEvent)]
    assert errors
