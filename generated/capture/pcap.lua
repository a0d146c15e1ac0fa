-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("link_frame")
local enum = require("enum")
local stringstream = require("string_stream")
local utils = require("utils")

-- 
-- A pcap file: a global header, then packet records to the end of the file. The magic
-- number gives both the byte order of every later field (that of the machine that wrote
-- the file) and the resolution of the timestamps (microseconds or nanoseconds). Each
-- record's data is one frame, parsed by the link type the header names.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-4)
Pcap = class.class(KaitaiStruct)

Pcap.Magic = enum.Enum {
  le_nanoseconds = 1295823521,
  be_nanoseconds = 2712812621,
  be_microseconds = 2712847316,
  le_microseconds = 3569595041,
}

function Pcap:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function Pcap:_read()
  self.magic_number = Pcap.Magic(self._io:read_u4be())
  if not( ((self.magic_number == Pcap.Magic.le_microseconds) or (self.magic_number == Pcap.Magic.be_microseconds) or (self.magic_number == Pcap.Magic.le_nanoseconds) or (self.magic_number == Pcap.Magic.be_nanoseconds)) ) then
    error("ValidationNotAnyOfError")
  end
  self.header = Pcap.FileHeader(self.is_le, self._io, self, self._root)
  self.records = {}
  local i = 0
  while not self._io:is_eof() do
    self.records[i + 1] = Pcap.PacketRecord(self.is_le, self.header.link_type, self.is_nanosecond, self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- The file was written little-endian.
Pcap.property.is_le = {}
function Pcap.property.is_le:get()
  if self._m_is_le ~= nil then
    return self._m_is_le
  end

  self._m_is_le =  ((self.magic_number == Pcap.Magic.le_microseconds) or (self.magic_number == Pcap.Magic.le_nanoseconds)) 
  return self._m_is_le
end

-- 
-- The fractional part of each timestamp counts nanoseconds, not microseconds.
Pcap.property.is_nanosecond = {}
function Pcap.property.is_nanosecond:get()
  if self._m_is_nanosecond ~= nil then
    return self._m_is_nanosecond
  end

  self._m_is_nanosecond =  ((self.magic_number == Pcap.Magic.le_nanoseconds) or (self.magic_number == Pcap.Magic.be_nanoseconds)) 
  return self._m_is_nanosecond
end

-- 
-- Read big-endian here so each byte order and resolution has one value.
-- 
-- When writing, the record count is implied by the file size (`repeat: eos`): write into
-- a stream of exactly the total size.

-- 
-- The file header after the magic number.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-4)
Pcap.FileHeader = class.class(KaitaiStruct)

