-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 52 Lift Level packet after LZ4 decompression (Client -> Server): sent
-- when the player presses up or down, only while the player has a lift placed in the
-- world.
-- See also: 52 - Lift Level, section Structure
SmLiftLevel = class.class(KaitaiStruct)

function SmLiftLevel:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmLiftLevel:_read()
  self.lift_id = self._io:read_u4be()
  self.level_change = self._io:read_s4be()
end

-- 
-- The ID of the lift to change the level of. IDs of lifts placed by other players are
-- accepted, IDs of non-existent lifts are ignored.
-- 
-- The amount of blocks to change the lift level by: positive values raise the lift,
-- negative values lower it. The lift tries to change the level by the full amount and
-- ignores other Lift Level packets while moving; only when it is not changing its level
-- (it reached its target, minimum or maximum height) does it accept new ones.

