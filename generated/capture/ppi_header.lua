-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ethernet_frame")
require("ieee802_11_frame")
local enum = require("enum")
local stringstream = require("string_stream")
local utils = require("utils")

-- 
-- Link type 192: the Per-Packet Information header (little-endian) with its fields, then
-- the frame of the link type it names. Ethernet (802.3) and IEEE 802.11 frames are
-- parsed; other wrapped link types stay bytes. The 802.11-Common field, which writers
-- put first, says whether an 802.11 frame ends with its frame check sequence.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html)
PpiHeader = class.class(KaitaiStruct)

PpiHeader.FieldType = enum.Enum {
  common_80211 = 2,
  mac_extensions_80211n = 3,
  mac_phy_extensions_80211n = 4,
  spectrum_map = 5,
  process_info = 6,
  capture_info = 7,
  aggregation_extension = 30002,
  ieee802_3_extension = 30003,
}

PpiHeader.WrappedLinkType = enum.Enum {
  ethernet = 1,
  ieee802_11 = 105,
}

function PpiHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function PpiHeader:_read()
  self.version = self._io:read_u1()
  if not(self.version == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.version)
  end
  self.flags = self._io:read_u1()
  self.len_header = self._io:read_u2le()
  if not(self.len_header >= 8) then
    error("ValidationLessThanError")
  end
  self.wrapped_link_type = PpiHeader.WrappedLinkType(self._io:read_u4le())
  self._raw_fields = self._io:read_bytes(self.len_header - 8)
  local _io = KaitaiStream(stringstream(self._raw_fields))
  self.fields = PpiHeader.FieldList(self.flags % 2 ~= 0, _io, self, self._root)
  local _on = self.wrapped_link_type
  if _on == PpiHeader.WrappedLinkType.ethernet then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = EthernetFrame(_io)
  elseif _on == PpiHeader.WrappedLinkType.ieee802_11 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ieee80211Frame(self.has_fcs, false, _io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- The wrapped 802.11 frame ends with its frame check sequence.
PpiHeader.property.has_fcs = {}
function PpiHeader.property.has_fcs:get()
  if self._m_has_fcs ~= nil then
    return self._m_has_fcs
  end

  self._m_has_fcs = utils.box_unwrap(( ((#self.fields.items > 0) and (self.fields.items[0 + 1].field_type == PpiHeader.FieldType.common_80211) and (self.fields.items[0 + 1].len_data >= 10)) ) and utils.box_wrap(string.byte(self.fields.items[0 + 1].data, 8 + 1) % 2 ~= 0) or (false))
  return self._m_has_fcs
end

-- 
-- Bit 0 set means the fields are 32-bit aligned.
-- 
-- Length of this header with its fields, in bytes.
-- 
-- The LINKTYPE_ value of the frame after the header.
-- 
-- PPI fields (type/length/value).

-- 
-- One PPI field; its data stays bytes.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html)
PpiHeader.Field = class.class(KaitaiStruct)

function PpiHeader.Field:_init(is_aligned, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_aligned = is_aligned
  self:_read()
end

function PpiHeader.Field:_read()
  self.field_type = PpiHeader.FieldType(self._io:read_u2le())
  self.len_data = self._io:read_u2le()
  self.data = self._io:read_bytes(self.len_data)
  if  ((self.is_aligned) and (not(self._io:is_eof())))  then
    self.padding = self._io:read_bytes((4 - self.len_data % 4) % 4)
  end
end


-- 
-- The PPI fields of one packet.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_PPI.html)
PpiHeader.FieldList = class.class(KaitaiStruct)

function PpiHeader.FieldList:_init(is_aligned, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_aligned = is_aligned
  self:_read()
end

function PpiHeader.FieldList:_read()
  self.items = {}
  local i = 0
  while not self._io:is_eof() do
    self.items[i + 1] = PpiHeader.Field(self.is_aligned, self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- Each field is padded to 32 bits.

