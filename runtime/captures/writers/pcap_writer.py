"""Write pcap files: frame builders and a TCP conversation synthesizer.

:func:`write_pcap` turns capture records (TCP stream chunks, as any capture reader yields
them) back into a valid Ethernet / IPv4 / TCP pcap: each connection gets a three-way
handshake, every chunk becomes segments with correct sequence and acknowledgment
numbers and checksums, and each connection ends with a FIN from both sides. Reading the
file back with :func:`wirestruct.captures.packets.read_packet_capture` gives the same byte
streams. ``wirestruct convert --to pcap`` uses it.

The lower-level pieces (:class:`PcapWriter`, :func:`ethernet`, :func:`ipv4`, :func:`ipv6`,
:func:`tcp`, :func:`udp`) build frames field by field, for tools and tests that need a
particular frame on the wire.
"""
from __future__ import annotations

import ipaddress
import struct
from collections.abc import Iterable
from typing import BinaryIO

from wirestruct.core.errors import EncodeError
from wirestruct.core.records import CaptureRecord, Direction

LINKTYPE_ETHERNET = 1
#: Wireshark's "exported PDU" link type: TLVs naming the dissector, then the PDU itself.
LINKTYPE_WIRESHARK_UPPER_PDU = 252
#: Tags of the exported PDU header (wsutil/exported_pdu_tlvs.h in Wireshark).
EXP_PDU_TAG_END_OF_OPT = 0
EXP_PDU_TAG_DISSECTOR_NAME = 12
EXP_PDU_TAG_IPV4_SRC = 20
EXP_PDU_TAG_IPV4_DST = 21
EXP_PDU_TAG_IPV6_SRC = 22
EXP_PDU_TAG_IPV6_DST = 23
EXP_PDU_TAG_PORT_TYPE = 24
EXP_PDU_TAG_SRC_PORT = 25
EXP_PDU_TAG_DST_PORT = 26
EXP_PDU_TAG_P2P_DIRECTION = 35
#: EXP_PDU_PT_UDP: the endpoints' ports are of datagrams (a record is one message)
EXP_PDU_PT_UDP = 3
#: P2P_DIR_SENT and P2P_DIR_RECV: the client's packets are "sent", the server's "received".
P2P_DIRECTIONS = {Direction.C2S: 0, Direction.S2C: 1}
ETHERTYPE_IPV4 = 0x0800
ETHERTYPE_IPV6 = 0x86DD
ETHERTYPE_VLAN = 0x8100
PROTO_TCP = 6
PROTO_UDP = 17

FIN, SYN, RST, PSH, ACK = 0x01, 0x02, 0x04, 0x08, 0x10

#: Largest TCP payload per synthesized segment (fits a 16-bit IPv4 total length).
MAX_SEGMENT = 65000

_CLIENT_MAC = bytes.fromhex("020000000001")
_SERVER_MAC = bytes.fromhex("020000000002")


def checksum(data: bytes, initial: int = 0) -> int:
    """Internet checksum (RFC 1071) of ``data``.

    The ones' complement sum of 16-bit words equals the data, read as one big number,
    modulo 0xFFFF (2^16 = 1 modulo 0xFFFF), which Python computes in one pass.
    """
    if len(data) % 2:
        data += b"\x00"
    total = (int.from_bytes(data, "big") + initial) % 0xFFFF
    if total == 0 and (data.strip(b"\x00") or initial):
        total = 0xFFFF
    return (~total) & 0xFFFF


def _addr(host: str) -> bytes:
    return ipaddress.ip_address(host).packed


def ethernet(payload: bytes, ether_type: int, *, src: bytes = _CLIENT_MAC,
             dst: bytes = _SERVER_MAC, vlan_id: int | None = None) -> bytes:
    """An Ethernet II frame, with one 802.1Q tag when ``vlan_id`` is given."""
    tag = b"" if vlan_id is None else struct.pack(">HH", ETHERTYPE_VLAN, vlan_id & 0x0FFF)
    return dst + src + tag + struct.pack(">H", ether_type) + payload


