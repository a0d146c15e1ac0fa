"""The common frame layouts read with precompiled ``struct`` formats.

Most captured frames are Ethernet (perhaps VLAN-tagged), Linux cooked v1/v2, BSD
loopback or raw IP around a whole IPv4 packet or an IPv6 packet without extension
headers, around TCP or UDP. :func:`decode_frame` reads exactly those with the formats of
:data:`LAYOUTS`, whose byte offsets, sizes and byte order are the ``seq`` of the capture
specs in ``ksy/capture/`` (a test holds each format against its spec); the enum values
it routes on (link types, EtherTypes, IP protocols) come from the generated classes.

Anything else returns ``None`` and the frame takes the generated classes: other link
types and EtherTypes, IP options that make a header longer than the frame, IPv4
fragments, IPv6 extension headers, lengths that lie, frames cut by the snapshot length,
TCP data offsets past the segment, every frame the generated classes would reject. The
two paths give the same records and errors (``tests/captures/test_fastpath.py``).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass

from wirestruct.generated.capture.ether_type import EtherType
from wirestruct.generated.capture.ip_protocol import IpProtocol
from wirestruct.generated.capture.link_frame import LinkFrame

__all__ = ["Layout", "LAYOUTS", "Segment", "decode_frame", "record_header", "MOST_OBJECTS"]

Endpoint = tuple[bytes, int]


@dataclass(frozen=True)
class Layout:
    """A fixed-size header of a capture spec as one ``struct`` format.

    ``fields`` names, per format item, the spec's ``seq`` ids it covers (several for bit
    fields packed into one integer); ``spec`` is ``file`` or ``file::type``."""

    spec: str
    fmt: str
    fields: tuple[tuple[str, ...], ...]

    @property
    def size(self) -> int:
        return struct.calcsize(self.fmt)


LAYOUTS = {
    "pcap_record_le": Layout("pcap::record_header", "<IIII",
                             (("ts_sec",), ("ts_frac",), ("incl_len",), ("orig_len",))),
    "pcap_record_be": Layout("pcap::record_header", ">IIII",
                             (("ts_sec",), ("ts_frac",), ("incl_len",), ("orig_len",))),
    "pcapng_epb_le": Layout("pcapng::enhanced_packet_block", "<IIIII",
                            (("interface_id",), ("timestamp_high",), ("timestamp_low",),
                             ("len_packet_data",), ("original_packet_length",))),
    "pcapng_epb_be": Layout("pcapng::enhanced_packet_block", ">IIIII",
                            (("interface_id",), ("timestamp_high",), ("timestamp_low",),
                             ("len_packet_data",), ("original_packet_length",))),
    "ethernet": Layout("ethernet_frame", ">6s6sH",
                       (("dst_mac",), ("src_mac",), ("ether_type_or_tpid",))),
    "vlan_tag": Layout("ethernet_frame::vlan_tag", ">HH",
                       (("priority", "drop_eligible", "vlan_id"), ("ether_type",))),
    "linux_sll": Layout("linux_sll", ">HHH8sH",
                        (("packet_type",), ("arphrd_type",), ("len_addr",), ("addr",),
                         ("protocol",))),
    "linux_sll2": Layout("linux_sll2", ">HHIHBB8s",
                         (("protocol",), ("reserved",), ("interface_index",), ("arphrd_type",),
                          ("packet_type",), ("len_addr",), ("addr",))),
    "null_loopback": Layout("null_loopback", "<4s", (("family_bytes",),)),
    "ipv4": Layout("ipv4_packet", ">BBHHHBBH4s4s",
                   (("version", "ihl"), ("dscp", "ecn"), ("total_length",), ("identification",),
                    ("reserved", "dont_fragment", "more_fragments", "fragment_offset"),
                    ("ttl",), ("protocol",), ("header_checksum",), ("src_addr",),
                    ("dst_addr",))),
    "ipv6": Layout("ipv6_packet", ">IHBB16s16s",
                   (("version", "traffic_class", "flow_label"), ("payload_length",),
                    ("next_header",), ("hop_limit",), ("src_addr",), ("dst_addr",))),
    "tcp": Layout("tcp_segment", ">HHIIBBHHH",
                  (("src_port",), ("dst_port",), ("seq_num",), ("ack_num",),
                   ("data_offset", "reserved"),
                   ("cwr", "ece", "urg", "ack", "psh", "rst", "syn", "fin"),
                   ("window",), ("checksum",), ("urgent_pointer",))),
    "udp": Layout("udp_datagram", ">HHHH",
                  (("src_port",), ("dst_port",), ("length",), ("checksum",))),
}


def _unpack(name: str):
    return struct.Struct(LAYOUTS[name].fmt).unpack_from


_PCAP_RECORD = {True: struct.Struct(LAYOUTS["pcap_record_le"].fmt),
                False: struct.Struct(LAYOUTS["pcap_record_be"].fmt)}
_EPB = {True: struct.Struct(LAYOUTS["pcapng_epb_le"].fmt),
        False: struct.Struct(LAYOUTS["pcapng_epb_be"].fmt)}


def record_header(is_le: bool) -> struct.Struct:
    """The pcap record header (ts_sec, ts_frac, incl_len, orig_len) in the file's order."""
    return _PCAP_RECORD[is_le]


