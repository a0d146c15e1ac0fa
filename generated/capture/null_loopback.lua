-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ip_packet")
local enum = require("enum")
local stringstream = require("string_stream")
local utils = require("utils")

-- 
-- BSD loopback (link type 0, "NULL", and link type 108, "LOOP"): a 4-byte address
-- family, then the network-layer packet. For link type 0 the family is in the byte order
-- of the machine that wrote the capture, which the file does not record; since every
-- family value is below 256, the non-zero end of the field gives it either way. The packet
-- itself is routed by its IP version nibble.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_NULL.html)
NullLoopback = class.class(KaitaiStruct)

NullLoopback.AddressFamily = enum.Enum {
  inet = 2,
  inet6_netbsd_openbsd = 24,
  inet6_freebsd = 28,
  inet6_darwin = 30,
}

function NullLoopback:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function NullLoopback:_read()
  self.family_bytes = self._io:read_bytes(4)
  self._raw_body = self._io:read_bytes_full()
  local _io = KaitaiStream(stringstream(self._raw_body))
  self.body = IpPacket(_io)
end

-- 
-- The address family, whichever byte order it was written in.
NullLoopback.property.family = {}
function NullLoopback.property.family:get()
  if self._m_family ~= nil then
    return self._m_family
  end

  self._m_family = NullLoopback.AddressFamily(utils.box_unwrap((string.byte(self.family_bytes, 0 + 1) ~= 0) and utils.box_wrap(string.byte(self.family_bytes, 0 + 1)) or (string.byte(self.family_bytes, 3 + 1))))
  return self._m_family
end

-- 
-- The address family (AF_ value), in an unknown byte order.

