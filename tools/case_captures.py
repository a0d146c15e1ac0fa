"""Build the small captures of tests/data/captures/cases/: damage, tunnels, counting.

    python -m wirestruct.tools.case_captures [--out tests/data/captures/cases]

Each file is written frame by frame with :mod:`wirestruct.captures.writers.pcap_writer`,
deterministically (fixed timestamps, seeded bytes), so the tests can check that the
committed files are exactly what this module builds. Two sources of bytes:

* Game streams (:func:`mme_stream`): 40 packets, MOVE_PLAYER (24 bytes each) and
  CHAT_MESSAGE (8 to 40 bytes) in turn, from a seeded pattern, cut into TCP segments;
* the real frames of ``tests/data/captures/lo_ethernet.pcap`` (the loopback run there),
  whose IP packets are wrapped again in the tunnels and link layers people capture.

tests/data/captures/README.md says what each file holds and what reading it must give.
"""
from __future__ import annotations

import argparse
import random
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from wirestruct.captures.writers.pcap_writer import (
    ACK,
    FIN,
    PSH,
    RST,
    SYN,
    PcapngWriter,
    PcapWriter,
    checksum,
    ethernet,
    ipv4,
    ipv6,
    tcp,
    udp,
)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "captures" / "cases"
LOOPBACK = ROOT / "tests" / "data" / "captures" / "lo_ethernet.pcap"

CLIENT, SERVER = "10.0.0.1", "10.0.0.2"
CPORT, SPORT = 40000, 44481
T0 = 1_700_000_000.0

# -- game streams ------------------------------------------------------------------------

def mme_packets(seed: int, count: int = 40) -> list[bytes]:
    """``count`` packets of a stream protocol (length-prefixed moves and chat lines in turn)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        if i % 2 == 0:
            payload = struct.pack("<5f", *(rng.uniform(0, 64) for _ in range(5)))
            out.append(struct.pack("<HH", 24, len(payload)) + payload)
        else:
            text = bytes(rng.choice(b"abcdefghij ") for _ in range(rng.randint(6, 38)))
            payload = bytes([rng.randint(1, 9)]) + text + b"\x00"
            out.append(struct.pack("<HH", 8, len(payload)) + payload)
    return out


def mme_stream(seed: int, count: int = 40) -> bytes:
    return b"".join(mme_packets(seed, count))


def _frame(payload: bytes, src: str, dst: str, sport: int, dport: int, seq: int, ack: int,
           flags: int) -> bytes:
    return ethernet(ipv4(tcp(payload, src, dst, sport, dport, seq, ack, flags), 6, src, dst),
                    0x0800)


class Conversation:
    """One TCP connection written segment by segment (sequence numbers kept here)."""

    def __init__(self, writer: PcapWriter, cport: int = CPORT, c_isn: int = 1000,
                 s_isn: int = 5000) -> None:
        self.w = writer
        self.cport = cport
        self.isn = {True: c_isn, False: s_isn}      # True: client to server
        self.t = T0

    def seg(self, c2s: bool, offset: int, data: bytes = b"", flags: int = ACK | PSH,
            ack: int | None = None, *, raw_seq: int | None = None) -> None:
        """A segment of ``data`` at stream ``offset`` of a direction; ``ack`` is the
        stream offset of the other direction it acknowledges (default: none)."""
        self.t += 0.001
        src, dst = (CLIENT, SERVER) if c2s else (SERVER, CLIENT)
        sport, dport = (self.cport, SPORT) if c2s else (SPORT, self.cport)
        seq = raw_seq if raw_seq is not None else self.isn[c2s] + 1 + offset
        ack_num = 0 if ack is None else self.isn[not c2s] + 1 + ack
        if ack is None:
            flags &= ~ACK
        self.w.write(self.t, _frame(data, src, dst, sport, dport, seq, ack_num, flags))

    def handshake(self) -> None:
        self.seg(True, -1, b"", SYN)
        self.seg(False, -1, b"", SYN | ACK, 0)
        self.seg(True, 0, b"", ACK, 0)


def _chunks(data: bytes, size: int) -> list[tuple[int, bytes]]:
    return [(i, data[i:i + size]) for i in range(0, len(data), size)]


def conflict_on_header(w: PcapWriter) -> None:
    """A copy of bytes 200..399 with other contents arrives before the real segments."""
    c = Conversation(w)
    c.handshake()
    data = mme_stream(1)
    for offset, piece in _chunks(data, 100):
        if offset == 200:
            c.seg(True, 200, b"\xff" * 200, ack=0)
        c.seg(True, offset, piece, ack=0)
    c.seg(True, len(data), b"", ACK | FIN, 0)
    c.seg(False, 0, b"", ACK | FIN, len(data) + 1)


def acked_unseen(w: PcapWriter) -> None:
    """Each pair of segments: the server's acknowledgment of both first, then the second
    segment, then the first (a capture on a multi-queue interface)."""
    c = Conversation(w)
    c.handshake()
    data = mme_stream(2)
    pieces = _chunks(data, 90)
    for i in range(0, len(pieces), 2):
        pair = pieces[i:i + 2]
        end = pair[-1][0] + len(pair[-1][1])
        c.seg(False, 0, b"", ACK, end)
        for offset, piece in reversed(pair):
            c.seg(True, offset, piece, ack=0)
    c.seg(True, len(data), b"", ACK | FIN, 0)
    c.seg(False, 0, b"", ACK | FIN, len(data) + 1)


def data_after_rst(w: PcapWriter) -> None:
    """The client resets the connection while the server's data is in flight: the rest
    of the server's data, and a retransmission of its last segment, follow the reset."""
    c = Conversation(w)
    c.handshake()
    c.seg(True, 0, mme_stream(3, 4), ack=0)
    up = len(mme_stream(3, 4))
    data = mme_stream(4)
    pieces = _chunks(data, 120)
    for n, (offset, piece) in enumerate(pieces):
        c.seg(False, offset, piece, ack=up)
        if n == len(pieces) // 2:
            c.seg(True, up, b"", RST)
    offset, piece = pieces[-1]
    c.seg(False, offset, piece, ack=up)                 # a retransmission after the reset


