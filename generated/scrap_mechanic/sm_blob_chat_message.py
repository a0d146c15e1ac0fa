# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from . import sm_string


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmBlobChatMessage(KaitaiStruct):
    """The Chat Message payload of a BlobData (uid 46968863-090a-46b8-ad99-1159b53450fe, no
    world), after LZ4 decompression. A client sends one in 28 Generic Data (C->S) (key 0,
    flags 0) when its player chats; the server broadcasts it unchanged in 27 Generic Data
    (S->C) (key the message number, flags 20), and sends the join message of a player with
    an empty sender. The server verifies none of the fields.
    
    .. seealso::
       27 - Generic Data (S->C), section Chat Message
    
    
    .. seealso::
       28 - Generic Data (C->S), section Chat Message
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmBlobChatMessage, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.timestamp = sm_common.SmCommon.U64Parts(self._io)
        self.sender = sm_string.SmString(self._io)
        self.message = sm_string.SmString(self._io)


    def _fetch_instances(self):
        pass
        self.timestamp._fetch_instances()
        self.sender._fetch_instances()
        self.message._fetch_instances()

    @property
    def timestamp_seconds(self):
        """The timestamp as one number (exact in Python; see `timestamp`)."""
        if hasattr(self, '_m_timestamp_seconds'):
            return self._m_timestamp_seconds

        self._m_timestamp_seconds = self.timestamp.value
        return getattr(self, '_m_timestamp_seconds', None)


