# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ether_type
from . import ieee802_11_frame
from . import mpls_stack
from . import ipv4_packet
from . import ipv6_packet
from . import pppoe_session


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EthernetFrame(KaitaiStruct):
    """An Ethernet II frame as capture files store it (no preamble, no frame check sequence):
    the two MAC addresses, any number of 802.1Q / 802.1ad VLAN tags, the EtherType, then
    the payload, routed to IPv4 or IPv6 by the EtherType (and to the encapsulations that
    carry them: PPPoE sessions, MPLS label stacks, the 802.11 frames of Centrino cards).
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_ETHERNET.html
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(EthernetFrame, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.dst_mac = self._io.read_bytes(6)
        self.src_mac = self._io.read_bytes(6)
        self.ether_type_or_tpid = KaitaiStream.resolve_enum(ether_type.EtherType.EtherType, self._io.read_u2be())
        if self.has_vlan_tags:
            pass
            self.vlan_tags = []
            i = 0
            while True:
                _ = EthernetFrame.VlanTag(self._io, self, self._root)
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
        elif _on == ether_type.EtherType.EtherType.ipv4:
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

    class VlanTag(KaitaiStruct):
        """One IEEE 802.1Q tag after its TPID; ends with the next EtherType (or TPID).
        
        .. seealso::
           IEEE 802.1Q-2018 section 9.6
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EthernetFrame.VlanTag, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.priority = self._io.read_bits_int_be(3)
            self.drop_eligible = self._io.read_bits_int_be(1) != 0
            self.vlan_id = self._io.read_bits_int_be(12)
            self.ether_type = KaitaiStream.resolve_enum(ether_type.EtherType.EtherType, self._io.read_u2be())


        def _fetch_instances(self):
            pass

        @property
        def has_next_tag(self):
            if hasattr(self, '_m_has_next_tag'):
                return self._m_has_next_tag

            self._m_has_next_tag =  ((self.ether_type == ether_type.EtherType.EtherType.vlan_tag) or (self.ether_type == ether_type.EtherType.EtherType.service_vlan_tag) or (self.ether_type == ether_type.EtherType.EtherType.legacy_vlan_tag)) 
            return getattr(self, '_m_has_next_tag', None)


    @property
    def ether_type(self):
        """EtherType of the payload, after any VLAN tags."""
        if hasattr(self, '_m_ether_type'):
            return self._m_ether_type

        self._m_ether_type = (self.vlan_tags[-1].ether_type if self.has_vlan_tags else self.ether_type_or_tpid)
        return getattr(self, '_m_ether_type', None)

    @property
    def has_vlan_tags(self):
        if hasattr(self, '_m_has_vlan_tags'):
            return self._m_has_vlan_tags

        self._m_has_vlan_tags =  ((self.ether_type_or_tpid == ether_type.EtherType.EtherType.vlan_tag) or (self.ether_type_or_tpid == ether_type.EtherType.EtherType.service_vlan_tag) or (self.ether_type_or_tpid == ether_type.EtherType.EtherType.legacy_vlan_tag)) 
        return getattr(self, '_m_has_vlan_tags', None)