def syn_retries(w: PcapWriter) -> None:
    """Four connection attempts with new initial sequence numbers get no answer; the
    fifth is answered and carries the data."""
    c = Conversation(w)
    for attempt in range(4):
        c.isn[True] = 100_000 + attempt * 3_000_017
        c.seg(True, -1, b"", SYN)
        c.t += 1.0
    c.isn[True] = 22_000_000
    c.handshake()
    data = mme_stream(5)
    for offset, piece in _chunks(data, 200):
        c.seg(True, offset, piece, ack=0)
    reply = mme_stream(6, 6)
    c.seg(False, 0, reply, ack=len(data))
    c.seg(True, len(data), b"", ACK | FIN, len(reply))
    c.seg(False, len(reply), b"", ACK | FIN, len(data) + 1)


def midstream_keepalive(w: PcapWriter) -> None:
    """The capture starts mid-connection: the client's bare acknowledgment, then a
    keep-alive probe (the byte before its next one), the server's acknowledgment, then
    data both ways."""
    c = Conversation(w, c_isn=700_000, s_isn=900_000)
    c.seg(True, 0, b"", ACK, 0)
    c.seg(True, -1, b"\x00", ACK, 0)
    c.seg(False, 0, b"", ACK, 0)
    data = mme_stream(7, 10)
    for offset, piece in _chunks(data, 150):
        c.seg(True, offset, piece, ack=0)
    reply = mme_stream(8, 4)
    c.seg(False, 0, reply, ack=len(data))
    c.seg(True, -1 + len(data), b"\x00", ACK, len(reply))     # another probe, later


def tso_zero_length(w: PcapWriter) -> None:
    """Segmentation offload: large frames whose IPv4 Total Length is 0."""
    c = Conversation(w)
    c.handshake()
    data = mme_stream(9, 400)
    for offset, piece in _chunks(data, 3000):
        frame = bytearray(_frame(piece, CLIENT, SERVER, CPORT, SPORT,
                                 c.isn[True] + 1 + offset, c.isn[False] + 1, ACK | PSH))
        frame[16:18] = b"\x00\x00"                  # IPv4 Total Length
        c.t += 0.001
        w.write(c.t, bytes(frame))
    c.seg(True, len(data), b"", ACK | FIN, 0)
    c.seg(False, 0, b"", ACK | FIN, len(data) + 1)


