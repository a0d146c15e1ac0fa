"""Work grows linearly with the input: N and 8N pieces of hostile map data cost ~8x.

Work is counted, not timed: the input bytes handed to ``zlib`` (Python's ``zlib`` copies
the input left over after a stream's end into ``unused_data``, so handing each new stream
the whole rest of a buffer is quadratic in bytes handed, though not in calls) and the
Python function calls made while decoding (``sys.setprofile``).
"""
import struct
import sys
import types
import zlib

import pytest
from wirestruct import get_protocol
from wirestruct.core.events import ErrorEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.protocols.mme import inflate as inflate_module

EMPTY = zlib.compress(b"")
BLOCKS = bytes(range(1, 9))                       # a 2 x 2 x 2 region


def frame(packet_type: int, payload: bytes = b"") -> bytes:
    return struct.pack("<HH", packet_type, len(payload)) + payload


REGION = struct.pack("<6h", 0, 0, 0, 1, 1, 1)


class _CountingInflater:
    """A zlib decompressor that counts the bytes it is handed and copies out."""

    def __init__(self, real, counter):
        self._real, self._counter = real, counter

    def decompress(self, data, max_length=0):
        self._counter["bytes"] += len(data)
        return self._real.decompress(data, max_length)

    @property
    def eof(self):
        return self._real.eof

    @property
    def unused_data(self):
        data = self._real.unused_data
        self._counter["bytes"] += len(data)
        return data

    @property
    def unconsumed_tail(self):
        data = self._real.unconsumed_tail
        self._counter["bytes"] += len(data)
        return data


@pytest.fixture
def zlib_bytes(monkeypatch):
    """Counts bytes handed to and copied out of every decompressor mme inflation makes."""
    counter = {"bytes": 0}
    fake = types.SimpleNamespace(
        MAX_WBITS=zlib.MAX_WBITS, error=zlib.error,
        decompressobj=lambda *a: _CountingInflater(zlib.decompressobj(*a), counter))
    monkeypatch.setattr(inflate_module, "zlib", fake)
    return counter


def _decode(stream: bytes, pieces: int = 1):
    """Decode ``stream`` (fed in ``pieces`` records); returns (python calls, events)."""
    decoder = get_protocol("mme").decoder()
    step = -(-len(stream) // pieces)
    records = [CaptureRecord(i, 0.0, Direction.S2C, stream[o:o + step])
               for i, o in enumerate(range(0, len(stream), step))]
    calls = 0
    events = []

    def profile(frame_, event, arg):
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(profile)
    try:
        for record in records:
            events += decoder.feed(record)
    finally:
        sys.setprofile(None)
    return calls, events


def empty_streams_map_data(n: int) -> bytes:
    """One MAP_DATA whose data is ``n`` empty zlib streams, then the region's data."""
    return frame(17, REGION + EMPTY * n + zlib.compress(BLOCKS))


def empty_streams_buffer(n: int) -> bytes:
    """BUFFER_APPENDs of ``n`` empty streams in all, then BUFFER_IS_MAP_DATA."""
    data = EMPTY * n + zlib.compress(BLOCKS)
    appends = b"".join(frame(21, data[i:i + 65000]) for i in range(0, len(data), 65000))
    return frame(20) + appends + frame(22, REGION)


def tiny_appends(n: int) -> bytes:
    """About ``n`` one-byte BUFFER_APPENDs (empty streams, then the region's), then
    BUFFER_IS_MAP_DATA."""
    data = EMPTY * (n // 8) + zlib.compress(BLOCKS)
    return (frame(20) + b"".join(frame(21, data[i:i + 1]) for i in range(len(data)))
            + frame(22, REGION))


def total_data_pieces(n: int) -> bytes:
    """A 32x32x32 map's whole-map stream in ``n`` one-byte MAP_TOTAL_DATA packets."""
    data = zlib.compress(bytes(range(1, 33)) * 1024, 0)   # stored blocks: incompressible
    data = data[:n] if n <= len(data) else data
    return (frame(14, struct.pack("<4H", 32, 32, 32, 0)) + frame(18)
            + b"".join(frame(19, data[i:i + 1]) for i in range(len(data))))


def _ratio(small, large):
    return large / small


@pytest.mark.parametrize("build", [empty_streams_map_data, empty_streams_buffer])
def test_appended_empty_streams_cost_linear_zlib_bytes(zlib_bytes, build):
    n = 1000 if build is empty_streams_map_data else 6000
    work = []
    for count in (n, 8 * n):
        zlib_bytes["bytes"] = 0
        _, events = _decode(build(count))
        last = events[-1]
        assert not isinstance(last, ErrorEvent), last
        assert last.expansions["blocks"].data == BLOCKS
        work.append(zlib_bytes["bytes"])
    assert 7.0 < _ratio(*work) < 9.0, work


@pytest.mark.parametrize("build, n", [(empty_streams_buffer, 2000), (tiny_appends, 400),
                                      (total_data_pieces, 400)])
def test_python_calls_grow_linearly(build, n):
    work = []
    for count in (n, 8 * n):
        calls, events = _decode(build(count), pieces=count // 10)
        assert not any(isinstance(e, ErrorEvent) for e in events)
        work.append(calls)
    assert 7.0 < _ratio(*work) < 9.0, work
