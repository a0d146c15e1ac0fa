# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmCharacterCustomization(KaitaiStruct):
    """The customization of a character (the `character` file of a user's folder, and 09
    Character Info and the Player Data payload of 13): a version, the gender, then one UUID
    and one palette index per customization option, in the order of the
    `customization_option` table (face first). The option UUIDs are be u128: the UUID text's
    bytes in order, not reversed as item UUIDs are.
    
    The option count is one byte, so each list holds at most 255 entries.
    
    .. seealso::
       Character Customization, section Structure
    """

    class CustomizationOption(IntEnum):
        face = 0
        hair = 1
        facial_hair = 2
        torso = 3
        gloves = 4
        shoes = 5
        pants = 6
        hat = 7
        backpack = 8

    class Gender(IntEnum):
        male = 0
        female = 1
    def __init__(self, _io, _parent=None, _root=None):
        super(SmCharacterCustomization, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.version = self._io.read_u4be()
        self.gender = KaitaiStream.resolve_enum(SmCharacterCustomization.Gender, self._io.read_u1())
        self.num_options = self._io.read_u1()
        self.option_uuids = []
        for i in range(self.num_options):
            self.option_uuids.append(sm_common.SmCommon.Uuid(self._io))

        self.option_palette_indices = []
        for i in range(self.num_options):
            self.option_palette_indices.append(self._io.read_u4be())



    def _fetch_instances(self):
        pass
        for i in range(len(self.option_uuids)):
            pass
            self.option_uuids[i]._fetch_instances()

        for i in range(len(self.option_palette_indices)):
            pass