# -- tunnels and link layers around the loopback run's packets ----------------------------

def loopback_packets() -> list[tuple[float, bytes]]:
    """(time, IP packet) of every frame of lo_ethernet.pcap (Ethernet removed)."""
    data = LOOPBACK.read_bytes()
    out, pos = [], 24
    while pos < len(data):
        sec, usec, incl, _ = struct.unpack_from("<IIII", data, pos)
        out.append((sec + usec / 1e6, data[pos + 30:pos + 16 + incl]))
        pos += 16 + incl
    return out


OUTER4 = ("192.0.2.1", "192.0.2.2")
OUTER6 = ("2001:db8::1", "2001:db8::2")


def _ipv4_raw(payload: bytes, protocol: int, src: str, dst: str) -> bytes:
    return ipv4(payload, protocol, src, dst)


def gtp_u(ip: bytes, n: int) -> bytes:
    """A G-PDU (3GPP TS 29.281): flags, type 255, length, TEID; every other one with a
    sequence number, every third with a PDU Session Container extension header."""
    if n % 3 == 0:
        ext = bytes([1, 0x00, 0x01, 0x00])              # length 1 (4 bytes), next: none
        head = struct.pack(">BBHI", 0x34, 0xFF, 4 + len(ext) + len(ip), 0x1000 + n)
        return head + struct.pack(">HBB", n, 0, 0x85) + ext + ip
    if n % 2:
        head = struct.pack(">BBHI", 0x32, 0xFF, 4 + len(ip), 0x1000 + n)
        return head + struct.pack(">HBB", n, 0, 0) + ip
    return struct.pack(">BBHI", 0x30, 0xFF, len(ip), 0x1000 + n) + ip


def _gtp_frame(ip: bytes, n: int) -> bytes:
    outer = udp(gtp_u(ip, n), *OUTER4, 2152, 2152)
    return _ipv4_raw(outer, 17, *OUTER4)


def l2tp(ip: bytes, n: int) -> bytes:
    """An L2TPv2 data message (RFC 2661) with a PPP frame; every other one with the
    Length, Ns/Nr and an Offset field."""
    ppp = b"\xff\x03" + (b"\x00\x21" if ip[0] >> 4 == 4 else b"\x00\x57") + ip
    if n % 2:
        body = struct.pack(">HHHHHH", 7, 9, n, 0, 2, 0)    # tunnel, session, Ns, Nr, offset
        flags = 0x4000 | 0x0800 | 0x0200 | 2
        return struct.pack(">HH", flags, 4 + len(body) + len(ppp)) + body + ppp
    return struct.pack(">HHH", 2, 7, 9) + ppp


def radiotap_80211(ip: bytes, n: int, c2s: bool) -> bytes:
    """Radiotap (two present words, TSFT, Flags, Rate) and an 802.11 data frame with
    LLC/SNAP; every other frame QoS Data, every third with its FCS (Flags 0x10)."""
    fcs = n % 3 == 0
    present = struct.pack("<II", 0x80000007, 0)
    fields = b"\x00" * 4 + struct.pack("<QBB", 1000 + n, 0x10 if fcs else 0, 2)
    header = struct.pack("<BBH", 0, 0, 8 + len(present) - 4 + len(fields)) + present + fields
    return header + _wifi(ip, n, c2s, fcs)


