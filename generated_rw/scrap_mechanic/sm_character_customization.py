# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmCharacterCustomization(ReadWriteKaitaiStruct):
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
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmCharacterCustomization, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.version = self._io.read_u4be()
        self.gender = KaitaiStream.resolve_enum(SmCharacterCustomization.Gender, self._io.read_u1())
        self.num_options = self._io.read_u1()
        self.option_uuids = []
        for i in range(self.num_options):
            _t_option_uuids = sm_common.SmCommon.Uuid(self._io)
            try:
                _t_option_uuids._read()
            finally:
                self.option_uuids.append(_t_option_uuids)

        self.option_palette_indices = []
        for i in range(self.num_options):
            self.option_palette_indices.append(self._io.read_u4be())

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.option_uuids)):
            pass
            self.option_uuids[i]._fetch_instances()

        for i in range(len(self.option_palette_indices)):
            pass



    def _write__seq(self, io=None):
        super(SmCharacterCustomization, self)._write__seq(io)
        self._io.write_u4be(self.version)
        self._io.write_u1(int(self.gender))
        self._io.write_u1(self.num_options)
        for i in range(len(self.option_uuids)):
            pass
            self.option_uuids[i]._write__seq(self._io)

        for i in range(len(self.option_palette_indices)):
            pass
            self._io.write_u4be(self.option_palette_indices[i])



    def _check(self):
        if len(self.option_uuids) != self.num_options:
            raise kaitaistruct.ConsistencyError(u"option_uuids", self.num_options, len(self.option_uuids))
        for i in range(len(self.option_uuids)):
            pass

        if len(self.option_palette_indices) != self.num_options:
            raise kaitaistruct.ConsistencyError(u"option_palette_indices", self.num_options, len(self.option_palette_indices))
        for i in range(len(self.option_palette_indices)):
            pass

        self._dirty = False


