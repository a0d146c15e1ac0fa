-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ip_protocol")
require("ip_payload")
local stringstream = require("string_stream")
local utils = require("utils")

-- 
-- An IPv4 packet: header with options (their length follows from IHL), then the payload
-- bounded by Total Length (link-layer padding after it is left out; a frame cut short by
-- the capture keeps the payload bytes it has, see `is_cut`; a Total Length of 0, from
-- segmentation offload, means the whole frame). Fragments keep their
-- payload as bytes; only whole packets are routed to TCP/UDP.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc791#section-3.1)
Ipv4Packet = class.class(KaitaiStruct)

function Ipv4Packet:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function Ipv4Packet:_read()
  self.version = self._io:read_bits_int_be(4)
  if not(self.version == 4) then
    error("not equal, expected " .. 4 .. ", but got " .. self.version)
  end
  self.ihl = self._io:read_bits_int_be(4)
  if not(self.ihl >= 5) then
    error("ValidationLessThanError")
  end
  self.dscp = self._io:read_bits_int_be(6)
  self.ecn = self._io:read_bits_int_be(2)
  self._io:align_to_byte()
  self.total_length = self._io:read_u2be()
  local _ = self.total_length
  if not( ((_ == 0) or (_ >= self.len_header)) ) then
    error("ValidationExprError")
  end
  self.identification = self._io:read_u2be()
  self.reserved = self._io:read_bits_int_be(1) ~= 0
  self.dont_fragment = self._io:read_bits_int_be(1) ~= 0
  self.more_fragments = self._io:read_bits_int_be(1) ~= 0
  self.fragment_offset = self._io:read_bits_int_be(13)
  self._io:align_to_byte()
  self.ttl = self._io:read_u1()
  self.protocol = IpProtocol.IpProtocol(self._io:read_u1())
  self.header_checksum = self._io:read_u2be()
  self.src_addr = self._io:read_bytes(4)
  self.dst_addr = self._io:read_bytes(4)
  self.options = self._io:read_bytes(self.len_header - 20)
  if not(self.is_fragment) then
    self._raw_body = self._io:read_bytes(self.len_body)
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = IpPayload(self.protocol, _io)
  end
  if self.is_fragment then
    self.fragment_data = self._io:read_bytes(self.len_body)
  end
end

-- 
-- The frame holds less than Total Length says: the capture cut it at its snapshot
-- length (or the length lies). The payload is then what the frame has.
Ipv4Packet.property.is_cut = {}
function Ipv4Packet.property.is_cut:get()
  if self._m_is_cut ~= nil then
    return self._m_is_cut
  end

  self._m_is_cut = self.len_total > self._io:size()
  return self._m_is_cut
end

Ipv4Packet.property.is_fragment = {}
function Ipv4Packet.property.is_fragment:get()
  if self._m_is_fragment ~= nil then
    return self._m_is_fragment
  end

  self._m_is_fragment =  ((self.more_fragments) or (self.fragment_offset ~= 0)) 
  return self._m_is_fragment
end

-- 
-- Bytes of payload in the frame.
Ipv4Packet.property.len_body = {}
function Ipv4Packet.property.len_body:get()
  if self._m_len_body ~= nil then
    return self._m_len_body
  end

  self._m_len_body = utils.box_unwrap((self.is_cut) and utils.box_wrap(self._io:size() - self.len_header) or (self.len_total - self.len_header))
  return self._m_len_body
end

-- 
-- Header length in bytes.
Ipv4Packet.property.len_header = {}
function Ipv4Packet.property.len_header:get()
  if self._m_len_header ~= nil then
    return self._m_len_header
  end

  self._m_len_header = self.ihl * 4
  return self._m_len_header
end

-- 
-- Length of the header and data, from Total Length or, when that is 0, the frame.
Ipv4Packet.property.len_total = {}
function Ipv4Packet.property.len_total:get()
  if self._m_len_total ~= nil then
    return self._m_len_total
  end

  self._m_len_total = utils.box_unwrap((self.total_length == 0) and utils.box_wrap(self._io:size()) or (self.total_length))
  return self._m_len_total
end

-- 
-- Internet Header Length, in 32-bit words (5 without options).
-- 
-- Differentiated Services Code Point (RFC 2474), formerly part of Type of Service.
-- 
-- Explicit Congestion Notification (RFC 3168).
-- 
-- Length of the header and data, in bytes. 0 in captures taken where the network
-- card segments large sends (TCP segmentation offload): the packet is then the
-- whole frame, as Wireshark reads it (`len_total`).
-- When writing, set to the header's plus the body's byte length.
-- 
-- Identifies the fragments of one datagram.
-- 
-- Must be zero.
-- 
-- Where this fragment belongs in the datagram, in 8-byte units.
-- 
-- When writing, the writer computes the checksum; it is stored as a plain integer.
-- 
-- IP options, kept as bytes.
-- 
-- Part of a fragmented datagram (the runtime reassembles the fragments).

