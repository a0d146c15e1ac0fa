"""pcap and pcapng files in, capture records out (TCP reassembled, UDP per datagram).

Reading streams the file, one record (pcap) or block (pcapng) at a time; the file object
is only ever asked for the bytes of the next record. The generated classes of
``ksy/capture/`` parse the file and section headers; pcap record headers and pcapng
Enhanced Packet Blocks without options are read with the ``struct`` formats of
:mod:`.fastpath` (the same layouts), other blocks with the generated classes. Each frame
of a common layout (Ethernet with any VLAN tags, Linux cooked v1/v2, loopback or raw IP
around a whole IPv4 packet or an IPv6 packet without extension headers, around TCP or
UDP) is read by :func:`.fastpath.decode_frame`; every other frame is parsed with
:class:`~wirestruct.generated.capture.link_frame.LinkFrame` (link layer, encapsulations,
IPv4/IPv6, TCP/UDP). Both give the same packets. The commonest frame of all, TCP data
over Ethernet and IPv4 arriving in order on a followed connection, goes straight to its
record (:func:`.fastpath.ethernet_ipv4_tcp_data`, :meth:`.HalfStream.take_in_order`),
with the outcome the general way gives it.

For ``transport="stream"`` the two byte streams of each TCP connection are reassembled
(:mod:`.tcp_reassembly`) and every contiguous run of new bytes becomes one
:class:`~wirestruct.core.records.CaptureRecord`; missing bytes become
:class:`~wirestruct.core.errors.StreamGapError` items. For ``transport="message"`` each UDP
datagram (and each TCP segment's new bytes, in stream order) is one record.

Which endpoint is the server: the ``server`` the user gave ("PORT" or "HOST:PORT", IPv6
hosts in brackets; connections not involving it are skipped); otherwise a port of
``server_ports``; otherwise, for TCP, the handshake (the receiver of the SYN). A
connection whose server cannot be told gets one CaptureError and its data is skipped.

Link layers: Ethernet (with VLAN tags, PPPoE sessions, MPLS label stacks), Linux cooked
v1/v2, BSD loopback, raw IP (link types 12, 14, 101, 228, 229), PPP (9, 50), PPI (192)
wrapping Ethernet, NFLOG (239). IPv4 fragments and IPv6 Fragment headers are reassembled
(:mod:`.ip_fragments`); a frame cut by the capture's snapshot length still gives the TCP
payload bytes it holds (the missing ones become a stream gap when later bytes arrive).

Frames that are not read (another link type or EtherType, IP that is not TCP/UDP, UDP
when the transport is a stream, connections not followed) are counted per kind
(:mod:`.unread`): an :class:`~wirestruct.core.errors.UnsupportedError` when a kind is first
seen, and one with the totals in frames and bytes at the end. Frames that do not parse
become CaptureError items (with the frame number and file offset) and reading goes on; a
file that ends inside a record ends with a CaptureError.

:func:`write_pcap` and :func:`write_pcapng` (from :mod:`.pcap_writer`) go the other way.
"""
from __future__ import annotations

import io as _stdio
import ipaddress
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import BinaryIO

from wirestruct.captures import fastpath
from wirestruct.captures.fastpath import (
    Segment,
    decode_frame,
    enhanced_packet,
    ethernet_ipv4_tcp_data,
    record_header,
)
from wirestruct.captures.ip_fragments import FragmentBuffer, FragmentKey
from wirestruct.captures.pcap_writer import write_pcap, write_pcapng
from wirestruct.captures.tcp_reassembly import Chunk, Gap, HalfStream
from wirestruct.captures.unread import UnreadTally
from wirestruct.core.errors import (
    CaptureError,
    StreamConflictError,
    StreamGapError,
    WirestructError,
)
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.parse import parse, wrap_exception
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.stream import ParseStream, bind, parse_stream
from wirestruct.generated.capture.ethernet_frame import EthernetFrame
from wirestruct.generated.capture.ip_packet import IpPacket
from wirestruct.generated.capture.ip_payload import IpPayload
from wirestruct.generated.capture.ip_protocol import IpProtocol
from wirestruct.generated.capture.ipv4_packet import Ipv4Packet
from wirestruct.generated.capture.ipv6_packet import Ipv6Packet
from wirestruct.generated.capture.link_frame import LinkFrame
from wirestruct.generated.capture.linux_sll import LinuxSll
from wirestruct.generated.capture.linux_sll2 import LinuxSll2
from wirestruct.generated.capture.mpls_stack import MplsStack
from wirestruct.generated.capture.nflog import Nflog
from wirestruct.generated.capture.null_loopback import NullLoopback
from wirestruct.generated.capture.pcap import Pcap
from wirestruct.generated.capture.pcapng import Pcapng
from wirestruct.generated.capture.ppi_header import PpiHeader
from wirestruct.generated.capture.ppp_frame import PppFrame
from wirestruct.generated.capture.pppoe_session import PppoeSession
from wirestruct.generated.capture.tcp_segment import TcpSegment
from wirestruct.generated.capture.udp_datagram import UdpDatagram