def enhanced_packet(is_le: bool) -> struct.Struct:
    """The fixed part of a pcapng Enhanced Packet Block body, in the section's order."""
    return _EPB[is_le]


class Segment:
    """The TCP or UDP header fields the flows read, and the segment's data.

    The same names as :class:`~wirestruct.generated.capture.tcp_segment.TcpSegment` (UDP:
    ports and ``body``; the flags are False)."""

    __slots__ = ("src_port", "dst_port", "seq_num", "ack_num", "ack", "rst", "syn", "fin",
                 "body")

    def __init__(self, src_port: int, dst_port: int, seq_num: int, ack_num: int, flags: int,
                 body: bytes) -> None:
        self.src_port = src_port
        self.dst_port = dst_port
        self.seq_num = seq_num
        self.ack_num = ack_num
        self.ack = bool(flags & 0x10)
        self.rst = bool(flags & 0x04)
        self.syn = bool(flags & 0x02)
        self.fin = bool(flags & 0x01)
        self.body = body


# What the frames route on, as the specs' enums define it.
_LINK = LinkFrame.LinkType
_ETHERNET = _LINK.ethernet.value
_LINUX_SLL = _LINK.linux_sll.value
_LINUX_SLL2 = _LINK.linux_sll2.value
_LOOPBACK = (_LINK.null_loopback.value, _LINK.loop.value)
_RAW_IP = (_LINK.raw.value, _LINK.raw_dlt12.value, _LINK.raw_dlt14.value)
_RAW_IPV4 = _LINK.ipv4.value
_RAW_IPV6 = _LINK.ipv6.value
_ET = EtherType.EtherType
_IPV4 = _ET.ipv4.value
_IPV6 = _ET.ipv6.value
_TPIDS = frozenset((_ET.vlan_tag.value, _ET.service_vlan_tag.value, _ET.legacy_vlan_tag.value))
_TCP = IpProtocol.IpProtocol.tcp.value
_UDP = IpProtocol.IpProtocol.udp.value

#: VLAN tags a frame of the fast path may carry (more take the generated classes, which
#: count every tag against limits.max_items_per_record).
MAX_TAGS = 16
#: The most objects the generated classes build for a frame the fast path reads (link
#: frame, link layer, the tags, IP, its payload chain and payload router, TCP/UDP): the
#: fast path is used only when limits.max_items_per_record allows as many, so the two
#: ways agree under every limit.
MOST_OBJECTS = MAX_TAGS + 8

_ETHERNET_SIZE = LAYOUTS["ethernet"].size
_VLAN_SIZE = LAYOUTS["vlan_tag"].size
_SLL_SIZE = LAYOUTS["linux_sll"].size
_SLL2_SIZE = LAYOUTS["linux_sll2"].size
_LOOPBACK_SIZE = LAYOUTS["null_loopback"].size
_IPV4_SIZE = LAYOUTS["ipv4"].size
_IPV6_SIZE = LAYOUTS["ipv6"].size
_TCP_SIZE = LAYOUTS["tcp"].size
_UDP_SIZE = LAYOUTS["udp"].size

_ethernet = _unpack("ethernet")
_vlan_tag = _unpack("vlan_tag")
_linux_sll = _unpack("linux_sll")
_linux_sll2 = _unpack("linux_sll2")
_ipv4 = _unpack("ipv4")
_ipv6 = _unpack("ipv6")
_tcp = _unpack("tcp")
_udp = _unpack("udp")

Decoded = tuple[Endpoint, Endpoint, Segment, bool]   # src, dst, segment, is UDP


def decode_frame(data: bytes, link_type: int) -> Decoded | None:
    """A whole frame (not cut by the snapshot length) of a common layout, down to TCP/UDP;
    ``None`` for anything else (the generated classes then read it)."""
    size = len(data)
    if link_type == _ETHERNET:
        if size < _ETHERNET_SIZE:
            return None
        ether_type = _ethernet(data)[2]
        start = _ETHERNET_SIZE
        while ether_type in _TPIDS:
            if size < start + _VLAN_SIZE or start >= _ETHERNET_SIZE + MAX_TAGS * _VLAN_SIZE:
                return None
            ether_type = _vlan_tag(data, start)[1]
            start += _VLAN_SIZE
    elif link_type == _LINUX_SLL:
        if size < _SLL_SIZE:
            return None
        ether_type = _linux_sll(data)[4]
        start = _SLL_SIZE
    elif link_type == _LINUX_SLL2:
        if size < _SLL2_SIZE:
            return None
        ether_type = _linux_sll2(data)[0]
        start = _SLL2_SIZE
    else:
        if link_type in _RAW_IP:
            start = 0
        elif link_type in _LOOPBACK:
            start = _LOOPBACK_SIZE
        elif link_type == _RAW_IPV4:
            return _ip4(data, 0, size) if size else None
        elif link_type == _RAW_IPV6:
            return _ip6(data, 0, size) if size else None
        else:
            return None
        if size <= start:
            return None
        version = data[start] >> 4      # ip_packet: routed by the first nibble
        if version == 4:
            return _ip4(data, start, size)
        if version == 6:
            return _ip6(data, start, size)
        return None
    if ether_type == _IPV4:
        return _ip4(data, start, size)
    if ether_type == _IPV6:
        return _ip6(data, start, size)
    return None


