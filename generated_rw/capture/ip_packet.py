# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ipv4_packet
from . import ipv6_packet


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class IpPacket(ReadWriteKaitaiStruct):
    """Router for link layers that carry IP without saying which version (raw IP, BSD
    loopback): the version nibble of the first byte picks IPv4 or IPv6.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_RAW.html
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(IpPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._should_write_first_byte = False
        self.first_byte__enabled = True

    def _read(self):
        _on = self.version
        if _on == 4:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv4_packet.Ipv4Packet(_io__raw_body)
            self.body._read()
        elif _on == 6:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv6_packet.Ipv6Packet(_io__raw_body)
            self.body._read()
        else:
            pass
            self.body = self._io.read_bytes_full()
        self._dirty = False


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



    def _write__seq(self, io=None):
        super(IpPacket, self)._write__seq(io)
        self._should_write_first_byte = self.first_byte__enabled
        _on = self.version
        if _on == 4:
            pass
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
        elif _on == 6:
            pass
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
        else:
            pass
            self._io.write_bytes(self.body)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"body", 0, self._io.size() - self._io.pos())


    def _check(self):
        if self.first_byte__enabled:
            pass

        self._dirty = False

    @property
    def first_byte(self):
        """First byte of the packet, read ahead to find the version."""
        if self._should_write_first_byte:
            self._write_first_byte()
        if hasattr(self, '_m_first_byte'):
            return self._m_first_byte

        if not self.first_byte__enabled:
            return None

        _pos = self._io.pos()
        self._io.seek(0)
        self._m_first_byte = self._io.read_u1()
        self._io.seek(_pos)
        return getattr(self, '_m_first_byte', None)

    @first_byte.setter
    def first_byte(self, v):
        self._dirty = True
        self._m_first_byte = v

    def _write_first_byte(self):
        self._should_write_first_byte = False
        _pos = self._io.pos()
        self._io.seek(0)
        self._io.write_u1(self._m_first_byte)
        self._io.seek(_pos)

    @property
    def version(self):
        """IP version (4 or 6); anything else stays bytes."""
        if hasattr(self, '_m_version'):
            return self._m_version

        self._m_version = self.first_byte >> 4
        return getattr(self, '_m_version', None)

    def _invalidate_version(self):
        del self._m_version

