"""Remake the loopback test captures in tests/data/captures/ (needs root, tcpdump, dumpcap).

    python -m wirestruct.tools.capture_loopback [--out tests/data/captures]

Two runs, each captured by real capture tools on the loopback interface:

1. ``traffic``: a TCP server and client on 127.0.0.1 and on [::1] and a UDP exchange on
   127.0.0.1 (Python sockets, fixed ping-pong rounds), captured at the same time by
   ``tcpdump -i lo`` (pcap, Ethernet), ``dumpcap -i lo`` (pcapng), ``tcpdump -i any``
   (pcap, Linux cooked v1) and ``tcpdump -i any -y LINUX_SLL2 --time-stamp-precision=nano``
   (pcap, cooked v2, nanosecond magic).
2. ``crafted``: Ethernet frames written to a packet socket on ``lo`` (captured by
   ``tcpdump -i lo``): a TCP conversation with its sequence numbers wrapping past 2^32,
   an out-of-order segment, a retransmission, an overlapping segment, 802.1Q tags and
   IPv4 options, a second connection seen only from its middle, plus ARP and ICMP frames.
   The frames have a destination MAC that is not the loopback device's, so the kernel
   drops them after the capture point and never answers them.

Every byte stream is a seeded pattern (:func:`pattern`), so tests can assert the exact
reassembled bytes; tests/data/captures/README.md lists them.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from wirestruct.captures.writers.pcap_writer import (
    ACK,
    ETHERTYPE_IPV4,
    FIN,
    PROTO_TCP,
    PSH,
    SYN,
    ethernet,
    ipv4,
    tcp,
)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "captures"

TCP4_PORT, TCP6_PORT, UDP_PORT, CRAFTED_PORT = 47311, 47312, 47313, 47320
FILTER = f"port {TCP4_PORT} or port {TCP6_PORT} or port {UDP_PORT}"
CRAFTED_FILTER = "net 127.99.0.0/24 or arp or vlan"

#: (seed, chunk sizes) of each byte stream of the traffic run.
TCP4_C2S = (1, [5, 1200, 3, 700, 64])
TCP4_S2C = (2, [40, 900, 1])
TCP6_C2S = (3, [300, 20])
TCP6_S2C = (4, [10])
UDP_C2S = [(5, 5), (6, 100)]          # (seed, size) per datagram
UDP_S2C = [(7, 30)]


def pattern(seed: int, size: int) -> bytes:
    """The seeded byte pattern every test stream is made of."""
    return random.Random(seed).randbytes(size)


def _recv_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        part = sock.recv(size - len(data))
        if not part:
            raise ConnectionError("peer closed early")
        data += part
    return data


def _tcp_exchange(family: int, host: str, port: int, c2s, s2c) -> None:
    c2s_data, s2c_data = pattern(c2s[0], sum(c2s[1])), pattern(s2c[0], sum(s2c[1]))
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(1)
    listener.settimeout(10)
    rounds = max(len(c2s[1]), len(s2c[1]))

    def serve() -> None:
        conn, _ = listener.accept()
        conn.settimeout(10)
        with conn:
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sent = got = 0
            for i in range(rounds):
                if i < len(c2s[1]):
                    got += len(_recv_exactly(conn, c2s[1][i]))
                if i < len(s2c[1]):
                    conn.sendall(s2c_data[sent:sent + s2c[1][i]])
                    sent += s2c[1][i]
            conn.recv(1)  # the client's FIN
    server = threading.Thread(target=serve)
    server.start()
    with socket.socket(family, socket.SOCK_STREAM) as client:
        client.settimeout(10)
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        client.connect((host, port))
        sent = 0
        for i in range(rounds):
            if i < len(c2s[1]):
                client.sendall(c2s_data[sent:sent + c2s[1][i]])
                sent += c2s[1][i]
            if i < len(s2c[1]):
                _recv_exactly(client, s2c[1][i])
            time.sleep(0.01)
        client.shutdown(socket.SHUT_WR)
        while client.recv(4096):
            pass
    server.join()
    listener.close()


def _udp_exchange() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as server, \
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as client:
        server.bind(("127.0.0.1", UDP_PORT))
        server.settimeout(5)
        client.settimeout(5)
        for seed, size in UDP_C2S:
            client.sendto(pattern(seed, size), ("127.0.0.1", UDP_PORT))
            _, peer = server.recvfrom(65536)
            time.sleep(0.01)
        for seed, size in UDP_S2C:
            server.sendto(pattern(seed, size), peer)
            client.recvfrom(65536)


def run_traffic() -> None:
    _tcp_exchange(socket.AF_INET, "127.0.0.1", TCP4_PORT, TCP4_C2S, TCP4_S2C)
    _tcp_exchange(socket.AF_INET6, "::1", TCP6_PORT, TCP6_C2S, TCP6_S2C)
    _udp_exchange()


# Crafted run ----------------------------------------------------------------------------

CLIENT, SERVER, LATE_CLIENT = "127.99.0.1", "127.99.0.2", "127.99.0.3"
CLIENT_PORT, LATE_PORT = 40000, 40001
CRAFTED_ISN_C2S, CRAFTED_ISN_S2C = 0xFFFFFF00, 0x7FFFFFF0
CRAFTED_C2S = (11, 1000)
CRAFTED_S2C = (12, 300)
LATE_SEQ_C2S, LATE_SEQ_S2C = 123456, 654321
LATE_C2S = (13, 50)
LATE_S2C = (14, 20)
_MAC_A, _MAC_B = bytes.fromhex("02000000000a"), bytes.fromhex("02000000000b")


def crafted_frames():
    """The crafted run's frames, in sending order."""
    c2s, s2c = pattern(*CRAFTED_C2S), pattern(*CRAFTED_S2C)
    ic, is_ = CRAFTED_ISN_C2S, CRAFTED_ISN_S2C

    def c(seq_off, data, flags=PSH | ACK, vlan=None, ip_options=b""):
        seg = tcp(data, CLIENT, SERVER, CLIENT_PORT, CRAFTED_PORT, ic + 1 + seq_off,
                  is_ + 1, flags)
        return ethernet(ipv4(seg, PROTO_TCP, CLIENT, SERVER, options=ip_options),
                        ETHERTYPE_IPV4, src=_MAC_A, dst=_MAC_B, vlan_id=vlan)

    def s(seq_off, data, flags=PSH | ACK, vlan=None):
        seg = tcp(data, SERVER, CLIENT, CRAFTED_PORT, CLIENT_PORT, is_ + 1 + seq_off,
                  ic + 1 + 200, flags)
        return ethernet(ipv4(seg, PROTO_TCP, SERVER, CLIENT), ETHERTYPE_IPV4, src=_MAC_B,
                        dst=_MAC_A, vlan_id=vlan)

    arp = (b"\xff" * 6 + _MAC_A + b"\x08\x06" + bytes.fromhex("0001080006040001") + _MAC_A
           + socket.inet_aton(CLIENT) + b"\x00" * 6 + socket.inet_aton(SERVER))
    icmp = ethernet(ipv4(bytes.fromhex("0800f7ff00000000"), 1, CLIENT, SERVER), ETHERTYPE_IPV4,
                    src=_MAC_A, dst=_MAC_B)
    late_c = pattern(*LATE_C2S)
    late_s = pattern(*LATE_S2C)
    late = [
        ethernet(ipv4(tcp(late_c, LATE_CLIENT, SERVER, LATE_PORT, CRAFTED_PORT, LATE_SEQ_C2S,
                          LATE_SEQ_S2C, PSH | ACK), PROTO_TCP, LATE_CLIENT, SERVER),
                 ETHERTYPE_IPV4, src=_MAC_A, dst=_MAC_B),
        ethernet(ipv4(tcp(late_s, SERVER, LATE_CLIENT, CRAFTED_PORT, LATE_PORT, LATE_SEQ_S2C,
                          LATE_SEQ_C2S + 50, PSH | ACK), PROTO_TCP, SERVER, LATE_CLIENT),
                 ETHERTYPE_IPV4, src=_MAC_B, dst=_MAC_A),
    ]
    syn = ethernet(ipv4(tcp(b"", CLIENT, SERVER, CLIENT_PORT, CRAFTED_PORT, ic, 0, SYN),
                        PROTO_TCP, CLIENT, SERVER), ETHERTYPE_IPV4, src=_MAC_A, dst=_MAC_B)
    synack = ethernet(ipv4(tcp(b"", SERVER, CLIENT, CRAFTED_PORT, CLIENT_PORT, is_, ic + 1,
                               SYN | ACK), PROTO_TCP, SERVER, CLIENT), ETHERTYPE_IPV4,
                      src=_MAC_B, dst=_MAC_A)
    return [
        arp,                                             # 1  not IP: skipped
        syn,                                             # 2
        synack,                                          # 3
        c(0, b"", ACK),                                  # 4
        c(0, c2s[0:200]),                                # 5  crosses 2^32
        c(400, c2s[400:600]),                            # 6  out of order
        c(200, c2s[200:300]),                            # 7
        c(0, c2s[0:200]),                                # 8  retransmission
        s(0, s2c[0:100]),                                # 9
        icmp,                                            # 10 not TCP/UDP: skipped
        c(250, c2s[250:450]),                            # 11 overlaps both neighbours
        c(600, c2s[600:1000], vlan=42, ip_options=b"\x01\x01\x01\x00"),  # 12
        s(100, s2c[100:300], vlan=42),                   # 13
        c(1000, b"", FIN | ACK),                         # 14
        s(300, b"", FIN | ACK),                          # 15
        c(1001, b"", ACK),                               # 16
        *late,                                           # 17, 18 no handshake
    ]


