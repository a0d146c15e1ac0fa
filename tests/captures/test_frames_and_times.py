"""Where and when each packet was captured: the frame number (from 1, as tshark numbers
frames) of the frame that carried the packet's first byte, the endpoints of its
connection, and the capture time exactly, in integer nanoseconds, printed digit for
digit."""
import io
import itertools
import json
import re
from pathlib import Path

import pytest
from wirestruct.captures import open_capture
from wirestruct.captures.files.jsonl import format_line, parse_line, read_jsonl
from wirestruct.captures.flows.tcp_reassembly import Chunk, Gap, HalfStream
from wirestruct.captures.packets import read_packet_capture
from wirestruct.captures.writers.pcap_writer import PcapngWriter, PcapWriter, write_pcapng
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.records import CaptureRecord, Direction, seconds_text
from wirestruct.core.session import decode_records
from wirestruct.output.serialize import dumps_event
from wirestruct.plugin.registry import get_protocol
from wirestruct.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
MME_PCAPNG = DATA / "mme" / "session.pcapng"
MME_JSONL = DATA / "mme" / "session.jsonl"
PACKET_CAPTURES = sorted(p for p in DATA.rglob("*") if p.suffix in (".pcap", ".pcapng"))
ENDPOINT = re.compile(r"^(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:.]+\]):\d+$")
#: A time a float cannot hold: 1700000000.123456789 s.
EXACT_NS = 1_700_000_000_123_456_789


def run(args, capsys):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def mme_records(count):
    with MME_JSONL.open("rb") as f:
        return list(itertools.islice(read_jsonl(f), count))


def decode_events(path, protocol="mme"):
    proto = get_protocol(protocol)
    with open_capture(path) as capture:
        return list(decode_records(capture.records(proto), proto.decoder()))


def test_seconds_text_writes_every_digit_of_the_nanoseconds():
    assert seconds_text(EXACT_NS) == "1700000000.123456789"
    assert seconds_text(1_700_000_000_123_456_000) == "1700000000.123456"
    assert seconds_text(50_000_000) == "0.05"
    assert seconds_text(12_000_000_000) == "12.0"
    assert seconds_text(-1_500_000_000) == "-1.5"
    assert seconds_text(0) == "0.0"


def test_real_pcapng_events_carry_frame_endpoints_and_exact_time():
    """The MME session as dumpcap wrote it (nanosecond timestamps); the frames, times and
    endpoints are tshark's (``tshark -Y tcp.len>0 -T fields -e frame.number
    -e frame.time_epoch``)."""
    events = [e for e in decode_events(MME_PCAPNG) if isinstance(e, PacketEvent)]
    assert [e.frame for e in events[:4]] == [4, 6, 8, 9]
    assert [e.t_ns for e in events[:4]] == [1795270618881084386, 1795270618881244594,
                                            1795270618881324513, 1795270618881403200]
    assert events[0].ends == ("127.0.0.1:50116", "127.0.0.1:44481")
    assert (events[1].src, events[1].dst) == ("127.0.0.1:44481", "127.0.0.1:50116")
    line = json.loads(dumps_event(events[0]))
    assert (line["frame"], line["src"], line["dst"]) == (4, "127.0.0.1:50116", "127.0.0.1:44481")
    assert b'"t":1795270618.881084386,' in dumps_event(events[0])
    assert all(e.frame is not None and e.ends is not None and e.t_ns is not None
               for e in events)


def test_json_lines_events_have_no_frame_or_endpoints():
    events = [e for e in decode_events(MME_JSONL) if isinstance(e, PacketEvent)]
    assert events and all(e.frame is None and e.ends is None for e in events)
    line = json.loads(dumps_event(events[0]))
    assert "frame" not in line and "src" not in line and "dst" not in line
    assert line["t"] == 1795270618.881049
    assert events[0].t_ns == 1795270618881049000


