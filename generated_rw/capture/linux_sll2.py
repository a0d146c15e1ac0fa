# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ether_type
from . import mpls_stack
from . import linux_sll
from . import ipv4_packet
from . import ipv6_packet
from . import pppoe_session


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class LinuxSll2(ReadWriteKaitaiStruct):
    """The 20-byte pseudo-header of link type 276 (tcpdump `-y LINUX_SLL2`), which adds the
    interface index to version 1, followed by the packet from the network layer on.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(LinuxSll2, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.protocol = KaitaiStream.resolve_enum(ether_type.EtherType.EtherType, self._io.read_u2be())
        self.reserved = self._io.read_u2be()
        self.interface_index = self._io.read_u4be()
        self.arphrd_type = KaitaiStream.resolve_enum(linux_sll.LinuxSll.ArphrdType, self._io.read_u2be())
        self.packet_type = KaitaiStream.resolve_enum(linux_sll.LinuxSll.PacketType, self._io.read_u1())
        self.len_addr = self._io.read_u1()
        self.addr = self._io.read_bytes(8)
        _on = self.protocol
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
        elif _on == ether_type.EtherType.EtherType.mpls_multicast:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = mpls_stack.MplsStack(_io__raw_body)
            self.body._read()
        elif _on == ether_type.EtherType.EtherType.mpls_unicast:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = mpls_stack.MplsStack(_io__raw_body)
            self.body._read()
        elif _on == ether_type.EtherType.EtherType.pppoe_session:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = pppoe_session.PppoeSession(_io__raw_body)
            self.body._read()
        else:
            pass
            self.body = self._io.read_bytes_full()
        self._dirty = False


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


    def _write__seq(self, io=None):
        super(LinuxSll2, self)._write__seq(io)
        self._io.write_u2be(int(self.protocol))
        self._io.write_u2be(self.reserved)
        self._io.write_u4be(self.interface_index)
        self._io.write_u2be(int(self.arphrd_type))
        self._io.write_u1(int(self.packet_type))
        self._io.write_u1(self.len_addr)
        self._io.write_bytes(self.addr)
        _on = self.protocol
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
        elif _on == ether_type.EtherType.EtherType.mpls_multicast:
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
        elif _on == ether_type.EtherType.EtherType.mpls_unicast:
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
        elif _on == ether_type.EtherType.EtherType.pppoe_session:
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
        if len(self.addr) != 8:
            raise kaitaistruct.ConsistencyError(u"addr", 8, len(self.addr))
        _on = self.protocol
        if _on == ether_type.EtherType.EtherType.ipv4:
            pass
        elif _on == ether_type.EtherType.EtherType.ipv6:
            pass
        elif _on == ether_type.EtherType.EtherType.mpls_multicast:
            pass
        elif _on == ether_type.EtherType.EtherType.mpls_unicast:
            pass
        elif _on == ether_type.EtherType.EtherType.pppoe_session:
            pass
        else:
            pass
        self._dirty = False


