# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ether_type
from . import ethernet_frame
from . import ipv4_packet
from . import ipv6_packet


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class GenevePacket(ReadWriteKaitaiStruct):
    """Generic Network Virtualization Encapsulation on UDP port 6081: the 8-byte header, its
    variable options (kept as bytes), then the tunnelled packet, an Ethernet frame (protocol
    type 0x6558) or an IPv4/IPv6 packet.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc8926#section-3.4
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(GenevePacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.version = self._io.read_bits_int_be(2)
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, self._io, u"/seq/0")
        self.len_options = self._io.read_bits_int_be(6)
        self.is_oam = self._io.read_bits_int_be(1) != 0
        self.has_critical_options = self._io.read_bits_int_be(1) != 0
        self.reserved1 = self._io.read_bits_int_be(6)
        self.protocol_type = KaitaiStream.resolve_enum(ether_type.EtherType.EtherType, self._io.read_u2be())
        self.vni = self._io.read_bits_int_be(24)
        self.reserved2 = self._io.read_u1()
        self.options = self._io.read_bytes(self.len_options * 4)
        _on = self.protocol_type
        if _on == ether_type.EtherType.EtherType.ipv4:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv4_packet.Ipv4Packet(_io__raw_body)
            self.body._read()
        elif _on == ether_type.EtherType.EtherType.ipv6:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv6_packet.Ipv6Packet(_io__raw_body)
            self.body._read()
        elif _on == ether_type.EtherType.EtherType.transparent_ethernet_bridging:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ethernet_frame.EthernetFrame(_io__raw_body)
            self.body._read()
        else:
            pass
            self.body = self._io.read_bytes_full()
        self._dirty = False


    def _fetch_instances(self):
        pass
        _on = self.protocol_type
        if _on == ether_type.EtherType.EtherType.ipv4:
            pass
            self.body._fetch_instances()
        elif _on == ether_type.EtherType.EtherType.ipv6:
            pass
            self.body._fetch_instances()
        elif _on == ether_type.EtherType.EtherType.transparent_ethernet_bridging:
            pass
            self.body._fetch_instances()
        else:
            pass


    def _write__seq(self, io=None):
        super(GenevePacket, self)._write__seq(io)
        self._io.write_bits_int_be(2, self.version)
        self._io.write_bits_int_be(6, self.len_options)
        self._io.write_bits_int_be(1, int(self.is_oam))
        self._io.write_bits_int_be(1, int(self.has_critical_options))
        self._io.write_bits_int_be(6, self.reserved1)
        self._io.write_u2be(int(self.protocol_type))
        self._io.write_bits_int_be(24, self.vni)
        self._io.write_u1(self.reserved2)
        self._io.write_bytes(self.options)
        _on = self.protocol_type
        if _on == ether_type.EtherType.EtherType.ipv4:
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
        elif _on == ether_type.EtherType.EtherType.ipv6:
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
        elif _on == ether_type.EtherType.EtherType.transparent_ethernet_bridging:
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
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, None, u"/seq/0")
        if len(self.options) != self.len_options * 4:
            raise kaitaistruct.ConsistencyError(u"options", self.len_options * 4, len(self.options))
        _on = self.protocol_type
        if _on == ether_type.EtherType.EtherType.ipv4:
            pass
        elif _on == ether_type.EtherType.EtherType.ipv6:
            pass
        elif _on == ether_type.EtherType.EtherType.transparent_ethernet_bridging:
            pass
        else:
            pass
        self._dirty = False


