-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ip_packet")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- GTP-U version 1, which carries the user's IP packets between the radio network and
-- the core of 2G to 5G mobile networks, on UDP port 2152: the 8-byte mandatory header,
-- the optional sequence number, N-PDU number and next extension header type (present
-- when any of the E, S and PN flags is set), the chain of extension headers, then the
-- message. A G-PDU's message is the user's IP packet (T-PDU), routed by its version
-- nibble; other messages (echo, error indication, end marker) stay bytes.
-- See also: section 5.1 (https://www.3gpp.org/ftp/Specs/archive/29_series/29.281/)
GtpUPacket = class.class(KaitaiStruct)

GtpUPacket.ExtensionType = enum.Enum {
  no_more = 0,
  long_pdcp_pdu_number_a = 3,
  service_class_indicator = 32,
  udp_port = 64,
  ran_container = 129,
  long_pdcp_pdu_number = 130,
  xw_ran_container = 131,
  nr_ran_container = 132,
  pdu_session_container = 133,
  pdcp_pdu_number = 192,
}

GtpUPacket.MessageType = enum.Enum {
  echo_request = 1,
  echo_response = 2,
  error_indication = 26,
  supported_extension_headers_notification = 31,
  tunnel_status = 253,
  end_marker = 254,
  g_pdu = 255,
}

function GtpUPacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function GtpUPacket:_read()
  self.version = self._io:read_bits_int_be(3)
  if not(self.version == 1) then
    error("not equal, expected " .. 1 .. ", but got " .. self.version)
  end
  self.protocol_type = self._io:read_bits_int_be(1) ~= 0
  self.reserved = self._io:read_bits_int_be(1) ~= 0
  self.has_extension_header = self._io:read_bits_int_be(1) ~= 0
  self.has_sequence_number = self._io:read_bits_int_be(1) ~= 0
  self.has_n_pdu_number = self._io:read_bits_int_be(1) ~= 0
  self._io:align_to_byte()
  self.message_type = GtpUPacket.MessageType(self._io:read_u1())
  self.len_message = self._io:read_u2be()
  self.teid = self._io:read_u4be()
  if self.has_optional_fields then
    self.sequence_number = self._io:read_u2be()
  end
  if self.has_optional_fields then
    self.n_pdu_number = self._io:read_u1()
  end
  if self.has_optional_fields then
    self.next_extension_type = GtpUPacket.ExtensionType(self._io:read_u1())
  end
  if self.has_extension_headers then
    self.extension_headers = {}
    local i = 0
    while true do
      local _ = GtpUPacket.ExtensionHeader(self._io, self, self._root)
      self.extension_headers[i + 1] = _
      if _.next_type == GtpUPacket.ExtensionType.no_more then
        break
      end
      i = i + 1
    end
  end
  local _on = self.message_type
  if _on == GtpUPacket.MessageType.g_pdu then
    self._raw_body = self._io:read_bytes(self.len_message - (self._io:pos() - 8))
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = IpPacket(_io)
  else
    self.body = self._io:read_bytes(self.len_message - (self._io:pos() - 8))
  end
end

GtpUPacket.property.has_extension_headers = {}
function GtpUPacket.property.has_extension_headers:get()
  if self._m_has_extension_headers ~= nil then
    return self._m_has_extension_headers
  end

  self._m_has_extension_headers =  ((self.has_optional_fields) and (self.has_extension_header) and (self.next_extension_type ~= GtpUPacket.ExtensionType.no_more)) 
  return self._m_has_extension_headers
end

GtpUPacket.property.has_optional_fields = {}
function GtpUPacket.property.has_optional_fields:get()
  if self._m_has_optional_fields ~= nil then
    return self._m_has_optional_fields
  end

  self._m_has_optional_fields =  ((self.has_extension_header) or (self.has_sequence_number) or (self.has_n_pdu_number)) 
  return self._m_has_optional_fields
end

-- 
-- GTP version; 1 for GTP-U.
-- 
-- 1 for GTP (0 would be GTP', the charging protocol).
-- 
-- The Next Extension Header Type field is meaningful.
-- 
-- The Sequence Number field is meaningful.
-- 
-- The N-PDU Number field is meaningful.
-- 
-- Bytes after the mandatory 8-byte header: the optional fields, the extension headers
-- and the message.
-- 
-- Tunnel Endpoint Identifier of the receiving end.
-- 
-- Present when any of E, S, PN is set; meaningful when S is.
-- 
-- Present when any of E, S, PN is set; meaningful when PN is.
-- 
-- Type of the first extension header; 0 when none follows.
-- 
-- The message; a G-PDU's is the user's IP packet.

-- 
-- One extension header: its length in 4-octet units (this byte and the next type
-- included), its contents, and the type of the next one.
-- See also: section 5.2 (https://www.3gpp.org/ftp/Specs/archive/29_series/29.281/)
GtpUPacket.ExtensionHeader = class.class(KaitaiStruct)

function GtpUPacket.ExtensionHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function GtpUPacket.ExtensionHeader:_read()
  self.len_header = self._io:read_u1()
  if not(self.len_header >= 1) then
    error("ValidationLessThanError")
  end
  self.content = self._io:read_bytes(self.len_header * 4 - 2)
  self.next_type = GtpUPacket.ExtensionType(self._io:read_u1())
end

-- 
-- Length of the whole extension header in 4-octet units.

