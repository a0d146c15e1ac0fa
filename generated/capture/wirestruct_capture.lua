-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local str_decode = require("string_decode")

-- 
-- wirestruct's own capture container: a magic, a version, the protocol name, then
-- records in capture order, each with its timestamp, direction, connection number and
-- bytes. `wirestruct convert` writes it from JSON Lines, pcap or pcapng; open it in the
-- Kaitai Web IDE to browse a whole capture. For message protocols (scrap-mechanic, diep)
-- a record is one packet; for TCP protocols (mme) it is a chunk of the byte stream, split
-- wherever the capture split it.
-- See also: runtime/captures/container.py
WirestructCapture = class.class(KaitaiStruct)

WirestructCapture.Direction = enum.Enum {
  c2s = 0,
  s2c = 1,
}

function WirestructCapture:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function WirestructCapture:_read()
  self.magic = self._io:read_bytes(8)
  if not(self.magic == "\137\087\083\067\065\080\013\010") then
    error("not equal, expected " .. "\137\087\083\067\065\080\013\010" .. ", but got " .. self.magic)
  end
  self.version = self._io:read_u1()
  if not(self.version == 1) then
    error("not equal, expected " .. 1 .. ", but got " .. self.version)
  end
  self.len_protocol = self._io:read_u1()
  self.protocol = str_decode.decode(self._io:read_bytes(self.len_protocol), "ASCII")
  self.records = {}
  local i = 0
  while not self._io:is_eof() do
    self.records[i + 1] = WirestructCapture.Record(self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- Registered protocol name, e.g. `scrap-mechanic`, `mme`, `diep`.
-- 
-- When writing, the record count is implied by the file size (`repeat: eos`).

-- 
-- One capture record.
-- See also: runtime/captures/container.py
WirestructCapture.Record = class.class(KaitaiStruct)

function WirestructCapture.Record:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function WirestructCapture.Record:_read()
  self.t = self._io:read_f8le()
  self.direction = WirestructCapture.Direction(self._io:read_u1())
  self.stream = self._io:read_u2le()
  self.len_data = self._io:read_u4le()
  self.data = self._io:read_bytes(self.len_data)
end

-- 
-- Timestamp in seconds (Unix epoch for network captures).
-- 
-- Connection number within the capture (TCP); 0 for message captures.
-- 
-- When writing, set to the byte length of `data`.

