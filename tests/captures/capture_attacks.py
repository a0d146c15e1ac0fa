"""Hostile captures for the capture layer, built here (tests and benchmarks/bench_attacks.py).

Each builder returns the bytes of a capture file: a few kilobytes of zstd (or gzip) that
stand for a capture of tens or hundreds of megabytes. Every class that once took
wirestruct to gigabytes is here: repeats in the capture specs (VLAN tags, MPLS labels,
NFLOG attributes, pcapng options of each block type), out-of-order TCP bytes held by many
connections, the history of many ended connections, many tiny IP fragments, and
compressed input that expands without end.
"""
from __future__ import annotations

import gzip
import io
import struct

import zstandard
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

#: Bytes of the one huge frame or block of the repeat attacks: 2 M items of 4 bytes, some
#: 360 MB of objects were they all built (within expansion_allowance, so that the zstd
#: file is read; a larger one meets max_capture_expansion first).
HUGE = 8 * 1024 * 1024
MACS = bytes.fromhex("020000000002020000000001")


def zstd(data: bytes) -> bytes:
    return zstandard.ZstdCompressor(level=3).compress(data)


def _pcap(link_type: int, frames: list[bytes]) -> bytes:
    out = io.BytesIO()
    writer = PcapWriter(out, link_type=link_type)
    for n, frame in enumerate(frames):
        writer.write(1.0 + n, frame)
    return out.getvalue()


def vlan_tags(size: int = HUGE) -> bytes:
    """One Ethernet frame of 802.1Q tags, each naming another tag."""
    return zstd(_pcap(1, [MACS + b"\x81\x00" * (size // 2)]))


def mpls_labels(size: int = HUGE) -> bytes:
    """One Ethernet frame of MPLS label entries, none the bottom of the stack."""
    entry = struct.pack(">I", (16 << 12) | 64)
    return zstd(_pcap(1, [MACS + b"\x88\x47" + entry * (size // 4)]))


def nflog_attributes(size: int = HUGE) -> bytes:
    """One NFLOG record of empty 4-byte attributes."""
    return zstd(_pcap(239, [b"\x02\x00\x00\x01" + struct.pack("<HH", 4, 1) * (size // 4)]))


def exported_pdu_tags(size: int = HUGE) -> bytes:
    """One exported-PDU frame (link type 252) of empty 4-byte options, none the last."""
    return zstd(_pcap(252, [struct.pack(">HH", 1, 0) * (size // 4)]))


def pcapng_options(block: str, size: int = HUGE) -> bytes:
    """A pcapng file whose section header, interface description or enhanced packet block
    holds ``size`` bytes of empty comment options."""
    out = io.BytesIO()
    options = struct.pack("<HH", 1, 0) * (size // 4)
    if block == "shb":
        body = struct.pack("<IHHq", 0x1A2B3C4D, 1, 0, -1) + options
        out.write(struct.pack("<II", 0x0A0D0D0A, len(body) + 12) + body
                  + struct.pack("<I", len(body) + 12))
        return zstd(out.getvalue())
    writer = PcapngWriter(out)
    if block == "idb":
        writer.block(1, struct.pack("<HHI", 1, 0, 0) + options)
        return zstd(out.getvalue())
    writer.interface()
    frame = ethernet(b"", 0x88B5)
    writer.block(6, struct.pack("<IIIII", 0, 0, 0, len(frame), len(frame)) + frame
                 + b"\x00" * (-len(frame) % 4) + options)
    return zstd(out.getvalue())


def _segment(src: str, dst: str, sport: int, dport: int, seq: int, flags: int,
             payload: bytes = b"") -> bytes:
    return ethernet(ipv4(tcp(payload, src, dst, sport, dport, seq, 1, flags), 6, src, dst),
                    0x0800)


def _writer() -> tuple[io.BytesIO, PcapWriter]:
    out = io.BytesIO()
    return out, PcapWriter(out)


def held_out_of_order(connections: int = 16, per_connection: int = 4 << 20,
                      segment: int = 60000) -> bytes:
    """Connections whose first segment never comes: everything after it is held (64 MiB
    in all, as sent)."""
    out, writer = _writer()
    payload = struct.pack("<HH", 13, segment - 4) + b"\xee" * (segment - 4)
    for c in range(connections):
        src = f"10.1.{c // 250}.{c % 250 + 1}"
        writer.write(1.0, _segment(src, "10.0.0.2", 30000 + c, 44481, 1000, SYN))
        for offset in range(segment, per_connection, segment):
            writer.write(1.0, _segment(src, "10.0.0.2", 30000 + c, 44481, 1001 + offset,
                                       ACK | PSH, payload))
    return out.getvalue()


def ended_histories(connections: int = 300, per_connection: int = 256 * 1024,
                    segment: int = 32768) -> bytes:
    """Connections that each send ``per_connection`` bytes (MME RANDOM_GARBAGE packets)
    and close: every one would keep the history of its last bytes (75 MiB in all)."""
    out, writer = _writer()
    chunk = struct.pack("<HH", 13, segment - 4) + b"\x5a" * (segment - 4)
    for c in range(connections):
        src = f"10.2.{c // 250}.{c % 250 + 1}"
        port = 20000 + c
        writer.write(1.0, _segment(src, "10.0.0.2", port, 44481, 0, SYN))
        writer.write(1.0, _segment("10.0.0.2", src, 44481, port, 0, SYN | ACK))
        for offset in range(0, per_connection, segment):
            writer.write(1.0, _segment(src, "10.0.0.2", port, 44481, 1 + offset, ACK | PSH,
                                       chunk))
        end = 1 + per_connection
        writer.write(1.0, _segment(src, "10.0.0.2", port, 44481, end, ACK | FIN))
        writer.write(1.0, _segment("10.0.0.2", src, 44481, port, 1, ACK | FIN))
    return out.getvalue()


def tiny_fragments(count: int = 30_000) -> bytes:
    """IPv4 first fragments of distinct datagrams, 8 bytes each, never completed."""
    out, writer = _writer()
    for n in range(count):
        header = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 28, n & 0xFFFF, 0x2000, 64, 6, 0,
                             bytes([10, 3, n >> 24 & 255, (n >> 16) & 255]),
                             bytes([10, 0, 0, 2]))
        writer.write(1.0, ethernet(header + b"\x00" * 8, 0x0800))
    return zstd(out.getvalue())


def expanding(compression: str, size: int = 1 << 30) -> bytes:
    """A pcap header, then ``size`` bytes of 0xFF (a record header claiming 4 GiB, and
    garbage), compressed: a few kilobytes of zstd (gzip cannot expand more than about
    1,000 times: its members are concatenated)."""
    head = _pcap(1, [])
    if compression == "gzip":
        packer = gzip.compress(head + b"\xff" * (64 << 20), compresslevel=9)
        return packer * (size >> 26)
    frame = zstandard.ZstdCompressor(level=3).compress(b"\xff" * (64 << 20))
    return zstd(head) + frame * (size >> 26)      # frames one after another


ATTACKS = {
    "vlan-tags": vlan_tags,
    "mpls-labels": mpls_labels,
    "nflog-attributes": nflog_attributes,
    "exported-pdu-tags": exported_pdu_tags,
    "pcapng-shb-options": lambda: pcapng_options("shb"),
    "pcapng-idb-options": lambda: pcapng_options("idb"),
    "pcapng-epb-options": lambda: pcapng_options("epb"),
    "tcp-held-out-of-order": held_out_of_order,
    "tcp-ended-histories": ended_histories,
    "ip-tiny-fragments": tiny_fragments,
    "zstd-expansion": lambda: expanding("zstd"),
}
