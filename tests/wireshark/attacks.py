"""Hostile captures for the Wireshark dissectors: small files, laid out with wirestruct's own
capture writers (MME over TCP connections, Scrap Mechanic and diep.io as exported PDUs
naming their dissector), whose packets make a careless dissector keep or rebuild
gigabytes, or spend seconds per packet.

Each :class:`Attack` builds its records (:meth:`Attack.records`), writes its capture
(:meth:`Attack.write`) and says what wirestruct's Python decoder makes of it
(:func:`python_verdict`: the error kinds and the limits its errors name). Used by
``tests/wireshark/test_tshark_attacks.py`` and ``benchmarks/bench_wireshark_attacks.py``;
the packets (:func:`packets`) are seeds for the dissector fuzz targets.

The classes: MME map data whose pieces or regions each inflate to 16 MiB, over several
connections (MAP_TOTAL_DATA, MAP_DATA, zlib and gzip), an append buffer used again and
again (BUFFER_IS_MAP_DATA / BUFFER_IS_FILE_DATA after BUFFER_APPEND), many connections
each holding state, and many small failing packets; Scrap Mechanic network updates of
thousands of one-byte sub-updates (deltas that keep every byte, deltas that cannot be
followed), delta chains over many packets and connections, 06 File Checksums, 29
Compounds nested and full of sub-packets, BlobData lists and LZ4 bombs; diep.io 0x02 LZ4
bombs, lying sizes and exploding counts.
"""
from __future__ import annotations

import re
import struct
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from wirestruct.core.records import CaptureRecord, Direction

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))          # tests/: hostile_inputs, diep_wire

import hostile_inputs as hi  # noqa: E402

MIB = 1 << 20
C2S, S2C = Direction.C2S, Direction.S2C
T0 = 1_700_000_000.0


# -- MME ---------------------------------------------------------------------------------------
def mme(packet_type: int, payload: bytes = b"") -> bytes:
    """One MME packet: u16 type, u16 payload size (little-endian), payload."""
    if len(payload) > 0xFFFF:
        raise ValueError("payload too long for one MME packet")
    return struct.pack("<HH", packet_type, len(payload)) + payload


def region(lower: tuple[int, int, int], upper: tuple[int, int, int]) -> bytes:
    return struct.pack("<6h", *lower, *upper)


#: The packet every MME connection opens with (the dissector's heuristic looks for it).
MME_HELLO = mme(0, bytes.fromhex("bf0100c7001a03"))
MME_IDLE = mme(4)
#: A map of 256 x 256 x 256 blocks: 16 MiB, within max_map_volume (128 MiB).
SIDE = 256
MAP_16M = mme(14, struct.pack("<4H", SIDE, SIDE, SIDE, 16))
#: A map of 512 x 512 x 512 blocks: 128 MiB, max_map_volume exactly.
MAP_128M = mme(14, struct.pack("<4H", 512, 512, 512, 16))
WHOLE_16M = region((0, 0, 0), (SIDE - 1, SIDE - 1, SIDE - 1))


@cache
def deflated(size: int, wbits: int = 15, byte: int = 1) -> bytes:
    """``size`` bytes of ``byte`` deflated at level 9 (about 1000:1), as a zlib stream
    (wbits 15), a gzip member (31) or raw deflate (-15)."""
    comp = zlib.compressobj(9, zlib.DEFLATED, wbits)
    out = bytearray()
    chunk = bytes([byte]) * MIB
    for start in range(0, size, MIB):
        out += comp.compress(chunk[:min(MIB, size - start)])
    return bytes(out + comp.flush())


