# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ppp_frame


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class PppoeSession(ReadWriteKaitaiStruct):
    """The payload of an Ethernet frame of EtherType 0x8864: the 6-byte PPPoE header, then a
    PPP frame (Protocol field and information) of Length bytes. Ethernet padding after it
    is left out.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc2516#section-4
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(PppoeSession, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

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
        self.body._read()
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.body._fetch_instances()


    def _write__seq(self, io=None):
        super(PppoeSession, self)._write__seq(io)
        self._io.write_bits_int_be(4, self.version)
        self._io.write_bits_int_be(4, self.type)
        self._io.write_u1(self.code)
        self._io.write_u2be(self.session_id)
        self._io.write_u2be(self.len_payload)
        _io__raw_body = KaitaiStream(BytesIO(bytearray(self.len_payload)))
        self._io.add_child_stream(_io__raw_body)
        _pos2 = self._io.pos()
        self._io.seek(self._io.pos() + (self.len_payload))
        def handler(parent, _io__raw_body=_io__raw_body):
            self._raw_body = _io__raw_body.to_byte_array()
            if len(self._raw_body) != self.len_payload:
                raise kaitaistruct.ConsistencyError(u"raw(body)", self.len_payload, len(self._raw_body))
            parent.write_bytes(self._raw_body)
        _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
        self.body._write__seq(_io__raw_body)


    def _check(self):
        if not self.version == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.version, None, u"/seq/0")
        if not self.type == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.type, None, u"/seq/1")
        if not self.code == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.code, None, u"/seq/2")
        self._dirty = False


