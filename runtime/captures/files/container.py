"""The wirestruct capture container (``.wscap``), described by
``ksy/capture/wirestruct_capture.ksy``.

Reading uses the generated classes on a file stream, one record at a time (the capture is
never loaded whole); writing packs the same layout.
"""
from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, BinaryIO

from wirestruct.core.errors import CaptureError, LimitExceededError
from wirestruct.core.limits import MAX_RECORD
from wirestruct.core.parse import wrap_exception
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.stream import ParseStream, parse_stream
from wirestruct.generated.capture.wirestruct_capture import WirestructCapture

if TYPE_CHECKING:
    from wirestruct.captures.files.sources import CaptureStream

MAGIC = b"\x89WSCAP\r\n"
VERSION = 1
_HEADER = struct.Struct("<dBHI")


class ContainerReader:
    """Iterate the records of a container file; ``protocol`` is known after opening."""

    def __init__(self, stream: CaptureStream, *, max_record: int = MAX_RECORD) -> None:
        self._io = ParseStream(stream)
        # The end is found by looking ahead (works on pipes), not by seeking to it.
        self._peek = getattr(stream, "peek", None)
        self._max_record = max_record
        try:
            magic = self._io.read_bytes(len(MAGIC))
            if magic != MAGIC:
                raise CaptureError("not a wirestruct capture container", expected=MAGIC.hex(" "),
                                   offset=0)
            version = self._io.read_u1()
            if version != VERSION:
                raise CaptureError(f"container version {version}", expected=f"version {VERSION}",
                                   offset=len(MAGIC))
            self.protocol = self._io.read_bytes(self._io.read_u1()).decode("ascii")
        except CaptureError:
            raise
        except Exception as exc:  # noqa: BLE001
            raise CaptureError(f"bad container header: {exc}", offset=self._io.pos()) from None

    def __iter__(self) -> Iterator[CaptureRecord | CaptureError | LimitExceededError]:
        io = self._io
        index = 0
        while (self._peek(1) != b"") if self._peek else not io.is_eof():
            start = io.pos()
            # The record's declared length is checked before its data is read: a record
            # over max_record is reported and its data skipped in bounded pieces.
            head = io._io.read(_HEADER.size)
            body = b""
            if len(head) == _HEADER.size:
                len_data = _HEADER.unpack(head)[3]
                if len_data > self._max_record:
                    skipped = _skip(io._io, len_data)
                    yield LimitExceededError(f"record of {len_data} bytes", record=index,
                                             expected=f"at most {self._max_record}",
                                             offset=start, dropped=_HEADER.size + skipped)
                    if skipped < len_data:
                        return                  # the file ends inside that record
                    index += 1
                    continue
                body = io._io.read(len_data)
            try:
                record = WirestructCapture.Record(parse_stream(head + body))
            except Exception as exc:  # noqa: BLE001
                err = wrap_exception(exc, packet_name="record")
                yield CaptureError(f"truncated or corrupt container record: {err.message}",
                                   expected=err.expected, record=index, offset=start,
                                   field_path=err.where.field_path)
                return
            direction = record.direction
            if not isinstance(direction, WirestructCapture.Direction):
                yield CaptureError(f"bad direction {direction}", expected="0 (c2s) or 1 (s2c)",
                                   record=index, offset=start + 8)
            else:
                yield CaptureRecord(index=index, t=record.t, direction=Direction(direction.value),
                                    data=record.data, stream=record.stream)
            index += 1


def _skip(stream: BinaryIO, count: int) -> int:
    """Read and discard ``count`` bytes in bounded pieces; how many there were."""
    skipped = 0
    while skipped < count:
        piece = stream.read(min(count - skipped, 1 << 20))
        if not piece:
            break
        skipped += len(piece)
    return skipped


def write_header(out: BinaryIO, protocol: str) -> None:
    name = protocol.encode("ascii")
    out.write(MAGIC + bytes([VERSION, len(name)]) + name)


def write_record(out: BinaryIO, record: CaptureRecord) -> None:
    out.write(_HEADER.pack(record.t, int(record.direction), record.stream, len(record.data)))
    out.write(record.data)


def write_container(out: BinaryIO, protocol: str, records: Iterable[CaptureRecord]) -> int:
    write_header(out, protocol)
    count = 0
    for record in records:
        write_record(out, record)
        count += 1
    return count
