"""Multiplayer Map Editor benchmark: small packets/s and MB/s of voxels applied.

    python benchmarks/bench_mme.py [--packets 100000] [--map 512x512x128] [--repeat 3]

1. chatty session - small packets (moves, block changes, chat, pings, announces) in
   both directions, as TCP chunks of random size, framed, parsed and tracked;
2. map loads of the whole map: MAP_DATA in 32x32x32 chunks, and BUFFER_RESET /
   BUFFER_APPEND / BUFFER_IS_MAP_DATA - framed, parsed, inflated and applied to the
   NumPy block array.

Inputs are built first and not timed. Each figure is the best of ``--repeat`` runs, one
Python thread (the decode path is single-threaded). Peak memory is the process's maximum
resident set size at the end.

Checked before each figure is printed: an untimed decode of the same records gives
packets whose bytes are the records' (each direction: byte total and SHA-256) with no
error event, and every timed run has no error event, as many events as packets built
(chatty session) and, for map loads, the tracker's map equal to the map built, byte for
byte. Otherwise the script exits 1 naming the case and what it got.
"""
from __future__ import annotations

import argparse
import random
import resource
import struct
import sys
import time
import zlib
from pathlib import Path

import numpy as np
from wirestruct import get_protocol
from wirestruct.core.events import ErrorEvent
from wirestruct.core.limits import MAX_DECOMPRESSED, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.protocols.mme.generate import (
    chat,
    map_data,
    map_modify,
    map_setup,
    move,
    packet,
    region,
    terrain,
    type_bits,
)
from wirestruct.protocols.mme.packets import PacketType as P

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import agree, fed, packet_flows, records_flows, require  # noqa: E402

NAME = "bench_mme"


def records_of(direction_streams, rng, low=1, high=1500):
    """Interleave the directions' byte streams as records of random size."""
    out = []
    positions = {d: 0 for d in direction_streams}
    while any(positions[d] < len(s) for d, s in direction_streams.items()):
        d = rng.choice([d for d, s in direction_streams.items() if positions[d] < len(s)])
        n = rng.randint(low, high)
        data = direction_streams[d][positions[d]:positions[d] + n]
        positions[d] += len(data)
        out.append(CaptureRecord(len(out), 0.0, d, data))
    return out


def chatty_session(count: int, seed: int = 1):
    rng = random.Random(seed)
    s2c = [map_setup(128, 128, 64, 32)]
    s2c += [packet(P.announce_player, {"player_id": i, "color": i % 16 + 1,
                                       "name": f"Player{i}"})
            for i in range(1, 33)]
    c2s = [packet(P.available_packet_types, type_bits(range(50)))]
    n = len(s2c) + len(c2s)
    while n < count:
        r = rng.random()
        if r < 0.45:
            s2c.append(move(rng.uniform(0, 128), rng.uniform(0, 128), rng.uniform(0, 64),
                            rng.uniform(-3, 3), rng.uniform(-1, 1), rng.randint(1, 32)))
        elif r < 0.60:
            c2s.append(move(rng.uniform(0, 128), rng.uniform(0, 128), rng.uniform(0, 64), 0.0, 0.0))
        elif r < 0.78:
            s2c.append(map_modify(rng.randrange(128), rng.randrange(128), rng.randrange(64),
                                  rng.randint(1, 9), rng.randint(0, 32)))
        elif r < 0.90:
            s2c.append(chat(rng.randint(0, 32), f"\x1b\x02hello {rng.randrange(1000)}"))
        elif r < 0.95:
            c2s.append(packet(P.ping_request, {"data": struct.pack("<I", n)}))
        else:
            s2c.append(packet(P.announce_player, {"player_id": rng.randint(1, 32)}))
        n += 1
    streams = {Direction.S2C: b"".join(s2c), Direction.C2S: b"".join(c2s)}
    return records_of(streams, rng), n, sum(len(s) for s in streams.values())


