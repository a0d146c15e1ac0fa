"""tshark's habits on wirestruct's command line: -r FILE, -V, -x, -c, -T fields with -E,
-T json and -T ek in tshark's own layouts (compared with what the real tshark prints for the
same capture), error events' rows, and the bundled samples listed."""
import json
import re
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest
from wirestruct.output.formats import hexdump

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
MME = SAMPLES / "mme.pcapng"
DIEP = SAMPLES / "diep.jsonl"


def ws(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *args],
                          capture_output=True, cwd=ROOT)
    if check:
        assert proc.returncode == 0, proc.stderr.decode()
    return proc


def tshark(*args: str) -> bytes:
    return subprocess.run(["tshark", "-n", *args], capture_output=True, check=True).stdout


def lines(proc: subprocess.CompletedProcess) -> list[str]:
    return proc.stdout.decode().splitlines()


# -- -r, -V, -x, -c --------------------------------------------------------------------------
def test_r_names_the_capture_as_the_argument_does():
    given = ws("decode", str(MME), "-p", "mme", "-T", "summary").stdout
    assert ws("decode", "-r", str(MME), "-p", "mme", "-T", "summary").stdout == given
    assert len(given.splitlines()) == 404


def test_r_and_an_argument_or_neither_is_a_usage_error():
    both = ws("decode", str(MME), "-r", str(MME), "-p", "mme", check=False)
    assert both.returncode == 2 and b"the capture is given twice" in both.stderr
    neither = ws("decode", "-p", "mme", check=False)
    assert neither.returncode == 2 and b"capture (or -r FILE" in neither.stderr


def test_v_x_is_the_tree_v_the_tree_without_x_the_dump_alone():
    tree = ws("decode", "-r", str(MME), "-p", "mme", "-T", "tree", "-c", "3").stdout
    assert ws("decode", "-r", str(MME), "-p", "mme", "-V", "-x", "-c", "3").stdout == tree
    details = ws("decode", "-r", str(MME), "-p", "mme", "-V", "-c", "3").stdout.decode()
    events = [json.loads(line) for line in
              ws("decode", "-r", str(MME), "-p", "mme", "-T", "jsonl", "-c", "3").stdout.splitlines()]
    raws = [bytes.fromhex(_raw_hex(MME, e["index"])) for e in events]
    expected = tree.decode()
    for raw in raws:
        expected = expected.replace("\n\n" + "\n".join(hexdump(raw)) + "\n", "\n", 1)
    assert details == expected and "offset size" in details and "\n0000  " not in details
    dump = ws("decode", "-r", str(MME), "-p", "mme", "-x", "-c", "3").stdout.decode()
    assert dump == "".join("\n".join(hexdump(raw)) + "\n\n" for raw in raws)


def _raw_hex(capture: Path, index: int) -> str:
    from wirestruct import decode_records, get_protocol, open_capture
    protocol = get_protocol("mme")
    with open_capture(capture) as cap:
        for event in decode_records(cap.records(protocol), protocol.decoder()):
            if event.index == index:
                return event.raw.hex()
    raise AssertionError(index)


def test_v_with_another_format_is_a_usage_error():
    proc = ws("decode", str(MME), "-p", "mme", "-V", "-T", "jsonl", check=False)
    assert proc.returncode == 2 and b"-V and -x print the tree" in proc.stderr


def test_c_counts_top_level_packets_and_keeps_the_ones_nested_in_them():
    def shown(n: int) -> list[tuple[int, int | None]]:
        out = ws("decode", str(DIEP), "-p", "diep", "-T", "jsonl", "-c", str(n)).stdout
        return [(e["index"], e.get("parent")) for e in map(json.loads, out.splitlines())]
    assert shown(1) == [(0, None)]
    assert shown(2) == [(0, None), (1, None), (2, 1)]     # #2 is carried in #1
    assert shown(3) == [(0, None), (1, None), (2, 1), (3, None)]


