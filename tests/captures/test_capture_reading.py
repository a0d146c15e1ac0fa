"""read_packet_capture on the real loopback captures and on variants made from them."""
from __future__ import annotations

import io
import random
import struct

import pytest
from capture_helpers import (
    errors,
    join_pcap,
    load,
    pcap_frames,
    read_items,
    records,
    streams,
    unread,
)
from wirestruct import open_capture
from wirestruct.captures.flows.roles import parse_server
from wirestruct.captures.packets import read_packet_capture
from wirestruct.captures.writers.pcap_writer import PcapngWriter, PcapWriter
from wirestruct.core.errors import CaptureError, StreamGapError, UnsupportedError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.tools.capture_loopback import pattern

C2S4, S2C4 = pattern(1, 1972), pattern(2, 941)
C2S6, S2C6 = pattern(3, 320), pattern(4, 10)
TRAFFIC = {(0, "c2s"): C2S4, (0, "s2c"): S2C4, (1, "c2s"): C2S6, (1, "s2c"): S2C6}
CRAFTED_C2S, CRAFTED_S2C = pattern(11, 1000), pattern(12, 300)

#: (t, direction, stream, size) of every record of lo_ethernet.pcap, from `tcpdump -tt`.
ETHERNET_RECORDS = [
    (1795270413.706133, "c2s", 0, 5), (1795270413.706241, "s2c", 0, 40),
    (1795270413.716575, "c2s", 0, 1200), (1795270413.716666, "s2c", 0, 900),
    (1795270413.726956, "c2s", 0, 3), (1795270413.727012, "s2c", 0, 1),
    (1795270413.737275, "c2s", 0, 700), (1795270413.747623, "c2s", 0, 64),
    (1795270413.759028, "c2s", 1, 300), (1795270413.759136, "s2c", 1, 10),
    (1795270413.769384, "c2s", 1, 20),
]


def summary(items):
    return [(r.t, r.direction.label, r.stream, len(r.data)) for r in records(items)]


# Real captures -------------------------------------------------------------------------

def test_tcpdump_ethernet_capture_reassembles_exactly():
    items = read_items(load("lo_ethernet.pcap"))
    assert errors(items) == []
    assert summary(items) == ETHERNET_RECORDS
    assert streams(items) == TRAFFIC


def test_dumpcap_pcapng_gives_the_same_streams_with_nanosecond_times():
    items = read_items(load("lo_dumpcap.pcapng"))
    assert errors(items) == []
    assert streams(items) == TRAFFIC
    # Times from `tshark -T fields -e frame.time_epoch` (if_tsresol 9).
    assert [r.t for r in records(items)][:3] == [1795270413706133073 / 10**9,
                                                 1795270413706240933 / 10**9,
                                                 1795270413716574311 / 10**9]
    # Same records, up to capture-tool timing, as the pcap of the same packets.
    pcap = summary(read_items(load("lo_ethernet.pcap")))
    ng = summary(items)
    assert [row[1:] for row in ng] == [row[1:] for row in pcap]
    assert all(abs(a[0] - b[0]) < 5e-6 for a, b in zip(ng, pcap))


def test_cooked_v2_nanosecond_capture():
    items = read_items(load("any_sll2_nano.pcap"))
    assert errors(items) == []
    assert streams(items) == TRAFFIC
    assert records(items)[0].t == 1795270413706131590 / 10**9
    assert records(items)[-1].t == 1795270413769381416 / 10**9


def test_capture_that_missed_a_segment_reports_the_gap():
    items = read_items(load("any_sll.pcap"))
    gaps = errors(items)
    assert len(gaps) == 1
    gap = gaps[0]
    assert isinstance(gap, StreamGapError)
    assert (gap.where.stream, gap.where.direction) == (0, "s2c")
    assert "40 bytes missing" in gap.message and "offset 0" in gap.message
    # The client acknowledged the missing bytes, but the server sent few segments after
    # them: the hole waits for its data, and is reported at the end of the capture.
    after = items[items.index(gap) + 1]
    assert isinstance(after, CaptureRecord) and after.data == S2C4[40:]
    got = streams(items)
    assert got[(0, "s2c")] == S2C4[40:]
    assert got[(0, "c2s")] == C2S4 and got[(1, "c2s")] == C2S6 and got[(1, "s2c")] == S2C6


