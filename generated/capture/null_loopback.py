# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ip_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class NullLoopback(KaitaiStruct):
    """BSD loopback (link type 0, "NULL", and link type 108, "LOOP"): a 4-byte address
    family, then the network-layer packet. For link type 0 the family is in the byte order
    of the machine that wrote the capture, which the file does not record; since every
    family value is below 256, the non-zero end of the field gives it either way. The packet
    itself is routed by its IP version nibble.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_NULL.html
    """

    class AddressFamily(IntEnum):
        inet = 2
        inet6_netbsd_openbsd = 24
        inet6_freebsd = 28
        inet6_darwin = 30
    def __init__(self, _io, _parent=None, _root=None):
        super(NullLoopback, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.family_bytes = self._io.read_bytes(4)
        self._raw_body = self._io.read_bytes_full()
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ip_packet.IpPacket(_io__raw_body)


    def _fetch_instances(self):
        pass
        self.body._fetch_instances()

    @property
    def family(self):
        """The address family, whichever byte order it was written in."""
        if hasattr(self, '_m_family'):
            return self._m_family

        self._m_family = KaitaiStream.resolve_enum(NullLoopback.AddressFamily, (KaitaiStream.byte_array_index(self.family_bytes, 0) if KaitaiStream.byte_array_index(self.family_bytes, 0) != 0 else KaitaiStream.byte_array_index(self.family_bytes, 3)))
        return getattr(self, '_m_family', None)


