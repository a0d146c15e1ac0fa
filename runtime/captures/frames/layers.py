"""A frame's layers down to TCP/UDP, parsed with the capture specs (``LinkFrame``: link
layer, encapsulations, IPv4/IPv6, TCP/UDP); what is not read is named as a tally kind.

Tunnels are followed to the packet inside: IP in IP (protocol 4 and 41: 6in4, 6to4,
IPv6 in IPv6, IPIP), whose inner packet is parsed with ``ip_packet`` (the IP specs cannot
import each other in a loop), and UDP to the ports of GTP-U (2152), L2TP (1701),
VXLAN (4789) and Geneve (6081), parsed with their specs (a datagram to one of these ports
that does not parse as its tunnel is an error for that frame alone), at most
``MAX_TUNNELS`` deep. A tunnel's outer datagram that came in IP fragments takes the same
way once reassembled (:func:`reassembled`).

Exported PDUs (link type 252) are datagrams of the connection their tags name; only
those naming one of the dissectors the reader asks for are read (by default all), the
others and those whose connection tags have the wrong lengths are tally kinds.
"""
from __future__ import annotations

import re
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
from wirestruct.generated.capture.ip_payload import IpPayload
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


@final
@dataclass(frozen=True, slots=True)
class Batch:
    """The packets of a frame that carries several: a netlink frame's netfilter log
    messages, each read as a frame of its own would be. ``items``: per message, what it
    gives (a packet, a fragment, a tally kind, or the error that lost it) and the
    message's size in bytes; ``rest``: the bytes after the last whole message, not read."""

    items: tuple[tuple[Packet | Fragment | str | WirestructError, int], ...]
    rest: int


#: The tally kind of the netlink messages of a frame that also logs packets.
NETLINK_OTHER = "netlink messages other than logged packets, beside logged ones"
#: The unit the messages of a netlink frame are counted in.
NETLINK_UNIT = "netlink messages"


def _netlink(frame: LinuxNetlink, outer: Frame, max_objects: int | None
             ) -> Packet | Fragment | Batch | str:
    """Every message of a netlink frame: each netfilter log message's packet, the other
    messages as a tally kind (a frame without a logged packet is one frame of a kind, a
    frame of one logged packet is that packet)."""
    messages = getattr(frame, "messages", None) or []
    logged = [m for m in messages if m.is_log_packet]
    # a message that is not whole ends the messages: its header and what follows are lost
    rest = len(frame.rest) + (16 if messages and not messages[-1].is_whole else 0)
    if not logged:
        if rest:
            return _netlink_rest(frame, messages)
        return _not_read(frame, outer)
    items: list[tuple[Packet | Fragment | str | WirestructError, int]] = []
    for message in messages:
        size = message.len_message + message.len_padding if message.is_whole else 0
        if message.is_log_packet:
            try:
                got: Packet | Fragment | str | WirestructError = _inward(
                    message.body, None, outer, max_objects)
            except WirestructError as exc:
                got = exc
            items.append((got, size))
        elif message.is_whole:
            items.append((NETLINK_OTHER, size))
    if len(items) == 1 and not rest:       # one message: the frame is its packet
        got = items[0][0]
        if isinstance(got, WirestructError):
            raise got
        return got
    return Batch(tuple(items), rest)


def _netlink_rest(frame: LinuxNetlink, messages) -> str:
    """The tally kind of a netlink frame without a logged packet that ends in bytes that
    are not a whole message (tshark shows the messages before them)."""
    return (f"netlink messages of family {_named(frame.family)} without a logged packet, "
            "ending in a message whose length is shorter than its header or past the frame")


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
    if frame.protocol_version != 0:
        return f"802.11 frames of protocol version {frame.protocol_version}"
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
TUNNEL_NAMES = {2152: "GTP-U", 1701: "L2TP", 4789: "VXLAN", 6081: "Geneve"}
_IP_IN_IP = (IpProtocol.IpProtocol.ipv4_encapsulation, IpProtocol.IpProtocol.ipv6_encapsulation)


def tunnel_datagram(src_port: int, dst_port: int) -> bool:
    """Whether a UDP datagram between these ports is tried as a tunnel (the fast path,
    which reads it as UDP, leaves it to :func:`decode`)."""
    return src_port in TUNNEL_PORTS or dst_port in TUNNEL_PORTS


def decode(frame: Frame, max_objects: int | None = None,
           dissectors: frozenset[bytes] | None = None) -> Packet | Fragment | Batch | str:
    """Parse the frame down to TCP/UDP (building at most ``max_objects`` structures each
    time a layer is parsed); for anything else, the kind of frame it is. ``dissectors``:
    the dissector names of the exported PDUs that are read (None: all of them)."""
    layer = parse(LinkFrame, frame.data, frame.link_type, packet_name=f"frame {frame.number}",
                  offset_base=frame.offset, max_objects=max_objects).body
    if type(layer) is bytes:
        return _link_kind(frame.link_type)
    if type(layer) is ExportedPdu:
        return _exported(layer, dissectors)
    if type(layer) is LinuxNetlink:
        return _netlink(layer, frame, max_objects)
    return _inward(layer, None, frame, max_objects)