def test_crafted_capture_wraparound_out_of_order_retransmission_overlap():
    items = read_items(load("lo_crafted.pcap"), server_ports=(47320,))
    assert errors(items) == []
    got = records(items)
    assert [(r.t, r.direction.label, r.stream, len(r.data)) for r in got[:6]] == [
        (1795270415.660615, "c2s", 0, 200),     # frame 5, across the 2^32 wrap
        (1795270415.664831, "c2s", 0, 100),     # frame 7 fills 200..299
        (1795270415.669061, "s2c", 0, 100),     # frame 9
        (1795270415.673295, "c2s", 0, 300),     # frame 11: 300..449 + the held 400..599
        (1795270415.675402, "c2s", 0, 400),     # frame 12 (VLAN, IP options)
        (1795270415.677519, "s2c", 0, 200),     # frame 13
    ]
    s = streams(items)
    assert s[(0, "c2s")] == CRAFTED_C2S and s[(0, "s2c")] == CRAFTED_S2C
    # The connection seen from its middle: directions from the server port.
    assert s[(1, "c2s")] == pattern(13, 50) and s[(1, "s2c")] == pattern(14, 20)
    assert len(got) == 8


def test_connection_without_handshake_needs_the_server():
    items = read_items(load("lo_crafted.pcap"))
    errs = errors(items)
    assert len(errs) == 1 and type(errs[0]) is CaptureError
    assert "--server" in errs[0].expected and errs[0].where.stream == 1
    assert "127.99.0.3:40001" in errs[0].message
    s = streams(items)
    assert set(s) == {(0, "c2s"), (0, "s2c")}    # the handshake told the first one
    assert s[(0, "c2s")] == CRAFTED_C2S


@pytest.mark.parametrize("server", ["47320", "127.99.0.2:47320"])
def test_server_option(server):
    items = read_items(load("lo_crafted.pcap"), server=server)
    assert errors(items) == []
    s = streams(items)
    assert s[(1, "c2s")] == pattern(13, 50) and s[(1, "s2c")] == pattern(14, 20)


def test_server_option_selects_connections_and_can_flip_directions():
    items = read_items(load("lo_ethernet.pcap"), server="[::1]:47312")
    assert errors(items) == []
    assert streams(items) == {(0, "c2s"): C2S6, (0, "s2c"): S2C6}
    # Naming the client's port as the server swaps the directions.
    items = read_items(load("lo_ethernet.pcap"), server="127.0.0.1:47464")
    assert streams(items) == {(0, "s2c"): C2S4, (0, "c2s"): S2C4}
    # A server the capture does not have: no records, and every frame counted.
    items = read_items(load("lo_ethernet.pcap"), server="10.1.1.1:47311")
    assert records(items) == [] and errors(items) == []
    first_other, first_udp, total = unread(items)
    assert first_other.message.startswith(
        "frame 1: frames of connections that do not involve the named server")
    assert "frame 29: UDP datagrams" in first_udp.message
    assert first_other.dropped is None      # counted once, in the totals
    assert total.message.startswith("31 frames (5604 bytes) not read: frames of connections that "
                                    "do not involve the named server: 28 frames, 5343 bytes; "
                                    "UDP datagrams (the protocol reads TCP streams): 3 frames, "
                                    "261 bytes")
    assert (total.dropped, total.dropped_unit) == (31, "frames")
    assert 5604 == len(load("lo_ethernet.pcap")) - 24 - 31 * 16     # every byte of every frame


@pytest.mark.parametrize("bad", ["http", "1.2.3.4", "::1:80", "[::1]80", "host:80", "0", "70000"])
def test_bad_server_values(bad):
    with pytest.raises(ValueError):
        parse_server(bad)
    items = read_items(load("lo_ethernet.pcap"), server=bad)
    assert len(items) == 1 and isinstance(items[0], CaptureError)


