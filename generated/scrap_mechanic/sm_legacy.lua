-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 51 Legacy packet: no data. Never sent by a vanilla client (Client ->
-- Server); when the server receives it, `false && "Legacy"` is printed to its console. Not
-- LZ4 compressed: `sm_packet` routes its body here.
-- See also: 51 - Legacy, section Structure
SmLegacy = class.class(KaitaiStruct)

function SmLegacy:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmLegacy:_read()
end


