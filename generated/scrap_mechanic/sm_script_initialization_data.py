# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_blob_data


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmScriptInitializationData(KaitaiStruct):
    """The body of an 11 Script Initialization Data packet after LZ4 decompression (Server ->
    Client, while joining): the initialization data related to Lua scripts that can store
    data. The only known use of this packet is to send the terrain data to the client: a
    BlobData with uid `terrain_data` whose payload is a LuaObject (`sm_lua_object`).
    
    Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
    names the spec of the expanded payload. The entries are read until the end of the body:
    their number is bounded by the body's size (each takes at least 25 bytes).
    
    .. seealso::
       11 - Script Initialization Data, section Structure
    
    
    .. seealso::
       BlobData
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmScriptInitializationData, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.game_tick = self._io.read_u4be()
        self.blobs = []
        i = 0
        while not self._io.is_eof():
            self.blobs.append(sm_blob_data.SmBlobData(self._io))
            i += 1



    def _fetch_instances(self):
        pass
        for i in range(len(self.blobs)):
            pass
            self.blobs[i]._fetch_instances()



