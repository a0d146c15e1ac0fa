-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_network_update")
require("sm_character_customization")
local str_decode = require("string_decode")

-- 
-- The Player Data payload of a BlobData (uid 51868883-d2d2-4953-9135-1ab0bdc2a47e, key the
-- player id as le u32, no world, flags 13), after LZ4 decompression: a player's
-- character, containers, carried part, name and customization. The name's size is one
-- byte here, not the two of the `String` structure.
-- See also: 13 - Generic Initialization Data, section Player Data
SmBlobPlayerData = class.class(KaitaiStruct)

function SmBlobPlayerData:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmBlobPlayerData:_read()
  self.character_id = self._io:read_u4be()
  self.steam_id = SmNetworkUpdate.SteamId(self._io)
  self.inventory_container_id = self._io:read_u4be()
  self.carry_container_id = self._io:read_u4be()
  self.carry_color = self._io:read_u4be()
  self.unknown = self._io:read_u1()
  self.len_name = self._io:read_u1()
  self.name = str_decode.decode(self._io:read_bytes(self.len_name), "UTF-8")
  self.character_customization = SmCharacterCustomization(self._io)
end

-- 
-- The Steam ID as one number (exact in Python; see `steam_id`).
SmBlobPlayerData.property.steam_id_64 = {}
function SmBlobPlayerData.property.steam_id_64:get()
  if self._m_steam_id_64 ~= nil then
    return self._m_steam_id_64
  end

  self._m_steam_id_64 = self.steam_id.value
  return self._m_steam_id_64
end

-- 
-- The ID of the character of the player.
-- 
-- The Steam ID of the player (be u64), in its parts; `steam_id_64` is the whole
-- number.
-- 
-- The ID of the inventory container of the player.
-- 
-- The ID of the carry container of the player.
-- 
-- The color of the part the player is currently carrying. Stored as `0xAABBGGRR`.
-- `0xFFFFFFFF` if the player is not carrying anything.
-- 
-- Not documented.
-- 
-- The size of the name of the player.
-- When writing, set to the UTF-8 byte length of `name`.
-- 
-- The name of the player, encoded in UTF-8.
-- 
-- The customization options of the character of the player.

