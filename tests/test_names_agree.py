"""Names agree across outputs, mistakes fail loudly, and what a user reaches for is there:
tables name what they hold as `decode` does, a typo gets a suggestion, and the small
promises of the command line (-c, --big-ints on state, the samples and the metadata a
wheel user follows) hold."""
from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

import pytest
from wirestruct import PacketEvent, decode_records, get_protocol, open_capture
from wirestruct.output.serialize import event_json
from wirestruct.tables import tables_of, to_arrow
from wirestruct.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"scrap-mechanic": ROOT / "samples/scrap_mechanic.jsonl",
           "mme": ROOT / "samples/mme.jsonl", "diep": ROOT / "samples/diep.jsonl"}
#: Event keys and the column that holds each where the table says it otherwise (docs/tables.md)
RENAMED = {"id": "packet_id", "error": "error_kind", "message": "error_message"}


def run(args, capsys):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("protocol", sorted(SAMPLES))
def test_table_columns_are_named_as_decode_names_what_they_hold(protocol):
    """Every column of ``packets`` named after an event key has the key's value for that
    event (``dir``, not ``direction``), and no table of any protocol says ``direction``."""
    path = SAMPLES[protocol]
    proto = get_protocol(protocol)
    with open_capture(str(path)) as capture:
        events = [event_json(e) for e in decode_records(capture.records(proto), proto.decoder())
                  if isinstance(e, PacketEvent)]
    packets = to_arrow(str(path), protocol)["packets"].to_pylist()
    rows = [r for r in packets if r["error_kind"] is None]
    assert len(rows) == len(events)
    for event, row in zip(events, rows):
        for key in ("index", "record", "dir", "stream", "name", "parent", "id"):
            if key in event:
                assert row[RENAMED.get(key, key)] == event[key], (key, event, row)
    for schema in tables_of(protocol).values():
        assert "direction" not in schema.names


def test_unknown_packets_have_one_name_in_json_and_tables(tmp_path):
    """A packet id the protocol does not know is ``unknown_<n>`` in decimal in both."""
    capture = tmp_path / "odd.jsonl"
    capture.write_text(json.dumps({"t": 1.0, "dir": "s2c", "data": "fa00"}) + "\n")
    proto = get_protocol("scrap-mechanic")
    with open_capture(str(capture)) as opened:
        names = {e.name for e in decode_records(opened.records(proto), proto.decoder())
                 if isinstance(e, PacketEvent)}
    rows = to_arrow(str(capture), "scrap-mechanic")["packets"].to_pylist()
    assert names == {"unknown_250"} and {r["name"] for r in rows} == names


def test_a_misspelt_option_or_protocol_gets_a_suggestion(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["decode", str(SAMPLES["mme"]), "--protcol", "mme"])
    assert stop.value.code == 2
    assert "--protocol" in capsys.readouterr().err
    status, _, err = run(["decode", SAMPLES["mme"], "-p", "mmee"], capsys)
    assert status == 2 and "mme" in err


def test_plain_wirestruct_lists_the_commands(capsys):
    try:
        status = main([])
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    text = out + err
    assert status in (0, 2)
    for command in ("decode", "state", "export", "encode", "convert", "batch", "fields", "show"):
        assert re.search(rf"\b{command}\b", text), command


def test_the_module_name_of_a_protocol_is_accepted(capsys):
    status, out, _ = run(["decode", SAMPLES["scrap-mechanic"], "-p", "scrap_mechanic",
                          "--upto", 3], capsys)
    assert status == 0 and len(out.splitlines()) == 4


def test_count_stops_after_n_packets_like_tshark(capsys):
    status, out, _ = run(["decode", SAMPLES["diep"], "-p", "diep", "-c", 5], capsys)
    events = [json.loads(line) for line in out.splitlines()]
    top = [e["index"] for e in events if e.get("parent") is None]   # nested ones come along
    assert status == 0 and len(top) == 5 and len(events) > 5
    with pytest.raises(SystemExit) as stop:
        main(["decode", str(SAMPLES["diep"]), "-p", "diep", "-c", "0"])
    assert stop.value.code == 2 and "-c" in capsys.readouterr().err


