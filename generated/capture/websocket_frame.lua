-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local utils = require("utils")

-- 
-- One frame of a WebSocket connection: a 2-byte header, an extended payload length of
-- 16 or 64 bits when the 7-bit one is 126 or 127, the 4-byte masking key of a frame
-- the client sent, then the payload. The payload of a masked frame is XORed with the
-- key, byte i with key byte i mod 4; permessage-deflate (RFC 7692) marks the first
-- frame of a compressed message with `rsv1`.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc6455#section-5.2)
WebsocketFrame = class.class(KaitaiStruct)

WebsocketFrame.Opcode = enum.Enum {
  continuation = 0,
  text = 1,
  binary = 2,
  close = 8,
  ping = 9,
  pong = 10,
}

function WebsocketFrame:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function WebsocketFrame:_read()
  self.header = WebsocketFrame.FrameHeader(self._io, self, self._root)
  self.payload = self._io:read_bytes(self.header.len_payload)
end

-- 
-- The payload as sent (masked when `header.mask` is set).

-- 
-- The frame's header up to its payload; its size is `len_header`, known from the
-- first two bytes.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc6455#section-5.2)
WebsocketFrame.FrameHeader = class.class(KaitaiStruct)

function WebsocketFrame.FrameHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function WebsocketFrame.FrameHeader:_read()
  self.fin = self._io:read_bits_int_be(1) ~= 0
  self.rsv1 = self._io:read_bits_int_be(1) ~= 0
  self.rsv2 = self._io:read_bits_int_be(1) ~= 0
  self.rsv3 = self._io:read_bits_int_be(1) ~= 0
  self.opcode = WebsocketFrame.Opcode(self._io:read_bits_int_be(4))
  self.mask = self._io:read_bits_int_be(1) ~= 0
  self.len_payload_short = self._io:read_bits_int_be(7)
  self._io:align_to_byte()
  if self.len_payload_short == 126 then
    self.len_payload_16 = self._io:read_u2be()
  end
  if self.len_payload_short == 127 then
    self.len_payload_64 = self._io:read_u8be()
  end
  if self.mask then
    self.masking_key = self._io:read_bytes(4)
  end
end

-- 
-- A control frame (close, ping, pong, or a reserved control opcode).
WebsocketFrame.FrameHeader.property.is_control = {}
function WebsocketFrame.FrameHeader.property.is_control:get()
  if self._m_is_control ~= nil then
    return self._m_is_control
  end

  self._m_is_control = self.opcode.value >= 8
  return self._m_is_control
end

-- 
-- Bytes of this header.
WebsocketFrame.FrameHeader.property.len_header = {}
function WebsocketFrame.FrameHeader.property.len_header:get()
  if self._m_len_header ~= nil then
    return self._m_len_header
  end

  self._m_len_header = (2 + utils.box_unwrap((self.len_payload_short == 126) and utils.box_wrap(2) or (utils.box_unwrap((self.len_payload_short == 127) and utils.box_wrap(8) or (0))))) + utils.box_unwrap((self.mask) and utils.box_wrap(4) or (0))
  return self._m_len_header
end

-- 
-- The payload length in bytes.
WebsocketFrame.FrameHeader.property.len_payload = {}
function WebsocketFrame.FrameHeader.property.len_payload:get()
  if self._m_len_payload ~= nil then
    return self._m_len_payload
  end

  self._m_len_payload = utils.box_unwrap((self.len_payload_short == 126) and utils.box_wrap(self.len_payload_16) or (utils.box_unwrap((self.len_payload_short == 127) and utils.box_wrap(self.len_payload_64) or (self.len_payload_short))))
  return self._m_len_payload
end

-- 
-- The last frame of its message.
-- 
-- Set on the first frame of a compressed message (permessage-deflate), else 0.
-- 
-- Must be 0 (no extension negotiated defines it).
-- 
-- Must be 0 (no extension negotiated defines it).
-- 
-- The payload is masked; set on every frame a client sends, on none a server sends.
-- 
-- The payload length; 126 and 127 say a 16- or 64-bit length follows.
-- 
-- Extended payload length (126 to 65535).
-- 
-- Extended payload length; its most significant bit must be 0.

