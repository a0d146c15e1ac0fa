-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 01 Hello packet: no data. The client sends this packet to the server to
-- initiate the connection; the server responds with the same packet (Bound To: Client <->
-- Server; same layout both ways). Not LZ4 compressed: `sm_packet` routes its body here.
-- See also: 01 - Hello, section Structure
SmHello = class.class(KaitaiStruct)

function SmHello:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmHello:_read()
end