def test_parse_server():
    assert parse_server("4000") == (None, 4000)
    assert parse_server("127.0.0.1:4000") == (bytes([127, 0, 0, 1]), 4000)
    assert parse_server("[::1]:4000") == (bytes(15) + b"\x01", 4000)


def test_message_transport_udp_datagrams():
    items = read_items(load("lo_ethernet.pcap"), server="47313", transport="message")
    assert errors(items) == []
    assert [(r.t, r.direction, r.stream, r.data) for r in records(items)] == [
        (1795270413.780299, Direction.C2S, 0, pattern(5, 5)),
        (1795270413.790608, Direction.C2S, 0, pattern(6, 100)),
        (1795270413.800929, Direction.S2C, 0, pattern(7, 30)),
    ]
    # With ports only, the TCP connections (other ports) are still told by their handshakes.
    same = read_items(load("lo_dumpcap.pcapng"), server_ports=(47313,), transport="message")
    assert errors(same) == []
    assert [(r.direction, r.data) for r in records(same) if r.stream == 2] == [
        (Direction.C2S, pattern(5, 5)), (Direction.C2S, pattern(6, 100)),
        (Direction.S2C, pattern(7, 30))]


def test_message_transport_tcp_segments_and_unknown_udp_server():
    items = read_items(load("lo_ethernet.pcap"), transport="message")
    # TCP: one record per segment's new bytes; UDP: no handshake, so an error and no data.
    assert [len(r.data) for r in records(items) if r.stream == 0] == [5, 40, 1200, 900, 3, 1, 700, 64]
    errs = errors(items)
    assert len(errs) == 1 and errs[0].where.stream == 2 and "UDP flow" in errs[0].message


def test_stream_transport_counts_the_udp_it_does_not_read():
    items = read_items(load("lo_ethernet.pcap"), server="47313")
    assert all(type(item) is UnsupportedError for item in items) and len(items) == 3
    assert "UDP datagrams (the protocol reads TCP streams): 3 frames, 261 bytes" in items[2].message


# Variants of the real captures ---------------------------------------------------------

def test_dropped_segment_becomes_a_gap_and_delivery_goes_on():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    del frames[7]                      # frame 8: c2s bytes 5..1204
    items = read_items(join_pcap(header, frames))
    gaps = errors(items)
    assert len(gaps) == 1 and isinstance(gaps[0], StreamGapError)
    assert (gaps[0].where.stream, gaps[0].where.direction) == (0, "c2s")
    assert "1200 bytes missing" in gaps[0].message and "offset 5" in gaps[0].message
    s = streams(items)
    assert s[(0, "c2s")] == C2S4[:5] + C2S4[1205:]
    assert s[(0, "s2c")] == S2C4


def test_dropped_segment_without_later_ack_is_reported_at_the_end():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    # Drop frame 10 (c2s 1205..1207) and frame 11 (the server's acknowledgment of it) and
    # everything after frame 13, so nothing acknowledges past the hole.
    kept = frames[:9] + frames[11:13]
    items = read_items(join_pcap(header, kept))
    # At the end of the capture: the gap, then the bytes held behind it.
    assert len(errors(items)) == 1 and items[-2] is errors(items)[0]
    assert isinstance(items[-2], StreamGapError) and "3 bytes missing" in items[-2].message
    assert (items[-2].where.stream, items[-2].where.direction) == (0, "c2s")
    assert [len(r.data) for r in records(items)] == [5, 40, 1200, 900, 764]
    assert items[-1].t == 1795270413.747623          # the last frame of the file
    assert streams(items)[(0, "c2s")] == C2S4[:1205] + C2S4[1208:]


