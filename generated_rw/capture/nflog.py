# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import ip_packet
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class Nflog(ReadWriteKaitaiStruct):
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
    def __init__(self, _io=None, _parent=None, _root=None):
        super(Nflog, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.family = KaitaiStream.resolve_enum(Nflog.AddressFamily, self._io.read_u1())
        self.version = self._io.read_u1()
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, self._io, u"/seq/1")
        self.resource_id = self._io.read_u2be()
        self.attributes = []
        i = 0
        while not self._io.is_eof():
            _t_attributes = Nflog.Attribute(self._io, self, self._root)
            try:
                _t_attributes._read()
            finally:
                self.attributes.append(_t_attributes)
            i += 1

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.attributes)):
            pass
            self.attributes[i]._fetch_instances()



    def _write__seq(self, io=None):
        super(Nflog, self)._write__seq(io)
        self._io.write_u1(int(self.family))
        self._io.write_u1(self.version)
        self._io.write_u2be(self.resource_id)
        for i in range(len(self.attributes)):
            pass
            if self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"attributes", 0, self._io.size() - self._io.pos())
            self.attributes[i]._write__seq(self._io)

        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"attributes", 0, self._io.size() - self._io.pos())


    def _check(self):
        if not self.version == 0:
            raise kaitaistruct.ValidationNotEqualError(0, self.version, None, u"/seq/1")
        for i in range(len(self.attributes)):
            pass
            if self.attributes[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"attributes", self._root, self.attributes[i]._root)
            if self.attributes[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"attributes", self, self.attributes[i]._parent)

        self._dirty = False

    class Attribute(ReadWriteKaitaiStruct):
        """One type/length/value attribute and its padding.
        
        .. seealso::
           Source - https://www.tcpdump.org/linktypes/LINKTYPE_NFLOG.html
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(Nflog.Attribute, self).__init__(_io)
            self._parent = _parent
            self._root = _root

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
                self.value._read()
            else:
                pass
                self.value = self._io.read_bytes(self.len_attribute - 4)
            if (not (self._io.is_eof())):
                pass
                self.padding = self._io.read_bytes((4 - self.len_attribute % 4) % 4)

            self._dirty = False


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



        def _write__seq(self, io=None):
            super(Nflog.Attribute, self)._write__seq(io)
            self._io.write_u2le(self.len_attribute)
            self._io.write_u2le(int(self.type))
            _on = self.type
            if _on == Nflog.AttributeType.payload:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.len_attribute - 4)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.len_attribute - 4))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.len_attribute - 4:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.len_attribute - 4, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            else:
                pass
                self._io.write_bytes(self.value)
            if (not (self._io.is_eof())):
                pass
                if len(self.padding) != (4 - self.len_attribute % 4) % 4:
                    raise kaitaistruct.ConsistencyError(u"padding", (4 - self.len_attribute % 4) % 4, len(self.padding))
                self._io.write_bytes(self.padding)



        def _check(self):
            if not self.len_attribute >= 4:
                raise kaitaistruct.ValidationLessThanError(4, self.len_attribute, None, u"/types/attribute/seq/0")
            _on = self.type
            if _on == Nflog.AttributeType.payload:
                pass
            else:
                pass
                if len(self.value) != self.len_attribute - 4:
                    raise kaitaistruct.ConsistencyError(u"value", self.len_attribute - 4, len(self.value))
            self._dirty = False



