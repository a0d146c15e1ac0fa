"""Write the fuzz seed corpora, ``tests/fuzz/seeds/<target>/``, from the bundled samples
(``samples/*.jsonl``) and the real test captures (``tests/data/``).

    python tests/fuzz/make_seeds.py            # rewrite every seed folder
    python tests/fuzz/make_seeds.py mme pcap   # only these targets

Deterministic: the same samples give the same files (named by content hash), so the
committed seeds change only when the samples do.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import lzma
import random
import struct
import sys
import zlib
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "captures"))
sys.path.insert(0, str(HERE.parent / "mme"))

import harness
import hostile_inputs as hostile
import mme_attacks as mme
import test_encapsulations as encapsulations
from capture_helpers import load, pcap_frames
from harness import encode_gap, encode_record
from test_ip_fragments import fragment_frame
from wirestruct.captures.files.container import write_container
from wirestruct.captures.files.jsonl import read_jsonl
from wirestruct.captures.writers.pcap_writer import (
    PcapngWriter,
    PcapWriter,
    write_pcap,
    write_pcapng,
)
from wirestruct.core.records import CaptureRecord, Direction

SEEDS = HERE / "seeds"
#: Largest seed written (bytes; small inputs run fast); longer sessions are cut into
#: windows. One MME seed is the whole session (map loads need the packets before them).
MAX_SEED = 4 * 1024


def sample(name: str, path: Path | None = None) -> list[CaptureRecord]:
    path = path or ROOT / "samples" / f"{name}.jsonl"
    with open(path, "rb") as f:
        return [r for r in read_jsonl(f) if isinstance(r, CaptureRecord)]


def encode(records: Iterable[CaptureRecord]) -> bytes:
    out = bytearray()
    for record in records:
        data = record.data
        for start in range(0, max(len(data), 1), 0xFFFF):
            out += encode_record(data[start:start + 0xFFFF], record.direction, record.stream)
    return bytes(out)


def windows(records: list[CaptureRecord], size: int, step: int) -> Iterable[bytes]:
    for start in range(0, len(records), step):
        blob = encode(records[start:start + size])
        while len(blob) > MAX_SEED and size > 1:
            size //= 2
            blob = encode(records[start:start + size])
        yield blob


def message_seeds(name: str) -> list[bytes]:
    """Single packets (the first three of each packet id and direction) and windows of
    consecutive packets, from the session start on (deltas, compound, entity tables
    need what came before)."""
    records = sample(name)
    seeds = [encode(records[:n]) for n in (1, 4, 16, 48) if len(encode(records[:n])) <= MAX_SEED]
    seen: dict[tuple, int] = {}
    for record in records:
        key = (record.direction, record.data[:1])
        if seen.get(key, 0) < 3:
            seen[key] = seen.get(key, 0) + 1
            seeds.append(encode([record]))
    seeds.extend(windows(records, 8, 24))
    return seeds


def rechunk(records: list[CaptureRecord], rng: random.Random, low: int, high: int) -> list[CaptureRecord]:
    """The same byte streams, cut at other places (each direction keeps its order)."""
    out = []
    for record in records:
        data = record.data
        while data:
            n = rng.randint(low, high)
            out.append(CaptureRecord(len(out), record.t, record.direction, data[:n], record.stream))
            data = data[n:]
    return out


def stream_seeds() -> list[bytes]:
    """MME: the session from its start (whole once, then its first packets), windows of
    it (starting mid-stream: framing resync), re-chunked (1..8 and 1..300 bytes), on two
    connections, and with a gap."""
    records = sample("mme")
    rng = random.Random(1)
    seeds = [encode(records)]
    seeds += [encode(records[:n]) for n in (12, 40)]
    seeds.extend(windows(records[40:], 24, 24))
    seeds.append(encode(rechunk(records[:40], rng, 1, 8))[:MAX_SEED])
    seeds.append(encode(rechunk(records[:60], rng, 1, 300))[:MAX_SEED])
    second = [CaptureRecord(r.index, r.t, r.direction, r.data, 1) for r in records[:20]]
    seeds.append(encode(list(itertools.chain.from_iterable(zip(records[:20], second)))))
    seeds.append(encode(records[:20]) + encode_gap(7, records[20].direction) + encode(records[20:40]))
    return seeds


def jsonl_seeds() -> list[bytes]:
    seeds = []
    for path in sorted((ROOT / "samples").glob("*.jsonl")) + [ROOT / "tests/data/mme/session.jsonl"]:
        lines = path.read_bytes().splitlines(keepends=True)
        seeds.append(b"".join(lines[:12]))
        seeds.append(b"".join(line for line in lines[:200] if len(line) < 200)[:MAX_SEED])
    seeds.append(b'{"t": 1.5, "dir": "c2s", "data": "00", "stream": 3}\n\n'
                 b'{"t": 2, "dir": "s2c", "data": ""}\r\n{"t": 3, "dir": "s2c", "data": "ff"}')
    return seeds


def capture_file_seeds(*patterns: str) -> list[bytes]:
    paths = []
    for pattern in patterns:
        paths += sorted((ROOT / "tests" / "data").glob(pattern))
    return [p.read_bytes() for p in paths]


def written_captures(writer) -> list[bytes]:
    """Small captures of the MME session's first packets (TCP handshake included, so the
    server is known): IPv4, IPv6, and two connections."""
    records = sample("mme")
    second = [CaptureRecord(r.index, r.t, r.direction, r.data, 1) for r in records[:8]]
    variants = [
        (records[:12], {}),
        (records[:40], {}),
        (records[:10], {"server": ("::1", 4000), "client": ("::1", 50000)}),
        (list(itertools.chain.from_iterable(zip(records[:8], second))), {}),
    ]
    seeds = []
    for chosen, addresses in variants:
        out = io.BytesIO()
        writer(out, chosen, **addresses)
        seeds.append(out.getvalue())
    return seeds


def wscap_seeds() -> list[bytes]:
    seeds = []
    for name, protocol in (("scrap_mechanic", "scrap-mechanic"), ("mme", "mme"), ("diep", "diep")):
        records = sample(name)
        for count in (3, 10):
            out = io.BytesIO()
            kept = []
            for record in records[:count]:
                if out.tell() + len(record.data) > MAX_SEED:
                    break
                kept.append(record)
            write_container(out, protocol, kept)
            seeds.append(out.getvalue())
    return seeds


def websocket_seeds() -> list[bytes]:
    """The frames of wsproto sessions replaying the diep.io sample's first messages (the
    harness writes the handshake the first byte picks, :data:`harness.WS_EXTENSIONS`), in
    each permessage-deflate setup, with fragments and pings between them, on one and on
    two connections; and the hostile ones: a deflate bomb, a flood of one-byte fragments,
    a length that lies, control frames too long, a gap inside a compressed direction."""
    from websocket_sessions import replay

    records = sample("diep")
    setups = {1: None, 2: {}, 3: {"server_no_context_takeover": True,
                                  "client_no_context_takeover": True},
              4: {"server_max_window_bits": 9, "client_max_window_bits": 10},
              5: {"client_no_context_takeover": True, "server_max_window_bits": 9}}
    seeds = []

    def frames(session, gap_at: int | None = None) -> bytes:
        encoded = [encode_record(c.data, c.direction) for c in session.chunks[2:]]
        if gap_at is not None:
            encoded.insert(gap_at, encode_gap(7, Direction.S2C))
        return b"".join(encoded)

    for selector, deflate in setups.items():
        for count, split in ((6, 0), (12, 3)):
            body = frames(replay(records[:count], deflate, split_every=split))
            if len(body) < MAX_SEED:
                seeds.append(bytes([selector]) + body)
        # two connections, and a gap in the server's frames of the first
        body = frames(replay(records[:4], deflate))
        other = b"".join(encode_record(c.data, c.direction, 1)
                         for c in replay(records[:4], deflate).chunks[2:])
        seeds.append(bytes([selector]) + body + other)
        seeds.append(bytes([selector]) + frames(replay(records[:8], deflate), gap_at=4))
    # no handshake: frames from the first byte, deflate turned on by a first RSV1 frame
    seeds.append(b"\x00" + frames(replay(records[:6], None)))
    seeds.append(b"\x00" + frames(replay(records[:6], {})))
    # hostile: an inflate bomb, fragments by the thousand, a lying 64-bit length, a ping
    # of 200 bytes, a close with a bad code
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    payload = bomb.compress(bytes(1 << 20)) + bomb.flush(zlib.Z_SYNC_FLUSH)
    payload = payload[:-4] if payload.endswith(b"\x00\x00\xff\xff") else payload
    seeds.append(b"\x02" + encode_record(bytes([0xC2, 126]) + struct.pack(">H", len(payload))
                                         + payload, Direction.S2C))
    flood = bytes([0x02, 1, 0x41]) + bytes([0x00, 1, 0x41]) * 1100 + bytes([0x80, 1, 0x41])
    seeds.append(b"\x01" + encode_record(flood, Direction.S2C))
    seeds.append(b"\x01" + encode_record(bytes([0x82, 127]) + (1 << 62).to_bytes(8, "big")
                                         + b"x" * 32, Direction.S2C))
    seeds.append(b"\x01" + encode_record(bytes([0x89, 126, 0, 200]) + bytes(200),
                                         Direction.S2C))
    seeds.append(b"\x01" + encode_record(bytes([0x88, 3, 0x03, 0xEC, 0xFF]), Direction.S2C))
    return seeds


def proxy_seeds() -> list[bytes]:
    """The first records of each protocol's sample, under each hook the harness has
    (:data:`harness.PROXY_HOOKS`), and the MME sample's stream cut at odd places."""
    seeds = []
    for number, name in enumerate(("mme", "scrap_mechanic", "diep")):
        records = sample(name)
        for hook in range(len(harness.PROXY_HOOKS)):
            body = b""
            for record in records[:12]:
                part = encode_record(record.data, record.direction)
                if len(body) + len(part) > MAX_SEED:
                    break
                body += part
            seeds.append(bytes([number + hook * len(harness.PROXY_PROTOCOLS)]) + body)
    stream = b"".join(r.data for r in sample("mme")[:20] if r.direction is Direction.S2C)
    seeds.append(b"\x00" + b"".join(encode_record(stream[i:i + 7], Direction.S2C)
                                     for i in range(0, min(len(stream), 2000), 7)))
    return seeds


