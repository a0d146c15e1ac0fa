-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ip_protocol")
require("ip_payload")
local utils = require("utils")
local stringstream = require("string_stream")

-- 
-- An IPv6 packet: the fixed 40-byte header, then a payload of Payload Length bytes that
-- starts with zero or more extension headers. The extension headers are walked through
-- their Next Header / Hdr Ext Len fields and kept as bytes; the upper-layer header after
-- them is routed to TCP/UDP.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc8200#section-3)
Ipv6Packet = class.class(KaitaiStruct)

function Ipv6Packet:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function Ipv6Packet:_read()
  self.version = self._io:read_bits_int_be(4)
  if not(self.version == 6) then
    error("not equal, expected " .. 6 .. ", but got " .. self.version)
  end
  self.traffic_class = self._io:read_bits_int_be(8)
  self.flow_label = self._io:read_bits_int_be(20)
  self._io:align_to_byte()
  self.payload_length = self._io:read_u2be()
  self.next_header = IpProtocol.IpProtocol(self._io:read_u1())
  self.hop_limit = self._io:read_u1()
  self.src_addr = self._io:read_bytes(16)
  self.dst_addr = self._io:read_bytes(16)
  self._raw_payload = self._io:read_bytes(utils.box_unwrap((self.is_cut) and utils.box_wrap(self._io:size() - 40) or (self.len_payload)))
  local _io = KaitaiStream(stringstream(self._raw_payload))
  self.payload = Ipv6Packet.PayloadChain(self.next_header, _io, self, self._root)
end

-- 
-- The frame holds less than Payload Length says (cut at the capture's snapshot
-- length); the payload is then what the frame has.
Ipv6Packet.property.is_cut = {}
function Ipv6Packet.property.is_cut:get()
  if self._m_is_cut ~= nil then
    return self._m_is_cut
  end

  self._m_is_cut = self.len_payload > self._io:size() - 40
  return self._m_is_cut
end

-- 
-- Payload Length 0 with a Hop-by-Hop header: a jumbogram (RFC 2675), as large-send
-- offload (BIG TCP) captures write them; the payload is then the whole frame, as
-- Wireshark reads it.
Ipv6Packet.property.is_jumbogram = {}
function Ipv6Packet.property.is_jumbogram:get()
  if self._m_is_jumbogram ~= nil then
    return self._m_is_jumbogram
  end

  self._m_is_jumbogram =  ((self.payload_length == 0) and (self.next_header == IpProtocol.IpProtocol.hopopt)) 
  return self._m_is_jumbogram
end

-- 
-- Bytes of payload, from Payload Length or, for a jumbogram, the frame.
Ipv6Packet.property.len_payload = {}
function Ipv6Packet.property.len_payload:get()
  if self._m_len_payload ~= nil then
    return self._m_len_payload
  end

  self._m_len_payload = utils.box_unwrap((self.is_jumbogram) and utils.box_wrap(self._io:size() - 40) or (self.payload_length))
  return self._m_len_payload
end

-- 
-- Length of everything after the fixed header (extension headers included), in bytes.
-- 
-- Type of the first header after the fixed header.