def ipv4(payload: bytes, protocol: int, src: str, dst: str, *, ident: int = 0, ttl: int = 64,
         options: bytes = b"") -> bytes:
    """An IPv4 packet with a correct header checksum (options padded to 32 bits)."""
    options += b"\x00" * (-len(options) % 4)
    ihl = 5 + len(options) // 4
    header = struct.pack(">BBHHHBBH4s4s", 0x40 | ihl, 0, ihl * 4 + len(payload), ident & 0xFFFF,
                         0x4000, ttl, protocol, 0, _addr(src), _addr(dst)) + options
    header = header[:10] + struct.pack(">H", checksum(header)) + header[12:]
    return header + payload


def ipv6(payload: bytes, next_header: int, src: str, dst: str, *, hop_limit: int = 64) -> bytes:
    """An IPv6 packet without extension headers."""
    return struct.pack(">IHBB16s16s", 0x60000000, len(payload), next_header, hop_limit,
                       _addr(src), _addr(dst)) + payload


def _pseudo_header_sum(src: str, dst: str, protocol: int, length: int) -> int:
    s, d = _addr(src), _addr(dst)
    if len(s) == 4:
        pseudo = s + d + struct.pack(">BBH", 0, protocol, length)
    else:
        pseudo = s + d + struct.pack(">IxxxB", length, protocol)
    return int.from_bytes(pseudo, "big") % 0xFFFF


def tcp(payload: bytes, src: str, dst: str, sport: int, dport: int, seq: int, ack: int,
        flags: int, *, window: int = 65535, options: bytes = b"") -> bytes:
    """A TCP segment with a correct checksum for the given IP addresses."""
    options += b"\x01" * (-len(options) % 4)  # NOP padding
    offset = 5 + len(options) // 4
    header = struct.pack(">HHIIBBHHH", sport, dport, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF,
                         offset << 4, flags, window, 0, 0) + options
    segment = header + payload
    total = _pseudo_header_sum(src, dst, PROTO_TCP, len(segment))
    value = checksum(segment, total)
    return segment[:16] + struct.pack(">H", value) + segment[18:]


def udp(payload: bytes, src: str, dst: str, sport: int, dport: int) -> bytes:
    """A UDP datagram with a correct checksum."""
    datagram = struct.pack(">HHHH", sport, dport, 8 + len(payload), 0) + payload
    value = checksum(datagram, _pseudo_header_sum(src, dst, PROTO_UDP, len(datagram))) or 0xFFFF
    return datagram[:6] + struct.pack(">H", value) + datagram[8:]


_NS = 1_000_000_000