# -- attack seeds: the hostile corners, scaled to the harness's limits (FUZZ_LIMITS) so that
#    each reaches its cap in a few kilobytes ------------------------------------------------

KIB = 1024


def s2c(*packets: bytes) -> bytes:
    return encode(CaptureRecord(i, float(i), Direction.S2C, p) for i, p in enumerate(packets))


def sm_attack_seeds() -> list[bytes]:
    """LZ4 bombs (sub-updates, compound sub-packets, joint updates), a delta chain,
    nested compounds, a container of many slots, each between harmless updates."""
    create = hostile.sm_lz4(22, hostile.sm_update_body(hostile.sm_raw_update(
        hostile.sm_create_static(1))))
    after = hostile.sm_lz4(22, hostile.sm_update_body(hostile.sm_raw_update(
        hostile.sm_create_static(2)), tick=2))
    joint = hostile.sm_raw_update(hostile.sm_update_joint(3))
    inner = bytes([22]) + hostile.sm_update_body(hostile.sm_raw_update(hostile.sm_remove(1)))
    return [
        s2c(create, hostile.sm_sub_update_bomb(300 * KIB // 7), after),
        s2c(hostile.sm_sub_update_bomb(1100)),            # past max_items_per_packet only
        s2c(hostile.sm_compound_bomb(300 * KIB // 5), after),
        s2c(hostile.sm_compound_bomb(1100)),
        s2c(hostile.sm_lz4(22, hostile.sm_update_body(joint * 6000)), after),
        s2c(hostile.sm_delta_chain(2000), after),
        s2c(*(hostile.sm_compound_nest(levels, inner) for levels in (1, 3, 4, 5, 8))),
        s2c(hostile.sm_lz4(22, hostile.sm_update_body(hostile.sm_raw_update(
            hostile.sm_container_create(5, slots=60)) * 3)), after),
    ]


def diep_attack_seeds() -> list[bytes]:
    """0x02 bombs (deletions, creations), nested 0x02, declared sizes that lie, counts
    that lie."""
    update = hostile.diep_update([], tick=2)
    deletions = hostile.diep_update(list(range(1, 40)))
    return [
        s2c(hostile.diep_deletion_bomb(300 * KIB), update),
        s2c(hostile.diep_deletion_bomb(2000), update),
        s2c(hostile.diep_creation_bomb(300), update),
        s2c(hostile.diep_upcreate_count_lie(), hostile.diep_upcreate_count_lie(300), update),
        s2c(hostile.diep_compressed(hostile.diep_compressed(hostile.diep_compressed(deletions))),
            update),
        s2c(hostile.diep_compressed(deletions, declared=1 << 31),
            hostile.diep_compressed(deletions, declared=len(deletions) - 5),
            hostile.diep_compressed(deletions, declared=len(deletions) + 5), update),
        s2c(hostile.diep_update([], num_deletions=1 << 40), update),
    ]


#: diep_updates seeds kept: the shortest updates of each kind, then a spread of the rest.
DIEP_UPDATE_SEEDS = 160


def diep_update_seeds() -> list[bytes]:
    """The bodies (the packet after its 0x00 id byte) of clientbound 0x00 updates: those
    of the diep target's seeds and committed corpus, the bundled sample and three
    generated sessions (a crowded one among them), as the decoder finds them (inside 0x02
    packets too); the hostile ones (counts that lie, the largest update, a creation of
    every group); and one update per slot the build sends and one creation per group,
    values at the edges of their encodings."""
    from wirestruct.core.events import PacketEvent
    from wirestruct.core.session import decode_records
    from wirestruct.plugin.registry import get_protocol
    from wirestruct.protocols.diep.builds import load_build
    from wirestruct.protocols.diep.generate import generate

    def updates(records) -> list[bytes]:
        return [bytes(e.raw) for e in decode_records(records, get_protocol("diep").decoder())
                if isinstance(e, PacketEvent) and e.packet_id == 0
                and e.direction is Direction.S2C]

    found: list[bytes] = []
    for folder in (SEEDS / "diep", HERE / "corpus" / "diep"):
        for path in sorted(folder.iterdir()):
            records = harness.split_records(path.read_bytes(), streams=False)
            found += updates([r for r in records if isinstance(r, CaptureRecord)])
    found += updates(sample("diep"))
    for seed, ticks, shapes in ((5, 60, 40), (9, 40, 200), (3, 200, 60)):
        found += updates(list(generate(seed, ticks=ticks, shapes=shapes)))
    bodies = sorted({u[1:] for u in found if len(u) - 1 <= MAX_SEED}, key=lambda b: (len(b), b))
    chosen = bodies[:DIEP_UPDATE_SEEDS // 2]
    rest = bodies[DIEP_UPDATE_SEEDS // 2:]
    chosen += rest[::max(1, len(rest) // (DIEP_UPDATE_SEEDS // 2))]
    vu_max = b"\xff\xff\xff\xff\x0f"
    head = bytes.fromhex("01 00 01 01 02")          # tick 1, no deletions, one upcreate of <1, 2>
    chosen += [b"\x01" + vu_max, b"\x01\x00" + vu_max + b"\x01\x02",
               b"\x01\x00\x01\x01\x02\x01" + b"\x00" * 16,
               hostile.diep_update([], num_deletions=1 << 40)[1:]]
    build = load_build()
    edges = {"diep_types::vu": b"\xff\xff\xff\xff\x0f", "diep_types::vi": b"\xfe\xff\xff\xff\x0f",
             "diep_types::f32": bytes.fromhex("0000c07f"), "diep_types::fixed_point(64)": b"\x81\x01",
             "diep_types::string_nt": "Zoë ✓".encode() + b"\x00", "diep_types::entid": b"\x7f\x05"}
    for field in build.fields:
        value = edges[build.wire_types[field.update_type]]
        body = (bytes([3 ^ 1]) + value + b"\x01") if field.length else value
        chosen.append(head + b"\x00" + bytes([build.update_marker, field.update_index + 1 ^ 1])
                      + body + b"\x01")
    for group in build.groups:
        values = b"".join(edges[build.wire_types[f.type]] * (f.length or 1)
                          for f in build.fields_of(1 << group))
        chosen.append(head + b"\x01" + bytes([group + 1 ^ 1]) + b"\x01" + values)
    return [body for body in chosen if len(body) <= MAX_SEED]


def chunked(stream: bytes, piece: int = 0xFFFF) -> bytes:
    """An s2c byte stream as records of ``piece`` bytes (the stream decoder frames them)."""
    return b"".join(encode_record(stream[i:i + piece], Direction.S2C)
                    for i in range(0, len(stream), piece))


def mme_attack_seeds() -> list[bytes]:
    """BUFFER_APPEND + BUFFER_IS_MAP_DATA zlib bombs and runs of empty zlib streams,
    MAP_DATA bombs (zlib, gzip), MAP_TOTAL_DATA in pieces, lying lengths, floods; some
    cut into small chunks or with a gap in the middle."""
    small_map = mme.frame(14, struct.pack("<4H", 32, 32, 32, 16))    # dimensions: multiples of 32
    bomb = mme._bomb(1 << 20)
    whole = mme.region((0, 0, 0), (31, 31, 31))
    total = mme.frame(18) + b"".join(mme.frame(19, bomb[i:i + 256])
                                     for i in range(0, len(bomb), 256)) + mme.IDLE
    pieces = zlib.compress(bytes(range(1, 129)) * 256)
    total_ok = mme.frame(18) + b"".join(mme.frame(19, pieces[i:i + 7])
                                        for i in range(0, len(pieces), 7)) + mme.IDLE
    append_bomb = mme.appends(bomb) + mme.frame(22, whole) + mme.IDLE
    seeds = [
        chunked(small_map + append_bomb),
        chunked(small_map + mme.empty_streams(3 * KIB)),
        chunked(small_map + mme.appends(mme.EMPTY_ZLIB * 300) + mme.frame(22, whole) + mme.IDLE),
        chunked(small_map + mme.frame(17, whole + bomb) + mme.IDLE),
        chunked(small_map + mme.frame(17, whole + mme._bomb(1 << 20, 31)) + mme.IDLE),
        chunked(small_map + total),
        chunked(small_map + total_ok),
        chunked(mme.huge_map_setup() + mme.lying_lengths()),
        chunked(mme.frame(0, b"\xff" * 2000) + mme.many_players(60) + mme.IDLE),
        chunked(mme.frame(8, b"\x00" + b"\x1b\x02a\x1b\x05b" * 300)
                + mme.frame(32, b"\x03\x28\x0c") + mme.frame(33, b"\x00\x01\x01"
                                                              + b"\x1b\x02a" * 200)),
        chunked(small_map + append_bomb, piece=7)[:4 * KIB],
    ]
    cut = small_map + mme.appends(pieces) + mme.frame(22, whole) + mme.CHAT
    seeds.append(chunked(cut[:30]) + encode_gap(5, Direction.S2C) + chunked(cut[35:]))
    return seeds


def frames_of(name: str) -> list[tuple[float, bytes]]:
    _, frames = pcap_frames(load(name))
    return [(struct.unpack_from("<I", rec)[0] + struct.unpack_from("<I", rec, 4)[0] / 1e6, frame)
            for rec, frame in frames]


def capture_attacks() -> list[tuple[int, list[tuple[float, bytes]]]]:
    """(link type, frames) of lo_ethernet.pcap's real TCP and UDP traffic, attacked: IP
    fragments (out of order, overlapping, never completed), TCP segments lost, repeated
    with other contents and reordered, and the frames rewrapped in PPPoE, MPLS, PPP,
    NFLOG, PPI and Linux cooked headers."""
    frames = frames_of("lo_ethernet.pcap")
    t7, frame7 = frames[7]                   # c2s, 1200 bytes of data
    payload = len(frame7) - 34
    fragments = fragment_frame(frame7, [512, 400, payload - 912], [2, 0, 1])
    overlapping = fragment_frame(frame7, [512, payload - 512], [1, 0])
    changed = frame7[:-10] + bytes(10)
    attacks = [
        frames[:7] + [(t7, f) for f in fragments] + frames[8:],
        frames[:7] + [(t7, f) for f in overlapping] + [(t7, overlapping[1])] + frames[8:],
        frames[:7] + [(t7, fragments[0])] + frames[8:],
        frames[:5] + frames[6:],                                 # a segment lost: a gap
        frames[:8] + [(t7, changed)] + frames[8:],               # a copy with other bytes
        frames[:6] + [frames[7], frames[6]] + frames[8:],        # reordered
    ]
    out = [(1, attack) for attack in attacks]
    for link_type, wrap in encapsulations.CASES.values():
        out.append((link_type, [(t, wrap(f[14:], f[14] >> 4)) for t, f in frames
                                if f[12:14] in (b"\x08\x00", b"\x86\xdd")]))
    return out


def pcap_attack_seeds() -> list[bytes]:
    seeds = []
    for link_type, frames in capture_attacks():
        out = io.BytesIO()
        writer = PcapWriter(out, link_type=link_type)
        for t, frame in frames:
            writer.write(t, frame)
        seeds.append(out.getvalue())
    return seeds


def pcapng_attack_seeds() -> list[bytes]:
    seeds = []
    for link_type, frames in capture_attacks():
        out = io.BytesIO()
        writer = PcapngWriter(out)
        writer.interface(link_type)
        for t, frame in frames:
            writer.write(t, frame)
        seeds.append(out.getvalue())
    return seeds


def with_selectors(captures: list[bytes]) -> list[bytes]:
    """pcap/pcapng inputs end in the transport selector (harness.split_selector): each
    capture once as a stream capture, once as a message capture."""
    return [capture + selector for capture in captures for selector in (b"\x00", b"\x01")]


def selector(protocol: str, fmt: str, formats: tuple[str, ...]) -> bytes:
    """The ``encode``/``batch`` selector byte (harness.selected)."""
    return bytes([harness.SELECTED_PROTOCOLS.index(protocol) | formats.index(fmt) << 2])


GOLDEN_DECODE = ROOT / "tests" / "golden" / "data" / "decode"


def decoded_lines(folder: str, name: str) -> list[bytes]:
    """The event lines of a golden ``wirestruct decode`` output (its header left out)."""
    text = lzma.decompress((GOLDEN_DECODE / folder / name).read_bytes())
    return [line + b"\n" for line in text.split(b"\n") if line.startswith(b"{")]


def encode_seeds() -> list[bytes]:
    """``wirestruct decode`` output (readable and ``--raw``, from the golden outputs of the
    samples) in windows of consecutive events (nested events follow their parent), each
    protocol to each output format; and lines that are not events."""
    seeds = []
    formats = harness.ENCODE_FORMATS
    for folder, protocol in (("scrap_mechanic", "scrap-mechanic"), ("mme", "mme"),
                             ("diep", "diep")):
        for n, name in enumerate(("jsonl.txt.xz", "jsonl-raw.txt.xz")):
            lines = [line for line in decoded_lines(folder, name) if len(line) < 1500]
            for i, start in enumerate((0, 10, 40, 120)):
                blob = b"".join(lines[start:start + 12])
                while len(blob) > MAX_SEED:
                    blob = blob[:blob.rindex(b"\n", 0, len(blob) - 1) + 1]
                seeds.append(selector(protocol, formats[(i + n) % 4], formats) + blob)
    seeds.append(selector("mme", "jsonl", formats)
                 + b'[1]\n5\n"x"\n{}\nnull\n{"error": "DecodeError"}\n\n{"fields": 1}\n'
                 + b'{"index": 0, "t": 1e400, "dir": "s2c", "id": 3, "fields": {}}\n')
    return seeds


def batch_seeds() -> list[bytes]:
    """Small captures of each format for each protocol, each with its selector byte."""
    formats = harness.BATCH_FORMATS
    seeds = []
    for name, protocol in (("scrap_mechanic", "scrap-mechanic"), ("mme", "mme"), ("diep", "diep")):
        lines = (ROOT / "samples" / f"{name}.jsonl").read_bytes().splitlines(keepends=True)
        seeds.append(selector(protocol, "jsonl", formats)
                     + b"".join(line for line in lines[:40] if len(line) < 400)[:MAX_SEED])
    for blob in wscap_seeds()[::2]:
        protocol = read_container_protocol(blob)
        seeds.append(selector(protocol, "wscap", formats) + blob)
    for capture in written_captures(write_pcap)[:2] + capture_file_seeds("captures/lo_*.pcap"):
        seeds.append(selector("mme", "pcap", formats) + capture)
    for capture in written_captures(write_pcapng)[:2]:
        seeds.append(selector("mme", "pcapng", formats) + capture)
    return seeds


def read_container_protocol(blob: bytes) -> str:
    from wirestruct.captures.files.container import ContainerReader
    return ContainerReader(io.BytesIO(blob)).protocol


BUILDERS = {
    "scrap_mechanic": lambda: message_seeds("scrap_mechanic") + sm_attack_seeds(),
    "diep": lambda: message_seeds("diep") + diep_attack_seeds(),
    "mme": lambda: stream_seeds() + mme_attack_seeds(),
    "jsonl": jsonl_seeds,
    # the MME session captures (45-52 KB) would slow every execution; small captures of
    # its first packets stand in for them
    "pcap": lambda: with_selectors(capture_file_seeds("captures/*.pcap")
                                   + written_captures(write_pcap) + pcap_attack_seeds()),
    "pcapng": lambda: with_selectors(capture_file_seeds("captures/*.pcapng")
                                     + written_captures(write_pcapng) + pcapng_attack_seeds()),
    "wscap": wscap_seeds,
    "encode": encode_seeds,
    "batch": batch_seeds,
    "diep_updates": diep_update_seeds,
    "websocket": websocket_seeds,
    "proxy": proxy_seeds,
}
assert set(BUILDERS) == set(harness.TARGETS)


def write(target: str) -> int:
    folder = SEEDS / target
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    seeds = {hashlib.sha1(s).hexdigest()[:16]: s for s in BUILDERS[target]() if s}
    for digest, seed in sorted(seeds.items()):
        (folder / digest).write_bytes(seed)
    return len(seeds)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help="targets to write (default: all): " + ", ".join(sorted(BUILDERS)))
    args = parser.parse_args(argv)
    unknown = set(args.targets) - set(BUILDERS)
    if unknown:
        parser.error(f"unknown target(s) {', '.join(sorted(unknown))}")
    for target in args.targets or sorted(BUILDERS):
        count = write(target)
        size = sum(p.stat().st_size for p in (SEEDS / target).iterdir())
        print(f"{target}: {count} seeds, {size} bytes in {SEEDS / target}")


if __name__ == "__main__":
    main()
