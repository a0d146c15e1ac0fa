-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_blob_data")

-- 
-- The body of a 26 Script Data (C->S) packet after LZ4 decompression (Client -> Server):
-- sent when the client sends a Lua network request. Unlike 25 it has no game tick. The page
-- is a work in progress: its BlobData payloads are to be documented, so they stay bytes.
-- 
-- Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
-- names the spec of the expanded payload. The entries are read until the end of the body:
-- their number is bounded by the body's size (each takes at least 25 bytes).
-- See also: 26 - Script Data (C->S), section Structure
-- See also: BlobData
SmScriptDataC2s = class.class(KaitaiStruct)

function SmScriptDataC2s:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmScriptDataC2s:_read()
  self.blobs = {}
  local i = 0
  while not self._io:is_eof() do
    self.blobs[i + 1] = SmBlobData(self._io)
    i = i + 1
  end
end

-- 
-- The script data. This array is read until the end of the packet.
-- When writing, the count is implied by the body's size (`repeat: eos`).