@cache
def deflated_pieces(size: int, piece: int) -> list[bytes]:
    """One zlib stream of ``size`` bytes of 0x01, cut where each ``piece`` bytes of input
    were compressed (so each cut inflates to ``piece`` bytes, give or take the window)."""
    comp = zlib.compressobj(9, zlib.DEFLATED, 15)
    chunk = b"\x01" * piece
    out = [comp.compress(chunk) + comp.flush(zlib.Z_FULL_FLUSH) for _ in range(size // piece)]
    out[-1] += comp.flush()
    return out


def mme_connections(per_connection: Callable[[int], list[bytes]], connections: int
                    ) -> list[CaptureRecord]:
    """Connections one after another, each opened by the client's hello and then the
    server's packets ``per_connection(n)`` (one record each)."""
    out: list[CaptureRecord] = []
    t = T0
    for stream in range(connections):
        out.append(CaptureRecord(len(out), t, C2S, MME_HELLO, stream))
        for data in per_connection(stream):
            t += 0.001
            out.append(CaptureRecord(len(out), t, S2C, data, stream))
    return out


def mme_total_pieces(connections: int = 3, pieces: int = 4) -> list[CaptureRecord]:
    """A 128 MiB map loaded by MAP_TOTAL_DATA pieces each inflating to 16 MiB (one zlib
    stream across the pieces), on each of ``connections`` connections."""
    stream = deflated_pieces(pieces * 16 * MIB, 16 * MIB)
    return mme_connections(lambda n: [MAP_128M, mme(18)] + [mme(19, p) for p in stream]
                           + [MME_IDLE], connections)


def mme_total_restarts(connections: int = 2, pieces: int = 4) -> list[CaptureRecord]:
    """MAP_TOTAL_RESET then one MAP_TOTAL_DATA of a whole 16 MiB map, again and again."""
    bomb = deflated(16 * MIB)
    return mme_connections(lambda n: [MAP_16M] + [mme(18) + mme(19, bomb)] * pieces
                           + [MME_IDLE], connections)


def mme_map_data_regions(connections: int = 4, regions: int = 2, wbits: int = 15
                         ) -> list[CaptureRecord]:
    """MAP_DATA packets each filling a 16 MiB region (the whole 256^3 map) from a zlib
    (wbits 15) or gzip (31) stream of 16 KB."""
    packet = mme(17, WHOLE_16M + deflated(16 * MIB, wbits))
    return mme_connections(lambda n: [MAP_16M] + [packet] * regions + [MME_IDLE], connections)


def mme_map_data_bomb(wbits: int = 15) -> list[CaptureRecord]:
    """MAP_DATA whose 32^3 region's stream inflates to 48 MiB (three times the cap)."""
    packet = mme(17, region((0, 0, 0), (31, 31, 31)) + deflated(48 * MIB, wbits))
    return mme_connections(lambda n: [MAP_16M, packet, MME_IDLE], 2)


def mme_gzip_members(members: int = 48) -> list[CaptureRecord]:
    """MAP_DATA whose data is ``members`` concatenated gzip members of 1 MiB each."""
    data = deflated(MIB, 31) * members
    return mme_connections(lambda n: [MAP_16M, mme(17, WHOLE_16M + data), MME_IDLE], 2)


def mme_buffer_reuse(uses: int = 16) -> list[CaptureRecord]:
    """BUFFER_RESET, one BUFFER_APPEND of a 16 KB stream inflating to 16 MiB, then
    BUFFER_IS_MAP_DATA ``uses`` times (each inflates the whole buffer again)."""
    return mme_connections(lambda n: [MAP_16M, mme(20), mme(21, deflated(16 * MIB))]
                           + [mme(22, WHOLE_16M)] * uses + [MME_IDLE], 1)


def mme_append_pairs(pairs: int = 16) -> list[CaptureRecord]:
    """BUFFER_APPEND / BUFFER_IS_MAP_DATA pairs: the buffer (a 16 KB stream of 16 MiB)
    grows by an empty append before each use, so every packet has a buffer of its own."""
    def packets(n: int) -> list[bytes]:
        return ([MAP_16M, mme(20), mme(21, deflated(16 * MIB))]
                + [mme(21) + mme(22, WHOLE_16M)] * pairs + [MME_IDLE])
    return mme_connections(packets, 1)


def mme_file_pairs(pairs: int = 128, size: int = 60000) -> list[CaptureRecord]:
    """BUFFER_APPEND of ``size`` bytes then BUFFER_IS_FILE_DATA, ``pairs`` times: the
    buffer grows to 7.7 MB and each file is the whole buffer so far."""
    chunk = bytes(range(256)) * (size // 256)
    return mme_connections(lambda n: [mme(20)] + [mme(21, chunk) + mme(23)] * pairs
                           + [MME_IDLE], 1)


def mme_many_connections(connections: int = 128) -> list[CaptureRecord]:
    """Many connections, each holding state: a whole-map stream left open after a
    MAP_TOTAL_DATA piece of 1 MiB, and an append buffer of a 16 KB stream (16 MiB
    inflated) it never uses."""
    piece = deflated_pieces(2 * MIB, MIB)[0]
    bomb = deflated(16 * MIB)
    return mme_connections(lambda n: [MAP_16M, mme(18), mme(19, piece), mme(20),
                                      mme(21, bomb), MME_IDLE], connections)


def mme_many_failures(count: int = 20000) -> list[CaptureRecord]:
    """Short MOVE_PLAYERs (12 of 20 bytes) and regions with a lower corner above the
    upper one, one after another: every packet fails."""
    bad = mme(24, b"\x01" * 12) + mme(17, region((5, 5, 5), (0, 0, 0)) + b"\x78\x9c")
    return mme_connections(lambda n: [bad * 256] * (count // 512), 1)


# -- Scrap Mechanic ------------------------------------------------------------------------
def sm_records(packets: list[bytes], direction: Direction = S2C, streams: int = 1
               ) -> list[CaptureRecord]:
    """The packets on each of ``streams`` connections, one connection after another."""
    out: list[CaptureRecord] = []
    for stream in range(streams):
        for data in packets:
            out.append(CaptureRecord(len(out), T0 + len(out) * 0.001, direction, data, stream))
    return out


def sm_update(sub_updates: bytes, tick: int = 1) -> bytes:
    return hi.sm_lz4(22, hi.sm_update_body(sub_updates, tick))


#: A RawUpdate holding a 5-byte P update of Joint 1.
SM_P_JOINT = hi.sm_raw_update(hi.sm_p_joint(1))
#: A one-byte DeltaUpdate after a 5-byte update: the bitfield byte alone, every data bit set
#: (every byte kept).
SM_KEEP_ALL = bytes([0x80 | 0x1F])


def sm_one_byte_deltas(n: int = 8000, packets: int = 8) -> list[CaptureRecord]:
    """22 Network Updates of a P update then ``n`` one-byte deltas (each a whole P update
    again): about 60 bytes of LZ4 a packet."""
    return sm_records([sm_update(SM_P_JOINT + SM_KEEP_ALL * n, tick=i + 1)
                       for i in range(packets)])


def sm_one_byte_deltas_past_cap(n: int = 1_000_000) -> list[CaptureRecord]:
    """One 22 of a million one-byte deltas: past max_items_per_packet."""
    return sm_records([sm_update(SM_P_JOINT + SM_KEEP_ALL * n)])


def sm_failing_deltas(n: int = 8000, packets: int = 8) -> list[CaptureRecord]:
    """22 Network Updates whose sub-updates are one-byte deltas with no update before
    them on their connection: each fails."""
    return sm_records([sm_update(b"\x80" * n, tick=i + 1) for i in range(packets)])


def sm_delta_chains(streams: int = 64, packets: int = 2, n: int = 1000
                    ) -> list[CaptureRecord]:
    """On each of ``streams`` connections, 22s chaining deltas across packets: the first
    sets a P update, each later one has only deltas of it (changing its last byte)."""
    first = sm_update(SM_P_JOINT + bytes([0x80 | 0x0F, 0x42]) * n)
    later = [sm_update(bytes([0x80 | 0x0F, i]) * n, tick=i + 2) for i in range(packets - 1)]
    return sm_records([first, *later], streams=streams)


def sm_checksums(count: int = (16 * MIB - 4) // 4) -> list[CaptureRecord]:
    """06 File Checksums whose LZ4 body is 16 MiB of checksums (a count of 4 million)."""
    return sm_records([hi.sm_lz4(0x06, struct.pack(">I", count) + bytes(count * 4))], C2S)


def sm_checksums_lying_count(count: int = 0xFFFFFFFF) -> list[CaptureRecord]:
    """06 File Checksums declaring 4 billion checksums with eight of them present."""
    return sm_records([hi.sm_lz4(0x06, struct.pack(">I", count) + bytes(32))], C2S)


def sm_compound_full(n: int = 16 * MIB // 5) -> list[CaptureRecord]:
    """29 Compound whose LZ4 body expands to 3.3 million 5-byte sub-packets."""
    return sm_records([hi.sm_compound_bomb(n), sm_update(SM_P_JOINT, tick=2)])


def sm_compound_nested(levels: int = 12) -> list[CaptureRecord]:
    """29 Compounds nested ``levels`` deep around a 22 of 8000 one-byte deltas, then the
    same nested within the nesting limit (4)."""
    inner = bytes([22]) + hi.sm_update_body(SM_P_JOINT + SM_KEEP_ALL * 8000)
    return sm_records([hi.sm_compound_nest(levels, inner), hi.sm_compound_nest(3, inner)])


def sm_compound_of_bombs(n: int = 64) -> list[CaptureRecord]:
    """29 Compound of ``n`` 22s, each of 8000 one-byte deltas (within the item cap one by
    one, past it together)."""
    inner = hi.sm_update_body(SM_P_JOINT + SM_KEEP_ALL * 8000)
    return sm_records([hi.sm_lz4(29, hi.sm_compound_body([(22, inner)] * n))])


def sm_blob_list(n: int = 16 * MIB // 26) -> list[CaptureRecord]:
    """25 Script Data whose body is 645,000 BlobData entries."""
    return sm_records([hi.sm_blob_bomb(n), sm_update(SM_P_JOINT, tick=2)])


def sm_blob_payloads() -> list[CaptureRecord]:
    """11 Script Initialization Data of four 8 MiB BlobData payloads (LZ4 in LZ4)."""
    return sm_records([hi.sm_script_init(*[hi.sm_blob(b"\x22" * 16, bytes(8 * MIB))] * 4),
                       sm_update(SM_P_JOINT, tick=2)])


def sm_lz4_bombs(packets: int = 8) -> list[CaptureRecord]:
    """22s whose LZ4 bodies each expand to 16 MiB of one P update repeated (within every
    cap but the item cap), on many connections."""
    body = hi.sm_update_body(SM_P_JOINT * ((16 * MIB - 4) // len(SM_P_JOINT)))
    return sm_records([hi.sm_lz4(22, body)], streams=packets)


def sm_many_failures(count: int = 12000) -> list[CaptureRecord]:
    """Packets each failing: LZ4 blocks cut short, unknown packet ids, 22s of bad sizes."""
    bad = [bytes([22]) + b"\xf0\xff\xff", bytes([0xFE]) + b"\x00" * 8,
           sm_update(b"\x00\x01\x00\x00")]
    return sm_records([bad[i % 3] for i in range(count)])


# -- diep.io -------------------------------------------------------------------------------
def diep_records(packets: list[bytes], streams: int = 1) -> list[CaptureRecord]:
    return sm_records(packets, S2C, streams)


def diep_deletions(packets: int = 8) -> list[CaptureRecord]:
    """0x02 packets whose LZ4 block expands to a 0x00 update of 16 million deletions."""
    return diep_records([hi.diep_deletion_bomb()] * packets + [hi.diep_update([], tick=2)])


def diep_lying_sizes() -> list[CaptureRecord]:
    """0x02 declaring 2 GiB, 16 MiB + 1 and 1 byte over what its block holds."""
    inner = hi.diep_update([1, 2, 3])
    return diep_records([hi.diep_compressed(inner, 1 << 31),
                         hi.diep_compressed(inner, 16 * MIB + 1),
                         hi.diep_compressed(inner, len(inner) + 1),
                         hi.diep_compressed(b"\x00" * (16 * MIB), 16 * MIB + 1),
                         hi.diep_update([], tick=2)])


def diep_count_lies(packets: int = 2000) -> list[CaptureRecord]:
    """0x00 updates declaring two billion upcreates, or deletions, with a few bytes."""
    return diep_records([hi.diep_upcreate_count_lie(),
                         hi.diep_update([], num_deletions=(1 << 31) - 1)] * (packets // 2))


def diep_creations(packets: int = 4) -> list[CaptureRecord]:
    """0x02 packets of 1024 full creations each (every field group)."""
    return diep_records([hi.diep_creation_bomb()] * packets)


# -- the catalogue -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Attack:
    name: str
    protocol: str                               #: wirestruct's protocol name
    build: Callable[[], list[CaptureRecord]]

    @property
    def doc(self) -> str:
        return " ".join((self.build.__doc__ or "").split())

    def records(self) -> list[CaptureRecord]:
        return self.build()

    def write(self, path: Path) -> Path:
        """The capture as Wireshark reads the protocol (see
        :func:`wirestruct.wireshark.plugin.write_capture`)."""
        from wirestruct import get_protocol
        from wirestruct.wireshark.plugin import write_capture

        write_capture(Path(path), get_protocol(self.protocol), self.records())
        return Path(path)


def _attack(name: str, protocol: str, build: Callable[[], list[CaptureRecord]],
            doc: str | None = None) -> Attack:
    if doc is not None:
        def built() -> list[CaptureRecord]:
            return build()
        built.__doc__ = doc
        return Attack(name, protocol, built)
    return Attack(name, protocol, build)


ATTACKS: dict[str, Attack] = {a.name: a for a in (
    _attack("mme_total_pieces", "mme", mme_total_pieces),
    _attack("mme_total_restarts", "mme", mme_total_restarts),
    _attack("mme_map_data_regions", "mme", mme_map_data_regions),
    _attack("mme_map_data_gzip_regions", "mme", lambda: mme_map_data_regions(wbits=31),
            "MAP_DATA packets each filling a 16 MiB region from a 16 KB gzip member, "
            "two on each of four connections."),
    _attack("mme_zlib_bomb", "mme", mme_map_data_bomb),
    _attack("mme_gzip_bomb", "mme", lambda: mme_map_data_bomb(31),
            "MAP_DATA whose 32^3 region's gzip member inflates to 48 MiB."),
    _attack("mme_gzip_members", "mme", mme_gzip_members),
    _attack("mme_buffer_reuse", "mme", mme_buffer_reuse),
    _attack("mme_append_pairs", "mme", mme_append_pairs),
    _attack("mme_file_pairs", "mme", mme_file_pairs),
    _attack("mme_many_connections", "mme", mme_many_connections),
    _attack("mme_many_failures", "mme", mme_many_failures),
    _attack("sm_one_byte_deltas", "scrap-mechanic", sm_one_byte_deltas),
    _attack("sm_one_byte_deltas_past_cap", "scrap-mechanic", sm_one_byte_deltas_past_cap),
    _attack("sm_failing_deltas", "scrap-mechanic", sm_failing_deltas),
    _attack("sm_delta_chains", "scrap-mechanic", sm_delta_chains),
    _attack("sm_checksums", "scrap-mechanic", sm_checksums),
    _attack("sm_checksums_lying_count", "scrap-mechanic", sm_checksums_lying_count),
    _attack("sm_compound_full", "scrap-mechanic", sm_compound_full),
    _attack("sm_compound_nested", "scrap-mechanic", sm_compound_nested),
    _attack("sm_compound_of_bombs", "scrap-mechanic", sm_compound_of_bombs),
    _attack("sm_blob_list", "scrap-mechanic", sm_blob_list),
    _attack("sm_blob_payloads", "scrap-mechanic", sm_blob_payloads),
    _attack("sm_lz4_bombs", "scrap-mechanic", sm_lz4_bombs),
    _attack("sm_many_failures", "scrap-mechanic", sm_many_failures),
    _attack("diep_deletions", "diep", diep_deletions),
    _attack("diep_lying_sizes", "diep", diep_lying_sizes),
    _attack("diep_count_lies", "diep", diep_count_lies),
    _attack("diep_creations", "diep", diep_creations),
)}


def packets(name: str) -> list[bytes]:
    """An attack's packets (MME: each connection's server stream as one chunk), as seeds."""
    records = ATTACKS[name].records()
    streams: dict[tuple[int, Direction], bytearray] = {}
    if ATTACKS[name].protocol != "mme":
        return [bytes(r.data) for r in records]
    for r in records:
        streams.setdefault((r.stream, r.direction), bytearray()).extend(r.data)
    return [bytes(v) for v in streams.values()]


# -- what wirestruct says ------------------------------------------------------------------
def limit_names() -> frozenset[str]:
    from wirestruct.core.limits import Limits
    return frozenset(f.name for f in fields(Limits))


def named_limits(text: str) -> set[str]:
    """The names of ``Limits`` fields a text mentions."""
    names = limit_names()
    return {w for w in re.findall(r"[a-z][a-z0-9_]+", text) if w in names}


@dataclass
class Verdict:
    """What a decoder or the dissector said about a capture: packets decoded, errors by
    kind, the limits the errors name, and the first message of each kind."""

    packets: int = 0
    kinds: dict[str, int] | None = None
    limits: set[str] | None = None
    first: dict[str, str] | None = None

    def __post_init__(self) -> None:
        self.kinds = self.kinds or {}
        self.limits = self.limits or set()
        self.first = self.first or {}

    def add(self, kind: str, text: str) -> None:
        assert self.kinds is not None and self.first is not None and self.limits is not None
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.first.setdefault(kind, text)
        self.limits |= named_limits(text)


def python_verdict(capture: Path, protocol: str) -> Verdict:
    """wirestruct's decode of a capture (as ``wirestruct decode`` runs it)."""
    from wirestruct import decode_records, get_protocol, open_capture
    from wirestruct.core.events import PacketEvent

    proto = get_protocol(protocol)
    verdict = Verdict()
    with open_capture(capture) as f:
        for event in decode_records(f.records(proto), proto.decoder()):
            if isinstance(event, PacketEvent):
                verdict.packets += 1
            else:
                error = event.error
                verdict.add(type(error).__name__, str(error))
    return verdict


#: An expert info line of ``tshark -V``: ``[Expert Info (Error/Malformed): Kind: text]``.
EXPERT = re.compile(r"\[(?: \[truncated\])?Expert Info \([^)]*\): ([A-Za-z]+Error): (.*)\]$")
#: The expert's own text, on the line after its header (tshark cuts a long header, marking
#: it ``[truncated]``; this line keeps more of the text)
EXPERT_TEXT = re.compile(r"^\[([A-Za-z]+Error): (.*)\]$")


def tshark_verdict(lines: list[str] | str) -> Verdict:
    """The error kinds and limits of the expert infos in ``tshark -V`` output."""
    if isinstance(lines, str):
        lines = lines.splitlines()
    verdict = Verdict()
    for line in lines:
        found = EXPERT.search(line.strip())
        if found:
            verdict.add(found.group(1), found.group(2))
    return verdict


# -- running tshark, measured ----------------------------------------------------------------
#: Run in a fresh interpreter: starts the command with its output into files, watches its
#: resident memory and time (killing it past either cap) and prints its rusage as JSON.
#: A small parent of its own keeps the peak the child reports its own (Linux counts the
#: parent's memory at exec into the child's peak).
_WRAPPER = r"""
import json, os, signal, subprocess, sys, time
cmd, out, err, rss_cap, timeout = json.loads(sys.argv[1])
with open(out, "wb") as o, open(err, "wb") as e:
    proc = subprocess.Popen(cmd, stdout=o, stderr=e, stdin=subprocess.DEVNULL)
started = time.monotonic()
killed = None
while True:
    pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
    if pid:
        break
    try:
        with open(f"/proc/{proc.pid}/status") as f:
            rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        with open(f"/proc/{proc.pid}/stat") as f:
            ticks = f.read().rpartition(")")[2].split()
        cpu = (int(ticks[11]) + int(ticks[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, StopIteration, IndexError, ValueError):
        rss, cpu = 0, 0.0
    if rss > rss_cap * 1024:
        killed = f"killed at {rss // 1024} MiB resident"
    elif cpu > timeout:
        killed = f"killed after {cpu:.0f} s of CPU"
    elif time.monotonic() - started > 20 * timeout:
        killed = f"killed after {20 * timeout:.0f} s"
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
        _, status, usage = os.wait4(proc.pid, 0)
        break
    time.sleep(0.02)
print(json.dumps({"rss": usage.ru_maxrss / 1024, "cpu": usage.ru_utime + usage.ru_stime,
                  "wall": time.monotonic() - started,
                  "status": os.waitstatus_to_exitcode(status), "killed": killed}))
"""


@dataclass
class Run:
    """One measured run: peak resident MiB, CPU seconds (user + system), wall seconds,
    exit status, why it was killed (or None), and where its output went."""

    rss: float
    cpu: float
    wall: float
    status: int
    killed: str | None
    stdout: Path
    stderr: Path


def measure(cmd: list[str], out: Path, *, rss_cap_mib: int = 3072, timeout: float = 300,
            env: dict[str, str] | None = None) -> Run:
    """Run ``cmd`` measured (see ``_WRAPPER``), its stdout into ``out`` and its stderr
    into ``out`` + ``.err``; it is killed past ``rss_cap_mib`` MiB resident or ``timeout``
    seconds of CPU time (or 20 times that of wall time: a busy machine is no reason)."""
    import json
    import subprocess

    err = out.with_name(out.name + ".err")
    proc = subprocess.run([sys.executable, "-c", _WRAPPER,
                           json.dumps([cmd, str(out), str(err), rss_cap_mib, timeout])],
                          capture_output=True, text=True, env=env, check=True)
    got = json.loads(proc.stdout)
    return Run(got["rss"], got["cpu"], got["wall"], got["status"], got["killed"], out, err)


def tshark_env(home: Path) -> dict[str, str]:
    """tshark's environment: a HOME of its own (no personal plugins), the C locale."""
    import os

    home.mkdir(parents=True, exist_ok=True)
    return dict(os.environ, LC_ALL="C", HOME=str(home))


def tshark_command(tshark: str, capture: Path, plugin: Path | None, two_pass: bool
                   ) -> list[str]:
    """``tshark [-X lua_script:PLUGIN] -r CAPTURE [-2] -V``."""
    cmd = [tshark]
    if plugin is not None:
        cmd += ["-X", f"lua_script:{plugin}"]
    return cmd + ["-r", str(capture), *(["-2"] if two_pass else []), "-V"]


def read_verdict(out: Path) -> tuple[Verdict, list[str]]:
    """The expert infos of a ``tshark -V`` output file, and its Lua errors (lines naming
    a Lua error: there must be none)."""
    verdict = Verdict()
    lua_errors: list[str] = []
    header = None           # the last expert header, until the line after it is read
    with open(out, encoding="utf-8", errors="replace") as f:
        for line in f:
            if header is not None:
                text = EXPERT_TEXT.search(line.strip())
                found = text if text and text.group(1) == header.group(1) else header
                verdict.add(found.group(1), found.group(2))
                header = None
            if "Expert Info" in line:
                header = EXPERT.search(line.strip())
            if "Lua Error" in line or "lua_pcall" in line:
                lua_errors.append(line.strip())
    if header is not None:
        verdict.add(header.group(1), header.group(2))
    return verdict, lua_errors


#: The budget of the plugin over plain tshark on the same capture: peak resident memory at
#: most this much above, and CPU time at most ``CPU_RATIO`` times plain tshark's, or than
#: ``CPU_FLOOR`` seconds when plain tshark takes less (its start-up alone is about 0.2 s:
#: a ratio to a few milliseconds of dissection would say nothing).
RSS_BUDGET_MIB = 256
CPU_RATIO = 20
CPU_FLOOR = 0.3


def within_budget(plain: Run, plugin: Run) -> list[str]:
    """What the plugin's run exceeds of the budget (empty when within it)."""
    problems = []
    if plugin.killed:
        problems.append(plugin.killed)
    if plugin.status != 0 and not plugin.killed:
        problems.append(f"exit status {plugin.status}")
    if plugin.rss - plain.rss > RSS_BUDGET_MIB:
        problems.append(f"{plugin.rss:.0f} MiB resident, {plugin.rss - plain.rss:.0f} above "
                        f"plain tshark (budget {RSS_BUDGET_MIB})")
    allowed = CPU_RATIO * max(plain.cpu, CPU_FLOOR)
    if plugin.cpu > allowed:
        problems.append(f"{plugin.cpu:.2f} s CPU, over {allowed:.2f} s "
                        f"({CPU_RATIO}x plain tshark's {plain.cpu:.2f} s, floor {CPU_FLOOR} s)")
    return problems


def verdict_differences(python: Verdict, lua: Verdict) -> list[str]:
    """Where the dissector's expert infos disagree with wirestruct's errors: the same
    kinds of error, and every limit wirestruct names named by the dissector too."""
    assert python.kinds is not None and lua.kinds is not None
    assert python.limits is not None and lua.limits is not None
    problems = []
    if set(python.kinds) != set(lua.kinds):
        problems.append(f"error kinds: wirestruct {sorted(python.kinds)}, "
                        f"dissector {sorted(lua.kinds)}")
    missing = python.limits - lua.limits
    if missing:
        problems.append(f"limits wirestruct names and the dissector does not: {sorted(missing)}")
    return problems
