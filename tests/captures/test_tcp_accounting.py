"""Every TCP payload byte of a capture is accounted for, byte for byte.

The real captures of ``tests/data`` are read whole and damaged (frames dropped, repeated,
reordered, repeated with altered bytes, the end cut off). Per stream direction, the bytes
delivered (or, through the MME decoder, framed into packets) plus the bytes named by error
events (``dropped``, unit bytes, with a stream byte range ``Where.span``) must equal the
stream's extent as counted independently from the frames here: the payload positions the
capture holds plus those it misses (named by gap events, and only by them). A second copy
of bytes with other contents names its bytes in a ``StreamConflictError``: those positions
are counted once already (the first copy is kept), so conflicts are summed apart and must
match the bytes altered here. Bytes that arrive after their range was reported missing
(``late``) are the same kind of second naming: the gap counted their positions already;
gap bytes minus late bytes are the positions the capture never holds.
"""
from __future__ import annotations

import io
import random
import struct
from collections import defaultdict
from pathlib import Path

import pytest
from capture_helpers import CAPTURES, join_pcap, pcap_frames, read_items
from wirestruct.captures.flows.tcp_reassembly import SEGMENT_OVERHEAD
from wirestruct.captures.packets import read_packet_capture
from wirestruct.captures.writers.pcap_writer import (
    ACK,
    FIN,
    PSH,
    RST,
    SYN,
    PcapWriter,
    ethernet,
    ipv4,
    tcp,
)
from wirestruct.core.errors import CaptureError, StreamConflictError, StreamGapError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord
from wirestruct.core.session import decode_records
from wirestruct.protocols.mme.decoder import MmeDecoder

MME = Path(__file__).resolve().parent.parent / "data" / "mme"
MME_PORT = 44481
LO_PORTS = (47311, 47312)
Key = tuple[int, str]


# -- the independent count, from the frames --------------------------------------------

def tcp_of(frame: bytes):
    """(src, dst, sport, dport, seq, flags, payload) of an Ethernet/IP/TCP frame, or None."""
    ether_type = struct.unpack_from(">H", frame, 12)[0]
    ip = frame[14:]
    if ether_type == 0x0800:
        if ip[9] != 6:
            return None
        header, total = (ip[0] & 15) * 4, struct.unpack_from(">H", ip, 2)[0]
        src, dst, segment = ip[12:16], ip[16:20], ip[header:total]
    elif ether_type == 0x86DD:
        if ip[6] != 6:
            return None
        src, dst = ip[8:24], ip[24:40]
        segment = ip[40:40 + struct.unpack_from(">H", ip, 4)[0]]
    else:
        return None
    sport, dport, seq = struct.unpack_from(">HHI", segment)
    return src, dst, sport, dport, seq, segment[13], segment[(segment[12] >> 4) * 4:]


def extents(frames, server_ports) -> tuple[dict[Key, int], dict[Key, int]]:
    """Per (stream, direction): the stream's extent and the positions the capture holds."""
    numbers: dict[tuple, int] = {}
    base: dict[Key, int] = {}
    spans: dict[Key, list[tuple[int, int]]] = defaultdict(list)
    for frame in frames:
        seg = tcp_of(frame)
        if seg is None:
            continue
        src, dst, sport, dport, seq, flags, payload = seg
        if sport not in server_ports and dport not in server_ports:
            continue
        conn = tuple(sorted([(src, sport), (dst, dport)]))
        number = numbers.setdefault(conn, len(numbers))
        key = (number, "c2s" if dport in server_ports else "s2c")
        if flags & 0x02:
            base.setdefault(key, seq + 1)
            seq += 1
        elif payload:
            base.setdefault(key, seq)
        if payload:
            start = (seq - base[key]) % 2**32
            spans[key].append((start, start + len(payload)))
        if flags & 0x01 and key in base:       # the FIN tells where the stream ends
            fin = (seq - base[key]) % 2**32 + len(payload)
            spans[key].append((fin, fin))
    extent, held = {}, {}
    for key, ranges in spans.items():
        ranges.sort()
        covered, reach = 0, 0
        for start, end in ranges:
            if end > reach:
                covered += end - max(start, reach, 0) if start < end else 0
                reach = end
        extent[key], held[key] = reach, covered
    return extent, held