# -- -T fields, -E ----------------------------------------------------------------------------
def test_e_header_separator_quote_as_tshark_writes_them():
    ours = lines(ws("decode", "-r", str(MME), "-p", "mme", "-c", "2", "-T", "fields", "-E",
                    "header=y", "-E", "separator=,", "-E", "quote=d", "-e", "frame", "-e", "name"))
    assert ours == ['"frame","name"', '"4","available_packet_types"',
                    '"6","available_packet_types"']
    theirs = tshark("-r", str(MME), "-c", "2", "-T", "fields", "-E", "header=y", "-E",
                    "separator=,", "-E", "quote=d", "-e", "frame.number", "-e", "ip.src")
    assert theirs.decode().splitlines() == ['frame.number,ip.src', '"1","127.0.0.1"',
                                           '"2","127.0.0.1"']   # the same layout
    spaced = lines(ws("decode", "-r", str(MME), "-p", "mme", "-c", "1", "-T", "fields", "-E",
                      "separator=/s", "-E", "quote=s", "-e", "index", "-e", "dir"))
    assert spaced == ["'0' 'c2s'"]
    tabbed = lines(ws("decode", "-r", str(MME), "-p", "mme", "-c", "1", "-E", "separator=/t",
                      "-E", "quote=n", "-E", "header=n", "-e", "index", "-e", "dir"))
    assert tabbed == ["0\tc2s"]


@pytest.mark.parametrize("setting", ["header=yes", "separator=ab", "quote=x", "occurrence=f"])
def test_e_settings_not_taken_are_usage_errors(setting):
    proc = ws("decode", str(MME), "-p", "mme", "-T", "fields", "-e", "index", "-E", setting,
              check=False)
    assert proc.returncode == 2 and f"-E {setting}".encode() in proc.stderr


def test_e_without_fields_is_a_usage_error():
    proc = ws("decode", str(MME), "-p", "mme", "-T", "jsonl", "-E", "header=y", check=False)
    assert proc.returncode == 2 and b"-E is for --format fields" in proc.stderr


def test_an_error_event_has_a_row_that_says_so(tmp_path):
    capture = tmp_path / "cut.jsonl"
    capture.write_text('{"t": 1, "dir": "s2c", "data": "ff00"}\n')
    out = ws("decode", str(capture), "-p", "mme", "-T", "fields", "-e", "index", "-e", "name",
             "-e", "payload.x", "-e", "payload.y", check=False)
    assert out.stdout.decode() == ("0\tTruncatedStreamError\tTruncatedStreamError: stream ends "
                                   "inside a packet: 2 bytes left over\t\n")
    only_fields = ws("decode", str(capture), "-p", "mme", "-e", "payload.x", check=False)
    assert only_fields.stdout.decode() == ("TruncatedStreamError: stream ends inside a packet: "
                                           "2 bytes left over\n")


# -- -T json, -T ek ---------------------------------------------------------------------------
def test_json_is_tsharks_array_of_index_type_score_source_layers():
    text = ws("decode", "-r", str(MME), "-p", "mme", "-c", "3", "-T", "json").stdout
    ours = json.loads(text)
    theirs = json.loads(tshark("-r", str(MME), "-c", "8", "-T", "json"))
    assert text.startswith(b"[\n  {\n    \"_index\": ") and text.endswith(b"\n  }\n]\n")
    assert len(ours) == 3
    times = {p["_source"]["layers"]["frame"]["frame.number"]:
             p["_source"]["layers"]["frame"]["frame.time_epoch"] for p in theirs}
    for packet in ours:
        assert list(packet) == list(theirs[0]) == ["_index", "_type", "_score", "_source"]
        assert packet["_index"] == theirs[0]["_index"] == "packets-2026-11-21"
        assert packet["_type"] == "doc" and packet["_score"] is None
        assert list(packet["_source"]) == ["layers"]
        layers = packet["_source"]["layers"]
        assert list(layers) == ["frame", "mme"]
        frame = layers["frame"]
        assert frame["frame.time_epoch"] == times[frame["frame.number"]]   # tshark's, exactly
        assert frame["frame.protocols"] == "mme"
    assert [p["_source"]["layers"]["mme"] for p in ours] == _jsonl(3)   # the events' JSON


