"""Records written as a capture file of any format wirestruct writes: the one way
``convert`` and ``encode`` (and anyone else) write records.

A record a format cannot hold (a time before 1970 or past 2106 in pcap, a connection
number its synthesized ports cannot tell apart, a datagram over 65507 bytes, a time that
is not a finite number) is not written: :func:`write_records` hands it to ``rejected`` as
an :class:`~wirestruct.core.errors.EncodeError` saying why, and writes on, so nothing is
lost without a count and no half-written record is left in the file.
"""
from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO

from wirestruct.core.errors import EncodeError, WirestructError
from wirestruct.core.records import CaptureRecord

FORMATS = ("jsonl", "wscap", "pcap", "pcapng")

#: Times each format can store (seconds, ``low <= t < high``): pcap seconds are an
#: unsigned 32-bit word, pcapng ticks (nanoseconds here) an unsigned 64-bit one; JSON
#: Lines and ``.wscap`` hold any finite double.
TIMES = {"pcap": (0.0, float(2 ** 32 - 1)), "pcapng": (0.0, float(2 ** 64 // 10 ** 9 - 1)),
         "jsonl": (-math.inf, math.inf), "wscap": (-math.inf, math.inf)}
#: Stream numbers each format can store: a JSON Lines and ``.wscap`` connection number
#: is 0..65535; a synthesized pcap connection is told apart by its client port, 50000 on.
STREAMS = {"pcap": 0xFFFF - 50000, "pcapng": 0xFFFF - 50000, "jsonl": 0xFFFF, "wscap": 0xFFFF}
#: Most bytes of one record: a UDP datagram's payload, a ``.wscap`` record's u4 length.
MAX_DATAGRAM = 0xFFFF - 28
MAX_WSCAP_RECORD = 0xFFFFFFFF


def unwritable(record: CaptureRecord, fmt: str, transport: str = "stream") -> EncodeError | None:
    """Why ``record`` cannot be written as ``fmt`` (None when it can)."""
    t, stream = record.t, record.stream
    low, high = TIMES[fmt]
    if (isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t)
            or not low <= t < high):
        expected = ("a finite number of seconds" if fmt in ("jsonl", "wscap")
                    else f"seconds from 0 to {high:.0f} in a {fmt} file")
        return EncodeError(f"time {t!r} cannot be written", field_path="t", expected=expected,
                           record=record.index)
    if not 0 <= stream <= STREAMS[fmt]:
        return EncodeError(f"stream {stream} cannot be written", field_path="stream",
                           expected=f"a connection number 0..{STREAMS[fmt]} in a {fmt} file",
                           record=record.index)
    size = len(record.data)
    if fmt in ("pcap", "pcapng") and transport == "message" and size > MAX_DATAGRAM:
        return EncodeError(f"packet of {size} bytes cannot be one UDP datagram",
                           expected=f"at most {MAX_DATAGRAM} bytes", record=record.index)
    if fmt == "wscap" and size > MAX_WSCAP_RECORD:
        return EncodeError(f"record of {size} bytes", record=record.index,
                           expected=f"at most {MAX_WSCAP_RECORD} bytes in a .wscap record")
    return None


def writable(records: Iterable[CaptureRecord], fmt: str, transport: str,
             rejected: Callable[[WirestructError], None]) -> Iterator[CaptureRecord]:
    """The records ``fmt`` can hold; each other one goes to ``rejected``, counted as
    one dropped packet."""
    for record in records:
        problem = unwritable(record, fmt, transport)
        if problem is None:
            yield record
        else:
            problem.dropped, problem.dropped_unit = 1, "packets"
            rejected(problem)


def write_records(fmt: str, out: BinaryIO, records: Iterable[CaptureRecord], *,
                  rejected: Callable[[WirestructError], None], protocol: str = "",
                  transport: str = "stream", dissector: str | None = None) -> int:
    """Write ``records`` to ``out`` as ``fmt`` (see :data:`FORMATS`); returns how many
    were written. pcap and pcapng are synthesized: TCP connections for ``transport``
    "stream", one UDP datagram a record for "message" or, in a pcapng given a Wireshark
    ``dissector`` name, one exported PDU a record that names it."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown capture format {fmt!r}; known: {', '.join(FORMATS)}")
    exported = fmt == "pcapng" and transport == "message" and dissector is not None
    good = writable(records, fmt, "exported" if exported else transport, rejected)
    if fmt == "jsonl":
        from wirestruct.captures.files.jsonl import write_jsonl
        text = io.TextIOWrapper(out, encoding="utf-8", newline="\n", write_through=False)
        try:
            return write_jsonl(text, good)
        finally:
            text.flush()
            text.detach()
    if fmt == "wscap":
        from wirestruct.captures.files.container import write_container
        return write_container(out, protocol, good)
    from wirestruct.captures.writers.pcap_writer import (
        write_exported_pdus,
        write_pcap,
        write_pcapng,
        write_udp,
    )
    if exported:
        return write_exported_pdus(out, good, dissector or "")
    if transport == "message":
        return write_udp(out, good, pcapng=fmt == "pcapng")
    return (write_pcap if fmt == "pcap" else write_pcapng)(out, good)