def _wifi(ip: bytes, n: int, c2s: bool, fcs: bool) -> bytes:
    ap, sta, far = (bytes.fromhex(x) for x in ("0200000000aa", "0200000000bb", "0200000000cc"))
    qos = n % 2 == 1
    wds = n % 5 == 4
    fc0 = 0x88 if qos else 0x08
    fc1 = 0x03 if wds else (0x01 if c2s else 0x02)
    addrs = (ap, sta, far) if c2s else (sta, ap, far)
    frame = struct.pack("<BBH", fc0, fc1, 0) + b"".join(addrs) + struct.pack("<H", n << 4)
    if wds:
        frame += far
    if qos:
        frame += struct.pack("<H", 0)
    ether_type = 0x0800 if ip[0] >> 4 == 4 else 0x86DD
    frame += b"\xaa\xaa\x03\x00\x00\x00" + struct.pack(">H", ether_type) + ip
    if fcs:
        frame += struct.pack("<I", zlib.crc32(frame))
    return frame


def ppi_80211(ip: bytes, n: int, c2s: bool) -> bytes:
    """PPI with an 802.11-Common field (FCS present bit on every third frame), then the
    802.11 data frame."""
    fcs = n % 3 == 0
    common = struct.pack("<QHHHHBBbb", 2000 + n, 0x0001 if fcs else 0, 2, 2412, 0x00A0,
                         0, 0, -40, -90)
    field = struct.pack("<HH", 2, len(common)) + common
    header = struct.pack("<BBHI", 0, 0, 8 + len(field), 105) + field
    return header + _wifi(ip, n, c2s, fcs)


def netlink_nflog(ip: bytes, n: int) -> bytes:
    """LINKTYPE_NETLINK: the cooked header (ARPHRD_NETLINK, NETLINK_NETFILTER), then a
    netlink message NFULNL_MSG_PACKET whose attributes carry the packet (NFULA_PAYLOAD),
    as nlmon captures an NFLOG target's messages."""
    family = 2 if ip[0] >> 4 == 4 else 10
    attributes = _nla(1, struct.pack(">HBx", 0x0800 if family == 2 else 0x86DD, 3))
    attributes += _nla(10, b"wirestruct\x00")
    attributes += _nla(9, ip)
    body = struct.pack(">BBH", family, 0, 5) + attributes
    message = struct.pack("<IHHII", 16 + len(body), 0x0400, 0, n, 0) + body
    cooked = struct.pack(">HHH8sH", 4, 824, 0, b"", 12)
    return cooked + message


def _nla(kind: int, value: bytes) -> bytes:
    head = struct.pack("<HH", 4 + len(value), kind)
    return head + value + b"\x00" * (-len(value) % 4)


def chdlc(ip: bytes, n: int) -> bytes:
    return struct.pack(">BBH", 0x0F, 0x00, 0x0800 if ip[0] >> 4 == 4 else 0x86DD) + ip


def _c2s(ip: bytes) -> bool:
    """Whether a loopback packet goes to one of the run's servers (47311-47313)."""
    if ip[0] >> 4 == 4:
        start = (ip[0] & 15) * 4
    else:
        start = 40
    return struct.unpack_from(">H", ip, start + 2)[0] in (47311, 47312, 47313)


def _wrapped(path: Path, link_type: int, wrap: Callable[[bytes, int], bytes]) -> None:
    with open(path, "wb") as out:
        w = PcapWriter(out, link_type=link_type)
        for n, (t, ip) in enumerate(loopback_packets()):
            w.write(t, wrap(ip, n))


def _ethernet_wrapped(path: Path, wrap: Callable[[bytes, int], bytes]) -> None:
    with open(path, "wb") as out:
        w = PcapWriter(out)
        for n, (t, ip) in enumerate(loopback_packets()):
            w.write(t, wrap(ip, n))


def _in_ip(ip: bytes, outer_v6: bool) -> bytes:
    proto = 4 if ip[0] >> 4 == 4 else 41
    if outer_v6:
        return ethernet(ipv6(ip, proto, *OUTER6), 0x86DD)
    return ethernet(ipv4(ip, proto, *OUTER4), 0x0800)


def _mpls_gtp(ip: bytes, n: int) -> bytes:
    label = struct.pack(">I", (100 << 12) | (1 << 8) | 64)
    return ethernet(label + _gtp_frame(ip, n), 0x8847)


# -- files that count -------------------------------------------------------------------

