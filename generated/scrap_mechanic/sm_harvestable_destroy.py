# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmHarvestableDestroy(KaitaiStruct):
    """The body of a 40 Harvestable Destroy packet (Client -> Server): sent when the player
    removes a glowstick effect, picks up an item, or `sm.harvestable.destroy` is called. Not
    LZ4 compressed: `sm_packet` routes its body here.
    
    The page is a work in progress (two unknown bytes; 6 bytes in all): bytes after the
    documented fields are kept in `unknown_rest` rather than failing the packet.
    
    .. seealso::
       40 - Harvestable Destroy, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmHarvestableDestroy, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.unknown = self._io.read_u1()
        self.unknown_2 = self._io.read_u1()
        self.effect_id = self._io.read_u4be()
        self.unknown_rest = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass


