"""Every output shows values by the same rules: no wire encoding leaks into readable output.

The golden outputs (``tests/golden/data``; ``tests/golden/test_golden.py`` proves them equal
to what every command prints today for every sample and test capture: decode in each
format, state, export, encode, convert and batch) are walked for encodings that readable
output must not show; so are the Python API's forms of the same captures. ``--raw``
outputs show the wire form on purpose and are walked only to prove the walker finds leaks.
"""
from __future__ import annotations

import json
import lzma
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wirestruct import PacketEvent, decode_records, get_protocol, open_capture, track
from wirestruct.output.serialize import dumps_document, event_json

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden" / "data"
SAMPLES = {"scrap-mechanic": REPO / "samples/scrap_mechanic.jsonl",
           "mme": REPO / "samples/mme.jsonl", "diep": REPO / "samples/diep.jsonl"}

UUID_TEXT = re.compile(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}")
#: A JSON escape of a character beyond ASCII (control characters are escaped by JSON)
NON_ASCII_ESCAPE = re.compile(
    r"\\u(?:00[89a-fA-F][0-9a-fA-F]|0[1-9a-fA-F][0-9a-fA-F]{2}|[1-9a-fA-F][0-9a-fA-F]{3})")
#: A Python object's repr instead of its value
REPR = re.compile(r"<(?:wirestruct|kaitaistruct)\.|object at 0x[0-9a-f]+>")
BIT_COUNTS = ("num_bits", "num_padding_bits")


def leaks(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """``(path, what)`` for every wire encoding found in a readable JSON value."""
    if isinstance(value, dict):
        keys = list(value)
        if keys == ["octets"]:
            yield path, "a UUID as its octets"
        if keys in (["z", "y", "x"], ["w", "z", "y", "x"]):
            yield path, "a vector in wire order"
        for key, item in value.items():
            here = f"{path}.{key}"
            if key in BIT_COUNTS:
                yield here, "a bit stream's bit count"
            if key.startswith("_"):
                yield here, "a private attribute"
            if key == "padding" and (item in (0, False) or (
                    isinstance(item, list) and not any(item))):
                yield here, "zero padding bits"
            if key.endswith("uuid") or key.endswith("uuids"):
                items = item if key.endswith("uuids") and isinstance(item, list) else [item]
                for x in items:
                    # an int is a shape's index into the world's UUID table
                    if not (x is None or (isinstance(x, int) and not isinstance(x, bool))
                            or (isinstance(x, str) and UUID_TEXT.fullmatch(x))):
                        yield here, f"a UUID not as text: {str(x)[:80]}"
            yield from leaks(item, here)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaks(item, f"{path}[{i}]")
    elif isinstance(value, str) and REPR.search(value):
        yield path, f"a Python repr: {value[:80]}"


def line_leaks(line: str) -> list[tuple[str, str]]:
    """The leaks of one JSON line of output (its text too: non-ASCII is printed as it is)."""
    found = list(leaks(json.loads(line)))
    if NON_ASCII_ESCAPE.search(line):
        found.append(("", "non-ASCII text escaped"))
    return found


def golden_files(raw: bool) -> list[Path]:
    return sorted(p for p in GOLDEN.rglob("*.txt*") if ("raw" in p.name) is raw)


def golden_json_lines(path: Path) -> Iterator[tuple[int, str]]:
    data = path.read_bytes()
    text = (lzma.decompress(data) if path.suffix == ".xz" else data).decode("utf-8", "replace")
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(("{", "[")):
            try:
                json.loads(line)
            except ValueError:
                continue
            yield number, line


@pytest.mark.parametrize("path", golden_files(raw=False),
                         ids=lambda p: str(p.relative_to(GOLDEN)))
def test_no_golden_output_leaks_an_encoding(path: Path) -> None:
    lines = list(golden_json_lines(path))
    found = [(number, where, what) for number, line in lines for where, what in line_leaks(line)]
    assert not found, f"{path.relative_to(GOLDEN)}: {found[:10]}"


def test_the_walker_finds_what_raw_output_shows_on_purpose() -> None:
    """``--raw`` is the wire form: UUID octets and vectors in wire order; the walker must
    see them there (else an empty finding above proves nothing)."""
    [raw] = [p for p in golden_files(raw=True) if p.parent.name == "scrap_mechanic"
             and p.parent.parent.name == "decode"]
    kinds = {what for _, line in golden_json_lines(raw) for _, what in line_leaks(line)}
    assert {"a UUID as its octets", "a vector in wire order"} <= kinds
    # and the shapes the issue named, built by hand
    assert {w for _, w in leaks({"selected_item_uuid": [0] * 16, "padding": [False] * 5,
                                 "num_bits": 235, "v": {"z": 1.0, "y": 2.0, "x": 3.0}})} == {
        "a UUID not as text: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]",
        "zero padding bits", "a bit stream's bit count", "a vector in wire order"}


def test_golden_outputs_cover_every_command_and_sample() -> None:
    commands = {p.relative_to(GOLDEN).parts[0] for p in golden_files(raw=False)}
    assert {"decode", "state", "export", "encode", "convert", "batch"} <= commands
    decoded = {p.parent.name for p in (GOLDEN / "decode").rglob("*.txt*")}
    assert {"scrap_mechanic", "mme", "diep", "mme_session_pcapng"} <= decoded


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_python_api_shows_values_as_the_commands_do(name: str) -> None:
    """Events and the tracker's snapshot through the API: the same rules, no leaks, and
    the snapshot's character fields agree with the packets that set them."""
    protocol = get_protocol(name)
    tracker = protocol.tracker()
    lines = []
    with open_capture(str(SAMPLES[name])) as capture:
        for event in track(decode_records(capture.records(protocol), protocol.decoder()),
                           tracker):
            if isinstance(event, PacketEvent):
                lines.append(json.dumps(event_json(event), ensure_ascii=False))
    lines.append(dumps_document(tracker.snapshot()).decode())
    found = [(i, w) for i, line in enumerate(lines) for w in line_leaks(line)]
    assert not found, found[:10]


def character_updates(lines: list[str]) -> list[dict[str, Any]]:
    found = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            if "update_selected_item" in v:
                found.append(v)
            for item in v.values():
                walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    for line in lines:
        walk(json.loads(line))
    return found


def wirestruct(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *args], input=stdin,
                          capture_output=True, check=False, cwd=REPO, timeout=300)


