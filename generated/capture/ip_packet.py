# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ipv4_packet
from . import ipv6_packet


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class IpPacket(KaitaiStruct):
    """Router for link layers that carry IP without saying which version (raw IP, BSD
    loopback): the version nibble of the first byte picks IPv4 or IPv6.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_RAW.html
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(IpPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        _on = self.version
        if _on == 4:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv4_packet.Ipv4Packet(_io__raw_body)
        elif _on == 6:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv6_packet.Ipv6Packet(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.version
        if _on == 4:
            pass
            self.body._fetch_instances()
        elif _on == 6:
            pass
            self.body._fetch_instances()
        else:
            pass
        _ = self.first_byte
        if hasattr(self, '_m_first_byte'):
            pass


    @property
    def first_byte(self):
        """First byte of the packet, read ahead to find the version."""
        if hasattr(self, '_m_first_byte'):
            return self._m_first_byte

        _pos = self._io.pos()
        self._io.seek(0)
        self._m_first_byte = self._io.read_u1()
        self._io.seek(_pos)
        return getattr(self, '_m_first_byte', None)

    @property
    def version(self):
        """IP version (4 or 6); anything else stays bytes."""
        if hasattr(self, '_m_version'):
            return self._m_version

        self._m_version = self.first_byte >> 4
        return getattr(self, '_m_version', None)