def _ip4(data: bytes, start: int, end: int) -> Decoded | None:
    if end - start < _IPV4_SIZE:
        return None
    version_ihl, _, total_length, _, fragment, _, protocol, _, src, dst = _ipv4(data, start)
    len_header = (version_ihl & 0x0F) * 4
    if total_length == 0:               # segmentation offload: the packet is the frame
        total_length = end - start
    if (version_ihl >> 4 != 4 or len_header < _IPV4_SIZE or total_length < len_header
            or total_length > end - start or fragment & 0x3FFF):
        return None     # not IPv4, bad lengths, cut by the snapshot length, or a fragment
    return _transport(data, start + len_header, start + total_length, protocol, src, dst)


def _ip6(data: bytes, start: int, end: int) -> Decoded | None:
    if end - start < _IPV6_SIZE:
        return None
    first, payload_length, next_header, _, src, dst = _ipv6(data, start)
    if first >> 28 != 6 or payload_length > end - start - _IPV6_SIZE:
        return None     # not IPv6, or cut by the snapshot length
    begin = start + _IPV6_SIZE
    return _transport(data, begin, begin + payload_length, next_header, src, dst)


def _transport(data: bytes, start: int, end: int, protocol: int, src: bytes, dst: bytes
               ) -> Decoded | None:
    if protocol == _TCP:
        if end - start < _TCP_SIZE:
            return None
        src_port, dst_port, seq_num, ack_num, offset, flags, _, _, _ = _tcp(data, start)
        len_header = (offset >> 4) * 4
        if len_header < _TCP_SIZE or len_header > end - start:
            return None
        segment = Segment(src_port, dst_port, seq_num, ack_num, flags,
                          data[start + len_header:end])
        return (src, src_port), (dst, dst_port), segment, False
    if protocol == _UDP:
        if end - start < _UDP_SIZE:
            return None
        src_port, dst_port, length, _ = _udp(data, start)
        if length < _UDP_SIZE or length > end - start:
            return None     # a lying length, or a datagram cut by the snapshot length
        segment = Segment(src_port, dst_port, 0, 0, 0, data[start + _UDP_SIZE:start + length])
        return (src, src_port), (dst, dst_port), segment, True
    return None             # another protocol, or an IPv6 extension header


# The commonest frame of all, in one call: Ethernet without VLAN tags, IPv4 without
# options and not a fragment, TCP. The same formats and checks as decode_frame (a test
# holds the two equal on every frame of the test captures and on mutated ones).
_ETHER_IPV4 = _IPV4.to_bytes(2, "big")
_TCP_AT = _ETHERNET_SIZE + _IPV4_SIZE
_IPV4_PLAIN = (4 << 4) | (_IPV4_SIZE // 4)      # version 4, no options
_ethernet_ipv4_tcp = struct.Struct(
    ">" + LAYOUTS["ipv4"].fmt[1:] + LAYOUTS["tcp"].fmt[1:]).unpack_from
_CLOSING = 0x17         # FIN, SYN, RST, ACK: only ACK may be set for plain data

TcpData = tuple[bytes, int, bytes, int, int, int, bytes]


def ethernet_ipv4_tcp_data(data: bytes) -> TcpData | None:
    """A frame of Ethernet + IPv4 (no options, not a fragment) + TCP with only the ACK of
    the four flags FIN, SYN, RST, ACK, carrying data: ``(src address, src port, dst
    address, dst port, seq, ack, payload)``, exactly what :func:`decode_frame` gives for
    it. ``None`` for every other frame (take :func:`decode_frame` then)."""
    if data[12:14] != _ETHER_IPV4 or len(data) < _TCP_AT + _TCP_SIZE:
        return None
    (version_ihl, _, total_length, _, fragment, _, protocol, _, src, dst,
     src_port, dst_port, seq_num, ack_num, offset, flags, _, _, _) = _ethernet_ipv4_tcp(
        data, _ETHERNET_SIZE)
    end = _ETHERNET_SIZE + total_length
    begin = _TCP_AT + (offset >> 4) * 4
    if (version_ihl != _IPV4_PLAIN or protocol != _TCP or fragment & 0x3FFF
            or flags & _CLOSING != 0x10 or end > len(data) or offset < 0x50
            or begin >= end):
        return None
    return src, src_port, dst, dst_port, seq_num, ack_num, data[begin:end]
