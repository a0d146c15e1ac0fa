# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class WirestructCapture(ReadWriteKaitaiStruct):
    """wirestruct's own capture container: a magic, a version, the protocol name, then
    records in capture order, each with its timestamp, direction, connection number and
    bytes. `wirestruct convert` writes it from JSON Lines, pcap or pcapng; open it in the
    Kaitai Web IDE to browse a whole capture. For message protocols (scrap-mechanic, diep)
    a record is one packet; for TCP protocols (mme) it is a chunk of the byte stream, split
    wherever the capture split it.
    
    .. seealso::
       runtime/captures/container.py
    """

    class Direction(IntEnum):
        c2s = 0
        s2c = 1
    def __init__(self, _io=None, _parent=None, _root=None):
        super(WirestructCapture, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.magic = self._io.read_bytes(8)
        if not self.magic == b"\x89\x57\x53\x43\x41\x50\x0D\x0A":
            raise kaitaistruct.ValidationNotEqualError(b"\x89\x57\x53\x43\x41\x50\x0D\x0A", self.magic, self._io, u"/seq/0")
        self.version = self._io.read_u1()
        if not self.version == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.version, self._io, u"/seq/1")
        self.len_protocol = self._io.read_u1()
        self.protocol = (self._io.read_bytes(self.len_protocol)).decode(u"ASCII")
        self.records = []
        i = 0
        while not self._io.is_eof():
            _t_records = WirestructCapture.Record(self._io, self, self._root)
            try:
                _t_records._read()
            finally:
                self.records.append(_t_records)
            i += 1

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.records)):
            pass
            self.records[i]._fetch_instances()



    def _write__seq(self, io=None):
        super(WirestructCapture, self)._write__seq(io)
        self._io.write_bytes(self.magic)
        self._io.write_u1(self.version)
        self._io.write_u1(self.len_protocol)
        self._io.write_bytes((self.protocol).encode(u"ASCII"))
        for i in range(len(self.records)):
            pass
            if self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"records", 0, self._io.size() - self._io.pos())
            self.records[i]._write__seq(self._io)

        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"records", 0, self._io.size() - self._io.pos())


    def _check(self):
        if len(self.magic) != 8:
            raise kaitaistruct.ConsistencyError(u"magic", 8, len(self.magic))
        if not self.magic == b"\x89\x57\x53\x43\x41\x50\x0D\x0A":
            raise kaitaistruct.ValidationNotEqualError(b"\x89\x57\x53\x43\x41\x50\x0D\x0A", self.magic, None, u"/seq/0")
        if not self.version == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.version, None, u"/seq/1")
        if len((self.protocol).encode(u"ASCII")) != self.len_protocol:
            raise kaitaistruct.ConsistencyError(u"protocol", self.len_protocol, len((self.protocol).encode(u"ASCII")))
        for i in range(len(self.records)):
            pass
            if self.records[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"records", self._root, self.records[i]._root)
            if self.records[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"records", self, self.records[i]._parent)

        self._dirty = False

    class Record(ReadWriteKaitaiStruct):
        """One capture record.
        
        .. seealso::
           runtime/captures/container.py
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(WirestructCapture.Record, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.t = self._io.read_f8le()
            self.direction = KaitaiStream.resolve_enum(WirestructCapture.Direction, self._io.read_u1())
            self.stream = self._io.read_u2le()
            self.len_data = self._io.read_u4le()
            self.data = self._io.read_bytes(self.len_data)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(WirestructCapture.Record, self)._write__seq(io)
            self._io.write_f8le(self.t)
            self._io.write_u1(int(self.direction))
            self._io.write_u2le(self.stream)
            self._io.write_u4le(self.len_data)
            self._io.write_bytes(self.data)


        def _check(self):
            if len(self.data) != self.len_data:
                raise kaitaistruct.ConsistencyError(u"data", self.len_data, len(self.data))
            self._dirty = False



