"""IPv4 fragment reassembly: the buffer on its own, and real TCP segments fragmented."""
from __future__ import annotations

import random
import struct

from capture_helpers import errors, join_pcap, load, pcap_frames, read_items, streams
from wirestruct.captures.frames.ip_fragments import (
    DATAGRAM_OVERHEAD,
    PIECE_OVERHEAD,
    FragmentBuffer,
)
from wirestruct.core.errors import FragmentError
from wirestruct.core.limits import Limits
from wirestruct.tools.capture_loopback import pattern

KEY = (bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]), 77, 17)
DATA = bytes(range(256)) * 4          # a 1024-byte payload
BIG = 1 << 20


def feed(buffer, parts, t=0.0):
    """parts: (offset, length, more); returns the outputs and every error."""
    outs, errs = [], []
    for number, (offset, length, more) in enumerate(parts, 1):
        data, new = buffer.add(KEY, t, number, offset, more, DATA[offset:offset + length], 20)
        outs.append(data)
        errs.extend(new)
    return outs, errs


def test_in_order():
    buffer = FragmentBuffer(BIG, 30)
    outs, errs = feed(buffer, [(0, 512, True), (512, 256, True), (768, 256, False)])
    assert outs == [None, None, DATA] and errs == [] and len(buffer) == 0 and buffer.cost == 0


def test_out_of_order_and_last_first():
    buffer = FragmentBuffer(BIG, 30)
    outs, errs = feed(buffer, [(768, 256, False), (0, 512, True), (512, 256, True)])
    assert outs == [None, None, DATA] and errs == []


def test_overlap_that_agrees_is_silent_and_one_that_differs_keeps_the_first_copy():
    buffer = FragmentBuffer(BIG, 30)
    outs, errs = feed(buffer, [(0, 600, True), (512, 512, False)])
    assert outs == [None, DATA] and errs == []
    buffer.add(KEY, 0, 1, 0, True, DATA[:512], 20)
    forged = DATA[384:400] + b"\xee" * 16 + DATA[416:1024]
    data, errs = buffer.add(KEY, 0, 2, 384, False, forged, 20)
    assert data == DATA                            # the first copy won
    assert len(errs) == 1 and type(errs[0]) is FragmentError
    assert "frame 2: fragment at offset 384 of IPv4 datagram 10.0.0.1 -> 10.0.0.2 id 77 " \
           "(protocol 17) overlaps 128 held bytes with different contents; the first copy " \
           "is kept" in errs[0].message
    assert (errs[0].dropped, errs[0].dropped_unit) == (128, "bytes")


def test_conflicting_overlap_counts_the_different_bytes():
    buffer = FragmentBuffer(BIG, 30)
    buffer.add(KEY, 0, 1, 0, True, DATA[:512], 20)
    data, errs = buffer.add(KEY, 0, 2, 256, False, b"\x00" * 768, 20)
    # Bytes 256..511 were held and differ: the overlap is reported, the first copy kept.
    assert data == DATA[:512] + b"\x00" * 512
    assert [(e.dropped, e.dropped_unit) for e in errs] == [(256, "bytes")]
    assert "overlaps 256 held bytes with different contents; the first copy is kept" \
        in errs[0].message


def test_missing_last_fragment_is_reported_at_the_end_with_its_bytes():
    buffer = FragmentBuffer(BIG, 30)
    outs, errs = feed(buffer, [(0, 512, True), (512, 256, True)])
    assert outs == [None, None] and errs == []
    (err,) = buffer.finish()
    assert "id 77 (protocol 17) (first fragment in frame 1): incomplete at the end of the " \
           "capture; its 768 payload bytes held are dropped" in err.message
    assert (err.dropped, err.dropped_unit) == (768, "bytes")
    assert buffer.cost == 0 and len(buffer) == 0


def test_datagram_over_65535_bytes_is_refused():
    buffer = FragmentBuffer(BIG, 30)
    data, errs = buffer.add(KEY, 0, 9, 65512, False, b"x" * 8, 20)   # 20 + 65512 + 8 = 65540
    assert data is None and len(buffer) == 0
    assert "ends at byte 65540 of the datagram" in errs[0].message
    assert errs[0].expected == "a datagram of at most 65535 bytes" and errs[0].dropped == 8
    data, errs = buffer.add(KEY, 0, 10, 65504, False, b"x" * 8, 20)  # exactly 65532: fine
    assert data is None and errs == [] and len(buffer) == 1


def test_lengths_that_contradict_each_other():
    buffer = FragmentBuffer(BIG, 30)
    buffer.add(KEY, 0, 1, 512, False, DATA[512:1024], 20)
    _, errs = buffer.add(KEY, 0, 2, 0, False, DATA[:256], 20)          # a second, shorter end
    assert "ends the datagram at 256 but an earlier last fragment ended it at 1024" \
        in errs[0].message
    _, errs = buffer.add(KEY, 0, 3, 1016, True, DATA[:64], 20)        # beyond the end
    assert "reaches byte 1080 of a 1024-byte payload" in errs[0].message
    _, errs = buffer.add(KEY, 0, 4, 0, True, b"", 20)
    assert "carries no data" in errs[0].message
    assert errs[0].dropped == 0                 # says so: nothing of the datagram is lost
    data, errs = buffer.add(KEY, 0, 5, 0, True, DATA[:512], 20)
    assert data == DATA and errs == []


