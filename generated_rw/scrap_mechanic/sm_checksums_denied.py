# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmChecksumsDenied(ReadWriteKaitaiStruct):
    """The body of an 08 Checksums Denied packet after LZ4 decompression: which checksum of
    06 File Checksums is invalid.
    
    The page says Bound To: Client -> Server, though the packet is sent when a checksum the
    client sent is invalid, as 07 Checksums Accepted is sent (Server -> Client) when they
    are valid. The layout is the same either way, so it is read in both directions. The
    `uint32` is read big-endian, as every number of the protocol's tables.
    
    .. seealso::
       08 - Checksums Denied, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmChecksumsDenied, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.index = self._io.read_u4be()
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmChecksumsDenied, self)._write__seq(io)
        self._io.write_u4be(self.index)


    def _check(self):
        self._dirty = False


