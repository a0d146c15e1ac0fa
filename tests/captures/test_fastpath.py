"""The struct fast path of the capture front end against the generated classes.

Each format of ``wirestruct.captures.frames.fastpath.LAYOUTS`` is held against the ``seq`` of its
spec in ``ksy/capture/`` (offsets, sizes, byte order); every frame of every test capture,
the same packets rewrapped in every link layer, and mutated frames and files (hypothesis)
go through both paths, which must give the same packets, records and errors.
"""
from __future__ import annotations

import io
import os
import struct
from pathlib import Path

import pytest
import yaml
from capture_helpers import join_pcap, load, pcap_frames
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wirestruct.captures.files.pcap import pcap_frames as read_pcap_frames
from wirestruct.captures.files.pcapng import pcapng_frames
from wirestruct.captures.files.reading import FileSource, Frame
from wirestruct.captures.frames.fastpath import LAYOUTS, decode_frame, ethernet_ipv4_tcp_data
from wirestruct.captures.frames.layers import Packet, decode, tunnel_datagram
from wirestruct.captures.packets import read_packet_capture
from wirestruct.core.errors import WirestructError
from wirestruct.core.limits import DEFAULT_LIMITS
from wirestruct.generated.capture.pcap import Pcap
from wirestruct.generated.capture.pcapng import Pcapng

