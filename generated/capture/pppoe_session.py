# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ppp_frame


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class PppoeSession(KaitaiStruct):
    """The payload of an Ethernet frame of EtherType 0x8864: the 6-byte PPPoE header, then a
    PPP frame (Protocol field and information) of Length bytes. Ethernet padding after it
    is left out.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc2516#section-4
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(PppoeSession, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.version = self._io.read_bits_int_be(4)
        if not self.version == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.version, self._io, u"/seq/0")
        self.type = self._io.read_bits_int_be(4)
        if not self.type == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.type, self._io, u"/seq/1")
        self.code = self._io.read_u1()
        if not self.code == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.code, self._io, u"/seq/2")
        self.session_id = self._io.read_u2be()
        self.len_payload = self._io.read_u2be()
        self._raw_body = self._io.read_bytes(self.len_payload)
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ppp_frame.PppFrame(_io__raw_body)


    def _fetch_instances(self):
        pass
        self.body._fetch_instances()


