# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_blob_data


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmGenericDataS2c(KaitaiStruct):
    """The body of a 27 Generic Data (S->C) packet after LZ4 decompression (Server -> Client).
    The page is a work in progress; the one payload it documents is the Chat Message
    (`sm_blob_chat_message`), broadcast to all players when a player chats, and with an empty
    sender when a player joins.
    
    Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
    names the spec of the expanded payload. The entries are read until the end of the body:
    their number is bounded by the body's size (each takes at least 25 bytes).
    
    .. seealso::
       27 - Generic Data (S->C), section Structure
    
    
    .. seealso::
       BlobData
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmGenericDataS2c, self).__init__(_io)
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



