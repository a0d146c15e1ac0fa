"""The command line, end to end on the bundled samples and the committed captures."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from wirestruct.captures import Transport, open_capture
from wirestruct.core.limits import Limits
from wirestruct.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
SM = ROOT / "samples" / "scrap_mechanic.jsonl"
MME_PCAPNG = ROOT / "tests" / "data" / "mme" / "session.pcapng"
MME_JSONL = ROOT / "tests" / "data" / "mme" / "session.jsonl"


def run(args, capsys):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def records_of(path, transport="stream", server_ports=(), **kw):
    with open_capture(path, **kw) as capture:
        return [r for r in capture.records(Transport(transport, server_ports))]


def test_decode_jsonl_is_one_json_object_per_packet(capsys):
    status, out, err = run(["decode", SM, "--protocol", "scrap-mechanic", "--upto", 20], capsys)
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["index"] for line in lines] == list(range(len(lines)))
    first = lines[0]
    assert set(first) >= {"index", "record", "t", "dir", "id", "name", "fields"}
    assert first["dir"] in ("s2c", "c2s") and isinstance(first["id"], int)
    assert "packets" in err and "errors" in err  # the summary goes to stderr, not stdout


def test_decode_tree_is_a_readable_tree(capsys):
    status, out, _ = run(["decode", SM, "-p", "scrap-mechanic", "--format", "tree", "--upto", 2], capsys)
    assert status == 0
    assert out.startswith("Packet #0: request_passphrase (id 3), ")
    assert "\n             fields\n" in out


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
    with open(SM) as f:       # the first 21: a compressed body of more than 10 bytes
        packet = next(json.loads(line)["data"] for line in f
                      if json.loads(line)["data"][:2] == "15")
    status, out, _ = run(["show", packet, "-p", "scrap-mechanic"], capsys)
    assert status == 0 and out.startswith("Packet #0: ")
    status, out, _ = run(["show", "zz", "-p", "scrap-mechanic"], capsys)
    assert status == 2


def test_bad_input_gives_error_events_not_tracebacks(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": 0, "dir": "s2c", "data": "16ffff"}\nnot json\n')
    status, out, _ = run(["decode", bad, "-p", "scrap-mechanic"], capsys)
    assert status == 1                       # nothing decoded: a failed run, not a traceback
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 2 and all("error" in line for line in lines)
    assert lines[1]["record"] == 1 and "line 2" in lines[1]["message"]
    status, _, _ = run(["decode", bad, "-p", "scrap-mechanic", "--strict"], capsys)
    assert status == 1


def test_unknown_format_is_a_usage_error_naming_the_file(tmp_path, capsys):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\x00\x01\x02\x03 not a capture")
    status, _, err = run(["decode", junk, "-p", "mme"], capsys)
    assert status == 2 and "unknown capture format" in err and str(junk) in err


def test_output_pipes_into_a_closed_reader():
    proc = subprocess.run(f"{sys.executable} -m wirestruct.tools.cli decode {SM} -p scrap-mechanic | head -n 1",
                          check=False, shell=True, capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["index"] == 0
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("fmt", ["pcap", "pcapng"])   # UDP; Wireshark's exported PDUs
def test_message_capture_survives_a_pcap_round_trip(tmp_path, capsys, fmt):
    pcap = tmp_path / f"sm.{fmt}"
    assert run(["convert", SM, "-p", "scrap-mechanic", "--to", fmt, "--out", pcap], capsys)[0] == 0
    server = ["--server", "4000"] if fmt == "pcap" else []   # datagrams do not name it
    _, via_pcap, _ = run(["state", pcap, "-p", "scrap-mechanic", *server], capsys)
    _, direct, _ = run(["state", SM, "-p", "scrap-mechanic"], capsys)
    assert json.loads(via_pcap) == json.loads(direct)
    assert len(json.loads(direct)["netobjs"]) == 100     # the sample's objects at its end


# -- --limit -------------------------------------------------------------------------------
def cli_process(*args):
    """The command line as a real process."""
    return subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)],
                          check=False, capture_output=True, text=True, cwd=ROOT)


def test_limit_applies_to_decoding(tmp_path):
    proc = cli_process("decode", SM, "-p", "scrap-mechanic", "--upto", 5,
                       "--limit", "max_decompressed=10", "--strict")
    assert proc.returncode == 1
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    capped = [line for line in lines if line.get("error") == "LimitExceededError"]
    assert capped and all(line["expected"] == "at most 10 bytes" for line in capped)
    # --max-decompressed stays as the alias of --limit max_decompressed=...; suffixes work.
    alias = cli_process("decode", SM, "-p", "scrap-mechanic", "--upto", 5,
                        "--max-decompressed", "10")
    assert alias.stdout == proc.stdout
    roomy = cli_process("decode", SM, "-p", "scrap-mechanic", "--upto", 5,
                        "--limit", "decompressed=16M", "--limit", "max_nesting=4", "--strict")
    assert roomy.returncode == 0 and "LimitExceededError" not in roomy.stdout


def test_limit_reaches_every_decoding_command(tmp_path):
    proc = cli_process("state", MME_JSONL, "-p", "mme", "--limit", "max_decompressed=10",
                       "--errors", "--strict")
    assert proc.returncode == 1 and "expected at most 10 bytes" in proc.stderr
    with open(SM) as f:       # the first 21: a compressed body of more than 10 bytes
        packet = next(json.loads(line)["data"] for line in f
                      if json.loads(line)["data"][:2] == "15")
    proc = cli_process("show", packet, "-p", "scrap-mechanic", "--format", "jsonl",
                       "--limit", "max_decompressed=10")
    assert proc.returncode == 1 and json.loads(proc.stdout)["expected"] == "at most 10 bytes"
    out = tmp_path / "export"
    proc = cli_process("export", SM, "-p", "scrap-mechanic", "--out", out,
                       "--limit", "max_decompressed=10")
    assert proc.returncode == 0
    errors = json.loads((out / "index.json").read_text())["errors"]
    # (a small 22 that still decodes has lost the sub-update its delta refers to)
    assert errors and all(e["expected"] == "at most 10 bytes" or e["error"] == "DeltaError"
                          for e in errors)
    assert sum(e["expected"] == "at most 10 bytes" for e in errors) > len(errors) - 5
    pcap = tmp_path / "s.pcap"
    assert cli_process("convert", SM, "-p", "scrap-mechanic", "--to", "pcap", "--out", pcap).returncode == 0
    proc = cli_process("convert", pcap, "-p", "scrap-mechanic", "--to", "jsonl", "--out",
                       tmp_path / "s.jsonl", "--server", "4000", "--limit", "max_record=64")
    assert proc.returncode == 0
    assert "skipped" in proc.stderr and "at most 64 bytes (limits.max_record)" in proc.stderr


@pytest.mark.parametrize("bad, says", [("nosuch=1", "unknown limit 'nosuch'"),
                                       ("max_packet=lots", "'lots' is not a whole number"),
                                       ("max_packet", "expected NAME=VALUE"),
                                       ("max_packet=-1", "is not a whole number")])
def test_a_bad_limit_is_a_usage_error_naming_the_limits(tmp_path, bad, says):
    out = tmp_path / "export"
    proc = cli_process("export", SM, "-p", "scrap-mechanic", "--out", out, "--limit", bad)
    assert proc.returncode == 2
    assert says in proc.stderr
    assert all(name in proc.stderr for name in Limits.names())
    assert not out.exists()  # nothing written


def test_help_lists_every_limit():
    proc = cli_process("decode", "--help")
    assert proc.returncode == 0
    help_lines = proc.stdout.splitlines()
    for name, doc in Limits.names().items():
        assert any(line.split()[:1] and line.split()[0].startswith(f"{name}=") and doc in line
                   for line in help_lines), name
    assert "max_decompressed=16M" in proc.stdout


# -- help for mistakes ---------------------------------------------------------------------
@pytest.mark.parametrize("sample,protocol", [("scrap_mechanic.jsonl", "scrap-mechanic"),
                                             ("mme.jsonl", "mme"), ("diep.jsonl", "diep")])
def test_the_protocol_is_detected_and_named_when_omitted(sample, protocol, capsys):
    path = ROOT / "samples" / sample
    status, out, err = run(["decode", path], capsys)
    assert status == 0
    assert f"wirestruct: protocol {protocol} (detected from the first records" in err
    status, expected, _ = run(["decode", path, "-p", protocol], capsys)
    assert out == expected


def test_detection_that_fits_nothing_is_a_clear_error(tmp_path, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_text('{"t": 0, "dir": "s2c", "data": ""}\n')
    status, out, err = run(["decode", empty], capsys)
    assert status == 2 and not out
    assert "no protocol decodes the first records" in err and str(empty) in err


def test_the_wrong_protocol_fails_with_a_hint(capsys):
    status, _, err = run(["decode", ROOT / "samples" / "mme.jsonl", "-p", "diep"], capsys)
    assert status == 1
    assert "nothing in" in err and "decodes as diep" in err
    assert "is this a diep capture? (without --protocol it is detected)" in err
    status, _, err = run(["state", ROOT / "samples" / "mme.jsonl", "-p", "scrap-mechanic"],
                         capsys)
    assert status == 1 and "decodes as scrap-mechanic" in err


def test_the_summary_counts_errors_by_kind_and_names_the_first(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": 0, "dir": "s2c", "data": "16ffff"}\n{not json\n'
                   '{"t": 1, "dir": "up", "data": ""}\n')
    status, out, err = run(["decode", bad, "-p", "scrap-mechanic"], capsys)
    assert status == 1
    packet_error = json.loads(out.splitlines()[0])["error"]
    lines = err.splitlines()
    assert lines[0] == "wirestruct: 0 packets, 3 errors"
    assert lines[1].startswith("  2 CaptureError; the first: ")
    assert "line 2: not JSON" in lines[1] and str(bad) in lines[1]
    assert lines[2].startswith(f"  1 {packet_error}; the first: {bad}, record 0")


@pytest.mark.parametrize("args,says", [
    (["decode", SM, "--server", "abc"], "argument --server: 'abc' is not [HOST:]PORT"),
    (["decode", SM, "--server", "70000"], "port 1..65535"),
    (["decode", SM, "--server", ":80"], "the host before ':' is empty"),
    (["state", SM, "--upto", "-1"], "argument --upto: -1 is negative"),
    (["decode", SM, "--upto", "x"], "'x' is not a whole number"),
    (["decode", SM, "--diep-build", "nope"], "unknown diep build 'nope'; known: "),
    (["decode", SM, "--format", "xml"], "invalid choice: 'xml'"),
])
def test_invalid_option_values_are_usage_errors(args, says):
    proc = subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert proc.returncode == 2 and says in proc.stderr and not proc.stdout


def test_a_server_that_matches_nothing_says_so_and_fails_strict(capsys):
    status, out, err = run(["decode", MME_PCAPNG, "-p", "mme", "--server", "1", "--strict"], capsys)
    assert status == 1
    # No packet is decoded; the frames of the connections not followed are counted.
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines and all(line["error"] == "UnsupportedError" and "index" in line
                         for line in lines)
    assert lines[-1]["dropped_unit"] == "frames"     # the totals; the first names the kind
    assert "do not involve the named server" in lines[-1]["message"]
    assert f"--server 1 matched no traffic in {MME_PCAPNG}" in err
    status, _, _ = run(["decode", MME_PCAPNG, "-p", "mme", "--server", "1"], capsys)
    assert status == 1                         # without --strict too: nothing matched


def test_file_errors_name_the_file(tmp_path, capsys):
    missing = tmp_path / "missing.pcap"
    status, _, err = run(["decode", missing, "-p", "mme"], capsys)
    assert status == 2 and f"{missing}: cannot open: No such file or directory" in err
    status, _, err = run(["state", ROOT / "samples" / "mme.jsonl", "-p", "mme", "--map-out",
                          tmp_path / "no" / "map.bin"], capsys)
    assert status == 2 and f"{tmp_path / 'no' / 'map.bin'}: " in err


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == "wirestruct 0.1.0"


def test_every_option_of_every_command_is_described_with_examples():
    import argparse

    from wirestruct.tools.cli import build_parser
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) >= {"decode", "state", "export", "convert", "show", "regen"}
    for name, command in [("wirestruct", parser), *sub.choices.items()]:
        assert command.epilog and "examples:\n  wirestruct " in command.epilog, name
        for action in command._actions:
            if not isinstance(action, argparse._SubParsersAction):
                assert action.help, f"{name} {action.option_strings or action.dest}"
        if command is not parser:
            assert command.description, name


def test_decode_and_state_say_the_same_of_decoding(capsys):
    """The MME sample decodes without an error; its tracked state has one (the server sends
    a packet type the client did not select): state says which is which."""
    code, _, err = run(["decode", str(ROOT / "samples/mme.jsonl"), "-p", "mme"], capsys)
    assert code == 0 and "wirestruct: 404 packets, 0 errors" in err
    code, _, err = run(["state", str(ROOT / "samples/mme.jsonl"), "-p", "mme"], capsys)
    assert code == 0
    assert "wirestruct: state after the capture, 1 errors (0 decoding, 1 in the tracked " \
        "state)" in err
    assert "  1 StateError; the first: " in err
