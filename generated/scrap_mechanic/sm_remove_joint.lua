-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 39 Remove Joint packet after LZ4 decompression (Client -> Server): sent
-- when the player removes a joint (35 Remove is not sent for joints).
-- See also: 39 - Remove Joint, section Structure
SmRemoveJoint = class.class(KaitaiStruct)

function SmRemoveJoint:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmRemoveJoint:_read()
  self.joint_id = self._io:read_u4be()
end

-- 
-- The ID of the joint to remove.

