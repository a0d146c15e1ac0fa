"""The sockets around :class:`wirestruct.proxy.session.ProxySession`: ``wirestruct proxy``.

An asyncio server on the listening address; each client gets a connection to the
upstream server and a session of its own. Plain TCP: bytes are relayed both ways as they
come (a half-close is passed on: one side's end of data ends the other side's sending
and the other direction goes on). ``websocket``: the proxy speaks WebSocket on both
sides (``wsproto``): the client's handshake is passed to the upstream server (its target
path and subprotocols) and the answer back; messages are relayed one packet each, text
messages, pings, pongs and closes passed on as they came.

A slow peer slows only its own connection: the side that sends to it is not read until
what was written has drained. Past ``limits.max_clients`` connections, another is
refused and reported; a WebSocket message over ``limits.max_ws_message`` closes its
connection with status 1009, reported.
"""
from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wirestruct.core.errors import LimitExceededError, WirestructError
from wirestruct.core.events import ErrorEvent, Event
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.plugin.protocol import Protocol
from wirestruct.proxy.hooks import Hook
from wirestruct.proxy.record import Recorder
from wirestruct.proxy.session import ProxySession

#: Bytes read from a socket at a time.
READ_SIZE = 65536
#: Headers of a client's handshake the proxy's own handshake upstream makes anew (the
#: others, such as Origin, Cookie and User-Agent, are passed on).
_HANDSHAKE = frozenset({b"host", b"upgrade", b"connection", b"sec-websocket-key",
                        b"sec-websocket-version", b"sec-websocket-extensions",
                        b"sec-websocket-protocol", b"content-length"})
#: Seconds a closing connection waits for its peers to take what is left.
CLOSE_WAIT = 2.0


@dataclass
class ProxyConfig:
    protocol: Protocol
    listen: tuple[str, int]
    upstream: tuple[str, int]
    websocket: bool = False
    hook: Hook | None = None
    limits: Limits = DEFAULT_LIMITS
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class Tally:
    connections: int = 0
    refused: int = 0
    packets: int = 0
    errors: int = 0


class Proxy:
    """The running proxy: ``emit`` gets every event (in each connection's order),
    ``recorder`` every forwarded record."""

    def __init__(self, config: ProxyConfig, emit: Callable[[list[Event]], None],
                 recorder: Recorder | None = None) -> None:
        self.config = config
        self.emit_events = emit
        self.recorder = recorder
        self.tally = Tally()
        self._next_stream = 0
        self._tasks: set[asyncio.Task[Any]] = set()
        self.server: asyncio.Server | None = None
        self.address: tuple[str, int] | None = None

    async def start(self) -> None:
        host, port = self.config.listen
        self.server = await asyncio.start_server(self._accepted, host, port,
                                                 limit=READ_SIZE)
        self.address = self.server.sockets[0].getsockname()[:2]

    async def stop(self) -> None:
        """Stop listening, end every connection (their summaries and records written)."""
        if self.server is not None:
            self.server.close()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # -- one connection ---------------------------------------------------------------
    def emit(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, ErrorEvent):
                self.tally.errors += 1
            else:
                self.tally.packets += 1
        if events:
            self.emit_events(events)

    def record(self, records: list[CaptureRecord]) -> None:
        if self.recorder is not None:
            for record in records:
                problem = self.recorder.write(record)
                if problem is not None:
                    self.emit([ErrorEvent(problem, None, record.t, record.direction, None,
                                          record.stream, None, record.t_ns, record.ends)])

    async def _accepted(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
                        ) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await self._serve(reader, writer)
        finally:
            self._tasks.discard(task)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = _text(writer.get_extra_info("peername"))
        upstream = _text(self.config.upstream)
        stream = self._next_stream
        self._next_stream += 1
        if len(self._tasks) > self.config.limits.max_clients:
            self.tally.refused += 1
            self.emit([_connection_error(stream, client, upstream, LimitExceededError(
                f"client {client} refused: {len(self._tasks) - 1} connections relayed",
                expected=f"at most {self.config.limits.max_clients} at once "
                         "(limit max_clients)", dropped=1, dropped_unit="connections"))])
            await _close(writer)
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.config.upstream,
                                                                 limit=READ_SIZE)
        except OSError as exc:
            self.emit([_connection_error(stream, client, upstream, WirestructError(
                f"upstream {upstream} unreachable for client {client}: {exc.strerror or exc}",
                expected="a server listening there"))])
            await _close(writer)
            return
        self.tally.connections += 1
        session = ProxySession(self.config.protocol, stream=stream, client=client,
                               upstream=upstream, hook=self.config.hook,
                               message=True if self.config.websocket else None,
                               limits=self.config.limits, options=self.config.options)
        relay = (WebSocketRelay if self.config.websocket else TcpRelay)(
            self, session, (reader, writer), (up_reader, up_writer))
        reason = "closed"
        try:
            reason = await relay.run()
        except asyncio.CancelledError:
            reason = "proxy stopped"
        except (OSError, asyncio.IncompleteReadError) as exc:
            reason = f"{type(exc).__name__}: {exc}"
        except Exception as exc:  # noqa: BLE001 - one connection fails, the others go on
            reason = f"relay failed: {type(exc).__name__}: {exc}"
            self.emit([_connection_error(stream, client, upstream, WirestructError(
                f"connection of client {client} ended: {reason}"))])
        finally:
            await _close(writer)
            await _close(up_writer)
            self.emit(session.disconnect(reason))
            self.record(session.take_records())
            if self.recorder is not None:
                self.recorder.end(stream)


