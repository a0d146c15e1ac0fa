"""WebSocket connections in reassembled TCP streams: the records of a packet capture's
byte streams in, one record per WebSocket message out.

Each connection (on any port) is read from its HTTP/1.1 upgrade: the client's ``GET``
request with ``Upgrade: websocket`` and a ``Sec-WebSocket-Key``, the server's ``101``
response whose ``Sec-WebSocket-Accept`` must be the key's (RFC 6455 section 4) and whose
``Sec-WebSocket-Extensions`` may accept permessage-deflate (RFC 7692,
:mod:`.permessage_deflate`). After it, both directions are frames
(:mod:`.websocket_frames`). A connection whose handshake was not captured is read as
frames from its first byte when the user named the server (``--server``), since then
nothing else can be meant; a first frame with RSV1 set then turns permessage-deflate on.
Otherwise, and for HTTP that is not upgraded, the connection's bytes are counted as not
read, with the reason.

A message becomes a :class:`~wirestruct.core.records.CaptureRecord` as a JSON Lines
message does: its bytes (inflated; a text message's UTF-8 bytes), its direction, the time
of the frame that completed it and the number of the frame that began it. Errors from
the stream (gaps included, which the frames reader also learns of) pass through; records
and errors are numbered anew in the order they come out.
"""
from __future__ import annotations

import base64
import hashlib
from collections import OrderedDict
from collections.abc import Container, Iterable, Iterator
from dataclasses import replace

from wirestruct.captures.flows.permessage_deflate import Deflate, negotiated
from wirestruct.captures.flows.websocket_frames import Budget, FrameReader, Item, Message
from wirestruct.core.errors import (
    CaptureError,
    LimitExceededError,
    StreamGapError,
)
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction

__all__ = ["accept_key", "websocket_messages"]

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
_END = b"\r\n\r\n"
_C2S, _S2C = Direction.C2S, Direction.S2C


def accept_key(key: str) -> str:
    """The ``Sec-WebSocket-Accept`` a server answers ``Sec-WebSocket-Key`` with."""
    return base64.b64encode(hashlib.sha1(key.strip().encode("latin-1") + _GUID).digest()
                            ).decode("ascii")


def _headers(block: bytes) -> tuple[str, dict[str, str]]:
    """The start line and the header fields (names lower-cased, repeats joined by ", ")
    of an HTTP/1.1 header block."""
    lines = block.decode("latin-1").split("\r\n")
    fields: dict[str, str] = {}
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if not sep:
            continue
        name, value = name.strip().lower(), value.strip()
        fields[name] = f"{fields[name]}, {value}" if name in fields else value
    return lines[0], fields


def _tokens(value: str) -> set[str]:
    return {token.strip().lower() for token in value.split(",")}