@pytest.mark.parametrize("path", PACKET_CAPTURES, ids=lambda p: p.name)
@pytest.mark.parametrize("transport", ["stream", "message"])
def test_every_record_of_every_real_capture_says_where_and_when(path, transport):
    """Each record names a frame of the file, its endpoints, and a time whose float is
    the exact nanoseconds rounded."""
    with path.open("rb") as f:
        records = [r for r in read_packet_capture(f, transport=transport)
                   if isinstance(r, CaptureRecord)]
    for record in records:
        assert record.frame is not None and record.frame >= 1
        assert record.t_ns is not None and record.t == record.t_ns / 10**9
        assert record.ends is not None
        src, dst = record.ends
        assert ENDPOINT.match(src) and ENDPOINT.match(dst) and src != dst
    # Both directions of a connection name the same two endpoints, swapped.
    ends = {(r.stream, r.direction): r.ends for r in records}
    for (stream, direction), pair in ends.items():
        other = ends.get((stream, Direction.S2C if direction is Direction.C2S
                          else Direction.C2S))
        assert other is None or other == pair[::-1]


def synthesized_pcapng(records):
    out = io.BytesIO()
    write_pcapng(out, records)
    out.seek(0)
    return out


def test_nanosecond_pcapng_time_is_printed_exactly(tmp_path):
    """if_tsresol=9: a time a float cannot hold decodes to exactly its digits, in every
    output that prints it."""
    records = [CaptureRecord(r.index, EXACT_NS / 1e9 + i, r.direction, r.data, 0, None,
                             EXACT_NS + i * 1_000_000_000)
               for i, r in enumerate(mme_records(4))]
    path = tmp_path / "exact.pcapng"
    path.write_bytes(synthesized_pcapng(records).getvalue())
    events = [e for e in decode_events(path) if isinstance(e, PacketEvent)]
    assert [e.t_ns for e in events] == [EXACT_NS + i * 1_000_000_000 for i in range(4)]
    assert [e.frame for e in events] == [4, 5, 6, 7]     # after the handshake's 3 frames
    assert b'"t":1700000000.123456789,' in dumps_event(events[0])
    assert b'"t":1700000003.123456789,' in dumps_event(events[3])


def test_decode_prints_exact_times_frames_and_endpoints(tmp_path, capsys):
    records = [CaptureRecord(r.index, EXACT_NS / 1e9, r.direction, r.data, 0, None, EXACT_NS)
               for r in mme_records(2)]
    path = tmp_path / "exact.pcapng"
    path.write_bytes(synthesized_pcapng(records).getvalue())
    status, out, _ = run(["decode", path, "-p", "mme"], capsys)
    assert status == 0
    first = out.splitlines()[0]
    assert first.startswith('{"index":0,"record":0,"t":1700000000.123456789,"dir":"c2s",'
                            '"stream":0,"frame":4,"src":"127.0.0.1:50000",'
                            '"dst":"127.0.0.1:4000",')
    status, out, _ = run(["decode", path, "-p", "mme", "-T", "fields", "-e", "frame",
                          "-e", "t", "-e", "src", "-e", "dst", "-e", "name"], capsys)
    assert status == 0
    assert out.splitlines()[0].split("\t") == [
        "4", "1700000000.123456789", "127.0.0.1:50000", "127.0.0.1:4000",
        "available_packet_types"]
    assert out.splitlines()[1].split("\t")[:4] == [
        "5", "1700000000.123456789", "127.0.0.1:4000", "127.0.0.1:50000"]


def test_microsecond_pcap_prints_six_digits_exactly(tmp_path):
    """A microsecond pcap: the JSON time is the file's six digits, not a float's."""
    t_ns = 1_795_270_618_881_049_000
    out = io.BytesIO()
    writer = PcapWriter(out)
    pcapng = synthesized_pcapng([CaptureRecord(0, t_ns / 1e9, Direction.C2S,
                                               mme_records(1)[0].data, 0, None, t_ns)])
    # The same frames, rewritten as a microsecond pcap.
    from wirestruct.captures.files.pcapng import pcapng_frames
    from wirestruct.captures.files.reading import FileSource
    from wirestruct.core.limits import DEFAULT_LIMITS
    for frame in pcapng_frames(FileSource(pcapng), DEFAULT_LIMITS):
        writer.write(frame.t, frame.data, t_ns=frame.t_ns)
    path = tmp_path / "micro.pcap"
    path.write_bytes(out.getvalue())
    events = [e for e in decode_events(path) if isinstance(e, PacketEvent)]
    assert events[0].t_ns == t_ns and events[0].frame == 4
    assert b'"t":1795270618.881049,' in dumps_event(events[0])


