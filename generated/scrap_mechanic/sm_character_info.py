# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_character_customization
from . import sm_string


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmCharacterInfo(KaitaiStruct):
    """The body of a 09 Character Info packet after LZ4 decompression (Client -> Server):
    the name of the player and the customization options of the character.
    
    .. seealso::
       09 - Character Info, section Structure
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmCharacterInfo, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.name = sm_string.SmString(self._io)
        self.character_customization = sm_character_customization.SmCharacterCustomization(self._io)


    def _fetch_instances(self):
        pass
        self.name._fetch_instances()
        self.character_customization._fetch_instances()


