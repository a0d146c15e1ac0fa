# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ethernet_frame
from . import ieee802_11_frame
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class PpiHeader(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(PpiHeader, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

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
        _on = self.wrapped_link_type
        if _on == PpiHeader.WrappedLinkType.ethernet:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ethernet_frame.EthernetFrame(_io__raw_body)
        elif _on == PpiHeader.WrappedLinkType.ieee802_11:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = ieee802_11_frame.Ieee80211Frame(self.has_fcs, False, _io__raw_body)
        else:
            pass
            self.body = self._io.read_bytes_full()


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

    class Field(KaitaiStruct):
        """One PPI field; its data stays bytes.
        
        .. seealso::
           Source - https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
        """
        def __init__(self, is_aligned, _io, _parent=None, _root=None):
            super(PpiHeader.Field, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_aligned = is_aligned
            self._read()

        def _read(self):
            self.field_type = KaitaiStream.resolve_enum(PpiHeader.FieldType, self._io.read_u2le())
            self.len_data = self._io.read_u2le()
            self.data = self._io.read_bytes(self.len_data)
            if  ((self.is_aligned) and ((not (self._io.is_eof())))) :
                pass
                self.padding = self._io.read_bytes((4 - self.len_data % 4) % 4)



        def _fetch_instances(self):
            pass
            if  ((self.is_aligned) and ((not (self._io.is_eof())))) :
                pass



    class FieldList(KaitaiStruct):
        """The PPI fields of one packet.
        
        .. seealso::
           Source - https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html
        """
        def __init__(self, is_aligned, _io, _parent=None, _root=None):
            super(PpiHeader.FieldList, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_aligned = is_aligned
            self._read()

        def _read(self):
            self.items = []
            i = 0
            while not self._io.is_eof():
                self.items.append(PpiHeader.Field(self.is_aligned, self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.items)):
                pass
                self.items[i]._fetch_instances()



    @property
    def has_fcs(self):
        """The wrapped 802.11 frame ends with its frame check sequence."""
        if hasattr(self, '_m_has_fcs'):
            return self._m_has_fcs

        self._m_has_fcs = (KaitaiStream.byte_array_index(self.fields.items[0].data, 8) % 2 != 0 if  ((len(self.fields.items) > 0) and (self.fields.items[0].field_type == PpiHeader.FieldType.common_80211) and (self.fields.items[0].len_data >= 10))  else False)
        return getattr(self, '_m_has_fcs', None)