def split_records(pieces):
    """Records of the given byte pieces, one a second from 1000 s, all client to server."""
    return [CaptureRecord(i, 1000.0 + i, Direction.C2S, piece, 0, None,
                          (1000 + i) * 1_000_000_000) for i, piece in enumerate(pieces)]


def test_a_packet_split_across_segments_has_the_frame_of_its_first_byte(tmp_path):
    """Packets A, B, C, D (MME) cut across TCP segments: A in frames 4 and 5, B starting
    in 5 and ending in 6, C whole in 6, D from 6 to 7. Each packet gets the frame of its
    first byte; its record and time are those of the segment that completed it."""
    a, b, c, d = (r.data for r in mme_records(4))
    pieces = [a[:3], a[3:] + b[:2], b[2:] + c + d[:1], d[1:]]
    path = tmp_path / "split.pcapng"
    path.write_bytes(synthesized_pcapng(split_records(pieces)).getvalue())
    events = [e for e in decode_events(path) if isinstance(e, PacketEvent)]
    assert [e.raw for e in events] == [a, b, c, d]
    assert [e.frame for e in events] == [4, 5, 6, 6]
    assert [e.record for e in events] == [1, 2, 2, 3]
    assert [e.t_ns for e in events] == [1001 * 10**9, 1002 * 10**9, 1002 * 10**9,
                                        1003 * 10**9]


def test_bytes_held_out_of_order_keep_the_frame_that_carried_them():
    half = HalfStream()
    assert half.add(99, b"", syn=True, frame=1) == []
    assert half.add(105, b"world", frame=7) == []                # held: a hole before it
    assert half.add(100, b"hello", frame=8) == [Chunk(0, b"hello"), Chunk(5, b"world", 7)]
    assert half.add(120, b"late", frame=9) == []
    assert half.flush() == [Gap(10, 20), Chunk(20, b"late", 9)]


def test_summary_starts_with_the_frame_number_like_tshark(capsys):
    status, out, _ = run(["decode", MME_PCAPNG, "-p", "mme", "--format", "summary",
                          "--upto", 3], capsys)
    assert status == 0
    assert [line.split()[:3] for line in out.splitlines()[:4]] == [
        ["4", "0", "0.000000"], ["6", "1", "0.000160"], ["8", "2", "0.000240"],
        ["9", "3", "0.000319"]]
    status, out, _ = run(["decode", MME_JSONL, "-p", "mme", "--format", "summary",
                          "--upto", 1], capsys)
    assert out.splitlines()[0].split()[:3] == ["0", "0.000000", "c2s"]


def test_tree_head_names_frame_and_endpoints(capsys):
    status, out, _ = run(["decode", MME_PCAPNG, "-p", "mme", "-T", "tree", "--upto", 0],
                         capsys)
    assert status == 0
    assert out.splitlines()[0].endswith(
        "stream 0, frame 4, 127.0.0.1:50116 -> 127.0.0.1:44481")


def test_fields_names_frame_src_and_dst_as_event_keys(capsys):
    status, out, _ = run(["decode", MME_JSONL, "-p", "mme", "-T", "fields", "-e", "index",
                          "-e", "frame", "-e", "src", "--upto", 0], capsys)
    assert status == 0 and out.splitlines() == ["0\t\t"]