# -- what wirestruct says -----------------------------------------------------------------

def account(events) -> tuple[dict[Key, int], dict[Key, int], dict[Key, int], dict[Key, int]]:
    """Per (stream, direction): bytes delivered or named dropped; gap bytes; conflict
    bytes; late bytes."""
    total: dict[Key, int] = defaultdict(int)
    gaps: dict[Key, int] = defaultdict(int)
    conflicts: dict[Key, int] = defaultdict(int)
    late: dict[Key, int] = defaultdict(int)
    for event in events:
        if isinstance(event, CaptureRecord):
            total[(event.stream, event.direction.label)] += len(event.data)
            continue
        if isinstance(event, PacketEvent):
            if event.parent is None:
                total[(event.stream, event.direction.label)] += len(event.raw)
            continue
        error = event.error if isinstance(event, ErrorEvent) else event
        if error.dropped is None or error.dropped_unit != "bytes" or error.where.span is None:
            continue
        key = (error.where.stream, error.where.direction)
        if isinstance(error, StreamConflictError) and "differs from the first" in error.message:
            conflicts[key] += error.dropped
            continue
        if isinstance(error, StreamConflictError) and "after they were reported missing" in (
                error.message):
            late[key] += error.dropped
            continue
        total[key] += error.dropped
        if isinstance(error, StreamGapError):
            gaps[key] += error.dropped
    return dict(total), dict(gaps), dict(conflicts), dict(late)


def check(data: bytes, frames, server_ports, *, altered: int = 0, decoder=False):
    extent, held = extents(frames, server_ports)
    if decoder:
        items = list(read_packet_capture(io.BytesIO(data), server_ports=server_ports))
        events = list(decode_records(items, MmeDecoder()))
    else:
        events = read_items(data, server_ports=server_ports)
    total, gaps, conflicts, late = account(events)
    assert total == extent
    missing = {k: v - late.get(k, 0) for k, v in gaps.items()}
    assert {k: v for k, v in missing.items() if v} == {
        k: extent[k] - held[k] for k in extent if extent[k] > held[k]}
    assert sum(conflicts.values()) == altered
    return events


CAPTURE_CASES = [("mme/session.pcap", (MME_PORT,), True),
                 ("captures/lo_ethernet.pcap", LO_PORTS, False)]


def load_frames(name):
    data = (CAPTURES.parent / name).read_bytes()
    header, frames = pcap_frames(data)
    return header, frames


def plain(frames):
    return [f for _, f in frames]


def test_the_real_captures_as_they_are():
    header, frames = load_frames("mme/session.pcap")
    events = check(join_pcap(header, frames), plain(frames), (MME_PORT,), decoder=True)
    assert not [e for e in events if isinstance(e, ErrorEvent)
                and not isinstance(e.error, CaptureError)]          # every packet decodes
    header, frames = load_frames("captures/lo_ethernet.pcap")
    check(join_pcap(header, frames), plain(frames), LO_PORTS)


def test_a_capture_that_missed_frames():
    # any_sll.pcap (Linux cooked frames, which tcp_of does not read) missed the server's
    # first segment: the same traffic as lo_ethernet.pcap, with one 40-byte gap.
    items = read_items((CAPTURES / "any_sll.pcap").read_bytes(), server_ports=LO_PORTS)
    total, gaps, conflicts, late = account(items)
    assert gaps == {(0, "s2c"): 40} and conflicts == late == {}
    assert total == {(0, "c2s"): 1972, (0, "s2c"): 941, (1, "c2s"): 320, (1, "s2c"): 10}


def data_frames(frames, port):
    out = []
    for i, (_, frame) in enumerate(frames):
        seg = tcp_of(frame)
        if seg is not None and seg[6] and port in (seg[2], seg[3]):
            out.append(i)
    return out


