"""The command line, end to end on the bundled samples and the committed captures."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from wirestruct.captures import open_capture
from wirestruct.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
SM = ROOT / "samples" / "scrap_mechanic.jsonl"
MME_PCAPNG = ROOT / "tests" / "data" / "mme" / "session.pcapng"
MME_JSONL = ROOT / "tests" / "data" / "mme" / "session.jsonl"


def run(args, capsys):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def records_of(path, **kw):
    with open_capture(path, **kw) as capture:
        return [r for r in capture]


def test_decode_jsonl_is_one_json_object_per_packet(capsys):
    status, out, err = run(["decode", SM, "--protocol", "scrap-mechanic", "--upto", 20], capsys)
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["index"] for line in lines] == list(range(len(lines)))
    first = lines[0]
    assert set(first) >= {"index", "record", "t", "dir", "id", "name", "fields"}
    assert first["dir"] in ("s2c", "c2s") and isinstance(first["id"], int)
    assert "packets" in err and "errors" in err  # the summary goes to stderr, not stdout


def test_decode_text_is_a_readable_tree(capsys):
    status, out, _ = run(["decode", SM, "-p", "scrap-mechanic", "--format", "text", "--upto", 2], capsys)
    assert status == 0
    assert out.startswith("#0 t=")
    assert "\n  fields:\n" in out


def test_state_upto_stops_after_packet_n(capsys):
    status, out, _ = run(["state", MME_JSONL, "-p", "mme", "--upto", 0, "--compact"], capsys)
    assert status == 0
    early = json.loads(out)
    status, out, _ = run(["state", MME_JSONL, "-p", "mme", "--compact"], capsys)
    final = json.loads(out)
    assert early != final
    assert set(final) >= {"map", "players", "chat"}


def test_pcapng_and_jsonl_give_the_same_state(capsys):
    _, from_jsonl, _ = run(["state", MME_JSONL, "-p", "mme"], capsys)
    _, from_pcapng, _ = run(["state", MME_PCAPNG, "-p", "mme"], capsys)
    assert json.loads(from_jsonl) == json.loads(from_pcapng)


def test_convert_round_trips_through_the_container(tmp_path, capsys):
    wscap = tmp_path / "s.wscap"
    back = tmp_path / "s.jsonl"
    assert run(["convert", SM, "-p", "scrap-mechanic", "--to", "wscap", "--out", wscap], capsys)[0] == 0
    assert run(["convert", wscap, "--to", "jsonl", "--out", back], capsys)[0] == 0
    assert records_of(back) == records_of(SM)
    # The container names its protocol, so --protocol is optional when decoding it.
    status, out, _ = run(["decode", wscap, "--upto", 3], capsys)
    assert status == 0 and len(out.splitlines()) == 4


@pytest.mark.parametrize("to", ["pcap", "pcapng"])
def test_convert_to_pcap_formats_keeps_the_byte_streams(tmp_path, capsys, to):
    pcap = tmp_path / f"s.{to}"
    assert run(["convert", MME_PCAPNG, "-p", "mme", "--to", to, "--out", pcap], capsys)[0] == 0

    def streams(path):
        out = {}
        for r in records_of(path, transport="stream", server_ports=_mme_ports()):
            key = (r.stream, r.direction)
            out[key] = out.get(key, b"") + r.data
        return out

    assert streams(pcap) == streams(MME_PCAPNG)


def _mme_ports():
    from wirestruct import get_protocol
    return get_protocol("mme").default_ports


def test_show_decodes_one_packet_from_hex(capsys):
    with open(SM) as f:
        packet = json.loads(f.readline())["data"]
    status, out, _ = run(["show", packet, "-p", "scrap-mechanic"], capsys)
    assert status == 0 and out.startswith("#0 ")
    status, out, _ = run(["show", "zz", "-p", "scrap-mechanic"], capsys)
    assert status == 2


def test_bad_input_gives_error_events_not_tracebacks(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": 0, "dir": "s2c", "data": "16ffff"}\nnot json\n')
    status, out, _ = run(["decode", bad, "-p", "scrap-mechanic"], capsys)
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 2 and all("error" in line for line in lines)
    assert lines[1]["record"] == 1 and "line 2" in lines[1]["message"]
    status, _, _ = run(["decode", bad, "-p", "scrap-mechanic", "--strict"], capsys)
    assert status == 1


def test_unknown_format_and_missing_protocol_are_usage_errors(tmp_path, capsys):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\x00\x01\x02\x03 not a capture")
    status, _, err = run(["decode", junk, "-p", "mme"], capsys)
    assert status == 2 and "unknown capture format" in err
    status, _, err = run(["decode", SM], capsys)
    assert status == 2 and "--protocol is required" in err


def test_output_pipes_into_a_closed_reader():
    proc = subprocess.run(f"{sys.executable} -m wirestruct.tools.cli decode {SM} -p scrap-mechanic | head -n 1",
                          shell=True, capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["index"] == 0
    assert "Traceback" not in proc.stderr


def test_message_capture_survives_a_pcap_round_trip(tmp_path, capsys):
    pcap = tmp_path / "sm.pcap"
    assert run(["convert", SM, "-p", "scrap-mechanic", "--to", "pcap", "--out", pcap], capsys)[0] == 0
    _, via_pcap, _ = run(["state", pcap, "-p", "scrap-mechanic"], capsys)
    _, direct, _ = run(["state", SM, "-p", "scrap-mechanic"], capsys)
    assert json.loads(via_pcap) == json.loads(direct)
    assert len(json.loads(direct)["netobjs"]) > 50