def test_state_takes_big_ints_so_steam_ids_survive_jq(capsys):
    big = 2 ** 53
    status, out, _ = run(["state", SAMPLES["scrap-mechanic"], "-p", "scrap-mechanic"], capsys)
    assert status == 0
    numbers = [int(n) for n in re.findall(r"(?<![\w.\"])-?\d{17,}(?![\w.])", out)]
    assert any(abs(n) > big for n in numbers)          # Steam IDs: beyond 2^53
    status, out, _ = run(["state", SAMPLES["scrap-mechanic"], "-p", "scrap-mechanic",
                          "--big-ints", "string"], capsys)
    assert status == 0

    def ints(v):
        if isinstance(v, dict):
            for x in v.values():
                yield from ints(x)
        elif isinstance(v, list):
            for x in v:
                yield from ints(x)
        elif isinstance(v, int) and not isinstance(v, bool):
            yield v

    assert all(abs(n) <= big - 1 for n in ints(json.loads(out)))
    assert any(str(n) in out for n in numbers if abs(n) > big)


def test_encode_of_another_protocols_events_fails_with_a_hint(tmp_path, capsys):
    events = tmp_path / "mme_events.jsonl"
    status, out, _ = run(["decode", SAMPLES["mme"], "-p", "mme", "--upto", 20], capsys)
    events.write_text(out)
    status, _, err = run(["encode", events, "-p", "diep", "--out", tmp_path / "x.jsonl"],
                         capsys)
    assert status != 0 and "diep" in err
    assert not (tmp_path / "x.jsonl").exists()


def test_mme_summaries_show_each_packets_key_fields(capsys):
    status, out, _ = run(["decode", SAMPLES["mme"], "-p", "mme", "-T", "summary",
                          "--only", "move_player,chat_message"], capsys)
    assert status == 0
    lines = out.splitlines()
    moves = [line for line in lines if "move_player" in line]
    chats = [line for line in lines if "chat_message" in line]
    assert moves and all(re.search(r"at \(-?[\d.]+, -?[\d.]+, -?[\d.]+\)", line)
                         for line in moves), moves[:3]
    assert chats and all("player" in line for line in chats), chats[:3]


def test_the_web_ide_export_takes_only_and_upto(tmp_path, capsys):
    out = tmp_path / "webide"
    status, _, err = run(["export", SAMPLES["mme"], "-p", "mme", "--out", out,
                          "--only", "chat_message", "--upto", 200], capsys)
    assert status == 0, err
    files = sorted(p.name for p in (out / "packets").iterdir())
    assert files and all("chat_message" in name for name in files)
    assert all(int(name.split("_")[0]) <= 200 for name in files)


def test_the_readme_names_the_web_ide_and_the_compiler_it_must_match():
    readme = (ROOT / "README.md").read_text()
    version = json.loads((ROOT / "package.json").read_text())["dependencies"][
        "kaitai-struct-compiler"]
    assert "https://ide.kaitai.io" in readme and version in readme


def test_a_wheel_user_finds_the_project_and_the_analysis_extra():
    """What pip shows of the installed package: its project URLs and the ``analysis``
    extra (DuckDB, pandas) the README's snippets need."""
    meta = metadata.metadata("wirestruct")
    urls = meta.get_all("Project-URL") or []
    assert urls and all("https://" in u for u in urls)
    assert "analysis" in (meta.get_all("Provides-Extra") or [])
    analysis = [r for r in meta.get_all("Requires-Dist") or [] if "extra == \"analysis\"" in r]
    assert any(r.startswith("duckdb") for r in analysis)
    assert any(r.startswith("pandas") for r in analysis)
    readme = (ROOT / "README.md").read_text()
    assert "wirestruct samples" in readme and "[analysis]" in readme


def test_tree_gives_bit_fields_their_bit_positions_and_sub_updates_their_offsets(capsys):
    """Bit fields show ``offset:bit`` and a size in bits; what a sub-update reads is shown
    at offsets within its data, marked relative with ``+``."""
    status, out, _ = run(["decode", SAMPLES["scrap-mechanic"], "-p", "scrap-mechanic",
                          "-T", "tree", "--upto", 70], capsys)
    assert status == 0
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "expansions.sub_updates" in line)
    inside = lines[start:start + 200]
    bits = [line for line in inside if re.match(r"^\+[0-9a-f]{5}:[0-7] +\d+b ", line)]
    assert bits, inside[:20]
    assert any(re.match(r"^\+[0-9a-f]{5}:[0-7] +1b +is_downed", line) for line in inside) or \
        len({line.split()[0] for line in bits}) > 3
