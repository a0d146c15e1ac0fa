"""Strings whose bytes are not valid in their encoding (invalid UTF-8): the packet is kept,
the string shown with U+FFFD next to its bytes, an error event names the field, the
offset and the bad bytes, and ``encode`` writes the original bytes back."""
from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import lz4.block
import pytest
from wirestruct import decode_records, get_protocol
from wirestruct.core.errors import ParseError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.lossy import LossyStr, lossy_from_json
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.output.serialize import event_json

SM = get_protocol("scrap-mechanic")
DIEP = get_protocol("diep")
BAD = b"hi \xff\xfe there \xc3"           # two bad runs, the last one a cut sequence


def alert(message: bytes) -> bytes:
    """19 Display Alert Text (LZ4 body: be u16 size, the message to the end)."""
    return b"\x13" + lz4.block.compress(struct.pack(">H", len(message)) + message,
                                        store_size=False)


def display_message(kind: bytes, message: bytes) -> bytes:
    """18 Display Message: two sized strings."""
    body = struct.pack(">H", len(kind)) + kind + struct.pack(">H", len(message)) + message
    return b"\x12" + lz4.block.compress(body, store_size=False)


def decode(protocol, packets: list[bytes], direction=Direction.S2C) -> list:
    records = [CaptureRecord(i, float(i), direction, p) for i, p in enumerate(packets)]
    return list(decode_records(records, protocol.decoder()))


def lines(events, raw=False) -> list[dict]:
    """The events as `wirestruct decode` prints them, through JSON text."""
    return [json.loads(json.dumps(event_json(e, raw=raw))) for e in events]


def encoded(protocol, events) -> list[bytes]:
    out = list(protocol.encoder().encode_events(events))
    assert all(hasattr(o, "data") for o in out), out
    return [o.data for o in out]


def test_the_packet_is_kept_and_the_string_noted():
    events = decode(SM, [alert(BAD)])
    assert [type(e) for e in events] == [PacketEvent, ErrorEvent]
    body = events[0].expansions["body"]
    assert isinstance(body.message, LossyStr) and body.message == "hi \ufffd\ufffd there \ufffd"
    assert body.message.raw == BAD and body.len_message == len(BAD)
    note = events[1].error
    assert type(note) is ParseError
    assert note.message == ("invalid UTF-8 in a string of 13 bytes: ff at byte 3, fe at byte 4, "
                            "c3 at byte 12; shown as U+FFFD, the bytes are kept")
    assert note.expected == "UTF-8 text"
    assert (note.where.field_path, note.where.offset) == ("SmDisplayAlertText.message", 2 + 3)
    assert (note.where.packet_name, note.where.packet_id) == ("display_alert_text", 19)
    assert [e.index for e in events] == [0, 1]


def test_the_json_shows_text_and_bytes():
    shown = lines(decode(SM, [alert(b"fine"), alert(BAD)]))   # the plan of a second object
    assert shown[0]["expansions"]["body"]["message"] == "fine"
    assert shown[1]["expansions"]["body"]["message"] == {
        "text": "hi \ufffd\ufffd there \ufffd", "hex": BAD.hex()}
    assert shown[2]["error"] == "ParseError" and shown[2]["offset"] == 5
    raw = lines(decode(SM, [alert(BAD)]), raw=True)
    assert raw[0]["expansions"]["body"]["message"] == {
        "text": "hi \ufffd\ufffd there \ufffd", "hex": BAD.hex()}


@pytest.mark.parametrize("raw", [False, True])
def test_encode_writes_the_original_bytes_back(raw):
    packets = [alert(BAD), display_message(b"\xe9t\xe9", BAD), alert(b"fine")]
    events = lines(decode(SM, packets), raw=raw)
    assert encoded(SM, events) == packets


def test_an_edited_text_is_written_as_the_new_text():
    [packet, _] = lines(decode(SM, [alert(BAD)]))
    packet["expansions"]["body"]["message"]["text"] = "edited"
    packet["expansions"]["body"]["len_message"] = 6
    [data] = encoded(SM, [packet])
    assert [type(e) for e in decode(SM, [data])] == [PacketEvent]
    assert decode(SM, [data])[0].expansions["body"].message == "edited"


def test_every_string_of_a_packet_gets_its_note():
    events = decode(SM, [display_message(b"\xe9t\xe9", BAD)])
    assert [type(e) for e in events] == [PacketEvent, ErrorEvent, ErrorEvent]
    assert [(e.error.where.field_path, e.error.where.offset) for e in events[1:]] == [
        ("SmDisplayMessage.message_type", 2), ("SmDisplayMessage.message", 2 + 3 + 2 + 3)]


def test_a_diep_name_nested_in_a_wrapper():
    spawn = b"\x02" + b"ab\xffc\x00"
    events = decode(DIEP, [spawn], Direction.C2S)
    assert [type(e) for e in events] == [PacketEvent, ErrorEvent]
    note = events[1].error
    assert (note.where.field_path, note.where.offset) == ("DiepServerbound.body.name.value", 3)
    shown = lines(events)
    assert shown[0]["fields"]["body"]["name"] == {"text": "ab\ufffdc", "hex": "6162ff63"}
    assert encoded(DIEP, shown) == [spawn]
    assert encoded(DIEP, lines(events, raw=True)) == [spawn]


def test_valid_strings_and_other_failures_are_as_before():
    assert [type(e) for e in decode(SM, [alert("caf\u00e9".encode())])] == [PacketEvent]
    cut = b"\x13" + lz4.block.compress(b"\x00", store_size=False)      # no message size
    [error] = decode(SM, [cut])
    assert isinstance(error, ErrorEvent) and error.error.where.field_path.endswith("len_message")


def test_lossy_values_from_json():
    lossy = lossy_from_json({"text": "a\ufffd", "hex": "61ff"})
    assert isinstance(lossy, LossyStr) and lossy.encode("utf-8") == b"a\xff"
    assert lossy.encode("UTF-8") == b"a\xff"             # the same codec, another name
    assert lossy.encode("utf-16-le") == "a\ufffd".encode("utf-16-le")   # another: the text
    assert lossy_from_json({"text": "new", "hex": "61ff"}) == "new"
    assert lossy_from_json({"text": "x", "hex": "zz"}) == {"text": "x", "hex": "zz"}


@pytest.mark.slow
def test_the_command_line_keeps_the_packet(tmp_path: Path):
    capture = tmp_path / "alert.jsonl"
    capture.write_text(json.dumps({"t": 1.0, "dir": "s2c", "data": alert(BAD).hex()}) + "\n")
    wirestruct = str(Path(sys.executable).with_name("wirestruct"))
    out = subprocess.run([wirestruct, "decode", "-p", "scrap-mechanic", str(capture)],
                         capture_output=True, text=True)
    shown = [json.loads(line) for line in out.stdout.splitlines()]
    assert [e.get("name", e.get("error")) for e in shown] == ["display_alert_text", "ParseError"]
    decoded = tmp_path / "decoded.jsonl"
    decoded.write_text(out.stdout)
    back = tmp_path / "back.jsonl"
    subprocess.run([wirestruct, "encode", "-p", "scrap-mechanic", str(decoded), "--out",
                    str(back)], capture_output=True, check=False)
    assert [json.loads(line)["data"] for line in back.read_text().splitlines()] == [
        alert(BAD).hex()]
