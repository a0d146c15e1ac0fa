# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmLiftDeleteCreation(KaitaiStruct):
    """The body of a 43 Lift Delete Creation packet after LZ4 decompression (Client ->
    Server): sent when the player deletes a creation from the lift. If the lift does not
    exist, nothing happens; the server does not check that the sender owns the lift, so any
    player can delete creations of any lift.
    
    .. seealso::
       43 - Lift Delete Creation, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmLiftDeleteCreation, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.lift_id = self._io.read_u4be()


    def _fetch_instances(self):
        pass


