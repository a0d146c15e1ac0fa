# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmDropItemStack(ReadWriteKaitaiStruct):
    """The body of a 33 Drop Item Stack packet after LZ4 decompression (Client -> Server):
    sent when the player drops an item stack by dragging it outside of their inventory.
    Here the slot and quantity are 32-bit integers, while other packets store them as 16-bit
    integers.
    
    Validation: a quantity higher than the amount of items in the slot drops nothing; a
    quantity of zero, a container or a slot that does not exist do nothing.
    
    The page's notes of Container ID and Quantity are swapped (Container ID reads "The
    amount of items to drop", Quantity "The ID of the container..."); the field names are
    followed.
    
    .. seealso::
       33 - Drop Item Stack, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmDropItemStack, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.container_id = self._io.read_u4be()
        self.slot = self._io.read_u4be()
        self.quantity = self._io.read_u4be()
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(SmDropItemStack, self)._write__seq(io)
        self._io.write_u4be(self.container_id)
        self._io.write_u4be(self.slot)
        self._io.write_u4be(self.quantity)


    def _check(self):
        self._dirty = False


