-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 33 Drop Item Stack packet after LZ4 decompression (Client -> Server):
-- sent when the player drops an item stack by dragging it outside of their inventory.
-- Here the slot and quantity are 32-bit integers, while other packets store them as 16-bit
-- integers.
-- 
-- Validation: a quantity higher than the amount of items in the slot drops nothing; a
-- quantity of zero, a container or a slot that does not exist do nothing.
-- 
-- The page's notes of Container ID and Quantity are swapped (Container ID reads "The
-- amount of items to drop", Quantity "The ID of the container..."); the field names are
-- followed.
-- See also: 33 - Drop Item Stack, section Structure
SmDropItemStack = class.class(KaitaiStruct)

function SmDropItemStack:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmDropItemStack:_read()
  self.container_id = self._io:read_u4be()
  self.slot = self._io:read_u4be()
  self.quantity = self._io:read_u4be()
end

-- 
-- The ID of the container the item stack to drop is in (the page's note here, "The
-- amount of items to drop", is Quantity's).
-- 
-- The index of slot in the container the item stack to drop is located in.
-- 
-- The amount of items to drop (the page's note here, "The ID of the container the item
-- stack to drop is in", is Container ID's).

