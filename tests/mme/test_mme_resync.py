"""MmeDecoder.resync: after a cut at a random point of a real session stream, the next
real packet boundary is found (confirmed by the header after it), in linear time."""
import json
import random
import struct
from pathlib import Path

import pytest
from wirestruct import get_protocol
from wirestruct.core.records import Direction
from wirestruct.protocols.mme import decoder as decoder_module
from wirestruct.protocols.mme.packets import PACKETS

DATA = Path(__file__).resolve().parent.parent / "data" / "mme"


def session_stream(direction: str) -> bytes:
    with open(DATA / "session.jsonl") as f:
        return b"".join(bytes.fromhex(r["data"]) for r in map(json.loads, f)
                        if r["dir"] == direction)


def boundaries(stream: bytes):
    """Offsets of the real packets (framed from the start) whose header resync may take."""
    out, pos = [], 0
    while pos + 4 <= len(stream):
        packet_type, size = struct.unpack_from("<HH", stream, pos)
        if (packet_type, size) != (0, 0):
            out.append(pos)
        pos += 4 + size
    assert pos == len(stream)
    return out


def resync_growing(decoder, stream: bytes, start: int, step: int, direction=Direction.S2C):
    """Call resync as a stream decoder does: with the data from ``start`` on, growing by
    ``step`` bytes; ``(n, False)`` drops n bytes. Returns the stream offset found (or None)."""
    base, end = start, start
    while True:
        end = min(len(stream), end + step)
        n, found = decoder.resync(memoryview(stream)[base:end], direction)
        base += n
        if found:
            return base
        if end == len(stream):
            return None


@pytest.mark.parametrize("direction", ["s2c", "c2s"])
def test_cuts_at_random_points_find_the_next_real_boundary(direction):
    """The session's stream, played again and again (as a long session goes on: a false
    candidate with a large size is refuted only once the data reaches past it), is cut at
    300 random points of its first play; resync, fed in pieces of random size, must land
    on the first real packet at or after the cut."""
    one = session_stream(direction)
    stream = one * (2 + 70_000 // len(one))
    real = boundaries(stream)
    rng = random.Random(7)
    decoder = get_protocol("mme").decoder()
    outcomes = {"right": 0, "early": 0, "late": 0}
    for _ in range(300):
        cut = rng.randrange(1, len(one))
        found = resync_growing(decoder, stream, cut, step=rng.choice([3, 100, 1000, 5000]))
        expected = next(b for b in real if b >= cut)
        outcomes["right" if found == expected else "early" if found < expected else "late"] += 1
    assert outcomes["right"] >= 0.95 * 300, outcomes


def test_a_cut_at_a_boundary_stays_there():
    stream = session_stream("s2c")
    decoder = get_protocol("mme").decoder()
    for b in boundaries(stream)[:-1][:200]:
        assert resync_growing(decoder, stream, b, step=len(stream)) == b


def test_unconfirmed_candidate_waits_for_more_data():
    decoder = get_protocol("mme").decoder()
    move = struct.pack("<HH", 24, 20) + b"\xff" * 20
    junk = b"\xff\xfe\xfd"
    # not enough data to see the header after the MOVE_PLAYER: wait at the candidate
    assert decoder.resync(memoryview(junk + move), Direction.S2C) == (3, False)
    assert decoder.resync(memoryview(junk + move + b"\x04\x00\x00"), Direction.S2C) == (3, False)
    assert decoder.resync(memoryview(junk + move + b"\x04\x00\x00\x00"), Direction.S2C) == (3, True)
    # refuted (no plausible header after it): the candidate is passed over
    assert decoder.resync(memoryview(junk + move + b"\xff\xff\xff\xff"), Direction.S2C) == (
        len(junk + move) + 1, False)
    # nothing plausible: all but the last three bytes can be dropped
    assert decoder.resync(memoryview(b"\xff" * 10), Direction.S2C) == (7, False)
    assert decoder.resync(memoryview(b"\xff"), Direction.S2C) == (0, False)


def test_sizes_the_document_does_not_list_are_no_candidates():
    decoder = get_protocol("mme").decoder()
    idle = struct.pack("<HH", 4, 0)
    assert PACKETS[24].allows(20) and not PACKETS[24].allows(22)
    bad_move = struct.pack("<HH", 24, 22) + b"\xff" * 22
    data = bad_move + idle + idle
    n, found = decoder.resync(memoryview(data), Direction.S2C)
    assert (n, found) == (len(bad_move), True)
    # four zero bytes are not a header (runs of zeros are common in payloads)
    assert decoder.resync(memoryview(bytes(64)), Direction.S2C) == (61, False)


def test_work_is_linear_when_data_arrives_byte_by_byte(monkeypatch):
    calls = {"n": 0}
    plausible = decoder_module._plausible

    def counting(data, pos):
        calls["n"] += 1
        return plausible(data, pos)

    monkeypatch.setattr(decoder_module, "_plausible", counting)
    decoder = get_protocol("mme").decoder()
    rng = random.Random(3)
    work = []
    for size in (2000, 16000):
        calls["n"] = 0
        noise = bytes(rng.choice(b"\xf0\xf1\xf2\x18") for _ in range(size))
        stream = noise + struct.pack("<HH", 4, 0) * 2
        assert resync_growing(decoder, stream, 0, step=1) == size
        work.append(calls["n"])
    assert work[1] < 9 * work[0] and work[1] <= 3 * 16004
