"""decode/show output formats: summary, tree (offsets checked against the bytes), fields,
--only, and show --spec on exported bodies."""
import json
import re
from pathlib import Path

from kaitaistruct import KaitaiStruct
from wirestruct.output.formats import hexdump
from wirestruct.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
DIEP = str(ROOT / "samples" / "diep.jsonl")
MME = str(ROOT / "samples" / "mme.jsonl")
SM = ROOT / "samples" / "scrap_mechanic.jsonl"


def run(args, capsys):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def records(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def test_default_off_a_terminal_is_json_lines(capsys):
    status, out, _ = run(["decode", DIEP, "-p", "diep", "--upto", 3], capsys)
    assert status == 0 and [json.loads(line)["index"] for line in out.splitlines()] == [0, 1, 2, 3]


def test_summary_is_one_line_per_packet(capsys):
    status, out, _ = run(["decode", DIEP, "-p", "diep", "--format", "summary"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 182
    fields = lines[4].split()
    assert fields[:4] == ["4", "0.003000", "s2c", "pow_challenge"]
    assert "difficulty=20" in lines[4] and 'prefix="5X6qqhhfkp4v5zf2"' in lines[4]
    assert "[in #1]" in lines[2]  # a packet nested in a 0x02
    assert max(len(line) for line in lines) < 200


def test_only_keeps_the_named_packets(capsys):
    status, out, _ = run(["decode", DIEP, "-p", "diep", "-T", "summary", "--only",
                          "pow_challenge,spawn"], capsys)
    assert status == 0
    assert [line.split()[3] for line in out.splitlines()] == ["pow_challenge", "spawn"]


def test_only_keeps_error_events(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": 1, "dir": "s2c", "data": "16ffff"}\nnot json\n')
    status, out, _ = run(["decode", bad, "-p", "scrap-mechanic", "-T", "summary", "--only",
                          "hello"], capsys)
    lines = out.splitlines()
    assert status == 1 and len(lines) == 2 and all(" ERROR " in line for line in lines)


def test_fields_columns_like_tshark(capsys):
    status, out, _ = run(["decode", DIEP, "-p", "diep", "--only", "update", "-e", "index",
                          "-e", "name", "-e", "body.tick", "-e", "body.deletions"], capsys)
    assert status == 0
    rows = [line.split("\t") for line in out.splitlines()]
    assert len(rows) == 120 and all(len(r) == 4 and r[1] == "update" for r in rows)
    assert [int(r[2]) for r in rows] == list(range(1, 121))
    deleted = [r[3] for r in rows if r[3]]
    # Several values (a list) are joined with ","; objects are compact JSON.
    assert deleted and all({"hash", "id"} <= set(item) for d in deleted
                           for item in json.loads("[" + d + "]"))
    status, _, err = run(["decode", DIEP, "-p", "diep", "-T", "jsonl", "-e", "index"], capsys)
    assert status == 2 and "-e NAME" in err


def test_fields_path_through_lists_gives_every_value(capsys):
    status, out, _ = run(["decode", DIEP, "-p", "diep", "--only", "update", "--upto", 11,
                          "-T", "fields", "-e", "body.upcreates.entity.id"], capsys)
    assert status == 0 and out == "0,1\n"


def test_tree_offsets_match_the_bytes(capsys):
    # diep init: packet id 0x00 then four null-terminated strings.
    status, out, _ = run(["decode", DIEP, "-p", "diep", "-T", "tree", "--upto", 0], capsys)
    assert status == 0
    raw = bytes.fromhex(records(DIEP)[0]["data"])
    build = re.search(r"^ ([0-9a-f]{5}) +(\d+) +build: \"([0-9a-f]+)\"$", out, re.M)
    offset, size = int(build.group(1), 16), int(build.group(2))
    assert raw[offset:offset + size] == build.group(3).encode() + b"\x00"
    assert re.search(r"^ 00000 +1 +packet_id: \"init\"$", out, re.M)
    assert "0000  00 63 39 34 66 63 31 38  63 66 36 31 37 31 66 38   .c94fc18cf6171f8" in out
    assert "__setattr__" not in vars(KaitaiStruct)  # the recording hook is gone afterwards


def test_tree_offsets_count_from_the_packet_through_substreams(capsys):
    # MME: packet_type u2, len_payload u2, then the payload as a substream of that size.
    status, out, _ = run(["decode", MME, "-p", "mme", "-T", "tree", "--upto", 0], capsys)
    assert status == 0
    assert re.search(r"^ 00000 +2 +packet_type: \"available_packet_types\"$", out, re.M)
    assert re.search(r"^ 00002 +2 +len_payload: 7$", out, re.M)
    assert re.search(r"^ 00004 +7 +payload$", out, re.M)
    assert re.search(r"^ 00004 +7 +bitmap: <7 bytes> bf0100c7001a03$", out, re.M)


def test_tree_of_expansions_is_marked_relative(capsys):
    status, out, _ = run(["decode", SM, "-p", "scrap-mechanic", "-T", "tree", "--only",
                          "unreliable_update", "--upto", 40], capsys)
    assert status == 0
    assert re.search(r"^\+00000 +4 +server_tick: 1$", out, re.M)
    assert re.search(r"^\+0000f +16 +rotation$", out, re.M)  # wide: one line per component
    assert re.search(r"^\+0000f +4 +x: 0\.2782874", out, re.M)


def test_hexdump_layout():
    assert hexdump(bytes(range(0x41, 0x53))) == [
        "0000  41 42 43 44 45 46 47 48  49 4a 4b 4c 4d 4e 4f 50   ABCDEFGHIJKLMNOP",
        "0010  51 52                                              QR"]


def _exported(tmp_path, capsys):
    small = tmp_path / "small.jsonl"
    lines = SM.read_text().splitlines()   # the joining sequence, then the first world
    small.write_text("\n".join(lines[:16]) + "\n")
    out = tmp_path / "export"
    assert run(["export", small, "-p", "scrap-mechanic", "--out", out], capsys)[0] == 0
    return out


def test_show_opens_an_exported_body_with_its_spec(tmp_path, capsys):
    out = _exported(tmp_path, capsys)
    body = next((out / "packets").glob("*_initialization_network_update_body.bin"))
    status, text, err = run(["show", body, "-p", "scrap-mechanic"], capsys)
    assert status == 0, err
    assert "opened with sm_network_update_body.ksy" in err
    assert text.startswith("Packet #0: sm_network_update_body (id -1), ")
    status, text, _ = run(["show", body, "-p", "scrap-mechanic", "--spec",
                           "sm_network_update_body", "-T", "jsonl"], capsys)
    event = json.loads(text)
    assert status == 0 and event["name"] == "sm_network_update_body" and event["id"] == -1


def test_show_with_a_wrong_spec_says_so(tmp_path, capsys):
    out = _exported(tmp_path, capsys)
    packet = next((out / "packets").glob("*_initialization_network_update_packet.bin"))
    status, text, _ = run(["show", packet, "-p", "scrap-mechanic", "--spec", "sm_common",
                           "-T", "jsonl"], capsys)
    lines = [json.loads(line) for line in text.splitlines()]
    size = packet.stat().st_size
    assert status == 1
    assert lines[-1]["error"] == "ParseError" and lines[-1]["dropped"] == size
    status, _, err = run(["show", packet, "-p", "scrap-mechanic", "--spec", "nope"], capsys)
    assert status == 2 and "sm_network_update_body" in err  # the known specs are listed


def test_text_formats_escape_terminal_control_characters(tmp_path, capsys):
    # A diep spawn (c2s 0x02) whose name carries an escape sequence and a C1 CSI.
    name = "\x1b]0;owned\x07\x1b[2J\u009b31m".encode()
    capture = tmp_path / "spawn.jsonl"
    capture.write_text(json.dumps({"t": 0, "dir": "c2s", "data": (b"\x02" + name + b"\x00").hex()})
                       + "\n")
    for fmt in (["-T", "summary"], ["-T", "tree"], ["-e", "body.name"]):
        status, out, _ = run(["decode", capture, "-p", "diep", *fmt], capsys)
        assert status == 0 and "spawn" in out or fmt[0] == "-e"
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", out), fmt
        assert ("\\x1b[2J" in out or "\\u001b[2J" in out) and "\\x9b31m" in out
    status, out, _ = run(["decode", capture, "-p", "diep"], capsys)  # JSON keeps the text
    assert json.loads(out)["fields"]["body"]["name"] == name.decode()


def test_only_and_fields_take_the_protocols_names(capsys):
    status, _, err = run(["decode", DIEP, "-p", "diep", "--only", "updat"], capsys)
    assert status == 2 and "--only updat: no diep packet is named so; did you mean update" in err
    status, _, err = run(["decode", DIEP, "-p", "diep", "-e", "bdy.tick"], capsys)
    assert status == 2 and "did you mean body.tick" in err
    status, _, err = run(["decode", DIEP, "-p", "diep", "--only", "init", "-e", "body.tick"],
                         capsys)
    assert status == 2 and "no diep packet named init has this field" in err
    status, out, _ = run(["fields", "-p", "diep", "update"], capsys)
    assert status == 0 and "update\tbody.tick" in out.splitlines()
