-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")

-- 
-- The body of a 31 packet after LZ4 decompression (Client -> Server), titled Equipped
-- Item Changed on its page (whose file is named hotbar-item-changed): sent when the player
-- equips a different item. No packet is sent when both the UUID and the Tool Instance ID
-- are the same as the previous equipped item.
-- See also: 31 - Equipped Item Changed, section Structure
SmHotbarItemChanged = class.class(KaitaiStruct)

function SmHotbarItemChanged:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmHotbarItemChanged:_read()
  self.character_id = self._io:read_u4be()
  self.uuid = SmCommon.Uuid(self._io)
  self.tool_instance_id = self._io:read_u4be()
end

-- 
-- The character ID of the player sending the packet.
-- 
-- The UUID of the newly equipped item (le u128: the text's bytes reversed).
-- `00000000-0000-0000-0000-000000000000` when no item is equipped.
-- 
-- The instance id of the newly equipped tool. Always `0xFFFFFFFF` for items that are
-- not tools or when no item is equipped.

