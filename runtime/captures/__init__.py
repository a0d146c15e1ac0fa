"""Capture files in, capture records out (streaming; never the whole file in memory).

Formats, detected from the first bytes:

* ``jsonl``  - JSON Lines from hook loggers (:mod:`.jsonl`);
* ``pcap`` / ``pcapng`` - tcpdump/dumpcap/tshark files; TCP connections are reassembled
  into their two byte streams, UDP datagrams become one record each (:mod:`.pcap`);
* ``wscap`` - wirestruct's own container (:mod:`.container`).

:func:`open_capture` returns a :class:`Capture`; iterating it yields
:class:`~wirestruct.records.CaptureRecord` objects and, for input it could not read,
:class:`~wirestruct.errors.CaptureError` objects in their place (reading goes on).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import BinaryIO, Iterator, Optional, Sequence, Union

from ..errors import CaptureError
from ..limits import DEFAULT_LIMITS, Limits
from ..records import CaptureRecord

FORMATS = ("jsonl", "pcap", "pcapng", "wscap")

_PCAP_MAGICS = {b"\xd4\xc3\xb2\xa1", b"\xa1\xb2\xc3\xd4", b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d"}
_PCAPNG_MAGIC = b"\x0a\x0d\x0d\x0a"


def detect_format(head: bytes) -> str:
    from .container import MAGIC
    if head.startswith(MAGIC):
        return "wscap"
    if head[:4] in _PCAP_MAGICS:
        return "pcap"
    if head[:4] == _PCAPNG_MAGIC:
        return "pcapng"
    if head.lstrip()[:1] in (b"{", b""):
        return "jsonl"
    raise CaptureError("unknown capture format", offset=0,
                       expected="JSON Lines, pcap, pcapng or a wirestruct container")


@dataclass
class Capture:
    """An open capture. Iterate it once; close it (or use ``with``) when done."""

    path: str
    format: str
    stream: BinaryIO
    protocol: Optional[str] = None          #: from the container header, if any
    server: Optional[str] = None            #: "PORT" or "HOST:PORT" of the game server (pcap)
    server_ports: Sequence[int] = ()        #: ports to try when ``server`` is not given
    transport: str = "stream"               #: "stream" (TCP chunks) or "message" (datagrams)
    limits: Limits = DEFAULT_LIMITS
    _reader: object = field(default=None, repr=False)

    def __iter__(self) -> Iterator[Union[CaptureRecord, CaptureError]]:
        if self.format == "jsonl":
            from .jsonl import read_jsonl
            return read_jsonl(self.stream, max_record=self.limits.max_record)
        if self.format == "wscap":
            return iter(self._reader)
        from .pcap import read_packet_capture
        return read_packet_capture(self.stream, server=self.server,
                                   server_ports=tuple(self.server_ports),
                                   transport=self.transport, limits=self.limits)

    def close(self) -> None:
        self.stream.close()

    def __enter__(self) -> "Capture":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_capture(path: Union[str, os.PathLike], *, format: Optional[str] = None,
                 server: Optional[str] = None, server_ports: Sequence[int] = (),
                 transport: str = "stream", limits: Limits = DEFAULT_LIMITS) -> Capture:
    """Open a capture file for streaming reads. ``format`` is detected when not given."""
    path = os.fspath(path)
    stream = open(path, "rb")
    try:
        if format is None:
            head = stream.read(16)
            stream.seek(0)
            format = detect_format(head)
        if format not in FORMATS:
            raise ValueError(f"unknown capture format {format!r}; known: {', '.join(FORMATS)}")
        capture = Capture(path=path, format=format, stream=stream, server=server,
                          server_ports=server_ports, transport=transport, limits=limits)
        if format == "wscap":
            from .container import ContainerReader
            capture._reader = ContainerReader(stream, max_record=limits.max_record)
            capture.protocol = capture._reader.protocol
        return capture
    except BaseException:
        stream.close()
        raise
