-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_string")

-- 
-- The World Info payload of a BlobData (uid 3ff36c8b-93f7-4428-ae4d-429a6f0cf77d, key the
-- world id as le u32, flags 13), after LZ4 decompression: every parameter passed to
-- `sm.world.createWorld()` when the world was created.
-- See also: 13 - Generic Initialization Data, section World Info
SmBlobWorldInfo = class.class(KaitaiStruct)

function SmBlobWorldInfo:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmBlobWorldInfo:_read()
  self.seed = self._io:read_u4be()
  self.filename = SmString(self._io)
  self.classname = SmString(self._io)
  self.terrain_params = SmString(self._io)
end

-- 
-- The seed of the world.
-- 
-- The filename of the world.
-- 
-- The classname of the world.
-- 
-- A stringified JSON object containing the terrain parameters of the world.

