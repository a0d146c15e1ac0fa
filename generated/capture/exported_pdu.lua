-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local utils = require("utils")

-- 
-- Link type 252 (LINKTYPE_WIRESHARK_UPPER_PDU): a protocol data unit as Wireshark's
-- "Export PDUs" writes it, after a list of tag-length-value options naming the dissector
-- to call and, optionally, the endpoints and direction of the connection it belongs to.
-- Every value is big-endian; a tag's length counts the padding of strings.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_WIRESHARK_UPPER_PDU.html)
ExportedPdu = class.class(KaitaiStruct)

ExportedPdu.TagType = enum.Enum {
  end_of_options = 0,
  dissector_name = 12,
  ipv4_src = 20,
  ipv4_dst = 21,
  ipv6_src = 22,
  ipv6_dst = 23,
  port_type = 24,
  src_port = 25,
  dst_port = 26,
  p2p_direction = 35,
}

function ExportedPdu:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function ExportedPdu:_read()
  self.tags = {}
  local i = 0
  while true do
    local _ = ExportedPdu.Tag(self._io, self, self._root)
    self.tags[i + 1] = _
    if  ((_.tag_type == ExportedPdu.TagType.end_of_options) or (self._io:is_eof()))  then
      break
    end
    i = i + 1
  end
  self.body = self._io:read_bytes_full()
end

-- 
-- The options, up to and including the end-of-options tag.
-- 
-- The protocol data unit, handed to the named dissector.

-- 
-- One option, a tag's type, the length of its value and the value.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_WIRESHARK_UPPER_PDU.html)
ExportedPdu.Tag = class.class(KaitaiStruct)

function ExportedPdu.Tag:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function ExportedPdu.Tag:_read()
  self.tag_type = ExportedPdu.TagType(self._io:read_u2be())
  self.len_value = self._io:read_u2be()
  self.value = self._io:read_bytes(self.len_value)
end

-- 
-- The value as a 32-bit big-endian number (ports, port type, direction).
ExportedPdu.Tag.property.as_u4 = {}
function ExportedPdu.Tag.property.as_u4:get()
  if self._m_as_u4 ~= nil then
    return self._m_as_u4
  end

  self._m_as_u4 = utils.box_unwrap((self.len_value == 4) and utils.box_wrap(((string.byte(self.value, 0 + 1) * 16777216 + string.byte(self.value, 1 + 1) * 65536) + string.byte(self.value, 2 + 1) * 256) + string.byte(self.value, 3 + 1)) or (0))
  return self._m_as_u4
end