function Pcap.FileHeader:_init(is_le, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self:_read()
end

function Pcap.FileHeader:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcap.FileHeader:_read_le()
  self.version_major = self._io:read_u2le()
  if not(self.version_major == 2) then
    error("not equal, expected " .. 2 .. ", but got " .. self.version_major)
  end
  self.version_minor = self._io:read_u2le()
  self.thiszone = self._io:read_s4le()
  self.sigfigs = self._io:read_u4le()
  self.snaplen = self._io:read_u4le()
  self.link_type_and_fcs = self._io:read_u4le()
end

function Pcap.FileHeader:_read_be()
  self.version_major = self._io:read_u2be()
  if not(self.version_major == 2) then
    error("not equal, expected " .. 2 .. ", but got " .. self.version_major)
  end
  self.version_minor = self._io:read_u2be()
  self.thiszone = self._io:read_s4be()
  self.sigfigs = self._io:read_u4be()
  self.snaplen = self._io:read_u4be()
  self.link_type_and_fcs = self._io:read_u4be()
end

-- 
-- Length of the frame check sequence in 16-bit units.
Pcap.FileHeader.property.fcs_length = {}
function Pcap.FileHeader.property.fcs_length:get()
  if self._m_fcs_length ~= nil then
    return self._m_fcs_length
  end

  self._m_fcs_length = math.floor(self.link_type_and_fcs / 268435456)
  return self._m_fcs_length
end

-- 
-- Bit F; when set, `fcs_length` is meaningful.
Pcap.FileHeader.property.has_fcs_length = {}
function Pcap.FileHeader.property.has_fcs_length:get()
  if self._m_has_fcs_length ~= nil then
    return self._m_has_fcs_length
  end

  self._m_has_fcs_length = math.floor(self.link_type_and_fcs / 67108864) % 2 ~= 0
  return self._m_has_fcs_length
end

-- 
-- LINKTYPE_ value (named in link_frame's `link_type` enum).
Pcap.FileHeader.property.link_type = {}
function Pcap.FileHeader.property.link_type:get()
  if self._m_link_type ~= nil then
    return self._m_link_type
  end

  self._m_link_type = self.link_type_and_fcs % 65536
  return self._m_link_type
end

-- 
-- 4 in every current writer.
-- 
-- Reserved (once the time zone offset); written as 0.
-- 
-- Reserved (once the timestamp accuracy); written as 0.
-- 
-- Largest number of bytes stored for one packet; longer packets were cut.
-- 
-- Link-layer header type in the low 16 bits; bits 28-31 give the length of a frame
-- check sequence at the end of each frame when bit 26 (F) is set.

-- 
-- One packet record; its data is parsed as a frame of the file's link type.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-5)
Pcap.PacketRecord = class.class(KaitaiStruct)

function Pcap.PacketRecord:_init(is_le, link_type, is_nanosecond, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self.link_type = link_type
  self.is_nanosecond = is_nanosecond
  self:_read()
end

function Pcap.PacketRecord:_read()
  self.header = Pcap.RecordHeader(self.is_le, self._io, self, self._root)
  local _on = self.header.incl_len == self.header.orig_len
  if _on == true then
    self._raw_data = self._io:read_bytes(self.header.incl_len)
    local _io = KaitaiStream(stringstream(self._raw_data))
    self.data = LinkFrame(self.link_type, _io)
  else
    self.data = self._io:read_bytes(self.header.incl_len)
  end
end

-- 
-- Capture time in seconds since the Unix epoch.
Pcap.PacketRecord.property.timestamp = {}
function Pcap.PacketRecord.property.timestamp:get()
  if self._m_timestamp ~= nil then
    return self._m_timestamp
  end

  self._m_timestamp = self.header.ts_sec + self.header.ts_frac / utils.box_unwrap((self.is_nanosecond) and utils.box_wrap(1000000000.0) or (1000000.0))
  return self._m_timestamp
end

-- 
-- The frame, parsed by link type when it was stored whole; a frame cut by the
-- snap length stays bytes (its headers promise more than it holds).
-- 
-- LINKTYPE_ value from the file header.

-- 
-- The fixed part of a packet record.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcap#section-5)
Pcap.RecordHeader = class.class(KaitaiStruct)

function Pcap.RecordHeader:_init(is_le, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self:_read()
end

function Pcap.RecordHeader:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcap.RecordHeader:_read_le()
  self.ts_sec = self._io:read_u4le()
  self.ts_frac = self._io:read_u4le()
  self.incl_len = self._io:read_u4le()
  self.orig_len = self._io:read_u4le()
end

function Pcap.RecordHeader:_read_be()
  self.ts_sec = self._io:read_u4be()
  self.ts_frac = self._io:read_u4be()
  self.incl_len = self._io:read_u4be()
  self.orig_len = self._io:read_u4be()
end

-- 
-- Seconds since 1970-01-01 00:00:00 UTC.
-- 
-- Microseconds or nanoseconds past `ts_sec`, as the magic number says.
-- 
-- Bytes of the frame stored in this record.
-- When writing, set to the byte length of the record's data.
-- 
-- Length of the frame on the wire; more than `incl_len` if it was cut.

