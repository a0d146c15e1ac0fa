-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 10 Join Confirmation packet: no data. Sent (Server -> Client) when all
-- the checks of joining are done. Not LZ4 compressed: `sm_packet` routes its body here.
-- See also: 10 - Join Confirmation, section Structure
SmJoinConfirmation = class.class(KaitaiStruct)

function SmJoinConfirmation:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmJoinConfirmation:_read()
end


