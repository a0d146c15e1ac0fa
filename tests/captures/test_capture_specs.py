"""The generated classes of ksy/capture/ on the real captures and on built frames."""
from __future__ import annotations

import io
import struct

import pytest
from capture_helpers import load
from kaitaistruct import KaitaiStream
from wirestruct.captures.writers.pcap_writer import (
    ACK,
    PSH,
    SYN,
    PcapngWriter,
    ethernet,
    ipv4,
    ipv6,
    tcp,
    udp,
)
from wirestruct.generated.capture.ether_type import EtherType
from wirestruct.generated.capture.ethernet_frame import EthernetFrame
from wirestruct.generated.capture.ip_packet import IpPacket
from wirestruct.generated.capture.ip_protocol import IpProtocol
from wirestruct.generated.capture.ipv6_packet import Ipv6Packet
from wirestruct.generated.capture.link_frame import LinkFrame
from wirestruct.generated.capture.linux_sll import LinuxSll
from wirestruct.generated.capture.linux_sll2 import LinuxSll2
from wirestruct.generated.capture.null_loopback import NullLoopback
from wirestruct.generated.capture.pcap import Pcap
from wirestruct.generated.capture.pcapng import Pcapng
from wirestruct.generated.capture.tcp_segment import TcpSegment
from wirestruct.generated.capture.udp_datagram import UdpDatagram
from wirestruct.tools.capture_loopback import crafted_frames, pattern

LT = LinkFrame.LinkType


def whole(cls, data, *args):
    stream = KaitaiStream(io.BytesIO(data))
    obj = cls(*args, stream)
    assert stream.is_eof(), "not every byte was consumed"
    return obj


def test_pcap_ethernet_capture_header_and_records():
    p = whole(Pcap, load("lo_ethernet.pcap"))
    assert p.magic_number == Pcap.Magic.le_microseconds
    assert p.is_le and not p.is_nanosecond
    h = p.header
    assert (h.version_major, h.version_minor, h.thiszone, h.sigfigs) == (2, 4, 0, 0)
    assert h.snaplen == 262144
    assert h.link_type == 1 and not h.has_fcs_length
    assert len(p.records) == 31
    first = p.records[0]
    assert (first.header.ts_sec, first.header.ts_frac) == (1795270413, 705948)
    assert first.header.incl_len == first.header.orig_len == 74
    assert first.timestamp == pytest.approx(1795270413.705948, abs=1e-6)
    eth = first.data.body
    assert isinstance(eth, EthernetFrame)
    assert eth.dst_mac == eth.src_mac == bytes(6)
    assert eth.ether_type == EtherType.EtherType.ipv4 and not eth.has_vlan_tags
    ip = eth.body
    assert (ip.version, ip.ihl, ip.total_length, ip.ttl) == (4, 5, 60, 64)
    assert ip.protocol == IpProtocol.IpProtocol.tcp and ip.dont_fragment and not ip.is_fragment
    assert ip.src_addr == ip.dst_addr == bytes([127, 0, 0, 1])
    seg = ip.body.body
    assert isinstance(seg, TcpSegment)
    assert (seg.src_port, seg.dst_port, seg.seq_num) == (47464, 47311, 3797873832)
    assert seg.syn and not (seg.ack or seg.fin or seg.rst or seg.psh)
    assert seg.data_offset == 10 and seg.len_header == 40 and len(seg.options) == 20
    assert seg.options[:4] == bytes([2, 4, 0xFF, 0xD7])  # MSS 65495
    assert seg.body == b"" and seg.len_sequence == 1
    # Frame 4: the client's first 5 bytes; frame 21: IPv6; frame 29: UDP.
    data = p.records[3].data.body.body.body.body
    assert data.psh and data.ack and data.body == pattern(1, 1972)[:5]
    v6 = p.records[20].data.body.body
    assert isinstance(v6, Ipv6Packet)
    assert v6.src_addr == v6.dst_addr == bytes(15) + b"\x01"
    assert v6.next_header == IpProtocol.IpProtocol.tcp and v6.payload_length == 332
    assert not v6.payload.is_extension_first
    assert v6.payload.upper_layer_protocol == IpProtocol.IpProtocol.tcp
    assert v6.payload.body.body.body == pattern(3, 320)[:300]
    dgram = p.records[28].data.body.body.body.body
    assert isinstance(dgram, UdpDatagram)
    assert (dgram.dst_port, dgram.length, dgram.body) == (47313, 13, pattern(5, 5))


