"""Link layers at the edges, against tshark: netlink frames that batch several NFLOG
messages, nlmon captures of other netlink families, radiotap's padded 802.11 headers and
protocol versions, the 802.11 frames of Intel Centrino cards inside Ethernet; and a frame
of a followed TCP connection that does not parse, named against its stream.

Each capture is built here from the loopback run's packets (as tools/case_captures.py
builds the committed cases) and read by wirestruct and, where installed, by tshark."""
from __future__ import annotations

import importlib.util
import shutil
import struct
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from capture_helpers import errors, read_items, records, streams, unread
from wirestruct.captures.writers.pcap_writer import ACK, PSH, SYN, PcapWriter, ethernet, ipv4, tcp
from wirestruct.core.errors import CaptureError, StreamGapError
from wirestruct.tools.capture_loopback import pattern
from wirestruct.tools.case_captures import _c2s, _nla, _wifi, loopback_packets

LO_PORTS = (47311, 47312)
TRAFFIC = {(0, "c2s"): pattern(1, 1972), (0, "s2c"): pattern(2, 941),
           (1, "c2s"): pattern(3, 320), (1, "s2c"): pattern(4, 10)}
TSHARK = shutil.which("tshark")
needs_tshark = pytest.mark.needs("tshark")


def _write(path: Path, link_type: int, frames) -> Path:
    with open(path, "wb") as out:
        writer = PcapWriter(out, link_type=link_type)
        for t, frame, *orig in frames:
            writer.write(t, frame, *orig)
    return path


def _tshark_fields(path: Path, *fields: str) -> list[list[str]]:
    args = [TSHARK, "-n", "-r", str(path), "-T", "fields"]
    for field in fields:
        args += ["-e", field]
    run = subprocess.run(args, capture_output=True, text=True, timeout=120, check=True)
    return [line.split("\t") for line in run.stdout.splitlines()]


