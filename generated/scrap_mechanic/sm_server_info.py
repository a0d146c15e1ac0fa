# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from . import sm_string
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmServerInfo(KaitaiStruct):
    """The body of a 02 Server Info packet after LZ4 decompression: information about the
    server, such as the world seed, the current game tick, and the enabled mods, and the
    keys of the script and generic data (BlobData) the server then sends. Bound To: Server
    -> Client (the page's first sentence says "sent by the client"; its Bound To line and
    the joining sequences have the server send it).
    
    Decisions where the page is loose: the sub-tables write `u64`, `u16` and `u32` without
    a byte order; File ID is read big-endian (as the page's ImHex pattern of mods has it),
    in two exact halves since it is 64 bits wide. `byte[16]` UUIDs are kept in wire order
    and taken as be (the UUID text's bytes in order), as BlobData's Uid is. A GenericData
    entry is read as its table gives it, 22 bytes: the UUID, the u16 `Size` (its meaning
    not given; likely the key's size, 4) and the u32 `Key`, both big-endian like the other
    unmarked integers (`key_le` reads the key as the le u32 BlobData keys are).
    
    Counts are be u32 read before their lists: the runtime must bound them (each mod takes
    24 bytes and each key 22, so a list cannot outgrow the body).
    
    .. seealso::
       02 - Server Info, section Structure
    """

    class Gamemode(IntEnum):
        alpha_terrain = 0
        flat_terrain = 1
        classic_terrain = 2
        created_terrain_test = 3
        created_terrain = 4
        challenge = 5
        challenge_builder = 6
        terrain = 7
        menu_creation = 8
        survival = 14
        custom = 15
        development = 16
    def __init__(self, _io, _parent=None, _root=None):
        super(SmServerInfo, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.version = self._io.read_u4be()
        self.gamemode = KaitaiStream.resolve_enum(SmServerInfo.Gamemode, self._io.read_u4be())
        self.seed = self._io.read_u4be()
        self.gametick = self._io.read_u4be()
        self.num_mods = self._io.read_u4be()
        self.mods = []
        for i in range(self.num_mods):
            self.mods.append(SmServerInfo.ModData(self._io, self, self._root))

        self.game_data = sm_string.SmString(self._io)
        self.num_script_keys = self._io.read_u4be()
        self.script_data = []
        for i in range(self.num_script_keys):
            self.script_data.append(SmServerInfo.GenericData(self._io, self, self._root))

        self.num_generic_keys = self._io.read_u4be()
        self.generic_data = []
        for i in range(self.num_generic_keys):
            self.generic_data.append(SmServerInfo.GenericData(self._io, self, self._root))

        self.flags = SmServerInfo.Flags(self._io, self, self._root)


    def _fetch_instances(self):
        pass
        for i in range(len(self.mods)):
            pass
            self.mods[i]._fetch_instances()

        self.game_data._fetch_instances()
        for i in range(len(self.script_data)):
            pass
            self.script_data[i]._fetch_instances()

        for i in range(len(self.generic_data)):
            pass
            self.generic_data[i]._fetch_instances()

        self.flags._fetch_instances()

    class Flags(KaitaiStruct):
        """The flags byte, bit 7 first. (The page's sentence under this table, about movement
        keys, is that of 30 Player Movement's Keys bitfield.)
        
        .. seealso::
           02 - Server Info, section Flags bitfield
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmServerInfo.Flags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.developer_mode = self._io.read_bits_int_be(1) != 0
            self.unknown = self._io.read_bits_int_be(7)


        def _fetch_instances(self):
            pass


    class GenericData(KaitaiStruct):
        """The key of one BlobData the server has. Purpose is not fully known. The page's note
        says a **Channel** field name is a guess and unconfirmed, but its table has no
        field of that name.
        
        .. seealso::
           02 - Server Info, section GenericData
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmServerInfo.GenericData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.uid = sm_common.SmCommon.Uuid(self._io)
            self.key_size = self._io.read_u2be()
            self.key = self._io.read_u4be()


        def _fetch_instances(self):
            pass
            self.uid._fetch_instances()

        @property
        def key_le(self):
            """The key's 4 bytes read as a le u32, the order the keys of the documented
            BlobData payloads are stored in (a world id, a player id, ...).
            """
            if hasattr(self, '_m_key_le'):
                return self._m_key_le

            self._m_key_le = (((self.key % 256) * 16777216 + ((self.key // 256) % 256) * 65536) + ((self.key // 65536) % 256) * 256) + self.key // 16777216
            return getattr(self, '_m_key_le', None)


    class ModData(KaitaiStruct):
        """One enabled mod.
        
        .. seealso::
           02 - Server Info, section ModData
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmServerInfo.ModData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.file_id = sm_common.SmCommon.U64Parts(self._io)
            self.mod_uuid = sm_common.SmCommon.Uuid(self._io)


        def _fetch_instances(self):
            pass
            self.file_id._fetch_instances()
            self.mod_uuid._fetch_instances()



