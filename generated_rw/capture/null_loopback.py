# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ip_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class NullLoopback(ReadWriteKaitaiStruct):
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
    def __init__(self, _io=None, _parent=None, _root=None):
        super(NullLoopback, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.family_bytes = self._io.read_bytes(4)
        self._raw_body = self._io.read_bytes_full()
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ip_packet.IpPacket(_io__raw_body)
        self.body._read()
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.body._fetch_instances()


    def _write__seq(self, io=None):
        super(NullLoopback, self)._write__seq(io)
        self._io.write_bytes(self.family_bytes)
        _io__raw_body = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
        self._io.add_child_stream(_io__raw_body)
        _pos2 = self._io.pos()
        self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
        def handler(parent, _io__raw_body=_io__raw_body):
            self._raw_body = _io__raw_body.to_byte_array()
            parent.write_bytes(self._raw_body)
            if not parent.is_eof():
                raise kaitaistruct.ConsistencyError(u"raw(body)", 0, parent.size() - parent.pos())
        _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
        self.body._write__seq(_io__raw_body)


    def _check(self):
        if len(self.family_bytes) != 4:
            raise kaitaistruct.ConsistencyError(u"family_bytes", 4, len(self.family_bytes))
        self._dirty = False

    @property
    def family(self):
        """The address family, whichever byte order it was written in."""
        if hasattr(self, '_m_family'):
            return self._m_family

        self._m_family = KaitaiStream.resolve_enum(NullLoopback.AddressFamily, (KaitaiStream.byte_array_index(self.family_bytes, 0) if KaitaiStream.byte_array_index(self.family_bytes, 0) != 0 else KaitaiStream.byte_array_index(self.family_bytes, 3)))
        return getattr(self, '_m_family', None)

    def _invalidate_family(self):
        del self._m_family

