# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmLiftLevel(ReadWriteKaitaiStruct):
    """The body of a 52 Lift Level packet after LZ4 decompression (Client -> Server): sent
    when the player presses up or down, only while the player has a lift placed in the
    world.
    
    .. seealso::
       52 - Lift Level, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmLiftLevel, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.lift_id = self._io.read_u4be()
        self.level_change = self._io.read_s4be()
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmLiftLevel, self)._write__seq(io)
        self._io.write_u4be(self.lift_id)
        self._io.write_s4be(self.level_change)


    def _check(self):
        self._dirty = False


