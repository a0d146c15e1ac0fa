# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class WirestructCapture(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(WirestructCapture, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

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
            self.records.append(WirestructCapture.Record(self._io, self, self._root))
            i += 1



    def _fetch_instances(self):
        pass
        for i in range(len(self.records)):
            pass
            self.records[i]._fetch_instances()


    class Record(KaitaiStruct):
        """One capture record.
        
        .. seealso::
           runtime/captures/container.py
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(WirestructCapture.Record, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.t = self._io.read_f8le()
            self.direction = KaitaiStream.resolve_enum(WirestructCapture.Direction, self._io.read_u1())
            self.stream = self._io.read_u2le()
            self.len_data = self._io.read_u4le()
            self.data = self._io.read_bytes(self.len_data)


        def _fetch_instances(self):
            pass



