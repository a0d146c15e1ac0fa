# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_network_update
from . import sm_character_customization


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmBlobPlayerData(KaitaiStruct):
    """The Player Data payload of a BlobData (uid 51868883-d2d2-4953-9135-1ab0bdc2a47e, key the
    player id as le u32, no world, flags 13), after LZ4 decompression: a player's
    character, containers, carried part, name and customization. The name's size is one
    byte here, not the two of the `String` structure.
    
    .. seealso::
       13 - Generic Initialization Data, section Player Data
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(SmBlobPlayerData, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.character_id = self._io.read_u4be()
        self.steam_id = sm_network_update.SmNetworkUpdate.SteamId(self._io)
        self.inventory_container_id = self._io.read_u4be()
        self.carry_container_id = self._io.read_u4be()
        self.carry_color = self._io.read_u4be()
        self.unknown = self._io.read_u1()
        self.len_name = self._io.read_u1()
        self.name = (self._io.read_bytes(self.len_name)).decode(u"UTF-8")
        self.character_customization = sm_character_customization.SmCharacterCustomization(self._io)


    def _fetch_instances(self):
        pass
        self.steam_id._fetch_instances()
        self.character_customization._fetch_instances()

    @property
    def steam_id_64(self):
        """The Steam ID as one number (exact in Python; see `steam_id`)."""
        if hasattr(self, '_m_steam_id_64'):
            return self._m_steam_id_64

        self._m_steam_id_64 = self.steam_id.value
        return getattr(self, '_m_steam_id_64', None)


