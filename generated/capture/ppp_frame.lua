-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ipv4_packet")
require("ipv6_packet")
local enum = require("enum")
local stringstream = require("string_stream")
local utils = require("utils")

-- 
-- A PPP frame as capture files store it (link types 9 and 50, and inside PPPoE): an
-- optional HDLC-like Address (0xff) and Control (0x03) pair (RFC 1662), the Protocol
-- field, then the information field routed to IPv4 or IPv6 by it. The Protocol field is
-- one byte when Protocol-Field-Compression left out its high zero byte (its first byte
-- is then odd), else two bytes. Padding and the frame check sequence are not in captures.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc1661#section-2)
PppFrame = class.class(KaitaiStruct)

PppFrame.Protocol = enum.Enum {
  ipv4 = 33,
  ipv6 = 87,
  mpls_unicast = 641,
  ipcp = 32801,
  ipv6cp = 32855,
  lcp = 49185,
  pap = 49187,
  chap = 49699,
}

function PppFrame:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function PppFrame:_read()
  if self.has_address_control then
    self.address_control = self._io:read_bytes(2)
  end
  if self.is_protocol_compressed then
    self.protocol_short = self._io:read_u1()
  end
  if not(self.is_protocol_compressed) then
    self.protocol_long = self._io:read_u2be()
  end
  local _on = self.protocol
  if _on == PppFrame.Protocol.ipv4 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv4Packet(_io)
  elseif _on == PppFrame.Protocol.ipv6 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv6Packet(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- First byte of the frame, read ahead to find the HDLC-like framing.
PppFrame.property.first_byte = {}
function PppFrame.property.first_byte:get()
  if self._m_first_byte ~= nil then
    return self._m_first_byte
  end

  local _pos = self._io:pos()
  self._io:seek(0)
  self._m_first_byte = self._io:read_u1()
  self._io:seek(_pos)
  return self._m_first_byte
end

PppFrame.property.has_address_control = {}
function PppFrame.property.has_address_control:get()
  if self._m_has_address_control ~= nil then
    return self._m_has_address_control
  end

  self._m_has_address_control = self.first_byte == 255
  return self._m_has_address_control
end

PppFrame.property.is_protocol_compressed = {}
function PppFrame.property.is_protocol_compressed:get()
  if self._m_is_protocol_compressed ~= nil then
    return self._m_is_protocol_compressed
  end

  self._m_is_protocol_compressed = self.protocol_first_byte % 2 == 1
  return self._m_is_protocol_compressed
end

-- 
-- The PPP Protocol of the information field.
PppFrame.property.protocol = {}
function PppFrame.property.protocol:get()
  if self._m_protocol ~= nil then
    return self._m_protocol
  end

  self._m_protocol = PppFrame.Protocol(utils.box_unwrap((self.is_protocol_compressed) and utils.box_wrap(self.protocol_short) or (self.protocol_long)))
  return self._m_protocol
end

-- 
-- First byte of the Protocol field, read ahead to find its length.
PppFrame.property.protocol_first_byte = {}
function PppFrame.property.protocol_first_byte:get()
  if self._m_protocol_first_byte ~= nil then
    return self._m_protocol_first_byte
  end

  local _pos = self._io:pos()
  self._io:seek(utils.box_unwrap((self.has_address_control) and utils.box_wrap(2) or (0)))
  self._m_protocol_first_byte = self._io:read_u1()
  self._io:seek(_pos)
  return self._m_protocol_first_byte
end

-- 
-- HDLC-like framing, 0xff 0x03, when present (RFC 1662 section 3.1).
-- 
-- The Protocol field with its leading zero byte left out (RFC 1661 section 6.5).
-- 
-- The full two-byte Protocol field.

