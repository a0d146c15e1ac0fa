"""The generated encapsulation classes of ksy/capture/, field by field, on built frames."""
from __future__ import annotations

import io
import struct

from kaitaistruct import KaitaiStream
from wirestruct.captures.writers.pcap_writer import ipv4, udp
from wirestruct.generated.capture.ip_packet import IpPacket
from wirestruct.generated.capture.ipv4_packet import Ipv4Packet
from wirestruct.generated.capture.ipv6_packet import Ipv6Packet
from wirestruct.generated.capture.link_frame import LinkFrame
from wirestruct.generated.capture.mpls_stack import MplsStack
from wirestruct.generated.capture.nflog import Nflog
from wirestruct.generated.capture.ppi_header import PpiHeader
from wirestruct.generated.capture.ppp_frame import PppFrame
from wirestruct.generated.capture.pppoe_session import PppoeSession
from wirestruct.generated.capture.udp_datagram import UdpDatagram

LT = LinkFrame.LinkType
DATAGRAM = ipv4(udp(b"hello", "10.0.0.1", "10.0.0.2", 5000, 4000), 17, "10.0.0.1", "10.0.0.2")
MACS = bytes(12)


def link(link_type: int, data: bytes):
    stream = KaitaiStream(io.BytesIO(data))
    obj = LinkFrame(link_type, stream)
    assert stream.is_eof()
    return obj.body


def test_pppoe_session_and_ppp():
    ppp = b"\x00\x21" + DATAGRAM
    frame = MACS + b"\x88\x64" + struct.pack(">BBHH", 0x11, 0, 0xBEEF, len(ppp)) + ppp + bytes(9)
    pppoe = link(LT.ethernet, frame).body
    assert type(pppoe) is PppoeSession
    assert (pppoe.version, pppoe.type, pppoe.code, pppoe.session_id, pppoe.len_payload) == (
        1, 1, 0, 0xBEEF, len(ppp))
    assert pppoe.body.protocol == PppFrame.Protocol.ipv4 and not pppoe.body.has_address_control
    assert pppoe.body.body.body.body.body == b"hello"   # ppp -> ipv4 -> ip_payload -> udp


def test_ppp_framings():
    full = link(LT.ppp_hdlc, b"\xff\x03\x00\x21" + DATAGRAM)
    assert full.has_address_control and full.address_control == b"\xff\x03"
    assert full.protocol == PppFrame.Protocol.ipv4 and type(full.body) is Ipv4Packet
    short = link(LT.ppp, b"\x21" + DATAGRAM)
    assert short.is_protocol_compressed and short.protocol == PppFrame.Protocol.ipv4
    lcp = link(LT.ppp, b"\xc0\x21\x01\x01\x00\x04")
    assert lcp.protocol == PppFrame.Protocol.lcp and lcp.body == b"\x01\x01\x00\x04"


def test_mpls_label_stack():
    entries = struct.pack(">II", (1000 << 12) | (5 << 9) | 64, (16 << 12) | (1 << 8) | 63)
    stack = link(LT.ethernet, MACS + b"\x88\x47" + entries + DATAGRAM).body
    assert type(stack) is MplsStack
    assert [(e.label, e.traffic_class, e.bottom_of_stack, e.ttl) for e in stack.labels] == [
        (1000, 5, False, 64), (16, 0, True, 63)]
    assert type(stack.body) is IpPacket and type(stack.body.body) is Ipv4Packet


def test_ppi_wrapping_ethernet():
    frame = MACS + b"\x08\x00" + DATAGRAM
    ppi = link(LT.ppi, struct.pack("<BBHI", 0, 1, 16, 1) + struct.pack("<HH", 2, 4) + bytes(4)
               + frame)
    assert type(ppi) is PpiHeader
    assert (ppi.version, ppi.flags, ppi.len_header) == (0, 1, 16)
    assert ppi.wrapped_link_type == PpiHeader.WrappedLinkType.ethernet
    [field] = ppi.fields.items
    assert (field.field_type, field.len_data, field.data) == (
        PpiHeader.FieldType.common_80211, 4, bytes(4))
    assert ppi.has_fcs is False                   # too short to hold the flags
    assert type(ppi.body.body) is Ipv4Packet


def test_nflog_attributes_and_payload():
    def tlv(kind, value):
        raw = struct.pack("<HH", 4 + len(value), kind) + value
        return raw + bytes(-len(raw) % 4)
    data = struct.pack(">BBH", 2, 0, 7) + tlv(10, b"game\x00") + tlv(9, DATAGRAM)
    record = link(LT.nflog, data)
    assert type(record) is Nflog
    assert (record.family, record.version, record.resource_id) == (Nflog.AddressFamily.inet, 0, 7)
    prefix, payload = record.attributes
    assert prefix.type == Nflog.AttributeType.prefix and prefix.value == b"game\x00"
    assert len(prefix.padding) == 3
    assert payload.type == Nflog.AttributeType.payload and type(payload.value.body) is Ipv4Packet


def test_raw_ip_old_link_type_numbers():
    for link_type in (12, 14, 101):
        assert type(link(link_type, DATAGRAM).body) is Ipv4Packet


def test_frames_cut_by_the_snapshot_length_keep_what_they_have():
    cut = DATAGRAM[:30]                        # IPv4 header, UDP header, 2 of the 5 bytes
    packet = link(LT.ipv4, cut)
    assert packet.is_cut and packet.len_body == 10 and packet.total_length == len(DATAGRAM)
    datagram = packet.body.body
    assert type(datagram) is UdpDatagram and datagram.is_cut and datagram.body == b"he"
    whole = link(LT.ipv4, DATAGRAM)
    assert not whole.is_cut and not whole.body.body.is_cut
    six = bytes.fromhex("60000000" "0010" "11" "40") + bytes(32) + udp(b"12345678", "::1", "::1",
                                                                        1, 2)
    cut6 = link(LT.ipv6, six[:50])
    assert type(cut6) is Ipv6Packet and cut6.is_cut and cut6.payload.body.body.body == b"12"
