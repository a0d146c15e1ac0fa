# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmClientAccepted(KaitaiStruct):
    """The body of a 05 Client Accepted packet: no data. Bound To: Server -> Client (the
    page's first sentence, "the client sends this packet to the server to initiate the
    connection", is that of 01 Hello; its Bound To line and the joining sequences have the
    server send it). Not LZ4 compressed: `sm_packet` routes its body here.
    
    .. seealso::
       05 - Client Accepted, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmClientAccepted, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass


