-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ip_packet")
local stringstream = require("string_stream")

-- 
-- The payload of an Ethernet frame of EtherType 0x8847 (MPLS unicast) or 0x8848 (MPLS
-- multicast): label stack entries up to the one with the bottom-of-stack bit, then the
-- labelled packet. The stack does not say what it carries; an IPv4 or IPv6 packet is
-- recognised by its version nibble (anything else, such as a pseudowire control word,
-- stays bytes).
-- See also: Source (https://www.rfc-editor.org/rfc/rfc3032#section-2.1)
MplsStack = class.class(KaitaiStruct)

function MplsStack:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MplsStack:_read()
  self.labels = {}
  local i = 0
  while true do
    local _ = MplsStack.LabelEntry(self._io, self, self._root)
    self.labels[i + 1] = _
    if _.bottom_of_stack then
      break
    end
    i = i + 1
  end
  self._raw_body = self._io:read_bytes_full()
  local _io = KaitaiStream(stringstream(self._raw_body))
  self.body = IpPacket(_io)
end


-- 
-- One 32-bit label stack entry.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc3032#section-2.1)
MplsStack.LabelEntry = class.class(KaitaiStruct)

function MplsStack.LabelEntry:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MplsStack.LabelEntry:_read()
  self.label = self._io:read_bits_int_be(20)
  self.traffic_class = self._io:read_bits_int_be(3)
  self.bottom_of_stack = self._io:read_bits_int_be(1) ~= 0
  self._io:align_to_byte()
  self.ttl = self._io:read_u1()
end

-- 
-- Label value.
-- 
-- Traffic class (formerly EXP, RFC 5462).
-- 
-- Set on the last entry of the stack.

