"""Counts of what a capture holds but wirestruct does not read.

Each kind (a link type, an EtherType, an IP protocol, frames of connections that are not
followed, a pcapng block type ...) yields one :class:`~wirestruct.core.errors.UnsupportedError`
when its first item is seen, which names it and drops nothing itself (no ``dropped``:
the totals count that item), and
:meth:`UnreadTally.summary` reports the totals at the end of the capture: one error per
unit (``frames``, pcapng ``blocks``) whose ``dropped`` counts every item of that unit once,
so nothing disappears silently, nothing floods and nothing is counted twice. A kind of
unit ``None`` is a note about items that were read (frames cut by the snapshot length:
the bytes they miss are named by the stream's gap events); it is reported without a
``dropped`` count.
"""
from __future__ import annotations

import struct

from wirestruct.captures.frames.fastpath import LAYOUTS
from wirestruct.core.errors import UnsupportedError
from wirestruct.generated.capture.ether_type import EtherType
from wirestruct.generated.capture.link_frame import LinkFrame

__all__ = ["UnreadTally", "TcpPlace", "tcp_place"]

_EXPECTED = "TCP or UDP over IP of the followed connections"


class UnreadTally:
    def __init__(self) -> None:
        #: (kind, unit) -> [items, bytes, unit]: a kind counted in two units (whole
        #: frames, the messages of a frame that holds several) has an entry for each
        self.kinds: dict[tuple[str, str | None], list] = {}

    def count(self, kind: str, place: str, size: int, unit: str | None = "frames"
              ) -> UnsupportedError | None:
        """Count one item of ``size`` bytes at ``place`` (``"frame 12"``); an error naming
        the kind the first time it is seen in that unit."""
        entry = self.kinds.get((kind, unit))
        if entry is not None:
            entry[0] += 1
            entry[1] += size
            return None
        self.kinds[(kind, unit)] = [1, size, unit]
        what = unit or "frames"
        return UnsupportedError(
            f"{place}: {kind}, not read; {what} of this kind are counted and their totals "
            "reported at the end of the capture", expected=_EXPECTED)

    def summary(self) -> list[UnsupportedError]:
        """The totals, one error per unit (frames, blocks), then the notes; empty when
        everything was read."""
        out: list[UnsupportedError] = []
        units = sorted({unit for _, _, unit in self.kinds.values() if unit},
                       key=lambda u: (u != "frames", u))
        for unit in units:
            kinds = {k: v for k, v in self.kinds.items() if v[2] == unit}
            items = sum(entry[0] for entry in kinds.values())
            size = sum(entry[1] for entry in kinds.values())
            parts = "; ".join(f"{kind}: {n} {unit}, {b} bytes"
                              for (kind, _), (n, b, _) in kinds.items())
            out.append(UnsupportedError(f"{items} {unit} ({size} bytes) not read: {parts}",
                                        expected=_EXPECTED, dropped=items, dropped_unit=unit))
        for (kind, _), (n, size, unit) in self.kinds.items():
            if unit is None:
                out.append(UnsupportedError(f"{kind}: {n} frames, {size} bytes",
                                            expected="whole frames"))
        return out


# -- the connection of a frame that does not parse ------------------------------------------

_LINK = LinkFrame.LinkType
_ET = EtherType.EtherType
_TPIDS = frozenset((_ET.vlan_tag.value, _ET.service_vlan_tag.value, _ET.legacy_vlan_tag.value))
_IPV4, _IPV6 = _ET.ipv4.value, _ET.ipv6.value
#: link type -> (offset of the EtherType or None, offset of the network layer)
_LINKS = {_LINK.linux_sll.value: (14, 16), _LINK.linux_sll2.value: (0, 20),
          _LINK.null_loopback.value: (None, 4), _LINK.loop.value: (None, 4),
          _LINK.raw.value: (None, 0), _LINK.raw_dlt12.value: (None, 0),
          _LINK.raw_dlt14.value: (None, 0), _LINK.ipv4.value: (None, 0),
          _LINK.ipv6.value: (None, 0)}
_U16 = struct.Struct(">H").unpack_from
_IPV4_HEADER = struct.Struct(LAYOUTS["ipv4"].fmt).unpack_from
_IPV6_HEADER = struct.Struct(LAYOUTS["ipv6"].fmt).unpack_from
_TCP_HEADER = struct.Struct(LAYOUTS["tcp"].fmt).unpack_from


class TcpPlace:
    """Where a TCP segment that could not be read belongs: its endpoints, sequence
    number and the payload bytes its headers announce."""

    __slots__ = ("src", "dst", "seq", "size")

    def __init__(self, src: tuple[bytes, int], dst: tuple[bytes, int], seq: int,
                 size: int) -> None:
        self.src, self.dst, self.seq, self.size = src, dst, seq, size


def tcp_place(data: bytes, link_type: int) -> TcpPlace | None:
    """The TCP connection of a frame that does not parse, read leniently from the headers
    of the common layouts (Ethernet with VLAN tags, Linux cooked, loopback, raw IP; IPv4,
    or IPv6 straight to TCP): only the fields that place the segment, none checked
    beyond what is needed to find them. None: not found (another layout, not TCP, a
    non-first fragment, headers cut short)."""
    if link_type == _LINK.ethernet.value:
        at, ether_type = 14, _U16(data, 12)[0] if len(data) >= 14 else None
        while ether_type in _TPIDS and len(data) >= at + 4:
            ether_type, at = _U16(data, at + 2)[0], at + 4
    elif link_type in _LINKS:
        type_at, at = _LINKS[link_type]
        ether_type = (_U16(data, type_at)[0] if type_at is not None and len(data) >= at
                      else None)
    else:
        return None
    if len(data) < at + 1:
        return None
    version = data[at] >> 4
    if ether_type is not None and (ether_type, version) not in ((_IPV4, 4), (_IPV6, 6)):
        return None
    if version == 4 and len(data) >= at + 20:
        fields = _IPV4_HEADER(data, at)
        start = at + (fields[0] & 15) * 4
        if fields[6] != 6 or fields[4] & 0x1FFF or fields[0] & 15 < 5:
            return None
        end = at + fields[2] if fields[2] else len(data)
        src, dst = fields[8], fields[9]
    elif version == 6 and len(data) >= at + 40:
        fields = _IPV6_HEADER(data, at)
        if fields[2] != 6:
            return None
        start, end, src, dst = at + 40, at + 40 + fields[1], fields[4], fields[5]
    else:
        return None
    if len(data) < start + 20:
        return None
    tcp = _TCP_HEADER(data, start)
    header = max(20, (tcp[4] >> 4) * 4)
    return TcpPlace((src, tcp[0]), (dst, tcp[1]), tcp[2], max(0, end - start - header))