bind("wirestruct.generated.capture")

__all__ = ["read_packet_capture", "parse_server", "Frame", "write_pcap", "write_pcapng"]

_PCAP_MAGICS = {m.value: m for m in Pcap.Magic}
_PCAPNG_SHB = Pcapng.BlockType.section_header.value
_PCAPNG_EPB_TYPE = Pcapng.BlockType.enhanced_packet.value
_BLOCK = Pcapng.BlockType
_IF_TSRESOL = Pcapng.InterfaceOption.if_tsresol.value
_IF_TSOFFSET = Pcapng.InterfaceOption.if_tsoffset.value
_ETHERNET = LinkFrame.LinkType.ethernet.value

Endpoint = tuple[bytes, int]   # (packed IP address, port)
Item = CaptureRecord | CaptureError


# --------------------------------------------------------------------------- file edge

class _Source:
    """Read-only view of the capture file that counts its position.

    Only ever reads what it is asked for (never ``read(-1)``), so it works on pipes and
    other non-seekable streams; :meth:`at_eof` looks one byte ahead.
    """

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._pos = 0
        self._ahead = b""

    def read(self, n: int = -1) -> bytes:
        if n is None or n < 0:
            raise _stdio.UnsupportedOperation("capture files are read record by record")
        if not self._ahead:
            data = self._raw.read(n)
            if len(data) == n:      # the common case: one read gives it all
                self._pos += n
                return data
            parts = [data] if data else []
            n -= len(data)
        else:
            parts = []
        if self._ahead:
            parts.append(self._ahead[:n])
            self._ahead = self._ahead[n:]
            n -= len(parts[0])
        while n > 0:
            part = self._raw.read(n)
            if not part:
                break
            parts.append(part)
            n -= len(part)
        data = parts[0] if len(parts) == 1 else b"".join(parts)
        self._pos += len(data)
        return data

    def tell(self) -> int:
        return self._pos

    def seek(self, *args) -> int:
        raise _stdio.UnsupportedOperation("capture files are read front to back")

    def peek(self, n: int) -> bytes:
        """The next ``n`` bytes (fewer at the end), left to be read again."""
        while len(self._ahead) < n:
            part = self._raw.read(n - len(self._ahead))
            if not part:
                break
            self._ahead += part
        return self._ahead[:n]

    def at_eof(self) -> bool:
        return not self.peek(1)


@dataclass(frozen=True, slots=True, init=False)
class Frame:
    """One captured frame, before its headers are parsed."""

    number: int          #: position in the file, from 1 (as Wireshark numbers frames)
    offset: int          #: file offset of the frame's first byte
    t: float             #: seconds since the Unix epoch
    link_type: int       #: LINKTYPE_ value
    data: bytes
    orig_len: int        #: length on the wire (more than len(data) if the capture cut it)

    def __init__(self, number: int, offset: int, t: float, link_type: int, data: bytes,
                 orig_len: int) -> None:   # written out, as CaptureRecord's
        _frame_number(self, number)
        _frame_offset(self, offset)
        _frame_t(self, t)
        _frame_link_type(self, link_type)
        _frame_data(self, data)
        _frame_orig_len(self, orig_len)


_frame_number, _frame_offset, _frame_t, _frame_link_type, _frame_data, _frame_orig_len = (
    vars(Frame)[f.name].__set__ for f in fields(Frame))


def _truncated(what: str, offset: int) -> CaptureError:
    return CaptureError(f"the file ends inside {what} (truncated capture)", offset=offset,
                        expected="more bytes")


