# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import ip_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Nflog(KaitaiStruct):
    """Link type 239: a 4-byte header (address family, version, resource id), then
    type/length/value attributes, each padded to a multiple of 4 bytes. The logged packet
    is the payload attribute (type 9), an IP packet without link-layer header. The
    attributes' length and type are in the byte order of the machine that captured
    (little-endian for the usual x86 and ARM hosts, as read here).
    
    .. seealso::
       Source - https://www.tcpdump.org/linktypes/LINKTYPE_NFLOG.html
    """

    class AddressFamily(IntEnum):
        inet = 2
        inet6 = 10

    class AttributeType(IntEnum):
        packet_header = 1
        mark = 2
        timestamp = 3
        indev = 4
        outdev = 5
        physindev = 6
        physoutdev = 7
        hwaddr = 8
        payload = 9
        prefix = 10
        uid = 11
        seq = 12
        seq_global = 13
        gid = 14
        hwtype = 15
        hwheader = 16
        hwlen = 17
        ct = 18
        ct_info = 19
    def __init__(self, _io, _parent=None, _root=None):
        super(Nflog, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.family = KaitaiStream.resolve_enum(Nflog.AddressFamily, self._io.read_u1())
        self.version = self._io.read_u1()
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, self._io, u"/seq/1")
        self.resource_id = self._io.read_u2be()
        self.attributes = []
        i = 0
        while not self._io.is_eof():
            self.attributes.append(Nflog.Attribute(self._io, self, self._root))
            i += 1



    def _fetch_instances(self):
        pass
        for i in range(len(self.attributes)):
            pass
            self.attributes[i]._fetch_instances()


    class Attribute(KaitaiStruct):
        """One type/length/value attribute and its padding.
        
        .. seealso::
           Source - https://www.tcpdump.org/linktypes/LINKTYPE_NFLOG.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(Nflog.Attribute, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_attribute = self._io.read_u2le()
            if not self.len_attribute >= 4:
                raise kaitaistruct.ValidationLessThanError(4, self.len_attribute, self._io, u"/types/attribute/seq/0")
            self.type = KaitaiStream.resolve_enum(Nflog.AttributeType, self._io.read_u2le())
            _on = self.type
            if _on == Nflog.AttributeType.payload:
                pass
                self._raw_value = self._io.read_bytes(self.len_attribute - 4)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = ip_packet.IpPacket(_io__raw_value)
            else:
                pass
                self.value = self._io.read_bytes(self.len_attribute - 4)
            if (not (self._io.is_eof())):
                pass
                self.padding = self._io.read_bytes((4 - self.len_attribute % 4) % 4)



        def _fetch_instances(self):
            pass
            _on = self.type
            if _on == Nflog.AttributeType.payload:
                pass
                self.value._fetch_instances()
            else:
                pass
            if (not (self._io.is_eof())):
                pass