-- 
-- Any extension header, through the layout they share: Next Header, Hdr Ext Len, then
-- the header's own fields (kept as bytes).
-- See also: Source (https://www.rfc-editor.org/rfc/rfc8200#section-4.2)
Ipv6Packet.ExtensionHeader = class.class(KaitaiStruct)

function Ipv6Packet.ExtensionHeader:_init(header_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.header_type = header_type
  self:_read()
end

function Ipv6Packet.ExtensionHeader:_read()
  self.next_header = IpProtocol.IpProtocol(self._io:read_u1())
  self.hdr_ext_len = self._io:read_u1()
  self.data = self._io:read_bytes(utils.box_unwrap((self.header_type == IpProtocol.IpProtocol.ah) and utils.box_wrap(self.hdr_ext_len * 4 + 2) or (self.hdr_ext_len * 8 + 6)))
end

Ipv6Packet.ExtensionHeader.property.is_extension_next = {}
function Ipv6Packet.ExtensionHeader.property.is_extension_next:get()
  if self._m_is_extension_next ~= nil then
    return self._m_is_extension_next
  end

  self._m_is_extension_next =  ((self.next_header == IpProtocol.IpProtocol.hopopt) or (self.next_header == IpProtocol.IpProtocol.ipv6_route) or (self.next_header == IpProtocol.IpProtocol.ipv6_frag) or (self.next_header == IpProtocol.IpProtocol.ah) or (self.next_header == IpProtocol.IpProtocol.ipv6_opts) or (self.next_header == IpProtocol.IpProtocol.mobility_header) or (self.next_header == IpProtocol.IpProtocol.hip) or (self.next_header == IpProtocol.IpProtocol.shim6)) 
  return self._m_is_extension_next
end

-- 
-- Length in 8-octet units not counting the first 8 octets; for the Authentication
-- Header, in 4-octet units minus 2 (RFC 4302). Reserved (zero) in a Fragment header.
-- 
-- Which extension header this is (from the previous header's Next Header).

-- 
-- Extension headers, then the upper-layer payload.
-- See also: Source (https://www.rfc-editor.org/rfc/rfc8200#section-4)
Ipv6Packet.PayloadChain = class.class(KaitaiStruct)

function Ipv6Packet.PayloadChain:_init(first_header, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.first_header = first_header
  self:_read()
end

function Ipv6Packet.PayloadChain:_read()
  if self.is_extension_first then
    self.extension_headers = {}
    local i = 0
    while true do
      local _ = Ipv6Packet.ExtensionHeader(utils.box_unwrap((i == 0) and utils.box_wrap(self.first_header) or (self.extension_headers[(i - 1) + 1].next_header)), self._io, self, self._root)
      self.extension_headers[i + 1] = _
      if not(_.is_extension_next) then
        break
      end
      i = i + 1
    end
  end
  if not(self.is_fragmented) then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = IpPayload(self.upper_layer_protocol, _io)
  end
  if self.is_fragmented then
    self.fragment_data = self._io:read_bytes_full()
  end
end

Ipv6Packet.PayloadChain.property.is_extension_first = {}
function Ipv6Packet.PayloadChain.property.is_extension_first:get()
  if self._m_is_extension_first ~= nil then
    return self._m_is_extension_first
  end

  self._m_is_extension_first =  ((self.first_header == IpProtocol.IpProtocol.hopopt) or (self.first_header == IpProtocol.IpProtocol.ipv6_route) or (self.first_header == IpProtocol.IpProtocol.ipv6_frag) or (self.first_header == IpProtocol.IpProtocol.ah) or (self.first_header == IpProtocol.IpProtocol.ipv6_opts) or (self.first_header == IpProtocol.IpProtocol.mobility_header) or (self.first_header == IpProtocol.IpProtocol.hip) or (self.first_header == IpProtocol.IpProtocol.shim6)) 
  return self._m_is_extension_first
end

-- 
-- The payload is a fragment (the last extension header is a Fragment header).
Ipv6Packet.PayloadChain.property.is_fragmented = {}
function Ipv6Packet.PayloadChain.property.is_fragmented:get()
  if self._m_is_fragmented ~= nil then
    return self._m_is_fragmented
  end

  self._m_is_fragmented =  ((self.is_extension_first) and (self.extension_headers[#self.extension_headers].header_type == IpProtocol.IpProtocol.ipv6_frag)) 
  return self._m_is_fragmented
end

-- 
-- Protocol of the header after the last extension header.
Ipv6Packet.PayloadChain.property.upper_layer_protocol = {}
function Ipv6Packet.PayloadChain.property.upper_layer_protocol:get()
  if self._m_upper_layer_protocol ~= nil then
    return self._m_upper_layer_protocol
  end

  self._m_upper_layer_protocol = utils.box_unwrap((self.is_extension_first) and utils.box_wrap(self.extension_headers[#self.extension_headers].next_header) or (self.first_header))
  return self._m_upper_layer_protocol
end

-- 
-- Part of a fragmented packet; not reassembled.