class TcpRelay:
    """Bytes both ways, half-closes passed on."""

    def __init__(self, proxy: Proxy, session: ProxySession,
                 down: tuple[asyncio.StreamReader, asyncio.StreamWriter],
                 up: tuple[asyncio.StreamReader, asyncio.StreamWriter]) -> None:
        self.proxy, self.session = proxy, session
        self.down, self.up = down, up
        self.writers = {Direction.C2S: up[1], Direction.S2C: down[1]}

    async def run(self) -> str:
        return await self.relay()

    async def relay(self) -> str:
        """The connection announced to the session, then both directions pumped until
        each ends; how they ended."""
        self.send(self.session.connect())
        await self.drain()
        pumps = [asyncio.ensure_future(self.pump(self.down[0], Direction.C2S)),
                 asyncio.ensure_future(self.pump(self.up[0], Direction.S2C))]
        try:
            done = await asyncio.gather(*pumps)
        finally:
            for pump in pumps:
                pump.cancel()
        return "; ".join(done)

    def send(self, forward: list[tuple[Direction, bytes]]) -> None:
        for direction, data in forward:
            writer = self.writers[direction]
            if not writer.is_closing():
                writer.write(data)

    async def drain(self, direction: Direction | None = None) -> None:
        """Wait until what was written travelling ``direction`` (both ways: None) has
        drained: a pump waits only for the peer it feeds, so a slow reader on one side
        never stalls the other direction."""
        for d, writer in self.writers.items():
            if (direction is None or d is direction) and not writer.is_closing():
                await writer.drain()

    async def pump(self, reader: asyncio.StreamReader, direction: Direction) -> str:
        who = "client" if direction is Direction.C2S else "server"
        session, proxy = self.session, self.proxy
        try:
            while True:
                data = await reader.read(READ_SIZE)
                if not data:
                    break
                self.send(session.relay(direction, data))      # forwarded first
                proxy.emit(session.decoded())
                proxy.record(session.take_records())
                await self.drain(direction)
        except (ConnectionError, OSError) as exc:
            for writer in self.writers.values():
                writer.close()
            return f"{who} connection lost ({type(exc).__name__})"
        self.send(session.end(direction))       # what was held of an unfinished packet
        proxy.record(session.take_records())
        await self.drain(direction)
        writer = self.writers[direction]
        if not writer.is_closing() and writer.can_write_eof():
            try:
                writer.write_eof()          # half-close passed on; the other way goes on
            except OSError:
                pass
        return f"{who} closed"


