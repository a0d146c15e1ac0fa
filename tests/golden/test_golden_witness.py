"""Every golden file against a second witness (witness.py): the capture read without
wirestruct, tshark, and the protocol documents' facts kept in tests/data/witness/.

A field a source gives must be equal in the golden file, and no golden file may have
fewer witnessed fields than ``witnessed.json`` records (after an intended change of what
is witnessed: ``python tests/golden/witness.py --record``). The golden files of pcap and
pcapng captures need tshark: those cases are in the slow set.
"""

from __future__ import annotations

import golden_cases
import pytest
import witness
import witness_sources
from needs import NO_DOCUMENTS, documents_root, needs

NAMES = sorted(golden_cases.stored_names())
SLOW = pytest.mark.slow


def _param(name: str):
    return pytest.param(name, id=name, marks=[SLOW] if witness.needs_tshark(name) else [])


@pytest.fixture(scope="module")
def sources() -> dict[str, witness.Source]:
    return witness.captures()


@pytest.fixture(scope="module")
def tallies() -> dict[str, witness.Tally]:
    return {}


def _need_tshark(name: str) -> None:
    if witness.needs_tshark(name):
        needs("tshark")      # a witness of the pcap and pcapng captures


@pytest.mark.parametrize("name", [_param(n) for n in NAMES])
def test_golden_file_agrees_with_its_witnesses(name, sources, tallies) -> None:
    _need_tshark(name)
    tally = witness.witness(name, witness.golden_text(name), sources)
    tallies[name] = tally
    assert not tally.mismatches, f"{name}: fields the sources contradict:\n  " + \
        "\n  ".join(tally.mismatches)
    recorded = witness.recorded_counts().get(name)
    assert recorded is not None, \
        f"{name}: no witnessed count recorded (run python tests/golden/witness.py --record)"
    assert tally.total >= recorded, (
        f"{name}: {tally.total} fields witnessed, {recorded} before: a witness lost sight of "
        f"some fields\n{witness.table({name: tally})}")


def test_witness_table(tallies, capsys) -> None:
    """Prints the witnessed fields of the golden files checked in this run, per source."""
    if not tallies:
        pytest.skip("no golden file was checked in this run")
    with capsys.disabled():
        print("\nGolden files, fields witnessed per source:\n" + witness.table(tallies))
    assert sum(t.total for t in tallies.values()) > 0


def test_recorded_counts_name_existing_golden_files() -> None:
    assert set(witness.recorded_counts()) == set(NAMES)


def test_witnessed_counts_of_game_decodes() -> None:
    """The decode outputs of the game captures are witnessed field by field: every
    packet's place, time, direction, id and name at least."""
    counts = witness.recorded_counts()
    for name in NAMES:
        if name.startswith("decode/") and "loopback" not in name and "tree" not in name:
            assert counts[name] >= 4 * 100, name


def test_data_matches_the_documents() -> None:
    """tests/data/witness/ is what witness_sources.py takes out of the documents (when
    the documents are beside the checkout: they are not part of it)."""
    documents = documents_root()
    if documents is None:
        pytest.skip(f"{NO_DOCUMENTS} (witness data)")
    for name, text in witness_sources.extract(documents).items():
        assert (witness_sources.WITNESS_DATA / name).read_text(encoding="utf-8") == text, name


# ----------------------------------------------------------------------------- the witnesses themselves


def test_mme_framing_and_fields_from_the_document() -> None:
    record = witness.Record(witness.Decimal("1.5"), "s2c",
                            bytes.fromhex("0800 0400 03 686921" "0a00 0100 07" "1800 1400")
                            + bytes(20))
    refs = witness.mme_refs([record])
    assert [r.get("name") for r in refs] == ["chat_message", "denounce_player", "move_player"]
    assert refs[0].readable == {"fields.payload.player_id": ("mme-doc", 3),
                                "fields.payload.message": ("mme-doc", "hi!")}
    assert refs[1].values["fields.len_payload"] == ("mme-doc", 1)
    assert refs[2].readable["fields.payload.x"] == ("mme-doc", 0.0)
    assert "fields.payload.player_id" not in refs[2].readable  # 20 bytes: no player id


def test_diep_update_from_the_field_table() -> None:
    """README section 4's worked example: the update of the player's tank."""
    data = bytes.fromhex("00" "0a" "00" "01" "01eb07" "0001" "00a49701" "00e408" "008203" "01")
    values = witness.diep_update(data)
    assert values["fields.body.tick"][1] == 10
    assert values["fields.body.upcreates.0.entity"][1] == {"hash": 1, "id": 1003, "is_null": False}
    assert values["fields.body.upcreates.0.body.fields"][1] == [
        {"value": 9682, "index": 0, "slot": "position_y"},
        {"value": 562, "index": 1, "slot": "position_x"},
        {"value": 3.015625, "index": 2, "slot": "position_angle"}]


def test_a_contradicted_field_is_reported(sources) -> None:
    name = "decode/mme/jsonl"
    text = witness.golden_text(name).replace(b'"name":"denounce_player"', b'"name":"denounce"', 1)
    tally = witness.witness(name, text, sources)
    assert len(tally.mismatches) == 1 and "denounce_player" in tally.mismatches[0]