class Connection:
    """One TCP connection: its handshake, then a :class:`FrameReader` per direction."""

    __slots__ = ("number", "state", "reason", "held", "key", "readers", "unread",
                 "limits", "budget", "offsets", "guess", "last")

    def __init__(self, number: int, limits: Limits, budget: Budget, guess: bool) -> None:
        self.number = number
        self.state = "start"        # start, response, frames, unread
        self.reason = ""
        self.held: list[bytearray] = [bytearray(), bytearray()]    # by direction
        self.offsets = [0, 0]       # stream offset of held[direction][0]
        self.key = ""
        self.readers: list[FrameReader] = []
        self.unread = [0, 0]
        self.limits = limits
        self.budget = budget
        self.guess = guess          # read as frames when there is no handshake
        self.last: tuple[float, int | None, int | None] = (0.0, None, None)

    def data(self, record: CaptureRecord) -> list[Item]:
        direction = record.direction
        self.last = (record.t, record.t_ns, record.frame)
        if self.state == "frames":
            return self.readers[direction].feed(record.data, record.t, record.t_ns,
                                                record.frame)
        if self.state == "unread":
            self.unread[direction] += len(record.data)
            return []
        self.held[direction] += record.data
        out: list[Item] = []
        if self.state == "start":
            self._request(out)
        if self.state == "response":
            self._response(out)
        if self.state == "frames":
            for way in (_C2S, _S2C):
                data = bytes(self.held[way])
                self.held[way].clear()
                if data:
                    out.extend(self.readers[way].feed(data, record.t, record.t_ns,
                                                      record.frame))
        elif self.state in ("start", "response"):
            most = self.limits.max_ws_handshake
            if len(self.held[_C2S]) > most or len(self.held[_S2C]) > most:
                way = _C2S if len(self.held[_C2S]) > most else _S2C
                self._give_up(out, LimitExceededError(
                    f"stream {self.number}: the WebSocket handshake's {way.label} header "
                    f"block is past {most} bytes without its end", expected=f"at most "
                    f"max_ws_handshake={most} bytes of HTTP header", stream=self.number,
                    direction=way.label), "its handshake is too large")
        return out

    def _request(self, out: list[Item]) -> None:
        held = self.held[_C2S]
        if not held:
            if len(self.held[_S2C]) and self.guess:
                self._frames(None)       # the server spoke first: no HTTP handshake
            return
        if not b"GET "[:len(held)] == bytes(held[:4]):
            if self.guess:
                self._frames(None)
            else:
                self._give_up(out, CaptureError(
                    f"stream {self.number}: no WebSocket handshake (the client's first "
                    "bytes are not an HTTP GET request); its bytes are not read",
                    expected="an HTTP/1.1 upgrade to WebSocket, or --server naming the "
                             "server to read the connection as frames from its first byte",
                    stream=self.number), "no WebSocket handshake")
            return
        end = held.find(_END)
        if end < 0:
            return
        line, fields = _headers(bytes(held[:end]))
        problem = None
        if "websocket" not in _tokens(fields.get("upgrade", "")):
            problem = "has no 'Upgrade: websocket'"
        elif "sec-websocket-key" not in fields:
            problem = "has no Sec-WebSocket-Key"
        if problem is not None:
            self._give_up(out, CaptureError(
                f"stream {self.number}: the HTTP request {line[:80]!r} {problem}; the "
                "connection is not read", expected="an HTTP/1.1 upgrade to WebSocket",
                stream=self.number, direction="c2s"), "HTTP, not WebSocket")
            return
        self.key = fields["sec-websocket-key"]
        del held[:end + 4]
        self.offsets[_C2S] += end + 4
        self.state = "response"

    def _response(self, out: list[Item]) -> None:
        held = self.held[_S2C]
        end = held.find(_END)
        if end < 0:
            return
        line, fields = _headers(bytes(held[:end]))
        parts = line.split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/") or parts[1] != "101":
            self._give_up(out, CaptureError(
                f"stream {self.number}: the server answered {line[:80]!r}, not 101 "
                "Switching Protocols; the connection is not read", expected="HTTP/1.1 101",
                stream=self.number, direction="s2c"), "the upgrade was refused")
            return
        del held[:end + 4]
        self.offsets[_S2C] += end + 4
        accept = fields.get("sec-websocket-accept", "")
        if accept != accept_key(self.key):
            out.append(CaptureError(
                f"stream {self.number}: Sec-WebSocket-Accept {accept[:40]!r} is not the "
                f"one the key {self.key[:40]!r} asks for; the frames are read all the same",
                expected=accept_key(self.key), stream=self.number, direction="s2c"))
        deflate, problem = negotiated(fields.get("sec-websocket-extensions", ""))
        if problem is not None:
            out.append(CaptureError(
                f"stream {self.number}: Sec-WebSocket-Extensions: {problem}",
                expected="permessage-deflate with its RFC 7692 parameters",
                stream=self.number, direction="s2c"))
        self._frames(deflate, guess=False)

    def _frames(self, deflate: Deflate | None, guess: bool = True) -> None:
        self.readers = [FrameReader(way, self.limits, self.budget, deflate, guess,
                                    self.offsets[way]) for way in (_C2S, _S2C)]
        self.state = "frames"

    def _give_up(self, out: list[Item], error: CaptureError | LimitExceededError,
                 reason: str) -> None:
        out.append(error)
        self.state, self.reason = "unread", reason
        for way in (_C2S, _S2C):
            self.unread[way] += len(self.held[way])
            self.held[way] = bytearray()

    def gap(self, error: StreamGapError) -> list[Item]:
        direction = _C2S if error.where.direction == "c2s" else _S2C
        if self.state == "frames" and error.where.span is not None:
            return self.readers[direction].gap(*error.where.span)
        if self.state in ("start", "response"):
            # a handshake with a hole cannot be read; with --server the frames can be
            out: list[Item] = []
            if self.guess:
                self._frames(None)
                for way in (_C2S, _S2C):        # what came before the gap, as frames
                    data = bytes(self.held[way])
                    self.held[way].clear()
                    if data.startswith((b"GET ", b"HTTP/")):    # a handshake cut short
                        out.append(CaptureError(
                            f"stream {self.number}: {len(data)} bytes of a WebSocket "
                            "handshake cut by a gap are not read; frames are looked for "
                            "after the gap", expected="the whole handshake",
                            stream=self.number, direction=way.label, dropped=len(data)))
                        self.readers[way].base += len(data)
                    elif data:
                        out.extend(self.readers[way].feed(data, *self.last))
                if error.where.span is not None:
                    out.extend(self.readers[direction].gap(*error.where.span))
            else:
                self._give_up(out, CaptureError(
                    f"stream {self.number}: bytes of the WebSocket handshake are missing; "
                    "the connection is not read", expected="the whole handshake, or "
                    "--server to read the connection as frames", stream=self.number),
                    "its handshake is not whole")
            return out
        return []

    def finish(self) -> list[Item]:
        out: list[Item] = []
        if self.state == "frames":
            for reader in self.readers:
                out.extend(reader.finish())
            return out
        if self.state in ("start", "response"):
            if self.guess and (self.held[_C2S] or self.held[_S2C]):
                self._frames(None)
                for way in (_C2S, _S2C):
                    data = bytes(self.held[way])
                    if data:
                        out.extend(self.readers[way].feed(data, *self.last))
                    out.extend(self.readers[way].finish())
                return out
            self.reason = self.reason or "its WebSocket handshake is not complete"
            for way in (_C2S, _S2C):
                self.unread[way] += len(self.held[way])
        total = self.unread[0] + self.unread[1]
        if total:
            out.append(CaptureError(
                f"stream {self.number}: {self.unread[0]} bytes c2s and {self.unread[1]} "
                f"bytes s2c not read as WebSocket ({self.reason})", stream=self.number,
                expected="a WebSocket connection", dropped=total))
        return out


