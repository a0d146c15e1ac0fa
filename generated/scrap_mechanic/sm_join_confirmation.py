# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmJoinConfirmation(KaitaiStruct):
    """The body of a 10 Join Confirmation packet: no data. Sent (Server -> Client) when all
    the checks of joining are done. Not LZ4 compressed: `sm_packet` routes its body here.
    
    .. seealso::
       10 - Join Confirmation, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmJoinConfirmation, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass


