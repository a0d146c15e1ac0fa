# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmHotbarItemChanged(KaitaiStruct):
    """The body of a 31 packet after LZ4 decompression (Client -> Server), titled Equipped
    Item Changed on its page (whose file is named hotbar-item-changed): sent when the player
    equips a different item. No packet is sent when both the UUID and the Tool Instance ID
    are the same as the previous equipped item.
    
    .. seealso::
       31 - Equipped Item Changed, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmHotbarItemChanged, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.character_id = self._io.read_u4be()
        self.uuid = sm_common.SmCommon.Uuid(self._io)
        self.tool_instance_id = self._io.read_u4be()


    def _fetch_instances(self):
        pass
        self.uuid._fetch_instances()


