# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ether_type
from . import ipv4_packet
from . import ipv6_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class CiscoHdlc(KaitaiStruct):
    """Link type 104: the 4-byte header Cisco routers put on serial-line frames (an address,
    a control byte and an EtherType), then the packet, routed to IPv4 or IPv6. SLARP and
    CDP frames stay bytes.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_C_HDLC.html
    """

    class Address(IntEnum):
        unicast = 15
        broadcast = 143
    def __init__(self, _io, _parent=None, _root=None):
        super(CiscoHdlc, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.address = KaitaiStream.resolve_enum(CiscoHdlc.Address, self._io.read_u1())
        self.control = self._io.read_u1()
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
        else:
            pass


