-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ppp_frame")
local utils = require("utils")
local stringstream = require("string_stream")

-- 
-- A Layer Two Tunneling Protocol version 2 message on UDP port 1701: the flags and
-- version, the optional Length, the tunnel and session ids, the optional Ns/Nr and
-- Offset fields, then the message. A data message carries a PPP frame, parsed down to
-- IPv4/IPv6; control messages keep their attribute-value pairs as bytes. Version 3
-- messages (RFC 3931), which share the port, keep everything after the version as bytes.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc2661#section-3.1)
L2tpPacket = class.class(KaitaiStruct)

function L2tpPacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function L2tpPacket:_read()
  self.is_control = self._io:read_bits_int_be(1) ~= 0
  self.has_length = self._io:read_bits_int_be(1) ~= 0
  self.reserved1 = self._io:read_bits_int_be(2)
  self.has_sequence = self._io:read_bits_int_be(1) ~= 0
  self.reserved2 = self._io:read_bits_int_be(1) ~= 0
  self.has_offset = self._io:read_bits_int_be(1) ~= 0
  self.priority = self._io:read_bits_int_be(1) ~= 0
  self.reserved3 = self._io:read_bits_int_be(4)
  self.version = self._io:read_bits_int_be(4)
  if not( ((self.version == 2) or (self.version == 3)) ) then
    error("ValidationNotAnyOfError")
  end
  self._io:align_to_byte()
  if  ((self.is_version_2) and (self.has_length))  then
    self.len_message = self._io:read_u2be()
  end
  if self.is_version_2 then
    self.tunnel_id = self._io:read_u2be()
  end
  if self.is_version_2 then
    self.session_id = self._io:read_u2be()
  end
  if  ((self.is_version_2) and (self.has_sequence))  then
    self.ns = self._io:read_u2be()
  end
  if  ((self.is_version_2) and (self.has_sequence))  then
    self.nr = self._io:read_u2be()
  end
  if  ((self.is_version_2) and (self.has_offset))  then
    self.len_offset = self._io:read_u2be()
  end
  if  ((self.is_version_2) and (self.has_offset))  then
    self.offset_pad = self._io:read_bytes(self.len_offset)
  end
  local _on =  ((self.is_version_2) and (not(self.is_control))) 
  if _on == true then
    self._raw_body = self._io:read_bytes(utils.box_unwrap(( ((self.is_version_2) and (self.has_length)) ) and utils.box_wrap(self.len_message - self._io:pos()) or (self._io:size() - self._io:pos())))
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = PppFrame(_io)
  else
    self.body = self._io:read_bytes(utils.box_unwrap(( ((self.is_version_2) and (self.has_length)) ) and utils.box_wrap(self.len_message - self._io:pos()) or (self._io:size() - self._io:pos())))
  end
end

L2tpPacket.property.is_version_2 = {}
function L2tpPacket.property.is_version_2:get()
  if self._m_is_version_2 ~= nil then
    return self._m_is_version_2
  end

  self._m_is_version_2 = self.version == 2
  return self._m_is_version_2
end

-- 
-- A control message (1) or a data message (0).
-- 
-- The Length field is present (always for control messages).
-- 
-- The Ns and Nr fields are present.
-- 
-- The Offset Size field is present.
-- 
-- Data message to be treated preferentially.
-- 
-- 2 for this layout; 3 for L2TPv3 over UDP.
-- 
-- Length of the whole message in bytes.
-- 
-- Sequence number of this message.
-- 
-- Sequence number expected in the next control message.
-- 
-- Bytes of padding before the payload.
-- 
-- A data message's PPP frame; otherwise bytes.