def test_capture_starting_mid_connection():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    items = read_items(join_pcap(header, frames[3:]), server_ports=(47311, 47312))
    assert errors(items) == []
    assert streams(items) == TRAFFIC
    # From the middle of the data: the stream starts at the first byte seen.
    items = read_items(join_pcap(header, frames[8:]), server_ports=(47311,))
    assert streams(items)[(0, "s2c")] == S2C4[40:]
    assert streams(items)[(0, "c2s")] == C2S4[1205:]


def test_reordered_and_duplicated_real_frames():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    # The client's frames of connection 0 after its SYN (data, FIN) in any order, some twice.
    client = [f for f in frames[:17] if f[1][36:38] == struct.pack(">H", 47311)]
    assert len(client) >= 8
    rng = random.Random(5)
    for _ in range(30):
        shuffled = client[:1] + rng.sample(client[1:], len(client) - 1)
        shuffled += [rng.choice(client) for _ in range(3)]
        items = read_items(join_pcap(header, shuffled), server_ports=(47311,))
        assert errors(items) == []
        assert streams(items) == {(0, "c2s"): C2S4}


def test_reorder_buffer_limit_reports_a_gap_at_once():
    items = read_items(load("lo_crafted.pcap"), server_ports=(47320,),
                       limits=Limits(max_reassembly_buffer=100))
    gaps = errors(items)
    assert isinstance(gaps[0], StreamGapError)
    assert gaps[0].where.record == 1 + len(unread(items[:gaps[0].where.record]))
    assert "200 bytes missing" in gaps[0].message
    # The bytes of the skipped range that still come are reported, not dropped quietly.
    assert [(type(e).__name__, e.where.span, e.dropped) for e in gaps[1:]] == [
        ("StreamConflictError", (200, 300), 100), ("StreamConflictError", (250, 400), 150)]
    assert all("after they were reported missing" in e.message for e in gaps[1:])
    c2s = [r for r in records(items) if r.stream == 0 and r.direction is Direction.C2S]
    assert [len(r.data) for r in c2s] == [200, 200, 400]
    assert c2s[1].t == 1795270415.662715      # frame 6, delivered at once after the gap
    assert streams(items)[(0, "c2s")] == CRAFTED_C2S[:200] + CRAFTED_C2S[400:]


def test_frame_cut_by_snap_length():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    rec, frame = frames[7]
    ts = rec[:8]
    frames[7] = (ts + struct.pack("<II", 100, len(frame)), frame[:100])
    items = read_items(join_pcap(header, frames))
    # The 34 payload bytes the frame kept (100 - 14 Ethernet - 20 IPv4 - 32 TCP) are
    # delivered; the 1166 it lost are a gap once the next segment arrives.
    errs = errors(items)
    assert len(errs) == 1 and isinstance(errs[0], StreamGapError)
    assert errs[0].message.startswith("1166 bytes missing from the stream at offset 39")
    assert streams(items)[(0, "c2s")] == C2S4[:39] + C2S4[1205:]
    cut = [e for e in unread(items) if "cut by the snapshot length" in e.message]
    assert "frame 8: bytes of TCP segments cut by the snapshot length" in cut[0].message
    assert "cut by the snapshot length (missing from the stream: a gap when later bytes " \
           "arrive): 1 frames, 1166 bytes" in cut[1].message


def test_frame_cut_inside_its_tcp_header_is_an_error_counting_it():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    rec, frame = frames[7]
    frames[7] = (rec[:8] + struct.pack("<II", 40, len(frame)), frame[:40])
    items = read_items(join_pcap(header, frames))
    errs = errors(items)
    assert type(errs[0]) is CaptureError
    assert "frame 8" in errs[0].message and "kept 40 of its 1266 bytes" in errs[0].message
    assert (errs[0].dropped, errs[0].dropped_unit) == (1, "frames")
    assert errs[0].where.offset is not None and errs[0].where.offset > 24
    assert isinstance(errs[1], StreamGapError) and errs[1].message.startswith("1200 bytes")
    assert streams(items)[(0, "c2s")] == C2S4[:5] + C2S4[1205:]


