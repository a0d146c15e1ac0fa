-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ethernet_frame")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- Link type 192: the Per-Packet Information header (little-endian) with its fields kept
-- as bytes, then the frame of the link type it names. Ethernet (802.3) frames are parsed;
-- other wrapped link types stay bytes.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html)
PpiHeader = class.class(KaitaiStruct)

PpiHeader.WrappedLinkType = enum.Enum {
  ethernet = 1,
  ieee802_11 = 105,
}

function PpiHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function PpiHeader:_read()
  self.version = self._io:read_u1()
  if not(self.version == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.version)
  end
  self.flags = self._io:read_u1()
  self.len_header = self._io:read_u2le()
  if not(self.len_header >= 8) then
    error("ValidationLessThanError")
  end
  self.wrapped_link_type = PpiHeader.WrappedLinkType(self._io:read_u4le())
  self.fields = self._io:read_bytes(self.len_header - 8)
  local _on = self.wrapped_link_type
  if _on == PpiHeader.WrappedLinkType.ethernet then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = EthernetFrame(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- Bit 0 set means the fields are 32-bit aligned.
-- 
-- Length of this header with its fields, in bytes.
-- 
-- The LINKTYPE_ value of the frame after the header.
-- 
-- PPI fields (type/length/value), kept as bytes.