ROOT = Path(__file__).resolve().parents[2]
KSY = ROOT / "ksy" / "capture"
DATA = ROOT / "tests" / "data"
CAPTURE_FILES = sorted(p for p in DATA.rglob("*") if p.suffix in (".pcap", ".pcapng"))
EXAMPLES = int(os.environ.get("WIRESTRUCT_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 1000,
                suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------------------- the formats

_BITS = {"u1": 8, "u2": 16, "u4": 32, "u8": 64, "s1": 8, "s2": 16, "s4": 32, "s8": 64}


def _spec_type(spec: str) -> tuple:
    """(seq, endian) of ``file`` or ``file::type``."""
    name, _, sub = spec.partition("::")
    doc = yaml.safe_load((KSY / f"{name}.ksy").read_text())
    endian = doc["meta"].get("endian")
    node = doc
    if sub:
        node = doc["types"][sub]
        endian = node.get("meta", {}).get("endian", endian)
    return node["seq"], endian


def _field_bits(field: dict) -> tuple:
    """(bits, byte order or None) of a fixed-size seq field."""
    kind = field.get("type")
    if kind is None:
        assert isinstance(field.get("size"), int), field
        return field["size"] * 8, None
    if kind in _BITS:
        return _BITS[kind], "spec"
    if kind[:2] in _BITS or kind[:2] in ("u2", "u4", "u8", "s2", "s4", "s8"):
        return _BITS[kind[:2]], {"be": ">", "le": "<"}[kind[2:]]
    assert kind.startswith("b") and kind[1:].isdigit(), field
    return int(kind[1:]), None


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_each_struct_format_is_its_specs_seq(name):
    layout = LAYOUTS[name]
    seq, endian = _spec_type(layout.spec)
    order = layout.fmt[0]
    if isinstance(endian, dict):        # switch-on endianness: one layout per byte order
        assert order in "<>"
    else:
        assert {"be": ">", "le": "<"}[endian] == order
    items = struct.Struct(layout.fmt)
    codes = [c for c in _codes(layout.fmt[1:])]
    assert len(codes) == len(layout.fields)
    fields = iter(seq)
    offset = 0
    for code, ids in zip(codes, layout.fields):
        bits = 0
        for field_id in ids:
            field = next(fields)
            assert field["id"] == field_id, (name, field["id"], field_id)
            size, field_order = _field_bits(field)
            if field_order not in (None, "spec"):
                assert field_order == order, (name, field_id)
            bits += size
        size = struct.calcsize(order + code)
        assert bits == size * 8, (name, ids, bits, code)
        offset += size
    assert offset == items.size


def _codes(fmt: str) -> list:
    out, count = [], ""
    for char in fmt:
        if char.isdigit():
            count += char
        else:
            out.append(count + char)
            count = ""
    return out


# --------------------------------------------------------------------------- frames

def _frames(path: Path):
    with open(path, "rb") as raw:
        src = FileSource(raw)
        magic = src.peek(4)
        reader = pcapng_frames if magic == b"\x0a\x0d\x0d\x0a" else read_pcap_frames
        return [f for f in reader(src, DEFAULT_LIMITS) if isinstance(f, Frame)]


MACS = bytes.fromhex("020000000002020000000001")


def _rewrapped():
    """The IP packets of lo_ethernet.pcap in every link layer the fast path reads, and a
    few it leaves to the generated classes."""
    _, records = pcap_frames(load("lo_ethernet.pcap"))
    out = []
    for _, frame in records:
        ip = frame[14:]
        v4 = ip[0] >> 4 == 4
        ether_type = struct.pack(">H", 0x0800 if v4 else 0x86DD)
        out += [
            (1, MACS + b"\x81\x00\x00\x05" + ether_type + ip),                     # 802.1Q
            (1, MACS + b"\x88\xa8\x00\x07\x81\x00\x00\x05" + ether_type + ip),     # QinQ
            (1, MACS + b"\x91\x00\x00\x09" + ether_type + ip),                     # legacy
            (113, struct.pack(">HHH", 0, 772, 6) + MACS[:8] + ether_type + ip),
            (276, ether_type + b"\0\0" + struct.pack(">IHBB", 1, 772, 0, 6) + MACS[:8] + ip),
            (0, struct.pack("<I", 2 if v4 else 24) + ip),
            (108, struct.pack(">I", 2 if v4 else 24) + ip),
            (101, ip), (12, ip), (14, ip),
            (228 if v4 else 229, ip),
            (9, (b"\x00\x21" if v4 else b"\x00\x57") + ip),                         # PPP
            (1, MACS + b"\x88\x64" + struct.pack(">BBHH", 0x11, 0, 1, len(ip) + 2)
             + (b"\x00\x21" if v4 else b"\x00\x57") + ip),                         # PPPoE
        ]
    return out


SEEDS = [(f.link_type, f.data) for path in CAPTURE_FILES for f in _frames(path)] + _rewrapped()


def _segment(segment) -> tuple:
    return (segment.src_port, segment.dst_port, segment.body,
            *(getattr(segment, name, None) for name in ("seq_num", "ack_num", "ack", "rst",
                                                          "syn", "fin")))


def _both(link_type: int, data: bytes, orig_len: int):
    """(fast result, generated-class result or the error it raised)."""
    frame = Frame(7, 100, 1.5, link_type, data, orig_len)
    fast = decode_frame(data, link_type) if orig_len == len(data) else None
    if fast is not None and fast[3] and tunnel_datagram(fast[0][1], fast[1][1]):
        fast = None                 # as FramePath: a tunnel's datagram takes the classes
    try:
        slow = decode(frame)
    except WirestructError as exc:
        slow = exc
    return fast, slow


#: Link types only the generated classes read (PPP, Cisco HDLC, 802.11, radiotap, PPI,
#: netlink).
LEFT_TO_THE_CLASSES = {9, 104, 105, 127, 192, 253}


def _tunnelled(frame: bytes) -> bool:
    """An Ethernet frame of IP in IP, or of UDP to a tunnel's port."""
    ip = frame[14:]
    if ip[0] >> 4 == 4:
        protocol, header = ip[9], (ip[0] & 15) * 4
    else:
        protocol, header = ip[6], 40
    if protocol in (4, 41):
        return True
    return protocol == 17 and tunnel_datagram(*struct.unpack_from(">HH", ip, header))


def _assert_same(link_type: int, data: bytes, orig_len: int) -> bool:
    fast, slow = _both(link_type, data, orig_len)
    if fast is None:
        return False
    assert type(slow) is Packet, (link_type, data.hex(), slow)
    src, dst, segment, udp = fast
    assert (src, dst, udp) == (slow.src, slow.dst, slow.udp)
    if udp:
        assert _segment(segment)[:3] == _segment(slow.segment)[:3]
    else:
        assert _segment(segment) == _segment(slow.segment)
    return True


def test_every_frame_of_every_test_capture_reads_the_same_both_ways():
    assert len(CAPTURE_FILES) >= 5
    fast = 0
    for link_type, data in SEEDS:
        if _assert_same(link_type, data, len(data)):
            fast += 1
            continue
        # What the fast path leaves: the PPP and PPPoE rewraps, frames that are not
        # TCP/UDP at all, and the link layers and tunnels of the case captures.
        slow = _both(link_type, data, len(data))[1]
        assert (link_type in LEFT_TO_THE_CLASSES or data[12:14] in (b"\x88\x64", b"\x88\x47")
                or type(slow) is not Packet or _tunnelled(data)), (link_type, data.hex())
    _, records = pcap_frames(load("lo_ethernet.pcap"))
    cases = sum(1 for path in CAPTURE_FILES if path.parent.name == "cases"
                for _ in _frames(path))
    assert fast >= len(SEEDS) - 2 * len(records) - 2 - cases


def test_the_fast_path_leaves_odd_frames_to_the_generated_classes():
    _, records = pcap_frames(load("lo_ethernet.pcap"))
    frame = records[3][1]           # an IPv4 TCP segment with data
    src, dst, segment, _ = decode_frame(frame, 1)
    # Ethernet (14 bytes), IPv4 (IHL 5), TCP (data offset 8 words): the client's first
    # 5 bytes to the server of tests/data/captures/README.md, PSH+ACK
    assert (src, dst) == ((bytes([127, 0, 0, 1]), 47464), (bytes([127, 0, 0, 1]), 47311))
    assert (segment.src_port, segment.dst_port, segment.seq_num, segment.ack_num) == \
        (47464, 47311, int.from_bytes(frame[38:42], "big"), int.from_bytes(frame[42:46], "big"))
    assert (segment.ack, segment.syn, segment.fin, segment.rst) == (True, False, False, False)
    assert segment.body == frame[14 + 20 + 32:] == bytes.fromhex("f5b165224a")
    options = bytearray(frame)
    options[14] = 0x46              # IHL 6: a 4-byte option, the frame unchanged otherwise
    cases = {
        "cut by the snapshot length": (frame[:-5], len(frame)),
        "total length past the frame": (frame[:16] + b"\xff\xff" + frame[18:], len(frame)),
        "more fragments": (frame[:20] + b"\x20" + frame[21:], len(frame)),
        "fragment offset": (frame[:20] + b"\x00\x08" + frame[22:], len(frame)),
        "IHL below 5": (frame[:14] + b"\x44" + frame[15:], len(frame)),
        "TCP data offset below 5": (frame[:46] + b"\x40" + frame[47:], len(frame)),
        "TCP data offset past the segment": (frame[:46] + b"\xf0" + frame[47:], len(frame)),
        "ARP": (frame[:12] + b"\x08\x06" + frame[14:], len(frame)),
        "ICMP": (frame[:23] + b"\x01" + frame[24:], len(frame)),
        "link type 105": (frame, len(frame)),
    }
    for name, (data, orig_len) in cases.items():
        link_type = 105 if name == "link type 105" else 1
        fast, slow = _both(link_type, data, orig_len)
        assert fast is None, name
    assert decode_frame(bytes(options), 1) is None or _assert_same(1, bytes(options),
                                                                   len(options))


def _item(item) -> tuple:
    if isinstance(item, WirestructError):
        return (type(item).__name__, item.message, item.expected, item.where, item.dropped,
                item.dropped_unit)
    return ("record", item.index, item.t, item.direction, item.data, item.stream)


def _read(data: bytes, fast: bool | str, monkeypatch, **options) -> list:
    """The items of a capture: ``True`` as wirestruct reads it, ``False`` every frame
    through the generated classes, ``"no short way"`` with the fast path but without the
    short way for in-order Ethernet/IPv4/TCP data."""
    ways = {True: {}, False: {"fast": False}, "no short way": {"short_way": False}}[fast]
    return [_item(i) for i in read_packet_capture(io.BytesIO(data), **ways, **options)]


@pytest.mark.parametrize("path", CAPTURE_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("transport", ["stream", "message"])
def test_every_test_capture_gives_the_same_records_and_errors(path, transport, monkeypatch):
    data = path.read_bytes()
    ports = (44481,) if path.parent.name == "cases" else ()   # some start mid-connection
    fast = _read(data, True, monkeypatch, transport=transport, server_ports=ports)
    assert fast == _read(data, False, monkeypatch, transport=transport, server_ports=ports)
    assert fast == _read(data, "no short way", monkeypatch, transport=transport,
                         server_ports=ports)
    assert any(item[0] == "record" for item in fast)


def _assert_short_way_agrees(data: bytes) -> bool:
    """``ethernet_ipv4_tcp_data`` gives what ``decode_frame`` does, or leaves the frame."""
    short = ethernet_ipv4_tcp_data(data)
    if short is None:
        return False
    src, dst, segment, udp = decode_frame(data, 1)
    assert not udp and segment.body and segment.ack
    assert not (segment.syn or segment.fin or segment.rst)
    assert short == (*src, *dst, segment.seq_num, segment.ack_num, segment.body)
    return True


def test_the_short_way_reads_ethernet_ipv4_tcp_data_as_the_fast_path_does():
    taken = sum(_assert_short_way_agrees(data) for link_type, data in SEEDS if link_type == 1)
    assert taken >= 10
    _, records = pcap_frames(load("lo_ethernet.pcap"))
    frame = records[3][1]
    assert _assert_short_way_agrees(frame)
    options = frame[:14] + b"\x46" + frame[15:]
    for odd in (frame[:12] + b"\x81\x00" + frame[12:],        # a VLAN tag
                options,                                        # IPv4 options
                frame[:20] + b"\x20" + frame[21:],              # a fragment
                frame[:47] + bytes([frame[47] | 0x01]) + frame[48:],   # FIN
                frame[:47] + bytes([frame[47] & ~0x10]) + frame[48:],  # no ACK
                frame[:16] + (54 - 14).to_bytes(2, "big") + frame[18:54]):  # no data
        assert ethernet_ipv4_tcp_data(odd) is None


# --------------------------------------------------------------------------- mutations

@st.composite
def mutated_frames(draw):
    link_type, data = draw(st.sampled_from(SEEDS))
    data = bytearray(data)
    for _ in range(draw(st.integers(0, 4))):
        if not data:
            break
        # Mostly in the headers, where the lengths and types are.
        at = draw(st.integers(0, min(len(data) - 1, 80)))
        data[at] = draw(st.integers(0, 255))
    cut = draw(st.integers(0, len(data)))
    data = bytes(data[:cut]) if draw(st.booleans()) else bytes(data)
    if draw(st.integers(0, 9)) == 0:
        data += draw(st.binary(max_size=12))        # link-layer padding, or lies
    orig_len = len(data) + draw(st.sampled_from([0, 0, 0, 1, 100]))
    if draw(st.integers(0, 9)) == 0:
        link_type = draw(st.sampled_from([0, 1, 9, 12, 14, 101, 108, 113, 192, 228, 229,
                                          239, 276]))
    return link_type, data, orig_len


@FUZZ
@given(mutated_frames())
def test_mutated_frames_read_the_same_both_ways(case):
    link_type, data, orig_len = case
    fast, slow = _both(link_type, data, orig_len)
    if fast is not None:
        assert _assert_same(link_type, data, orig_len)
    if link_type == 1 and orig_len == len(data):
        _assert_short_way_agrees(data)


@st.composite
def mutated_captures(draw):
    header, records = pcap_frames(load("lo_ethernet.pcap"))
    chosen = draw(st.lists(st.integers(0, len(records) - 1), min_size=1, max_size=12))
    out = []
    for index in sorted(chosen) if draw(st.booleans()) else chosen:
        rec, frame = records[index]
        frame = bytearray(frame)
        for _ in range(draw(st.integers(0, 2))):
            at = draw(st.integers(0, min(len(frame) - 1, 70)))
            frame[at] = draw(st.integers(0, 255))
        frame = bytes(frame[:draw(st.integers(0, len(frame)))]) if draw(st.booleans()) \
            else bytes(frame)
        orig_len = struct.unpack_from("<I", rec, 12)[0]
        out.append((rec[:8] + struct.pack("<II", len(frame), max(orig_len, len(frame))), frame))
    return join_pcap(header, out)


@FUZZ
@given(mutated_captures(), st.sampled_from(["stream", "message"]))
def test_mutated_captures_give_the_same_records_and_errors(data, transport):
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast = _read(data, True, monkeypatch, transport=transport)
        assert fast == _read(data, False, monkeypatch, transport=transport)
        assert fast == _read(data, "no short way", monkeypatch, transport=transport)


# --------------------------------------------------------------------------- file records

def _kaitai_frames(data: bytes) -> list:
    """(timestamp numerator, data, orig_len) of every packet, by the generated file classes."""
    if data[:4] == b"\x0a\x0d\x0d\x0a":
        out = []
        for block in Pcapng.from_bytes(data).blocks:
            if block.head.block_type in (Pcapng.BlockType.enhanced_packet,
                                         Pcapng.BlockType.packet):
                body = block.body
                if body.interface_id >= block.num_interfaces:
                    continue        # the reader reports these as errors
                raw = body._raw_packet_data if hasattr(body, "_raw_packet_data") \
                    else body.packet_data
                out.append((raw, body.original_packet_length))
        return out
    parsed = Pcap.from_bytes(data)
    return [(r._raw_data if hasattr(r, "_raw_data") else r.data, r.header.orig_len)
            for r in parsed.records]


@pytest.mark.parametrize("path", [p for p in CAPTURE_FILES if p.name != "bad_record_header.pcap"],
                         ids=lambda p: p.name)       # the one whose structure is lost
def test_record_headers_read_as_the_file_specs_say(path):
    frames = _frames(path)
    assert [(f.data, f.orig_len) for f in frames] == _kaitai_frames(path.read_bytes())
    assert all(f.t > 1e9 for f in frames)


@settings(FUZZ, max_examples=max(20, EXAMPLES // 3))
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 255)), max_size=3))
def test_mutated_pcapng_blocks_read_as_the_spec_says(changes):
    data = bytearray(load("lo_dumpcap.pcapng"))
    for at, value in changes:       # in the first blocks after the section header
        data[min(len(data) - 1, 100 + at * 7)] = value
    data = bytes(data)
    try:
        expected = _kaitai_frames(data)
    except Exception:   # noqa: BLE001 - the whole-file parse stops at a bad block
        return
    items = list(pcapng_frames(FileSource(io.BytesIO(data)), DEFAULT_LIMITS))
    got = [(f.data, f.orig_len) for f in items if isinstance(f, Frame)]
    assert got == expected[:len(got)]