def test_big_endian_and_nanosecond_rewrite_gives_the_same_records():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    fields = struct.unpack("<IHHiIII", header)
    be = struct.pack(">IHHiIII", 0xA1B23C4D, *fields[1:])
    out = []
    for rec, frame in frames:
        sec, usec, incl, orig = struct.unpack("<IIII", rec)
        out.append((struct.pack(">IIII", sec, usec * 1000, incl, orig), frame))
    items = read_items(be + b"".join(h + f for h, f in out))
    assert summary(items) == ETHERNET_RECORDS
    assert streams(items) == TRAFFIC


def test_pcapng_multiple_sections_and_interfaces():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    out = io.BytesIO()
    writer = PcapngWriter(out, big_endian=True)
    writer.interface(228)                         # raw IPv4, unused
    writer.interface(1, tsresol=0x80 | 20)        # Ethernet, 2^-20 s
    for rec, frame in frames[:9]:
        sec, usec = struct.unpack_from("<II", rec)
        writer.write(sec + usec / 1e6, frame, interface=1)
    writer.section(big_endian=False)
    writer.interface(1, tsresol=3)
    for rec, frame in frames[9:17]:
        sec, usec = struct.unpack_from("<II", rec)
        writer.write(sec + usec / 1e6, frame)
    items = read_items(out.getvalue())
    assert errors(items) == []
    assert streams(items) == {(0, "c2s"): C2S4, (0, "s2c"): S2C4}
    got = records(items)
    assert got[0].t == round(1795270413.706133 * 2**20) / 2**20
    assert got[-1].t == 1795270413.748     # milliseconds in the second section


def test_pcapng_simple_packets_and_timestamp_offset():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    out = io.BytesIO()
    writer = PcapngWriter(out)
    writer.interface(1, tsoffset=1795270000)
    writer.write(1795270413.706133, frames[3][1])       # c2s bytes 0..4
    writer.simple_packet(frames[5][1])                   # s2c bytes 0..39: no timestamp
    writer.simple_packet(frames[7][1][:100], orig_len=len(frames[7][1]))   # cut short
    data = out.getvalue()
    assert struct.unpack_from("<q", data, data.index(struct.pack("<HH", 14, 8)) + 4)[0] == 1795270000
    items = read_items(data, server_ports=(47311,))
    got = records(items)
    assert [(r.t, r.direction, r.data) for r in got] == [
        (1795270413.706133, Direction.C2S, C2S4[:5]),
        (1795270413.706133, Direction.S2C, S2C4[:40]),   # the last timestamp seen
        (1795270413.706133, Direction.C2S, C2S4[5:39])]  # what the cut frame kept
    assert type(items[-1]) is UnsupportedError and "1 frames, 1166 bytes" in items[-1].message


def test_pcapng_packet_of_an_undescribed_interface():
    out = io.BytesIO()
    writer = PcapngWriter(out)
    writer.interface(1)
    writer._interfaces.append((10**6, 0))    # write a packet naming interface 1
    writer.write(1.0, b"\x00" * 20, interface=1)
    items = read_items(out.getvalue())
    assert len(items) == 1 and "interface 1" in items[0].message


def test_reset_closes_and_a_new_connection_reuses_the_ports():
    from wirestruct.captures.writers.pcap_writer import ACK, PSH, RST, SYN, ethernet, ipv4, tcp
    out = io.BytesIO()
    writer = PcapWriter(out)
    a, b = "10.0.0.1", "10.0.0.2"

    def seg(t, src, dst, sport, dport, seq, flags, data=b""):
        writer.write(t, ethernet(ipv4(tcp(data, src, dst, sport, dport, seq, 1, flags), 6, src, dst),
                                 0x0800))
    seg(1.0, a, b, 5000, 4000, 100, SYN)
    seg(1.1, a, b, 5000, 4000, 101, PSH | ACK, b"one")
    seg(1.2, a, b, 5000, 4000, 110, PSH | ACK, b"held")      # after a 5-byte hole
    seg(1.3, b, a, 4000, 5000, 900, RST | ACK)
    seg(1.4, a, b, 5000, 4000, 114, PSH | ACK, b"late")      # after the reset: delivered
    seg(2.0, a, b, 5000, 4000, 7000, SYN)                    # same ports, new connection
    seg(2.1, a, b, 5000, 4000, 7001, PSH | ACK, b"two")
    items = read_items(out.getvalue())
    # The new SYN ends the old stream: its hole is reported, what it held delivered.
    assert [(type(i).__name__, getattr(i, "t", None), i.stream if isinstance(i, CaptureRecord)
             else i.where.stream) for i in items] == [
        ("CaptureRecord", 1.1, 0), ("StreamGapError", None, 0), ("CaptureRecord", 2.0, 0),
        ("CaptureRecord", 2.1, 1)]
    assert [r.data for r in records(items)] == [b"one", b"heldlate", b"two"]
    assert errors(items)[0].where.span == (3, 9)


