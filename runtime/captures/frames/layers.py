"""A frame's layers down to TCP/UDP, parsed with the capture specs (``LinkFrame``: link
layer, encapsulations, IPv4/IPv6, TCP/UDP); what is not read is named as a tally kind.

Tunnels are followed to the packet inside: IP in IP (protocol 4 and 41: 6in4, 6to4,
IPv6 in IPv6, IPIP), whose inner packet is parsed with ``ip_packet`` (the IP specs cannot
import each other in a loop), and UDP to the ports of GTP-U (2152) and L2TP (1701),
parsed with ``gtp_u_packet`` and ``l2tp_packet`` when the datagram is one (a datagram
that does not parse as one stays a UDP datagram), at most ``MAX_TUNNELS`` deep.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import final

from wirestruct.captures.files.reading import Frame
from wirestruct.captures.frames.fastpath import Segment
from wirestruct.captures.frames.ip_fragments import FragmentKey
from wirestruct.core.errors import CaptureError, WirestructError
from wirestruct.core.parse import parse
from wirestruct.generated.capture.cisco_hdlc import CiscoHdlc
from wirestruct.generated.capture.ethernet_frame import EthernetFrame
from wirestruct.generated.capture.exported_pdu import ExportedPdu
from wirestruct.generated.capture.geneve_packet import GenevePacket
from wirestruct.generated.capture.gtp_u_packet import GtpUPacket
from wirestruct.generated.capture.ieee802_11_frame import Ieee80211Frame
from wirestruct.generated.capture.ip_packet import IpPacket
from wirestruct.generated.capture.ip_protocol import IpProtocol
from wirestruct.generated.capture.ipv4_packet import Ipv4Packet
from wirestruct.generated.capture.ipv6_packet import Ipv6Packet
from wirestruct.generated.capture.l2tp_packet import L2tpPacket
from wirestruct.generated.capture.link_frame import LinkFrame
from wirestruct.generated.capture.linux_netlink import LinuxNetlink
from wirestruct.generated.capture.linux_sll import LinuxSll
from wirestruct.generated.capture.linux_sll2 import LinuxSll2
from wirestruct.generated.capture.llc_snap import LlcSnap
from wirestruct.generated.capture.mpls_stack import MplsStack
from wirestruct.generated.capture.nflog import Nflog
from wirestruct.generated.capture.null_loopback import NullLoopback
from wirestruct.generated.capture.ppi_header import PpiHeader
from wirestruct.generated.capture.ppp_frame import PppFrame
from wirestruct.generated.capture.pppoe_session import PppoeSession
from wirestruct.generated.capture.radiotap_header import RadiotapHeader
from wirestruct.generated.capture.tcp_segment import TcpSegment
from wirestruct.generated.capture.udp_datagram import UdpDatagram
from wirestruct.generated.capture.vxlan_packet import VxlanPacket

Endpoint = tuple[bytes, int]   # (packed IP address, port)


@final
class Packet:
    """A TCP segment or UDP datagram with its endpoints (``segment`` is a generated
    TcpSegment/UdpDatagram or a :class:`.fastpath.Segment`, which have the same names)."""

    __slots__ = ("src", "dst", "segment", "udp", "to_server")

    def __init__(self, src: Endpoint, dst: Endpoint,
                 segment: TcpSegment | UdpDatagram | Segment, udp: bool,
                 to_server: bool | None = None) -> None:
        self.src = src
        self.dst = dst
        self.segment = segment
        self.udp = udp
        self.to_server = to_server   #: the direction, where the frame says it


@final
@dataclass(frozen=True, slots=True)
class Fragment:
    """One fragment of a fragmented TCP/UDP datagram (IPv4, or IPv6 Fragment header)."""

    key: FragmentKey
    protocol: object        # IpProtocol member, for routing the reassembled payload
    offset: int             # bytes
    more: bool
    data: bytes
    len_header: int         # IPv4 header; IPv6 extension headers up to the Fragment one


def _unwrap_nflog(record: Nflog):
    for attribute in record.attributes:
        if attribute.type == _NFLOG_PAYLOAD:
            return attribute.value
    return None


def _unwrap_netlink(frame: LinuxNetlink):
    """The first netfilter log message's record (one packet a frame)."""
    for message in frame.messages:
        if message.is_log_packet:
            return message.body
    return None