def _compare(path: Path) -> dict:
    """benchmarks/compare_tshark.py on one file: every TCP stream direction tshark
    follows against wirestruct's."""
    spec = importlib.util.spec_from_file_location(
        "compare_tshark", Path(__file__).resolve().parents[2] / "benchmarks" / "compare_tshark.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.compare_file(path, 120.0)


def _same_as_tshark(path: Path) -> None:
    result = _compare(path)
    assert result["error"] is None, result
    assert result["directions"] == 4 and result["identical"] == 4, result
    assert result["differ"] == [] and result["unaccounted"] == result["phantom"] == 0


# -- netlink ---------------------------------------------------------------------------------

COOKED_NETFILTER = struct.pack(">HHH8sH", 4, 824, 0, b"", 12)
COOKED_ROUTE = struct.pack(">HHH8sH", 4, 824, 0, b"", 0)


def _message(kind: int, body: bytes, seq: int = 1, padded: bool = True) -> bytes:
    message = struct.pack("<IHHII", 16 + len(body), kind, 2, seq, 0) + body
    return message + (b"\x00" * (-len(message) % 4) if padded else b"")


def _log_message(ip: bytes, n: int) -> bytes:
    """NFULNL_MSG_PACKET with the hardware protocol and the packet (NFULA_PAYLOAD)."""
    family = 2 if ip[0] >> 4 == 4 else 10
    attributes = _nla(1, struct.pack(">HBx", 0x0800 if family == 2 else 0x86DD, 3))
    attributes += _nla(9, ip)
    return _message(0x0400, struct.pack(">BBH", family, 0, 5) + attributes, n)


def _groups(packets, most: int = 3):
    """Runs of at most ``most`` packets going the same way (tshark's follow takes a
    frame's direction from its first packet)."""
    group: list = []
    for t, ip in packets:
        way = (_c2s(ip), ip[0] >> 4)
        if group and (len(group) == most or way != group[0][2]):
            yield group
            group = []
        group.append((t, ip, way))
    if group:
        yield group


def batched_nflog(path: Path) -> Path:
    """The loopback run's packets, up to three NFLOG messages to a netlink frame; the
    second frame has a netfilter configuration message (NFULNL_MSG_CONFIG) among them."""
    frames = []
    for number, group in enumerate(_groups(loopback_packets())):
        messages = [_log_message(ip, k) for k, (_, ip, _) in enumerate(group)]
        if number == 1:
            messages.insert(1, _message(0x0401, b"\x00\x00\x00\x05" + _nla(1, b"\x01\x00\x00\x00")))
        frames.append((group[0][0], COOKED_NETFILTER + b"".join(messages)))
    assert len(frames) == 22 and max(len(f) for _, f in frames) > 1000
    return _write(path, 253, frames)


def _protocol(ip: bytes) -> int:
    return ip[9] if ip[0] >> 4 == 4 else ip[6]


def test_every_nflog_message_of_a_netlink_frame_is_read(tmp_path):
    path = batched_nflog(tmp_path / "batched_nflog.pcap")
    items = read_items(path, server_ports=LO_PORTS)
    assert streams(items) == TRAFFIC
    assert errors(items) == []
    [config_kind, udp_kind, udp_frame_kind, frame_totals, totals] = unread(items)
    # the last frame holds one message, a UDP datagram: a frame, as any other
    assert udp_frame_kind.message.startswith("frame 22: UDP datagrams")
    assert (frame_totals.dropped, frame_totals.dropped_unit) == (1, "frames")
    assert config_kind.message.startswith(
        "frame 2: netlink messages other than logged packets, beside logged ones, not read")
    assert totals.dropped == 3 and totals.dropped_unit == "netlink messages"
    # a log message: header 16, nfgenmsg 4, hardware header attribute 8, payload 4 + packet
    udp = [ip for _, ip in loopback_packets() if _protocol(ip) == 17]
    udp_bytes = sum(32 + len(ip) + -len(ip) % 4 for ip in udp)
    assert len(udp) == 3 and udp_bytes == 320
    assert frame_totals.message == ("1 frames (108 bytes) not read: UDP datagrams (the "
                                    "protocol reads TCP streams): 1 frames, 108 bytes")
    assert totals.message == (
        "3 netlink messages (256 bytes) not read: netlink messages other than logged "
        "packets, beside logged ones: 1 netlink messages, 28 bytes; UDP datagrams (the "
        "protocol reads TCP streams): 2 netlink messages, 228 bytes")
    assert "UDP datagrams" in udp_kind.message


@needs_tshark
def test_batched_nflog_streams_are_tsharks(tmp_path):
    _same_as_tshark(batched_nflog(tmp_path / "batched_nflog.pcap"))


def test_a_netlink_message_whose_length_lies_ends_the_frame_with_an_event(tmp_path):
    """The messages before it are read; the bytes from it on are named, not dropped."""
    (t, a), (_, b) = loopback_packets()[3:5]
    liar = struct.pack("<IHHII", 4000, 0x0400, 0, 9, 0) + b"\x02\x00\x00\x05" + bytes(12)
    frame = COOKED_NETFILTER + _log_message(a, 3) + _log_message(b, 4) + liar
    items = read_items(_write(tmp_path / "liar.pcap", 253, [(t, frame)]), server_ports=LO_PORTS)
    [lost] = errors(items)
    assert lost.message == ("frame 1: the 32 bytes after netlink message 2 are not a whole "
                            "message (a length shorter than the header or past the frame), "
                            "not read")
    assert (lost.dropped, lost.dropped_unit) == (32, "bytes")
    assert lost.where.offset == 24 + 16 + len(frame) - 32


NLMON_INFO = struct.pack("<BxHiII", 0, 772, 1, 0x49, 0)


def nlmon_route(path: Path) -> tuple[Path, list[int]]:
    """An nlmon capture of route netlink: a dump of two links and its end, a message whose
    length is shorter than its header, an unpadded last message, a last message that lost
    a padding byte, and a frame cut by the snapshot length."""
    frames = [
        COOKED_ROUTE + _message(16, NLMON_INFO + _nla(3, b"lo\x00")) + _message(16, NLMON_INFO)
        + _message(3, b"\x00" * 4),
        COOKED_ROUTE + _message(16, NLMON_INFO) + struct.pack("<IHHII", 8, 16, 2, 1, 0),
        COOKED_ROUTE + _message(16, NLMON_INFO + b"\x01\x01", padded=False),
        COOKED_ROUTE + _message(16, NLMON_INFO + b"\x01\x01")[:-1],
    ]
    big = COOKED_ROUTE + _message(16, NLMON_INFO + b"\x02" * 200)
    written = [(1.0 + n, frame) for n, frame in enumerate(frames)] + [(9.0, big[:60], len(big))]
    return _write(path, 253, written), [len(f) for f in frames] + [60]


def test_nlmon_frames_are_counted_as_netlink_messages_not_errors(tmp_path):
    path, sizes = nlmon_route(tmp_path / "nlmon.pcap")
    items = read_items(path)
    assert errors(items) == []
    totals = unread(items)[-1]
    assert (totals.dropped, totals.dropped_unit) == (5, "frames")
    assert totals.message == (
        f"5 frames ({sum(sizes)} bytes) not read: netlink messages of family 0x0000 (route) "
        f"without a logged packet: 3 frames, {sizes[0] + sizes[2] + sizes[3]} bytes; netlink "
        "messages of family 0x0000 (route) without a logged packet, ending in a message "
        "whose length is shorter than its header or past the frame: 2 frames, "
        f"{sizes[1] + sizes[4]} bytes")


@needs_tshark
def test_tshark_reads_the_nlmon_frames_as_netlink(tmp_path):
    path, _ = nlmon_route(tmp_path / "nlmon.pcap")
    rows = _tshark_fields(path, "frame.number", "frame.protocols")
    assert [row[1].split(":")[:2] for row in rows] == [["netlink", "netlink-route"]] * 5


# -- radiotap and 802.11 ---------------------------------------------------------------------

AP, STA = bytes.fromhex("0200000000aa"), bytes.fromhex("0200000000bb")


def _padded_qos_data(ip: bytes, n: int) -> bytes:
    """A QoS Data frame (26-byte header) padded to 28 bytes, as Atheros drivers pass it."""
    c2s = _c2s(ip)
    header = struct.pack("<BBH", 0x88, 0x01 if c2s else 0x02, 0)
    header += (AP + STA + AP if c2s else STA + AP + AP) + struct.pack("<HH", n << 4, 0)
    ether_type = 0x0800 if ip[0] >> 4 == 4 else 0x86DD
    return header + b"\x00\x00" + b"\xaa\xaa\x03\x00\x00\x00" + struct.pack(">H", ether_type) + ip


def _radiotap(flags: int) -> bytes:
    """Radiotap with the Flags field only (and a pad byte: the header is 10 bytes)."""
    return struct.pack("<BBHI", 0, 0, 10, 0x00000002) + bytes([flags, 0])


def radiotap_padded(path: Path) -> Path:
    """The loopback run over 802.11 with the radiotap Flags DATAPAD bit (0x20), then a
    frame of 802.11 protocol version 1 (802.11ah's short frames)."""
    packets = loopback_packets()
    frames = [(t, _radiotap(0x20) + _padded_qos_data(ip, n)) for n, (t, ip) in enumerate(packets)]
    frames.append((packets[-1][0] + 1, _radiotap(0) + bytes([0x0D, 0]) + bytes(20)))
    return _write(path, 127, frames)


def test_radiotap_data_padding_and_other_protocol_versions(tmp_path):
    items = read_items(radiotap_padded(tmp_path / "radiotap_pad.pcap"), server_ports=LO_PORTS)
    assert streams(items) == TRAFFIC
    assert errors(items) == []
    kinds = [e.message for e in unread(items) if e.dropped is None]
    assert kinds[-1].startswith("frame 32: 802.11 frames of protocol version 1, not read")


@needs_tshark
def test_radiotap_padded_streams_are_tsharks(tmp_path):
    path = radiotap_padded(tmp_path / "radiotap_pad.pcap")
    _same_as_tshark(path)
    rows = _tshark_fields(path, "frame.protocols")
    assert rows[-1] == ["radiotap:wlan_radio:wlan"]


def centrino(path: Path) -> Path:
    """The loopback run as Intel Centrino promiscuous frames: an Ethernet header with
    EtherType 0x2452, then the 802.11 frame without its FCS."""
    macs = bytes.fromhex("020000000001020000000002")
    frames = [(t, macs + b"\x24\x52" + _wifi(ip, n, _c2s(ip), False))
              for n, (t, ip) in enumerate(loopback_packets())]
    return _write(path, 1, frames)


def test_centrino_frames_are_read_as_their_80211_frames(tmp_path):
    items = read_items(centrino(tmp_path / "centrino.pcap"), server_ports=LO_PORTS)
    assert streams(items) == TRAFFIC
    assert errors(items) == []
    assert [e.message for e in unread(items) if e.dropped is not None] == [
        "3 frames (365 bytes) not read: UDP datagrams (the protocol reads TCP streams): "
        "3 frames, 365 bytes"]


@needs_tshark
def test_centrino_streams_are_tsharks(tmp_path):
    path = centrino(tmp_path / "centrino.pcap")
    _same_as_tshark(path)
    assert {row[0] for row in _tshark_fields(path, "frame.protocols")} >= {
        "eth:ethertype:wlan_centrino:llc:ip:tcp"}


# -- a frame of a followed connection that does not parse ------------------------------------

CLIENT, SERVER, CPORT, SPORT = "10.0.0.1", "10.0.0.2", 40000, 47311


def lying_segment(path: Path) -> Path:
    """A connection whose third data segment (bytes 200..299 of the client's stream)
    claims 40 more bytes than its frame holds; the segments after it arrive."""
    frames = []

    def seg(t, c2s, seq, ack, data=b"", flags=ACK | PSH):
        src, dst, sport, dport = ((CLIENT, SERVER, CPORT, SPORT) if c2s
                                  else (SERVER, CLIENT, SPORT, CPORT))
        return (t, ethernet(ipv4(tcp(data, src, dst, sport, dport, seq, ack, flags),
                                 6, src, dst), 0x0800))
    frames.append(seg(1.0, True, 999, 0, flags=SYN))
    frames.append(seg(1.1, False, 4999, 1000, flags=SYN | ACK))
    frames.append(seg(1.2, True, 1000, 5000, flags=ACK))
    for k in range(5):
        frames.append(seg(2.0 + k, True, 1000 + 100 * k, 5000, bytes([k]) * 100))
    t, frame = frames[5]
    ip_at = 14
    frame = bytearray(frame)
    struct.pack_into(">H", frame, ip_at + 2, struct.unpack_from(">H", frame, ip_at + 2)[0] + 40)
    frames[5] = (t, bytes(frame))
    return _write(path, 1, frames)


def test_a_frame_that_does_not_parse_is_named_against_its_stream(tmp_path):
    items = read_items(lying_segment(tmp_path / "lying.pcap"), server_ports=(SPORT,))
    [lost, gap] = errors(items)
    assert lost.message.startswith("frame 6 does not parse: ")
    assert lost.message.endswith("; a segment of stream 0 (c2s) carrying 140 bytes of its "
                                 "data is lost")
    assert (lost.where.stream, lost.where.direction, lost.where.span) == (0, "c2s", (200, 340))
    assert (lost.dropped, lost.dropped_unit) == (1, "frames")
    # the bytes are counted once, by the gap they leave
    assert isinstance(gap, StreamGapError) and gap.where.span == (200, 300)
    assert (gap.where.stream, gap.dropped) == (0, 100)
    delivered = Counter()
    for record in records(items):
        delivered[record.stream] += len(record.data)
    assert delivered == {0: 400}


def test_a_frame_that_does_not_parse_outside_a_followed_connection_names_no_stream(tmp_path):
    items = read_items(lying_segment(tmp_path / "lying.pcap"), server="10.9.9.9:1")
    [lost] = [e for e in errors(items) if "does not parse" in e.message]
    assert isinstance(lost, CaptureError) and lost.where.stream is None
    assert "segment of stream" not in lost.message