def unknown_blocks(path: Path) -> None:
    """pcapng: the loopback run's frames, with blocks of two types no reader knows and a
    Name Resolution Block among them, an obsolete Packet Block for one frame."""
    with open(path, "wb") as out:
        w = PcapngWriter(out)
        w.interface()
        for n, (t, ip) in enumerate(loopback_packets()):
            frame = ethernet(ip, 0x0800 if ip[0] >> 4 == 4 else 0x86DD)
            if n == 3:
                w.block(0x00000BAE, b"unknown block body")
                w.block(0x80001234, b"\x01\x02\x03\x04" * 3)
            if n == 5:
                record = bytes([192, 0, 2, 1]) + b"host\x00"      # nrb_record_ipv4
                w.block(0x00000004, struct.pack("<HH", 1, len(record)) + record + b"\x00" * 3
                        + struct.pack("<HH", 0, 0))
            if n == 7:
                ticks = round(t * 1_000_000)
                body = struct.pack("<HHIIII", 0, 0, ticks >> 32, ticks & 0xFFFFFFFF,
                                   len(frame), len(frame)) + frame + b"\x00" * (-len(frame) % 4)
                w.block(0x00000002, body)
                continue
            w.write(t, frame)


def bad_record_header(path: Path) -> None:
    """pcap: the loopback run's first ten frames, then a record header claiming 2 GiB, then
    the rest of the frames (their bytes can only be counted)."""
    with open(path, "wb") as out:
        w = PcapWriter(out)
        for n, (t, ip) in enumerate(loopback_packets()):
            if n == 10:
                out.write(struct.pack("<IIII", int(t), 0, 1 << 31, 1 << 31))
            w.write(t, ethernet(ip, 0x0800 if ip[0] >> 4 == 4 else 0x86DD))


CASES: dict[str, Callable[[Path], None]] = {}


def _pcap_case(name: str, build: Callable[[PcapWriter], None]) -> None:
    def make(path: Path) -> None:
        with open(path, "wb") as out:
            build(PcapWriter(out))
    CASES[name] = make


for _name, _build in (("conflict_on_header.pcap", conflict_on_header),
                      ("acked_unseen.pcap", acked_unseen),
                      ("data_after_rst.pcap", data_after_rst),
                      ("syn_retries.pcap", syn_retries),
                      ("midstream_keepalive.pcap", midstream_keepalive),
                      ("tso_zero_length.pcap", tso_zero_length)):
    _pcap_case(_name, _build)

CASES.update({
    "gtp_u.pcap": lambda p: _ethernet_wrapped(p, lambda ip, n: ethernet(_gtp_frame(ip, n),
                                                                       0x0800)),
    "gtp_u_mpls.pcap": lambda p: _ethernet_wrapped(p, _mpls_gtp),
    "l2tp.pcap": lambda p: _ethernet_wrapped(p, lambda ip, n: ethernet(_ipv4_raw(
        udp(l2tp(ip, n), *OUTER4, 1701, 1701), 17, *OUTER4), 0x0800)),
    "ip_in_ipv4.pcap": lambda p: _ethernet_wrapped(p, lambda ip, n: _in_ip(ip, False)),
    "ip_in_ipv6.pcap": lambda p: _ethernet_wrapped(p, lambda ip, n: _in_ip(ip, True)),
    "wifi_radiotap.pcap": lambda p: _wrapped(p, 127, lambda ip, n: radiotap_80211(
        ip, n, _c2s(ip))),
    "wifi_ppi.pcap": lambda p: _wrapped(p, 192, lambda ip, n: ppi_80211(ip, n, _c2s(ip))),
    "netlink_nflog.pcap": lambda p: _wrapped(p, 253, netlink_nflog),
    "cisco_hdlc.pcap": lambda p: _wrapped(p, 104, chdlc),
    "unknown_blocks.pcapng": unknown_blocks,
    "bad_record_header.pcap": bad_record_header,
})

__all__ = ["CASES", "build", "mme_packets", "mme_stream", "loopback_packets", "checksum"]


def build(out: Path = OUT, names: list[str] | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names or list(CASES):
        path = out / name
        CASES[name](path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("names", nargs="*", help="files to build (default: all)")
    opts = parser.parse_args(argv)
    for path in build(opts.out, opts.names or None):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
