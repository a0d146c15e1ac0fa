"""The capture a proxy run records, written as it goes: what was forwarded, each
connection between its real endpoints.

``pcapng``: each connection between the client's address and port and the upstream
server's, carried as the protocol is in captures (``carrier``): ``tcp``, an Ethernet/IP/TCP
conversation (a handshake when it connects, segments with their sequence numbers, a FIN
from both sides when it ends); ``ws``, the same with the packets as WebSocket binary
messages after an HTTP upgrade (the frames built by ``wsproto``: the client's masked), so
the capture layer reads them back as messages; ``udp``, a datagram a packet. ``jsonl``:
one JSON Lines record a forwarded chunk or message, with its connection number. Either
reads back with ``wirestruct decode`` to the events the run printed.
"""
from __future__ import annotations

from typing import Any, BinaryIO

from wirestruct.captures.files.jsonl import format_line
from wirestruct.captures.writers.capture_files import MAX_DATAGRAM
from wirestruct.captures.writers.pcap_writer import (
    ACK,
    ETHERTYPE_IPV4,
    ETHERTYPE_IPV6,
    FIN,
    LINKTYPE_ETHERNET,
    MAX_SEGMENT,
    PROTO_TCP,
    PROTO_UDP,
    PSH,
    SYN,
    PcapngWriter,
    ethernet,
    ipv4,
    ipv6,
    tcp,
    udp,
)
from wirestruct.core.errors import EncodeError, UsageError
from wirestruct.core.records import CaptureRecord, Direction

FORMATS = ("pcapng", "jsonl")
CARRIERS = ("tcp", "ws", "udp")


def carrier_of(transport: str, carrier: str | None) -> str:
    """How a protocol's packets are carried in a packet capture: a stream protocol's in
    TCP, a message protocol's in its carrier (WebSocket) or UDP datagrams."""
    if transport == "stream":
        return "tcp"
    return carrier if carrier in CARRIERS else "udp"


def record_format(path: str) -> str:
    """The format a record file's name asks for (``.pcapng`` or ``.jsonl``)."""
    for fmt in FORMATS:
        if path.endswith("." + fmt):
            return fmt
    raise UsageError(f"--record {path}: the file name says the format",
                     expected="a name ending .pcapng or .jsonl")


def split_endpoint(text: str) -> tuple[str, int]:
    """``"address:port"`` (IPv6 in brackets) as (address, port)."""
    host, _, port = text.rpartition(":")
    return host.strip("[]"), int(port)


class _Conversation:
    """The TCP state of one recorded connection."""

    def __init__(self, client: tuple[str, int], server: tuple[str, int]) -> None:
        self.ends = {Direction.C2S: (client, server), Direction.S2C: (server, client)}
        self.seq = {Direction.C2S: 0x10000000 + client[1] * 0x1000,
                    Direction.S2C: 0x70000000 + client[1] * 0x1000}
        self.ws: tuple[Any, Any] | None = None     #: wsproto (client, server) framing
        self.last_ns = 0