def test_fragmented_datagrams_are_reassembled_and_incomplete_ones_reported():
    from wirestruct.captures.writers.pcap_writer import ethernet, udp
    out = io.BytesIO()
    writer = PcapWriter(out)
    datagram = udp(b"x" * 40, "10.0.0.1", "10.0.0.2", 5000, 4000)

    def fragment(part, offset, more):
        flags = (0x2000 if more else 0) | (offset // 8)
        header = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(part), 77, flags, 64, 17, 0,
                             bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
        return ethernet(header + part, 0x0800)
    writer.write(1.0, fragment(datagram[:24], 0, True))
    writer.write(1.1, fragment(datagram[24:], 24, False))
    other = udp(b"y" * 40, "10.0.0.1", "10.0.0.2", 5000, 9999)
    writer.write(1.2, fragment(other[:24], 0, True))
    writer.write(1.3, ethernet(struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(datagram), 1,
                                           0, 64, 17, 0, bytes([10, 0, 0, 1]),
                                           bytes([10, 0, 0, 2])) + datagram, 0x0800))
    items = read_items(out.getvalue(), server="4000", transport="message")
    assert [(type(i).__name__, getattr(i, "t", None)) for i in items] == [
        ("CaptureRecord", 1.1), ("CaptureRecord", 1.3), ("FragmentError", None)]
    assert items[0].data == b"x" * 40 and items[0].direction is Direction.C2S
    assert items[1].data == b"x" * 40
    assert "id 77 (protocol 17) (first fragment in frame 3): incomplete at the end of the " \
           "capture; its 24 payload bytes held are dropped" in items[2].message
    assert (items[2].dropped, items[2].dropped_unit) == (24, "bytes")


# Broken files --------------------------------------------------------------------------

def record_ends(data: bytes):
    """Offsets where a pcap record or pcapng block ends (cuts there leave a whole file)."""
    ends = set()
    if data[:4] == b"\x0a\x0d\x0d\x0a":
        pos = 0
        while pos < len(data):
            pos += struct.unpack_from("<I", data, pos + 4)[0]
            ends.add(pos)
    else:
        pos = 24
        ends.add(pos)
        while pos < len(data):
            pos += 16 + struct.unpack_from("<I", data, pos + 8)[0]
            ends.add(pos)
    return ends


@pytest.mark.parametrize("name", ["lo_ethernet.pcap", "lo_dumpcap.pcapng", "any_sll2_nano.pcap"])
def test_truncated_files_end_with_a_capture_error(name):
    data = load(name)
    full = streams(read_items(data))
    ends = record_ends(data)
    for cut in list(range(0, 40)) + list(range(40, len(data), 53)):
        items = read_items(data[:cut])
        if cut < 4:
            assert len(items) == 1 and "not a pcap" in items[0].message
            continue
        for key, part in streams(items).items():
            assert full[key].startswith(part), cut     # nothing invented
        if cut in ends:
            assert not any("truncated" in e.message for e in errors(items)), cut
            continue
        last = items[-1]
        assert type(last) is CaptureError, cut
        assert "truncated" in last.message and last.where.offset is not None, cut


