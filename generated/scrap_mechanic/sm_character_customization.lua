-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
local enum = require("enum")

-- 
-- The customization of a character (the `character` file of a user's folder, and 09
-- Character Info and the Player Data payload of 13): a version, the gender, then one UUID
-- and one palette index per customization option, in the order of the
-- `customization_option` table (face first). The option UUIDs are be u128: the UUID text's
-- bytes in order, not reversed as item UUIDs are.
-- 
-- The option count is one byte, so each list holds at most 255 entries.
-- See also: Character Customization, section Structure
SmCharacterCustomization = class.class(KaitaiStruct)

SmCharacterCustomization.CustomizationOption = enum.Enum {
  face = 0,
  hair = 1,
  facial_hair = 2,
  torso = 3,
  gloves = 4,
  shoes = 5,
  pants = 6,
  hat = 7,
  backpack = 8,
}

SmCharacterCustomization.Gender = enum.Enum {
  male = 0,
  female = 1,
}

function SmCharacterCustomization:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmCharacterCustomization:_read()
  self.version = self._io:read_u4be()
  self.gender = SmCharacterCustomization.Gender(self._io:read_u1())
  self.num_options = self._io:read_u1()
  self.option_uuids = {}
  for i = 0, self.num_options - 1 do
    self.option_uuids[i + 1] = SmCommon.Uuid(self._io)
  end
  self.option_palette_indices = {}
  for i = 0, self.num_options - 1 do
    self.option_palette_indices[i + 1] = self._io:read_u4be()
  end
end

-- 
-- Not confirmed, but this field is always 2.
-- 
-- This is not a boolean. If it were, everything after this field would be shifted by
-- one bit.
-- 
-- The number of customization options.
-- When writing, set to the length of `option_uuids`, which `option_palette_indices`
-- must equal.
-- 
-- The UUIDs of the customization options (be u128: big-endian, which is uncommon), by
-- the indices of `customization_option`. All of them are listed in
-- `$GAME_DATA/Character/customization_options.json`.
-- 
-- The color palette indices of the customization options, by the indices of
-- `customization_option`. Only `Face` and `Hair` can be configured through in-game user
-- interfaces.