def _pcap_frames(src: _Source, limits: Limits) -> Iterator[Frame | CaptureError]:
    io = ParseStream(src)
    magic = _PCAP_MAGICS[io.read_u4be()]
    is_le = magic in (Pcap.Magic.le_microseconds, Pcap.Magic.le_nanoseconds)
    scale = (1_000_000_000 if magic in (Pcap.Magic.le_nanoseconds, Pcap.Magic.be_nanoseconds)
             else 1_000_000)
    try:
        header = Pcap.FileHeader(is_le, io)
    except EOFError:
        yield _truncated("the pcap file header", 4)
        return
    except Exception as exc:  # noqa: BLE001 - a failed `valid:` check
        err = wrap_exception(exc, packet_name="pcap file header", offset_base=4)
        yield CaptureError(f"bad pcap file header: {err.message}", expected=err.expected,
                           offset=4, field_path=err.where.field_path)
        return
    link_type = header.link_type
    # Record headers: Pcap.RecordHeader's layout as one struct format (see .fastpath).
    record = record_header(is_le)
    unpack, size = record.unpack, record.size
    read = src.read
    max_record = limits.max_record
    number = 0
    start = src.tell()
    while True:
        head = read(size)
        if not head:
            return
        number += 1
        if len(head) < size:
            yield _truncated(f"the header of frame {number}", start)
            return
        ts_sec, ts_frac, incl_len, orig_len = unpack(head)
        if incl_len > max_record:
            yield CaptureError(f"frame {number} claims {incl_len} bytes; the file "
                               "structure is lost here", offset=start,
                               expected=f"at most {max_record} bytes (limits.max_record)")
            return
        data = read(incl_len)
        if len(data) < incl_len:
            yield _truncated(f"frame {number}", start + size)
            return
        yield Frame(number, start + size, (ts_sec * scale + ts_frac) / scale,
                    link_type, data, orig_len)
        start += size + incl_len


@dataclass
class _Interface:
    link_type: int
    divisor: int = 1_000_000     # timestamp units per second
    offset: int = 0              # seconds added to every timestamp


def _interface(idb) -> _Interface:
    iface = _Interface(int(idb.link_type))
    for option in idb.options:
        if option.code == _IF_TSRESOL and len(option.value) >= 1:
            value = option.value[0]
            iface.divisor = 2 ** (value & 0x7F) if value & 0x80 else 10 ** value
        elif option.code == _IF_TSOFFSET and len(option.value) >= 8:
            iface.offset = int.from_bytes(option.value[:8], "little" if idb._is_le else "big",
                                          signed=True)
        elif option.code == 0:
            break
    return iface


def _pcapng_frames(src: _Source, limits: Limits) -> Iterator[Frame | CaptureError]:
    section_is_le = True
    interfaces: list[_Interface] = []
    number = 0
    last_t = 0.0
    read = src.read
    while True:
        start = src.tell()
        first = read(8)
        if not first:
            return
        is_le = section_is_le
        len_head = 8
        block_type = int.from_bytes(first[:4], "little" if is_le else "big")
        if len(first) < 8 or block_type == _PCAPNG_SHB:
            # Block heads that are short or start a section: Pcapng.BlockHead.
            try:
                head = Pcapng.BlockHead(section_is_le, parse_stream(
                    first + (read(4) if len(first) == 8 else b"")))
                block_type, len_block, is_le, len_head = (head.block_type, head.len_block,
                                                          head.is_le, head.len_head)
            except EOFError:
                yield _truncated("a block header", start)
                return
            except Exception as exc:  # noqa: BLE001 - bad byte-order magic
                err = wrap_exception(exc, packet_name="section header block", offset_base=start)
                yield CaptureError(f"bad pcapng section header: {err.message}",
                                   expected=err.expected, offset=start + 8)
                return
        else:
            len_block = int.from_bytes(first[4:8], "little" if is_le else "big")
        body_len = len_block - len_head - 4
        if len_block % 4 or body_len < 0 or len_block > limits.max_record + 4096:
            yield CaptureError(f"block of {len_block} bytes; the file structure is lost here",
                               offset=start, expected="a multiple of 4, at least 12 and within "
                               "limits.max_record")
            return
        body = read(body_len)
        tail = read(4)
        if len(body) < body_len or len(tail) < 4:
            yield _truncated("a block", start)
            return
        if int.from_bytes(tail, "little" if is_le else "big") != len_block:
            # Pcapng.BlockTail's `valid`, on the trailing length.
            yield CaptureError("a block's trailing length differs from its leading length; the "
                               "file structure is lost here", offset=start + len_block - 4,
                               expected=str(len_block))
            return
        try:
            if block_type == _PCAPNG_EPB_TYPE:
                number += 1
                fixed = enhanced_packet(is_le)
                if body_len >= fixed.size:
                    interface_id, high, low, captured, orig_len = fixed.unpack_from(body)
                else:
                    captured = -1
                if fixed.size + captured + (-captured % 4) == body_len:    # no options
                    data = body[fixed.size:fixed.size + captured]
                    timestamp = high * 0x100000000 + low
                else:
                    epb = parse(Pcapng.EnhancedPacketBlock, body, is_le, 0, 0,
                                packet_name="enhanced packet", offset_base=start + 8)
                    interface_id, timestamp = epb.interface_id, epb.timestamp
                    data, orig_len = epb.packet_data, epb.original_packet_length
                if interface_id >= len(interfaces):
                    raise CaptureError(f"frame {number} names interface {interface_id}",
                                       expected=f"one of the {len(interfaces)} interfaces "
                                       "described before it", offset=start + 8)
                iface = interfaces[interface_id]
                last_t = timestamp / iface.divisor + iface.offset
                yield Frame(number, start + 28, last_t, iface.link_type, data, orig_len)
            elif block_type == _BLOCK.section_header:
                section_is_le = is_le     # a new section, even if its body is bad
                interfaces = []
                parse(Pcapng.SectionHeaderBlock, body, is_le, packet_name="section header",
                      offset_base=start + 12)
            elif block_type == _BLOCK.interface_description:
                interfaces.append(_interface(parse(
                    Pcapng.InterfaceDescriptionBlock, body, is_le,
                    packet_name="interface description", offset_base=start + 8)))
            elif block_type == _BLOCK.simple_packet:
                number += 1
                spb = parse(Pcapng.SimplePacketBlock, body, is_le, 0, 0,
                            packet_name="simple packet", offset_base=start + 8)
                if not interfaces:
                    raise CaptureError(f"frame {number} comes before any interface description",
                                       offset=start, expected="an interface description block")
                yield Frame(number, start + 12, last_t, interfaces[0].link_type,
                            spb.packet_data, spb.original_packet_length)
        except WirestructError as exc:
            yield CaptureError(f"bad pcapng block: {exc.message}", expected=exc.expected,
                               offset=exc.where.offset if exc.where.offset is not None else start,
                               field_path=exc.where.field_path)