#: Layers that wrap the network layer: class -> the layer inside (None or bytes: not read).
_INNER = {
    EthernetFrame: lambda layer: layer.body,
    LinuxSll: lambda layer: layer.body,
    LinuxSll2: lambda layer: layer.body,
    IpPacket: lambda layer: layer.body,
    NullLoopback: lambda layer: layer.body,
    PppoeSession: lambda layer: layer.body,
    PppFrame: lambda layer: layer.body,
    MplsStack: lambda layer: layer.body,
    PpiHeader: lambda layer: layer.body,
    Nflog: _unwrap_nflog,
    CiscoHdlc: lambda layer: layer.body,
    RadiotapHeader: lambda layer: layer.body,
    Ieee80211Frame: lambda layer: layer.body,
    LlcSnap: lambda layer: layer.body,
    LinuxNetlink: _unwrap_netlink,
    GtpUPacket: lambda layer: layer.body,
    L2tpPacket: lambda layer: layer.body,
    VxlanPacket: lambda layer: layer.body,
    GenevePacket: lambda layer: layer.body,
}
_NFLOG_PAYLOAD = Nflog.AttributeType.payload


def _named(value, width: int = 4) -> str:
    """An enum member (or the int Kaitai keeps for unknown values) as "0x0806 (arp)"."""
    number = getattr(value, "value", value)
    name = getattr(value, "name", "unknown")
    return f"0x{number:0{width}x} ({name})"


def _not_read(layer, frame: Frame) -> str:
    """What a frame whose network layer is not read carries, as a tally kind."""
    if isinstance(layer, EthernetFrame):
        return f"EtherType {_named(layer.ether_type)}"
    if isinstance(layer, LinuxSll2):
        return f"EtherType {_named(layer.protocol)}"
    if isinstance(layer, LinuxSll):
        return f"Linux cooked protocol {_named(layer.protocol)}"
    if isinstance(layer, PppFrame):
        return f"PPP protocol {_named(layer.protocol)}"
    if isinstance(layer, PpiHeader):
        wrapped = layer.wrapped_link_type
        return f"PPI-wrapped link type {getattr(wrapped, 'value', wrapped)}"
    if isinstance(layer, IpPacket):
        return f"IP version {layer.version} (neither IPv4 nor IPv6)"
    if isinstance(layer, Nflog):
        return "NFLOG records without an IP payload"
    if isinstance(layer, CiscoHdlc):
        return f"Cisco HDLC protocol {_named(layer.protocol)}"
    if isinstance(layer, Ieee80211Frame):
        return _wifi_kind(layer)
    if isinstance(layer, LlcSnap):
        return (f"LLC/SNAP EtherType {_named(layer.protocol)}" if layer.is_snap
                else f"LLC DSAP 0x{layer.dsap:02x}")
    if isinstance(layer, LinuxNetlink):
        return f"netlink messages of family {_named(layer.family)} without a logged packet"
    if isinstance(layer, GtpUPacket):
        return f"GTP-U message type {_named(layer.message_type, 2)}"
    if isinstance(layer, L2tpPacket):
        return ("L2TP control messages" if layer.is_control
                else f"L2TP version {layer.version} messages")
    if isinstance(layer, GenevePacket):
        return f"Geneve protocol type {_named(layer.protocol_type)}"
    return f"link type {frame.link_type}"


def _wifi_kind(frame: Ieee80211Frame) -> str:
    if not frame.is_data:
        return f"802.11 {frame.frame_type.name if hasattr(frame.frame_type, 'name') else ''} frames"
    if frame.is_protected:
        return "802.11 encrypted data frames"
    return f"802.11 data frames of subtype {frame.subtype} without an LLC/SNAP body"


