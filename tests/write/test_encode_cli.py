"""``wirestruct encode``: the command in every output format, and an edit through jq that
changes exactly that field on the wire, in one real ``decode | jq | encode`` pipeline of
processes. The other commands run the command line's ``main`` in this process (the same
code path, without starting an interpreter each time)."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import pytest
from encode_helpers import ROOT, decode_events
from wirestruct import get_protocol, open_capture
from wirestruct.tools.cli import main

CLI = [sys.executable, "-m", "wirestruct.tools.cli"]
MME = ROOT / "samples" / "mme.jsonl"
SM = ROOT / "samples" / "scrap_mechanic.jsonl"


def _cli(*args, stdin=None):
    """``wirestruct ARGS`` with ``stdin`` as its input: exit status, stdout and stderr."""
    if args[0] == "decode":
        args = (*args, "--format", "jsonl")   # what decode prints into a pipe
    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8")), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            status = main(argv)
    finally:
        sys.stdin = saved
    return subprocess.CompletedProcess(argv, status, out.getvalue(), err.getvalue())


def _stream_bytes(path, protocol="mme", **kw):
    with open_capture(path, **kw) as capture:
        out: dict = {}
        for r in capture.records(get_protocol(protocol)):
            out[(r.stream, r.direction)] = out.get((r.stream, r.direction), b"") + r.data
        return out


@pytest.fixture(scope="module")
def mme_events():
    proc = _cli("decode", MME, "-p", "mme")
    assert proc.returncode == 0
    return proc.stdout


@pytest.mark.parametrize("fmt", ["jsonl", "pcap", "pcapng", "wscap"])
def test_encode_every_format(tmp_path, mme_events, fmt):
    out = tmp_path / f"out.{fmt}"
    proc = _cli("encode", "-", "-p", "mme", "--out", out, stdin=mme_events)
    assert proc.returncode == 0, proc.stderr
    assert "wrote 404 packets" in proc.stderr and "0 not encoded" in proc.stderr
    assert _stream_bytes(out) == _stream_bytes(MME)
    again = _cli("decode", out, "-p", "mme")
    strip = lambda line: {k: v for k, v in json.loads(line).items()  # noqa: E731
                          if k not in ("record", "t", "frame", "src", "dst")}  # a new capture's
    assert [strip(x) for x in again.stdout.splitlines()] == [strip(x) for x in mme_events.splitlines()]


def test_message_protocol_as_udp(tmp_path):
    first = _cli("decode", SM, "-p", "scrap-mechanic")
    events = first.stdout
    out = tmp_path / "sm.pcapng"
    proc = _cli("encode", "-", "-p", "scrap-mechanic", "--out", out, stdin=events)
    assert proc.returncode == 0, proc.stderr
    again = _cli("decode", out, "-p", "scrap-mechanic", "--server", "4000")
    assert again.returncode == 0 and again.stderr == first.stderr
    with open_capture(SM) as original, open_capture(out, server="4000") as written:
        assert [r.data for r in written.records(get_protocol("scrap-mechanic"))] == \
            [r.data for r in original]


def _edit_move_x(events_text: str) -> tuple:
    events = [json.loads(line) for line in events_text.splitlines()]
    target = next(e for e in events if e["name"] == "move_player")
    return events, target["index"]


def _check_one_field_changed(tmp_path, original_events, out, index):
    """The capture written differs from the unedited one in the four bytes of x only."""
    plain = tmp_path / "plain.jsonl"
    assert _cli("encode", "-", "-p", "mme", "--out", plain,
                stdin="".join(json.dumps(e) + "\n" for e in original_events)).returncode == 0
    with open_capture(plain) as a, open_capture(out) as b:
        before, after = [r.data for r in a], [r.data for r in b]
    changed = [(i, j) for i, (x, y) in enumerate(zip(before, after)) for j in range(len(x))
               if x[j] != y[j]]
    assert len(before) == len(after)
    packet = [e for e in original_events if "fields" in e].index(
        next(e for e in original_events if e.get("index") == index))
    assert changed and {i for i, _ in changed} == {packet}
    assert {j for _, j in changed} <= {4, 5, 6, 7}            # x: payload bytes 0..3
    assert after[packet][4:8] == bytes.fromhex("0000f642")    # 123.0 as a little-endian f4
    event = decode_events("mme", [r for r in open_capture(out)])[packet]
    assert event["fields"]["payload"]["x"] == 123.0


@pytest.mark.needs("jq")
def test_edit_through_jq(tmp_path, mme_events):
    events, index = _edit_move_x(mme_events)
    out = tmp_path / "edited.jsonl"
    script = (f"{' '.join(CLI)} decode {MME} -p mme | "
              f"jq -c 'if .index == {index} then .fields.payload.x = 123 else . end' | "
              f"{' '.join(CLI)} encode - -p mme --out {out}")
    proc = subprocess.run(script, shell=True, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    _check_one_field_changed(tmp_path, events, out, index)


def test_edit_in_python(tmp_path, mme_events):
    events, index = _edit_move_x(mme_events)
    edited = [dict(e) for e in events]
    for e in edited:
        if e["index"] == index:
            e["fields"] = json.loads(json.dumps(e["fields"]))
            e["fields"]["payload"]["x"] = 123.0
    out = tmp_path / "edited.jsonl"
    proc = _cli("encode", "-", "-p", "mme", "--out", out,
                stdin="".join(json.dumps(e) + "\n" for e in edited))
    assert proc.returncode == 0, proc.stderr
    _check_one_field_changed(tmp_path, events, out, index)


def test_drop_and_add_packets(tmp_path, mme_events):
    lines = mme_events.splitlines()
    chat = next(line for line in lines if json.loads(line)["name"] == "chat_message")
    edited = [line for line in lines if json.loads(line)["name"] != "move_player"] + [chat]
    out = tmp_path / "out.jsonl"
    proc = _cli("encode", "-", "-p", "mme", "--out", out, stdin="\n".join(edited) + "\n")
    assert proc.returncode == 0, proc.stderr
    again = [json.loads(x) for x in _cli("decode", out, "-p", "mme").stdout.splitlines()]
    names = [e["name"] for e in again]
    assert "move_player" not in names
    assert names[-1] == "chat_message" and again[-1]["fields"] == json.loads(chat)["fields"]
    assert len(again) == len(edited)


def test_bad_lines_are_reported_and_encoding_goes_on(tmp_path, mme_events):
    lines = mme_events.splitlines()
    bad = json.loads(lines[5])
    bad["fields"]["len_payload"] = "many"
    text = "\n".join([lines[0], "not json", json.dumps(bad), lines[1]]) + "\n"
    out = tmp_path / "out.jsonl"
    proc = _cli("encode", "-", "-p", "mme", "--out", out, "--strict", stdin=text)
    assert proc.returncode == 1
    assert "wrote 2 packets" in proc.stderr and "2 not encoded" in proc.stderr
    errors = [json.loads(x) for x in proc.stderr.splitlines() if x.startswith("{")]
    assert errors[0]["message"].startswith("line 2 is not JSON")
    assert errors[1]["field_path"] == "len_payload" and errors[1]["packet_index"] == bad["index"]
    assert _cli("encode", "-", "-p", "mme", "--out", tmp_path / "x.bin", stdin="").returncode == 2
