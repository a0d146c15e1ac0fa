"""Helpers for the capture tests: read a capture, group streams, rewrite pcap files."""
from __future__ import annotations

import io
import struct
from collections import defaultdict
from pathlib import Path

from wirestruct.captures.packets import read_packet_capture
from wirestruct.core.errors import CaptureError, UnsupportedError, WirestructError
from wirestruct.core.limits import DEFAULT_LIMITS
from wirestruct.core.records import CaptureRecord, Direction

CAPTURES = Path(__file__).resolve().parent.parent / "data" / "captures"


def read_items(source, *, server=None, server_ports=(), transport="stream", limits=DEFAULT_LIMITS):
    """Every item read_packet_capture yields, from a path or bytes."""
    if isinstance(source, (bytes, bytearray)):
        stream = io.BytesIO(source)
    else:
        stream = open(source, "rb")
    with stream:
        items = list(read_packet_capture(stream, server=server, server_ports=tuple(server_ports),
                                         transport=transport, limits=limits))
    for position, item in enumerate(items):
        assert isinstance(item, (CaptureRecord, CaptureError)), item
        if isinstance(item, CaptureRecord):
            assert item.index == position
        else:
            assert item.where.record == position
    return items


def records(items) -> list[CaptureRecord]:
    return [item for item in items if isinstance(item, CaptureRecord)]


def errors(items) -> list[WirestructError]:
    """The errors, without the counts of frames that are not read (see :func:`unread`)."""
    return [item for item in items
            if not isinstance(item, (CaptureRecord, UnsupportedError))]


def unread(items) -> list[UnsupportedError]:
    """The UnsupportedError items: one per kind of frame not read, then the totals."""
    return [item for item in items if isinstance(item, UnsupportedError)]


def streams(items) -> dict[tuple[int, str], bytes]:
    """(stream, "c2s"/"s2c") -> all bytes delivered, in order."""
    out: dict[tuple[int, str], bytes] = defaultdict(bytes)
    for item in records(items):
        out[(item.stream, item.direction.label)] += item.data
    return dict(out)


def pcap_frames(data: bytes) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    """Split a little-endian pcap into its file header and (record header, frame) pairs."""
    header, rest = data[:24], data[24:]
    frames = []
    while rest:
        incl_len = struct.unpack_from("<I", rest, 8)[0]
        frames.append((rest[:16], rest[16:16 + incl_len]))
        rest = rest[16 + incl_len:]
    return header, frames


def join_pcap(header: bytes, frames) -> bytes:
    return header + b"".join(h + f for h, f in frames)


def load(name: str) -> bytes:
    return (CAPTURES / name).read_bytes()


__all__ = ["CAPTURES", "Direction", "read_items", "records", "errors", "unread", "streams",
           "pcap_frames", "join_pcap", "load"]