# --------------------------------------------------------------------------- frames

class _Packet:
    """A TCP segment or UDP datagram with its endpoints (``segment`` is a generated
    TcpSegment/UdpDatagram or a :class:`.fastpath.Segment`, which have the same names)."""

    __slots__ = ("src", "dst", "segment", "udp")

    def __init__(self, src: Endpoint, dst: Endpoint,
                 segment: TcpSegment | UdpDatagram | Segment, udp: bool) -> None:
        self.src = src
        self.dst = dst
        self.segment = segment
        self.udp = udp


@dataclass(frozen=True, slots=True)
class _Fragment:
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
    return f"link type {frame.link_type}"


def _link_kind(link_type: int) -> str:
    try:
        return f"link type {link_type} ({LinkFrame.LinkType(link_type).name})"
    except ValueError:
        return f"link type {link_type}"


def _decode(frame: Frame) -> _Packet | _Fragment | str:
    """Parse the frame down to TCP/UDP; for anything else, the kind of frame it is."""
    layer = parse(LinkFrame, frame.data, frame.link_type, packet_name=f"frame {frame.number}",
                  offset_base=frame.offset).body
    cls = type(layer)
    if cls is EthernetFrame:            # the common case first
        body = layer.body
        if type(body) is bytes:
            return _not_read(layer, frame)
        layer = body
        cls = type(layer)
    elif cls is bytes:
        return _link_kind(frame.link_type)
    while cls is not Ipv4Packet and cls is not Ipv6Packet:
        inner = _INNER.get(cls)
        nxt = inner(layer) if inner is not None else None
        if nxt is None or type(nxt) is bytes:
            return _not_read(layer, frame)
        layer = nxt
        cls = type(layer)
    if layer.is_cut and frame.orig_len <= len(frame.data):
        raise CaptureError(f"frame {frame.number}: the IP header claims more bytes than the "
                           "frame holds", offset=frame.offset,
                           expected=f"at most {len(frame.data)} bytes in the frame")
    if cls is Ipv4Packet:
        if layer.is_fragment:
            protocol = layer.protocol
            if protocol not in _TRANSPORTS:
                return f"IPv4 protocol {_named(protocol, 2)}"
            if layer.is_cut:
                return "IPv4 fragments cut by the snapshot length"
            return _Fragment((layer.src_addr, layer.dst_addr, layer.identification,
                              getattr(protocol, "value", protocol)), protocol,
                             layer.fragment_offset * 8, layer.more_fragments,
                             layer.fragment_data, layer.len_header)
        payload = layer.body.body
    else:
        chain = layer.payload
        if chain.is_fragmented:
            return _ipv6_fragment(layer, chain)
        payload = chain.body.body
    return _transport(layer, payload)


_TRANSPORTS = (IpProtocol.IpProtocol.tcp, IpProtocol.IpProtocol.udp)


def _ipv6_fragment(ip: Ipv6Packet, chain) -> _Fragment | str:
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
    return _Fragment((ip.src_addr, ip.dst_addr, ident, getattr(protocol, "value", protocol)),
                     protocol, field & 0xFFF8, bool(field & 1), data,
                     chain._io.size() - len(data))


