-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 05 Client Accepted packet: no data. Bound To: Server -> Client (the
-- page's first sentence, "the client sends this packet to the server to initiate the
-- connection", is that of 01 Hello; its Bound To line and the joining sequences have the
-- server send it). Not LZ4 compressed: `sm_packet` routes its body here.
-- See also: 05 - Client Accepted, section Structure
SmClientAccepted = class.class(KaitaiStruct)

function SmClientAccepted:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmClientAccepted:_read()
end


