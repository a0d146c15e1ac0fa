"""Reading captures costs work linear in the input on the capture layer's paths: tunnels,
the generated classes with their object count, totals over many connections (held bytes
released, histories forgotten), resynchronizing after damage, pcapng blocks not read,
gzip members. Work is counted, not timed: every Python and C call, through
``sys.setprofile`` (as tests/test_linear_messages.py counts it); inputs of size N and 8N
must cost about 8 times the work."""
from __future__ import annotations

import gzip
import io
import sys

import pytest
from wirestruct.captures import open_capture
from wirestruct.captures.packets import read_packet_capture
from wirestruct.captures.writers.pcap_writer import (
    ACK,
    FIN,
    PSH,
    SYN,
    PcapngWriter,
    PcapWriter,
    ethernet,
    ipv4,
    tcp,
)
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records
from wirestruct.protocols.mme.decoder import MmeDecoder
from wirestruct.tools.case_captures import gtp_u, mme_stream

A, B = "10.0.0.1", "10.0.0.2"


def work(run) -> int:
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call" or event == "c_call":
            calls += 1

    sys.setprofile(count)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


def _segment(payload, src, dst, sport, dport, seq, flags):
    return ipv4(tcp(payload, src, dst, sport, dport, seq, 1, flags), 6, src, dst)


def _pcap(frames) -> bytes:
    out = io.BytesIO()
    writer = PcapWriter(out)
    for frame in frames:
        writer.write(1.0, frame)
    return out.getvalue()


def read(data: bytes, limits: Limits = Limits()):
    def run():
        for _ in read_packet_capture(io.BytesIO(data), server_ports=(44481,), limits=limits):
            pass
    return run