def _jsonl(count: int) -> list[dict]:
    out = ws("decode", "-r", str(MME), "-p", "mme", "-c", str(count), "-T", "jsonl").stdout
    return [json.loads(line) for line in out.splitlines()]


def test_json_of_nothing_is_tsharks_empty_array():
    ours = ws("decode", "-r", str(MME), "-p", "mme", "-T", "json", "--only", "move_player",
              "--upto", "0").stdout
    theirs = tshark("-r", str(MME), "-Y", "frame.number == 0", "-T", "json")
    assert ours == theirs == b"[]\n"


def test_json_error_events_carry_tsharks_expert_info(tmp_path):
    capture = tmp_path / "cut.jsonl"
    capture.write_text('{"t": 1, "dir": "s2c", "data": "ff00"}\n')
    ours = json.loads(ws("decode", str(capture), "-p", "mme", "-T", "json", check=False).stdout)
    layer = ours[0]["_source"]["layers"]["mme"]
    assert layer["error"] == "TruncatedStreamError"
    assert layer["_ws.expert"] == {
        "_ws.expert.message": "TruncatedStreamError: stream ends inside a packet: 2 bytes left over",
        "_ws.expert.severity": "8388608"}
    assert ours[0]["_index"] == "packets-1970-01-01"


def test_ek_is_tsharks_elasticsearch_bulk():
    ours = lines(ws("decode", "-r", str(MME), "-p", "mme", "-c", "3", "-T", "ek"))
    theirs = tshark("-r", str(MME), "-c", "8", "-T", "ek").decode().splitlines()
    assert len(ours) == 6
    stamps = {}
    for doc in theirs[1::2]:
        found = json.loads(doc)
        stamps[found["layers"]["frame"]["frame_frame_number"]] = found["timestamp"]
    for head, doc in zip(ours[::2], ours[1::2]):
        assert head == theirs[0] == '{"index":{"_index":"packets-2026-11-21","_type":"doc"}}'
        found = json.loads(doc)
        assert list(found) == list(json.loads(theirs[1])) == ["timestamp", "layers"]
        frame = found["layers"]["frame"]
        assert found["timestamp"] == stamps[frame["frame_frame_number"]]   # tshark's, exactly
        assert list(found["layers"]) == ["frame", "mme"]
    assert [json.loads(doc)["layers"]["mme"] for doc in ours[1::2]] == _jsonl(3)


# -- samples ----------------------------------------------------------------------------------
def test_samples_without_a_folder_lists_them():
    rows = [line.split("\t") for line in lines(ws("samples"))]
    assert [(r[0], r[1]) for r in rows] == [
        ("diep.jsonl", "diep"), ("mme.jsonl", "mme"), ("mme.pcapng", "mme"),
        ("scrap_mechanic.jsonl", "scrap-mechanic")]
    for name, _, size, where in rows:
        assert int(size) == (SAMPLES / name).stat().st_size and Path(where) == SAMPLES / name
    assert [r[0] for r in map(str.split, lines(ws("samples", "-p", "mme")))] == [
        "mme.jsonl", "mme.pcapng"]


def test_the_mme_pcapng_ships_and_is_the_test_session(tmp_path):
    assert MME.read_bytes() == (ROOT / "tests" / "data" / "mme" / "session.pcapng").read_bytes()
    try:
        import tomllib
    except ModuleNotFoundError:     # Python 3.10: the same parser, as a package (test extra)
        import tomli as tomllib
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["wirestruct.samples"]
    for path in SAMPLES.iterdir():
        assert any(PurePosixPath(path.name).match(p) for p in patterns), path
    ws("samples", str(tmp_path / "out"), "-p", "mme")
    assert (tmp_path / "out" / "mme.pcapng").read_bytes() == MME.read_bytes()
    readme = (ROOT / "README.md").read_text()
    assert re.search(r'open_capture\("samples/mme\.pcapng"\)', readme)
    assert "tests/data/mme/session.pcapng" not in readme
