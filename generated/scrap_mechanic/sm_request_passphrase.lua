-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 03 Request Passphrase packet: no data. The server sends it to a joining
-- client when the server requires a passphrase (Server -> Client). Not LZ4 compressed:
-- `sm_packet` routes its body here.
-- See also: 03 - Request Passphrase, section Structure
SmRequestPassphrase = class.class(KaitaiStruct)

function SmRequestPassphrase:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmRequestPassphrase:_read()
end


