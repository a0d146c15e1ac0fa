# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmFileChecksums(ReadWriteKaitaiStruct):
    """The body of a 06 File Checksums packet after LZ4 decompression: the checksums of the
    files the client has (Client -> Server). The server answers 07 Checksums Accepted or
    08 Checksums Denied.
    
    The table writes `uint32` without a byte order; they are read big-endian, as every
    number of the protocol's tables. The count is a u32 that the runtime must bound (each
    checksum takes 4 bytes, so no more than a quarter of the body can be read).
    
    .. seealso::
       06 - File Checksums, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmFileChecksums, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.num_checksums = self._io.read_u4be()
        self.checksums = []
        for i in range(self.num_checksums):
            self.checksums.append(self._io.read_u4be())

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.checksums)):
            pass



    def _write__seq(self, io=None):
        super(SmFileChecksums, self)._write__seq(io)
        self._io.write_u4be(self.num_checksums)
        for i in range(len(self.checksums)):
            pass
            self._io.write_u4be(self.checksums[i])



    def _check(self):
        if len(self.checksums) != self.num_checksums:
            raise kaitaistruct.ConsistencyError(u"checksums", self.num_checksums, len(self.checksums))
        for i in range(len(self.checksums)):
            pass

        self._dirty = False


