-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local str_decode = require("string_decode")

-- 
-- The `String` structure of the network protocol: a be u16 size in bytes, then that many
-- bytes of UTF-8 text (a "Pascal string"). Used by 02 Server Info, 09 Character Info and
-- the BlobData payloads of 13 and 27/28. Bytes that are not UTF-8 fail the parse (the
-- structure is documented as UTF-8 text).
-- 
-- Other texts of the protocol are laid out differently and are read where they occur: the
-- Lua `String` (be u32 size, bit stream, `sm_lua_object`), the size-less passphrase of 04,
-- the one-byte-sized name of the Player Data payload (`sm_blob_player_data`), the texts of
-- 18 (the same layout, written out field by field as its page does) and 19 (whose size may
-- disagree with its text).
-- See also: String, section Structure
SmString = class.class(KaitaiStruct)

function SmString:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmString:_read()
  self.len_text = self._io:read_u2be()
  self.text = str_decode.decode(self._io:read_bytes(self.len_text), "UTF-8")
end

-- 
-- The size of the string in bytes.
-- When writing, set to the UTF-8 byte length of `text`.
-- 
-- The UTF-8 encoded string data.

