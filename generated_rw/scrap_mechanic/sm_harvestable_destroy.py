# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmHarvestableDestroy(ReadWriteKaitaiStruct):
    """The body of a 40 Harvestable Destroy packet (Client -> Server): sent when the player
    removes a glowstick effect, picks up an item, or `sm.harvestable.destroy` is called. Not
    LZ4 compressed: `sm_packet` routes its body here.
    
    The page is a work in progress (two unknown bytes; 6 bytes in all): bytes after the
    documented fields are kept in `unknown_rest` rather than failing the packet.
    
    .. seealso::
       40 - Harvestable Destroy, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmHarvestableDestroy, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.unknown = self._io.read_u1()
        self.unknown_2 = self._io.read_u1()
        self.effect_id = self._io.read_u4be()
        self.unknown_rest = self._io.read_bytes_full()
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmHarvestableDestroy, self)._write__seq(io)
        self._io.write_u1(self.unknown)
        self._io.write_u1(self.unknown_2)
        self._io.write_u4be(self.effect_id)
        self._io.write_bytes(self.unknown_rest)
        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"unknown_rest", 0, self._io.size() - self._io.pos())


    def _check(self):
        self._dirty = False


