-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
require("sm_string")
local enum = require("enum")

-- 
-- The body of a 02 Server Info packet after LZ4 decompression: information about the
-- server, such as the world seed, the current game tick, and the enabled mods, and the
-- keys of the script and generic data (BlobData) the server then sends. Bound To: Server
-- -> Client (the page's first sentence says "sent by the client"; its Bound To line and
-- the joining sequences have the server send it).
-- 
-- Decisions where the page is loose: the sub-tables write `u64`, `u16` and `u32` without
-- a byte order; File ID is read big-endian (as the page's ImHex pattern of mods has it),
-- in two exact halves since it is 64 bits wide. `byte[16]` UUIDs are kept in wire order
-- and taken as be (the UUID text's bytes in order), as BlobData's Uid is. A GenericData
-- entry is read as its table gives it, 22 bytes: the UUID, the u16 `Size` (its meaning
-- not given; likely the key's size, 4) and the u32 `Key`, both big-endian like the other
-- unmarked integers (`key_le` reads the key as the le u32 BlobData keys are).
-- 
-- Counts are be u32 read before their lists: the runtime must bound them (each mod takes
-- 24 bytes and each key 22, so a list cannot outgrow the body).
-- See also: 02 - Server Info, section Structure
SmServerInfo = class.class(KaitaiStruct)

SmServerInfo.Gamemode = enum.Enum {
  alpha_terrain = 0,
  flat_terrain = 1,
  classic_terrain = 2,
  created_terrain_test = 3,
  created_terrain = 4,
  challenge = 5,
  challenge_builder = 6,
  terrain = 7,
  menu_creation = 8,
  survival = 14,
  custom = 15,
  development = 16,
}

function SmServerInfo:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmServerInfo:_read()
  self.version = self._io:read_u4be()
  self.gamemode = SmServerInfo.Gamemode(self._io:read_u4be())
  self.seed = self._io:read_u4be()
  self.gametick = self._io:read_u4be()
  self.num_mods = self._io:read_u4be()
  self.mods = {}
  for i = 0, self.num_mods - 1 do
    self.mods[i + 1] = SmServerInfo.ModData(self._io, self, self._root)
  end
  self.game_data = SmString(self._io)
  self.num_script_keys = self._io:read_u4be()
  self.script_data = {}
  for i = 0, self.num_script_keys - 1 do
    self.script_data[i + 1] = SmServerInfo.GenericData(self._io, self, self._root)
  end
  self.num_generic_keys = self._io:read_u4be()
  self.generic_data = {}
  for i = 0, self.num_generic_keys - 1 do
    self.generic_data[i + 1] = SmServerInfo.GenericData(self._io, self, self._root)
  end
  self.flags = SmServerInfo.Flags(self._io, self, self._root)
end

-- 
-- The game build number.
-- 
-- Game mode identifier.
-- 
-- World seed.
-- 
-- Current game tick.
-- 
-- Amount of enabled mods.
-- When writing, set to the length of `mods`.
-- 
-- A list of enabled mods.
-- 
-- This JSON string is parsed and stored in the game script `self.data`.
-- 
-- The number of script data keys (not noted on the page).
-- When writing, set to the length of `script_data`.
-- 
-- The keys of the script data (not noted on the page).
-- 
-- The number of generic data keys (not noted on the page).
-- When writing, set to the length of `generic_data`.
-- 
-- The keys of the generic data (not noted on the page).
-- 
-- Developer mode (a bitfield byte).

-- 
-- The flags byte, bit 7 first. (The page's sentence under this table, about movement
-- keys, is that of 30 Player Movement's Keys bitfield.)
-- See also: 02 - Server Info, section Flags bitfield
SmServerInfo.Flags = class.class(KaitaiStruct)

function SmServerInfo.Flags:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmServerInfo.Flags:_read()
  self.developer_mode = self._io:read_bits_int_be(1) ~= 0
  self.unknown = self._io:read_bits_int_be(7)
end

-- 
-- Bit 7: high when the Developer Mode is enabled. This is a server-side setting
-- that can be toggled by launching with the `-dev` command line argument.
-- 
-- Bits 6..0, not known to be anything other than low.

-- 
-- The key of one BlobData the server has. Purpose is not fully known. The page's note
-- says a **Channel** field name is a guess and unconfirmed, but its table has no
-- field of that name.
-- See also: 02 - Server Info, section GenericData
SmServerInfo.GenericData = class.class(KaitaiStruct)

function SmServerInfo.GenericData:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmServerInfo.GenericData:_read()
  self.uid = SmCommon.Uuid(self._io)
  self.key_size = self._io:read_u2be()
  self.key = self._io:read_u4be()
end

-- 
-- The key's 4 bytes read as a le u32, the order the keys of the documented
-- BlobData payloads are stored in (a world id, a player id, ...).
SmServerInfo.GenericData.property.key_le = {}
function SmServerInfo.GenericData.property.key_le:get()
  if self._m_key_le ~= nil then
    return self._m_key_le
  end

  self._m_key_le = (((self.key % 256) * 16777216 + (math.floor(self.key / 256) % 256) * 65536) + (math.floor(self.key / 65536) % 256) * 256) + math.floor(self.key / 16777216)
  return self._m_key_le
end

-- 
-- The BlobData's uid (byte[16], 16 bytes; taken as be, the text's bytes in order,
-- as BlobData's Uid).
-- 
-- 2 bytes (u16, read big-endian). The page does not say what it is; BlobData's
-- Key Size suggests the key's size, which is 4 for the u32 key the table lists.
-- Read as a value: the key is the 4 bytes the table gives whatever it says.
-- 
-- 4 bytes (u32, read big-endian like the page's other integers without a byte
-- order); `key_le` reads the same bytes as the le u32 BlobData keys are.

-- 
-- One enabled mod.
-- See also: 02 - Server Info, section ModData
SmServerInfo.ModData = class.class(KaitaiStruct)

function SmServerInfo.ModData:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmServerInfo.ModData:_read()
  self.file_id = SmCommon.U64Parts(self._io)
  self.mod_uuid = SmCommon.Uuid(self._io)
end

-- 
-- The mod's file id (u64, 8 bytes; read big-endian, in two exact halves).
-- 
-- The mod's UUID (byte[16], 16 bytes; taken as be, the text's bytes in order).