def _link_kind(link_type: int) -> str:
    try:
        return f"link type {link_type} ({LinkFrame.LinkType(link_type).name})"
    except ValueError:
        return f"link type {link_type}"


#: Tunnels followed inside one frame at most (each parses its own layers).
MAX_TUNNELS = 4
#: UDP ports whose datagrams are tried as a tunnel: port -> its spec.
TUNNEL_PORTS = {2152: GtpUPacket, 1701: L2tpPacket, 4789: VxlanPacket, 6081: GenevePacket}
_IP_IN_IP = (IpProtocol.IpProtocol.ipv4_encapsulation, IpProtocol.IpProtocol.ipv6_encapsulation)


def tunnel_datagram(src_port: int, dst_port: int) -> bool:
    """Whether a UDP datagram between these ports is tried as a tunnel (the fast path,
    which reads it as UDP, leaves it to :func:`decode`)."""
    return src_port in TUNNEL_PORTS or dst_port in TUNNEL_PORTS


def decode(frame: Frame, max_objects: int | None = None) -> Packet | Fragment | str:
    """Parse the frame down to TCP/UDP (building at most ``max_objects`` structures each
    time a layer is parsed); for anything else, the kind of frame it is."""
    layer = parse(LinkFrame, frame.data, frame.link_type, packet_name=f"frame {frame.number}",
                  offset_base=frame.offset, max_objects=max_objects).body
    if type(layer) is bytes:
        return _link_kind(frame.link_type)
    if type(layer) is ExportedPdu:
        return _exported(layer)
    for _ in range(MAX_TUNNELS + 1):
        layer = _down_to_ip(layer, frame)
        if type(layer) is str:
            return layer
        found = _network(layer, frame)
        if type(found) is Packet and found.udp:
            inner = _udp_tunnel(found, frame, max_objects)
            if inner is None:
                return found
            layer = inner
        elif isinstance(found, bytes):      # IP in IP
            layer = parse(IpPacket, found, packet_name=f"frame {frame.number}, inner packet",
                          max_objects=max_objects)
        else:
            return found
    return f"tunnels nested more than {MAX_TUNNELS} deep"


_PDU = ExportedPdu.TagType


def _exported(pdu: ExportedPdu) -> Packet | str:
    """An exported PDU as a datagram of its connection: the endpoints and direction its
    options give (one message a frame)."""
    found = {tag.tag_type: tag for tag in pdu.tags}
    src = found.get(_PDU.ipv4_src) or found.get(_PDU.ipv6_src)
    dst = found.get(_PDU.ipv4_dst) or found.get(_PDU.ipv6_dst)
    ports = found.get(_PDU.src_port), found.get(_PDU.dst_port)
    if src is None or dst is None or ports[0] is None or ports[1] is None:
        return "exported PDUs without the addresses and ports of their connection"
    direction = found.get(_PDU.p2p_direction)
    to_server = None if direction is None or direction.as_u4 > 1 else direction.as_u4 == 0
    sport, dport = ports[0].as_u4, ports[1].as_u4
    if sport > 0xFFFF or dport > 0xFFFF:      # 32 bits on the wire; a port has 16
        return "exported PDUs with a port beyond 65535"
    return Packet((src.value, sport), (dst.value, dport),
                  Segment(sport, dport, 0, 0, 0, pdu.body), True, to_server)


def _down_to_ip(layer, frame: Frame):
    """Through the layers that wrap the network layer, to IPv4/IPv6 (or a tally kind)."""
    cls = type(layer)
    if cls is str:
        return layer
    while cls is not Ipv4Packet and cls is not Ipv6Packet:
        inner = _INNER.get(cls)
        nxt = inner(layer) if inner is not None else None
        if nxt is None or type(nxt) is bytes:
            return _not_read(layer, frame)
        layer = nxt
        cls = type(layer)
    return layer


