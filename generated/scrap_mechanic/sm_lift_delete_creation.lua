-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 43 Lift Delete Creation packet after LZ4 decompression (Client ->
-- Server): sent when the player deletes a creation from the lift. If the lift does not
-- exist, nothing happens; the server does not check that the sender owns the lift, so any
-- player can delete creations of any lift.
-- See also: 43 - Lift Delete Creation, section Structure
SmLiftDeleteCreation = class.class(KaitaiStruct)

function SmLiftDeleteCreation:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmLiftDeleteCreation:_read()
  self.lift_id = self._io:read_u4be()
end

-- 
-- The ID of the lift to delete the creation from.

