-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_string")
local enum = require("enum")

-- 
-- The Gameplay Options payload of a BlobData (uid 44ac020c-aec7-4f8b-b230-34d2e3bd23eb,
-- key 0 as le u32, no world, flags 15), after LZ4 decompression: the difficulty, the
-- multiplayer setting and the physics quality, as JSON, for example
-- `{"Difficulty":1,"Multiplayer":2,"PhysicsQuality":8}` and a newline. The values are
-- listed in the enums (`difficulty`, `multiplayer`, `physics_quality`); they are inside
-- the JSON text, which this spec does not take apart.
-- See also: 13 - Generic Initialization Data, section Gameplay Options
SmBlobGameplayOptions = class.class(KaitaiStruct)

SmBlobGameplayOptions.Difficulty = enum.Enum {
  easy = 0,
  normal = 1,
}

SmBlobGameplayOptions.Multiplayer = enum.Enum {
  private = 0,
  friends_only = 1,
  friends_of_friends = 2,
  public = 3,
}

SmBlobGameplayOptions.PhysicsQuality = enum.Enum {
  simple_1 = 0,
  advanced = 8,
}

function SmBlobGameplayOptions:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmBlobGameplayOptions:_read()
  self.options = SmString(self._io)
end

-- 
-- A stringified JSON object containing the gameplay options of the world.