def test_pcap_cooked_captures():
    sll2 = whole(Pcap, load("any_sll2_nano.pcap"))
    assert sll2.magic_number == Pcap.Magic.le_nanoseconds and sll2.is_nanosecond
    assert sll2.header.link_type == 276
    rec = sll2.records[0]
    assert (rec.header.ts_sec, rec.header.ts_frac) == (1795270413, 705945774)
    frame = rec.data.body
    assert isinstance(frame, LinuxSll2)
    assert frame.protocol == EtherType.EtherType.ipv4 and frame.reserved == 0
    assert frame.interface_index == 1
    assert frame.arphrd_type == LinuxSll.ArphrdType.loopback
    assert frame.packet_type == LinuxSll.PacketType.host
    assert frame.len_addr == 6 and frame.addr == bytes(8)
    assert frame.body.body.body.dst_port == 47311

    sll = whole(Pcap, load("any_sll.pcap"))
    assert sll.header.link_type == 113 and len(sll.records) == 28
    frame = sll.records[3].data.body
    assert isinstance(frame, LinuxSll)
    assert frame.packet_type == LinuxSll.PacketType.host
    assert frame.arphrd_type == LinuxSll.ArphrdType.loopback
    assert frame.protocol == EtherType.EtherType.ipv4
    assert frame.body.body.body.body == pattern(1, 1972)[:5]


def test_pcap_crafted_vlan_and_ip_options():
    p = whole(Pcap, load("lo_crafted.pcap"))
    arp = p.records[0].data.body
    assert arp.ether_type == EtherType.EtherType.arp and isinstance(arp.body, bytes)
    tagged = p.records[11].data.body
    assert tagged.has_vlan_tags and tagged.ether_type_or_tpid == EtherType.EtherType.vlan_tag
    assert len(tagged.vlan_tags) == 1
    tag = tagged.vlan_tags[0]
    assert (tag.priority, tag.drop_eligible, tag.vlan_id) == (0, False, 42)
    assert tagged.ether_type == EtherType.EtherType.ipv4
    ip = tagged.body
    assert ip.ihl == 6 and ip.len_header == 24 and ip.options == b"\x01\x01\x01\x00"
    seg = ip.body.body
    assert seg.seq_num == (0xFFFFFF00 + 1 + 600) % 2**32
    assert seg.body == pattern(11, 1000)[600:]
    icmp = p.records[9].data.body.body
    assert icmp.protocol == IpProtocol.IpProtocol.icmp and isinstance(icmp.body.body, bytes)


