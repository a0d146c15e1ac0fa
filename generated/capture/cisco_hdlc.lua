-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ether_type")
require("ipv4_packet")
require("ipv6_packet")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- Link type 104: the 4-byte header Cisco routers put on serial-line frames (an address,
-- a control byte and an EtherType), then the packet, routed to IPv4 or IPv6. SLARP and
-- CDP frames stay bytes.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_C_HDLC.html)
CiscoHdlc = class.class(KaitaiStruct)

CiscoHdlc.Address = enum.Enum {
  unicast = 15,
  broadcast = 143,
}

function CiscoHdlc:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function CiscoHdlc:_read()
  self.address = CiscoHdlc.Address(self._io:read_u1())
  self.control = self._io:read_u1()
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
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- Always 0.
-- 
-- EtherType of the payload (0x8035 is SLARP, 0x2000 CDP).

