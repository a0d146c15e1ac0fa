"""pcap and pcapng files in, capture records out (TCP reassembled, UDP per datagram).

Reading streams the file, one record (pcap) or block (pcapng) at a time; the file object
is only ever asked for the bytes of the next record. The generated classes of
``ksy/capture/`` parse the file and section headers; pcap record headers and pcapng
Enhanced Packet Blocks without options are read with the ``struct`` formats of
:mod:`.frames.fastpath` (the same layouts), other blocks with the generated classes
(:mod:`.files.pcap`, :mod:`.files.pcapng`). Each frame of a common layout (Ethernet with
any VLAN tags, Linux cooked v1/v2, loopback or raw IP around a whole IPv4 packet or an
IPv6 packet without extension headers, around TCP or UDP) is read by
:func:`.frames.fastpath.decode_frame`; every other frame is parsed with
:class:`~wirestruct.generated.capture.link_frame.LinkFrame` (:mod:`.frames.layers`: link
layer, encapsulations, IPv4/IPv6, TCP/UDP). Both give the same packets. The commonest
frame of all, TCP data over Ethernet and IPv4 arriving in order on a followed connection,
goes straight to its record (:func:`.frames.fastpath.ethernet_ipv4_tcp_data`,
:meth:`.flows.tcp_reassembly.HalfStream.take_in_order`), with the outcome the general way
gives it.

For ``transport="stream"`` the two byte streams of each TCP connection are reassembled
(:mod:`.flows.tcp_reassembly`) and every contiguous run of new bytes becomes one
:class:`~wirestruct.core.records.CaptureRecord`; missing bytes become
:class:`~wirestruct.core.errors.StreamGapError` items. For ``transport="message"`` each UDP
datagram (and each TCP segment's new bytes, in stream order) is one record.

Which endpoint is the server (:mod:`.flows.roles`): the ``server`` the user gave ("PORT"
or "HOST:PORT", IPv6 hosts in brackets; connections not involving it are skipped);
otherwise a port of ``server_ports``; otherwise, for TCP, the handshake (the receiver of
the SYN). A connection whose server cannot be told gets one CaptureError and its data is
skipped.

Link layers: Ethernet (with VLAN tags, PPPoE sessions, MPLS label stacks), Linux cooked
v1/v2, BSD loopback, raw IP (link types 12, 14, 101, 228, 229), PPP (9, 50), PPI (192)
wrapping Ethernet, NFLOG (239), netlink (253: every netfilter log message of a frame, which
may hold several; other messages are counted, by the frame or, beside logged packets, by
the message), 802.11 (105, radiotap 127, PPI, and Centrino frames in Ethernet). A frame
of a followed TCP connection that does not parse names that stream, its direction and
the stream bytes it carried (:func:`.frames.unread.tcp_place`). IPv4 fragments and IPv6
Fragment headers are reassembled (:mod:`.frames.ip_fragments`); a frame cut by the
capture's snapshot length still gives the TCP payload bytes it holds (the missing ones
become a stream gap when later bytes arrive).

Frames that are not read (another link type or EtherType, IP that is not TCP/UDP, UDP
when the transport is a stream, connections not followed) are counted per kind
(:mod:`.frames.unread`): an :class:`~wirestruct.core.errors.UnsupportedError` when a kind is
first seen, and one with the totals in frames and bytes at the end. Frames that do not
parse become CaptureError items (with the frame number and file offset) and reading goes
on; a file that ends inside a record ends with a CaptureError.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from wirestruct.captures.files.pcap import PCAP_MAGICS, pcap_frames
from wirestruct.captures.files.pcapng import PCAPNG_MAGIC, pcapng_frames
from wirestruct.captures.files.reading import FileSource, Frame
from wirestruct.captures.flows.roles import Roles, parse_server
from wirestruct.captures.flows.table import Flows, Output
from wirestruct.captures.frames.fastpath import (
    MOST_OBJECTS,
    decode_frame,
    ethernet_ipv4_tcp_data,
)
from wirestruct.captures.frames.ip_fragments import FragmentBuffer
from wirestruct.captures.frames.layers import (
    CUT,
    MAX_TUNNELS,
    NETLINK_UNIT,
    Batch,
    Fragment,
    Packet,
    decode,
    tunnel_datagram,
)
from wirestruct.captures.frames.unread import UnreadTally, tcp_place
from wirestruct.core.errors import CaptureError, WirestructError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.stream import bind
from wirestruct.generated.capture.link_frame import LinkFrame

if TYPE_CHECKING:
    from wirestruct.captures.files.sources import CaptureStream

bind("wirestruct.generated.capture")

__all__ = ["FramePath", "read_packet_capture"]

_ETHERNET = LinkFrame.LinkType.ethernet.value
Item = CaptureRecord | CaptureError


class FramePath:
    """Frames to packets: decoding, IPv4 reassembly and the tally of what is not read."""

    def __init__(self, limits: Limits, fast: bool = True,
                 dissectors: frozenset[bytes] | None = None) -> None:
        #: the dissector names of the exported PDUs read (None: all)
        self.dissectors = dissectors
        self.fragments = FragmentBuffer(limits.max_fragment_buffer, limits.fragment_timeout)
        self.unread = UnreadTally()
        self.max_objects = limits.max_items_per_record
        #: whether frames of the common layouts go through the precompiled fast path (it
        #: gives what the generated classes give when they may build as many objects)
        self.fast = fast and self.max_objects >= MOST_OBJECTS

    def frame(self, frame: Frame, flows: Flows) -> list[Output]:
        """Everything one frame gives; raises WirestructError for a frame that does not parse."""
        data = frame.data
        flows.at(frame)
        fast = decode_frame(data, frame.link_type) \
            if self.fast and frame.orig_len == len(data) else None
        if fast is not None and fast[3] and tunnel_datagram(fast[0][1], fast[1][1]):
            fast = None             # a tunnel's datagram: the generated classes read it
        packet = decode(frame, self.max_objects, self.dissectors) if fast is None \
            else Packet(*fast)
        out: list[Output] = []
        if self.fragments.cost:         # datagrams are waiting
            out.extend(Output(error=error) for error in self.fragments.expire(frame.t))
        if type(packet) is Packet:
            got = flows.packet(packet, frame.t)
            if got and got[0].error is None:            # data of a followed flow
                if not out and frame.orig_len == len(frame.data):
                    return got                          # the common case
                out.extend(got)
            else:
                out.extend(got)
                self._followed(packet, frame, flows, out)
            if frame.orig_len > len(frame.data):
                error = self.unread.count(CUT, f"frame {frame.number}",
                                          frame.orig_len - len(frame.data), unit=None)
                if error is not None:
                    out.append(Output(error=error))
        elif type(packet) is Fragment:
            self._fragment(packet, frame, flows, out)
        elif type(packet) is Batch:
            self._batch(packet, frame, flows, out)
        else:
            self._count(packet, frame, out)
        return out

    def _batch(self, batch: Batch, frame: Frame, flows: Flows, out: list[Output]) -> None:
        """A frame of several messages (netlink): each message's packet goes the way a
        frame's does; what is not read is counted by the message, with its bytes."""
        place = f"frame {frame.number}"
        for number, (got, size) in enumerate(batch.items, 1):
            if type(got) is Packet:
                found = flows.packet(got, frame.t)
                out.extend(found)
                if not found or found[0].error is not None:
                    self._followed(got, frame, flows, out, size, NETLINK_UNIT)
            elif type(got) is Fragment:
                self._fragment(got, frame, flows, out)
            elif type(got) is str:
                self._count(got, frame, out, size, NETLINK_UNIT)
            elif isinstance(got, WirestructError):
                out.append(Output(error=CaptureError(
                    f"{place}, netlink message {number} of {len(batch.items)} does not "
                    f"parse: {got.message}", expected=got.expected, offset=frame.offset,
                    dropped=size, dropped_unit="bytes")))
        if batch.rest:
            out.append(Output(error=CaptureError(
                f"{place}: the {batch.rest} bytes after netlink message {len(batch.items)} "
                "are not a whole message (a length shorter than the header or past the "
                "frame), not read", expected="netlink messages that fill the frame",
                offset=frame.offset + len(frame.data) - batch.rest, dropped=batch.rest,
                dropped_unit="bytes")))
        if frame.orig_len > len(frame.data):
            error = self.unread.count(CUT, place, frame.orig_len - len(frame.data), unit=None)
            if error is not None:
                out.append(Output(error=error))

    def _fragment(self, fragment: Fragment, frame: Frame, flows: Flows,
                  out: list[Output]) -> None:
        """An IP fragment; the datagram it completes may be a tunnel's, whose inner packet
        may be a fragment in turn (at most ``MAX_TUNNELS`` deep)."""
        whole: Packet | Fragment | str | None = None
        for _ in range(MAX_TUNNELS + 1):
            got, whole = flows.fragment(fragment, frame, self.fragments)
            out.extend(got)
            if type(whole) is not Fragment:
                break
            fragment = whole
        else:
            whole = f"tunnels nested more than {MAX_TUNNELS} deep"
        if type(whole) is Packet:
            if not any(o.error is None for o in got):
                self._followed(whole, frame, flows, out)
        elif type(whole) is str:
            self._count(whole, frame, out)

    def _count(self, kind: str, frame: Frame, out: list[Output], size: int | None = None,
               unit: str = "frames") -> None:
        """Count a frame (or, with ``size`` and ``unit``, a part of it) of a kind not read."""
        error = self.unread.count(kind, f"frame {frame.number}",
                                  len(frame.data) if size is None else size, unit)
        if error is not None:
            out.append(Output(error=error))

    def _followed(self, packet: Packet, frame: Frame, flows: Flows,
                  out: list[Output], size: int | None = None, unit: str = "frames") -> None:
        """Count the frames (or messages: ``size``, ``unit``) of connections that are not
        followed."""
        key = (packet.src, packet.dst) if packet.src < packet.dst else (packet.dst, packet.src)
        if packet.udp:
            if flows.stream_mode:
                self._count("UDP datagrams (the protocol reads TCP streams)", frame, out,
                            size, unit)
                return
            flow = flows.udp.get(key)
        else:
            flow = flows.tcp.get(key)
        if flow is None or not flow.skipped:
            return
        if flow.number is None:
            self._count("frames of connections that do not involve the named server", frame,
                        out, size, unit)
        else:
            self._count("frames of connections whose server is unknown", frame, out, size, unit)

    def lost(self, frame: Frame, flows: Flows, exc: WirestructError) -> CaptureError:
        """The error of a frame that does not parse: one frame dropped and, when its
        headers place it in a followed TCP connection (:func:`.frames.unread.tcp_place`),
        that stream, direction and the stream bytes it carried (which become the stream's
        gap when later bytes arrive)."""
        cut = (f" (the capture kept {len(frame.data)} of its {frame.orig_len} bytes)"
               if frame.orig_len > len(frame.data) else "")
        message = f"frame {frame.number} does not parse{cut}: {exc.message}"
        where: dict = {}
        place = tcp_place(frame.data, frame.link_type)
        if place is not None:
            key = ((place.src, place.dst) if place.src < place.dst
                   else (place.dst, place.src))
            flow = flows.tcp.get(key)
            if flow is not None and not flow.skipped and flow.number is not None:
                direction = Direction.C2S if place.dst == flow.server else Direction.S2C
                half = flow.halves[direction]
                where = {"stream": flow.number, "direction": direction.label}
                if place.size and half.started:
                    start = half.offset_of(place.seq)
                    where["span"] = (start, start + place.size)
                message += (f"; a segment of stream {flow.number} ({direction.label}) "
                            f"carrying {place.size} bytes of its data is lost")
        return CaptureError(message, expected=exc.expected, offset=exc.where.offset,
                            field_path=exc.where.field_path, dropped=1,
                            dropped_unit="frames", **where)

    def finish(self) -> list[Output]:
        out = [Output(error=error) for error in self.fragments.finish()]
        out.extend(Output(error=error) for error in self.unread.summary())
        return out



