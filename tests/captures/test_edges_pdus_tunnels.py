"""Exported PDUs and tunnels at their edges: tags of the wrong length, PDUs exported for
another dissector, tunnels whose outer IPv4 datagrams came in fragments, tunnel lengths
that lie. Captures are written here, frame by frame, with the project's writers; where
tshark is installed, every TCP stream is compared with tshark's follow."""
from __future__ import annotations

import dataclasses
import importlib.util
import io
import itertools
import struct
from pathlib import Path

import pytest
from capture_helpers import errors, read_items, records, streams, unread
from wirestruct.captures import Transport, open_capture
from wirestruct.captures.writers.pcap_writer import (
    LINKTYPE_WIRESHARK_UPPER_PDU,
    PcapngWriter,
    PcapWriter,
    checksum,
    ethernet,
    exported_pdu_header,
    ipv4,
    udp,
)
from wirestruct.core.errors import CaptureError
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.protocols.diep import PROTOCOL as DIEP
from wirestruct.tools import case_captures
from wirestruct.tools.capture_loopback import pattern

LO_PORTS = (47311, 47312)
TRAFFIC = {(0, "c2s"): pattern(1, 1972), (0, "s2c"): pattern(2, 941),
           (1, "c2s"): pattern(3, 320), (1, "s2c"): pattern(4, 10)}
OUTER = case_captures.OUTER4

# -- exported PDUs -----------------------------------------------------------------------

CLIENT, SERVER = ("10.1.0.1", 50000), ("10.1.0.2", 4000)


def diep_records(count: int = 6) -> list[CaptureRecord]:
    return list(itertools.islice(DIEP.generate(1), count))


def tag(kind: int, value: bytes) -> bytes:
    return struct.pack(">HH", kind, len(value)) + value


def name_tag(name: str) -> bytes:
    raw = name.encode() + b"\x00" * (4 - len(name) % 4)
    return tag(12, raw)


def pdu_header(name: str | None, src: bytes, dst: bytes, sport: bytes = b"\x00\x00\xc3\x50",
               dport: bytes = b"\x00\x00\x0f\xa0", v6: bool = False) -> bytes:
    """Exported-PDU tags written by hand (so that they can be wrong): the dissector's name
    (None: no name tag), addresses (IPv4 tags 20/21, or IPv6 tags 22/23 with ``v6``),
    ports, direction C2S, end of options."""
    out = name_tag(name) if name is not None else b""
    out += tag(22 if v6 else 20, src) + tag(23 if v6 else 21, dst)
    out += tag(24, struct.pack(">I", 3)) + tag(25, sport) + tag(26, dport)
    return out + tag(35, struct.pack(">I", 0)) + tag(0, b"")


def exported(frames: list[bytes]) -> bytes:
    out = io.BytesIO()
    writer = PcapngWriter(out)
    writer.interface(LINKTYPE_WIRESHARK_UPPER_PDU, tsresol=9)
    for n, frame in enumerate(frames):
        writer.write(1.0 + n / 100, frame)
    return out.getvalue()


def good(record: CaptureRecord) -> bytes:
    ends = (CLIENT, SERVER) if record.direction is Direction.C2S else (SERVER, CLIENT)
    return exported_pdu_header("diep", record.direction, ends) + record.data


A, B = bytes([10, 1, 0, 1]), bytes([10, 1, 0, 2])
BAD_TAGS = [
    (pdu_header("diep", b"", B), "ipv4_src tag is not 4 bytes long"),
    (pdu_header("diep", A, A + b"\x00"), "ipv4_dst tag is not 4 bytes long"),
    (pdu_header("diep", bytes(15), bytes(16), v6=True), "ipv6_src tag is not 16 bytes long"),
    (pdu_header("diep", A, B, sport=b"\xc3\x50"), "src_port tag is not 4 bytes long"),
    (pdu_header("diep", A, B, dport=b""), "dst_port tag is not 4 bytes long"),
    (tag(12, b"diep") + tag(20, A) + tag(23, bytes(16)) + tag(25, bytes(4)) + tag(26, bytes(4))
     + tag(0, b""), "source and destination are of different IP versions"),
]


