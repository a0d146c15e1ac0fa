-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ieee802_11_frame")
local stringstream = require("string_stream")
local utils = require("utils")

-- 
-- Link type 127: the radiotap header a wireless card in monitor mode puts before each
-- IEEE 802.11 frame (little-endian): version, length, one or more present-flag words,
-- then the fields they announce (kept as bytes), then the 802.11 frame. The Flags field,
-- when present, says whether the frame ends with its frame check sequence and whether
-- the 802.11 header is padded to a multiple of 4 bytes.
-- See also: Source (https://www.radiotap.org/)
RadiotapHeader = class.class(KaitaiStruct)

function RadiotapHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function RadiotapHeader:_read()
  self.version = self._io:read_u1()
  if not(self.version == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.version)
  end
  self.pad = self._io:read_u1()
  self.len_header = self._io:read_u2le()
  if not(self.len_header >= 8) then
    error("ValidationLessThanError")
  end
  self.present_words = {}
  local i = 0
  while true do
    local _ = RadiotapHeader.PresentWord(self._io, self, self._root)
    self.present_words[i + 1] = _
    if not(_.has_more) then
      break
    end
    i = i + 1
  end
  self.fields = self._io:read_bytes(self.len_header - self._io:pos())
  self._raw_body = self._io:read_bytes_full()
  local _io = KaitaiStream(stringstream(self._raw_body))
  self.body = Ieee80211Frame(self.has_fcs, self.has_data_pad, _io)
end

-- 
-- Bit 0x10 - the frame includes its frame check sequence; bit 0x20 - padding
-- between the 802.11 header and the body.
RadiotapHeader.property.flags = {}
function RadiotapHeader.property.flags:get()
  if self._m_flags ~= nil then
    return self._m_flags
  end

  if self.has_flags then
    local _pos = self._io:pos()
    self._io:seek(self.ofs_flags)
    self._m_flags = self._io:read_u1()
    self._io:seek(_pos)
  end
  return self._m_flags
end

-- 
-- Flags bit 0x20: the 802.11 header of a data frame is padded to a multiple of 4
-- bytes before its body (drivers that align the body, such as Atheros ones, set it).
RadiotapHeader.property.has_data_pad = {}
function RadiotapHeader.property.has_data_pad:get()
  if self._m_has_data_pad ~= nil then
    return self._m_has_data_pad
  end

  self._m_has_data_pad = utils.box_unwrap((self.has_flags) and utils.box_wrap(math.floor(self.flags / 32) % 2 ~= 0) or (false))
  return self._m_has_data_pad
end

RadiotapHeader.property.has_fcs = {}
function RadiotapHeader.property.has_fcs:get()
  if self._m_has_fcs ~= nil then
    return self._m_has_fcs
  end

  self._m_has_fcs = utils.box_unwrap((self.has_flags) and utils.box_wrap(math.floor(self.flags / 16) % 2 ~= 0) or (false))
  return self._m_has_fcs
end

RadiotapHeader.property.has_flags = {}
function RadiotapHeader.property.has_flags:get()
  if self._m_has_flags ~= nil then
    return self._m_has_flags
  end

  self._m_has_flags = math.floor(self.present_words[0 + 1].bits / 2) % 2 ~= 0
  return self._m_has_flags
end

-- 
-- The first field is TSFT (8 bytes, aligned to 8).
RadiotapHeader.property.has_tsft = {}
function RadiotapHeader.property.has_tsft:get()
  if self._m_has_tsft ~= nil then
    return self._m_has_tsft
  end

  self._m_has_tsft = self.present_words[0 + 1].bits % 2 ~= 0
  return self._m_has_tsft
end

-- 
-- Offset of the Flags field in the header.
RadiotapHeader.property.ofs_flags = {}
function RadiotapHeader.property.ofs_flags:get()
  if self._m_ofs_flags ~= nil then
    return self._m_ofs_flags
  end

  self._m_ofs_flags = utils.box_unwrap((self.has_tsft) and utils.box_wrap(math.floor(((4 + 4 * #self.present_words) + 7) / 8) * 8 + 8) or (4 + 4 * #self.present_words))
  return self._m_ofs_flags
end

-- 
-- Length of the whole radiotap header, fields included.
-- 
-- The it_present bitmaps; bit 31 of each says another follows.
-- 
-- The fields the first bitmap announces, aligned to their natural size.

-- 
-- One it_present bitmap.
-- See also: Source (https://www.radiotap.org/#it_present-and-the-radiotap-fields)
RadiotapHeader.PresentWord = class.class(KaitaiStruct)

function RadiotapHeader.PresentWord:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function RadiotapHeader.PresentWord:_read()
  self.bits = self._io:read_u4le()
end

-- 
-- Another bitmap follows.
RadiotapHeader.PresentWord.property.has_more = {}
function RadiotapHeader.PresentWord.property.has_more:get()
  if self._m_has_more ~= nil then
    return self._m_has_more
  end

  self._m_has_more = math.floor(self.bits / 2147483648) % 2 ~= 0
  return self._m_has_more
end


