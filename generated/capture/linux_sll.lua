-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ether_type")
require("mpls_stack")
require("ipv4_packet")
require("ipv6_packet")
require("pppoe_session")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- The 16-byte pseudo-header libpcap writes instead of a link-layer header when capturing
-- on Linux's "any" device (link type 113), followed by the packet from the network layer
-- on, routed by the protocol field.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html)
LinuxSll = class.class(KaitaiStruct)

LinuxSll.ArphrdType = enum.Enum {
  ether = 1,
  ieee1394 = 24,
  ppp = 512,
  ipip = 768,
  loopback = 772,
  sit = 776,
  ipgre = 778,
  ieee80211 = 801,
  ieee80211_radiotap = 803,
  ip6gre = 823,
  netlink = 824,
  none = 65534,
}

LinuxSll.PacketType = enum.Enum {
  host = 0,
  broadcast = 1,
  multicast = 2,
  other_host = 3,
  outgoing = 4,
}

function LinuxSll:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function LinuxSll:_read()
  self.packet_type = LinuxSll.PacketType(self._io:read_u2be())
  self.arphrd_type = LinuxSll.ArphrdType(self._io:read_u2be())
  self.len_addr = self._io:read_u2be()
  self.addr = self._io:read_bytes(8)
  self.protocol = EtherType.EtherType(self._io:read_u2be())
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
-- Link-layer device type (ARPHRD_ value) of the interface.
-- 
-- Length of the link-layer source address (may exceed the 8 bytes stored).
-- 
-- Link-layer source address, zero-padded or truncated to 8 bytes.
-- 
-- EtherType of the payload (for the usual ARPHRD types).