def read_packet_capture(stream: CaptureStream, *, server: str | None = None,
                        server_ports: tuple[int, ...] = (), transport: str = "stream",
                        limits: Limits = DEFAULT_LIMITS, fast: bool = True,
                        short_way: bool | None = None,
                        dissectors: Sequence[str] | None = None,
                        datagrams: set[int] | None = None) -> Iterator[Item]:
    """Yield the records of a pcap or pcapng file (see the module documentation).
    ``datagrams``: filled with the UDP flows' stream numbers as they are met (to tell
    datagrams from TCP streams: the WebSocket layer). ``dissectors``: the Wireshark
    dissector names whose exported PDUs (link type 252) are read; PDUs exported for other
    dissectors, or naming none, are counted as not read (None reads every exported PDU).

    ``fast`` False reads every frame with the generated classes; ``short_way`` False (it
    follows ``fast`` unless given) takes in-order TCP data the general way too. Tests and
    benchmarks compare the ways: they give the same items."""
    if transport not in ("stream", "message"):
        raise ValueError(f"transport must be 'stream' or 'message', not {transport!r}")
    source = FileSource(stream)
    try:
        roles = Roles(parse_server(server) if server else None, tuple(server_ports))
    except ValueError as exc:
        yield CaptureError(str(exc), expected="--server PORT, HOST:PORT or [IPV6]:PORT",
                           record=0)
        return
    path = FramePath(limits, fast, None if dissectors is None else frozenset(
        name.encode("ascii", "replace") for name in dissectors))
    frames = _frames(source, limits, path.unread)
    if frames is None:
        yield CaptureError("not a pcap or pcapng file", offset=0, record=0,
                           expected="a pcap magic number or a pcapng section header block")
        return
    flows = Flows(roles, transport, limits, datagrams)
    index, last_t = 0, 0.0
    held: CaptureError | None = None    # the newest file error; the last one ends the output
    # The commonest frame (Ethernet, IPv4, TCP data in order on a followed connection)
    # takes a short way with the same outcome.
    short_way = path.fast if short_way is None else short_way and path.fast
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
                        number, ends = flow.number, flow.ends
                        # a followed flow has its server: it is numbered and its ends named
                        assert number is not None and ends is not None
                        yield CaptureRecord(index, frame.t, direction, payload, number,
                                            frame.number, frame.t_ns, ends[direction])
                        index += 1
                        continue
        try:
            outputs = path.frame(frame, flows)
        except WirestructError as exc:
            yield path.lost(frame, flows, exc).at(record=index)
            index += 1
            continue
        yield from _items(outputs, index)
        index += len(outputs)
    # End of the file: open gaps are reported and the bytes held behind them delivered;
    # an error that stopped the reading (a truncated file) comes last.
    ending = flows.finish(last_t) + path.finish()
    yield from _items(ending, index)
    if held is not None:
        yield held.at(record=index + len(ending))


def _frames(src: FileSource, limits: Limits, unread: UnreadTally
            ) -> Iterator[Frame | CaptureError] | None:
    """The frames of a pcap or pcapng file (None: neither); blocks that are not read are
    counted in ``unread``."""
    magic = src.peek(4)
    if len(magic) == 4 and int.from_bytes(magic, "big") in PCAP_MAGICS:
        return pcap_frames(src, limits)
    if magic == PCAPNG_MAGIC:
        return pcapng_frames(src, limits, unread)
    return None


def _items(outputs: list[Output], index: int) -> Iterator[Item]:
    """What flows hand out, as records and errors numbered from ``index``."""
    for out in outputs:
        if out.error is not None:
            yield out.error.at(record=index)
        else:
            yield CaptureRecord(index, out.t, out.direction, out.data, out.stream, out.frame,
                                out.t_ns, out.ends)
        index += 1