@pytest.mark.parametrize("header,named", BAD_TAGS, ids=[n for _, n in BAD_TAGS])
def test_a_connection_tag_of_the_wrong_length_is_one_counted_frame(header, named):
    recs = diep_records()
    frames = [good(r) for r in recs]
    frames.insert(2, header + b"\x01\x02\x03")
    items = read_items(exported(frames), transport="message")
    assert [r.data for r in records(items)] == [r.data for r in recs]
    assert errors(items) == []
    first, total = unread(items)
    assert first.message == (f"frame 3: exported PDUs whose {named}, not read; frames of "
                             "this kind are counted and their totals reported at the end of "
                             "the capture")
    assert (total.dropped, total.dropped_unit) == (1, "frames")
    assert total.message == (f"1 frames ({len(header) + 3} bytes) not read: exported PDUs "
                             f"whose {named}: 1 frames, {len(header) + 3} bytes")


def test_a_zero_byte_address_tag_keeps_the_good_packets_in_the_tables(tmp_path):
    """What ``batch`` runs for each capture: the frame after the bad one is read, the
    packets of the good frames are rows, the bad frame one error row."""
    from wirestruct.tables import to_arrow
    recs = diep_records()
    frames = [good(r) for r in recs]
    frames.insert(1, pdu_header("diep", b"", B) + recs[0].data)
    path = tmp_path / "bad_tag.pcapng"
    path.write_bytes(exported(frames))
    packets = to_arrow(path, "diep")["packets"].to_pylist()
    alone = to_arrow(_written(tmp_path / "good.pcapng", [good(r) for r in recs]),
                     "diep")["packets"].to_pylist()
    fields = ("index", "name", "wire_size", "dir")
    assert [tuple(row[f] for f in fields) for row in packets if row["name"]] == [
        tuple(row[f] for f in fields) for row in alone] and len(alone) == 7
    notes = [(row["record"], row["error_kind"], row["dropped"]) for row in packets
             if row["name"] is None]
    assert notes == [(1, "UnsupportedError", None), (7, "UnsupportedError", 1)]
    first, total = (row["error_message"] for row in packets if row["name"] is None)
    assert f"{path}, record 1: frame 2: exported PDUs whose ipv4_src tag is not 4 bytes " \
        "long, not read;" in first
    assert f"record 7: 1 frames ({len(frames[1])} bytes) not read: exported PDUs whose " \
        f"ipv4_src tag is not 4 bytes long: 1 frames, {len(frames[1])} bytes" in total


def _written(path: Path, frames: list[bytes]) -> Path:
    path.write_bytes(exported(frames))
    return path


OTHER = [("dns", "exported PDUs for the dissector 'dns'"),
         ("http", "exported PDUs for the dissector 'http'"),
         (None, "exported PDUs naming no dissector"),
         ("no name!", "exported PDUs whose dissector name is not a dissector's name")]


def _mixed() -> tuple[list[CaptureRecord], bytes]:
    """The diep records, and after each of the first four a PDU exported for another
    dissector (or for none) carrying the same bytes."""
    recs = diep_records(8)
    frames = []
    for n, record in enumerate(recs):
        frames.append(good(record))
        if n < len(OTHER):
            name = OTHER[n][0]
            frames.append(pdu_header(name, A, B) + record.data)
    return recs, exported(frames)


def test_pdus_exported_for_another_dissector_are_counted_not_decoded(tmp_path):
    recs, data = _mixed()
    path = tmp_path / "mixed.pcapng"
    path.write_bytes(data)
    with open_capture(path) as capture:
        items = list(capture.records(DIEP))
    assert [r.data for r in records(items)] == [r.data for r in recs]
    assert errors(items) == []
    *firsts, total = unread(items)
    frame_of = [2, 4, 6, 8]          # each other PDU follows one of diep's
    assert [e.message.split(", not read")[0] for e in firsts] == [
        f"frame {n}: {kind}" for n, (_, kind) in zip(frame_of, OTHER)]
    assert (total.dropped, total.dropped_unit) == (4, "frames")
    for _, kind in OTHER:
        assert f"{kind}: 1 frames" in total.message