def test_buffer_limit_evicts_the_oldest_datagrams_counting_their_bytes():
    limit = 3 * (400 + PIECE_OVERHEAD + DATAGRAM_OVERHEAD)
    buffer = FragmentBuffer(limit, 30)
    keys = [(KEY[0], KEY[1], ident, 17) for ident in range(5)]
    errs = []
    for number, key in enumerate(keys, 1):
        errs += buffer.add(key, 0, number, 0, True, b"a" * 400, 20)[1]
        assert buffer.cost <= limit
    assert len(buffer) == 3
    assert [e.dropped for e in errs] == [400, 400]
    assert "id 0 (protocol 17) (first fragment in frame 1): evicted to make room" in errs[0].message
    assert "limits.max_fragment_buffer" in errs[0].expected
    # The newest datagrams are still complete-able.
    data, _ = buffer.add(keys[4], 0, 9, 400, False, b"b" * 8, 20)
    assert data == b"a" * 400 + b"b" * 8


def test_a_fragment_bigger_than_the_whole_buffer_is_dropped():
    buffer = FragmentBuffer(1000, 30)
    data, errs = buffer.add(KEY, 0, 1, 0, True, b"z" * 1000, 20)
    assert data is None and len(buffer) == 0 and errs[-1].dropped == 1000
    assert "alone needs more than the fragment buffer" in errs[-1].message


def test_flood_of_tiny_fragments_stays_within_the_limit():
    limit = 64 * 1024
    buffer = FragmentBuffer(limit, 30)
    dropped = 0
    for ident in range(5000):
        key = (KEY[0], KEY[1], ident, 6)
        _, errs = buffer.add(key, 0, ident, 8 * (ident % 100), True, b"q", 20)
        dropped += sum(e.dropped for e in errs)
        assert buffer.cost <= limit
    assert len(buffer) == limit // (1 + PIECE_OVERHEAD + DATAGRAM_OVERHEAD)
    assert dropped == 5000 - len(buffer)              # every evicted byte was counted


def test_timeout_in_capture_time():
    buffer = FragmentBuffer(BIG, 30)
    buffer.add(KEY, 100.0, 1, 0, True, DATA[:512], 20)
    assert buffer.expire(129.9) == []
    (err,) = buffer.expire(130.5)
    assert "still incomplete after 30 s" in err.message and err.dropped == 512
    data, _ = buffer.add(KEY, 131.0, 2, 512, False, DATA[512:], 20)
    assert data is None                         # the first half is gone: no datagram
    assert len(buffer) == 1


def test_many_pieces_then_one_covering_them_all():
    buffer = FragmentBuffer(BIG, 30)
    for offset in range(0, 1024, 16):         # every other 8-byte block
        assert buffer.add(KEY, 0, 1, offset, True, DATA[offset:offset + 8], 20) == (None, [])
    data, errs = buffer.add(KEY, 0, 2, 0, False, DATA, 20)
    assert data == DATA and errs == []


# Real TCP segments, fragmented -------------------------------------------------------

