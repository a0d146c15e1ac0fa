# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class ExportedPdu(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(ExportedPdu, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.tags = []
        i = 0
        while True:
            _ = ExportedPdu.Tag(self._io, self, self._root)
            self.tags.append(_)
            if  ((_.tag_type == ExportedPdu.TagType.end_of_options) or (self._io.is_eof())) :
                break
            i += 1
        self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        for i in range(len(self.tags)):
            pass
            self.tags[i]._fetch_instances()


    class Tag(KaitaiStruct):
        """One option, a tag's type, the length of its value and the value.
        
        .. seealso::
           Source - https://www.tcpdump.org/linktypes/LINKTYPE_WIRESHARK_UPPER_PDU.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(ExportedPdu.Tag, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tag_type = KaitaiStream.resolve_enum(ExportedPdu.TagType, self._io.read_u2be())
            self.len_value = self._io.read_u2be()
            self.value = self._io.read_bytes(self.len_value)


        def _fetch_instances(self):
            pass

        @property
        def as_u4(self):
            """The value as a 32-bit big-endian number (ports, port type, direction)."""
            if hasattr(self, '_m_as_u4'):
                return self._m_as_u4

            self._m_as_u4 = (((KaitaiStream.byte_array_index(self.value, 0) * 16777216 + KaitaiStream.byte_array_index(self.value, 1) * 65536) + KaitaiStream.byte_array_index(self.value, 2) * 256) + KaitaiStream.byte_array_index(self.value, 3) if self.len_value == 4 else 0)
            return getattr(self, '_m_as_u4', None)



