-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 40 Harvestable Destroy packet (Client -> Server): sent when the player
-- removes a glowstick effect, picks up an item, or `sm.harvestable.destroy` is called. Not
-- LZ4 compressed: `sm_packet` routes its body here.
-- 
-- The page is a work in progress (two unknown bytes; 6 bytes in all): bytes after the
-- documented fields are kept in `unknown_rest` rather than failing the packet.
-- See also: 40 - Harvestable Destroy, section Structure
SmHarvestableDestroy = class.class(KaitaiStruct)

function SmHarvestableDestroy:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmHarvestableDestroy:_read()
  self.unknown = self._io:read_u1()
  self.unknown_2 = self._io:read_u1()
  self.effect_id = self._io:read_u4be()
  self.unknown_rest = self._io:read_bytes_full()
end

-- 
-- The first byte; the page marks it Unknown.
-- 
-- The second byte; the page marks it Unknown.
-- 
-- The effect's ID (no note on the page).
-- 
-- Bytes after the documented fields, not described by the page (empty in a 6-byte
-- body).
-- When writing, `size-eos`: the packet's length decides its size.