def fragment_frame(frame: bytes, sizes, order, ident=4242, overlap=b""):
    """Split the IPv4 packet of an Ethernet frame into fragments of the given payload sizes
    (multiples of 8 but the last), returned in ``order``."""
    eth, ip = frame[:14], frame[14:]
    ihl = (ip[0] & 15) * 4
    head, payload = ip[:ihl], ip[ihl:]
    out, offset = [], 0
    for i, size in enumerate(sizes):
        part = payload[offset:offset + size]
        more = i < len(sizes) - 1
        h = bytearray(head)
        struct.pack_into(">HHH", h, 2, ihl + len(part), ident, (0x2000 if more else 0)
                         | (offset // 8))
        out.append(eth + bytes(h) + part)
        offset += size
    assert offset == len(payload)
    return [out[i] for i in order]


def fragmented_capture(order, sizes=(512, 400, None)):
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    rec, frame = frames[7]                      # c2s, 1200 bytes of data (1232 of TCP)
    total = len(frame) - 34
    sizes = [s if s is not None else total - sum(x for x in sizes if x) for s in sizes]
    pieces = fragment_frame(frame, sizes, order)
    new = [(rec[:8] + struct.pack("<II", len(p), len(p)), p) for p in pieces]
    return join_pcap(header, frames[:7] + new + frames[8:])


C2S4 = pattern(1, 1972)


def test_fragmented_tcp_segment_in_order_and_out_of_order():
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        items = read_items(fragmented_capture(order))
        assert errors(items) == [], order
        assert streams(items)[(0, "c2s")] == C2S4


def test_fragmented_tcp_segment_with_a_duplicate_overlapping_fragment():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    rec, frame = frames[7]
    total = len(frame) - 34
    pieces = fragment_frame(frame, [512, total - 512], [0, 1])
    wide = fragment_frame(frame, [256, 512, total - 768], [1])        # covers 256..767
    new = [(rec[:8] + struct.pack("<II", len(p), len(p)), p) for p in [pieces[0], *wide,
                                                                        pieces[1]]]
    items = read_items(join_pcap(header, frames[:7] + new + frames[8:]))
    assert errors(items) == [] and streams(items)[(0, "c2s")] == C2S4


def test_fragmented_tcp_segment_missing_its_last_fragment():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    rec, frame = frames[7]
    pieces = fragment_frame(frame, [512, len(frame) - 34 - 512], [0])
    new = [(rec[:8] + struct.pack("<II", len(p), len(p)), p) for p in pieces]
    items = read_items(join_pcap(header, frames[:7] + new + frames[8:]))
    kinds = [type(e).__name__ for e in errors(items)]
    assert kinds == ["StreamGapError", "FragmentError"]
    assert errors(items)[0].message.startswith("1200 bytes missing from the stream at offset 5")
    assert errors(items)[1].dropped == 512
    assert streams(items)[(0, "c2s")] == C2S4[:5] + C2S4[1205:]


def test_fragment_timeout_from_the_limits():
    data = fragmented_capture([0, 1])             # the last fragment never comes
    items = read_items(data, limits=Limits(fragment_timeout=0))
    frag = [e for e in errors(items) if type(e) is FragmentError]
    assert len(frag) == 1 and "still incomplete after 0 s" in frag[0].message
    assert frag[0].dropped == 912


def test_random_fragment_orders_of_a_real_segment():
    rng = random.Random(7)
    for _ in range(5):
        order = [0, 1, 2]
        rng.shuffle(order)
        items = read_items(fragmented_capture(order, sizes=(256, 768, None)))
        assert streams(items)[(0, "c2s")] == C2S4 and errors(items) == []


def ipv6_fragments(frame: bytes, sizes, order, ident=0x0BADF00D):
    """Split the TCP segment of an Ethernet/IPv6 frame behind Fragment headers."""
    eth, fixed, payload = frame[:14], frame[14:54], frame[54:]
    assert fixed[6] == 6                              # no extension headers: TCP follows
    out, offset = [], 0
    for i, size in enumerate(sizes):
        part = payload[offset:offset + size]
        more = i < len(sizes) - 1
        head = bytearray(fixed)
        struct.pack_into(">H", head, 4, 8 + len(part))
        head[6] = 44                                  # Fragment header next
        frag = struct.pack(">BBHI", 6, 0, offset | more, ident)
        out.append(eth + bytes(head) + frag + part)
        offset += size
    assert offset == len(payload)
    return [out[i] for i in order]


def test_ipv6_fragments_are_reassembled_too():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    rec, frame = frames[20]                           # c2s, 300 bytes of data on [::1]
    pieces = ipv6_fragments(frame, [128, 64, len(frame) - 54 - 192], [2, 0, 1])
    new = [(rec[:8] + struct.pack("<II", len(p), len(p)), p) for p in pieces]
    items = read_items(join_pcap(header, frames[:20] + new + frames[21:]))
    assert errors(items) == []
    assert streams(items)[(1, "c2s")] == pattern(3, 320)
    # Without the middle fragment: the datagram is reported, with the bytes it had.
    new = [new[0], new[1]]
    items = read_items(join_pcap(header, frames[:20] + new + frames[21:]))
    frag = [e for e in errors(items) if type(e) is FragmentError]
    assert len(frag) == 1 and frag[0].message.startswith(
        "IPv6 datagram ::1 -> ::1 id 195948557 (protocol 6) (first fragment in frame 21): "
        "incomplete at the end of the capture")
    assert frag[0].dropped == len(frame) - 54 - 64


def test_reassembled_datagram_of_a_flow_not_followed_is_counted():
    import io

    from wirestruct.captures.writers.pcap_writer import PcapWriter, ethernet, udp
    out = io.BytesIO()
    writer = PcapWriter(out)
    datagram = udp(b"y" * 40, "10.0.0.1", "10.0.0.2", 5000, 9999)
    for t, (part, offset, more) in enumerate([(datagram[:24], 0, True),
                                              (datagram[24:], 24, False)]):
        head = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(part), 5, (0x2000 if more else 0)
                           | offset // 8, 64, 17, 0, bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
        writer.write(1.0 + t, ethernet(head + part, 0x0800))
    items = read_items(out.getvalue(), server="4000", transport="message")
    assert errors(items) == [] and len(items) == 2
    assert items[0].message.startswith("frame 2: frames of connections that do not involve the "
                                       "named server, not read")
    # Counted as the frame that completed the datagram (14 + 20 + 24 bytes).
    assert "do not involve the named server: 1 frames, 58 bytes" in items[1].message
