-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ip_packet")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- Link type 239: a 4-byte header (address family, version, resource id), then
-- type/length/value attributes, each padded to a multiple of 4 bytes. The logged packet
-- is the payload attribute (type 9), an IP packet without link-layer header. The
-- attributes' length and type are in the byte order of the machine that captured
-- (little-endian for the usual x86 and ARM hosts, as read here).
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_NFLOG.html)
Nflog = class.class(KaitaiStruct)

Nflog.AddressFamily = enum.Enum {
  inet = 2,
  inet6 = 10,
}

Nflog.AttributeType = enum.Enum {
  packet_header = 1,
  mark = 2,
  timestamp = 3,
  indev = 4,
  outdev = 5,
  physindev = 6,
  physoutdev = 7,
  hwaddr = 8,
  payload = 9,
  prefix = 10,
  uid = 11,
  seq = 12,
  seq_global = 13,
  gid = 14,
  hwtype = 15,
  hwheader = 16,
  hwlen = 17,
  ct = 18,
  ct_info = 19,
}

function Nflog:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function Nflog:_read()
  self.family = Nflog.AddressFamily(self._io:read_u1())
  self.version = self._io:read_u1()
  if not(self.version == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.version)
  end
  self.resource_id = self._io:read_u2be()
  self.attributes = {}
  local i = 0
  while not self._io:is_eof() do
    self.attributes[i + 1] = Nflog.Attribute(self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- Address family of the logged packets.
-- 
-- The nflog group, in network byte order.

-- 
-- One type/length/value attribute and its padding.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_NFLOG.html)
Nflog.Attribute = class.class(KaitaiStruct)

function Nflog.Attribute:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function Nflog.Attribute:_read()
  self.len_attribute = self._io:read_u2le()
  if not(self.len_attribute >= 4) then
    error("ValidationLessThanError")
  end
  self.type = Nflog.AttributeType(self._io:read_u2le())
  local _on = self.type
  if _on == Nflog.AttributeType.payload then
    self._raw_value = self._io:read_bytes(self.len_attribute - 4)
    local _io = KaitaiStream(stringstream(self._raw_value))
    self.value = IpPacket(_io)
  else
    self.value = self._io:read_bytes(self.len_attribute - 4)
  end
  if not(self._io:is_eof()) then
    self.padding = self._io:read_bytes((4 - self.len_attribute % 4) % 4)
  end
end

-- 
-- Length of the attribute with this 4-byte head, without padding.
-- 
-- Up to 3 bytes to the next multiple of 4 (may be missing after the last one).