def test_a_reading_without_a_dissector_reads_every_exported_pdu(tmp_path):
    """No protocol (``Transport``), or a protocol without a Wireshark dissector: no name
    is its own, so every PDU is a datagram of its connection."""
    recs, data = _mixed()
    path = tmp_path / "mixed.pcapng"
    path.write_bytes(data)
    with open_capture(path) as capture:
        items = list(capture.records(Transport("message")))
    assert len(records(items)) == len(recs) + len(OTHER)
    assert unread(items) == [] and errors(items) == []
    with open_capture(path) as capture:
        items = list(capture.records(Transport("message", pdu_dissectors=("dns", "http"))))
    assert [r.data for r in records(items)] == [r.data for r in recs[:2]]
    assert DIEP.pdu_dissectors == ("diep",)
    assert dataclasses.replace(DIEP, wireshark=None).pdu_dissectors is None


# -- tunnels whose outer datagrams are fragmented ----------------------------------------

def fragments(packet: bytes, size: int) -> list[bytes]:
    """An IPv4 packet cut as a router with a small MTU cuts it: payload pieces of ``size``
    bytes (a multiple of 8), each with the header, the offset and More Fragments, the
    header checksum made again."""
    ihl = (packet[0] & 15) * 4
    header, payload = packet[:ihl], packet[ihl:]
    if len(payload) <= size:
        return [packet]
    out = []
    for offset in range(0, len(payload), size):
        piece = payload[offset:offset + size]
        more = offset + size < len(payload)
        h = bytearray(header)
        struct.pack_into(">HHH", h, 2, ihl + len(piece), struct.unpack_from(">H", h, 4)[0],
                         (0x2000 if more else 0) | offset // 8)
        h[10:12] = b"\x00\x00"
        h[10:12] = struct.pack(">H", checksum(bytes(h)))
        out.append(bytes(h) + piece)
    return out


def _inner_ethernet(ip: bytes) -> bytes:
    return ethernet(ip, 0x0800 if ip[0] >> 4 == 4 else 0x86DD)


def vxlan(ip: bytes, n: int) -> bytes:
    return struct.pack(">B3sI", 0x08, bytes(3), (0x5000 + n % 3) << 8) + _inner_ethernet(ip)


def geneve(ip: bytes, n: int) -> bytes:
    """Every other one with an 8-byte option; an Ethernet frame or the IP packet itself."""
    options = struct.pack(">HBBI", 0x0102, 0x80, 1, n) if n % 2 else b""
    if n % 3:
        body, kind = _inner_ethernet(ip), 0x6558
    else:
        body, kind = ip, 0x0800 if ip[0] >> 4 == 4 else 0x86DD
    return struct.pack(">BBHI", len(options) // 4, 0, kind, 0x777 << 8) + options + body


TUNNELS = {
    "gtp_u": (lambda ip, n: case_captures.gtp_u(ip, n), lambda n: (2152, 2152)),
    "vxlan": (vxlan, lambda n: (49152 + n % 5, 4789)),
    "geneve": (geneve, lambda n: (49152 + n % 5, 6081)),
}


def tunnel_capture(kind: str, mtu_payload: int | None = 128, reorder: bool = False,
                   lie: dict[int, bytes] | None = None) -> bytes:
    """The loopback run's IP packets in a tunnel over UDP over IPv4 (identification n),
    the outer packets cut into fragments of ``mtu_payload`` bytes (None: whole), the
    fragments of every third datagram written last first with ``reorder``; ``lie``: frame
    index -> the tunnel message written instead."""
    wrap, ports = TUNNELS[kind]
    out = io.BytesIO()
    writer = PcapWriter(out)
    for n, (t, ip) in enumerate(case_captures.loopback_packets()):
        message = (lie or {}).get(n) or wrap(ip, n)
        outer = ipv4(udp(message, OUTER[0], OUTER[1], *ports(n)), 17, *OUTER, ident=0x100 + n)
        pieces = fragments(outer, mtu_payload) if mtu_payload else [outer]
        if reorder and n % 3 == 0:
            pieces.reverse()
        for k, piece in enumerate(pieces):
            writer.write(t + k / 1e6, ethernet(piece, 0x0800))
    return out.getvalue()


@pytest.mark.parametrize("kind", sorted(TUNNELS))
@pytest.mark.parametrize("reorder", [False, True], ids=["in_order", "reordered"])
def test_fragmented_tunnels_are_unwrapped_after_reassembly(kind, reorder):
    data = tunnel_capture(kind, reorder=reorder)
    items = read_items(data, server_ports=LO_PORTS)
    assert errors(items) == []
    assert streams(items) == TRAFFIC
    [total] = [e for e in unread(items) if e.dropped is not None]  # the run's UDP datagrams
    assert (total.dropped, total.dropped_unit) == (3, "frames")
    udp_items = read_items(data, server="47313", transport="message")
    assert [r.data for r in records(udp_items)] == [pattern(5, 5), pattern(6, 100),
                                                    pattern(7, 30)]


def test_the_fragmented_captures_really_are_fragmented():
    data = tunnel_capture("gtp_u")
    flags = [struct.unpack_from(">H", f, 14 + 6)[0] for f in _frames(data)]
    cut = [v for v in flags if v & 0x3FFF]           # More Fragments or an offset
    # 25 datagrams whole, 6 cut into 33 fragments (each but its last with More Fragments)
    assert len(flags) == 58 and len(cut) == 33 and all(not v & 0x4000 for v in cut)
    assert sum(1 for v in cut if v & 0x2000) == 33 - 6


def _frames(data: bytes) -> list[bytes]:
    out, pos = [], 24
    while pos < len(data):
        incl = struct.unpack_from("<I", data, pos + 8)[0]
        out.append(data[pos + 16:pos + 16 + incl])
        pos += 16 + incl
    return out


def test_ip_in_ip_whose_outer_packet_is_fragmented():
    out = io.BytesIO()
    writer = PcapWriter(out)
    for n, (t, ip) in enumerate(case_captures.loopback_packets()):
        outer = ipv4(ip, 4 if ip[0] >> 4 == 4 else 41, *OUTER, ident=n)
        for k, piece in enumerate(fragments(outer, 96)):
            writer.write(t + k / 1e6, ethernet(piece, 0x0800))
    items = read_items(out.getvalue(), server_ports=LO_PORTS)
    assert errors(items) == [] and streams(items) == TRAFFIC


# -- tunnel lengths that lie ---------------------------------------------------------------

def _lying_gtp(extra: int):
    def lie(ip: bytes, n: int) -> bytes:
        message = bytearray(case_captures.gtp_u(ip, n))
        struct.pack_into(">H", message, 2, struct.unpack_from(">H", message, 2)[0] + extra)
        return bytes(message)
    return lie


def _lying_geneve(ip: bytes, n: int) -> bytes:
    message = bytearray(geneve(ip, n))
    message[0] = 63                      # 252 bytes of options, more than the datagram holds
    return bytes(message)


LIES = {
    "gtp_u_long": ("gtp_u", _lying_gtp(4000),
                   "its {size}-byte GTP-U datagram (UDP port 2152) does not parse as GTP-U"),
    "gtp_u_short": ("gtp_u", _lying_gtp(-10),
                    "its {size}-byte GTP-U datagram (UDP port 2152) does not parse as GTP-U"),
    "geneve_options": ("geneve", _lying_geneve,
                       "its {size}-byte Geneve datagram (UDP port 6081) does not parse as "
                       "Geneve"),
}
LIAR = 10      # the index of the frame that lies: one byte of stream 0, server to client


def lying_capture(name: str, mtu_payload: int | None = None) -> tuple[bytes, int]:
    kind, lie, _ = LIES[name]
    ip = case_captures.loopback_packets()[LIAR][1]
    message = lie(ip, LIAR)
    return tunnel_capture(kind, mtu_payload, lie={LIAR: message}), len(message)


@pytest.mark.parametrize("name", sorted(LIES))
def test_a_tunnel_length_that_lies_loses_that_frame_only(name):
    data, size = lying_capture(name)
    items = read_items(data, server_ports=LO_PORTS)
    [lost, gap] = errors(items)
    assert isinstance(lost, CaptureError)
    assert lost.message.startswith(f"frame {LIAR + 1} does not parse: "
                                   + LIES[name][2].format(size=size) + ": ")
    assert (lost.dropped, lost.dropped_unit) == (1, "frames")
    # The frame's one byte is missing from stream 0 (server to client); the rest is read.
    assert gap.message.startswith("1 bytes missing from the stream at offset 940")
    got = streams(items)
    assert got[(0, "s2c")] == TRAFFIC[(0, "s2c")][:940] + TRAFFIC[(0, "s2c")][941:]
    assert {k: v for k, v in got.items() if k != (0, "s2c")} == {
        k: v for k, v in TRAFFIC.items() if k != (0, "s2c")}
    # Not counted as a UDP datagram too: the run's three are the frames not read.
    assert [e.dropped for e in unread(items) if e.dropped is not None] == [3]
    assert not any("UDP datagrams" in e.message and f"frame {LIAR + 1}:" in e.message
                   for e in unread(items))


def test_a_lying_tunnel_in_fragments_loses_that_datagram_only():
    data, _ = lying_capture("gtp_u_long", 24)
    items = read_items(data, server_ports=LO_PORTS)
    [lost, gap] = errors(items)
    assert "the reassembled" in lost.message and "does not parse as GTP-U" in lost.message
    assert gap.message.startswith("1 bytes missing from the stream at offset 940")
    got = streams(items)
    assert got[(0, "c2s")] == TRAFFIC[(0, "c2s")] and got[(1, "c2s")] == TRAFFIC[(1, "c2s")]


# -- against tshark ------------------------------------------------------------------------

def _compare_module():
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "compare_tshark.py"
    spec = importlib.util.spec_from_file_location("compare_tshark", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.needs("tshark")
def test_fragmented_tunnels_are_byte_identical_to_tshark_follow(tmp_path):
    """tshark reassembles the outer datagrams and decodes every tunnel; so does wirestruct,
    byte for byte; and where a GTP-U length is shorter than its message (tshark cuts the
    inner packet there too), both lose that frame's byte alike."""
    from concurrent.futures import ThreadPoolExecutor
    compare = _compare_module()
    paths = []
    for kind in sorted(TUNNELS):
        paths.append(tmp_path / f"{kind}_fragments.pcap")
        paths[-1].write_bytes(tunnel_capture(kind, reorder=True))
    paths.append(tmp_path / "gtp_u_short_length.pcap")
    paths[-1].write_bytes(lying_capture("gtp_u_short", 128)[0])
    with ThreadPoolExecutor(2) as pool:
        followed = list(pool.map(lambda p: compare.tshark_streams(p, 120.0, [0, 1, 2]),
                                 paths))
    for path, theirs in zip(paths, followed):
        carrying = sorted(n for n, (_, _, fwd, back) in theirs.items() if fwd or back)
        assert carrying == [0, 1], path.name      # both connections, inside the tunnels
        assert len(theirs[0][3]) == (940 if path.name.startswith("gtp_u_short") else 941)
        result = compare.compare_file(path, 120.0, theirs)
        assert result["error"] is None, result
        assert (result["directions"], result["identical"]) == (4, 4), (path.name, result)
        assert result["differ"] == [] and result["unaccounted"] == result["phantom"] == 0