def test_pcapng_dumpcap_capture():
    p = whole(Pcapng, load("lo_dumpcap.pcapng"))
    types = [b.head.block_type for b in p.blocks]
    B = Pcapng.BlockType
    assert types == [B.section_header, B.interface_description] + [B.enhanced_packet] * 31 + [
        B.interface_statistics]
    shb = p.blocks[0]
    assert shb.head.byte_order_magic == Pcapng.ByteOrderMagic.little_endian and shb.head.is_le
    assert (shb.body.major_version, shb.body.minor_version, shb.body.section_length) == (1, 0, -1)
    assert shb.tail.len_block == shb.head.len_block
    options = {o.section_option: o.value for o in shb.body.options}
    assert options[Pcapng.SectionOption.shb_userappl].startswith(b"Dumpcap (Wireshark) 4.0")
    idb = p.blocks[1].body
    assert idb.link_type == LT.ethernet and idb.snaplen == 262144
    options = {o.interface_option: o.value for o in idb.options}
    assert options[Pcapng.InterfaceOption.if_name] == b"lo"
    assert options[Pcapng.InterfaceOption.if_tsresol] == b"\x09"
    assert options[Pcapng.InterfaceOption.if_filter] == b"\x00port 47311 or port 47312 or port 47313"
    epb = p.blocks[5].body
    assert epb.interface_id == 0
    assert epb.timestamp == 1795270413706133073
    assert epb.len_packet_data == epb.original_packet_length == 71
    assert len(epb.padding) == 1
    assert epb.packet_data.body.body.body.body.body == pattern(1, 1972)[:5]
    stats = p.blocks[-1]
    assert isinstance(stats.body, bytes)  # a block type the spec keeps as bytes
    assert len(stats.body) == stats.head.len_block - 12
    assert struct.unpack_from("<I", stats.body)[0] == 0  # interface 0


