# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ipv4_packet
from . import ipv6_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class PppFrame(KaitaiStruct):
    """A PPP frame as capture files store it (link types 9 and 50, and inside PPPoE): an
    optional HDLC-like Address (0xff) and Control (0x03) pair (RFC 1662), the Protocol
    field, then the information field routed to IPv4 or IPv6 by it. The Protocol field is
    one byte when Protocol-Field-Compression left out its high zero byte (its first byte
    is then odd), else two bytes. Padding and the frame check sequence are not in captures.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc1661#section-2
    """

    class Protocol(IntEnum):
        ipv4 = 33
        ipv6 = 87
        mpls_unicast = 641
        ipcp = 32801
        ipv6cp = 32855
        lcp = 49185
        pap = 49187
        chap = 49699
    def __init__(self, _io, _parent=None, _root=None):
        super(PppFrame, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        if self.has_address_control:
            pass
            self.address_control = self._io.read_bytes(2)

        if self.is_protocol_compressed:
            pass
            self.protocol_short = self._io.read_u1()

        if (not (self.is_protocol_compressed)):
            pass
            self.protocol_long = self._io.read_u2be()

        _on = self.protocol
        if _on == PppFrame.Protocol.ipv4:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv4_packet.Ipv4Packet(_io__raw_body)
        elif _on == PppFrame.Protocol.ipv6:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ipv6_packet.Ipv6Packet(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        if self.has_address_control:
            pass

        if self.is_protocol_compressed:
            pass

        if (not (self.is_protocol_compressed)):
            pass

        _on = self.protocol
        if _on == PppFrame.Protocol.ipv4:
            pass
            self.body._fetch_instances()
        elif _on == PppFrame.Protocol.ipv6:
            pass
            self.body._fetch_instances()
        else:
            pass
        _ = self.first_byte
        if hasattr(self, '_m_first_byte'):
            pass

        _ = self.protocol_first_byte
        if hasattr(self, '_m_protocol_first_byte'):
            pass


    @property
    def first_byte(self):
        """First byte of the frame, read ahead to find the HDLC-like framing."""
        if hasattr(self, '_m_first_byte'):
            return self._m_first_byte

        _pos = self._io.pos()
        self._io.seek(0)
        self._m_first_byte = self._io.read_u1()
        self._io.seek(_pos)
        return getattr(self, '_m_first_byte', None)

    @property
    def has_address_control(self):
        if hasattr(self, '_m_has_address_control'):
            return self._m_has_address_control

        self._m_has_address_control = self.first_byte == 255
        return getattr(self, '_m_has_address_control', None)

    @property
    def is_protocol_compressed(self):
        if hasattr(self, '_m_is_protocol_compressed'):
            return self._m_is_protocol_compressed

        self._m_is_protocol_compressed = self.protocol_first_byte % 2 == 1
        return getattr(self, '_m_is_protocol_compressed', None)

    @property
    def protocol(self):
        """The PPP Protocol of the information field."""
        if hasattr(self, '_m_protocol'):
            return self._m_protocol

        self._m_protocol = KaitaiStream.resolve_enum(PppFrame.Protocol, (self.protocol_short if self.is_protocol_compressed else self.protocol_long))
        return getattr(self, '_m_protocol', None)

    @property
    def protocol_first_byte(self):
        """First byte of the Protocol field, read ahead to find its length."""
        if hasattr(self, '_m_protocol_first_byte'):
            return self._m_protocol_first_byte

        _pos = self._io.pos()
        self._io.seek((2 if self.has_address_control else 0))
        self._m_protocol_first_byte = self._io.read_u1()
        self._io.seek(_pos)
        return getattr(self, '_m_protocol_first_byte', None)


