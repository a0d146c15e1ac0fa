"""write_pcap / write_pcapng: valid files that read back to the same streams."""
from __future__ import annotations

import io
import random
import struct
import subprocess
from collections import defaultdict

import pytest
from capture_helpers import errors, pcap_frames, read_items, records, streams
from wirestruct.captures.writers.pcap_writer import (
    MAX_SEGMENT,
    checksum,
    write_pcap,
    write_pcapng,
)
from wirestruct.core.records import CaptureRecord, Direction


def make_records(seed=3, count=14, big=True):
    rng = random.Random(seed)
    return [CaptureRecord(i, 1000.0 + i * 0.25, Direction(rng.randrange(2)),
                          rng.randbytes(rng.choice([1, 50, 1400] + [MAX_SEGMENT + 10] * big)),
                          i % 3)
            for i in range(count)]


def expected_streams(recs):
    out = defaultdict(bytes)
    for r in recs:
        out[(r.stream, r.direction.label)] += r.data
    return dict(out)


def ones_complement_sum(data: bytes) -> int:
    """RFC 1071, the slow way."""
    if len(data) % 2:
        data += b"\0"
    total = 0
    for i in range(0, len(data), 2):
        total += (data[i] << 8) | data[i + 1]
        total = (total & 0xFFFF) + (total >> 16)
    return total


@pytest.mark.parametrize("writer", [write_pcap, write_pcapng])
def test_round_trip(writer):
    recs = make_records()
    out = io.BytesIO()
    assert writer(out, recs) == len(recs)
    split = sum(len(r.data) > MAX_SEGMENT for r in recs)
    if writer is write_pcap:
        _, frames = pcap_frames(out.getvalue())
        assert len(frames) == 3 * 3 + len(recs) + split + 3 * 3    # handshakes, data, closes
    items = read_items(out.getvalue())
    assert errors(items) == []
    assert streams(items) == expected_streams(recs)
    # One record per written record, except the ones split into two segments.
    assert len(records(items)) == len(recs) + split
    assert sorted({r.t for r in records(items)}) == sorted({r.t for r in recs})
    got = [(r.t, r.direction, r.stream) for r in records(items)]
    want = []
    for r in recs:
        want += [(r.t, r.direction, r.stream)] * (2 if len(r.data) > MAX_SEGMENT else 1)
    assert got == want


def test_ipv6_round_trip():
    recs = make_records(seed=4, count=5)
    out = io.BytesIO()
    write_pcap(out, recs, server=("::1", 4000), client=("fe80::2", 50000))
    items = read_items(out.getvalue(), server="[::1]:4000")
    assert streams(items) == expected_streams(recs)


def test_checksums_are_correct():
    out = io.BytesIO()
    write_pcap(out, make_records(count=4))
    _, frames = pcap_frames(out.getvalue())
    for _, frame in frames:
        ip = frame[14:]
        ihl = (ip[0] & 0xF) * 4
        assert ones_complement_sum(ip[:ihl]) == 0xFFFF
        total = struct.unpack(">H", ip[2:4])[0]
        segment = ip[ihl:total]
        pseudo = ip[12:20] + struct.pack(">BBH", 0, 6, len(segment))
        assert ones_complement_sum(pseudo + segment) == 0xFFFF
    assert checksum(b"\x00\x01\xf2\x03\xf4\xf5\xf6\xf7") == 0x220D   # RFC 1071 example
    assert checksum(b"") == 0xFFFF


@pytest.mark.needs("tshark")
def test_tshark_reads_the_written_pcap(tmp_path):
    path = tmp_path / "written.pcap"
    recs = make_records(count=6, big=False)
    with open(path, "wb") as f:
        assert write_pcap(f, recs) == len(recs)
    count = 3 * 3 + len(recs) + 3 * 3
    proc = subprocess.run(
        ["tshark", "-r", str(path), "-o", "tcp.check_checksum:TRUE", "-o", "ip.check_checksum:TRUE",
         "-T", "fields", "-e", "frame.number", "-e", "tcp.stream", "-e", "tcp.len",
         "-e", "tcp.checksum.status", "-e", "ip.checksum.status", "-e", "tcp.analysis.flags"],
        capture_output=True, text=True, timeout=60)
    rows = [line.split("\t") for line in proc.stdout.splitlines()]
    assert len(rows) == count
    assert all(row[3] == "1" and row[4] == "1" for row in rows)    # 1 = good checksum
    assert all(row[5] == "" for row in rows)                        # no TCP analysis warnings
    assert sum(int(row[2]) for row in rows) == sum(len(r.data) for r in recs)
    assert {row[1] for row in rows} == {"0", "1", "2"}


def test_an_exported_pdu_port_beyond_16_bits_is_counted_not_cut():
    """Exported-PDU port options hold 32 bits; a port has 16. A frame naming port 70000 is
    not read as port 4464 (70000 & 0xffff): it is a kind of frame not read, counted."""
    from capture_helpers import unread
    from wirestruct.captures.writers.pcap_writer import (
        LINKTYPE_WIRESHARK_UPPER_PDU,
        PcapngWriter,
        exported_pdu_header,
    )

    out = io.BytesIO()
    writer = PcapngWriter(out)
    writer.interface(LINKTYPE_WIRESHARK_UPPER_PDU, tsresol=9)
    good = (("127.0.0.1", 50000), ("127.0.0.1", 4000))
    bad = (("127.0.0.1", 70000), ("127.0.0.1", 4000))
    writer.write(1.0, exported_pdu_header("game", Direction.C2S, good) + b"one")
    writer.write(2.0, exported_pdu_header("game", Direction.C2S, bad) + b"two")
    writer.write(3.0, exported_pdu_header("game", Direction.S2C, good[::-1]) + b"three")
    items = read_items(out.getvalue(), transport="message")
    assert [r.data for r in records(items)] == [b"one", b"three"]
    assert all(r.ends is None or "4464" not in "".join(r.ends) for r in records(items))
    notices = unread(items)
    assert any("port beyond 65535" in str(n) for n in notices)
    assert sum(n.dropped or 0 for n in notices if "not read" in str(n)) >= 1
