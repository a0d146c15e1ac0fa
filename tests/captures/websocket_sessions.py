"""WebSocket sessions for the capture tests, made with wsproto (a real WebSocket library):
a JSON Lines session replayed as WebSocket messages between a wsproto client and server,
its wire bytes written to pcap with wirestruct's own writer."""
from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

from wirestruct import open_capture
from wirestruct.captures.writers.pcap_writer import write_pcap
from wirestruct.core.records import CaptureRecord, Direction
from wsproto import ConnectionType, WSConnection
from wsproto.events import (
    AcceptConnection,
    BytesMessage,
    CloseConnection,
    Ping,
    Request,
    TextMessage,
)
from wsproto.extensions import PerMessageDeflate

ROOT = Path(__file__).resolve().parents[2]
DIEP_SAMPLE = ROOT / "samples" / "diep.jsonl"

#: How a message is sent: ``(data) -> list of (fragment, last)``, or None: whole.
Split = Callable[[bytes], list[tuple[bytes, bool]]] | None


def jsonl_records(path: Path = DIEP_SAMPLE) -> list[CaptureRecord]:
    with open_capture(path) as capture:
        return [r for r in capture.records() if isinstance(r, CaptureRecord)]


class Session:
    """A wsproto client and server joined back to back; every byte either sends is kept
    as a stream chunk record (stream 0) at the time given."""

    def __init__(self, deflate: dict | None = None, *, accept: dict | None = None,
                 host: str = "127.0.0.1") -> None:
        self.client = WSConnection(ConnectionType.CLIENT)
        self.server = WSConnection(ConnectionType.SERVER)
        self.chunks: list[CaptureRecord] = []
        self.received: list[tuple[Direction, bytes | str]] = []
        offer = [PerMessageDeflate(**deflate)] if deflate is not None else []
        self._send(Direction.C2S, Request(host=host, target="/", extensions=offer), 0.0, None)
        accepted = [PerMessageDeflate(**(accept if accept is not None else deflate))] \
            if deflate is not None else []
        self._send(Direction.S2C, AcceptConnection(extensions=accepted), 0.0, None)

    def _send(self, direction: Direction, event, t: float, t_ns: int | None) -> None:
        sender = self.client if direction is Direction.C2S else self.server
        receiver = self.server if direction is Direction.C2S else self.client
        data = sender.send(event)
        if not data:
            return
        self.chunks.append(CaptureRecord(len(self.chunks), t, direction, data, 0, None, t_ns))
        receiver.receive_data(data)
        for got in receiver.events():
            if isinstance(got, Request):
                continue
            if isinstance(got, (BytesMessage, TextMessage)) and got.message_finished:
                self.received.append((direction, got.data))

    def message(self, record: CaptureRecord, split: Split = None, *, text: bool = False,
                ping_between: bool = False) -> None:
        data: bytes | str = record.data.decode("utf-8") if text else record.data
        kind = TextMessage if text else BytesMessage
        parts = [(record.data, True)] if split is None else split(record.data)
        for number, (part, last) in enumerate(parts):
            chunk = part.decode("utf-8") if text else part
            self._send(record.direction, kind(data=chunk, message_finished=last), record.t,
                       record.t_ns)
            if ping_between and not last and number == 0:
                other = Direction.S2C if record.direction is Direction.C2S else Direction.C2S
                self._send(other, Ping(b"between fragments"), record.t, record.t_ns)
        del data

    def close(self, t: float, code: int = 1000, reason: str = "bye") -> None:
        self._send(Direction.C2S, CloseConnection(code=code, reason=reason), t, None)
        self._send(Direction.S2C, CloseConnection(code=code, reason=reason), t, None)

    def pcap(self, path: Path, server: tuple[str, int] = ("127.0.0.1", 8080)) -> Path:
        buf = io.BytesIO()
        write_pcap(buf, self.chunks, server=server)
        path.write_bytes(buf.getvalue())
        return path


def replay(records: Iterable[CaptureRecord], deflate: dict | None = None,
           split_every: int = 0, **kw) -> Session:
    """The records as a session; every ``split_every``-th message is sent in three frames
    with a ping between the first two."""
    session = Session(deflate, **kw)
    last = 0.0
    for n, record in enumerate(records):
        if split_every and n % split_every == 0 and len(record.data) >= 3:
            third = len(record.data) // 3
            parts = [(record.data[:third], False), (record.data[third:2 * third], False),
                     (record.data[2 * third:], True)]
            session.message(record, lambda _d, p=parts: p, ping_between=True)
        else:
            session.message(record)
        last = record.t
    session.close(last)
    return session
