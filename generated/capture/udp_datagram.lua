-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local utils = require("utils")

-- 
-- A UDP datagram; its length field bounds the data (link-layer padding is left out).
-- See also: Source (https://www.rfc-editor.org/rfc/rfc768)
UdpDatagram = class.class(KaitaiStruct)

function UdpDatagram:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function UdpDatagram:_read()
  self.src_port = self._io:read_u2be()
  self.dst_port = self._io:read_u2be()
  self.length = self._io:read_u2be()
  if not(self.length >= 8) then
    error("ValidationLessThanError")
  end
  self.checksum = self._io:read_u2be()
  self.body = self._io:read_bytes(utils.box_unwrap((self.is_cut) and utils.box_wrap(self._io:size() - 8) or (self.length - 8)))
end

-- 
-- The datagram is longer than what was captured of it.
UdpDatagram.property.is_cut = {}
function UdpDatagram.property.is_cut:get()
  if self._m_is_cut ~= nil then
    return self._m_is_cut
  end

  self._m_is_cut = self.length > self._io:size()
  return self._m_is_cut
end

-- 
-- Length of the header and data, in bytes.
-- When writing, set to 8 + the byte length of `body`.
-- 
-- Zero when the sender did not compute one (IPv4 only).
-- When writing, the writer computes the checksum (or writes 0); it is stored as a plain
-- integer.
-- 
-- The datagram's data (what the frame has of it when `is_cut`).

