"""The flow table: TCP connections (each direction reassembled) and UDP flows by their
address pair, at most ``limits.max_flows`` at once, and what each hands out."""
from __future__ import annotations

from collections import OrderedDict

from wirestruct.captures.files.reading import Frame
from wirestruct.captures.flows.roles import SKIP, Roles, show
from wirestruct.captures.flows.tcp_reassembly import Budget, Chunk, Gap, HalfStream
from wirestruct.captures.frames.ip_fragments import FragmentBuffer
from wirestruct.captures.frames.layers import Endpoint, Fragment, Packet, reassembled
from wirestruct.core.errors import (
    CaptureError,
    StreamConflictError,
    StreamGapError,
    WirestructError,
)
from wirestruct.core.limits import Limits
from wirestruct.core.records import Direction


class Flow:
    """One connection (or UDP flow): its number, its server and, for TCP, its two byte
    streams. ``closed``: it ended (both FINs, or a reset) and moved to the table of ended
    connections, where its late segments are still read."""

    __slots__ = ("number", "server", "halves", "closed", "skipped", "ends")

    def __init__(self, number: int | None, server: Endpoint | None, limit: int,
                 history: int = 0, budget: Budget | None = None) -> None:
        self.number = number
        self.server = server
        self.skipped = server is None
        self.closed = False
        self.halves = (HalfStream(limit, history, budget, (self, Direction.C2S)),
                       HalfStream(limit, history, budget, (self, Direction.S2C)))
        #: (source, destination) "address:port" of each direction, by Direction
        self.ends: tuple[tuple[str, str], tuple[str, str]] | None = None

    def name_ends(self, packet: Packet) -> None:
        """Name both directions' endpoints from a packet of the flow (server known)."""
        server = self.server
        client = packet.src if packet.dst == server else packet.dst
        shown_client, shown_server = show(client), show(server)  # type: ignore[arg-type]
        self.ends = ((shown_client, shown_server), (shown_server, shown_client))


class Output:
    """Everything a flow hands out, before record indexes are given."""

    __slots__ = ("t", "direction", "data", "stream", "error", "frame", "t_ns", "ends")

    def __init__(self, t=0.0, direction=Direction.C2S, data=b"", stream=0, error=None,
                 frame=None, t_ns=None, ends=None):
        self.t, self.direction, self.data = t, direction, data
        self.stream, self.error = stream, error
        self.frame, self.t_ns, self.ends = frame, t_ns, ends


_REJECTED = {
    "conflict": "a second copy of stream bytes {start}..{last} differs from the first ({detail}); "
                "the first copy is kept, {count} bytes of the second are dropped",
    "late": "{count} bytes at stream offsets {start}..{last} arrived after they were reported "
            "missing ({detail}); dropped",
    "after_end": "{count} bytes at stream offsets {start}..{last} came after the sender's "
                 "FIN; dropped",
    "syn": "a SYN with another initial sequence number in a connection that carried data "
           "({detail}); {count} bytes dropped, the connection goes on",
    "far": "{count} bytes at stream offset {start}, far outside the TCP window ({detail}), "
           "cannot belong to the stream; dropped",
}