def _inward(layer, found, frame: Frame, max_objects: int | None) -> Packet | Fragment | str:
    """From a layer (or, when ``found`` is given, from what an IP packet carries) inward,
    through at most ``MAX_TUNNELS`` tunnels, to TCP/UDP, a fragment or a tally kind."""
    for _ in range(MAX_TUNNELS + 1):
        if found is None:
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
        found = None
    return f"tunnels nested more than {MAX_TUNNELS} deep"


def reassembled(fragment: Fragment, data: bytes, frame: Frame,
                max_objects: int | None = None) -> Packet | Fragment | str:
    """A datagram made whole from its fragments (``data``: its payload), the way an
    unfragmented packet goes: its TCP/UDP packet or, for a tunnel's datagram (UDP to a
    tunnel port, IP in IP), what the tunnel carries. Raises WirestructError when it does
    not parse."""
    name = f"reassembled datagram ending in frame {frame.number}"
    if fragment.protocol in _IP_IN_IP:
        return _inward(parse(IpPacket, data, packet_name=name, max_objects=max_objects),
                       None, frame, max_objects)
    segment = parse(IpPayload, data, fragment.protocol, packet_name=name,
                    max_objects=max_objects).body
    src, dst = fragment.key[0], fragment.key[1]
    packet = Packet((src, segment.src_port), (dst, segment.dst_port), segment,
                    type(segment) is UdpDatagram)
    if not packet.udp:
        return packet
    return _inward(None, packet, frame, max_objects)


_PDU = ExportedPdu.TagType


#: Exported-PDU tags of the connection, and the length each must have.
_TAG_SIZES = {_PDU.ipv4_src: 4, _PDU.ipv4_dst: 4, _PDU.ipv6_src: 16, _PDU.ipv6_dst: 16,
              _PDU.src_port: 4, _PDU.dst_port: 4}
_DISSECTOR_NAME = re.compile(rb"[A-Za-z0-9_.\-]{1,64}")


def _dissector_kind(tag) -> tuple[bytes | None, str]:
    """The dissector an exported PDU names (None: no name tag), and the tally kind of the
    PDUs that name it when it is not the protocol's."""
    if tag is None:
        return None, "exported PDUs naming no dissector"
    name = bytes(tag.value).rstrip(b"\x00")
    if not _DISSECTOR_NAME.fullmatch(name):
        return name, "exported PDUs whose dissector name is not a dissector's name"
    return name, f"exported PDUs for the dissector {name.decode('ascii')!r}"


def _exported(pdu: ExportedPdu, dissectors: frozenset[bytes] | None = None) -> Packet | str:
    """An exported PDU as a datagram of its connection: the endpoints and direction its
    options give (one message a frame). Only PDUs naming one of ``dissectors`` are read
    (None: every one); the others, and PDUs whose connection tags do not have their
    lengths, are tally kinds."""
    found = {tag.tag_type: tag for tag in pdu.tags}
    if dissectors is not None:
        name, kind = _dissector_kind(found.get(_PDU.dissector_name))
        if name not in dissectors:
            return kind
    for tag_type, size in _TAG_SIZES.items():
        tag = found.get(tag_type)
        if tag is not None and tag.len_value != size:
            return f"exported PDUs whose {tag_type.name} tag is not {size} bytes long"
    src = found.get(_PDU.ipv4_src) or found.get(_PDU.ipv6_src)
    dst = found.get(_PDU.ipv4_dst) or found.get(_PDU.ipv6_dst)
    ports = found.get(_PDU.src_port), found.get(_PDU.dst_port)
    if src is None or dst is None or ports[0] is None or ports[1] is None:
        return "exported PDUs without the addresses and ports of their connection"
    if len(src.value) != len(dst.value):
        return "exported PDUs whose source and destination are of different IP versions"
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
            if protocol not in _TRANSPORTS and protocol not in _IP_IN_IP:
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
    """The IP layer inside a tunnel's datagram, a tally kind for one of their other
    messages, or None: not a tunnel's port (the datagram is read as UDP). A datagram to a
    tunnel's port that does not parse as the tunnel (a length that lies, a version that is
    not the tunnel's) raises a CaptureError: that frame is lost, not the tunnel."""
    segment = packet.segment
    port = segment.dst_port if segment.dst_port in TUNNEL_PORTS else segment.src_port
    spec = TUNNEL_PORTS.get(port)
    if spec is None:
        return None
    try:
        tunnel = parse(spec, segment.body, packet_name=f"frame {frame.number}, tunnel",
                       max_objects=max_objects)
    except WirestructError as exc:
        name = TUNNEL_NAMES[port]
        raise CaptureError(f"its {len(segment.body)}-byte {name} datagram (UDP port {port}) "
                           f"does not parse as {name}: {exc.message}",
                           expected=exc.expected or f"a {name} message",
                           offset=frame.offset) from None
    return _down_to_ip(tunnel, frame)


_TRANSPORTS = (IpProtocol.IpProtocol.tcp, IpProtocol.IpProtocol.udp)


def _ipv6_fragment(ip: Ipv6Packet, chain) -> Fragment | str:
    """An IPv6 packet with a Fragment header (RFC 8200 section 4.5) last in its chain."""
    header = chain.extension_headers[-1]
    protocol = header.next_header
    if protocol not in _TRANSPORTS and protocol not in _IP_IN_IP:
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
