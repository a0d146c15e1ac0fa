# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class ExportedPdu(ReadWriteKaitaiStruct):
    """Link type 252 (LINKTYPE_WIRESHARK_UPPER_PDU): a protocol data unit as Wireshark's
    "Export PDUs" writes it, after a list of tag-length-value options naming the dissector
    to call and, optionally, the endpoints and direction of the connection it belongs to.
    Every value is big-endian; a tag's length counts the padding of strings.
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_WIRESHARK_UPPER_PDU.html
    """

    class TagType(IntEnum):
        end_of_options = 0
        dissector_name = 12
        ipv4_src = 20
        ipv4_dst = 21
        ipv6_src = 22
        ipv6_dst = 23
        port_type = 24
        src_port = 25
        dst_port = 26
        p2p_direction = 35
    def __init__(self, _io=None, _parent=None, _root=None):
        super(ExportedPdu, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.tags = []
        i = 0
        while True:
            _t_tags = ExportedPdu.Tag(self._io, self, self._root)
            try:
                _t_tags._read()
            finally:
                _ = _t_tags
                self.tags.append(_)
            if  ((_.tag_type == ExportedPdu.TagType.end_of_options) or (self._io.is_eof())) :
                break
            i += 1
        self.body = self._io.read_bytes_full()
        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.tags)):
            pass
            self.tags[i]._fetch_instances()



    def _write__seq(self, io=None):
        super(ExportedPdu, self)._write__seq(io)
        for i in range(len(self.tags)):
            pass
            self.tags[i]._write__seq(self._io)
            _ = self.tags[i]
            if  ((_.tag_type == ExportedPdu.TagType.end_of_options) or (self._io.is_eof()))  != (i == len(self.tags) - 1):
                raise kaitaistruct.ConsistencyError(u"tags", i == len(self.tags) - 1,  ((_.tag_type == ExportedPdu.TagType.end_of_options) or (self._io.is_eof())) )

        self._io.write_bytes(self.body)
        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"body", 0, self._io.size() - self._io.pos())


    def _check(self):
        if len(self.tags) == 0:
            raise kaitaistruct.ConsistencyError(u"tags", 0, len(self.tags))
        for i in range(len(self.tags)):
            pass
            if self.tags[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"tags", self._root, self.tags[i]._root)
            if self.tags[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"tags", self, self.tags[i]._parent)

        self._dirty = False

    class Tag(ReadWriteKaitaiStruct):
        """One option, a tag's type, the length of its value and the value.
        
        .. seealso::
           Source - https://www.tcpdump.org/linktypes/LINKTYPE_WIRESHARK_UPPER_PDU.html
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(ExportedPdu.Tag, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.tag_type = KaitaiStream.resolve_enum(ExportedPdu.TagType, self._io.read_u2be())
            self.len_value = self._io.read_u2be()
            self.value = self._io.read_bytes(self.len_value)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(ExportedPdu.Tag, self)._write__seq(io)
            self._io.write_u2be(int(self.tag_type))
            self._io.write_u2be(self.len_value)
            self._io.write_bytes(self.value)


        def _check(self):
            if len(self.value) != self.len_value:
                raise kaitaistruct.ConsistencyError(u"value", self.len_value, len(self.value))
            self._dirty = False

        @property
        def as_u4(self):
            """The value as a 32-bit big-endian number (ports, port type, direction)."""
            if hasattr(self, '_m_as_u4'):
                return self._m_as_u4

            self._m_as_u4 = (((KaitaiStream.byte_array_index(self.value, 0) * 16777216 + KaitaiStream.byte_array_index(self.value, 1) * 65536) + KaitaiStream.byte_array_index(self.value, 2) * 256) + KaitaiStream.byte_array_index(self.value, 3) if self.len_value == 4 else 0)
            return getattr(self, '_m_as_u4', None)

        def _invalidate_as_u4(self):
            del self._m_as_u4


