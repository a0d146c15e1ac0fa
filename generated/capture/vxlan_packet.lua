-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ethernet_frame")
local stringstream = require("string_stream")

-- 
-- Virtual eXtensible Local Area Network: an 8-byte header with the VXLAN Network
-- Identifier, then a whole Ethernet frame, on UDP port 4789.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc7348#section-5)
VxlanPacket = class.class(KaitaiStruct)

function VxlanPacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function VxlanPacket:_read()
  self.flags = self._io:read_u1()
  self.reserved1 = self._io:read_bytes(3)
  self.vni = self._io:read_bits_int_be(24)
  self._io:align_to_byte()
  self.reserved2 = self._io:read_u1()
  self._raw_body = self._io:read_bytes_full()
  local _io = KaitaiStream(stringstream(self._raw_body))
  self.body = EthernetFrame(_io)
end

-- 
-- 0x08 (the I flag) when the VNI is valid; the other bits are reserved.

