"""A seeded toy session: two hellos, then moves and points."""
from __future__ import annotations

import random
import struct
from collections.abc import Iterator

from wirestruct.core.records import CaptureRecord, Direction


def session(seed: int, rounds: int) -> Iterator[CaptureRecord]:
    rng = random.Random(seed)
    t = 1_700_000_000.0
    packets = [b"\x01\x01\x05Alice", b"\x01\x02\x03Bob"]
    left = right = 0
    for _ in range(rounds):
        player = rng.choice((1, 2))
        packets.append(struct.pack(">BBhh", 2, player, rng.randrange(-100, 101),
                                   rng.randrange(-50, 51)))
        if rng.random() < 0.2:
            if rng.random() < 0.5:
                left += 1
            else:
                right += 1
            packets.append(struct.pack(">BBB", 3, left % 256, right % 256))
    for index, data in enumerate(packets):
        t += 0.05
        yield CaptureRecord(index, round(t, 6), Direction.S2C if index % 3 else Direction.C2S,
                            data)
