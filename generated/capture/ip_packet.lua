-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ipv4_packet")
require("ipv6_packet")
local stringstream = require("string_stream")

-- 
-- Router for link layers that carry IP without saying which version (raw IP, BSD
-- loopback): the version nibble of the first byte picks IPv4 or IPv6.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_RAW.html)
IpPacket = class.class(KaitaiStruct)

function IpPacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function IpPacket:_read()
  local _on = self.version
  if _on == 4 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv4Packet(_io)
  elseif _on == 6 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv6Packet(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- First byte of the packet, read ahead to find the version.
IpPacket.property.first_byte = {}
function IpPacket.property.first_byte:get()
  if self._m_first_byte ~= nil then
    return self._m_first_byte
  end

  local _pos = self._io:pos()
  self._io:seek(0)
  self._m_first_byte = self._io:read_u1()
  self._io:seek(_pos)
  return self._m_first_byte
end

-- 
-- IP version (4 or 6); anything else stays bytes.
IpPacket.property.version = {}
function IpPacket.property.version:get()
  if self._m_version ~= nil then
    return self._m_version
  end

  self._m_version = math.floor(self.first_byte / 16)
  return self._m_version
end