def test_parallel_decode_carries_frames_endpoints_and_exact_times(capsys):
    status, serial, _ = run(["decode", MME_PCAPNG, "-p", "mme"], capsys)
    assert status == 0
    status, parallel, _ = run(["decode", MME_PCAPNG, "-p", "mme", "--jobs", 2], capsys)
    assert status == 0 and parallel == serial
    assert '"frame":4,"src":"127.0.0.1:50116"' in serial and '"t":1795270618.881084386,' in serial


def test_errors_of_a_packet_carry_its_frame(tmp_path):
    """A packet that does not decode: its error event has the frame and endpoints too."""
    a = mme_records(1)[0].data
    bad = bytes([a[0]]) + a[1:3] + b"\xff" * (len(a) - 3)
    path = tmp_path / "bad.pcapng"
    path.write_bytes(synthesized_pcapng(split_records([a, bad])).getvalue())
    errors = [e for e in decode_events(path) if isinstance(e, ErrorEvent)
              and e.index is not None]
    assert errors, "the damaged packet gives an error event"
    assert errors[0].frame == 5 and errors[0].ends == ("127.0.0.1:50000", "127.0.0.1:4000")
    assert json.loads(dumps_event(errors[0]))["frame"] == 5


def test_json_lines_time_is_read_from_its_text():
    record = parse_line('{"t": 1700000000.123456789, "dir": "c2s", "data": "00"}', 0)
    assert record.t_ns == EXACT_NS and record.t == 1700000000.1234567
    assert format_line(record) == '{"t": 1700000000.123456789, "dir": "c2s", "data": "00"}'
    assert parse_line('{"dir": "s2c", "data": "", "t": 5}', 0).t_ns == 5 * 10**9
    assert parse_line('{"t": 1e-5, "dir": "c2s", "data": ""}', 0).t_ns == 10_000
    # Past the nanosecond: rounded half to even.
    assert parse_line('{"t": 0.0000000025, "dir": "c2s", "data": ""}', 0).t_ns == 2
    # A "t" inside another value is not the record's: the float's shortest form is.
    record = parse_line('{"x": {"t": 9}, "t": 0.5, "dir": "c2s", "data": ""}', 0)
    assert record.t_ns == 500_000_000


def test_pcapng_writer_keeps_nanoseconds_through_a_conversion(tmp_path, capsys):
    """JSON Lines with nanosecond times converted to pcapng and back: every digit kept."""
    source = tmp_path / "exact.jsonl"
    source.write_text('{"t": 1700000000.123456789, "dir": "c2s", "data": "00"}\n'
                      '{"t": 1700000000.987654321, "dir": "s2c", "data": "01"}\n')
    status, _, err = run(["convert", source, "-p", "mme", "--to", "pcapng", "--out", tmp_path / "exact.pcapng"], capsys)
    assert status == 0, err
    status, _, err = run(["convert", tmp_path / "exact.pcapng", "-p", "mme", "--to", "jsonl", "--out",
                          tmp_path / "back.jsonl"], capsys)
    assert status == 0, err
    lines = (tmp_path / "back.jsonl").read_text().splitlines()
    assert [json.loads(line)["t"] for line in lines] == [1700000000.123456789,
                                                         1700000000.987654321]
    assert lines[0].startswith('{"t": 1700000000.123456789,')
    assert lines[1].startswith('{"t": 1700000000.987654321,')


def test_pcapng_writer_ticks_are_exact_for_any_resolution():
    out = io.BytesIO()
    writer = PcapngWriter(out)
    writer.interface(tsresol=9)
    writer.interface(tsresol=3)
    writer.write(0.0, b"\x00" * 14, t_ns=EXACT_NS)
    writer.write(0.0, b"\x00" * 14, interface=1, t_ns=EXACT_NS)
    out.seek(0)
    from wirestruct.captures.files.pcapng import pcapng_frames
    from wirestruct.captures.files.reading import FileSource
    from wirestruct.core.limits import DEFAULT_LIMITS
    frames = list(pcapng_frames(FileSource(out), DEFAULT_LIMITS))
    assert [f.t_ns for f in frames] == [EXACT_NS, 1_700_000_000_123_000_000]
    assert [f.number for f in frames] == [1, 2]
