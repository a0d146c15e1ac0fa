"""WebSocket in packet captures: wsproto's frames, written to pcap with wirestruct's writer,
read back as the messages of the JSON Lines session they replay, decoded to the same
events; frame headers as the spec says; damaged and hostile frames bounded, each an
error event with its count."""
from __future__ import annotations

import io
import os
import random
import struct
import time
import tracemalloc
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from kaitaistruct import KaitaiStream
from websocket_sessions import DIEP_SAMPLE, Session, jsonl_records, replay
from wirestruct import decode_records, get_protocol, open_capture, to_jsonable
from wirestruct.captures.flows.permessage_deflate import (
    Deflate,
    InflateError,
    Inflater,
    negotiated,
)
from wirestruct.captures.flows.websocket import accept_key, websocket_messages
from wirestruct.captures.flows.websocket_frames import (
    Budget,
    FrameReader,
    Message,
    frame_header,
    unmask,
)
from wirestruct.captures.writers.pcap_writer import write_pcap
from wirestruct.core.errors import (
    LimitExceededError,
    StreamGapError,
    WirestructError,
)
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.generated.capture.websocket_frame import WebsocketFrame
from wirestruct.plugin.protocol import Protocol

DIEP = get_protocol("diep")
S2C, C2S = Direction.S2C, Direction.C2S


def read(path: Path, *, server: str | None = None, limits: Limits = DEFAULT_LIMITS,
         protocol: Protocol = DIEP) -> list:
    with open_capture(path, server=server, limits=limits) as capture:
        items = list(capture.records(protocol))
    for position, item in enumerate(items):   # numbered in order, records and errors alike
        assert (item.index if isinstance(item, CaptureRecord)
                else item.where.record) == position
    return items


def messages(items) -> list[CaptureRecord]:
    return [item for item in items if isinstance(item, CaptureRecord)]


def errors(items) -> list[WirestructError]:
    return [item for item in items if not isinstance(item, CaptureRecord)]


def events(records, leave_out=("frame", "src", "dst")) -> list[dict]:
    """The events ``decode`` prints, without what only a packet capture has."""
    return [{k: v for k, v in to_jsonable(event).items() if k not in leave_out}
            for event in decode_records(records, DIEP.decoder())]


SAMPLE = jsonl_records()


def same_as_sample(items, sample=SAMPLE) -> None:
    got = messages(items)
    assert [(r.direction, r.data, r.t_ns) for r in got] == \
        [(r.direction, r.data, r.t_ns) for r in sample]
    # record numbers count the capture's error items too
    leave_out = ("frame", "src", "dst") + (("record",) if errors(items) else ())
    assert events(got, leave_out) == events(sample, leave_out)


# -- the spec and the fast reading of headers ---------------------------------------------
def _spec_header(data: bytes):
    header = WebsocketFrame.FrameHeader(KaitaiStream(io.BytesIO(data)))
    rsv = header.rsv1 << 2 | header.rsv2 << 1 | header.rsv3
    return (header.fin, rsv, int(header.opcode), header.mask, header.len_payload,
            header.masking_key if header.mask else b"", header.len_header)


def test_frame_header_reads_every_first_two_bytes_as_the_spec_does():
    rng = random.Random(6455)
    for first in range(1 << 16):
        data = first.to_bytes(2, "big") + rng.randbytes(12)
        got = frame_header(data)
        assert got == _spec_header(data), data.hex()
        size = got[6]
        for cut in range(size):            # every shorter prefix: "not yet"
            assert frame_header(data[:cut]) is None
        assert frame_header(b"\x00" * 3 + data, 3) == got


