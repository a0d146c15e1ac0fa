# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_blob_data


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmScriptDataS2c(ReadWriteKaitaiStruct):
    """The body of a 25 Script Data (S->C) packet after LZ4 decompression (Server -> Client):
    sent when the server sends a Lua network request, or updates the client data. The page is
    a work in progress: its BlobData payloads are to be documented, so they stay bytes.
    
    Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
    names the spec of the expanded payload. The entries are read until the end of the body:
    their number is bounded by the body's size (each takes at least 25 bytes).
    
    .. seealso::
       25 - Script Data (S->C), section Structure
    
    
    .. seealso::
       BlobData
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmScriptDataS2c, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.game_tick = self._io.read_u4be()
        self.blobs = []
        i = 0
        while not self._io.is_eof():
            _t_blobs = sm_blob_data.SmBlobData(self._io)
            try:
                _t_blobs._read()
            finally:
                self.blobs.append(_t_blobs)
            i += 1

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.blobs)):
            pass
            self.blobs[i]._fetch_instances()



    def _write__seq(self, io=None):
        super(SmScriptDataS2c, self)._write__seq(io)
        self._io.write_u4be(self.game_tick)
        for i in range(len(self.blobs)):
            pass
            if self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"blobs", 0, self._io.size() - self._io.pos())
            self.blobs[i]._write__seq(self._io)

        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"blobs", 0, self._io.size() - self._io.pos())


    def _check(self):
        for i in range(len(self.blobs)):
            pass

        self._dirty = False


