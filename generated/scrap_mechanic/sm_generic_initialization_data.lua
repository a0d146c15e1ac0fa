-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_blob_data")

-- 
-- The body of a 13 Generic Initialization Data packet after LZ4 decompression (Server ->
-- Client, while joining). Its BlobData payloads are World Info (`sm_blob_world_info`),
-- Gameplay Options (`sm_blob_gameplay_options`) and Player Data (`sm_blob_player_data`).
-- 
-- The page's header says ID 0x0B (11) and its description is that of 11 (terrain data);
-- the page is that of packet 13 (0x0D), and the payloads it lists are not terrain data.
-- 
-- Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
-- names the spec of the expanded payload. The entries are read until the end of the body:
-- their number is bounded by the body's size (each takes at least 25 bytes).
-- See also: 13 - Generic Initialization Data, section Structure
-- See also: BlobData
SmGenericInitializationData = class.class(KaitaiStruct)

function SmGenericInitializationData:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmGenericInitializationData:_read()
  self.game_tick = self._io:read_u4be()
  self.blobs = {}
  local i = 0
  while not self._io:is_eof() do
    self.blobs[i + 1] = SmBlobData(self._io)
    i = i + 1
  end
end

-- 
-- The tick when the server sent this packet.
-- 
-- The data the scripted classes are initialized with. This array is read until the end of the packet.
-- When writing, the count is implied by the body's size (`repeat: eos`).