def test_unmask_is_the_rfc_xor():
    rng = random.Random(1)
    for n in (0, 1, 3, 4, 5, 125, 126, 65537):
        payload, key = rng.randbytes(n), rng.randbytes(4)
        assert unmask(payload, key) == bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def test_accept_key_is_rfc_6455s_example():
    assert accept_key("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="


def test_negotiated_parameters():
    assert negotiated("permessage-deflate; server_no_context_takeover; "
                      "client_max_window_bits=10") == (
        negotiated("permessage-deflate;client_max_window_bits=10;server_no_context_takeover")[0],
        None)
    deflate, problem = negotiated("permessage-deflate; server_max_window_bits=7, x-other")
    assert deflate is not None and deflate.server_max_window_bits == 15
    assert "7" in problem and "x-other" in problem
    assert negotiated("") == (None, None)


# -- sessions made by wsproto, read back -----------------------------------------------------
@pytest.mark.parametrize("deflate", [
    None,
    {},                                                         # context takeover both ways
    {"client_no_context_takeover": True, "server_no_context_takeover": True},
    {"server_no_context_takeover": True},                       # on one way, off the other
    {"client_max_window_bits": 9, "server_max_window_bits": 10},
], ids=["plain", "takeover", "no-takeover", "mixed", "window-bits"])
def test_a_wsproto_session_reads_as_its_json_lines_session(deflate, tmp_path):
    session = replay(SAMPLE, deflate, split_every=5)
    assert len(session.received) == len(SAMPLE)        # wsproto's own peer read them all
    items = read(session.pcap(tmp_path / "ws.pcap"))
    assert errors(items) == []
    same_as_sample(items)
    got = messages(items)
    assert {r.ends for r in got if r.direction is C2S} == {("127.0.0.1:50000", "127.0.0.1:8080")}
    assert all(r.frame is not None for r in got)


def test_masking_fragments_controls_64_bit_lengths_and_close(tmp_path):
    """Big messages (16- and 64-bit lengths), messages in many frames with pings between,
    text messages kept as their UTF-8 bytes, a close with its code and reason."""
    rng = random.Random(7)
    big = rng.randbytes(70_000)                          # a 64-bit length
    mid = rng.randbytes(300)                             # a 16-bit length
    sample = [CaptureRecord(0, 1.0, C2S, big, t_ns=1_000_000_000),
              CaptureRecord(1, 2.0, S2C, big, t_ns=2_000_000_000),
              CaptureRecord(2, 3.0, C2S, mid, t_ns=3_000_000_000),
              CaptureRecord(3, 4.0, S2C, "héllo wörld".encode(), t_ns=4_000_000_000)]
    session = Session({})
    session.message(sample[0])
    session.message(sample[1], lambda d: [(d[i:i + 1000], i + 1000 >= len(d))
                                          for i in range(0, len(d), 1000)],
                    ping_between=True)
    session.message(sample[2], lambda d: [(d[:1], False), (b"", False), (d[1:], True)],
                    ping_between=True)
    session.message(sample[3], text=True)
    session.close(5.0, 4000, "gone")
    c2s = b"".join(c.data for c in session.chunks[2:] if c.direction is C2S)
    assert frame_header(c2s)[3] and frame_header(c2s)[4] > 65535    # masked, 64-bit
    items = read(session.pcap(tmp_path / "ws.pcap"))
    assert errors(items) == []
    assert [(r.direction, r.data, r.t_ns) for r in messages(items)] == \
        [(r.direction, r.data, r.t_ns) for r in sample]


def test_the_frames_read_the_same_one_byte_at_a_time():
    session = replay(SAMPLE[:60], {}, split_every=3)
    stream = b"".join(c.data for c in session.chunks[2:] if c.direction is S2C)
    whole = FrameReader(S2C, DEFAULT_LIMITS, Budget(1 << 40),
                        negotiated("permessage-deflate")[0])
    at_once = whole.feed(stream, 1.0, None, 1) + whole.finish()
    single = FrameReader(S2C, DEFAULT_LIMITS, Budget(1 << 40),
                         negotiated("permessage-deflate")[0])
    one_by_one = []
    for i in range(len(stream)):
        one_by_one += single.feed(stream[i:i + 1], 1.0, None, 1)
    one_by_one += single.finish()
    expected = [r.data for r in SAMPLE[:60] if r.direction is S2C]
    assert [m.data for m in at_once if isinstance(m, Message)] == expected
    assert [m.data for m in one_by_one] == expected


def test_without_the_handshake_server_reads_the_frames_from_the_first_byte(tmp_path):
    for deflate in (None, {}):
        session = replay(SAMPLE, deflate, split_every=4)
        session.chunks = session.chunks[2:]                    # the capture began later
        path = session.pcap(tmp_path / "late.pcap")
        same_as_sample(read(path, server="8080"))
        # without --server: the connection is not read, and the reason and bytes are said
        items = read(path)
        assert messages(items) == []
        [first, total] = errors(items)
        assert "no WebSocket handshake" in first.message and "--server" in first.expected
        assert total.dropped == sum(len(c.data) for c in session.chunks)


def test_a_wrong_accept_key_is_an_error_and_the_frames_are_read(tmp_path):
    session = replay(SAMPLE, None)
    good = session.chunks[1].data
    session.chunks[1] = CaptureRecord(1, 0.0, S2C, good.replace(b"Accept: ", b"Accept: x"))
    items = read(session.pcap(tmp_path / "ws.pcap"))
    [error] = errors(items)
    assert "Sec-WebSocket-Accept" in error.message
    same_as_sample(items)


def test_http_that_is_not_upgraded_is_counted_not_read(tmp_path):
    chunks = [CaptureRecord(0, 0.0, C2S, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
              CaptureRecord(1, 0.1, S2C, b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")]
    path = tmp_path / "http.pcap"
    with open(path, "wb") as out:
        write_pcap(out, chunks, server=("127.0.0.1", 80))
    items = read(path)
    assert messages(items) == []
    first, total = errors(items)
    assert "Upgrade: websocket" in first.message
    assert total.dropped == sum(len(c.data) for c in chunks)


def test_the_json_lines_path_is_unchanged():
    with open_capture(DIEP_SAMPLE) as capture:
        assert [(r.data, r.t_ns) for r in capture.records(DIEP)] == \
            [(r.data, r.t_ns) for r in SAMPLE]


# -- damage and attacks ----------------------------------------------------------------------
def _server_frames(*frames: bytes, t: float = 1.0) -> list[CaptureRecord]:
    session = Session(None)
    return session.chunks + [CaptureRecord(2 + i, t + i, S2C, f) for i, f in enumerate(frames)]


def _frame(payload: bytes, opcode: int = 2, fin: bool = True, rsv: int = 0,
           length: int | None = None) -> bytes:
    n = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | rsv << 4 | opcode])
    if n < 126:
        head += bytes([n])
    elif n < 1 << 16:
        head += bytes([126]) + struct.pack(">H", n)
    else:
        head += bytes([127]) + struct.pack(">Q", n)
    return head + payload


def _write(path: Path, chunks) -> Path:
    with open(path, "wb") as out:
        write_pcap(out, chunks, server=("127.0.0.1", 8080))
    return path


def test_reserved_bits_and_opcodes_are_errors_and_reading_goes_on(tmp_path):
    good = b"\x0b\x01ok"
    chunks = _server_frames(_frame(b"x" * 10, opcode=3), _frame(b"y", opcode=0xB),
                            _frame(b"z" * 5, rsv=2), _frame(b"q", rsv=4),
                            _frame(b"c", opcode=0), _frame(b"p" * 126, opcode=9),
                            _frame(b"\x03", opcode=8, fin=True), _frame(good))
    items = read(_write(tmp_path / "bad.pcap", chunks))
    kinds = [e.message for e in errors(items)]
    assert any("reserved opcode 0x3" in m for m in kinds)
    assert any("reserved opcode 0xb" in m for m in kinds)
    assert any("RSV2/RSV3" in m for m in kinds)
    assert any("RSV1 without permessage-deflate" in m for m in kinds)
    assert any("continues no message" in m for m in kinds)
    assert any("control frame of 126 bytes" in m for m in kinds)
    assert any("1-byte payload" in m for m in kinds)
    # the close frame ends the direction: the message after it is counted, not read
    assert any("came after the close frame" in m and e.dropped == len(_frame(good))
               for e in errors(items) for m in [e.message])
    for error in errors(items):
        assert error.where.stream == 0 and error.where.record is not None


def test_a_deflate_bomb_is_an_error_not_memory(tmp_path):
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = bomb.compress(b"\x00" * (64 << 20)) + bomb.flush(zlib.Z_SYNC_FLUSH)
    body = body[:-4]                                   # as permessage-deflate sends it
    session = Session({})
    chunks = session.chunks + [CaptureRecord(2, 1.0, S2C, _frame(body, rsv=4)),
                               CaptureRecord(3, 2.0, S2C, _frame(b"\x0b\x01ok"))]
    limits = Limits(max_ws_inflated=1 << 20)
    path = _write(tmp_path / "bomb.pcap", chunks)
    started = time.perf_counter()
    items = read(path, limits=limits)
    assert time.perf_counter() - started < 5
    tracemalloc.start()                 # at the default limit: memory within it
    read(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 3 * DEFAULT_LIMITS.max_ws_inflated, peak
    [error] = errors(items)
    assert isinstance(error, LimitExceededError) and "max_ws_inflated=1048576" in error.expected
    assert error.dropped == len(body)
    # the context was lost with the bomb; the next message starts from an empty window
    assert [m.data for m in messages(items)] == [b"\x0b\x01ok"] or \
        any("does not inflate" in e.message for e in errors(items))
    # the capture's total is a limit too
    items = read(_write(tmp_path / "bomb.pcap", chunks),
                 limits=Limits(max_ws_inflated_total=1000))
    assert "max_ws_inflated_total=1000" in errors(items)[0].expected


def test_a_lying_64_bit_length_is_skipped_or_ends_the_direction(tmp_path):
    after = _frame(b"\x0b\x01ok")
    # a length within 2^63 but past max_ws_message: the frame is skipped by its length
    chunks = _server_frames(_frame(b"abc", length=1 << 62), after)
    items = read(_write(tmp_path / "lie.pcap", chunks))
    first, ended = errors(items)
    assert isinstance(first, LimitExceededError) and first.dropped == (1 << 62) + 10
    assert "ended" in ended.message
    # the top bit set: no length at all, the rest of the direction is counted
    chunks = _server_frames(_frame(b"abc", length=1 << 63), after)
    items = read(_write(tmp_path / "lie.pcap", chunks))
    first, rest = errors(items)
    assert "top bit" in first.message
    assert rest.dropped == len(after) + 13
    assert messages(items) == []


def _tiny_fragments(n: int) -> list[CaptureRecord]:
    frames = _frame(b"a", fin=False) + _frame(b"b", opcode=0, fin=False) * (n - 2) \
        + _frame(b"c", opcode=0) + _frame(b"\x0b\x01ok")
    return _server_frames(*[frames[i:i + 60000] for i in range(0, len(frames), 60000)])


def test_a_million_tiny_fragments_are_bounded(tmp_path):
    timings = []
    for n in (250_000, 1_000_000):
        path = _write(tmp_path / f"frag{n}.pcap", _tiny_fragments(n))
        started = time.perf_counter()
        items = read(path)
        timings.append(time.perf_counter() - started)
        over, rest = errors(items)
        assert isinstance(over, LimitExceededError) and "max_ws_fragments=65536" in over.expected
        assert over.dropped == 65_536 + 3 and rest.dropped == (n - 65_537) * 3
        assert [m.data for m in messages(items)] == [b"\x0b\x01ok"]
    assert timings[1] < 6 * timings[0] + 1, timings           # linear


def test_a_huge_handshake_header_is_bounded(tmp_path):
    request = b"GET / HTTP/1.1\r\nUpgrade: websocket\r\nX-Pad: " + b"a" * (4 << 20)
    chunks = [CaptureRecord(0, 0.0, C2S, request[i:i + 60000])
              for i in range(0, len(request), 60000)]
    items = read(_write(tmp_path / "head.pcap", chunks))
    first, total = errors(items)
    assert isinstance(first, LimitExceededError) and "max_ws_handshake" in first.expected
    assert total.dropped == len(request)


def _drop_frames(path: Path, numbers: set[int]) -> Path:
    """The pcap without the frames numbered (from 1) in ``numbers``."""
    data = path.read_bytes()
    out, at, number = [data[:24]], 24, 0
    while at < len(data):
        size = struct.unpack_from("<I", data, at + 8)[0]
        number += 1
        if number not in numbers:
            out.append(data[at:at + 16 + size])
        at += 16 + size
    path.write_bytes(b"".join(out))
    return path


def test_a_gap_inside_a_frame_drops_its_message_and_reading_goes_on(tmp_path):
    rng = random.Random(3)
    big = rng.randbytes(200_000)            # four segments of the writer
    chunks = _server_frames(_frame(big), _frame(b"\x0b\x01ok"))
    path = _drop_frames(_write(tmp_path / "gap.pcap", chunks), {7})
    items = read(path)
    gap = [e for e in errors(items) if isinstance(e, StreamGapError)]
    assert len(gap) == 1 and gap[0].dropped == 65000
    assert any("lost 65000 of its 200000 payload bytes" in e.message for e in errors(items))
    assert [m.data for m in messages(items)] == [b"\x0b\x01ok"]


def test_a_gap_across_frames_is_resynchronised(tmp_path):
    """Many small messages in each segment; a lost segment cuts frames anywhere: the next
    header that a second header confirms is found, the bytes skipped counted."""
    session = replay(SAMPLE, None)
    # the server's frames, without its close frame (the end is clean)
    s2c = b"".join(c.data for c in session.chunks[2:-1] if c.direction is S2C)
    chunks = session.chunks[:2] + [CaptureRecord(2 + i // 4000, 1.0, S2C, s2c[i:i + 4000])
                                   for i in range(0, len(s2c), 4000)]
    path = _drop_frames(_write(tmp_path / "gap.pcap", chunks), {8})
    items = read(path)
    expected = [r.data for r in SAMPLE if r.direction is S2C]
    got = [m.data for m in messages(items)]
    assert 0 < len(got) < len(expected)
    assert got == [d for d in expected if d in got]               # in order, none made up
    resync = [e for e in errors(items) if "looking for a frame boundary" in e.message]
    assert len(resync) == 1 and resync[0].dropped > 0
    assert not [e for e in errors(items) if "not read" in e.message]


@pytest.mark.parametrize("deflate", [{}, {"server_no_context_takeover": True,
                                           "client_no_context_takeover": True}],
                         ids=["takeover", "no-takeover"])
def test_a_gap_in_a_compressed_direction_makes_up_no_message(tmp_path, deflate):
    """A segment lost from a permessage-deflate session (what ``tcpdump`` shows when the
    kernel dropped packets): with context takeover, the sender's later messages refer back
    to what the lost one held. Whatever segment is lost, every message read is the
    session's own, in order; each one that cannot be inflated is an error event naming
    the gap that lost the context; without takeover only the messages cut are lost."""
    session = replay(SAMPLE, deflate)
    full = session.pcap(tmp_path / "ws.pcap").read_bytes()
    frames, at = 0, 24
    while at < len(full):
        frames += 1
        at += 16 + struct.unpack_from("<I", full, at + 8)[0]
    expected = [(r.direction, r.data) for r in SAMPLE]
    lost_context = 0
    # every frame after the TCP handshake's three and the WebSocket handshake's two (a
    # handshake cut by a gap is another test's)
    for number in range(6, frames + 1):
        path = tmp_path / f"gap{number}.pcap"
        path.write_bytes(full)
        items = read(_drop_frames(path, {number}))
        got = [(m.direction, m.data) for m in messages(items)]
        for direction in (C2S, S2C):                    # none made up, each in order
            assert _subsequence([m for m in got if m[0] is direction],
                                [m for m in expected if m[0] is direction]), number
        if not [e for e in errors(items) if isinstance(e, StreamGapError)]:
            assert got == expected, number
            continue
        failed = [e for e in errors(items) if "does not inflate" in e.message]
        lost_context += bool(failed)
        assert all("context was lost to the gap at stream offset" in e.message
                   for e in failed), number
        if "server_no_context_takeover" in deflate:
            assert not failed, number       # only the messages the lost segment cut
    assert lost_context > (frames // 2 if not deflate else -1)


def _connections(count: int, messages: int = 3, deflate: dict | None = None
                 ) -> tuple[list[list[CaptureRecord]], list[bytes]]:
    """The stream chunks of ``count`` WebSocket connections (stream numbers 0, 1, ...),
    each replaying the sample's first ``messages`` messages, and those messages."""
    chunks = replay(SAMPLE[:messages], deflate).chunks
    return ([[replace(c, stream=k) for c in chunks] for k in range(count)],
            [r.data for r in SAMPLE[:messages]])


def test_connections_are_held_within_max_flows():
    """Connections one after another, far more than the flow table follows: each is read
    whole, and the connections held stay within twice max_flows (followed and ended, as
    the flow table holds them): memory does not grow with the capture's connections."""
    limits = replace(DEFAULT_LIMITS, max_flows=8)
    peaks = []
    for count in (100, 800):
        streams, sent = _connections(count, deflate={})
        tracemalloc.start()
        out = list(websocket_messages((c for chunks in streams for c in chunks), limits))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert [(r.stream, r.data) for r in out] == [
            (k, data) for k in range(count) for data in sent]
    assert peaks[1] < 2 * peaks[0], peaks            # 8x the connections


def test_a_connection_forgotten_for_others_says_what_it_could_not_read():
    """A connection idle while twice max_flows others come and go is forgotten; its later
    bytes are counted as not read (no handshake), not lost without a word."""
    limits = replace(DEFAULT_LIMITS, max_flows=2)
    streams, sent = _connections(6)
    first = streams[0]
    handshake_and_one = first[:3]                   # request, response, first message
    rest = first[3:]
    items = handshake_and_one + [c for chunks in streams[1:] for c in chunks] + rest
    out = list(websocket_messages(items, limits))
    records = [r for r in out if isinstance(r, CaptureRecord)]
    assert [(r.stream, r.data) for r in records if r.stream == 0] == [(0, sent[0])]
    assert len(records) == 1 + 5 * len(sent)
    why, unread = [e for e in out if not isinstance(e, CaptureRecord)]
    assert why.where.stream == unread.where.stream == 0
    assert "no WebSocket handshake" in why.message and "not read as WebSocket" in unread.message
    assert unread.dropped == sum(len(c.data) for c in rest)


def test_a_final_deflate_block_ends_the_stream_and_nothing_may_follow_it():
    """A sender may end its DEFLATE stream in a message (a final block): the message
    inflates and the next starts a new stream. Bytes after the final block are an error,
    at once: zlib keeps them aside on every call, and a reader that waited for it to take
    them would loop for ever (a fuzz finding: 1,377 bytes that never returned)."""
    inflater = Inflater(Deflate(), S2C)
    for text in (b"first message " * 20, b"second, a new stream"):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        data = packer.compress(text) + packer.flush(zlib.Z_FINISH)
        assert inflater.inflate(data, 1 << 20) == text
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(b"then bytes after it") + packer.flush(zlib.Z_FINISH)
    started = time.perf_counter()
    with pytest.raises(InflateError, match="941 bytes follow the final DEFLATE block"):
        inflater.inflate(data + bytes(941), 1 << 20)
    assert time.perf_counter() - started < 1.0
    assert inflater.inflate(data, 1 << 20) == b"then bytes after it"   # a new stream


def _subsequence(part: list, whole: list) -> bool:
    """Whether ``part`` is ``whole`` with some items left out, the rest in order."""
    items = iter(whole)
    return all(any(item == other for other in items) for item in part)


def test_a_live_pipe_reads_a_capture_as_it_grows(tmp_path):
    """A pcap read from a pipe while it is written (what ``tcpdump -U -w - |`` gives):
    each message comes out as soon as the frame that completes it is read."""
    session = replay(SAMPLE[:20], {})
    full = session.pcap(tmp_path / "ws.pcap").read_bytes()
    read_end, write_end = os.pipe()
    reader = os.fdopen(read_end, "rb")
    writer = os.fdopen(write_end, "wb", buffering=0)
    writer.write(full[:len(full) // 2])
    with open_capture(f"/dev/fd/{read_end}") as capture:
        records = capture.records(DIEP)
        first = next(records)
        assert isinstance(first, CaptureRecord) and first.data == SAMPLE[0].data
        writer.write(full[len(full) // 2:])
        writer.close()
        rest = list(records)
    reader.close()
    assert [r.data for r in [first, *messages(rest)]] == [r.data for r in SAMPLE[:20]]


def test_mutated_frames_give_only_messages_and_our_errors():
    """Random bytes changed, random chunk sizes and gaps, both sides, with deflate: every
    item is a message or a wirestruct error, and the buffers stay within the limits."""
    rng = random.Random(41)
    session = replay(SAMPLE[:80], {}, split_every=3)
    streams = {way: b"".join(c.data for c in session.chunks[2:] if c.direction is way)
               for way in (C2S, S2C)}
    limits = Limits(max_ws_message=4096, max_ws_fragments=8, max_ws_inflated=8192,
                    max_resync_scan=1024)
    deflate = negotiated("permessage-deflate")[0]
    for _ in range(300):
        way = rng.choice((C2S, S2C))
        data = bytearray(streams[way])
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        reader = FrameReader(way, limits, Budget(1 << 20), deflate, guess_deflate=True)
        at, got = 0, []
        while at < len(data):
            size = rng.randint(1, 700)
            if rng.random() < 0.05:
                got += reader.gap(at, at + size)
            else:
                got += reader.feed(bytes(data[at:at + size]), 1.0, None, 1)
            assert len(reader.buf) <= limits.max_ws_message + 14 + 700
            at += size
        got += reader.finish()
        for item in got:
            assert isinstance(item, (Message, WirestructError)), item
            if isinstance(item, Message):
                assert len(item.data) <= limits.max_ws_inflated


def test_a_lost_handshake_response_with_server_reads_on_after_the_gap(tmp_path):
    """The segment of the 101 response is lost: with --server the frames after it are
    found; without, the connection is counted as not read."""
    session = replay(SAMPLE, None)
    # frames: SYN, SYN-ACK, ACK, the request, the response
    path = _drop_frames(session.pcap(tmp_path / "ws.pcap"), {5})
    items = read(path, server="8080")
    for way in (C2S, S2C):      # the server's bytes wait for the gap to be known
        assert [m.data for m in messages(items) if m.direction is way] == \
            [r.data for r in SAMPLE if r.direction is way]
    assert [type(e) for e in errors(items)] == [StreamGapError]
    items = read(path)
    assert messages(items) == []
    assert any("handshake are missing" in e.message for e in errors(items))


def test_udp_datagrams_and_exported_pdus_stay_packets_of_a_websocket_protocol(tmp_path):
    """diep reads WebSocket from TCP streams; its UDP datagrams (and the exported PDUs
    the Wireshark plugin's captures hold) are still one packet each, in order, beside a
    WebSocket connection of the same capture."""
    from wirestruct.wireshark.plugin import write_capture
    protocol = get_protocol("diep")
    records = jsonl_records()
    path = tmp_path / "pdus.pcapng"
    write_capture(path, protocol, records)
    with open_capture(path) as capture:
        got = list(capture.records(protocol))
    assert [(r.direction, r.data) for r in got] == [(r.direction, r.data) for r in records]
    assert [r.index for r in got] == list(range(len(records)))