class Flows:
    """TCP connections and UDP flows by their address pair.

    At most ``limits.max_flows`` are followed at once; the segments of connections beyond
    that are dropped and counted (one error when it first happens, one at the end with
    the totals). Connections that ended (both FINs delivered, or a reset) move to a table
    of ended connections (as many again at most; the oldest is flushed and forgotten
    first), where later segments are still read: retransmissions pass quietly, data
    after a FIN is reported, data after a reset is delivered (it is what the peer had
    sent, or the reset was injected; tshark follows it too). A SYN without ACK on the
    ports of an ended connection, or with a new initial sequence number on those of a
    connection that carried no data yet (a retried connection attempt), starts a new
    stream number. Out-of-order bytes and history are held within one :class:`Budget`
    for the whole capture (``max_reassembly_buffers``, ``max_tcp_histories``)."""

    def __init__(self, roles: Roles, transport: str, limits: Limits,
                 datagrams: set[int] | None = None) -> None:
        self.roles = roles
        #: where given, the numbers of the UDP flows, added as each is met
        self.datagrams = datagrams
        self.stream_mode = transport == "stream"
        self.limit = limits.max_reassembly_buffer
        self.history = limits.max_tcp_history
        self.max_flows = limits.max_flows
        self.max_objects = limits.max_items_per_record
        self.budget = Budget(limits.max_reassembly_buffers, limits.max_tcp_histories)
        self.tcp: dict[tuple, Flow] = {}
        self.udp: dict[tuple, Flow] = {}
        self.ended: OrderedDict[tuple, Flow] = OrderedDict()
        self.count = 0
        self.over_segments = 0      # segments/datagrams of flows beyond max_flows
        self.over_bytes = 0
        #: the frame being read: its number and exact time (what records are marked with)
        self.frame: int | None = None
        self.t_ns: int | None = None

    def at(self, frame: Frame) -> None:
        """The frame read next (its number and time mark what it delivers)."""
        self.frame, self.t_ns = frame.number, frame.t_ns

    def _new(self, table: dict[tuple, Flow], key: tuple, packet: Packet, kind: str
             ) -> tuple[Flow | None, Output | None]:
        if len(self.tcp) + len(self.udp) >= self.max_flows:
            self.over_segments += 1
            self.over_bytes += len(packet.segment.body)
            if self.over_segments > 1:
                return None, None
            return None, Output(error=CaptureError(
                f"{kind} {show(packet.src)} <-> {show(packet.dst)}: {self.max_flows} "
                "connections and flows are followed already; the data of further ones is "
                "dropped (counted at the end of the capture)",
                expected=f"at most max_flows={self.max_flows} flows at once"))
        server = self.roles.server_of(packet)
        if server == SKIP:
            flow = Flow(None, None, 0)
            table[key] = flow
            return flow, None
        flow = Flow(self.count, server, self.limit, self.history,
                    self.budget if not packet.udp else None)
        self.count += 1
        table[key] = flow
        if packet.udp and self.datagrams is not None:
            self.datagrams.add(self.count - 1)
        if server is not None:
            flow.name_ends(packet)
            return flow, None
        hint = ("the capture has no handshake to tell" if kind == "TCP connection"
                else "datagrams do not tell")
        return flow, Output(stream=flow.number, error=CaptureError(
            f"{kind} {show(packet.src)} <-> {show(packet.dst)}: cannot tell which side is the "
            f"server ({hint}); its data is skipped", expected="the server given with --server "
            "PORT or --server HOST:PORT", stream=flow.number))

    def fragment(self, fragment: Fragment, frame: Frame, buffer: FragmentBuffer
                 ) -> tuple[list[Output], Packet | Fragment | str | None]:
        """An IP fragment: held until its datagram is whole, which then goes the way of
        any other packet, through the tunnels it is the outer datagram of
        (:func:`.frames.layers.reassembled`). Returned with the outputs: the packet (its
        outputs given), or an inner fragment or a tally kind for the caller."""
        data, errors = buffer.add(fragment.key, frame.t, frame.number, fragment.offset,
                                  fragment.more, fragment.data, fragment.len_header)
        out = [Output(error=error) for error in errors]
        if data is None:
            return out, None
        try:
            whole = reassembled(fragment, data, frame, self.max_objects)
        except WirestructError as exc:
            return out + [Output(error=CaptureError(
                f"frame {frame.number}: the reassembled {len(data)}-byte datagram does not "
                f"parse: {exc.message}", expected=exc.expected, dropped=len(data)))], None
        if type(whole) is not Packet:
            return out, whole
        return out + self.packet(whole, frame.t), whole

    def packet(self, packet: Packet, t: float) -> list[Output]:
        key = (packet.src, packet.dst) if packet.src < packet.dst else (packet.dst, packet.src)
        if packet.udp:
            return self._udp(key, packet, t)
        return self._tcp(key, packet, t)

    def _udp(self, key: tuple, packet: Packet, t: float) -> list[Output]:
        if self.stream_mode:
            return []
        out: list[Output] = []
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
        out.append(Output(t, direction, packet.segment.body, flow.number, None, self.frame,
                          self.t_ns, flow.ends[direction] if flow.ends else None))
        return out

    def _tcp(self, key: tuple, packet: Packet, t: float) -> list[Output]:
        segment = packet.segment
        out: list[Output] = []
        flow = self.tcp.get(key)
        opening = segment.syn and not segment.ack
        if flow is not None and opening and self._retried(flow, packet):
            out.extend(self._forget(flow, t))    # a connection attempt made again
            del self.tcp[key]
            flow = None
        if flow is None:
            flow = self.ended.get(key)
            if flow is not None and opening:     # the ports are reused by a new connection
                del self.ended[key]
                out.extend(self._forget(flow, t))
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
                              fin=segment.fin and not segment.rst, frame=self.frame)
        if deliveries:
            out.extend(self._outputs(flow, direction, deliveries, t))
        if segment.ack:
            other = Direction.S2C if direction is Direction.C2S else Direction.C2S
            flow.halves[other].acknowledged(segment.ack_num)
        if not flow.closed and (segment.rst or (flow.halves[0].finished
                                                 and flow.halves[1].finished)):
            out.extend(self._ended(flow, key, t))
        if self.budget.held > self.budget.held_cap:
            out.extend(self._release(t))
        return out

    @staticmethod
    def _retried(flow: Flow, packet: Packet) -> bool:
        """A SYN with another initial sequence number on the ports of a connection that
        carried no data: the attempt was made again (a new stream), not a SYN injected
        into a live one."""
        if flow.skipped:
            return False
        half = flow.halves[Direction.C2S if packet.dst == flow.server else Direction.S2C]
        return (half.isn is not None and (packet.segment.seq_num + 1) % (1 << 32) != half.isn
                and not flow.halves[0].carried_data and not flow.halves[1].carried_data)

    def _release(self, t: float) -> list[Output]:
        """Out-of-order bytes of all connections over ``max_reassembly_buffers``: the
        least recently fed holders report their first hole and deliver what follows."""
        out: list[Output] = []
        budget = self.budget
        while budget.held > budget.held_cap and budget.holding:
            half = next(iter(budget.holding))
            flow, direction = half.owner
            out.extend(self._outputs(flow, direction, half.release(), t))
        return out

    def _outputs(self, flow: Flow, direction: Direction, deliveries, t: float) -> list[Output]:
        """Deliveries as outputs: in stream mode each run of chunks is one (marked with
        the frame of its first byte), in message mode each chunk."""
        out: list[Output] = []
        run: list[bytes] = []
        first: int | None = None        # the frame of the run's first byte
        ends = flow.ends[direction] if flow.ends else None
        now, t_ns = self.frame, self.t_ns
        for item in deliveries:
            if isinstance(item, Chunk):
                frame = now if item.frame is None else item.frame
                if self.stream_mode:
                    if not run:
                        first = frame
                    run.append(item.data)
                else:
                    out.append(Output(t, direction, item.data, flow.number, None, frame, t_ns,
                                      ends))
                continue
            if run:
                out.append(Output(t, direction, b"".join(run), flow.number, None, first,
                                  t_ns, ends))
                run = []
            if isinstance(item, Gap):
                error: CaptureError = StreamGapError(
                    f"{item.size} bytes missing from the stream at offset {item.start}; "
                    "delivery goes on after them", expected=f"bytes {item.start}.."
                    f"{item.end - 1} of the stream", span=(item.start, item.end),
                    dropped=item.size)
            else:
                conflict = StreamConflictError(_REJECTED[item.kind].format(
                    start=item.start, last=item.end - 1, count=item.count, detail=item.detail),
                    span=(item.start, item.end), dropped=item.count)   # 0: nothing lost
                conflict.conflicting_copy = item.kind == "conflict"
                error = conflict
            error.at(stream=flow.number, direction=direction.label)
            out.append(Output(stream=flow.number, error=error))
        if run:
            out.append(Output(t, direction, run[0] if len(run) == 1 else b"".join(run),
                              flow.number, None, first, t_ns, ends))
        return out

    def _forget(self, flow: Flow, t: float) -> list[Output]:
        """A connection is no longer followed: open gaps reported, held bytes delivered,
        what the budget counted for it given back."""
        out: list[Output] = []
        if flow.skipped:
            return out
        for direction in (Direction.C2S, Direction.S2C):
            half = flow.halves[direction]
            if half.started:
                deliveries = half.flush()
                if deliveries:
                    out.extend(self._outputs(flow, direction, deliveries, t))
            half.close()
        return out

    def _ended(self, flow: Flow, key: tuple, t: float) -> list[Output]:
        """Both FINs delivered, or a reset: the connection moves to the ended table; the
        oldest one there is forgotten when it is full."""
        flow.closed = True
        out: list[Output] = []
        if self.tcp.get(key) is flow:
            del self.tcp[key]
            self.ended[key] = flow
            if len(self.ended) > self.max_flows:
                out.extend(self._forget(self.ended.popitem(last=False)[1], t))
        return out

    def finish(self, t: float) -> list[Output]:
        out: list[Output] = []
        for table in (self.tcp, self.ended):
            for flow in table.values():
                out.extend(self._forget(flow, t))
            table.clear()
        if self.over_segments:
            out.append(Output(error=CaptureError(
                f"{self.over_segments} segments and datagrams of connections beyond the "
                f"{self.max_flows} followed at once were dropped ({self.over_bytes} payload "
                "bytes)", expected=f"at most max_flows={self.max_flows} flows at once",
                dropped=self.over_bytes)))
        return out
