# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import link_frame
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Pcap(KaitaiStruct):
    """A pcap file: a global header, then packet records to the end of the file. The magic
    number gives both the byte order of every later field (that of the machine that wrote
    the file) and the resolution of the timestamps (microseconds or nanoseconds). Each
    record's data is one frame, parsed by the link type the header names.
    
    .. seealso::
       Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-4
    """

    class Magic(IntEnum):
        le_nanoseconds = 1295823521
        be_nanoseconds = 2712812621
        be_microseconds = 2712847316
        le_microseconds = 3569595041
    def __init__(self, _io, _parent=None, _root=None):
        super(Pcap, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.magic_number = KaitaiStream.resolve_enum(Pcap.Magic, self._io.read_u4be())
        if not  ((self.magic_number == Pcap.Magic.le_microseconds) or (self.magic_number == Pcap.Magic.be_microseconds) or (self.magic_number == Pcap.Magic.le_nanoseconds) or (self.magic_number == Pcap.Magic.be_nanoseconds)) :
            raise kaitaistruct.ValidationNotAnyOfError(self.magic_number, self._io, u"/seq/0")
        self.header = Pcap.FileHeader(self.is_le, self._io, self, self._root)
        self.records = []
        i = 0
        while not self._io.is_eof():
            self.records.append(Pcap.PacketRecord(self.is_le, self.header.link_type, self.is_nanosecond, self._io, self, self._root))
            i += 1



    def _fetch_instances(self):
        pass
        self.header._fetch_instances()
        for i in range(len(self.records)):
            pass
            self.records[i]._fetch_instances()


    class FileHeader(KaitaiStruct):
        """The file header after the magic number.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-4
        """
        def __init__(self, is_le, _io, _parent=None, _root=None):
            super(Pcap.FileHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/file_header")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.version_major = self._io.read_u2le()
            if not self.version_major == 2:
                raise kaitaistruct.ValidationNotEqualError(2, self.version_major, self._io, u"/types/file_header/seq/0")
            self.version_minor = self._io.read_u2le()
            self.thiszone = self._io.read_s4le()
            self.sigfigs = self._io.read_u4le()
            self.snaplen = self._io.read_u4le()
            self.link_type_and_fcs = self._io.read_u4le()

        def _read_be(self):
            self.version_major = self._io.read_u2be()
            if not self.version_major == 2:
                raise kaitaistruct.ValidationNotEqualError(2, self.version_major, self._io, u"/types/file_header/seq/0")
            self.version_minor = self._io.read_u2be()
            self.thiszone = self._io.read_s4be()
            self.sigfigs = self._io.read_u4be()
            self.snaplen = self._io.read_u4be()
            self.link_type_and_fcs = self._io.read_u4be()


        def _fetch_instances(self):
            pass

        @property
        def fcs_length(self):
            """Length of the frame check sequence in 16-bit units."""
            if hasattr(self, '_m_fcs_length'):
                return self._m_fcs_length

            self._m_fcs_length = self.link_type_and_fcs // 268435456
            return getattr(self, '_m_fcs_length', None)

        @property
        def has_fcs_length(self):
            """Bit F; when set, `fcs_length` is meaningful."""
            if hasattr(self, '_m_has_fcs_length'):
                return self._m_has_fcs_length

            self._m_has_fcs_length = (self.link_type_and_fcs // 67108864) % 2 != 0
            return getattr(self, '_m_has_fcs_length', None)

        @property
        def link_type(self):
            """LINKTYPE_ value (named in link_frame's `link_type` enum)."""
            if hasattr(self, '_m_link_type'):
                return self._m_link_type

            self._m_link_type = self.link_type_and_fcs % 65536
            return getattr(self, '_m_link_type', None)


    class PacketRecord(KaitaiStruct):
        """One packet record; its data is parsed as a frame of the file's link type.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-5
        """
        def __init__(self, is_le, link_type, is_nanosecond, _io, _parent=None, _root=None):
            super(Pcap.PacketRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self.link_type = link_type
            self.is_nanosecond = is_nanosecond
            self._read()

        def _read(self):
            self.header = Pcap.RecordHeader(self.is_le, self._io, self, self._root)
            _on = self.header.incl_len == self.header.orig_len
            if _on == True:
                pass
                self._raw_data = self._io.read_bytes(self.header.incl_len)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = link_frame.LinkFrame(self.link_type, _io__raw_data)
            else:
                pass
                self.data = self._io.read_bytes(self.header.incl_len)


        def _fetch_instances(self):
            pass
            self.header._fetch_instances()
            _on = self.header.incl_len == self.header.orig_len
            if _on == True:
                pass
                self.data._fetch_instances()
            else:
                pass

        @property
        def timestamp(self):
            """Capture time in seconds since the Unix epoch."""
            if hasattr(self, '_m_timestamp'):
                return self._m_timestamp

            self._m_timestamp = self.header.ts_sec + self.header.ts_frac / (1000000000.0 if self.is_nanosecond else 1000000.0)
            return getattr(self, '_m_timestamp', None)


    class RecordHeader(KaitaiStruct):
        """The fixed part of a packet record.
        
        .. seealso::
           Source - https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-5
        """
        def __init__(self, is_le, _io, _parent=None, _root=None):
            super(Pcap.RecordHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_le = is_le
            self._read()

        def _read(self):
            _on = self.is_le
            if _on == True:
                pass
                self._is_le = True
            elif _on == False:
                pass
                self._is_le = False
            if not hasattr(self, '_is_le'):
                raise kaitaistruct.UndecidedEndiannessError("/types/record_header")
            elif self._is_le == True:
                self._read_le()
            elif self._is_le == False:
                self._read_be()

        def _read_le(self):
            self.ts_sec = self._io.read_u4le()
            self.ts_frac = self._io.read_u4le()
            self.incl_len = self._io.read_u4le()
            self.orig_len = self._io.read_u4le()

        def _read_be(self):
            self.ts_sec = self._io.read_u4be()
            self.ts_frac = self._io.read_u4be()
            self.incl_len = self._io.read_u4be()
            self.orig_len = self._io.read_u4be()


        def _fetch_instances(self):
            pass


    @property
    def is_le(self):
        """The file was written little-endian."""
        if hasattr(self, '_m_is_le'):
            return self._m_is_le

        self._m_is_le =  ((self.magic_number == Pcap.Magic.le_microseconds) or (self.magic_number == Pcap.Magic.le_nanoseconds)) 
        return getattr(self, '_m_is_le', None)

    @property
    def is_nanosecond(self):
        """The fractional part of each timestamp counts nanoseconds, not microseconds."""
        if hasattr(self, '_m_is_nanosecond'):
            return self._m_is_nanosecond

        self._m_is_nanosecond =  ((self.magic_number == Pcap.Magic.le_nanoseconds) or (self.magic_number == Pcap.Magic.be_nanoseconds)) 
        return getattr(self, '_m_is_nanosecond', None)


