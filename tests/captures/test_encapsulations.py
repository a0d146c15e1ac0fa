"""Every link layer and encapsulation, decoded through to the exact TCP stream bytes.

The frames are the real IPv4/IPv6 packets of lo_ethernet.pcap (tcpdump on loopback),
rewrapped in each encapsulation as its defining document lays it out; where tshark is
installed, it is checked to follow the same streams from the same files.
"""
from __future__ import annotations

import struct
import subprocess

import pytest
from capture_helpers import errors, load, pcap_frames, read_items, records, streams, unread
from wirestruct.core.errors import UnsupportedError
from wirestruct.tools.capture_loopback import pattern

TRAFFIC = {(0, "c2s"): pattern(1, 1972), (0, "s2c"): pattern(2, 941),
           (1, "c2s"): pattern(3, 320), (1, "s2c"): pattern(4, 10)}
IPV4_ONLY = {(0, "c2s"): pattern(1, 1972), (0, "s2c"): pattern(2, 941)}
IPV6_ONLY = {(0, "c2s"): pattern(3, 320), (0, "s2c"): pattern(4, 10)}
MACS = bytes.fromhex("020000000002" "020000000001")


def rewrap(link_type: int, wrap, keep=lambda version: True) -> bytes:
    """lo_ethernet.pcap with every frame's IP packet wrapped by ``wrap(ip, version)``."""
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    out = [header[:20] + struct.pack("<I", link_type)]
    for rec, frame in frames:
        assert frame[12:14] in (b"\x08\x00", b"\x86\xdd")
        ip = frame[14:]
        version = ip[0] >> 4
        if not keep(version):
            continue
        body = wrap(ip, version)
        out.append(rec[:8] + struct.pack("<II", len(body), len(body)) + body)
    return b"".join(out)


def ethernet(ether_type: int, payload: bytes) -> bytes:
    return MACS + struct.pack(">H", ether_type) + payload


def ppp_protocol(version: int) -> bytes:
    return b"\x00\x21" if version == 4 else b"\x00\x57"


def pppoe(ip: bytes, version: int) -> bytes:
    ppp = ppp_protocol(version) + ip
    return ethernet(0x8864, struct.pack(">BBHH", 0x11, 0, 0x1234, len(ppp)) + ppp)


def mpls(ip: bytes, version: int, ether_type: int = 0x8847) -> bytes:
    outer = struct.pack(">I", (1000 << 12) | (5 << 9) | 64)          # label 1000, TC 5
    inner = struct.pack(">I", (16 << 12) | (1 << 8) | 63)            # label 16, bottom
    return ethernet(ether_type, outer + inner + ip)


def ppi(ip: bytes, version: int) -> bytes:
    field = struct.pack("<HH", 2, 4) + b"\x01\x02\x03\x04"             # one 8-byte PPI field
    frame = ethernet(0x0800 if version == 4 else 0x86DD, ip)
    return struct.pack("<BBHI", 0, 0, 8 + len(field), 1) + field + frame


def nflog(ip: bytes, version: int) -> bytes:
    def tlv(kind: int, value: bytes) -> bytes:
        raw = struct.pack("<HH", 4 + len(value), kind) + value
        return raw + b"\x00" * (-len(raw) % 4)
    head = struct.pack(">BBH", 2 if version == 4 else 10, 0, 7)
    return (head + tlv(1, b"\x08\x00\x01\x00") + tlv(10, b"game\x00") + tlv(16, b"\x00" * 14)
            + tlv(9, ip) + tlv(11, struct.pack(">I", 1000)))


CASES = {
    "pppoe session (ethernet 0x8864)": (1, pppoe),
    "mpls unicast (ethernet 0x8847)": (1, mpls),
    "mpls multicast (ethernet 0x8848)": (1, lambda ip, v: mpls(ip, v, 0x8848)),
    "ppp (link type 9)": (9, lambda ip, v: ppp_protocol(v) + ip),
    "ppp with address and control (link type 9)":
        (9, lambda ip, v: b"\xff\x03" + ppp_protocol(v) + ip),
    "ppp, protocol field compressed (link type 9)":
        (9, lambda ip, v: (b"\x21" if v == 4 else b"\x57") + ip),
    "ppp in hdlc-like framing (link type 50)":
        (50, lambda ip, v: b"\xff\x03" + ppp_protocol(v) + ip),
    "raw ip (link type 12)": (12, lambda ip, v: ip),
    "raw ip (link type 14)": (14, lambda ip, v: ip),
    "raw ip (link type 101)": (101, lambda ip, v: ip),
    "ppi wrapping ethernet (link type 192)": (192, ppi),
    "nflog (link type 239)": (239, nflog),
    "linux cooked v1 carrying pppoe (link type 113)":
        (113, lambda ip, v: struct.pack(">HHH", 0, 1, 6) + MACS[:6] + b"\0\0" + pppoe(ip, v)[12:]),
}


@pytest.mark.parametrize("name", CASES)
def test_encapsulation_decodes_both_streams_exactly(name):
    link_type, wrap = CASES[name]
    items = read_items(rewrap(link_type, wrap))
    assert errors(items) == []
    assert streams(items) == TRAFFIC
    assert len(records(items)) == 11
    # The only frames not read are the capture's UDP datagrams (the transport is "stream").
    udp = sum(len(wrap(ip, ip[0] >> 4)) for ip in udp_packets())
    assert unread(items)[-1].message == (f"3 frames ({udp} bytes) not read: UDP datagrams (the "
                                         f"protocol reads TCP streams): 3 frames, {udp} bytes")
    assert len(unread(items)) == 2


def udp_packets():
    return [frame[14:] for _, frame in pcap_frames(load("lo_ethernet.pcap"))[1]
            if frame[14] == 0x45 and frame[23] == 17]


