"""One client connection of a proxy, sans-I/O: bytes in, bytes to forward and events out.

    session = ProxySession(protocol, stream=0, client="127.0.0.1:50123",
                           upstream="10.0.0.2:4000", hook=None)
    session.connect()
    out = session.relay(Direction.C2S, data)     # [(direction, bytes)]: send these now
    events = session.decoded()                    # then decode what went through
    out = session.end(Direction.C2S)              # the client closed its end: the rest

Without a hook, the bytes that came are forwarded unchanged at once and decoded after
(:meth:`ProxySession.decoded`). With a hook, each packet is framed first (a message
protocol's message is a packet; a stream protocol's packets are framed with its
decoder's ``packet_length``) and decoded, the hook is asked (:mod:`wirestruct.proxy.hooks`)
and what it answers is forwarded: the packet as it came, nothing, the packet built again
from its edited fields by the protocol's encoder, and injected packets. A packet that
fails to decode, or to encode again, is forwarded as it came and reported. The events
are those of the bytes forwarded (a second decoder reads them), so the output and the
recorded capture show what the far side received. Every forwarded chunk is also a
:class:`~wirestruct.core.records.CaptureRecord` in :attr:`ProxySession.records`.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import orjson
from wirestruct.core.decoder import READ_AHEAD, Decoder, StreamDecoder
from wirestruct.core.errors import (
    EncodeError,
    FramingError,
    StateError,
    WirestructError,
)
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.output.serialize import dumps_event
from wirestruct.plugin.protocol import Protocol
from wirestruct.proxy import hooks
from wirestruct.proxy.hooks import Connect, Disconnect, Drop, Edit, Hook, Inject, Packet, Undecoded

Forward = list[tuple[Direction, bytes]]


class _Framer:
    """Whole packets of one direction of a stream protocol, framed by the decoder's
    ``packet_length``; once a header cannot be framed, everything after it passes as
    it comes (``lost``)."""

    def __init__(self, decoder: StreamDecoder, direction: Direction, limit: int) -> None:
        self.decoder = decoder
        self.direction = direction
        self.limit = limit
        self.buf = bytearray()
        self.lost: str | None = None

    def push(self, data: bytes) -> list[tuple[bytes, bool]]:
        """The packets ``data`` completes: (bytes, True) each, or (bytes, False) for bytes
        that cannot be framed."""
        if self.lost is not None:
            return [(data, False)]
        self.buf += data
        out: list[tuple[bytes, bool]] = []
        while len(self.buf) >= self.decoder.header_size:
            try:
                length = self._length()
            except WirestructError as exc:
                self.lost = str(exc)
                out.append((bytes(self.buf), False))
                self.buf.clear()
                break
            if length is None or len(self.buf) < length:
                break
            out.append((bytes(self.buf[:length]), True))
            del self.buf[:length]
        return out

    def _length(self) -> int | None:
        decoder, buf = self.decoder, self.buf
        window = min(len(buf), READ_AHEAD) if decoder.reads_ahead else decoder.header_size
        while True:
            try:
                length = decoder.packet_length(bytes(buf[:window]), self.direction)
            except WirestructError:
                raise
            except Exception as exc:  # noqa: BLE001 - a header that cannot be read frames nothing
                raise FramingError(f"{type(exc).__name__}: {exc}",
                                   expected="a packet header") from None
            if not isinstance(length, int) or length < 1:
                raise FramingError(f"packet length {length!r}", expected="a length of 1 or more")
            if length > self.limit:
                raise FramingError(f"packet of {length} bytes", expected=f"at most {self.limit} "
                                   "bytes (limit max_packet)")
            if not decoder.reads_ahead or length <= window:
                return length
            if window >= len(buf):
                return None                  # the decoder needs more than has come
            window = min(max(window * 4, length), len(buf))


class ProxySession:
    """One client connection: see the module doc. ``message``: each :meth:`relay` call is
    one packet (a WebSocket message, or a message protocol); else chunks of a stream."""

    def __init__(self, protocol: Protocol, *, stream: int = 0, client: str = "",
                 upstream: str = "", hook: Hook | None = None, message: bool | None = None,
                 limits: Limits = DEFAULT_LIMITS, options: dict[str, Any] | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.protocol = protocol
        self.stream = stream
        self.client, self.upstream = client, upstream
        self.hook = hook
        self.limits = limits
        self.clock = clock
        self.message = protocol.transport == "message" if message is None else message
        opts = options or {}
        #: decodes what was forwarded: the events printed and recorded
        self.decoder: Decoder = protocol.decoder(limits=limits, **opts)
        #: the connection's game state, from what was forwarded
        self.tracker = protocol.tracker(limits=limits, **opts)
        self.records: list[CaptureRecord] = []     #: forwarded, not taken yet
        self._pending: list[CaptureRecord] = []    #: forwarded, not decoded yet
        self._events: list[Event] = []
        self._count = 0
        self._ends = {Direction.C2S: (client, upstream), Direction.S2C: (upstream, client)}
        self.inbound: Decoder | None = None        #: decodes what came, for the hook
        self._framers: dict[Direction, _Framer] = {}
        self._encoder: Any = None
        if hook is not None:
            self.inbound = protocol.decoder(limits=limits, **opts)
            self._encoder = (protocol.encoder(limits=limits, **opts)
                             if protocol.make_encoder is not None else None)
            if not self.message and isinstance(self.inbound, StreamDecoder):
                for d in Direction:
                    self._framers[d] = _Framer(self.inbound, d, limits.max_packet)

    # -- the edge calls these ---------------------------------------------------------
    def connect(self) -> Forward:
        """The connection is up: the hook is told; what it injects is to be sent."""
        return self._send(Direction.C2S, None,
                          self._ask(Connect(self.stream, self.client, self.upstream)))

    def end(self, direction: Direction) -> Forward:
        """The side sending ``direction`` closed its end: what is held of an unfinished
        packet (a hook waits for whole packets) is forwarded as it came, so that the far
        side receives every byte sent, as without the proxy; the decoder of the forwarded
        bytes reports the packet cut short when the connection ends."""
        framer = self._framers.get(direction)
        if framer is None or not framer.buf:
            return []
        data = bytes(framer.buf)
        framer.buf.clear()
        self._forwarded(direction, data)
        return [(direction, data)]

    def disconnect(self, reason: str) -> list[Event]:
        """The connection ended: the hook is told, what is still undecoded is reported."""
        if self.hook is not None:
            self._ask(Disconnect(self.stream, self.client, self.upstream, reason))
        for direction, framer in self._framers.items():
            if framer.buf:
                self._events.append(self._error(direction, FramingError(
                    f"connection ended inside a packet: {len(framer.buf)} bytes not forwarded",
                    expected="whole packets", dropped=len(framer.buf))))
                framer.buf.clear()
        events = self.decoded()
        events.extend(self.decoder.close())
        return events

    def snapshot(self) -> dict[str, Any]:
        """The connection's tracked state (:meth:`wirestruct.core.tracker.Tracker.snapshot`)."""
        return self.tracker.snapshot()

    def relay(self, direction: Direction, data: bytes) -> Forward:
        """What to send on for ``data`` that came travelling ``direction`` (C2S: from the
        client, to send to the server): at once, unchanged, without a hook."""
        if self.hook is None:
            self._forwarded(direction, data)
            return [(direction, data)]
        framer = self._framers.get(direction)
        pieces = framer.push(data) if framer is not None else [(data, True)]
        out: Forward = []
        for piece, framed in pieces:
            out.extend(self._through_hook(direction, piece, framed))
        return out

    def decoded(self) -> list[Event]:
        """The events of everything forwarded so far, in order."""
        events, self._events = self._events, []
        pending, self._pending = self._pending, []
        apply = self.tracker.apply_safely
        for record in pending:
            for event in self.decoder.feed(record):
                events.append(event)
                if event.__class__ is PacketEvent:
                    events.extend(apply(event))
        return events

    def take_records(self) -> list[CaptureRecord]:
        records, self.records = self.records, []
        return records

    # -- inside -------------------------------------------------------------------------
    def _forwarded(self, direction: Direction, data: bytes) -> None:
        t = self.clock()
        record = CaptureRecord(self._count, t, direction, data, self.stream, None,
                               int(t * 1e9), self._ends[direction])
        self._count += 1
        self.records.append(record)
        self._pending.append(record)

    def _error(self, direction: Direction | None, error: WirestructError) -> ErrorEvent:
        error.at(stream=self.stream, direction=direction.label if direction else None)
        return ErrorEvent(error, None, self.clock(), direction, None, self.stream, None, None,
                          self._ends[direction] if direction is not None else None)

    def _through_hook(self, direction: Direction, data: bytes, framed: bool) -> Forward:
        assert self.inbound is not None
        if not framed:
            self._events.append(self._error(direction, FramingError(
                f"{len(data)} bytes forwarded as they came: the stream can no longer be "
                f"split into packets ({self._framers[direction].lost})",
                expected="packets the protocol frames")))
            return self._send(direction, data, self._ask(Undecoded(
                self.stream, direction.label, data, "not framed")))
        t = self.clock()
        events = self.inbound.feed(CaptureRecord(self._count, t, direction, data, self.stream,
                                                 None, None, self._ends[direction]))
        top = next((e for e in events if e.__class__ is PacketEvent and e.parent is None), None)
        if top is None:
            first = next((e for e in events if isinstance(e, ErrorEvent)), None)
            why = str(first.error) if first is not None else "no packet"
            return self._send(direction, data, self._ask(Undecoded(
                self.stream, direction.label, data, why)))
        assert isinstance(top, PacketEvent)
        event = orjson.loads(dumps_event(top))
        children = [orjson.loads(dumps_event(e)) for e in events
                    if e.__class__ is PacketEvent and e.parent is not None]
        packet = Packet(self.stream, direction.label, top.index, top.name, top.packet_id, data,
                        orjson.loads(dumps_event(top)).get("fields") or {}, event, children)
        return self._send(direction, data, self._ask(packet), packet)

    def _ask(self, event: hooks.HookEvent) -> list[hooks.Action]:
        if self.hook is None:
            return []
        try:
            return hooks.actions(self.hook(event))
        except Exception as exc:  # noqa: BLE001 - a hook's failure is reported, the relay goes on
            direction = getattr(event, "direction", None)
            self._events.append(self._error(
                Direction.parse(direction) if direction else None,
                StateError(f"hook failed on {type(event).__name__}: {type(exc).__name__}: "
                           f"{exc}", expected="None, Drop, Edit, Inject or a list of them")))
            return []

    def _send(self, direction: Direction, data: bytes | None, actions: list[hooks.Action],
              packet: Packet | None = None) -> Forward:
        """Forward the packet (``data``; None: there is none) as the hook's actions say,
        then the injected ones."""
        out: Forward = []
        keep: bytes | None = data
        for action in actions:
            if isinstance(action, Drop):
                keep = None
            elif isinstance(action, Edit) and packet is not None:
                edited = dict(packet.event, fields=action.fields)
                built = self._encode(direction, edited,
                                     packet.children if action.children is None
                                     else action.children)
                if built is not None:
                    keep = built
        if keep is not None:
            out.append((direction, keep))
        for action in actions:
            if isinstance(action, Inject):
                out.extend(self._inject(action))
        for d, piece in out:
            self._forwarded(d, piece)
        return out

    def _inject(self, action: Inject) -> Forward:
        direction = Direction.parse(action.direction)
        if action.data is not None:
            return [(direction, bytes(action.data))]
        event: dict[str, Any] = {"index": -1, "t": self.clock(), "dir": direction.label,
                                 "name": action.name, "fields": action.fields}
        if action.packet_id is not None:
            event["id"] = action.packet_id
        built = self._encode(direction, event, [])
        return [] if built is None else [(direction, built)]

    def _encode(self, direction: Direction, event: dict[str, Any],
                children: list[dict[str, Any]]) -> bytes | None:
        """The bytes of a packet built from its event (and nested events); None, reported,
        when it cannot be built."""
        encoder = self._encoder
        if encoder is None:
            self._events.append(self._error(direction, EncodeError(
                f"{self.protocol.name} has no encoder", expected="a protocol that encodes")))
            return None
        items = encoder.feed(dict(event, stream=0))
        for child in children:
            items.extend(encoder.feed(dict(child, stream=0)))
        items.extend(encoder.flush())
        data: bytes | None = None
        for item in items:
            if isinstance(item, CaptureRecord):
                data = item.data
            else:
                self._events.append(self._error(direction, item))
        return data
