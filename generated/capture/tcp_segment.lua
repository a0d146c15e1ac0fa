-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local utils = require("utils")

-- 
-- A TCP segment: the fixed 20-byte header, the options (kept as bytes; their length
-- follows from the data offset) and the segment's data.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc9293#section-3.1)
TcpSegment = class.class(KaitaiStruct)

function TcpSegment:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function TcpSegment:_read()
  self.src_port = self._io:read_u2be()
  self.dst_port = self._io:read_u2be()
  self.seq_num = self._io:read_u4be()
  self.ack_num = self._io:read_u4be()
  self.data_offset = self._io:read_bits_int_be(4)
  if not(self.data_offset >= 5) then
    error("ValidationLessThanError")
  end
  self.reserved = self._io:read_bits_int_be(4)
  self.cwr = self._io:read_bits_int_be(1) ~= 0
  self.ece = self._io:read_bits_int_be(1) ~= 0
  self.urg = self._io:read_bits_int_be(1) ~= 0
  self.ack = self._io:read_bits_int_be(1) ~= 0
  self.psh = self._io:read_bits_int_be(1) ~= 0
  self.rst = self._io:read_bits_int_be(1) ~= 0
  self.syn = self._io:read_bits_int_be(1) ~= 0
  self.fin = self._io:read_bits_int_be(1) ~= 0
  self._io:align_to_byte()
  self.window = self._io:read_u2be()
  self.checksum = self._io:read_u2be()
  self.urgent_pointer = self._io:read_u2be()
  self.options = self._io:read_bytes(self.len_header - 20)
  self.body = self._io:read_bytes_full()
end

-- 
-- Length of the header including options, in bytes.
TcpSegment.property.len_header = {}
function TcpSegment.property.len_header:get()
  if self._m_len_header ~= nil then
    return self._m_len_header
  end

  self._m_len_header = self.data_offset * 4
  return self._m_len_header
end

-- 
-- Sequence numbers this segment occupies (data octets, plus one each for SYN and FIN).
TcpSegment.property.len_sequence = {}
function TcpSegment.property.len_sequence:get()
  if self._m_len_sequence ~= nil then
    return self._m_len_sequence
  end

  self._m_len_sequence = (#self.body + utils.box_unwrap((self.syn) and utils.box_wrap(1) or (0))) + utils.box_unwrap((self.fin) and utils.box_wrap(1) or (0))
  return self._m_len_sequence
end

-- 
-- Sequence number of the first data octet (of the SYN itself when `syn` is set).
-- Arithmetic on it is modulo 2^32.
-- 
-- Next sequence number the sender expects to receive; meaningful when `ack` is set.
-- 
-- Length of the header (fixed part plus options) in 32-bit words.
-- 
-- Must be zero. The lowest bit was the experimental NS flag of RFC 3540 (now historic).
-- 
-- Congestion Window Reduced (RFC 3168).
-- 
-- ECN-Echo (RFC 3168).
-- 
-- The urgent pointer is significant.
-- 
-- The acknowledgment number is significant.
-- 
-- Push function.
-- 
-- Reset the connection.
-- 
-- Synchronize sequence numbers; occupies one sequence number.
-- 
-- No more data from the sender; occupies one sequence number.
-- 
-- Receive window (before any window scaling negotiated in the options).
-- 
-- When writing, the writer computes the checksum over the pseudo-header; it is stored as
-- a plain integer.
-- 
-- Options (MSS, window scale, SACK, timestamps ...), kept as bytes.
-- 
-- The segment's data.