def alter(frame: bytes, count: int, rng) -> bytes:
    """The frame with ``count`` consecutive payload bytes inverted (TCP checksums are not
    checked)."""
    payload_len = len(tcp_of(frame)[6])
    count = min(count, payload_len)
    at = len(frame) - payload_len + rng.randrange(payload_len - count + 1)
    return frame[:at] + bytes(b ^ 0xFF for b in frame[at:at + count]) + frame[at + count:], count


def damaged_variants(name, port, seed):
    header, frames = load_frames(name)
    rng = random.Random(seed)
    data_at = data_frames(frames, port)
    variants = []
    # frames dropped
    drop = set(rng.sample(data_at[2:-2], 3))
    variants.append(("dropped", [f for i, f in enumerate(frames) if i not in drop], 0))
    # frames repeated (exact retransmissions), some much later
    repeated = list(frames)
    for i in rng.sample(data_at, 6):
        repeated.insert(min(len(repeated), i + rng.randint(1, 40)), frames[i])
    variants.append(("repeated", repeated, 0))
    # adjacent frames swapped
    swapped = list(frames)
    for i in rng.sample(range(1, len(frames) - 2), 10):
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
    variants.append(("swapped", swapped, 0))
    # a repeated frame with altered bytes: a conflict, the first copy kept
    conflicting = list(frames)
    altered_total = 0
    for i in sorted(rng.sample(data_at[1:-3], 2), reverse=True):
        rec, frame = frames[i]
        bad, count = alter(frame, rng.randint(1, 5), rng)
        altered_total += count
        conflicting.insert(i + 1, (rec, bad))
    variants.append(("conflict", conflicting, altered_total))
    # the end cut off
    variants.append(("cut", frames[: data_at[len(data_at) * 2 // 3] + 1], 0))
    # everything at once
    mixed = [f for i, f in enumerate(frames) if i not in drop]
    mixed += [frames[i] for i in rng.sample(data_at, 4)]
    variants.append(("mixed", mixed, 0))
    return header, variants


@pytest.mark.parametrize("name,ports,decoder", CAPTURE_CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_damaged_captures_account_for_every_byte(name, ports, decoder, seed):
    header, variants = damaged_variants(name, ports[0], seed)
    for label, frames, altered in variants:
        try:
            check(join_pcap(header, frames), plain(frames), ports, altered=altered,
                  decoder=decoder)
        except AssertionError as exc:
            raise AssertionError(f"{name} {label} seed {seed}: {exc}") from exc


# -- the connection's own rules, on crafted frames ------------------------------------------

A, B = "10.0.0.1", "10.0.0.2"


def crafted(segments) -> bytes:
    out = io.BytesIO()
    writer = PcapWriter(out)
    for t, (src, dst, sport, dport, seq, flags, data) in enumerate(segments):
        writer.write(float(t), ethernet(ipv4(tcp(data, src, dst, sport, dport, seq, 1, flags), 6,
                                              src, dst), 0x0800))
    return out.getvalue()


def summary(items):
    return [(type(i).__name__, i.stream, i.direction.label, i.data) if isinstance(i, CaptureRecord)
            else (type(i).__name__, i.where.stream, i.where.direction, i.where.span, i.dropped)
            for i in items]


def test_payload_on_fin_and_rst_is_kept_and_data_after_the_end_is_counted():
    items = read_items(crafted([
        (A, B, 5000, 4000, 100, SYN, b""),
        (B, A, 4000, 5000, 900, SYN | ACK, b""),
        (A, B, 5000, 4000, 101, PSH | ACK | FIN, b"bye"),         # data on the FIN
        (B, A, 4000, 5000, 901, PSH | ACK | RST, b"reset!"),     # data on the RST
        (A, B, 5000, 4000, 105, PSH | ACK, b"later"),             # after both ended
        (B, A, 4000, 5000, 901, PSH | ACK, b"reset!"),           # a copy: passes quietly
    ]), server_ports=(4000,))
    assert summary(items) == [
        ("CaptureRecord", 0, "c2s", b"bye"), ("CaptureRecord", 0, "s2c", b"reset!"),
        ("StreamConflictError", 0, "c2s", (4, 9), 5)]
    assert "after the sender's FIN" in items[2].message


def test_a_reused_four_tuple_and_a_foreign_syn():
    items = read_items(crafted([
        (A, B, 5000, 4000, 100, SYN, b""),
        (A, B, 5000, 4000, 101, PSH | ACK, b"one"),
        (A, B, 5000, 4000, 77777, SYN, b""),                      # live: another ISN
        (A, B, 5000, 4000, 104, PSH | ACK | FIN, b"!"),
        (B, A, 4000, 5000, 900, SYN | ACK | FIN, b""),
        (A, B, 5000, 4000, 7000, SYN, b""),                       # ended: a new stream
        (A, B, 5000, 4000, 7001, PSH | ACK, b"two"),
    ]), server_ports=(4000,))
    assert summary(items) == [
        ("CaptureRecord", 0, "c2s", b"one"),
        ("StreamConflictError", 0, "c2s", (77677, 77677), 0),    # nothing lost, said so
        ("CaptureRecord", 0, "c2s", b"!"), ("CaptureRecord", 1, "c2s", b"two")]
    assert "another initial sequence number" in items[1].message
    assert "77778" in items[1].message and "101" in items[1].message


def test_a_sequence_jump_is_an_error_naming_its_range():
    items = read_items(crafted([
        (A, B, 5000, 4000, 100, SYN, b""),
        (A, B, 5000, 4000, 101, PSH | ACK, b"abc"),
        (A, B, 5000, 4000, (104 + 2**31 + 10) % 2**32, PSH | ACK, b"jumped"),
        (A, B, 5000, 4000, 104, PSH | ACK, b"def"),
    ]), server_ports=(4000,))
    assert [i.data for i in items if isinstance(i, CaptureRecord)] == [b"abc", b"def"]
    (jump,) = [i for i in items if not isinstance(i, CaptureRecord)]
    assert isinstance(jump, StreamConflictError) and jump.dropped == 6
    assert jump.where.span == (3 - 2**31 + 10, 3 - 2**31 + 16)
    assert f"sequence numbers {(104 + 2**31 + 10) % 2**32}" in jump.message


def test_more_connections_than_max_flows_are_counted():
    segments = []
    for port in range(5000, 5006):
        segments += [(A, B, port, 4000, 100, SYN, b""), (A, B, port, 4000, 101, PSH | ACK, b"xy")]
    items = read_items(crafted(segments), server_ports=(4000,), limits=Limits(max_flows=4))
    records = [i for i in items if isinstance(i, CaptureRecord)]
    assert [r.stream for r in records] == [0, 1, 2, 3]
    first, last = [i for i in items if not isinstance(i, CaptureRecord)]
    assert "4 connections and flows are followed already" in first.message
    assert last.dropped == 4 and "4 segments" in last.message and "(4 payload bytes)" in last.message


def test_out_of_order_data_over_the_buffer_skips_the_hole_and_late_bytes_are_counted():
    items = read_items(crafted([
        (A, B, 5000, 4000, 100, SYN, b""),
        (A, B, 5000, 4000, 111, PSH | ACK, b"k" * 60),            # held: hole 0..9
        (A, B, 5000, 4000, 171, PSH | ACK, b"m" * 60),            # two held: over, hole skipped
        (A, B, 5000, 4000, 101, PSH | ACK, b"a" * 10),            # the hole's bytes, too late
    ]), server_ports=(4000,), limits=Limits(max_reassembly_buffer=100 + SEGMENT_OVERHEAD))
    assert summary(items) == [
        ("StreamGapError", 0, "c2s", (0, 10), 10), ("CaptureRecord", 0, "c2s", b"k" * 60 + b"m" * 60),
        ("StreamConflictError", 0, "c2s", (0, 10), 10)]
