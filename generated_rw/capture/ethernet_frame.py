# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ether_type
from . import ieee802_11_frame
from . import mpls_stack
from . import ipv4_packet
from . import ipv6_packet
from . import pppoe_session


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EthernetFrame(ReadWriteKaitaiStruct):
    """An Ethernet II frame as capture files store it (no preamble, no frame check sequence):
    the two MAC addresses, any number of 802.1Q / 802.1ad VLAN tags, the EtherType, then
    the payload, routed to IPv4 or IPv6 by the EtherType (and to the encapsulations that
    carry them: PPPoE sessions, MPLS label stacks, the 802.11 frames of Centrino cards).
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_ETHERNET.html
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(EthernetFrame, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.dst_mac = self._io.read_bytes(6)
        self.src_mac = self._io.read_bytes(6)
        self.ether_type_or_tpid = KaitaiStream.resolve_enum(ether_type.EtherType.EtherType, self._io.read_u2be())
        if self.has_vlan_tags:
            pass
            self.vlan_tags = []
            i = 0
            while True:
                _t_vlan_tags = EthernetFrame.VlanTag(self._io, self, self._root)
                try:
                    _t_vlan_tags._read()
                finally:
                    _ = _t_vlan_tags
                    self.vlan_tags.append(_)
                if (not (_.has_next_tag)):
                    break
                i += 1

        _on = self.ether_type
        if _on == ether_type.EtherType.EtherType.centrino_promiscuous:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ieee802_11_frame.Ieee80211Frame(False, False, _io__raw_body)
            self.body._read()
        elif _on == ether_type.EtherType.EtherType.ipv4:
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
        if self.has_vlan_tags:
            pass
            for i in range(len(self.vlan_tags)):
                pass
                self.vlan_tags[i]._fetch_instances()


        _on = self.ether_type
        if _on == ether_type.EtherType.EtherType.centrino_promiscuous:
            pass
            self.body._fetch_instances()
        elif _on == ether_type.EtherType.EtherType.ipv4:
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
        super(EthernetFrame, self)._write__seq(io)
        self._io.write_bytes(self.dst_mac)
        self._io.write_bytes(self.src_mac)
        self._io.write_u2be(int(self.ether_type_or_tpid))
        if self.has_vlan_tags:
            pass
            for i in range(len(self.vlan_tags)):
                pass
                self.vlan_tags[i]._write__seq(self._io)


        _on = self.ether_type
        if _on == ether_type.EtherType.EtherType.centrino_promiscuous:
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
        elif _on == ether_type.EtherType.EtherType.ipv4:
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
        if len(self.dst_mac) != 6:
            raise kaitaistruct.ConsistencyError(u"dst_mac", 6, len(self.dst_mac))
        if len(self.src_mac) != 6:
            raise kaitaistruct.ConsistencyError(u"src_mac", 6, len(self.src_mac))
        if self.has_vlan_tags:
            pass
            if len(self.vlan_tags) == 0:
                raise kaitaistruct.ConsistencyError(u"vlan_tags", 0, len(self.vlan_tags))
            for i in range(len(self.vlan_tags)):
                pass
                if self.vlan_tags[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"vlan_tags", self._root, self.vlan_tags[i]._root)
                if self.vlan_tags[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"vlan_tags", self, self.vlan_tags[i]._parent)
                _ = self.vlan_tags[i]
                if (not (_.has_next_tag)) != (i == len(self.vlan_tags) - 1):
                    raise kaitaistruct.ConsistencyError(u"vlan_tags", i == len(self.vlan_tags) - 1, (not (_.has_next_tag)))


        _on = self.ether_type
        if _on == ether_type.EtherType.EtherType.centrino_promiscuous:
            pass
            if self.body.has_fcs != False:
                raise kaitaistruct.ConsistencyError(u"body", False, self.body.has_fcs)
            if self.body.has_data_pad != False:
                raise kaitaistruct.ConsistencyError(u"body", False, self.body.has_data_pad)
        elif _on == ether_type.EtherType.EtherType.ipv4:
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

    class VlanTag(ReadWriteKaitaiStruct):
        """One IEEE 802.1Q tag after its TPID; ends with the next EtherType (or TPID).
        
        .. seealso::
           IEEE 802.1Q-2018 section 9.6
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EthernetFrame.VlanTag, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.priority = self._io.read_bits_int_be(3)
            self.drop_eligible = self._io.read_bits_int_be(1) != 0
            self.vlan_id = self._io.read_bits_int_be(12)
            self.ether_type = KaitaiStream.resolve_enum(ether_type.EtherType.EtherType, self._io.read_u2be())
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EthernetFrame.VlanTag, self)._write__seq(io)
            self._io.write_bits_int_be(3, self.priority)
            self._io.write_bits_int_be(1, int(self.drop_eligible))
            self._io.write_bits_int_be(12, self.vlan_id)
            self._io.write_u2be(int(self.ether_type))


        def _check(self):
            self._dirty = False

        @property
        def has_next_tag(self):
            if hasattr(self, '_m_has_next_tag'):
                return self._m_has_next_tag

            self._m_has_next_tag =  ((self.ether_type == ether_type.EtherType.EtherType.vlan_tag) or (self.ether_type == ether_type.EtherType.EtherType.service_vlan_tag) or (self.ether_type == ether_type.EtherType.EtherType.legacy_vlan_tag)) 
            return getattr(self, '_m_has_next_tag', None)

        def _invalidate_has_next_tag(self):
            del self._m_has_next_tag

    @property
    def ether_type(self):
        """EtherType of the payload, after any VLAN tags."""
        if hasattr(self, '_m_ether_type'):
            return self._m_ether_type

        self._m_ether_type = (self.vlan_tags[-1].ether_type if self.has_vlan_tags else self.ether_type_or_tpid)
        return getattr(self, '_m_ether_type', None)

    def _invalidate_ether_type(self):
        del self._m_ether_type
    @property
    def has_vlan_tags(self):
        if hasattr(self, '_m_has_vlan_tags'):
            return self._m_has_vlan_tags

        self._m_has_vlan_tags =  ((self.ether_type_or_tpid == ether_type.EtherType.EtherType.vlan_tag) or (self.ether_type_or_tpid == ether_type.EtherType.EtherType.service_vlan_tag) or (self.ether_type_or_tpid == ether_type.EtherType.EtherType.legacy_vlan_tag)) 
        return getattr(self, '_m_has_vlan_tags', None)

    def _invalidate_has_vlan_tags(self):
        del self._m_has_vlan_tags

