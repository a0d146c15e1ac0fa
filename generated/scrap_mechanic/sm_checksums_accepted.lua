-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 07 Checksums Accepted packet: no data. Sent (Server -> Client) when the
-- checksums of 06 File Checksums are valid. Not LZ4 compressed: `sm_packet` routes its body
-- here.
-- See also: 07 - Checksums Accepted, section Structure
SmChecksumsAccepted = class.class(KaitaiStruct)

function SmChecksumsAccepted:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmChecksumsAccepted:_read()
end


