# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ether_type
from . import ipv4_packet
from . import ipv6_packet


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class LlcSnap(KaitaiStruct):
    """The Logical Link Control header that starts the body of an IEEE 802.11 data frame
    (and other IEEE 802 frames): DSAP, SSAP and control. With DSAP and SSAP 0xAA and an
    unnumbered control byte it is followed by a SNAP header (an OUI and a protocol); with
    the OUI 00-00-00 (RFC 1042) the protocol is an EtherType, and IPv4 and IPv6 are
    parsed. Anything else stays bytes.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc1042
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(LlcSnap, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

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
        elif _on == 34525:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv6_packet.Ipv6Packet(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes_full()


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

    @property
    def ether_type_value(self):
        """The EtherType of the body, or -1 when the header names none."""
        if hasattr(self, '_m_ether_type_value'):
            return self._m_ether_type_value

        self._m_ether_type_value = (int(self.protocol) if  ((self.is_snap) and (self.oui == b"\x00\x00\x00"))  else -1)
        return getattr(self, '_m_ether_type_value', None)

    @property
    def is_snap(self):
        if hasattr(self, '_m_is_snap'):
            return self._m_is_snap

        self._m_is_snap =  ((self.dsap == 170) and (self.ssap == 170) and (self.control == 3)) 
        return getattr(self, '_m_is_snap', None)