def _ticks(t_ns: int, units: int) -> int:
    """``t_ns`` nanoseconds in ticks of ``units`` a second, rounded to the nearest."""
    return (t_ns * units + _NS // 2) // _NS


class PcapWriter:
    """Writes a little-endian pcap file, one frame at a time."""

    def __init__(self, out: BinaryIO, *, link_type: int = LINKTYPE_ETHERNET,
                 snaplen: int = 262144, nanosecond: bool = False) -> None:
        self._out = out
        self._nano = nanosecond
        magic = 0xA1B23C4D if nanosecond else 0xA1B2C3D4
        out.write(struct.pack("<IHHiIII", magic, 2, 4, 0, 0, snaplen, link_type))
        self.count = 0

    def write(self, t: float, frame: bytes, orig_len: int | None = None,
              t_ns: int | None = None) -> None:
        """One frame at time ``t`` (seconds), or exactly ``t_ns`` nanoseconds when given."""
        scale = 1_000_000_000 if self._nano else 1_000_000
        ticks = round(t * scale) if t_ns is None else _ticks(t_ns, scale)
        sec, frac = divmod(ticks, scale)
        self._out.write(struct.pack("<IIII", sec, frac, len(frame),
                                    len(frame) if orig_len is None else orig_len))
        self._out.write(frame)
        self.count += 1


class PcapngWriter:
    """Writes a pcapng file: sections, interfaces and Enhanced Packet Blocks.

    ``big_endian`` picks the byte order of each section; ``tsresol`` is the interface's
    if_tsresol option (6 = microseconds, 9 = nanoseconds; with bit 7 set, a power of 2).
    """

    def __init__(self, out: BinaryIO, *, big_endian: bool = False) -> None:
        self._out = out
        self.count = 0
        self._interfaces: list[tuple[int, int]] = []     #: (ticks a second, tsoffset)
        self.section(big_endian=big_endian)

    def _block(self, block_type: int, body: bytes) -> None:
        body += b"\x00" * (-len(body) % 4)
        length = len(body) + 12
        self._out.write(struct.pack(self._e + "II", block_type, length) + body
                        + struct.pack(self._e + "I", length))

    def block(self, block_type: int, body: bytes) -> None:
        """A block of any type with ``body`` as given (padded to 32 bits), in the
        section's byte order: for readers' tests of blocks this writer does not make."""
        self._block(block_type, body)

    def _options(self, options) -> bytes:
        out = b""
        for code, value in options:
            out += struct.pack(self._e + "HH", code, len(value))
            out += value + b"\x00" * (-len(value) % 4)
        return out + (struct.pack(self._e + "HH", 0, 0) if options else b"")

    def section(self, *, big_endian: bool = False, application: bytes = b"wirestruct") -> None:
        """Start a new section; its interfaces are numbered from 0 again."""
        self._e = ">" if big_endian else "<"
        self._interfaces = []
        body = struct.pack(self._e + "IHHq", 0x1A2B3C4D, 1, 0, -1)
        self._block(0x0A0D0D0A, body + self._options([(4, application)]))

    def interface(self, link_type: int = LINKTYPE_ETHERNET, *, tsresol: int = 6,
                  snaplen: int = 262144, name: bytes = b"", tsoffset: int = 0) -> int:
        """Describe an interface; returns its number in the section.

        Timestamps given to :meth:`write` are absolute; with ``tsoffset`` (seconds) the
        file stores them relative to it, as if_tsoffset says.
        """
        options = [(2, name)] if name else []
        if tsresol != 6:
            options.append((9, bytes([tsresol])))
        if tsoffset:
            options.append((14, struct.pack(self._e + "q", tsoffset)))
        self._block(1, struct.pack(self._e + "HHI", link_type, 0, snaplen) + self._options(options))
        units = 2 ** (tsresol & 0x7F) if tsresol & 0x80 else 10 ** tsresol
        self._interfaces.append((units, tsoffset))
        return len(self._interfaces) - 1

    def simple_packet(self, frame: bytes, orig_len: int | None = None) -> None:
        """A Simple Packet Block (interface 0, no timestamp)."""
        self._block(3, struct.pack(self._e + "I", len(frame) if orig_len is None else orig_len)
                    + frame)
        self.count += 1

    def write(self, t: float, frame: bytes, *, interface: int = 0,
              orig_len: int | None = None, t_ns: int | None = None) -> None:
        """One frame at time ``t`` (seconds), or exactly ``t_ns`` nanoseconds when given."""
        units, offset = self._interfaces[interface]
        ticks = (round((t - offset) * units) if t_ns is None
                 else _ticks(t_ns - offset * _NS, units))
        body = struct.pack(self._e + "IIIII", interface, ticks >> 32, ticks & 0xFFFFFFFF,
                           len(frame), len(frame) if orig_len is None else orig_len) + frame
        self._block(6, body)
        self.count += 1


class _Connection:
    def __init__(self, client_port: int) -> None:
        self.client_port = client_port
        self.next_seq = {Direction.C2S: 0x10000000 + client_port * 0x1000,
                         Direction.S2C: 0x70000000 + client_port * 0x1000}
        self.last_t: tuple[float, int | None] = (0.0, None)   #: seconds, nanoseconds


def write_pcap(out: BinaryIO, records: Iterable[CaptureRecord], *,
               server: tuple[str, int] = ("127.0.0.1", 4000),
               client: tuple[str, int] = ("127.0.0.1", 50000)) -> int:
    """Write ``records`` as an Ethernet/IPv4/TCP pcap; returns the number of records.

    Each record's ``stream`` becomes one TCP connection from ``client`` (the port plus
    the stream number) to ``server``. Records must be TCP stream chunks in capture order.
    An IPv6 ``server`` and ``client`` give Ethernet/IPv6/TCP.
    """
    return _synthesize(PcapWriter(out), records, server, client)


def write_pcapng(out: BinaryIO, records: Iterable[CaptureRecord], *,
                 server: tuple[str, int] = ("127.0.0.1", 4000),
                 client: tuple[str, int] = ("127.0.0.1", 50000)) -> int:
    """As :func:`write_pcap`, as a pcapng file (one section, one Ethernet interface)."""
    writer = PcapngWriter(out)
    writer.interface(LINKTYPE_ETHERNET, tsresol=9)
    return _synthesize(writer, records, server, client)


def exported_pdu_header(dissector: str, direction: Direction | None = None,
                        endpoints: tuple[tuple[str, int], tuple[str, int]] | None = None
                        ) -> bytes:
    """The TLVs that precede a PDU in a LINKTYPE_WIRESHARK_UPPER_PDU frame: the name of
    the dissector Wireshark is to call (a string padded with NUL bytes to a multiple of
    4, the padding counted in the length, as Wireshark writes it), the sender's and the
    receiver's address and port when given (``((host, port), (host, port))``, so that
    Wireshark tells connections apart), the direction when known, and the end of the
    options. Integers are big-endian."""
    name = dissector.encode("ascii")
    name += b"\x00" * (4 - len(name) % 4)
    out = struct.pack(">HH", EXP_PDU_TAG_DISSECTOR_NAME, len(name)) + name
    if endpoints is not None:
        (src, sport), (dst, dport) = endpoints
        a, b = _addr(src), _addr(dst)
        tags = (EXP_PDU_TAG_IPV4_SRC, EXP_PDU_TAG_IPV4_DST) if len(a) == 4 else \
            (EXP_PDU_TAG_IPV6_SRC, EXP_PDU_TAG_IPV6_DST)
        out += struct.pack(">HH", tags[0], len(a)) + a + struct.pack(">HH", tags[1], len(b)) + b
        out += struct.pack(">HHI", EXP_PDU_TAG_PORT_TYPE, 4, EXP_PDU_PT_UDP)
        out += struct.pack(">HHIHHI", EXP_PDU_TAG_SRC_PORT, 4, sport, EXP_PDU_TAG_DST_PORT, 4,
                           dport)
    if direction is not None:
        out += struct.pack(">HHi", EXP_PDU_TAG_P2P_DIRECTION, 4, P2P_DIRECTIONS[direction])
    return out + struct.pack(">HH", EXP_PDU_TAG_END_OF_OPT, 0)


def write_exported_pdus(out: BinaryIO, records: Iterable[CaptureRecord], dissector: str, *,
                        server: tuple[str, int] = ("127.0.0.1", 4000),
                        client: tuple[str, int] = ("127.0.0.1", 50000)) -> int:
    """Write message-protocol ``records`` (each record one packet) as a pcapng of
    Wireshark's exported PDUs: one frame per record, naming ``dissector`` (a Wireshark
    dissector name, e.g. ``my_game``), the record's direction and its connection's
    endpoints (``client``'s port plus the record's stream number, and ``server``), so
    Wireshark hands each packet straight to that dissector and keeps connections apart.
    Returns the number of records."""
    writer = PcapngWriter(out)
    writer.interface(LINKTYPE_WIRESHARK_UPPER_PDU, tsresol=9, name=b"wirestruct")
    headers: dict[tuple[int, Direction], bytes] = {}
    count = 0
    for record in records:
        key = (record.stream, record.direction)
        header = headers.get(key)
        if header is None:
            if len(headers) > 4096:
                headers.clear()
            near = (client[0], (client[1] + record.stream) & 0xFFFF)
            ends = (near, server) if record.direction is Direction.C2S else (server, near)
            header = headers[key] = exported_pdu_header(dissector, record.direction, ends)
        writer.write(record.t, header + bytes(record.data), t_ns=record.t_ns)
        count += 1
    return count


def _synthesize(writer, records, server, client) -> int:
    server_host, server_port = server
    client_host, client_port = client
    connections: dict[int, _Connection] = {}

    def send(conn: _Connection, t: tuple[float, int | None], direction: Direction,
             flags: int, data: bytes = b"") -> None:
        """One segment at time ``t`` (seconds, and nanoseconds exactly when known)."""
        other = Direction.S2C if direction is Direction.C2S else Direction.C2S
        seq = conn.next_seq[direction]
        ack = conn.next_seq[other] if flags & ACK else 0
        if direction is Direction.C2S:
            addrs = (client_host, server_host, conn.client_port, server_port)
            macs = (_CLIENT_MAC, _SERVER_MAC)
        else:
            addrs = (server_host, client_host, server_port, conn.client_port)
            macs = (_SERVER_MAC, _CLIENT_MAC)
        segment = tcp(data, addrs[0], addrs[1], addrs[2], addrs[3], seq, ack, flags)
        if ":" in addrs[0]:
            packet, ether_type = ipv6(segment, PROTO_TCP, addrs[0], addrs[1]), ETHERTYPE_IPV6
        else:
            packet = ipv4(segment, PROTO_TCP, addrs[0], addrs[1], ident=writer.count)
            ether_type = ETHERTYPE_IPV4
        writer.write(t[0], ethernet(packet, ether_type, src=macs[0], dst=macs[1]), t_ns=t[1])
        consumed = len(data) + (1 if flags & (SYN | FIN) else 0)
        conn.next_seq[direction] = (seq + consumed) & 0xFFFFFFFF
        conn.last_t = t

    count = 0
    for record in records:
        count += 1
        conn = connections.get(record.stream)
        when = (record.t, record.t_ns)
        if conn is None:
            conn = connections[record.stream] = _Connection((client_port + record.stream) & 0xFFFF)
            send(conn, when, Direction.C2S, SYN)
            send(conn, when, Direction.S2C, SYN | ACK)
            send(conn, when, Direction.C2S, ACK)
        data = record.data
        for start in range(0, len(data), MAX_SEGMENT):
            send(conn, when, record.direction, PSH | ACK, data[start:start + MAX_SEGMENT])
    for conn in connections.values():
        send(conn, conn.last_t, Direction.C2S, FIN | ACK)
        send(conn, conn.last_t, Direction.S2C, FIN | ACK)
        send(conn, conn.last_t, Direction.C2S, ACK)
    return count


#: The endpoints :func:`write_udp` writes datagrams between.
UDP_SERVER = ("127.0.0.1", 4000)
UDP_CLIENT = ("127.0.0.1", 50000)


def write_udp(out: BinaryIO, records: Iterable[CaptureRecord], *, pcapng: bool) -> int:
    """Records as UDP datagrams, one per record, in a pcap or pcapng file."""
    writer: PcapWriter | PcapngWriter
    if pcapng:
        writer = PcapngWriter(out)
        writer.interface(LINKTYPE_ETHERNET, tsresol=9)
    else:
        writer = PcapWriter(out)
    count = 0
    for record in records:
        client_port = (UDP_CLIENT[1] + record.stream) & 0xFFFF
        if record.direction is Direction.C2S:
            src, dst, sport, dport = UDP_CLIENT[0], UDP_SERVER[0], client_port, UDP_SERVER[1]
        else:
            src, dst, sport, dport = UDP_SERVER[0], UDP_CLIENT[0], UDP_SERVER[1], client_port
        if len(record.data) > 0xFFFF - 28:
            raise EncodeError(f"packet {record.index} of {len(record.data)} bytes",
                                  expected="at most 65507 bytes in a UDP datagram")
        datagram = udp(record.data, src, dst, sport, dport)
        writer.write(record.t, ethernet(ipv4(datagram, PROTO_UDP, src, dst, ident=count & 0xFFFF),
                                        ETHERTYPE_IPV4), t_ns=record.t_ns)
        count += 1
    return count
