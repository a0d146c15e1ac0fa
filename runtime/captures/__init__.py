"""Capture files in, capture records out (streaming; never the whole file in memory).

Formats, detected from the first bytes:

* ``jsonl``  - JSON Lines from hook loggers (:mod:`.jsonl`);
* ``pcap`` / ``pcapng`` - tcpdump/dumpcap/tshark files; TCP connections are reassembled
  into their two byte streams, UDP datagrams become one record each (:mod:`.pcap`);
* ``wscap`` - wirestruct's own container (:mod:`.container`).

Any of them may come from standard input (``-``), be compressed (gzip, xz or zstd,
recognised by magic bytes) and be followed while still being written (:mod:`.sources`).

:func:`open_capture` returns a :class:`Capture`; iterating it yields
:class:`~wirestruct.core.records.CaptureRecord` objects and, for input it could not read,
:class:`~wirestruct.core.errors.CaptureError` objects in their place (reading goes on).
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from wirestruct.captures.files.sources import STDIN, CaptureStream, Source, open_source
from wirestruct.core.errors import CaptureError, LimitExceededError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord

FORMATS = ("jsonl", "pcap", "pcapng", "wscap")

_PCAP_MAGICS = {b"\xd4\xc3\xb2\xa1", b"\xa1\xb2\xc3\xd4", b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d"}
_PCAPNG_MAGIC = b"\x0a\x0d\x0d\x0a"

#: What reading a capture yields: records and, in their place, errors for input that
#: could not be read (a record over a size limit is a LimitExceededError).
CaptureItem = CaptureRecord | CaptureError | LimitExceededError


def detect_format(head: bytes) -> str:
    from wirestruct.captures.files.container import MAGIC
    if head.startswith(MAGIC):
        return "wscap"
    if head[:4] in _PCAP_MAGICS:
        return "pcap"
    if head[:4] == _PCAPNG_MAGIC:
        return "pcapng"
    if head.lstrip()[:1] in (b"{", b""):
        return "jsonl"
    raise CaptureError("unknown capture format", offset=0,
                       expected="JSON Lines, pcap, pcapng or a wirestruct container, "
                                "plain or gzip/xz/zstd-compressed")


class Reading(Protocol):
    """How a protocol's records are read from a packet capture (a
    :class:`~wirestruct.plugin.protocol.Protocol` is one; so is :class:`Transport`)."""

    @property
    def transport(self) -> str: ...         # "stream" (TCP chunks) or "message" (datagrams)

    @property
    def default_ports(self) -> Sequence[int]: ...   # server ports when --server is not given

    # Optional: ``pdu_dissectors``, the Wireshark dissector names whose exported PDUs
    # (link type 252) carry the protocol's packets; PDUs exported for any other dissector
    # are counted as not read. Without it (or None) every exported PDU is read.
    # Optional: ``carrier``, ``"ws"`` when a message protocol's packets are WebSocket
    # messages over TCP (read from the streams by :mod:`.flows.websocket`); its UDP
    # datagrams (exported PDUs among them) are packets as for any message protocol.


@dataclass(frozen=True)
class Transport:
    """A :class:`Reading` without a protocol: ``stream`` reassembles TCP connections into
    byte streams (UDP is not read); ``message`` makes each UDP datagram (and each TCP
    chunk delivered) a record."""

    transport: str = "stream"
    default_ports: Sequence[int] = ()
    #: the dissector names whose exported PDUs are read; None: every exported PDU (a
    #: reading without a protocol has no dissector of its own to pick PDUs by)
    pdu_dissectors: Sequence[str] | None = None


STREAMS = Transport("stream")


@dataclass(frozen=True)
class Capture:
    """An open capture: what the file holds, read once with :meth:`records` (iterating
    the capture is the same as ``records()``); close it (or use ``with``) when done.

    Opening needs no protocol: the format, a container's protocol and the server given
    are known at once; how a packet capture's records are made (TCP streams or messages,
    the protocol's ports) is the protocol's, given to :meth:`records` once it is known,
    after detection."""

    path: str                               #: as given; ``-`` is standard input
    format: str
    stream: CaptureStream                   #: a :class:`~.sources.Source` from open_capture
    protocol: str | None = None          #: from the container header, if any
    server: str | None = None            #: "PORT" or "HOST:PORT" of the game server (pcap)
    limits: Limits = DEFAULT_LIMITS
    _reader: Any = field(default=None, repr=False)

    def records(self, reading: Reading = STREAMS) -> Iterator[CaptureItem]:
        """The capture's records (and, in their place, errors for input that could not be
        read), as ``reading`` - the protocol - reads a packet capture."""
        yield from self._records(reading)
        error = getattr(self.stream, "error", None)
        if error is not None:   # the compressed input broke off: say so after what was read
            yield error

    def __iter__(self) -> Iterator[CaptureItem]:
        return self.records()

    def _records(self, reading: Reading) -> Iterator[CaptureItem]:
        if self.format == "jsonl":
            from wirestruct.captures.files.jsonl import read_jsonl
            return read_jsonl(self.stream, limits=self.limits)
        if self.format == "wscap":
            return iter(self._reader)
        from wirestruct.captures.packets import read_packet_capture
        ws = getattr(reading, "carrier", None) == "ws"
        datagrams: set[int] | None = set() if ws else None
        items = read_packet_capture(self.stream, server=self.server,
                                    server_ports=tuple(reading.default_ports),
                                    transport=reading.transport, limits=self.limits,
                                    dissectors=getattr(reading, "pdu_dissectors", None),
                                    datagrams=datagrams)
        if datagrams is not None:   # TCP streams carry WebSocket; UDP datagrams stay packets
            from wirestruct.captures.flows.websocket import websocket_messages
            return websocket_messages(items, self.limits, server_given=self.server is not None,
                                      datagrams=datagrams)
        return items

    @property
    def name(self) -> str:
        """The capture's name in messages: its path, or ``<stdin>``."""
        return "<stdin>" if self.path == STDIN else self.path

    def close(self) -> None:
        self.stream.close()

    def __enter__(self) -> Capture:  # noqa: PYI034
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_capture(path: str | os.PathLike, *, format: str | None = None,
                 server: str | None = None, limits: Limits = DEFAULT_LIMITS,
                 follow: bool = False) -> Capture:
    """Open a capture for streaming reads: a file, or ``-`` for standard input, plain or
    gzip/xz/zstd-compressed. ``format`` is detected from the first bytes when not given;
    ``server`` (``PORT`` or ``HOST:PORT``) names the game server in a packet capture. With
    ``follow`` the capture is a file still being written: reading waits for more at its
    end (until interrupted) instead of ending."""
    if format is not None and format not in FORMATS:
        raise ValueError(f"unknown capture format {format!r}; known: {', '.join(FORMATS)}")
    path = os.fspath(path)
    stream: Source = open_source(path, follow=follow, limits=limits)
    try:
        if format is None:
            try:
                format = detect_format(stream.peek(16))
            except CaptureError as exc:
                raise exc.at(file=stream.name) from None
        if format == "wscap":
            from wirestruct.captures.files.container import ContainerReader
            reader = ContainerReader(stream, max_record=limits.max_record)
            return Capture(path=path, format=format, stream=stream, protocol=reader.protocol,
                           server=server, limits=limits, _reader=reader)
        return Capture(path=path, format=format, stream=stream, server=server, limits=limits)
    except BaseException:
        stream.close()
        raise
