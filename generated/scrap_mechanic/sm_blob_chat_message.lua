-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
require("sm_string")

-- 
-- The Chat Message payload of a BlobData (uid 46968863-090a-46b8-ad99-1159b53450fe, no
-- world), after LZ4 decompression. A client sends one in 28 Generic Data (C->S) (key 0,
-- flags 0) when its player chats; the server broadcasts it unchanged in 27 Generic Data
-- (S->C) (key the message number, flags 20), and sends the join message of a player with
-- an empty sender. The server verifies none of the fields.
-- See also: 27 - Generic Data (S->C), section Chat Message
-- See also: 28 - Generic Data (C->S), section Chat Message
SmBlobChatMessage = class.class(KaitaiStruct)

function SmBlobChatMessage:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmBlobChatMessage:_read()
  self.timestamp = SmCommon.U64Parts(self._io)
  self.sender = SmString(self._io)
  self.message = SmString(self._io)
end

-- 
-- The timestamp as one number (exact in Python; see `timestamp`).
SmBlobChatMessage.property.timestamp_seconds = {}
function SmBlobChatMessage.property.timestamp_seconds:get()
  if self._m_timestamp_seconds ~= nil then
    return self._m_timestamp_seconds
  end

  self._m_timestamp_seconds = self.timestamp.value
  return self._m_timestamp_seconds
end

-- 
-- The UNIX timestamp in seconds at which this message is sent (be u64, in its two
-- halves; `timestamp_seconds` is the number). The localized time is visible in the chat
-- when the `/time` chat command is used, unless the timestamp is `0`, then it is never
-- displayed.
-- 
-- The sender of the chat message, prefixed with the MyGUI color override. If this
-- field is empty, the `: ` separator between the sender and the message is not printed
-- to the chat.
-- 
-- The UTF-8 encoded contents of the chat message.

