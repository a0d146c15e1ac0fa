-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_character_customization")
require("sm_string")

-- 
-- The body of a 09 Character Info packet after LZ4 decompression (Client -> Server):
-- the name of the player and the customization options of the character.
-- See also: 09 - Character Info, section Structure
SmCharacterInfo = class.class(KaitaiStruct)

function SmCharacterInfo:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmCharacterInfo:_read()
  self.name = SmString(self._io)
  self.character_customization = SmCharacterCustomization(self._io)
end

-- 
-- The name of the player of the character. The server displays this name above the
-- character and in the chat.
-- 
-- The customization options of the character.

