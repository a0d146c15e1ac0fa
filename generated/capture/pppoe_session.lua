-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ppp_frame")
local stringstream = require("string_stream")

-- 
-- The payload of an Ethernet frame of EtherType 0x8864: the 6-byte PPPoE header, then a
-- PPP frame (Protocol field and information) of Length bytes. Ethernet padding after it
-- is left out.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc2516#section-4)
PppoeSession = class.class(KaitaiStruct)

function PppoeSession:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function PppoeSession:_read()
  self.version = self._io:read_bits_int_be(4)
  if not(self.version == 1) then
    error("not equal, expected " .. 1 .. ", but got " .. self.version)
  end
  self.type = self._io:read_bits_int_be(4)
  if not(self.type == 1) then
    error("not equal, expected " .. 1 .. ", but got " .. self.type)
  end
  self._io:align_to_byte()
  self.code = self._io:read_u1()
  if not(self.code == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.code)
  end
  self.session_id = self._io:read_u2be()
  self.len_payload = self._io:read_u2be()
  self._raw_body = self._io:read_bytes(self.len_payload)
  local _io = KaitaiStream(stringstream(self._raw_body))
  self.body = PppFrame(_io)
end

-- 
-- Zero for session data.
-- 
-- Length of the PPPoE payload (the PPP frame that follows), in bytes.