def _transport(ip: Ipv4Packet | Ipv6Packet, payload) -> _Packet | str:
    cls = type(payload)
    if cls is TcpSegment or cls is UdpDatagram:
        if cls is UdpDatagram and payload.is_cut:
            if not ip.is_cut:
                raise CaptureError("the UDP Length claims more bytes than the IP packet holds",
                                   expected=f"at most {len(payload.body) + 8} bytes")
            return "UDP datagrams cut by the snapshot length"
        return _Packet((ip.src_addr, payload.src_port), (ip.dst_addr, payload.dst_port),
                       payload, cls is UdpDatagram)
    protocol = ip.protocol if type(ip) is Ipv4Packet else ip.payload.upper_layer_protocol
    return f"IP protocol {_named(protocol, 2)}"


_CUT = ("bytes of TCP segments cut by the snapshot length (missing from the stream: a gap "
        "when later bytes arrive)")


class _FramePath:
    """Frames to packets: decoding, IPv4 reassembly and the tally of what is not read."""

    def __init__(self, limits: Limits) -> None:
        self.fragments = FragmentBuffer(limits.max_fragment_buffer, limits.fragment_timeout)
        self.unread = UnreadTally()

    def frame(self, frame: Frame, flows: _Flows) -> list[_Output]:
        """Everything one frame gives; raises WirestructError for a frame that does not parse."""
        data = frame.data
        fast = decode_frame(data, frame.link_type) if frame.orig_len == len(data) else None
        packet = _decode(frame) if fast is None else _Packet(*fast)
        out: list[_Output] = []
        if self.fragments.cost:         # datagrams are waiting
            out.extend(_Output(error=error) for error in self.fragments.expire(frame.t))
        if type(packet) is _Packet:
            got = flows.packet(packet, frame.t)
            if got and got[0].error is None:            # data of a followed flow
                if not out and frame.orig_len == len(frame.data):
                    return got                          # the common case
                out.extend(got)
            else:
                out.extend(got)
                self._followed(packet, frame, flows, out)
            if frame.orig_len > len(frame.data):
                error = self.unread.count(_CUT, frame.number, frame.orig_len - len(frame.data))
                if error is not None:
                    out.append(_Output(error=error))
        elif type(packet) is _Fragment:
            got, whole = flows.fragment(packet, frame, self.fragments)
            out.extend(got)
            if whole is not None and not any(o.error is None for o in got):
                self._followed(whole, frame, flows, out)
        else:
            self._count(packet, frame, out)
        return out

    def _count(self, kind: str, frame: Frame, out: list[_Output]) -> None:
        error = self.unread.count(kind, frame.number, len(frame.data))
        if error is not None:
            out.append(_Output(error=error))

    def _followed(self, packet: _Packet, frame: Frame, flows: _Flows,
                  out: list[_Output]) -> None:
        """Count the frames of connections that are not followed."""
        key = (packet.src, packet.dst) if packet.src < packet.dst else (packet.dst, packet.src)
        if packet.udp:
            if flows.stream_mode:
                self._count("UDP datagrams (the protocol reads TCP streams)", frame, out)
                return
            flow = flows.udp.get(key)
        else:
            flow = flows.tcp.get(key)
        if flow is None or not flow.skipped:
            return
        if flow.number is None:
            self._count("frames of connections that do not involve the named server", frame, out)
        else:
            self._count("frames of connections whose server is unknown", frame, out)

    def finish(self) -> list[_Output]:
        out = [_Output(error=error) for error in self.fragments.finish()]
        summary = self.unread.summary()
        if summary is not None:
            out.append(_Output(error=summary))
        return out


# --------------------------------------------------------------------------- directions

def parse_server(text: str) -> tuple[bytes | None, int]:
    """``"PORT"``, ``"HOST:PORT"`` or ``"[IPV6]:PORT"`` -> (packed address or None, port)."""
    text = text.strip()
    host: str | None = None
    port_text = text
    if text.startswith("["):
        host, sep, port_text = text[1:].partition("]:")
        if not sep:
            raise ValueError(f"--server {text!r}: expected [IPV6]:PORT")
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif ":" in text:
        raise ValueError(f"--server {text!r}: put an IPv6 address in brackets, [HOST]:PORT")
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"--server {text!r}: the port must be a number 1..65535")
    packed = None
    if host:
        try:
            packed = ipaddress.ip_address(host).packed
        except ValueError:
            raise ValueError(f"--server {text!r}: the host must be an IP address") from None
    return packed, int(port_text)


_SKIP = "skip"      # not the server the user named: other traffic, ignored silently