def test_garbage_and_flipped_bytes_give_only_our_errors():
    rng = random.Random(11)
    sources = [load("lo_ethernet.pcap"), load("lo_dumpcap.pcapng"), load("lo_crafted.pcap")]
    for _round in range(150):
        data = bytearray(rng.choice(sources))
        for _ in range(rng.randint(1, 12)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        items = read_items(bytes(data), transport=rng.choice(["stream", "message"]),
                           server_ports=(47311, 47320, 47313))
        assert all(isinstance(i, (CaptureRecord, CaptureError)) for i in items)
    for magic in (b"\xd4\xc3\xb2\xa1", b"\x0a\x0d\x0d\x0a", b""):
        for _ in range(30):
            data = magic + rng.randbytes(rng.randint(0, 300))
            items = read_items(data)
            assert items and isinstance(items[-1], CaptureError)


def test_corrupt_block_is_skipped_and_reading_goes_on():
    data = bytearray(load("lo_dumpcap.pcapng"))
    # Block 3 (first EPB) starts after the SHB and the IDB; break its Ethernet type.
    shb_len = struct.unpack_from("<I", data, 4)[0]
    idb_len = struct.unpack_from("<I", data, shb_len + 4)[0]
    epb = shb_len + idb_len
    data[epb + 28 + 16: epb + 28 + 18] = b"\x00\x0a"  # IPv4 total length 10 < 20
    items = read_items(bytes(data))
    errs = errors(items)
    assert type(errs[0]) is CaptureError and "frame 1" in errs[0].message
    assert "(_ == 0) or (_ >= len_header)" in errs[0].expected
    assert errs[0].where.offset == epb + 28 + 18     # just after the total length
    assert errs[0].where.field_path.endswith("total_length")
    assert streams(items) == TRAFFIC   # the SYN was lost, the data was not


def test_oversized_record_stops_with_a_capture_error():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    items = read_items(join_pcap(header, frames[:5]), limits=Limits(max_record=60))
    assert isinstance(items[-1], CaptureError) and "74 bytes" in items[-1].message
    assert items[-1].where.offset == 24


# Streaming -----------------------------------------------------------------------------

class OneWayStream(io.RawIOBase):
    """A readable, non-seekable stream that records every read size."""

    def __init__(self, data: bytes) -> None:
        self._data = memoryview(data)
        self._pos = 0
        self.sizes = []

    def readable(self):
        return True

    def seekable(self):
        return False

    def read(self, n=-1):
        self.sizes.append(n)
        if n is None or n < 0:
            raise AssertionError("read the whole stream")
        n = min(n, 7)      # short reads, as pipes give
        out = bytes(self._data[self._pos:self._pos + n])
        self._pos += len(out)
        return out

    def tell(self):
        raise OSError("not seekable")

    def seek(self, *args):
        raise OSError("not seekable")


@pytest.mark.parametrize("name", ["lo_ethernet.pcap", "lo_dumpcap.pcapng"])
def test_reading_streams_a_non_seekable_file(name):
    data = load(name)
    stream = OneWayStream(data)
    items = list(read_packet_capture(stream, server=None, server_ports=(), transport="stream",
                                     limits=DEFAULT_LIMITS))
    assert streams(items) == TRAFFIC
    assert max(stream.sizes) <= 1 << 18        # a block at most, never the file
    assert min(stream.sizes) >= 1


def test_reading_is_lazy():
    stream = OneWayStream(load("lo_ethernet.pcap"))
    reader = read_packet_capture(stream, server=None, server_ports=(), transport="stream",
                                 limits=DEFAULT_LIMITS)
    first = next(reader)
    assert first.data == C2S4[:5]
    assert stream._pos < 600     # header + the four frames up to the first data


def test_open_capture_detects_pcap_and_pcapng(tmp_path):
    for name in ("lo_ethernet.pcap", "lo_dumpcap.pcapng"):
        path = tmp_path / name
        path.write_bytes(load(name))
        with open_capture(path) as capture:
            assert capture.format == name.rsplit(".", 1)[1]
            assert streams(list(capture)) == TRAFFIC
