"""Capture records: what every capture reader yields and every decoder is fed."""
from __future__ import annotations

import enum
from dataclasses import dataclass, fields


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
    byte stream of connection ``stream``, split anywhere.
    """

    index: int          #: position of the record in its capture, from 0
    t: float            #: timestamp, seconds (epoch or relative, as the capture has it)
    direction: Direction
    data: bytes
    stream: int = 0     #: connection number within the capture (TCP), 0 otherwise

    # Written out (one record per packet or chunk): the generated frozen __init__ costs
    # about three times as much. Filling the slots through their descriptors keeps
    # assignment afterwards a FrozenInstanceError (see wirestruct.core.events).
    def __init__(self, index: int, t: float, direction: Direction, data: bytes,
                 stream: int = 0) -> None:
        _cr_index(self, index)
        _cr_t(self, t)
        _cr_direction(self, direction)
        _cr_data(self, data)
        _cr_stream(self, stream)


_cr_index, _cr_t, _cr_direction, _cr_data, _cr_stream = (
    vars(CaptureRecord)[f.name].__set__ for f in fields(CaptureRecord))