def test_a_characters_selected_item_is_a_uuid_and_encodes_back(tmp_path: Path) -> None:
    sample = SAMPLES["scrap-mechanic"]
    decoded = wirestruct("decode", str(sample), "-p", "scrap-mechanic")
    assert decoded.returncode == 0, decoded.stderr
    lines = decoded.stdout.decode().splitlines()
    updates = character_updates(lines)
    selected = [u for u in updates if u["update_selected_item"]]
    assert selected and all(UUID_TEXT.fullmatch(u["selected_item_uuid"]) for u in selected)
    assert all(not set(u) & {"padding", *BIT_COUNTS} for u in updates)
    # the state shows the same text for the same character
    state = json.loads(wirestruct("state", str(sample), "-p", "scrap-mechanic").stdout)
    shown = {u["selected_item_uuid"] for u in selected}
    in_state = {f.get("selected_item_uuid") for f in _objects(state)} - {None}
    assert in_state and in_state <= shown
    # what readable output leaves out is rebuilt: the same bytes come back
    out = tmp_path / "back.jsonl"
    encoded = wirestruct("encode", "-", "-p", "scrap-mechanic", "--out", str(out),
                         stdin=decoded.stdout)
    assert encoded.returncode == 0, encoded.stderr
    original = [json.loads(line)["data"] for line in sample.read_text().splitlines()]
    assert [json.loads(line)["data"] for line in out.read_text().splitlines()] == original
    # a UUID edited as text is written in the field's byte order and reads back the same
    old = next(u["selected_item_uuid"] for u in selected
               if u["selected_item_uuid"] != "00000000-0000-0000-0000-000000000000")
    new = "0f0e0d0c-0b0a-0908-0706-050403020100"
    edited = next(line for line in lines if f'"selected_item_uuid":"{old}"' in line).replace(old, new)
    again = wirestruct("encode", "-", "-p", "scrap-mechanic", "--out", str(tmp_path / "one.jsonl"),
                       stdin=edited.encode())
    assert again.returncode == 0, again.stderr
    redecoded = wirestruct("decode", str(tmp_path / "one.jsonl"), "-p", "scrap-mechanic")
    [update] = [u for u in character_updates(redecoded.stdout.decode().splitlines())
                if u["update_selected_item"]]
    assert update["selected_item_uuid"] == new


def _objects(state: Any) -> Iterator[dict[str, Any]]:
    if isinstance(state, dict):
        if "selected_item_uuid" in state:
            yield state
        for item in state.values():
            yield from _objects(item)
    elif isinstance(state, list):
        for item in state:
            yield from _objects(item)


def test_encode_keeps_every_digit_of_the_time(tmp_path: Path) -> None:
    """``encode`` reads ``"t"`` from its text, as the JSON Lines reader does: the
    nanoseconds of a pcapng capture survive decode | encode, to JSON Lines and to pcapng."""
    capture = REPO / "tests/data/mme/session.pcapng"
    server = str(json.loads((REPO / "tests/data/mme/session.json").read_text())["port"])
    decoded = wirestruct("decode", str(capture), "-p", "mme", "--server", server)
    assert decoded.returncode == 0, decoded.stderr
    times = [m.group(1) for m in re.finditer(rb'"t":([0-9.]+)', decoded.stdout)]
    assert any(len(t.split(b".")[1]) == 9 for t in times)       # nanoseconds, as captured
    for suffix in ("jsonl", "pcapng"):
        out = tmp_path / f"back.{suffix}"
        done = wirestruct("encode", "-", "-p", "mme", "--out", str(out), stdin=decoded.stdout)
        assert done.returncode == 0, done.stderr
        again = wirestruct("decode", str(out), "-p", "mme")   # its own endpoints, handshake
        assert [m.group(1) for m in re.finditer(rb'"t":([0-9.]+)', again.stdout)] == times