def test_raw_ipv4_and_ipv6_link_types():
    v4 = read_items(rewrap(228, lambda ip, v: ip, keep=lambda v: v == 4))
    assert errors(v4) == [] and streams(v4) == IPV4_ONLY
    v6 = read_items(rewrap(229, lambda ip, v: ip, keep=lambda v: v == 6))
    assert errors(v6) == [] and unread(v6) == [] and streams(v6) == IPV6_ONLY


def test_message_transport_through_pppoe_gives_the_udp_datagrams():
    items = read_items(rewrap(1, pppoe), transport="message", server="47313")
    assert [r.data for r in records(items)] == [pattern(5, 5), pattern(6, 100), pattern(7, 30)]


def test_unsupported_link_type_is_never_zero_packets_zero_errors():
    data = rewrap(147, lambda ip, v: ip)          # LINKTYPE_USER0: nothing wirestruct reads
    items = read_items(data)
    assert records(items) == [] and errors(items) == []
    first, total = items
    assert type(first) is UnsupportedError and first.message.startswith("frame 1: link type 147,")
    assert first.dropped is None                # counted once, in the totals
    size = len(data) - 24 - 31 * 16
    assert total.message == (f"31 frames ({size} bytes) not read: "
                             f"link type 147: 31 frames, {size} bytes")
    assert (total.dropped, total.dropped_unit) == (31, "frames")
    named = read_items(rewrap(189, lambda ip, v: ip))   # a known name: Linux USB
    assert named[0].message.startswith("frame 1: link type 189 (usb_linux),")


def test_non_ip_ethertypes_and_protocols_are_counted_per_kind():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    rec = frames[0][0][:8]
    arp = ethernet(0x0806, bytes(28))
    icmp = bytes.fromhex("45000054000040004001" "0000" "7f000001" "7f000001") + bytes(64)
    ppp_lcp = pppoe(b"", 4)[:14] + struct.pack(">BBHH", 0x11, 0, 1, 6) + b"\xc0\x21" + bytes(4)
    extra = [arp, arp, ethernet(0x0800, icmp), ppp_lcp, mpls(b"\x00" * 8, 4)]
    body = b"".join(rec + struct.pack("<II", len(f), len(f)) + f for f in extra)
    items = read_items(header + body + b"".join(r + f for r, f in frames))
    assert streams(items) == TRAFFIC and errors(items) == []
    kinds = [item.message.split(", not read")[0] for item in unread(items)[:-1]]
    assert kinds == ["frame 1: EtherType 0x0806 (arp)", "frame 3: IP protocol 0x01 (icmp)",
                     "frame 4: PPP protocol 0xc021 (lcp)",
                     "frame 5: IP version 0 (neither IPv4 nor IPv6)",
                     "frame 34: UDP datagrams (the protocol reads TCP streams)"]
    total = unread(items)[-1]
    assert "EtherType 0x0806 (arp): 2 frames, 84 bytes" in total.message
    assert total.dropped == 2 + 1 + 1 + 1 + 3


def test_cut_and_lying_udp_datagrams():
    header, frames = pcap_frames(load("lo_ethernet.pcap"))
    index = next(i for i, (_, f) in enumerate(frames) if f[12:14] == b"\x08\x00" and f[23] == 17
                 and len(f) == 42 + 100)                          # the 100-byte datagram
    rec, frame = frames[index]
    cut = list(frames)
    cut[index] = (rec[:8] + struct.pack("<II", 60, len(frame)), frame[:60])
    items = read_items(b"".join([header] + [r + f for r, f in cut]), transport="message",
                       server="47313")
    assert [r.data for r in records(items)] == [pattern(5, 5), pattern(7, 30)]
    assert unread(items)[1].message.startswith(          # [0]: the TCP connections
        f"frame {index + 1}: UDP datagrams cut by the snapshot length, not read")
    assert "UDP datagrams cut by the snapshot length: 1 frames, 60 bytes" \
        in unread(items)[-1].message
    lying = list(frames)
    bad = bytearray(frame)
    struct.pack_into(">H", bad, 38, 200)                          # UDP Length 200 > 108
    lying[index] = (rec, bytes(bad))
    items = read_items(b"".join([header] + [r + f for r, f in lying]), transport="message",
                       server="47313")
    (err,) = errors(items)
    assert f"frame {index + 1} does not parse" in err.message
    assert "UDP Length claims more bytes than the IP packet holds" in err.message
    assert (err.dropped, err.dropped_unit) == (1, "frames")
    assert [r.data for r in records(items)] == [pattern(5, 5), pattern(7, 30)]


def tshark_streams(path) -> dict:
    """(stream, direction) -> bytes, as `tshark -z follow,tcp,raw` reassembles them."""
    proc = subprocess.run(["tshark", "-r", str(path), "-q", "-z", "follow,tcp,raw,0",
                           "-z", "follow,tcp,raw,1"], capture_output=True, text=True,
                          timeout=60, check=True)
    out: dict = {}
    stream = -1
    for line in proc.stdout.splitlines():
        if line.startswith("Filter: tcp.stream eq "):
            stream = int(line.rsplit(" ", 1)[1])
        elif stream >= 0 and line.strip() and not line.startswith(("=", "Node ", "Follow")):
            key = (stream, "s2c" if line.startswith("\t") else "c2s")
            out[key] = out.get(key, b"") + bytes.fromhex(line.strip())
    return out


@pytest.mark.needs("tshark")
@pytest.mark.parametrize("name", CASES)
def test_the_rewrapped_captures_read_the_same_in_tshark(name, tmp_path):
    link_type, wrap = CASES[name]
    path = tmp_path / "capture.pcap"
    path.write_bytes(rewrap(link_type, wrap))
    assert tshark_streams(path) == TRAFFIC
