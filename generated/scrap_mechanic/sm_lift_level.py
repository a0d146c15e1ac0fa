# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmLiftLevel(KaitaiStruct):
    """The body of a 52 Lift Level packet after LZ4 decompression (Client -> Server): sent
    when the player presses up or down, only while the player has a lift placed in the
    world.
    
    .. seealso::
       52 - Lift Level, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmLiftLevel, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.lift_id = self._io.read_u4be()
        self.level_change = self._io.read_s4be()


    def _fetch_instances(self):
        pass