def map_loads(dims, noisy: bool, seed: int = 2):
    """The two loads of one map. ``noisy`` replaces stone by 8 random block types, which
    makes the data some 30 times less compressible than plain terrain (a harder case for zlib)."""
    sx, sy, sz = dims
    rng = np.random.default_rng(seed)
    blocks = terrain(sx, sy, sz, sz // 2, rng)
    if noisy:
        stone = blocks == 1
        blocks[stone] = rng.integers(1, 9, size=int(stone.sum()), dtype=np.uint8)
    setup = map_setup(sx, sy, sz, sz // 2)
    chunks = [setup]
    for z in range(0, sz, 32):
        for y in range(0, sy, 32):
            for x in range(0, sx, 32):
                part = np.ascontiguousarray(blocks[z:z + 32, y:y + 32, x:x + 32])
                chunks.append(map_data(part, (x, y, z)))
    compressed = zlib.compress(blocks.tobytes())
    buffered = [setup, packet(P.buffer_reset)]
    buffered += [packet(P.buffer_append, {"data": compressed[i:i + 65000]})
                 for i in range(0, len(compressed), 65000)]
    buffered.append(packet(P.buffer_is_map_data,
                           {"region": region((0, 0, 0), (sx - 1, sy - 1, sz - 1))}))
    as_records = lambda packets: [CaptureRecord(i, 0.0, Direction.S2C, p)   # noqa: E731
                                  for i, p in enumerate(_segments(b"".join(packets)))]
    return blocks, {"MAP_DATA chunks": (as_records(chunks), len(chunks) - 1),
                    "buffer_is_map_data": (as_records(buffered), len(buffered) - 1)}


def _segments(data: bytes, size: int = 65536):
    return [data[i:i + size] for i in range(0, len(data), size)]


def run(records, **decoder_options):
    protocol = get_protocol("mme")
    tracker = protocol.tracker(**decoder_options)
    decoder = protocol.decoder(**decoder_options)
    start = time.perf_counter()
    events = 0
    errors = 0
    for event in track(decode_records(records, decoder), tracker):
        events += 1
        errors += isinstance(event, ErrorEvent)
    return time.perf_counter() - start, events, errors, tracker


def checked(label: str, records, **decoder_options) -> None:
    """The records decoded (untimed): the packets' bytes must be the records', with no
    error event, or the script stops."""
    flows, errors = packet_flows(decode_records(
        records, get_protocol("mme").decoder(**decoder_options)))
    require(NAME, not errors, f"{label}: {errors} error events")
    agree(NAME, f"{label}: the packets decoded (each direction's bytes)",
          {"the records": records_flows(records), "decoded": flows})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--packets", type=int, default=100_000)
    parser.add_argument("--map", default="512x512x128", help="X x Y x Z, multiples of 32")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    records, count, size = chatty_session(args.packets)
    records = fed("chatty session", records)
    checked("chatty session", records)
    best = None
    for _ in range(args.repeat):
        elapsed, events, errors, _ = run(records)
        require(NAME, not errors and events == count, f"chatty session: {errors} errors, "
                f"{events} events for {count} packets")
        best = elapsed if best is None else min(best, elapsed)
    print(f"chatty session: {count} packets, {size / 1e6:.2f} MB in {len(records)} records: "
          f"{count / best:,.0f} packets/s ({size / best / 1e6:.1f} MB/s) framed, parsed, tracked")

    dims = tuple(int(v) for v in args.map.lower().split("x"))
    for noisy in (False, True):
        if not report_map_loads(dims, noisy, args.repeat):
            return 1
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {peak:.0f} MiB")
    return 0


def report_map_loads(dims, noisy: bool, repeat: int) -> bool:
    blocks, loads = map_loads(dims, noisy)
    volume = blocks.size
    kind = "noisy terrain" if noisy else "terrain"
    for label, (load, num_packets) in loads.items():
        wire = sum(len(r.data) for r in load)
        # a whole-map BUFFER_IS_MAP_DATA inflates the whole volume in one packet
        limits = Limits(max_decompressed=max(volume, MAX_DECOMPRESSED))
        load = fed(label, load)
        checked(f"{kind} via {label}", load, limits=limits)
        best = None
        for _ in range(repeat):
            elapsed, _, errors, tracker = run(load, limits=limits)
            require(NAME, not errors and tracker.map_bytes() == blocks.tobytes(),
                    f"{kind} via {label}: {errors} error events, the map "
                    f"{'as built' if tracker.map_bytes() == blocks.tobytes() else 'not as built'}")
            best = elapsed if best is None else min(best, elapsed)
            del tracker
        print(f"map load {'x'.join(map(str, dims))} {kind} via {label}: {num_packets} packets, "
              f"{wire / 1e6:.2f} MB on the wire, {volume / 2**20:.0f} MiB of voxels in "
              f"{best:.3f} s: {volume / best / 1e6:,.0f} MB/s of voxels applied")
    return True


if __name__ == "__main__":
    sys.exit(main())
