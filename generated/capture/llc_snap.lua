-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ether_type")
require("ipv4_packet")
require("ipv6_packet")
local stringstream = require("string_stream")
local utils = require("utils")

-- 
-- The Logical Link Control header that starts the body of an IEEE 802.11 data frame
-- (and other IEEE 802 frames): DSAP, SSAP and control. With DSAP and SSAP 0xAA and an
-- unnumbered control byte it is followed by a SNAP header (an OUI and a protocol); with
-- the OUI 00-00-00 (RFC 1042) the protocol is an EtherType, and IPv4 and IPv6 are
-- parsed. Anything else stays bytes.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc1042)
LlcSnap = class.class(KaitaiStruct)

function LlcSnap:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function LlcSnap:_read()
  self.dsap = self._io:read_u1()
  self.ssap = self._io:read_u1()
  self.control = self._io:read_u1()
  if self.is_snap then
    self.oui = self._io:read_bytes(3)
  end
  if self.is_snap then
    self.protocol = EtherType.EtherType(self._io:read_u2be())
  end
  local _on = self.ether_type_value
  if _on == 2048 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv4Packet(_io)
  elseif _on == 34525 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv6Packet(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- The EtherType of the body, or -1 when the header names none.
LlcSnap.property.ether_type_value = {}
function LlcSnap.property.ether_type_value:get()
  if self._m_ether_type_value ~= nil then
    return self._m_ether_type_value
  end

  self._m_ether_type_value = utils.box_unwrap(( ((self.is_snap) and (self.oui == "\000\000\000")) ) and utils.box_wrap(self.protocol.value) or (-1))
  return self._m_ether_type_value
end

LlcSnap.property.is_snap = {}
function LlcSnap.property.is_snap:get()
  if self._m_is_snap ~= nil then
    return self._m_is_snap
  end

  self._m_is_snap =  ((self.dsap == 170) and (self.ssap == 170) and (self.control == 3)) 
  return self._m_is_snap
end

-- 
-- Destination service access point; 0xAA for SNAP.
-- 
-- Source service access point; 0xAA for SNAP.
-- 
-- 0x03 (unnumbered information) for SNAP.
-- 
-- Organization code; 00-00-00 means the protocol is an EtherType.