class _Roles:
    """Works out which endpoint of a new flow is the server."""

    def __init__(self, server: tuple[bytes | None, int] | None, ports: tuple[int, ...]):
        self.server = server
        self.ports = ports

    def server_of(self, packet: _Packet) -> Endpoint | None | str:
        ends = (packet.dst, packet.src)
        if self.server is not None:
            host, port = self.server
            for end in ends:
                if end[1] == port and (host is None or end[0] == host):
                    return end
            return _SKIP
        if self.ports:
            matches = [end for end in ends if end[1] in self.ports]
            if len(matches) == 1:
                return matches[0]
        segment = packet.segment
        if not packet.udp and segment.syn:
            return packet.src if segment.ack else packet.dst
        return None


def _show(end: Endpoint) -> str:
    addr = ipaddress.ip_address(end[0])
    return f"[{addr}]:{end[1]}" if addr.version == 6 else f"{addr}:{end[1]}"


# --------------------------------------------------------------------------- flows

class _Flow:
    __slots__ = ("number", "server", "halves", "closed", "skipped")

    def __init__(self, number: int | None, server: Endpoint | None, limit: int,
                 history: int = 0) -> None:
        self.number = number
        self.server = server
        self.skipped = server is None
        self.closed = False
        self.halves = (HalfStream(limit, history), HalfStream(limit, history))  # by Direction


class _Output:
    """Everything a flow hands out, before record indexes are given."""

    __slots__ = ("t", "direction", "data", "stream", "error")

    def __init__(self, t=0.0, direction=Direction.C2S, data=b"", stream=0, error=None):
        self.t, self.direction, self.data = t, direction, data
        self.stream, self.error = stream, error


_REJECTED = {
    "conflict": "a second copy of stream bytes {start}..{last} differs from the first ({detail}); "
                "the first copy is kept, {count} bytes of the second are dropped",
    "late": "{count} bytes at stream offsets {start}..{last} arrived after they were reported "
            "missing ({detail}); dropped",
    "after_end": "{count} bytes at stream offsets {start}..{last} came after the connection "
                 "ended (FIN or reset); dropped",
    "syn": "a SYN with another initial sequence number in a live connection ({detail}); "
           "{count} bytes dropped, the connection goes on",
    "far": "{count} bytes at stream offset {start}, far outside the TCP window ({detail}), "
           "cannot belong to the stream; dropped",
}


