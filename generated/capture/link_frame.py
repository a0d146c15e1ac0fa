# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import exported_pdu
from . import cisco_hdlc
from . import null_loopback
from . import linux_sll
from . import ipv4_packet
from . import nflog
from . import ethernet_frame
from . import radiotap_header
from . import ip_packet
from . import ieee802_11_frame
from . import linux_netlink
from . import ppi_header
from . import linux_sll2
from . import ppp_frame
from . import ipv6_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class LinkFrame(KaitaiStruct):
    """One captured frame of a pcap or pcapng file. The file names the link-layer header type
    (pcap: in the global header; pcapng: per interface) and this router picks the layer
    type from it. Link types wirestruct does not parse keep their bytes.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes.html
    """

    class LinkType(IntEnum):
        null_loopback = 0
        ethernet = 1
        ieee802_5 = 6
        slip = 8
        ppp = 9
        fddi = 10
        raw_dlt12 = 12
        raw_dlt14 = 14
        ppp_hdlc = 50
        ppp_ether = 51
        atm_rfc1483 = 100
        raw = 101
        c_hdlc = 104
        ieee802_11 = 105
        frelay = 107
        loop = 108
        linux_sll = 113
        ltalk = 114
        prism_header = 119
        ip_over_fc = 122
        ieee802_11_radiotap = 127
        docsis = 143
        ieee802_11_avs = 163
        bluetooth_hci_h4 = 187
        usb_linux = 189
        ppi = 192
        ieee802_15_4_withfcs = 195
        bluetooth_hci_h4_with_phdr = 201
        usb_linux_mmapped = 220
        ipv4 = 228
        ipv6 = 229
        nflog = 239
        usbpcap = 249
        wireshark_upper_pdu = 252
        netlink = 253
        linux_sll2 = 276
    def __init__(self, link_type_id, _io, _parent=None, _root=None):
        super(LinkFrame, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.link_type_id = link_type_id
        self._read()

    def _read(self):
        _on = self.link_type
        if _on == LinkFrame.LinkType.c_hdlc:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = cisco_hdlc.CiscoHdlc(_io__raw_body)
        elif _on == LinkFrame.LinkType.ethernet:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ethernet_frame.EthernetFrame(_io__raw_body)
        elif _on == LinkFrame.LinkType.ieee802_11:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ieee802_11_frame.Ieee80211Frame(False, False, _io__raw_body)
        elif _on == LinkFrame.LinkType.ieee802_11_radiotap:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = radiotap_header.RadiotapHeader(_io__raw_body)
        elif _on == LinkFrame.LinkType.ipv4:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv4_packet.Ipv4Packet(_io__raw_body)
        elif _on == LinkFrame.LinkType.ipv6:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv6_packet.Ipv6Packet(_io__raw_body)
        elif _on == LinkFrame.LinkType.linux_sll:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = linux_sll.LinuxSll(_io__raw_body)
        elif _on == LinkFrame.LinkType.linux_sll2:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = linux_sll2.LinuxSll2(_io__raw_body)
        elif _on == LinkFrame.LinkType.loop:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = null_loopback.NullLoopback(_io__raw_body)
        elif _on == LinkFrame.LinkType.netlink:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = linux_netlink.LinuxNetlink(_io__raw_body)
        elif _on == LinkFrame.LinkType.nflog:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = nflog.Nflog(_io__raw_body)
        elif _on == LinkFrame.LinkType.null_loopback:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = null_loopback.NullLoopback(_io__raw_body)
        elif _on == LinkFrame.LinkType.ppi:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ppi_header.PpiHeader(_io__raw_body)
        elif _on == LinkFrame.LinkType.ppp:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ppp_frame.PppFrame(_io__raw_body)
        elif _on == LinkFrame.LinkType.ppp_hdlc:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ppp_frame.PppFrame(_io__raw_body)
        elif _on == LinkFrame.LinkType.raw:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ip_packet.IpPacket(_io__raw_body)
        elif _on == LinkFrame.LinkType.raw_dlt12:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ip_packet.IpPacket(_io__raw_body)
        elif _on == LinkFrame.LinkType.raw_dlt14:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ip_packet.IpPacket(_io__raw_body)
        elif _on == LinkFrame.LinkType.wireshark_upper_pdu:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = exported_pdu.ExportedPdu(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.link_type
        if _on == LinkFrame.LinkType.c_hdlc:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.ethernet:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.ieee802_11:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.ieee802_11_radiotap:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.ipv4:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.ipv6:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.linux_sll:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.linux_sll2:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.loop:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.netlink:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.nflog:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.null_loopback:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.ppi:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.ppp:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.ppp_hdlc:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.raw:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.raw_dlt12:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.raw_dlt14:
            pass
            self.body._fetch_instances()
        elif _on == LinkFrame.LinkType.wireshark_upper_pdu:
            pass
            self.body._fetch_instances()
        else:
            pass

    @property
    def link_type(self):
        """The link-layer header type, by name."""
        if hasattr(self, '_m_link_type'):
            return self._m_link_type

        self._m_link_type = KaitaiStream.resolve_enum(LinkFrame.LinkType, self.link_type_id)
        return getattr(self, '_m_link_type', None)