def websocket_messages(items: Iterable[CaptureRecord | CaptureError], limits: Limits, *,
                       server_given: bool = False, datagrams: Container[int] = ()
                       ) -> Iterator[CaptureRecord | CaptureError | LimitExceededError]:
    """The WebSocket messages of a packet capture's reassembled TCP streams (``items``:
    what :func:`~wirestruct.captures.packets.read_packet_capture` yields for
    ``transport="stream"``), as message records; see the module documentation.
    ``server_given``: the user named the server, so a connection without a handshake is
    read as frames. ``datagrams``: the streams that are UDP flows, whose records pass
    through as they are (renumbered).

    Connections are held as the flow table holds TCP connections: at most twice
    ``limits.max_flows`` (those followed and as many ended), the least recently active
    finished and forgotten first (what it held is reported as at the end of the capture;
    later bytes of its stream are then read as a connection whose handshake was not
    seen)."""
    connections: OrderedDict[int, Connection] = OrderedDict()
    keep = 2 * limits.max_flows
    budget = Budget(limits.max_ws_inflated_total)
    ends: dict[tuple[int, Direction], tuple[str, str] | None] = {}
    index = 0

    def numbered(stream: int, out: list[Item]
                 ) -> Iterator[CaptureRecord | CaptureError | LimitExceededError]:
        nonlocal index
        for got in out:
            if isinstance(got, Message):
                yield CaptureRecord(index, got.t, got.direction, got.data, stream, got.frame,
                                    got.t_ns, ends.get((stream, got.direction)))
            else:
                got.where = replace(got.where, record=index, stream=stream)
                yield got
            index += 1

    def finished(conn: Connection
                 ) -> Iterator[CaptureRecord | CaptureError | LimitExceededError]:
        yield from numbered(conn.number, conn.finish())
        for direction in (_C2S, _S2C):
            ends.pop((conn.number, direction), None)

    for item in items:
        if isinstance(item, CaptureRecord) and item.stream in datagrams:
            yield replace(item, index=index)
            index += 1
            continue
        if isinstance(item, CaptureRecord):
            stream = item.stream
            conn = connections.get(stream)
            if conn is None:
                if len(connections) >= keep:
                    yield from finished(connections.popitem(last=False)[1])
                conn = connections[stream] = Connection(stream, limits, budget, server_given)
            else:
                connections.move_to_end(stream)
            ends[stream, item.direction] = item.ends
            out = conn.data(item)
        else:
            where = item.where
            stream = where.stream if where.stream is not None else -1
            out = (connections[stream].gap(item)
                   if isinstance(item, StreamGapError) and stream in connections else [])
            item.where = replace(where, record=index)
            index += 1
            yield item
        yield from numbered(stream, out)
    for conn in connections.values():
        yield from finished(conn)
