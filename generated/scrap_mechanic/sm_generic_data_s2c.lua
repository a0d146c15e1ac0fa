-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_blob_data")

-- 
-- The body of a 27 Generic Data (S->C) packet after LZ4 decompression (Server -> Client).
-- The page is a work in progress; the one payload it documents is the Chat Message
-- (`sm_blob_chat_message`), broadcast to all players when a player chats, and with an empty
-- sender when a player joins.
-- 
-- Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
-- names the spec of the expanded payload. The entries are read until the end of the body:
-- their number is bounded by the body's size (each takes at least 25 bytes).
-- See also: 27 - Generic Data (S->C), section Structure
-- See also: BlobData
SmGenericDataS2c = class.class(KaitaiStruct)

function SmGenericDataS2c:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmGenericDataS2c:_read()
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
-- The generic data. This array is read until the end of the packet.
-- When writing, the count is implied by the body's size (`repeat: eos`).