class Recorder:
    """Writes forwarded records to ``out`` as ``fmt`` (see the module doc)."""

    def __init__(self, out: BinaryIO, fmt: str, *, carrier: str = "tcp") -> None:
        if fmt not in FORMATS:
            raise UsageError(f"unknown record format {fmt!r}", expected=" or ".join(FORMATS))
        if carrier not in CARRIERS:
            raise UsageError(f"unknown carrier {carrier!r}", expected=" or ".join(CARRIERS))
        self.out = out
        self.fmt = fmt
        self.carrier = carrier
        self.count = 0
        self._conversations: dict[int, _Conversation] = {}
        self._pcapng: PcapngWriter | None = None
        if fmt == "pcapng":
            self._pcapng = PcapngWriter(out)
            self._pcapng.interface(LINKTYPE_ETHERNET, tsresol=9)

    def write(self, record: CaptureRecord) -> EncodeError | None:
        """Write ``record``; an error (nothing written) when the carrier cannot hold it."""
        if self._pcapng is None:
            self.out.write(format_line(record).encode("ascii") + b"\n")
            self.count += 1
            return None
        if self.carrier == "udp":
            return self._datagram(record)
        self.count += 1
        conv = self._conversation(record)
        data = record.data
        if conv.ws is not None:
            data = _ws_frame(conv.ws, record.direction, data)
        t_ns = record.t_ns if record.t_ns is not None else int(record.t * 1e9)
        conv.last_ns = t_ns
        for start in range(0, len(data), MAX_SEGMENT):
            self._segment(conv, t_ns, record.direction, PSH | ACK,
                          data[start:start + MAX_SEGMENT])
        return None

    def _datagram(self, record: CaptureRecord) -> EncodeError | None:
        assert self._pcapng is not None
        size = len(record.data)
        if size > MAX_DATAGRAM:
            return EncodeError(f"packet of {size} bytes not recorded: more than one UDP "
                               "datagram holds", expected=f"at most {MAX_DATAGRAM} bytes",
                               dropped=1, dropped_unit="packets", stream=record.stream,
                               direction=record.direction.label)
        ends = record.ends or ("127.0.0.1:50000", "127.0.0.1:4000")
        (src, sport), (dst, dport) = split_endpoint(ends[0]), split_endpoint(ends[1])
        datagram = udp(record.data, src, dst, sport, dport)
        if ":" in src:
            frame = ethernet(ipv6(datagram, PROTO_UDP, src, dst), ETHERTYPE_IPV6)
        else:
            frame = ethernet(ipv4(datagram, PROTO_UDP, src, dst,
                                  ident=self._pcapng.count & 0xFFFF), ETHERTYPE_IPV4)
        t_ns = record.t_ns if record.t_ns is not None else int(record.t * 1e9)
        self._pcapng.write(t_ns / 1e9, frame, t_ns=t_ns)
        self.count += 1
        return None

    def end(self, stream: int) -> None:
        """The connection ``stream`` ended: both sides close (pcapng)."""
        conv = self._conversations.pop(stream, None)
        if conv is None or self._pcapng is None:
            return
        self._segment(conv, conv.last_ns, Direction.C2S, FIN | ACK)
        self._segment(conv, conv.last_ns, Direction.S2C, FIN | ACK)
        self._segment(conv, conv.last_ns, Direction.C2S, ACK)

    def close(self) -> None:
        for stream in list(self._conversations):
            self.end(stream)
        self.out.flush()

    def _conversation(self, record: CaptureRecord) -> _Conversation:
        conv = self._conversations.get(record.stream)
        if conv is not None:
            return conv
        ends = record.ends or ("127.0.0.1:50000", "127.0.0.1:4000")
        client, server = ends if record.direction is Direction.C2S else (ends[1], ends[0])
        conv = self._conversations[record.stream] = _Conversation(
            split_endpoint(client), split_endpoint(server))
        t_ns = record.t_ns if record.t_ns is not None else int(record.t * 1e9)
        self._segment(conv, t_ns, Direction.C2S, SYN)
        self._segment(conv, t_ns, Direction.S2C, SYN | ACK)
        self._segment(conv, t_ns, Direction.C2S, ACK)
        if self.carrier == "ws":
            conv.ws, request, response = _ws_pair(server)  # "host:port" of the upstream
            self._segment(conv, t_ns, Direction.C2S, PSH | ACK, request)
            self._segment(conv, t_ns, Direction.S2C, PSH | ACK, response)
        return conv

    def _segment(self, conv: _Conversation, t_ns: int, direction: Direction, flags: int,
                 data: bytes = b"") -> None:
        assert self._pcapng is not None
        other = Direction.S2C if direction is Direction.C2S else Direction.C2S
        (src, sport), (dst, dport) = conv.ends[direction]
        seq = conv.seq[direction]
        ack = conv.seq[other] if flags & ACK else 0
        segment = tcp(data, src, dst, sport, dport, seq, ack, flags)
        if ":" in src:
            frame = ethernet(ipv6(segment, PROTO_TCP, src, dst), ETHERTYPE_IPV6)
        else:
            frame = ethernet(ipv4(segment, PROTO_TCP, src, dst,
                                  ident=self._pcapng.count & 0xFFFF), ETHERTYPE_IPV4)
        self._pcapng.write(t_ns / 1e9, frame, t_ns=t_ns)
        conv.seq[direction] = (seq + len(data) + (1 if flags & (SYN | FIN) else 0)) & 0xFFFFFFFF


def _ws_pair(server: str) -> tuple[tuple[Any, Any], bytes, bytes]:
    """A WebSocket client and server (wsproto) past their handshake, and its two halves."""
    from wsproto import ConnectionType, WSConnection
    from wsproto.events import AcceptConnection, Request

    client, side = WSConnection(ConnectionType.CLIENT), WSConnection(ConnectionType.SERVER)
    request = client.send(Request(host=server, target="/"))
    side.receive_data(request)
    for event in side.events():
        if isinstance(event, Request):
            break
    response = side.send(AcceptConnection())
    client.receive_data(response)
    list(client.events())
    return (client, side), request, response


def _ws_frame(pair: tuple[Any, Any], direction: Direction, data: bytes) -> bytes:
    from wsproto.events import BytesMessage

    sender = pair[0] if direction is Direction.C2S else pair[1]
    return bytes(sender.send(BytesMessage(data=data)))
