# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ethernet_frame


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class VxlanPacket(ReadWriteKaitaiStruct):
    """Virtual eXtensible Local Area Network: an 8-byte header with the VXLAN Network
    Identifier, then a whole Ethernet frame, on UDP port 4789.
    
    .. seealso::
       Source - https://www.rfc-editor.org/rfc/rfc7348#section-5
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(VxlanPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.flags = self._io.read_u1()
        self.reserved1 = self._io.read_bytes(3)
        self.vni = self._io.read_bits_int_be(24)
        self.reserved2 = self._io.read_u1()
        self._raw_body = self._io.read_bytes_full()
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ethernet_frame.EthernetFrame(_io__raw_body)
        self.body._read()
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.body._fetch_instances()


    def _write__seq(self, io=None):
        super(VxlanPacket, self)._write__seq(io)
        self._io.write_u1(self.flags)
        self._io.write_bytes(self.reserved1)
        self._io.write_bits_int_be(24, self.vni)
        self._io.write_u1(self.reserved2)
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


    def _check(self):
        if len(self.reserved1) != 3:
            raise kaitaistruct.ConsistencyError(u"reserved1", 3, len(self.reserved1))
        self._dirty = False