def gtp_frames(n):
    data = mme_stream(1, max(2, n // 2))
    frames = [_segment(b"", A, B, 5000, 44481, 99, SYN)]
    for i in range(n):
        frames.append(_segment(data[:100], A, B, 5000, 44481, 100 + 100 * i, ACK | PSH))
    outer = [ethernet(ipv4(_udp(gtp_u(ip, i)), 17, "192.0.2.1", "192.0.2.2"), 0x0800)
             for i, ip in enumerate(frames)]
    return read(_pcap(outer))


def _udp(payload):
    from wirestruct.captures.writers.pcap_writer import udp
    return udp(payload, "192.0.2.1", "192.0.2.2", 2152, 2152)


def tagged_frames(n):
    tags = b"\x81\x00\x00\x05" * 20          # past the fast path's 16 tags
    frames = [bytes(12) + tags + b"\x08\x00" + _segment(b"x" * 50, A, B, 5000, 44481,
                                                         100 + 50 * i, ACK | PSH)
              for i in range(n)]
    return read(_pcap([ethernet(_segment(b"", A, B, 5000, 44481, 99, SYN), 0x0800)] + frames))


def held_by_many(n):
    """n connections, each holding one segment after a hole; the total over all of them
    is small, so holders are released all along."""
    frames = []
    for c in range(n):
        src = f"10.1.{c // 200}.{c % 200 + 1}"
        frames.append(ethernet(_segment(b"", src, B, 20000 + c, 44481, 0, SYN), 0x0800))
        frames.append(ethernet(_segment(b"y" * 200, src, B, 20000 + c, 44481, 500,
                                        ACK | PSH), 0x0800))
    return read(_pcap(frames), Limits(max_reassembly_buffers=4000))


def ended_many(n):
    """n connections that send and close; the histories of all of them are over the
    total, so the oldest are forgotten all along."""
    frames = []
    for c in range(n):
        src = f"10.2.{c // 200}.{c % 200 + 1}"
        port = 20000 + c
        frames.append(ethernet(_segment(b"", src, B, port, 44481, 0, SYN), 0x0800))
        frames.append(ethernet(_segment(b"", B, src, 44481, port, 0, SYN | ACK), 0x0800))
        frames.append(ethernet(_segment(b"z" * 300, src, B, port, 44481, 1, ACK | PSH),
                               0x0800))
        frames.append(ethernet(_segment(b"", src, B, port, 44481, 301, ACK | FIN), 0x0800))
        frames.append(ethernet(_segment(b"", B, src, 44481, port, 1, ACK | FIN), 0x0800))
    return read(_pcap(frames), Limits(max_tcp_histories=1000))


def resyncs(n):
    """A stream damaged n times by conflicting copies: the decoder refuses the headers
    and resynchronizes each time."""
    from wirestruct.core.errors import StreamConflictError
    stream = mme_stream(3, 40)
    items = []
    offset = 0
    for i in range(n):
        damaged = bytearray(stream)
        damaged[100:300] = b"\xff" * 200
        items.append(CaptureRecord(i, 0.0, Direction.C2S, bytes(damaged), 0))
        error = StreamConflictError("copy", span=(offset + 100, offset + 300), dropped=200)
        error.conflicting_copy = True
        error.at(stream=0, direction="c2s")
        items.append(error)
        offset += len(stream)

    def run():
        for _ in decode_records(items, MmeDecoder()):
            pass
    return run


def unknown_blocks(n):
    out = io.BytesIO()
    writer = PcapngWriter(out)
    writer.interface()
    writer.write(1.0, ethernet(_segment(b"", A, B, 5000, 44481, 99, SYN), 0x0800))
    for i in range(n):
        writer.block(0x00000BAE, b"x" * 40)
        writer.write(1.0, ethernet(_segment(b"d" * 40, A, B, 5000, 44481, 100 + 40 * i,
                                            ACK | PSH), 0x0800))
    return read(out.getvalue())


def gzip_members(n, tmp_path):
    data = _pcap([ethernet(_segment(b"g" * 200, A, B, 5000, 44481, 100 + 200 * i, ACK | PSH),
                           0x0800) for i in range(n)])
    header, body = data[:24], data[24:]
    step = len(body) // n
    packed = gzip.compress(header) + b"".join(
        gzip.compress(body[i:i + step]) for i in range(0, len(body), step))
    path = tmp_path / f"members{n}.pcap.gz"
    path.write_bytes(packed)

    def run():
        with open_capture(path) as capture:
            for _ in capture.records():
                pass
    return run


CASES = {
    "GTP-U tunnel": (gtp_frames, 40),
    "frames past the fast path's tags": (tagged_frames, 30),
    "held bytes over the total": (held_by_many, 40),
    "histories over the total": (ended_many, 30),
    "resync after conflicting copies": (resyncs, 6),
    "pcapng blocks not read": (unknown_blocks, 80),
}


@pytest.mark.parametrize("case", list(CASES))
def test_work_grows_linearly(case):
    make, n = CASES[case]
    small, large = work(make(n)), work(make(8 * n))
    assert 7.0 <= large / small <= 9.0, (case, small, large)


def test_gzip_members_work_grows_linearly(tmp_path):
    small, large = work(gzip_members(100, tmp_path)), work(gzip_members(800, tmp_path))
    assert 7.0 <= large / small <= 9.0, (small, large)


def test_the_inputs_reach_the_paths_they_measure(monkeypatch):
    from wirestruct.captures.flows import tcp_reassembly
    from wirestruct.core.events import ErrorEvent
    calls = {"release": 0, "forget_history": 0}
    for name in calls:
        original = getattr(tcp_reassembly.HalfStream, name)

        def counting(self, _original=original, _name=name):
            calls[_name] += 1
            return _original(self)
        monkeypatch.setattr(tcp_reassembly.HalfStream, name, counting)
    held_by_many(20)()
    ended_many(20)()
    assert calls["release"] >= 10 and calls["forget_history"] >= 10
    events = []
    make = resyncs(3)
    monkeypatch.setattr(MmeDecoder, "run_packet", MmeDecoder.run_packet)
    import wirestruct.core.session as session
    original = session.decode_records

    def keep(items, decoder, **kw):
        for event in original(items, decoder, **kw):
            events.append(event)
            yield event
    monkeypatch.setattr(sys.modules[__name__], "decode_records", keep)
    make()
    assert sum(isinstance(e, ErrorEvent) and e.error.kind == "ResyncError" for e in events) == 3
