# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_network_update
from . import sm_character_customization


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmBlobPlayerData(ReadWriteKaitaiStruct):
    """The Player Data payload of a BlobData (uid 51868883-d2d2-4953-9135-1ab0bdc2a47e, key the
    player id as le u32, no world, flags 13), after LZ4 decompression: a player's
    character, containers, carried part, name and customization. The name's size is one
    byte here, not the two of the `String` structure.
    
    .. seealso::
       13 - Generic Initialization Data, section Player Data
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmBlobPlayerData, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.character_id = self._io.read_u4be()
        self.steam_id = sm_network_update.SmNetworkUpdate.SteamId(self._io)
        self.steam_id._read()
        self.inventory_container_id = self._io.read_u4be()
        self.carry_container_id = self._io.read_u4be()
        self.carry_color = self._io.read_u4be()
        self.unknown = self._io.read_u1()
        self.len_name = self._io.read_u1()
        self.name = (self._io.read_bytes(self.len_name)).decode(u"UTF-8")
        self.character_customization = sm_character_customization.SmCharacterCustomization(self._io)
        self.character_customization._read()
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.steam_id._fetch_instances()
        self.character_customization._fetch_instances()


    def _write__seq(self, io=None):
        super(SmBlobPlayerData, self)._write__seq(io)
        self._io.write_u4be(self.character_id)
        self.steam_id._write__seq(self._io)
        self._io.write_u4be(self.inventory_container_id)
        self._io.write_u4be(self.carry_container_id)
        self._io.write_u4be(self.carry_color)
        self._io.write_u1(self.unknown)
        self._io.write_u1(self.len_name)
        self._io.write_bytes((self.name).encode(u"UTF-8"))
        self.character_customization._write__seq(self._io)


    def _check(self):
        if len((self.name).encode(u"UTF-8")) != self.len_name:
            raise kaitaistruct.ConsistencyError(u"name", self.len_name, len((self.name).encode(u"UTF-8")))
        self._dirty = False

    @property
    def steam_id_64(self):
        """The Steam ID as one number (exact in Python; see `steam_id`)."""
        if hasattr(self, '_m_steam_id_64'):
            return self._m_steam_id_64

        self._m_steam_id_64 = self.steam_id.value
        return getattr(self, '_m_steam_id_64', None)

    def _invalidate_steam_id_64(self):
        del self._m_steam_id_64

