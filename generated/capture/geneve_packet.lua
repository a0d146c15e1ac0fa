-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ether_type")
require("ethernet_frame")
require("ipv4_packet")
require("ipv6_packet")
local stringstream = require("string_stream")

-- 
-- Generic Network Virtualization Encapsulation on UDP port 6081: the 8-byte header, its
-- variable options (kept as bytes), then the tunnelled packet, an Ethernet frame (protocol
-- type 0x6558) or an IPv4/IPv6 packet.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc8926#section-3.4)
GenevePacket = class.class(KaitaiStruct)

function GenevePacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function GenevePacket:_read()
  self.version = self._io:read_bits_int_be(2)
  if not(self.version == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.version)
  end
  self.len_options = self._io:read_bits_int_be(6)
  self.is_oam = self._io:read_bits_int_be(1) ~= 0
  self.has_critical_options = self._io:read_bits_int_be(1) ~= 0
  self.reserved1 = self._io:read_bits_int_be(6)
  self._io:align_to_byte()
  self.protocol_type = EtherType.EtherType(self._io:read_u2be())
  self.vni = self._io:read_bits_int_be(24)
  self._io:align_to_byte()
  self.reserved2 = self._io:read_u1()
  self.options = self._io:read_bytes(self.len_options * 4)
  local _on = self.protocol_type
  if _on == EtherType.EtherType.ipv4 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv4Packet(_io)
  elseif _on == EtherType.EtherType.ipv6 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv6Packet(_io)
  elseif _on == EtherType.EtherType.transparent_ethernet_bridging then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = EthernetFrame(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- Length of the options in 4-byte units.
-- 
-- A control (OAM) packet.
-- 
-- The EtherType of the packet after the options; 0x6558 is an Ethernet frame.