class _Flows:
    """TCP connections and UDP flows by their address pair.

    At most ``limits.max_flows`` are followed at once; the segments of connections beyond
    that are dropped and counted (one error when it first happens, one at the end with
    the totals). Connections that ended (both FINs delivered, or a reset) move to a table
    of ended connections (as many again at most, oldest forgotten first), where later
    segments are checked: retransmissions pass quietly, anything new is reported. A SYN
    without ACK on the ports of an ended connection starts a new stream number."""

    def __init__(self, roles: _Roles, transport: str, limits: Limits) -> None:
        self.roles = roles
        self.stream_mode = transport == "stream"
        self.limit = limits.max_reassembly_buffer
        self.history = limits.max_tcp_history
        self.max_flows = limits.max_flows
        self.tcp: dict[tuple, _Flow] = {}
        self.udp: dict[tuple, _Flow] = {}
        self.ended: OrderedDict[tuple, _Flow] = OrderedDict()
        self.count = 0
        self.over_segments = 0      # segments/datagrams of flows beyond max_flows
        self.over_bytes = 0

    def _new(self, table: dict[tuple, _Flow], key: tuple, packet: _Packet, kind: str
             ) -> tuple[_Flow | None, _Output | None]:
        if len(self.tcp) + len(self.udp) >= self.max_flows:
            self.over_segments += 1
            self.over_bytes += len(packet.segment.body)
            if self.over_segments > 1:
                return None, None
            return None, _Output(error=CaptureError(
                f"{kind} {_show(packet.src)} <-> {_show(packet.dst)}: {self.max_flows} "
                "connections and flows are followed already; the data of further ones is "
                "dropped (counted at the end of the capture)",
                expected=f"at most max_flows={self.max_flows} flows at once"))
        server = self.roles.server_of(packet)
        if server is _SKIP:
            flow = _Flow(None, None, 0)
            table[key] = flow
            return flow, None
        flow = _Flow(self.count, server, self.limit, self.history)
        self.count += 1
        table[key] = flow
        if server is not None:
            return flow, None
        hint = ("the capture has no handshake to tell" if kind == "TCP connection"
                else "datagrams do not tell")
        return flow, _Output(stream=flow.number, error=CaptureError(
            f"{kind} {_show(packet.src)} <-> {_show(packet.dst)}: cannot tell which side is the "
            f"server ({hint}); its data is skipped", expected="the server given with --server "
            "PORT or --server HOST:PORT", stream=flow.number))

    def fragment(self, fragment: _Fragment, frame: Frame, buffer: FragmentBuffer
                 ) -> tuple[list[_Output], _Packet | None]:
        """An IP fragment: held until its datagram is whole, which then goes the way of
        any other packet (and is returned with the outputs)."""
        data, errors = buffer.add(fragment.key, frame.t, frame.number, fragment.offset,
                                  fragment.more, fragment.data, fragment.len_header)
        out = [_Output(error=error) for error in errors]
        if data is None:
            return out, None
        try:
            segment = parse(IpPayload, data, fragment.protocol,
                            packet_name=f"reassembled datagram ending in frame {frame.number}").body
        except WirestructError as exc:
            return out + [_Output(error=CaptureError(
                f"frame {frame.number}: the reassembled {len(data)}-byte datagram does not "
                f"parse: {exc.message}", expected=exc.expected, dropped=len(data)))], None
        src, dst = fragment.key[0], fragment.key[1]
        packet = _Packet((src, segment.src_port), (dst, segment.dst_port), segment,
                         type(segment) is UdpDatagram)
        return out + self.packet(packet, frame.t), packet

    def packet(self, packet: _Packet, t: float) -> list[_Output]:
        key = (packet.src, packet.dst) if packet.src < packet.dst else (packet.dst, packet.src)
        if packet.udp:
            return self._udp(key, packet, t)
        return self._tcp(key, packet, t)

    def _udp(self, key: tuple, packet: _Packet, t: float) -> list[_Output]:
        if self.stream_mode:
            return []
        out: list[_Output] = []
        flow = self.udp.get(key)
        if flow is None:
            flow, error = self._new(self.udp, key, packet, "UDP flow")
            if error is not None:
                out.append(error)
            if flow is None:
                return out
        if flow.skipped:
            return out
        direction = Direction.C2S if packet.dst == flow.server else Direction.S2C
        out.append(_Output(t, direction, packet.segment.body, flow.number))
        return out

    def _tcp(self, key: tuple, packet: _Packet, t: float) -> list[_Output]:
        segment = packet.segment
        out: list[_Output] = []
        flow = self.tcp.get(key)
        if flow is None:
            flow = self.ended.get(key)
            if flow is not None and segment.syn and not segment.ack:
                del self.ended[key]     # the ports are reused by a new connection
                flow = None
        if flow is None:
            flow, error = self._new(self.tcp, key, packet, "TCP connection")
            if error is not None:
                out.append(error)
            if flow is None:
                return out
        if flow.skipped:
            return out
        direction = Direction.C2S if packet.dst == flow.server else Direction.S2C
        half = flow.halves[direction]
        # The payload of a RST or FIN segment is part of the stream.
        deliveries = half.add(segment.seq_num, segment.body, syn=segment.syn,
                              fin=segment.fin and not segment.rst)
        out.extend(self._outputs(flow, direction, deliveries, t))
        if segment.rst:
            if not flow.closed:
                out.extend(self._close(flow, key, t))
            return out
        if segment.ack:
            other = Direction.S2C if direction is Direction.C2S else Direction.C2S
            flow.halves[other].acknowledged(segment.ack_num)
        if not flow.closed and flow.halves[0].finished and flow.halves[1].finished:
            self._ended(flow, key)
        return out

    def _outputs(self, flow: _Flow, direction: Direction, deliveries, t: float) -> list[_Output]:
        out: list[_Output] = []
        run: list[bytes] = []
        for item in deliveries:
            if isinstance(item, Chunk):
                if self.stream_mode:
                    run.append(item.data)
                else:
                    out.append(_Output(t, direction, item.data, flow.number))
                continue
            if run:
                out.append(_Output(t, direction, b"".join(run), flow.number))
                run = []
            if isinstance(item, Gap):
                error: CaptureError = StreamGapError(
                    f"{item.size} bytes missing from the stream at offset {item.start}; "
                    "delivery goes on after them", expected=f"bytes {item.start}.."
                    f"{item.end - 1} of the stream", span=(item.start, item.end),
                    dropped=item.size)
            else:
                error = StreamConflictError(_REJECTED[item.kind].format(
                    start=item.start, last=item.end - 1, count=item.count, detail=item.detail),
                    span=(item.start, item.end), dropped=item.count)
            error.at(stream=flow.number, direction=direction.label)
            out.append(_Output(stream=flow.number, error=error))
        if run:
            out.append(_Output(t, direction, run[0] if len(run) == 1 else b"".join(run),
                               flow.number))
        return out

    def _close(self, flow: _Flow, key: tuple, t: float | None = None) -> list[_Output]:
        """A reset or the end of the capture: open gaps reported, held bytes delivered."""
        out: list[_Output] = []
        for direction in (Direction.C2S, Direction.S2C):
            half = flow.halves[direction]
            if half.started:
                out.extend(self._outputs(flow, direction, half.flush(),
                                         t if t is not None else 0.0))
            half.end()
        self._ended(flow, key)
        return out

    def _ended(self, flow: _Flow, key: tuple) -> None:
        flow.closed = True
        if self.tcp.get(key) is flow:
            del self.tcp[key]
            self.ended[key] = flow
            if len(self.ended) > self.max_flows:
                self.ended.popitem(last=False)

    def finish(self, t: float) -> list[_Output]:
        out: list[_Output] = []
        for key, flow in list(self.tcp.items()):
            if not flow.skipped and not flow.closed:
                out.extend(self._close(flow, key, t))
        if self.over_segments:
            out.append(_Output(error=CaptureError(
                f"{self.over_segments} segments and datagrams of connections beyond the "
                f"{self.max_flows} followed at once were dropped ({self.over_bytes} payload "
                "bytes)", expected=f"at most max_flows={self.max_flows} flows at once",
                dropped=self.over_bytes)))
        return out


