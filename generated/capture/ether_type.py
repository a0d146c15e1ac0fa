# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EtherType(KaitaiStruct):
    """The EtherType table: the 16-bit value after the MAC addresses of an Ethernet II frame
    (and after each 802.1Q tag), also used as the protocol field of Linux cooked captures.
    This spec holds only the enum; the frame types import it.
    
    .. seealso::
       Source - https://www.iana.org/assignments/ieee-802-numbers/ieee-802-numbers.xhtml
    """

    class EtherType(IntEnum):
        ipv4 = 2048
        arp = 2054
        wake_on_lan = 2114
        centrino_promiscuous = 9298
        transparent_ethernet_bridging = 25944
        rarp = 32821
        appletalk = 32923
        aarp = 33011
        vlan_tag = 33024
        ipv6 = 34525
        ethernet_flow_control = 34824
        mpls_unicast = 34887
        mpls_multicast = 34888
        pppoe_discovery = 34915
        pppoe_session = 34916
        eapol = 34958
        service_vlan_tag = 34984
        lldp = 35020
        macsec = 35045
        ptp = 35063
        legacy_vlan_tag = 37120
    def __init__(self, _io, _parent=None, _root=None):
        super(EtherType, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass


