"""Capture records: what every capture reader yields and every decoder is fed."""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, fields
from decimal import ROUND_HALF_EVEN, Decimal


class Direction(enum.IntEnum):
    """Which way a record travelled. Values are the container format's wire values."""

    C2S = 0  #: client to server
    S2C = 1  #: server to client

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Direction:
        try:
            return cls[text.upper()]
        except KeyError:
            raise ValueError(f"direction must be 'c2s' or 's2c', not {text!r}") from None


@dataclass(frozen=True, slots=True, init=False)
class CaptureRecord:
    """One record of a capture.

    For message protocols ``data`` is one packet; for TCP protocols it is a chunk of the
    byte stream of connection ``stream``, split anywhere. ``frame``, ``t_ns`` and ``ends``
    say where and exactly when the capture had it; records are equal without them.
    """

    index: int          #: position of the record in its capture, from 0
    t: float            #: timestamp, seconds (epoch or relative, as the capture has it)
    direction: Direction
    data: bytes
    stream: int = 0     #: connection number within the capture (TCP), 0 otherwise
    #: number of the capture frame that carried the record's first byte, from 1 as tshark
    #: numbers frames (pcap and pcapng); None when the capture has no frames
    frame: int | None = field(default=None, compare=False)
    #: ``t`` exactly, in integer nanoseconds (from the capture's own units, or from the
    #: decimal text of a JSON Lines time); None when only the float is known
    t_ns: int | None = field(default=None, compare=False)
    #: ``(source, destination)`` of the record's direction as "address:port" (IPv6 in
    #: brackets); one tuple shared by every record of a connection's direction. None when
    #: the capture does not say
    ends: tuple[str, str] | None = field(default=None, compare=False)

    # Written out (one record per packet or chunk): the generated frozen __init__ costs
    # about three times as much. Filling the slots through their descriptors keeps
    # assignment afterwards a FrozenInstanceError (see wirestruct.core.events).
    def __init__(self, index: int, t: float, direction: Direction, data: bytes,
                 stream: int = 0, frame: int | None = None, t_ns: int | None = None,
                 ends: tuple[str, str] | None = None) -> None:
        _cr_index(self, index)
        _cr_t(self, t)
        _cr_direction(self, direction)
        _cr_data(self, data)
        _cr_stream(self, stream)
        _cr_frame(self, frame)
        _cr_t_ns(self, t_ns)
        _cr_ends(self, ends)


_cr_index, _cr_t, _cr_direction, _cr_data, _cr_stream, _cr_frame, _cr_t_ns, _cr_ends = (
    vars(CaptureRecord)[f.name].__set__ for f in fields(CaptureRecord))


NS_PER_SECOND = 1_000_000_000


def seconds_text(t_ns: int) -> str:
    """``t_ns`` nanoseconds as exact decimal seconds: every digit up to the last one
    that is not zero, at least one after the point (``1700000000.123456789``, ``0.05``,
    ``12.0``)."""
    whole, frac = divmod(abs(t_ns), NS_PER_SECOND)
    digits = f"{frac:09d}".rstrip("0") or "0"
    return f"{'-' if t_ns < 0 else ''}{whole}.{digits}"


#: The text of the ``"t"`` number of a JSON line (checked against the value read).
_T_TEXT = re.compile(rb'"t"\s*:\s*(-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)\s*[,}]')


def time_text(line: bytes) -> bytes | None:
    """The decimal text of a JSON line's ``"t"`` number, if it has one (for
    :func:`nanoseconds`)."""
    found = _T_TEXT.search(line)
    return found[1] if found is not None else None


def nanoseconds(t: float, text: bytes | None = None) -> int:
    """Seconds as integer nanoseconds, from ``text`` (the number's decimal text) when it
    reads as ``t``, else from ``t``'s shortest decimal form (rounded half to even)."""
    exact = None
    if text is not None:
        try:
            number = Decimal(text.decode("ascii"))
        except ArithmeticError:
            number = None
        if number is not None and float(number) == t:
            exact = number
    if exact is None:
        exact = Decimal(repr(t))
    return int(exact.scaleb(9).to_integral_value(ROUND_HALF_EVEN))
