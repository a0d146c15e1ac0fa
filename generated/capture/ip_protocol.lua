-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")

-- 
-- The IANA table of protocol numbers: the IPv4 "Protocol" field and the IPv6 "Next
-- Header" field (which also names IPv6 extension headers). This spec holds only the
-- enum; the IP packet types import it.
-- See also: Source (https://www.iana.org/assignments/protocol-numbers/protocol-numbers.xhtml)
IpProtocol = class.class(KaitaiStruct)

IpProtocol.IpProtocol = enum.Enum {
  hopopt = 0,
  icmp = 1,
  igmp = 2,
  ipv4_encapsulation = 4,
  tcp = 6,
  udp = 17,
  ipv6_encapsulation = 41,
  ipv6_route = 43,
  ipv6_frag = 44,
  gre = 47,
  esp = 50,
  ah = 51,
  ipv6_icmp = 58,
  ipv6_no_next = 59,
  ipv6_opts = 60,
  sctp = 132,
  mobility_header = 135,
  udplite = 136,
  hip = 139,
  shim6 = 140,
}

function IpProtocol:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function IpProtocol:_read()
end