def test_pcap_big_endian_and_raw_and_null_link_types():
    seg = tcp(b"hi", "10.0.0.1", "10.0.0.2", 1000, 2000, 7, 9, PSH | ACK)
    packet4 = ipv4(seg, 6, "10.0.0.1", "10.0.0.2")
    packet6 = ipv6(udp(b"yo", "fe80::1", "fe80::2", 5, 6), 17, "fe80::1", "fe80::2")
    # Big-endian, microsecond pcap, raw IP (link type 101).
    body = struct.pack(">IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 101)
    for t, packet in ((5, packet4), (6, packet6)):
        body += struct.pack(">IIII", t, 250000, len(packet), len(packet)) + packet
    body += struct.pack(">IIII", 7, 0, 30, len(packet4)) + packet4[:30]   # cut by the snap length
    p = whole(Pcap, body)
    assert p.records[2].data == packet4[:30]
    assert p.magic_number == Pcap.Magic.be_microseconds and not p.is_le
    assert p.header.snaplen == 65535 and p.header.link_type == 101
    assert p.records[0].header.ts_sec == 5 and p.records[0].timestamp == 5.25
    raw = p.records[0].data.body
    assert isinstance(raw, IpPacket) and raw.version == 4
    assert raw.body.body.body.body == b"hi"
    assert raw.body.body.body.seq_num == 7
    assert p.records[1].data.body.body.payload.body.body.body == b"yo"
    # BSD loopback, family written in either byte order.
    for family, expected in ((struct.pack("<I", 2), 2), (struct.pack(">I", 24), 24),
                             (struct.pack("<I", 30), 30)):
        frame = whole(LinkFrame, family + (packet4 if expected == 2 else packet6), 0)
        assert frame.link_type == LT.null_loopback
        assert isinstance(frame.body, NullLoopback)
        assert frame.body.family == expected
        assert frame.body.body.version == (4 if expected == 2 else 6)


def test_ipv6_extension_headers_are_walked():
    seg = tcp(b"payload", "2001:db8::1", "2001:db8::2", 1, 2, 3, 4, ACK)
    hop_by_hop = bytes([60, 0]) + bytes([1, 4, 0, 0, 0, 0])          # -> destination options
    dest_opts = bytes([6, 1]) + bytes([1, 12]) + bytes(12)            # 16 bytes -> TCP
    packet = ipv6(hop_by_hop + dest_opts + seg, 0, "2001:db8::1", "2001:db8::2")
    v6 = whole(Ipv6Packet, packet)
    chain = v6.payload
    assert chain.is_extension_first and not chain.is_fragmented
    assert [h.header_type for h in chain.extension_headers] == [
        IpProtocol.IpProtocol.hopopt, IpProtocol.IpProtocol.ipv6_opts]
    assert [len(h.data) for h in chain.extension_headers] == [6, 14]
    assert chain.upper_layer_protocol == IpProtocol.IpProtocol.tcp
    assert chain.body.body.body == b"payload"
    fragment = bytes([6, 0, 0, 1, 0, 0, 0, 9])
    v6 = whole(Ipv6Packet, ipv6(fragment + seg, 44, "2001:db8::1", "2001:db8::2"))
    assert v6.payload.is_fragmented and v6.payload.fragment_data == seg


def test_ethernet_padding_is_not_payload_and_stacked_vlan_tags():
    packet = ipv4(udp(b"x", "10.0.0.1", "10.0.0.2", 1, 2), 17, "10.0.0.1", "10.0.0.2")
    inner = ethernet(packet, 0x0800, vlan_id=7)
    frame = inner[:12] + struct.pack(">HH", 0x88A8, 3) + inner[12:] + bytes(20)  # padding
    eth = whole(EthernetFrame, frame)
    assert [t.vlan_id for t in eth.vlan_tags] == [3, 7]
    assert eth.ether_type_or_tpid == EtherType.EtherType.service_vlan_tag
    assert eth.ether_type == EtherType.EtherType.ipv4
    assert eth.body.body.body.body == b"x"  # the 20 padding bytes are not UDP data


def test_pcapng_two_sections_of_both_byte_orders():
    out = io.BytesIO()
    writer = PcapngWriter(out, big_endian=True)
    writer.interface(1, tsresol=3, name=b"eth0")
    writer.interface(101, tsresol=0x80 | 10)
    packet = ipv4(tcp(b"ab", "10.0.0.1", "10.0.0.2", 1, 2, 0, 0, SYN), 6, "10.0.0.1", "10.0.0.2")
    writer.write(1.5, ethernet(packet, 0x0800))
    writer.write(2.0, packet, interface=1)
    writer.section(big_endian=False)
    writer.interface(101)
    writer.write(3.25, packet)
    p = whole(Pcapng, out.getvalue())
    heads = [(b.head.block_type, b.head.is_le) for b in p.blocks]
    B = Pcapng.BlockType
    assert heads == [(B.section_header, False), (B.interface_description, False),
                     (B.interface_description, False), (B.enhanced_packet, False),
                     (B.enhanced_packet, False), (B.section_header, True),
                     (B.interface_description, True), (B.enhanced_packet, True)]
    assert p.blocks[3].body.timestamp == 1500
    assert p.blocks[3].body.packet_data.body.body.body.body.body == b"ab"
    assert p.blocks[4].body.timestamp == 2 * 1024
    assert p.blocks[4].body.packet_data == packet   # interface 1: bytes in the spec
    assert p.blocks[7].body.packet_data.body.body.body.body.body == b"ab"


def test_crafted_capture_holds_exactly_the_frames_the_tool_sends():
    p = whole(Pcap, load("lo_crafted.pcap"))
    frames = [r._raw_data for r in p.records]
    assert frames == crafted_frames()
    assert all(r.header.incl_len == r.header.orig_len for r in p.records)


def test_pcapng_simple_packet_block():
    packet = ipv4(udp(b"spb", "10.0.0.1", "10.0.0.2", 1, 2), 17, "10.0.0.1", "10.0.0.2")
    frame = ethernet(packet, 0x0800)
    out = io.BytesIO()
    writer = PcapngWriter(out)
    writer.interface(1)
    writer.simple_packet(frame)
    writer.simple_packet(frame[:20], orig_len=len(frame))
    p = whole(Pcapng, out.getvalue())
    whole_spb, cut_spb = p.blocks[2].body, p.blocks[3].body
    assert p.blocks[2].head.block_type == Pcapng.BlockType.simple_packet
    assert whole_spb.original_packet_length == len(frame) == whole_spb.len_packet_data
    assert whole_spb.packet_data.body.body.body.body.body == b"spb"
    assert whole_spb._io.size() - 4 - whole_spb.len_packet_data == -len(frame) % 4  # padding
    assert cut_spb.original_packet_length == len(frame) and cut_spb.len_packet_data == 20
    assert cut_spb.packet_data == frame[:20]      # cut short: kept as bytes