# --------------------------------------------------------------------------- entry point

def read_packet_capture(stream: BinaryIO, *, server: str | None = None,
                        server_ports: tuple[int, ...] = (), transport: str = "stream",
                        limits: Limits = DEFAULT_LIMITS) -> Iterator[Item]:
    """Yield the records of a pcap or pcapng file (see the module documentation)."""
    if transport not in ("stream", "message"):
        raise ValueError(f"transport must be 'stream' or 'message', not {transport!r}")
    src = _Source(stream)
    index = 0
    try:
        roles = _Roles(parse_server(server) if server else None, tuple(server_ports))
    except ValueError as exc:
        yield CaptureError(str(exc), expected="--server PORT, HOST:PORT or [IPV6]:PORT",
                           record=0)
        return
    magic = src.peek(4)
    if len(magic) == 4 and int.from_bytes(magic, "big") in _PCAP_MAGICS:
        frames = _pcap_frames(src, limits)
    elif magic == b"\x0a\x0d\x0d\x0a":
        frames = _pcapng_frames(src, limits)
    else:
        yield CaptureError("not a pcap or pcapng file", offset=0, record=0,
                           expected="a pcap magic number or a pcapng section header block")
        return
    flows = _Flows(roles, transport, limits)
    path = _FramePath(limits)
    last_t = 0.0
    held: CaptureError | None = None    # the newest file error; the last one ends the output
    # The commonest frame (Ethernet, IPv4, TCP data in order on a followed connection)
    # takes a short way with the same outcome; off with the fast path (decode_frame
    # replaced: tests and benchmarks compare the two ways).
    short_way = decode_frame is fastpath.decode_frame
    tcp_flows, fragments = flows.tcp, path.fragments
    c2s, s2c = Direction.C2S, Direction.S2C
    for frame in frames:
        if held is not None:
            yield held.at(record=index)
            index += 1
            held = None
        if isinstance(frame, CaptureError):
            held = frame
            continue
        last_t = frame.t
        if short_way and frame.link_type == _ETHERNET and not fragments.cost:
            data = frame.data
            tcp = ethernet_ipv4_tcp_data(data) if frame.orig_len == len(data) else None
            if tcp is not None:
                src_ip, src_port, dst_ip, dst_port, seq, ack, payload = tcp
                src, dst = (src_ip, src_port), (dst_ip, dst_port)
                flow = tcp_flows.get((src, dst) if src < dst else (dst, src))
                if flow is not None and not flow.skipped:
                    direction = c2s if dst == flow.server else s2c
                    if flow.halves[direction].take_in_order(seq, payload):
                        flow.halves[s2c if direction is c2s else c2s].acknowledged(ack)
                        yield CaptureRecord(index, frame.t, direction, payload, flow.number)
                        index += 1
                        continue
        try:
            outputs = path.frame(frame, flows)
        except WirestructError as exc:
            cut = (f" (the capture kept {len(frame.data)} of its {frame.orig_len} bytes)"
                   if frame.orig_len > len(frame.data) else "")
            yield CaptureError(f"frame {frame.number} does not parse{cut}: {exc.message}",
                               expected=exc.expected, record=index, offset=exc.where.offset,
                               field_path=exc.where.field_path, dropped=1,
                               dropped_unit="frames")
            index += 1
            continue
        for out in outputs:
            if out.error is not None:
                yield out.error.at(record=index)
            else:
                yield CaptureRecord(index, out.t, out.direction, out.data, out.stream)
            index += 1
    # End of the file: open gaps are reported and the bytes held behind them delivered;
    # an error that stopped the reading (a truncated file) comes last.
    for out in flows.finish(last_t) + path.finish():
        if out.error is not None:
            yield out.error.at(record=index)
        else:
            yield CaptureRecord(index, out.t, out.direction, out.data, out.stream)
        index += 1
    if held is not None:
        yield held.at(record=index)
