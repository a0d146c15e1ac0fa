-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ether_type")
require("mpls_stack")
require("linux_sll")
require("ipv4_packet")
require("ipv6_packet")
require("pppoe_session")
local stringstream = require("string_stream")

-- 
-- The 20-byte pseudo-header of link type 276 (tcpdump `-y LINUX_SLL2`), which adds the
-- interface index to version 1, followed by the packet from the network layer on.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html)
LinuxSll2 = class.class(KaitaiStruct)

function LinuxSll2:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function LinuxSll2:_read()
  self.protocol = EtherType.EtherType(self._io:read_u2be())
  self.reserved = self._io:read_u2be()
  self.interface_index = self._io:read_u4be()
  self.arphrd_type = LinuxSll.ArphrdType(self._io:read_u2be())
  self.packet_type = LinuxSll.PacketType(self._io:read_u1())
  self.len_addr = self._io:read_u1()
  self.addr = self._io:read_bytes(8)
  local _on = self.protocol
  if _on == EtherType.EtherType.ipv4 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv4Packet(_io)
  elseif _on == EtherType.EtherType.ipv6 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv6Packet(_io)
  elseif _on == EtherType.EtherType.mpls_multicast then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = MplsStack(_io)
  elseif _on == EtherType.EtherType.mpls_unicast then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = MplsStack(_io)
  elseif _on == EtherType.EtherType.pppoe_session then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = PppoeSession(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- EtherType of the payload (for the usual ARPHRD types).
-- 
-- Must be zero.
-- 
-- Index of the interface the packet was captured on.
-- 
-- Length of the link-layer source address (may exceed the 8 bytes stored).
-- 
-- Link-layer source address, zero-padded or truncated to 8 bytes.

