# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ether_type
from . import mpls_stack
from . import ipv4_packet
from . import ipv6_packet
from . import pppoe_session
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class LinuxSll(KaitaiStruct):
    """The 16-byte pseudo-header libpcap writes instead of a link-layer header when capturing
    on Linux's "any" device (link type 113), followed by the packet from the network layer
    on, routed by the protocol field.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html
    """

    class ArphrdType(IntEnum):
        ether = 1
        ieee1394 = 24
        ppp = 512
        ipip = 768
        loopback = 772
        sit = 776
        ipgre = 778
        ieee80211 = 801
        ieee80211_radiotap = 803
        ip6gre = 823
        netlink = 824
        none = 65534

    class PacketType(IntEnum):
        host = 0
        broadcast = 1
        multicast = 2
        other_host = 3
        outgoing = 4
    def __init__(self, _io, _parent=None, _root=None):
        super(LinuxSll, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.packet_type = KaitaiStream.resolve_enum(LinuxSll.PacketType, self._io.read_u2be())
        self.arphrd_type = KaitaiStream.resolve_enum(LinuxSll.ArphrdType, self._io.read_u2be())
        self.len_addr = self._io.read_u2be()
        self.addr = self._io.read_bytes(8)
        self.protocol = KaitaiStream.resolve_enum(ether_type.EtherType.EtherType, self._io.read_u2be())
        _on = self.protocol
        if _on == ether_type.EtherType.EtherType.ipv4:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv4_packet.Ipv4Packet(_io__raw_body)
        elif _on == ether_type.EtherType.EtherType.ipv6:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv6_packet.Ipv6Packet(_io__raw_body)
        elif _on == ether_type.EtherType.EtherType.mpls_multicast:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = mpls_stack.MplsStack(_io__raw_body)
        elif _on == ether_type.EtherType.EtherType.mpls_unicast:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = mpls_stack.MplsStack(_io__raw_body)
        elif _on == ether_type.EtherType.EtherType.pppoe_session:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = pppoe_session.PppoeSession(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.protocol
        if _on == ether_type.EtherType.EtherType.ipv4:
            pass
            self.body._fetch_instances()
        elif _on == ether_type.EtherType.EtherType.ipv6:
            pass
            self.body._fetch_instances()
        elif _on == ether_type.EtherType.EtherType.mpls_multicast:
            pass
            self.body._fetch_instances()
        elif _on == ether_type.EtherType.EtherType.mpls_unicast:
            pass
            self.body._fetch_instances()
        elif _on == ether_type.EtherType.EtherType.pppoe_session:
            pass
            self.body._fetch_instances()
        else:
            pass


