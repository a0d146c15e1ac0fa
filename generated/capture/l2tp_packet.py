# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ppp_frame


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class L2tpPacket(KaitaiStruct):
    """A Layer Two Tunneling Protocol version 2 message on UDP port 1701: the flags and
    version, the optional Length, the tunnel and session ids, the optional Ns/Nr and
    Offset fields, then the message. A data message carries a PPP frame, parsed down to
    IPv4/IPv6; control messages keep their attribute-value pairs as bytes. Version 3
    messages (RFC 3931), which share the port, keep everything after the version as bytes.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc2661#section-3.1
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(L2tpPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.is_control = self._io.read_bits_int_be(1) != 0
        self.has_length = self._io.read_bits_int_be(1) != 0
        self.reserved1 = self._io.read_bits_int_be(2)
        self.has_sequence = self._io.read_bits_int_be(1) != 0
        self.reserved2 = self._io.read_bits_int_be(1) != 0
        self.has_offset = self._io.read_bits_int_be(1) != 0
        self.priority = self._io.read_bits_int_be(1) != 0
        self.reserved3 = self._io.read_bits_int_be(4)
        self.version = self._io.read_bits_int_be(4)
        if not  ((self.version == 2) or (self.version == 3)) :
            raise kaitaistruct.ValidationNotAnyOfError(self.version, self._io, u"/seq/8")
        if  ((self.is_version_2) and (self.has_length)) :
            pass
            self.len_message = self._io.read_u2be()

        if self.is_version_2:
            pass
            self.tunnel_id = self._io.read_u2be()

        if self.is_version_2:
            pass
            self.session_id = self._io.read_u2be()

        if  ((self.is_version_2) and (self.has_sequence)) :
            pass
            self.ns = self._io.read_u2be()

        if  ((self.is_version_2) and (self.has_sequence)) :
            pass
            self.nr = self._io.read_u2be()

        if  ((self.is_version_2) and (self.has_offset)) :
            pass
            self.len_offset = self._io.read_u2be()

        if  ((self.is_version_2) and (self.has_offset)) :
            pass
            self.offset_pad = self._io.read_bytes(self.len_offset)

        _on =  ((self.is_version_2) and ((not (self.is_control)))) 
        if _on == True:
            pass
            self._raw_body = self._io.read_bytes((self.len_message - self._io.pos() if  ((self.is_version_2) and (self.has_length))  else self._io.size() - self._io.pos()))
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ppp_frame.PppFrame(_io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes((self.len_message - self._io.pos() if  ((self.is_version_2) and (self.has_length))  else self._io.size() - self._io.pos()))


    def _fetch_instances(self):
        pass
        if  ((self.is_version_2) and (self.has_length)) :
            pass

        if self.is_version_2:
            pass

        if self.is_version_2:
            pass

        if  ((self.is_version_2) and (self.has_sequence)) :
            pass

        if  ((self.is_version_2) and (self.has_sequence)) :
            pass

        if  ((self.is_version_2) and (self.has_offset)) :
            pass

        if  ((self.is_version_2) and (self.has_offset)) :
            pass

        _on =  ((self.is_version_2) and ((not (self.is_control)))) 
        if _on == True:
            pass
            self.body._fetch_instances()
        else:
            pass

    @property
    def is_version_2(self):
        if hasattr(self, '_m_is_version_2'):
            return self._m_is_version_2

        self._m_is_version_2 = self.version == 2
        return getattr(self, '_m_is_version_2', None)