class WebSocketRelay(TcpRelay):
    """WebSocket on both sides: the handshake passed through, messages relayed."""

    async def run(self) -> str:
        from wsproto import ConnectionType, WSConnection
        from wsproto.events import AcceptConnection, RejectConnection, Request

        self.conns = {Direction.S2C: WSConnection(ConnectionType.SERVER),
                      Direction.C2S: WSConnection(ConnectionType.CLIENT)}
        self.parts: dict[Direction, list[bytes]] = {Direction.C2S: [], Direction.S2C: []}
        self.sizes = {Direction.C2S: 0, Direction.S2C: 0}
        request = await self._first(self.down[0], self.conns[Direction.S2C], Request)
        if request is None:
            return "client left before its WebSocket handshake"
        self._write(Direction.C2S, Request(
            host=_text(self.proxy.config.upstream), target=request.target,
            subprotocols=request.subprotocols, extra_headers=[
                (k, v) for k, v in request.extra_headers if k.lower() not in _HANDSHAKE]))
        answer = await self._first(self.up[0], self.conns[Direction.C2S],
                                   (AcceptConnection, RejectConnection))
        if not isinstance(answer, AcceptConnection):
            self._write(Direction.S2C, RejectConnection(status_code=502))
            await self.drain()
            return "upstream refused the WebSocket handshake"
        self._write(Direction.S2C, AcceptConnection(subprotocol=answer.subprotocol))
        await self.drain()
        return await self.relay()

    async def _first(self, reader: asyncio.StreamReader, conn: Any, kinds: Any) -> Any:
        while True:
            for event in conn.events():
                if isinstance(event, kinds):
                    return event
            data = await reader.read(READ_SIZE)
            conn.receive_data(data or None)
            if not data:
                for event in conn.events():
                    if isinstance(event, kinds):
                        return event
                return None

    def _write(self, direction: Direction, event: Any) -> None:
        """Send a wsproto event on the connection that ``direction`` travels to."""
        writer = self.writers[direction]
        if writer.is_closing():
            return
        try:
            writer.write(self.conns[direction].send(event))
        except Exception:  # noqa: BLE001 - a WebSocket closed meanwhile takes no more
            pass

    def send(self, forward: list[tuple[Direction, bytes]]) -> None:
        from wsproto.events import BytesMessage
        for direction, data in forward:
            self._write(direction, BytesMessage(data=data))

    async def pump(self, reader: asyncio.StreamReader, direction: Direction) -> str:
        from wsproto.connection import ConnectionState
        from wsproto.events import CloseConnection
        who = "client" if direction is Direction.C2S else "server"
        source = self.conns[Direction.S2C if direction is Direction.C2S else Direction.C2S]
        try:
            data = b"-"         # events the handshake's last read brought come first
            while True:
                for event in source.events():
                    if isinstance(event, CloseConnection):
                        if source.state is ConnectionState.REMOTE_CLOSING:
                            back = Direction.S2C if direction is Direction.C2S else Direction.C2S
                            self._write(back, event.response())
                        if self.conns[direction].state is ConnectionState.OPEN:
                            self._write(direction, CloseConnection(event.code, event.reason))
                        await self.drain(direction)
                        return f"{who} closed the WebSocket ({event.code})"
                    self.on_event(direction, event)
                self.proxy.emit(self.session.decoded())
                self.proxy.record(self.session.take_records())
                await self.drain(direction)
                if not data:
                    return f"{who} closed"
                data = await reader.read(READ_SIZE)
                source.receive_data(data or None)
        except (ConnectionError, OSError) as exc:
            for writer in self.writers.values():
                writer.close()
            return f"{who} connection lost ({type(exc).__name__})"
        except _TooBig as exc:
            return str(exc)

    def on_event(self, direction: Direction, event: Any) -> None:
        from wsproto.events import BytesMessage, Ping, Pong, TextMessage
        if isinstance(event, (Ping, Pong)):
            self._write(direction, type(event)(payload=event.payload))
        elif isinstance(event, TextMessage):
            self._write(direction, TextMessage(data=event.data,
                                               message_finished=event.message_finished))
        elif isinstance(event, BytesMessage):
            self.parts[direction].append(bytes(event.data))
            self.sizes[direction] += len(event.data)
            if self.sizes[direction] > self.proxy.config.limits.max_ws_message:
                self._too_big(direction)
            if event.message_finished:
                message = b"".join(self.parts[direction])
                self.parts[direction].clear()
                self.sizes[direction] = 0
                self.send(self.session.relay(direction, message))

    def _too_big(self, direction: Direction) -> None:
        from wsproto.events import CloseConnection
        size = self.sizes[direction]
        limit = self.proxy.config.limits.max_ws_message
        error = LimitExceededError(
            f"WebSocket message of more than {size} bytes; connection closed (1009)",
            expected=f"at most {limit} bytes (limit max_ws_message)", dropped=size,
            stream=self.session.stream, direction=direction.label)
        self.proxy.emit([ErrorEvent(error, None, None, direction, None, self.session.stream)])
        for d in Direction:
            self._write(d, CloseConnection(1009, "message too big"))
        raise _TooBig(f"{'client' if direction is Direction.C2S else 'server'} sent a message "
                      "over max_ws_message")


class _TooBig(Exception):
    pass


def _text(address: Any) -> str:
    if not address:
        return "?"
    host, port = address[0], address[1]
    return f"[{host}]:{port}" if ":" in str(host) else f"{host}:{port}"


def _connection_error(stream: int, client: str, upstream: str, error: WirestructError
                      ) -> ErrorEvent:
    error.at(stream=stream)
    return ErrorEvent(error, None, None, None, None, stream, None, None, (client, upstream))


async def _close(writer: asyncio.StreamWriter) -> None:
    if writer.is_closing():
        return
    writer.close()
    try:
        await asyncio.wait_for(writer.wait_closed(), CLOSE_WAIT)
    except (OSError, asyncio.TimeoutError):
        pass


async def serve(proxy: Proxy, ready: Callable[[tuple[str, int]], None] | None = None
                ) -> str:
    """Run ``proxy`` until SIGINT or SIGTERM; returns "interrupted" or "terminated"."""
    loop = asyncio.get_running_loop()
    stopped: asyncio.Future[str] = loop.create_future()

    def stop(word: str) -> None:
        if not stopped.done():
            stopped.set_result(word)

    for signum, word in ((signal.SIGINT, "interrupted"), (signal.SIGTERM, "terminated")):
        loop.add_signal_handler(signum, stop, word)
    await proxy.start()
    assert proxy.address is not None
    if ready is not None:
        ready(proxy.address)
    try:
        return await stopped
    finally:
        await proxy.stop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)


def print_ready(address: tuple[str, int], upstream: tuple[str, int]) -> None:
    print(f"wirestruct: proxy listening on {_text(address)}, relaying to {_text(upstream)}",
          file=sys.stderr, flush=True)
