-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local str_decode = require("string_decode")

-- 
-- The body of a 04 Respond Passphrase packet: the client's answer to 03 Request
-- Passphrase (Client -> Server). Not LZ4 compressed: `sm_packet` routes its body here.
-- 
-- Decision where the page is unclear: its first field is named `Size` but "should be `$`
-- (0x24)", and the passphrase runs "until the end of packet". Both are read as the page
-- lists them: one byte, then the passphrase to the end of the body, whatever the byte
-- says (0x24 is 36, the length of a UUID's text; the passphrase's length is not taken
-- from it). The page does not name the text's encoding; it is read as UTF-8.
-- See also: 04 - Respond Passphrase, section Structure
SmRespondPassphrase = class.class(KaitaiStruct)

function SmRespondPassphrase:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmRespondPassphrase:_read()
  self.size = self._io:read_u1()
  self.passphrase = str_decode.decode(self._io:read_bytes_full(), "UTF-8")
end

-- 
-- Should be `$` (0x24).
-- 
-- The passphrase, until the end of the packet.
-- When writing, `size-eos`: the packet's length decides where it ends.

