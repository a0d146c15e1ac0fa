# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ieee802_11_frame


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class RadiotapHeader(ReadWriteKaitaiStruct):
    """Link type 127: the radiotap header a wireless card in monitor mode puts before each
    IEEE 802.11 frame (little-endian): version, length, one or more present-flag words,
    then the fields they announce (kept as bytes), then the 802.11 frame. The Flags field,
    when present, says whether the frame ends with its frame check sequence and whether
    the 802.11 header is padded to a multiple of 4 bytes.
    
    .. seealso::
       Source - https://www.radiotap.org/
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(RadiotapHeader, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._should_write_flags = False
        self.flags__enabled = True

    def _read(self):
        self.version = self._io.read_u1()
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, self._io, u"/seq/0")
        self.pad = self._io.read_u1()
        self.len_header = self._io.read_u2le()
        if not self.len_header >= 8:
            raise kaitaistruct.ValidationLessThanError(8, self.len_header, self._io, u"/seq/2")
        self.present_words = []
        i = 0
        while True:
            _t_present_words = RadiotapHeader.PresentWord(self._io, self, self._root)
            try:
                _t_present_words._read()
            finally:
                _ = _t_present_words
                self.present_words.append(_)
            if (not (_.has_more)):
                break
            i += 1
        self.fields = self._io.read_bytes(self.len_header - self._io.pos())
        self._raw_body = self._io.read_bytes_full()
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ieee802_11_frame.Ieee80211Frame(self.has_fcs, self.has_data_pad, _io__raw_body)
        self.body._read()
        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.present_words)):
            pass
            self.present_words[i]._fetch_instances()

        self.body._fetch_instances()
        _ = self.flags
        if hasattr(self, '_m_flags'):
            pass



    def _write__seq(self, io=None):
        super(RadiotapHeader, self)._write__seq(io)
        self._should_write_flags = self.flags__enabled
        self._io.write_u1(self.version)
        self._io.write_u1(self.pad)
        self._io.write_u2le(self.len_header)
        for i in range(len(self.present_words)):
            pass
            self.present_words[i]._write__seq(self._io)

        if len(self.fields) != self.len_header - self._io.pos():
            raise kaitaistruct.ConsistencyError(u"fields", self.len_header - self._io.pos(), len(self.fields))
        self._io.write_bytes(self.fields)
        if self.body.has_fcs != self.has_fcs:
            raise kaitaistruct.ConsistencyError(u"body", self.has_fcs, self.body.has_fcs)
        if self.body.has_data_pad != self.has_data_pad:
            raise kaitaistruct.ConsistencyError(u"body", self.has_data_pad, self.body.has_data_pad)
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
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, None, u"/seq/0")
        if not self.len_header >= 8:
            raise kaitaistruct.ValidationLessThanError(8, self.len_header, None, u"/seq/2")
        if len(self.present_words) == 0:
            raise kaitaistruct.ConsistencyError(u"present_words", 0, len(self.present_words))
        for i in range(len(self.present_words)):
            pass
            if self.present_words[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"present_words", self._root, self.present_words[i]._root)
            if self.present_words[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"present_words", self, self.present_words[i]._parent)
            _ = self.present_words[i]
            if (not (_.has_more)) != (i == len(self.present_words) - 1):
                raise kaitaistruct.ConsistencyError(u"present_words", i == len(self.present_words) - 1, (not (_.has_more)))

        if self.flags__enabled:
            pass
            if self.has_flags:
                pass


        self._dirty = False

    class PresentWord(ReadWriteKaitaiStruct):
        """One it_present bitmap.
        
        .. seealso::
           Source - https://www.radiotap.org/#it_present-and-the-radiotap-fields
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(RadiotapHeader.PresentWord, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.bits = self._io.read_u4le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(RadiotapHeader.PresentWord, self)._write__seq(io)
            self._io.write_u4le(self.bits)


        def _check(self):
            self._dirty = False

        @property
        def has_more(self):
            """Another bitmap follows."""
            if hasattr(self, '_m_has_more'):
                return self._m_has_more

            self._m_has_more = (self.bits // 2147483648) % 2 != 0
            return getattr(self, '_m_has_more', None)

        def _invalidate_has_more(self):
            del self._m_has_more

    @property
    def flags(self):
        """Bit 0x10 - the frame includes its frame check sequence; bit 0x20 - padding
        between the 802.11 header and the body.
        """
        if self._should_write_flags:
            self._write_flags()
        if hasattr(self, '_m_flags'):
            return self._m_flags

        if not self.flags__enabled:
            return None

        if self.has_flags:
            pass
            _pos = self._io.pos()
            self._io.seek(self.ofs_flags)
            self._m_flags = self._io.read_u1()
            self._io.seek(_pos)

        return getattr(self, '_m_flags', None)

    @flags.setter
    def flags(self, v):
        self._dirty = True
        self._m_flags = v

    def _write_flags(self):
        self._should_write_flags = False
        if self.has_flags:
            pass
            _pos = self._io.pos()
            self._io.seek(self.ofs_flags)
            self._io.write_u1(self._m_flags)
            self._io.seek(_pos)


    @property
    def has_data_pad(self):
        """Flags bit 0x20: the 802.11 header of a data frame is padded to a multiple of 4
        bytes before its body (drivers that align the body, such as Atheros ones, set it).
        """
        if hasattr(self, '_m_has_data_pad'):
            return self._m_has_data_pad

        self._m_has_data_pad = ((self.flags // 32) % 2 != 0 if self.has_flags else False)
        return getattr(self, '_m_has_data_pad', None)

    def _invalidate_has_data_pad(self):
        del self._m_has_data_pad
    @property
    def has_fcs(self):
        if hasattr(self, '_m_has_fcs'):
            return self._m_has_fcs

        self._m_has_fcs = ((self.flags // 16) % 2 != 0 if self.has_flags else False)
        return getattr(self, '_m_has_fcs', None)

    def _invalidate_has_fcs(self):
        del self._m_has_fcs
    @property
    def has_flags(self):
        if hasattr(self, '_m_has_flags'):
            return self._m_has_flags

        self._m_has_flags = (self.present_words[0].bits // 2) % 2 != 0
        return getattr(self, '_m_has_flags', None)

    def _invalidate_has_flags(self):
        del self._m_has_flags
    @property
    def has_tsft(self):
        """The first field is TSFT (8 bytes, aligned to 8)."""
        if hasattr(self, '_m_has_tsft'):
            return self._m_has_tsft

        self._m_has_tsft = self.present_words[0].bits % 2 != 0
        return getattr(self, '_m_has_tsft', None)

    def _invalidate_has_tsft(self):
        del self._m_has_tsft
    @property
    def ofs_flags(self):
        """Offset of the Flags field in the header."""
        if hasattr(self, '_m_ofs_flags'):
            return self._m_ofs_flags

        self._m_ofs_flags = ((((4 + 4 * len(self.present_words)) + 7) // 8) * 8 + 8 if self.has_tsft else 4 + 4 * len(self.present_words))
        return getattr(self, '_m_ofs_flags', None)

    def _invalidate_ofs_flags(self):
        del self._m_ofs_flags

