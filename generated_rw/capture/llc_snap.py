# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ether_type
from . import ipv4_packet
from . import ipv6_packet


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class LlcSnap(ReadWriteKaitaiStruct):
    """The Logical Link Control header that starts the body of an IEEE 802.11 data frame
    (and other IEEE 802 frames): DSAP, SSAP and control. With DSAP and SSAP 0xAA and an
    unnumbered control byte it is followed by a SNAP header (an OUI and a protocol); with
    the OUI 00-00-00 (RFC 1042) the protocol is an EtherType, and IPv4 and IPv6 are
    parsed. Anything else stays bytes.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc1042
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(LlcSnap, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.dsap = self._io.read_u1()
        self.ssap = self._io.read_u1()
        self.control = self._io.read_u1()
        if self.is_snap:
            pass
            self.oui = self._io.read_bytes(3)

        if self.is_snap:
            pass
            self.protocol = KaitaiStream.resolve_enum(ether_type.EtherType.EtherType, self._io.read_u2be())

        _on = self.ether_type_value
        if _on == 2048:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv4_packet.Ipv4Packet(_io__raw_body)
            self.body._read()
        elif _on == 34525:
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
        if self.is_snap:
            pass

        if self.is_snap:
            pass

        _on = self.ether_type_value
        if _on == 2048:
            pass
            self.body._fetch_instances()
        elif _on == 34525:
            pass
            self.body._fetch_instances()
        else:
            pass


    def _write__seq(self, io=None):
        super(LlcSnap, self)._write__seq(io)
        self._io.write_u1(self.dsap)
        self._io.write_u1(self.ssap)
        self._io.write_u1(self.control)
        if self.is_snap:
            pass
            self._io.write_bytes(self.oui)

        if self.is_snap:
            pass
            self._io.write_u2be(int(self.protocol))

        _on = self.ether_type_value
        if _on == 2048:
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
        elif _on == 34525:
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
        if self.is_snap:
            pass
            if len(self.oui) != 3:
                raise kaitaistruct.ConsistencyError(u"oui", 3, len(self.oui))

        if self.is_snap:
            pass

        _on = self.ether_type_value
        if _on == 2048:
            pass
        elif _on == 34525:
            pass
        else:
            pass
        self._dirty = False

    @property
    def ether_type_value(self):
        """The EtherType of the body, or -1 when the header names none."""
        if hasattr(self, '_m_ether_type_value'):
            return self._m_ether_type_value

        self._m_ether_type_value = (int(self.protocol) if  ((self.is_snap) and (self.oui == b"\x00\x00\x00"))  else -1)
        return getattr(self, '_m_ether_type_value', None)

    def _invalidate_ether_type_value(self):
        del self._m_ether_type_value
    @property
    def is_snap(self):
        if hasattr(self, '_m_is_snap'):
            return self._m_is_snap

        self._m_is_snap =  ((self.dsap == 170) and (self.ssap == 170) and (self.control == 3)) 
        return getattr(self, '_m_is_snap', None)

    def _invalidate_is_snap(self):
        del self._m_is_snap