def send_crafted() -> None:
    with socket.socket(socket.AF_PACKET, socket.SOCK_RAW) as sock:
        sock.bind(("lo", 0))
        for frame in crafted_frames():
            sock.send(frame)
            time.sleep(0.002)


# Capturing ------------------------------------------------------------------------------

def _start(args) -> subprocess.Popen:
    proc = subprocess.Popen(args, stderr=subprocess.PIPE, text=True)
    stderr = proc.stderr
    assert stderr is not None  # stderr=PIPE
    line = stderr.readline()   # "listening on ..." / "Capturing on ..."
    if proc.poll() is not None:
        raise RuntimeError(f"{args[0]} failed: {line}{stderr.read()}")
    time.sleep(0.3)
    return proc


def _stop(procs) -> None:
    time.sleep(1.5)  # let the capture tools write out what they hold
    for proc in procs:
        proc.send_signal(signal.SIGINT)
    for proc in procs:
        proc.wait(timeout=10)
        proc.stderr.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    names = {
        "lo_ethernet.pcap": ["tcpdump", "-i", "lo", "-U", "--immediate-mode", "-w"],
        "lo_dumpcap.pcapng": ["dumpcap", "-q", "-i", "lo", "-f", FILTER, "-w"],
        "any_sll.pcap": ["tcpdump", "-i", "any", "-y", "LINUX_SLL", "-U", "--immediate-mode", "-w"],
        "any_sll2_nano.pcap": ["tcpdump", "-i", "any", "-y", "LINUX_SLL2",
                               "--time-stamp-precision=nano", "-U", "--immediate-mode", "-w"],
    }
    procs = []
    for name, cmd in names.items():
        path = out / name
        tail = [str(path)] if cmd[0] == "dumpcap" else [str(path), FILTER]
        procs.append(_start(cmd + tail))
    try:
        run_traffic()
    finally:
        _stop(procs)
    crafted = out / "lo_crafted.pcap"
    procs = [_start(["tcpdump", "-i", "lo", "-U", "--immediate-mode", "-w", str(crafted),
                     CRAFTED_FILTER])]
    try:
        send_crafted()
    finally:
        _stop(procs)
    for path in sorted(out.glob("*.pcap*")):
        os.chmod(path, 0o644)
        print(f"{path.name}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
