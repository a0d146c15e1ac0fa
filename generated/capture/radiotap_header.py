# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ieee802_11_frame


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class RadiotapHeader(KaitaiStruct):
    """Link type 127: the radiotap header a wireless card in monitor mode puts before each
    IEEE 802.11 frame (little-endian): version, length, one or more present-flag words,
    then the fields they announce (kept as bytes), then the 802.11 frame. The Flags field,
    when present, says whether the frame ends with its frame check sequence and whether
    the 802.11 header is padded to a multiple of 4 bytes.
    
    .. seealso::
       Source - https://www.radiotap.org/
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(RadiotapHeader, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

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
            _ = RadiotapHeader.PresentWord(self._io, self, self._root)
            self.present_words.append(_)
            if (not (_.has_more)):
                break
            i += 1
        self.fields = self._io.read_bytes(self.len_header - self._io.pos())
        self._raw_body = self._io.read_bytes_full()
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = ieee802_11_frame.Ieee80211Frame(self.has_fcs, self.has_data_pad, _io__raw_body)


    def _fetch_instances(self):
        pass
        for i in range(len(self.present_words)):
            pass
            self.present_words[i]._fetch_instances()

        self.body._fetch_instances()
        _ = self.flags
        if hasattr(self, '_m_flags'):
            pass


    class PresentWord(KaitaiStruct):
        """One it_present bitmap.
        
        .. seealso::
           Source - https://www.radiotap.org/#it_present-and-the-radiotap-fields
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(RadiotapHeader.PresentWord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.bits = self._io.read_u4le()


        def _fetch_instances(self):
            pass

        @property
        def has_more(self):
            """Another bitmap follows."""
            if hasattr(self, '_m_has_more'):
                return self._m_has_more

            self._m_has_more = (self.bits // 2147483648) % 2 != 0
            return getattr(self, '_m_has_more', None)


    @property
    def flags(self):
        """Bit 0x10 - the frame includes its frame check sequence; bit 0x20 - padding
        between the 802.11 header and the body.
        """
        if hasattr(self, '_m_flags'):
            return self._m_flags

        if self.has_flags:
            pass
            _pos = self._io.pos()
            self._io.seek(self.ofs_flags)
            self._m_flags = self._io.read_u1()
            self._io.seek(_pos)

        return getattr(self, '_m_flags', None)

    @property
    def has_data_pad(self):
        """Flags bit 0x20: the 802.11 header of a data frame is padded to a multiple of 4
        bytes before its body (drivers that align the body, such as Atheros ones, set it).
        """
        if hasattr(self, '_m_has_data_pad'):
            return self._m_has_data_pad

        self._m_has_data_pad = ((self.flags // 32) % 2 != 0 if self.has_flags else False)
        return getattr(self, '_m_has_data_pad', None)

    @property
    def has_fcs(self):
        if hasattr(self, '_m_has_fcs'):
            return self._m_has_fcs

        self._m_has_fcs = ((self.flags // 16) % 2 != 0 if self.has_flags else False)
        return getattr(self, '_m_has_fcs', None)

    @property
    def has_flags(self):
        if hasattr(self, '_m_has_flags'):
            return self._m_has_flags

        self._m_has_flags = (self.present_words[0].bits // 2) % 2 != 0
        return getattr(self, '_m_has_flags', None)

    @property
    def has_tsft(self):
        """The first field is TSFT (8 bytes, aligned to 8)."""
        if hasattr(self, '_m_has_tsft'):
            return self._m_has_tsft

        self._m_has_tsft = self.present_words[0].bits % 2 != 0
        return getattr(self, '_m_has_tsft', None)

    @property
    def ofs_flags(self):
        """Offset of the Flags field in the header."""
        if hasattr(self, '_m_ofs_flags'):
            return self._m_ofs_flags

        self._m_ofs_flags = ((((4 + 4 * len(self.present_words)) + 7) // 8) * 8 + 8 if self.has_tsft else 4 + 4 * len(self.present_words))
        return getattr(self, '_m_ofs_flags', None)


