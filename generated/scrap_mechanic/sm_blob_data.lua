-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
local enum = require("enum")
local utils = require("utils")

-- 
-- One `BlobData`: data of a kind named by `uid`, under a key, for a world, compressed
-- with LZ4. Packets 11, 13, 25, 26, 27 and 28 carry them until the end of their body. The
-- `GenericDataManager` and `ScriptDataManager` of the game manage them.
-- 
-- The data stays bytes here: it is one raw LZ4 block (no size prefix; the expanded size
-- is not sent, so the runtime must cap the expansion). The expanded payload opens with the
-- spec `known_uid` names: `sm_lua_object` (Terrain Data), `sm_blob_world_info`,
-- `sm_blob_gameplay_options`, `sm_blob_player_data` or `sm_blob_chat_message`; the
-- payloads of other uids are not documented.
-- 
-- The table's offsets after `Key` (World ID at 0x12, ...) do not count the key's size;
-- the fields follow one another, so World ID is at 0x12 + Key Size.
-- See also: BlobData, section Structure
SmBlobData = class.class(KaitaiStruct)

SmBlobData.KnownUid = enum.Enum {
  unknown = 0,
  terrain_data = 1,
  world_info = 2,
  gameplay_options = 3,
  player_data = 4,
  chat_message = 5,
}

SmBlobData.SpecialWorldId = enum.Enum {
  no_world = 65534,
  any_world = 65535,
}

function SmBlobData:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmBlobData:_read()
  self.uid = SmCommon.Uuid(self._io)
  self.len_key = self._io:read_u2be()
  self.key = self._io:read_bytes(self.len_key)
  self.world_id = SmBlobData.SpecialWorldId(self._io:read_u2be())
  self.flags = self._io:read_u1()
  self.len_data = self._io:read_u4be()
  self.data = self._io:read_bytes(self.len_data)
end

-- 
-- A 4-byte key read as the `le u32` the documented payloads use (a world id, a player
-- id, a chat message number, or 0).
SmBlobData.property.key_u32 = {}
function SmBlobData.property.key_u32:get()
  if self._m_key_u32 ~= nil then
    return self._m_key_u32
  end

  if self.len_key == 4 then
    self._m_key_u32 = ((string.byte(self.key, 0 + 1) + string.byte(self.key, 1 + 1) * 256) + string.byte(self.key, 2 + 1) * 65536) + string.byte(self.key, 3 + 1) * 16777216
  end
  return self._m_key_u32
end

-- 
-- Which documented payload the uid names; `unknown` for the others.
SmBlobData.property.known_uid = {}
function SmBlobData.property.known_uid:get()
  if self._m_known_uid ~= nil then
    return self._m_known_uid
  end

  self._m_known_uid = SmBlobData.KnownUid(utils.box_unwrap((self.uid.octets == "\097\170\019\215\231\021\065\083\162\105\077\051\140\012\091\212") and utils.box_wrap(1) or (utils.box_unwrap((self.uid.octets == "\063\243\108\139\147\247\068\040\174\077\066\154\111\012\247\125") and utils.box_wrap(2) or (utils.box_unwrap((self.uid.octets == "\068\172\002\012\174\199\079\139\178\048\052\210\227\189\035\235") and utils.box_wrap(3) or (utils.box_unwrap((self.uid.octets == "\081\134\136\131\210\210\073\083\145\053\026\176\189\194\164\126") and utils.box_wrap(4) or (utils.box_unwrap((self.uid.octets == "\070\150\136\099\009\010\070\184\173\153\017\089\181\052\080\254") and utils.box_wrap(5) or (0)))))))))))
  return self._m_known_uid
end

-- 
-- The unique identifier of the type of blob data (be UUID: the text's bytes in order).
-- Can be a UUIDv4, or a UUIDv5 composed of a namespace and a name.
-- 
-- The size of the key.
-- When writing, set to the byte length of `key`.
-- 
-- The key of the blob data. Can contain `le u32` (see `key_u32`) or a `Lua Object`
-- (`sm_lua_object`). The type of the key is not stored in this structure, it depends
-- on the Uid.
-- 
-- The ID of the world the blob data is associated with; two values are special (see
-- `special_world_id`), any other is a world's id.
-- 
-- Flags for the blob data. It is currently not known which flags exist. The default
-- value is `7`; the documented payloads use 7, 13, 15, 20 and 0.
-- 
-- The size of the compressed data.
-- When writing, set to the byte length of `data`.
-- 
-- The data, compressed using the LZ4 block compression algorithm. What kind of data
-- is stored here depends on the `Uid` field (`known_uid`).

