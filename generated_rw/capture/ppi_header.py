# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ethernet_frame
from . import ieee802_11_frame
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class PpiHeader(ReadWriteKaitaiStruct):
    """Link type 192: the Per-Packet Information header (little-endian) with its fields, then
    the frame of the link type it names. Ethernet (802.3) and IEEE 802.11 frames are
    parsed; other wrapped link types stay bytes. The 802.11-Common field, which writers
    put first, says whether an 802.11 frame ends with its frame check sequence.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
    """

    class FieldType(IntEnum):
        common_80211 = 2
        mac_extensions_80211n = 3
        mac_phy_extensions_80211n = 4
        spectrum_map = 5
        process_info = 6
        capture_info = 7
        aggregation_extension = 30002
        ieee802_3_extension = 30003

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
        self._raw_fields = self._io.read_bytes(self.len_header - 8)
        _io__raw_fields = KaitaiStream(BytesIO(self._raw_fields))
        self.fields = PpiHeader.FieldList(self.flags % 2 != 0, _io__raw_fields, self, self._root)
        self.fields._read()
        _on = self.wrapped_link_type
        if _on == PpiHeader.WrappedLinkType.ethernet:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ethernet_frame.EthernetFrame(_io__raw_body)
            self.body._read()
        elif _on == PpiHeader.WrappedLinkType.ieee802_11:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ieee802_11_frame.Ieee80211Frame(self.has_fcs, False, _io__raw_body)
            self.body._read()
        else:
            pass
            self.body = self._io.read_bytes_full()
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.fields._fetch_instances()
        _on = self.wrapped_link_type
        if _on == PpiHeader.WrappedLinkType.ethernet:
            pass
            self.body._fetch_instances()
        elif _on == PpiHeader.WrappedLinkType.ieee802_11:
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
        _io__raw_fields = KaitaiStream(BytesIO(bytearray(self.len_header - 8)))
        self._io.add_child_stream(_io__raw_fields)
        _pos2 = self._io.pos()
        self._io.seek(self._io.pos() + (self.len_header - 8))
        def handler(parent, _io__raw_fields=_io__raw_fields):
            self._raw_fields = _io__raw_fields.to_byte_array()
            if len(self._raw_fields) != self.len_header - 8:
                raise kaitaistruct.ConsistencyError(u"raw(fields)", self.len_header - 8, len(self._raw_fields))
            parent.write_bytes(self._raw_fields)
        _io__raw_fields.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
        self.fields._write__seq(_io__raw_fields)
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
        elif _on == PpiHeader.WrappedLinkType.ieee802_11:
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
        if self.fields._root != self._root:
            raise kaitaistruct.ConsistencyError(u"fields", self._root, self.fields._root)
        if self.fields._parent != self:
            raise kaitaistruct.ConsistencyError(u"fields", self, self.fields._parent)
        if self.fields.is_aligned != (self.flags % 2 != 0):
            raise kaitaistruct.ConsistencyError(u"fields", self.flags % 2 != 0, self.fields.is_aligned)
        _on = self.wrapped_link_type
        if _on == PpiHeader.WrappedLinkType.ethernet:
            pass
        elif _on == PpiHeader.WrappedLinkType.ieee802_11:
            pass
            if self.body.has_fcs != self.has_fcs:
                raise kaitaistruct.ConsistencyError(u"body", self.has_fcs, self.body.has_fcs)
            if self.body.has_data_pad != False:
                raise kaitaistruct.ConsistencyError(u"body", False, self.body.has_data_pad)
        else:
            pass
        self._dirty = False

    class Field(ReadWriteKaitaiStruct):
        """One PPI field; its data stays bytes.
        
        .. seealso::
           Source - https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
        """
        def __init__(self, is_aligned, _io=None, _parent=None, _root=None):
            super(PpiHeader.Field, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_aligned = is_aligned

        def _read(self):
            self.field_type = KaitaiStream.resolve_enum(PpiHeader.FieldType, self._io.read_u2le())
            self.len_data = self._io.read_u2le()
            self.data = self._io.read_bytes(self.len_data)
            if  ((self.is_aligned) and ((not (self._io.is_eof())))) :
                pass
                self.padding = self._io.read_bytes((4 - self.len_data % 4) % 4)

            self._dirty = False


        def _fetch_instances(self):
            pass
            if  ((self.is_aligned) and ((not (self._io.is_eof())))) :
                pass



        def _write__seq(self, io=None):
            super(PpiHeader.Field, self)._write__seq(io)
            self._io.write_u2le(int(self.field_type))
            self._io.write_u2le(self.len_data)
            self._io.write_bytes(self.data)
            if  ((self.is_aligned) and ((not (self._io.is_eof())))) :
                pass
                if len(self.padding) != (4 - self.len_data % 4) % 4:
                    raise kaitaistruct.ConsistencyError(u"padding", (4 - self.len_data % 4) % 4, len(self.padding))
                self._io.write_bytes(self.padding)



        def _check(self):
            if len(self.data) != self.len_data:
                raise kaitaistruct.ConsistencyError(u"data", self.len_data, len(self.data))
            self._dirty = False


    class FieldList(ReadWriteKaitaiStruct):
        """The PPI fields of one packet.
        
        .. seealso::
           Source - https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
        """
        def __init__(self, is_aligned, _io=None, _parent=None, _root=None):
            super(PpiHeader.FieldList, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_aligned = is_aligned

        def _read(self):
            self.items = []
            i = 0
            while not self._io.is_eof():
                _t_items = PpiHeader.Field(self.is_aligned, self._io, self, self._root)
                try:
                    _t_items._read()
                finally:
                    self.items.append(_t_items)
                i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.items)):
                pass
                self.items[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(PpiHeader.FieldList, self)._write__seq(io)
            for i in range(len(self.items)):
                pass
                if self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"items", 0, self._io.size() - self._io.pos())
                self.items[i]._write__seq(self._io)

            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"items", 0, self._io.size() - self._io.pos())


        def _check(self):
            for i in range(len(self.items)):
                pass
                if self.items[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"items", self._root, self.items[i]._root)
                if self.items[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"items", self, self.items[i]._parent)
                if self.items[i].is_aligned != self.is_aligned:
                    raise kaitaistruct.ConsistencyError(u"items", self.is_aligned, self.items[i].is_aligned)

            self._dirty = False


    @property
    def has_fcs(self):
        """The wrapped 802.11 frame ends with its frame check sequence."""
        if hasattr(self, '_m_has_fcs'):
            return self._m_has_fcs

        self._m_has_fcs = (KaitaiStream.byte_array_index(self.fields.items[0].data, 8) % 2 != 0 if  ((len(self.fields.items) > 0) and (self.fields.items[0].field_type == PpiHeader.FieldType.common_80211) and (self.fields.items[0].len_data >= 10))  else False)
        return getattr(self, '_m_has_fcs', None)

    def _invalidate_has_fcs(self):
        del self._m_has_fcs

