"""The one error hierarchy of wirestruct.

Every failure caused by input (a capture file, a packet, a stream) is raised or reported as
a :class:`WirestructError`. Each carries *where* it happened, as far as the layer that
raised it knows: the capture file, the record index, the packet index and id/name, the
byte offset and the field path where a parse stopped, the stream byte range concerned, and
what was expected there. Layers further out fill in what they know with
:meth:`WirestructError.at` as the error passes through them.

Nothing is dropped without an error saying how much: an error that stands for input that
was not decoded carries ``dropped`` (how many) and ``dropped_unit`` ("bytes", "frames",
"packets", "items").

    WirestructError
    ├── UsageError             a command line or API call that cannot be carried out as
    │                          asked (an unknown name, an option of another protocol ...)
    ├── CaptureError           reading a capture file (bad JSON line, truncated pcap ...)
    │   ├── StreamGapError     TCP bytes missing from a reassembled stream
    │   ├── StreamConflictError  TCP bytes seen twice with different contents, or bytes a
    │   │                      connection's state says cannot belong to it
    │   ├── FragmentError      IP fragments that do not make a datagram
    │   └── UnsupportedError   frames or traffic wirestruct does not read (counted)
    ├── DetectionError         no protocol, or more than one equally, fits a capture
    ├── FramingError           a byte stream that does not split into packets
    │   ├── TruncatedStreamError  a stream that ends inside a packet
    │   └── ResyncError        bytes skipped to find the next packet boundary
    ├── DecodeError            one packet that does not decode
    │   ├── ParseError         the generated classes stopped (wraps Kaitai/library errors)
    │   ├── DecompressionError corrupt LZ4/zlib data
    │   ├── LimitExceededError a resource cap from wirestruct.core.limits was reached
    │   └── DeltaError         a delta-compressed update that cannot be reconstructed
    ├── StateError             a packet that contradicts the tracked state
    ├── RowError               a decoded packet whose table rows cannot be made
    ├── EncodeError            fields that cannot be written as a packet
    ├── OutputError            an output that cannot be written safely (a directory that
    │                          is not empty, a symbolic link in the way ...)
    └── SpecError              regeneration/compilation of the .ksy specs failed

Exit status of the command line, by what ended the run (``wirestruct.tools.cli``):

    ====  ==========================================================================
    0     the run finished (error events are part of the output)
    1     ``--strict`` and some packet failed, or nothing decoded, encoded or matched
          (the wrong protocol, a ``--server`` that matched no traffic)
    2     bad usage (:class:`UsageError`), an unreadable file, a :class:`CaptureError`
          or :class:`DetectionError` that stops the run, an unsafe output
    130   interrupted (Ctrl-C, SIGINT), after the summary
    143   terminated (SIGTERM), after the summary
    ====  ==========================================================================
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypeVar

from wirestruct.core.limits import MAX_ERROR_MESSAGE

__all__ = [
    "WirestructError", "CaptureError", "StreamGapError", "StreamConflictError",
    "UnsupportedError", "FramingError", "TruncatedStreamError", "ResyncError", "DecodeError",
    "ParseError", "DecompressionError",
    "LimitExceededError", "DeltaError", "StateError", "SpecError", "Where", "UsageError",
    "DetectionError", "RowError", "EncodeError", "OutputError", "EXIT_OK", "EXIT_FAILED",
    "EXIT_USAGE", "EXIT_INTERRUPTED", "EXIT_TERMINATED",
]


@dataclass(frozen=True)
class Where:
    """Where in a capture an error happened; every part is optional."""

    file: str | None = None
    record: int | None = None
    packet_index: int | None = None
    packet_id: int | None = None
    packet_name: str | None = None
    offset: int | None = None
    field_path: str | None = None
    stream: int | None = None
    direction: str | None = None
    #: stream byte range concerned, ``(start, end)`` with ``end`` exclusive
    span: tuple[int, int] | None = None

    def merged(self, **known: Any) -> Where:
        """Fill in the parts that are still unknown; known parts are kept."""
        updates = {k: v for k, v in known.items() if v is not None and getattr(self, k) is None}
        return replace(self, **updates) if updates else self

    def describe(self) -> str:
        parts = []
        if self.file is not None:
            parts.append(self.file)
        if self.record is not None:
            parts.append(f"record {self.record}")
        if self.stream is not None:
            parts.append(f"stream {self.stream}")
        if self.direction is not None:
            parts.append(self.direction)
        if self.packet_index is not None:
            parts.append(f"packet #{self.packet_index}")
        if self.packet_name is not None or self.packet_id is not None:
            ident = self.packet_name or "?"
            if self.packet_id is not None:
                ident += f" (id {self.packet_id})"
            parts.append(ident)
        if self.offset is not None:
            parts.append(f"offset {self.offset}")
        if self.span is not None:
            parts.append(f"bytes {self.span[0]}..{self.span[1] - 1}")
        if self.field_path:
            parts.append(f"at {self.field_path}")
        return ", ".join(parts)


def bounded(text: str, limit: int = MAX_ERROR_MESSAGE) -> str:
    """``text``, or its start and end with the middle cut out when it is longer than
    ``limit`` characters (so an error never echoes a huge input value)."""
    if len(text) <= limit:
        return text
    keep = max(0, limit - 40) // 2
    return f"{text[:keep]} ... [{len(text) - 2 * keep} characters cut] ... {text[-keep:]}"


_E = TypeVar("_E", bound="WirestructError")


class WirestructError(Exception):
    """Base of every error wirestruct raises for bad input."""

    def __init__(self, message: str, *, expected: str | None = None,
                 where: Where | None = None, dropped: int | None = None,
                 dropped_unit: str = "bytes", **where_parts: Any) -> None:
        message = bounded(message)
        super().__init__(message)
        self.message = message
        self.expected = bounded(expected) if expected is not None else None
        self.where = (where or Where()).merged(**where_parts)
        #: how much input this error stands for that was not decoded (None: nothing lost)
        self.dropped = dropped
        self.dropped_unit = dropped_unit

    def at(self: _E, **where_parts: Any) -> _E:
        """Add context that this error does not know yet; returns self for re-raising."""
        self.where = self.where.merged(**where_parts)
        return self

    @property
    def kind(self) -> str:
        return type(self).__name__

    def __str__(self) -> str:
        text = self.message
        if self.expected:
            text += f" (expected {self.expected})"
        where = self.where.describe()
        return f"{where}: {text}" if where else text

    def to_json(self) -> dict:
        out: dict[str, Any] = {"error": self.kind, "message": self.message}
        if self.expected:
            out["expected"] = self.expected
        if self.dropped is not None:
            out["dropped"] = self.dropped
            out["dropped_unit"] = self.dropped_unit
        for key, value in self.where.__dict__.items():
            if value is not None:
                out[key] = list(value) if key == "span" else value
        return out


class CaptureError(WirestructError):
    """A capture file that cannot be read as its format says."""


class StreamGapError(CaptureError):
    """Bytes of a reassembled TCP stream are missing; none are invented."""


class StreamConflictError(CaptureError):
    """TCP bytes that contradict what the stream already holds: a retransmission with
    different contents, data after the connection ended, a sequence number far outside
    the window."""

    #: a second copy of delivered bytes with other contents (so the copy delivered, the
    #: first, may be the wrong one)
    conflicting_copy = False


class FragmentError(CaptureError):
    """IP fragments that do not make a datagram: missing at the end of the capture or
    after the timeout, evicted to stay within limits.max_fragment_buffer, conflicting
    overlaps, datagrams over 65535 bytes."""


class UnsupportedError(CaptureError):
    """Frames or traffic wirestruct does not read (a link type, an encapsulation), counted
    so that nothing disappears silently."""


class FramingError(WirestructError):
    """A byte stream that does not split into packets."""


class TruncatedStreamError(FramingError):
    """A stream ended in the middle of a packet."""


class ResyncError(FramingError):
    """Bytes a stream decoder skipped to find the next packet boundary (after a gap or
    a packet that could not be framed)."""


class DecodeError(WirestructError):
    """One packet that does not decode."""


class ParseError(DecodeError):
    """The generated classes stopped on this packet."""


class DecompressionError(DecodeError):
    """Compressed data (LZ4, zlib) is corrupt."""


class LimitExceededError(DecodeError):
    """A resource cap from :mod:`wirestruct.core.limits` was reached."""


class DeltaError(DecodeError):
    """A delta-compressed update that cannot be reconstructed."""


class StateError(WirestructError):
    """A packet that contradicts the tracked state (unknown entity, id reuse ...)."""


class SpecError(WirestructError):
    """The .ksy specs did not compile, or generated/ is out of date."""


class UsageError(WirestructError):
    """A command line or API call that cannot be carried out as asked: an unknown name (a
    protocol, a field, a packet, a limit), an option of another protocol, a bad value."""


class DetectionError(WirestructError):
    """No protocol, or more than one equally, fits the start of the capture."""


class RowError(WirestructError):
    """A decoded packet whose table rows could not be made (the rows made before the
    failure are kept; the capture's other packets are not affected)."""


class EncodeError(WirestructError):
    """Fields that cannot be written as a packet: a missing or ill-typed field, values the
    spec's checks refuse, lengths that do not match what they count."""


class OutputError(WirestructError):
    """An output that cannot be written safely: a directory that is not empty or not new,
    a symbolic link in the way, a file that exists."""


#: Exit status of the command line (the table above).
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
