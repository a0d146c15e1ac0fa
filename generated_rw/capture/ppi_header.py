# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ethernet_frame
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class PpiHeader(ReadWriteKaitaiStruct):
    """Link type 192: the Per-Packet Information header (little-endian) with its fields kept
    as bytes, then the frame of the link type it names. Ethernet (802.3) frames are parsed;
    other wrapped link types stay bytes.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
    """

    class WrappedLinkType(IntEnum):
        ethernet = 1
        ieee802_11 = 105
    def __init__(self, _io=None, _parent=None, _root=None):
        super(PpiHeader, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.version = self._io.read_u1()
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, self._io, u"/seq/0")
        self.flags = self._io.read_u1()
        self.len_header = self._io.read_u2le()
        if not self.len_header >= 8:
            raise kaitaistruct.ValidationLessThanError(8, self.len_header, self._io, u"/seq/2")
        self.wrapped_link_type = KaitaiStream.resolve_enum(PpiHeader.WrappedLinkType, self._io.read_u4le())
        self.fields = self._io.read_bytes(self.len_header - 8)
        _on = self.wrapped_link_type
        if _on == PpiHeader.WrappedLinkType.ethernet:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ethernet_frame.EthernetFrame(_io__raw_body)
            self.body._read()
        else:
            pass
            self.body = self._io.read_bytes_full()
        self._dirty = False


    def _fetch_instances(self):
        pass
        _on = self.wrapped_link_type
        if _on == PpiHeader.WrappedLinkType.ethernet:
            pass
            self.body._fetch_instances()
        else:
            pass


    def _write__seq(self, io=None):
        super(PpiHeader, self)._write__seq(io)
        self._io.write_u1(self.version)
        self._io.write_u1(self.flags)
        self._io.write_u2le(self.len_header)
        self._io.write_u4le(int(self.wrapped_link_type))
        self._io.write_bytes(self.fields)
        _on = self.wrapped_link_type
        if _on == PpiHeader.WrappedLinkType.ethernet:
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
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, None, u"/seq/0")
        if not self.len_header >= 8:
            raise kaitaistruct.ValidationLessThanError(8, self.len_header, None, u"/seq/2")
        if len(self.fields) != self.len_header - 8:
            raise kaitaistruct.ConsistencyError(u"fields", self.len_header - 8, len(self.fields))
        _on = self.wrapped_link_type
        if _on == PpiHeader.WrappedLinkType.ethernet:
            pass
        else:
            pass
        self._dirty = False


