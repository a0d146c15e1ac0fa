"""Which endpoint of a flow is the game server: the one the user named, a port of the
protocol's, or the receiver of the TCP handshake."""
from __future__ import annotations

import ipaddress
from typing import Final, Literal

from wirestruct.captures.frames.layers import Endpoint, Packet


def parse_server(text: str) -> tuple[bytes | None, int]:
    """``"PORT"``, ``"HOST:PORT"`` or ``"[IPV6]:PORT"`` -> (packed address or None, port)."""
    text = text.strip()
    host: str | None = None
    port_text = text
    if text.startswith("["):
        host, sep, port_text = text[1:].partition("]:")
        if not sep:
            raise ValueError(f"--server {text!r}: expected [IPV6]:PORT")
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif ":" in text:
        raise ValueError(f"--server {text!r}: put an IPv6 address in brackets, [HOST]:PORT")
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"--server {text!r}: the port must be a number 1..65535")
    packed = None
    if host:
        try:
            packed = ipaddress.ip_address(host).packed
        except ValueError:
            raise ValueError(f"--server {text!r}: the host must be an IP address") from None
    return packed, int(port_text)


SKIP: Final = "skip"      # not the server the user named: other traffic, ignored silently


class Roles:
    """Works out which endpoint of a new flow is the server."""

    def __init__(self, server: tuple[bytes | None, int] | None, ports: tuple[int, ...]):
        self.server = server
        self.ports = ports

    def server_of(self, packet: Packet) -> Endpoint | Literal["skip"] | None:
        ends = (packet.dst, packet.src)
        if self.server is not None:
            host, port = self.server
            for end in ends:
                if end[1] == port and (host is None or end[0] == host):
                    return end
            return SKIP
        if packet.to_server is not None:      # the frame says which way it went
            return packet.dst if packet.to_server else packet.src
        if self.ports:
            matches = [end for end in ends if end[1] in self.ports]
            if len(matches) == 1:
                return matches[0]
        segment = packet.segment
        if not packet.udp and segment.syn:
            return packet.src if segment.ack else packet.dst
        return None


def show(end: Endpoint) -> str:
    addr = ipaddress.ip_address(end[0])
    return f"[{addr}]:{end[1]}" if addr.version == 6 else f"{addr}:{end[1]}"