def _network(layer: Ipv4Packet | Ipv6Packet, frame: Frame) -> Packet | Fragment | str | bytes:
    """An IP packet: its TCP/UDP packet, its fragment, the packet inside when it is IP in
    IP (bytes), or a tally kind."""
    if layer.is_cut and frame.orig_len <= len(frame.data):
        raise CaptureError(f"frame {frame.number}: the IP header claims more bytes than the "
                           "frame holds", offset=frame.offset,
                           expected=f"at most {len(frame.data)} bytes in the frame")
    if type(layer) is Ipv4Packet:
        if layer.is_fragment:
            protocol = layer.protocol
            if protocol not in _TRANSPORTS:
                return f"IPv4 protocol {_named(protocol, 2)}"
            if layer.is_cut:
                return "IPv4 fragments cut by the snapshot length"
            return Fragment((layer.src_addr, layer.dst_addr, layer.identification,
                              getattr(protocol, "value", protocol)), protocol,
                             layer.fragment_offset * 8, layer.more_fragments,
                             layer.fragment_data, layer.len_header)
        protocol, payload = layer.protocol, layer.body.body
    else:
        chain = layer.payload
        if chain.is_fragmented:
            return _ipv6_fragment(layer, chain)
        protocol, payload = chain.upper_layer_protocol, chain.body.body
    if type(payload) is bytes and protocol in _IP_IN_IP and not layer.is_cut:
        return payload
    return _transport(layer, payload)


def _udp_tunnel(packet: Packet, frame: Frame, max_objects: int | None):
    """The IP layer inside a GTP-U or L2TP datagram, a tally kind for one of their other
    messages, or None: not a tunnel (the datagram is read as UDP)."""
    segment = packet.segment
    spec = TUNNEL_PORTS.get(segment.dst_port) or TUNNEL_PORTS.get(segment.src_port)
    if spec is None:
        return None
    try:
        tunnel = parse(spec, segment.body, packet_name=f"frame {frame.number}, tunnel",
                       max_objects=max_objects)
    except WirestructError:
        return None
    return _down_to_ip(tunnel, frame)


_TRANSPORTS = (IpProtocol.IpProtocol.tcp, IpProtocol.IpProtocol.udp)


def _ipv6_fragment(ip: Ipv6Packet, chain) -> Fragment | str:
    """An IPv6 packet with a Fragment header (RFC 8200 section 4.5) last in its chain."""
    header = chain.extension_headers[-1]
    protocol = header.next_header
    if protocol not in _TRANSPORTS:
        return f"IPv6 fragments of protocol {_named(protocol, 2)}"
    if ip.is_cut:
        return "IPv6 fragments cut by the snapshot length"
    field = int.from_bytes(header.data[0:2], "big")
    ident = int.from_bytes(header.data[2:6], "big")
    data = chain.fragment_data
    return Fragment((ip.src_addr, ip.dst_addr, ident, getattr(protocol, "value", protocol)),
                     protocol, field & 0xFFF8, bool(field & 1), data,
                     chain._io.size() - len(data))


def _transport(ip: Ipv4Packet | Ipv6Packet, payload) -> Packet | str:
    cls = type(payload)
    if cls is TcpSegment or cls is UdpDatagram:
        if cls is UdpDatagram and payload.is_cut:
            if not ip.is_cut:
                raise CaptureError("the UDP Length claims more bytes than the IP packet holds",
                                   expected=f"at most {len(payload.body) + 8} bytes")
            return "UDP datagrams cut by the snapshot length"
        return Packet((ip.src_addr, payload.src_port), (ip.dst_addr, payload.dst_port),
                       payload, cls is UdpDatagram)
    protocol = ip.protocol if type(ip) is Ipv4Packet else ip.payload.upper_layer_protocol
    return f"IP protocol {_named(protocol, 2)}"


#: The tally kind of the bytes a snapshot length cut from TCP segments.
CUT = ("bytes of TCP segments cut by the snapshot length (missing from the stream: a gap "
        "when later bytes arrive)")
