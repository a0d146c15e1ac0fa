-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("llc_snap")
local enum = require("enum")
local utils = require("utils")
local stringstream = require("string_stream")

-- 
-- An IEEE 802.11 MAC frame as capture files store it (link type 105, and inside radiotap
-- and PPI headers): the frame control field, then, for data frames, the duration, the
-- three or four addresses, the sequence control, the QoS and HT control fields when
-- present, and the body, which an unencrypted data frame carries as an LLC/SNAP header
-- and the packet. Management and control frames, encrypted bodies and A-MSDUs stay
-- bytes. The frame check sequence, when the capture kept it, is the last 4 bytes.
-- See also: IEEE 802.11-2020 section 9.2 (MAC frame formats)
Ieee80211Frame = class.class(KaitaiStruct)

Ieee80211Frame.FrameType = enum.Enum {
  management = 0,
  control = 1,
  data = 2,
  extension = 3,
}

function Ieee80211Frame:_init(has_fcs, has_data_pad, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self.has_fcs = has_fcs
  self.has_data_pad = has_data_pad
  self:_read()
end

function Ieee80211Frame:_read()
  self.subtype = self._io:read_bits_int_be(4)
  self.frame_type = Ieee80211Frame.FrameType(self._io:read_bits_int_be(2))
  self.protocol_version = self._io:read_bits_int_be(2)
  self.order = self._io:read_bits_int_be(1) ~= 0
  self.is_protected = self._io:read_bits_int_be(1) ~= 0
  self.more_data = self._io:read_bits_int_be(1) ~= 0
  self.power_management = self._io:read_bits_int_be(1) ~= 0
  self.retry = self._io:read_bits_int_be(1) ~= 0
  self.more_fragments = self._io:read_bits_int_be(1) ~= 0
  self.from_ds = self._io:read_bits_int_be(1) ~= 0
  self.to_ds = self._io:read_bits_int_be(1) ~= 0
  self._io:align_to_byte()
  self.duration = self._io:read_u2le()
  if  ((self.is_data) and (self.protocol_version == 0))  then
    self.header = Ieee80211Frame.DataHeader(self._io, self, self._root)
  end
  local _on = self.carries_llc
  if _on == true then
    self._raw_body = self._io:read_bytes((self._io:size() - self._io:pos()) - utils.box_unwrap((self.has_fcs) and utils.box_wrap(4) or (0)))
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = LlcSnap(_io)
  else
    self.body = self._io:read_bytes((self._io:size() - self._io:pos()) - utils.box_unwrap((self.has_fcs) and utils.box_wrap(4) or (0)))
  end
  if self.has_fcs then
    self.fcs = self._io:read_bytes(4)
  end
end

Ieee80211Frame.property.carries_llc = {}
function Ieee80211Frame.property.carries_llc:get()
  if self._m_carries_llc ~= nil then
    return self._m_carries_llc
  end

  self._m_carries_llc =  ((self.is_data) and (self.protocol_version == 0) and ( ((self.subtype == 0) or (self.subtype == 8)) ) and (not(self.is_protected)) and (not( ((self.is_qos) and (self.header.is_amsdu)) ))) 
  return self._m_carries_llc
end

-- 
-- A data frame (whose header is read when the protocol version is 0).
Ieee80211Frame.property.is_data = {}
function Ieee80211Frame.property.is_data:get()
  if self._m_is_data ~= nil then
    return self._m_is_data
  end

  self._m_is_data = self.frame_type == Ieee80211Frame.FrameType.data
  return self._m_is_data
end

Ieee80211Frame.property.is_qos = {}
function Ieee80211Frame.property.is_qos:get()
  if self._m_is_qos ~= nil then
    return self._m_is_qos
  end

  self._m_is_qos =  ((self.is_data) and (math.floor(self.subtype / 8) % 2 ~= 0)) 
  return self._m_is_qos
end

-- 
-- Frame subtype; for data frames 0 is Data, 8 QoS Data, 4 and 12 carry no body.
-- 
-- 0 for the frames of IEEE 802.11-2020 section 9.2; 1 for the short frames of
-- 802.11ah (S1G), whose header is not read (their bodies stay bytes), like the
-- reserved versions 2 and 3.
-- 
-- In a QoS data frame, an HT Control field follows the QoS Control field.
-- 
-- The body is encrypted.
-- 
-- Sent by the distribution system (an access point to a station).
-- 
-- Sent to the distribution system (a station to an access point).
-- 
-- Duration/ID.
-- 
-- An unencrypted data frame's LLC header and packet; otherwise bytes.
-- 
-- The frame check sequence (CRC-32), not checked here.
-- 
-- The frame ends with its 4-byte frame check sequence.
-- 
-- The capture padded the header of a data frame to a multiple of 4 bytes before its
-- body (radiotap's Flags field, bit 0x20, which some drivers set).

-- 
-- The addresses and control fields of a data frame after the duration.
-- See also: IEEE 802.11-2020 section 9.3.2.1
Ieee80211Frame.DataHeader = class.class(KaitaiStruct)

function Ieee80211Frame.DataHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function Ieee80211Frame.DataHeader:_read()
  self.addr1 = self._io:read_bytes(6)
  self.addr2 = self._io:read_bytes(6)
  self.addr3 = self._io:read_bytes(6)
  self.sequence_control = self._io:read_u2le()
  if  ((self._parent.to_ds) and (self._parent.from_ds))  then
    self.addr4 = self._io:read_bytes(6)
  end
  if self._parent.is_qos then
    self.qos_control = self._io:read_u2le()
  end
  if  ((self._parent.is_qos) and (self._parent.order))  then
    self.ht_control = self._io:read_u4le()
  end
  self.data_pad = self._io:read_bytes(utils.box_unwrap((self._parent.has_data_pad) and utils.box_wrap((4 - self._io:pos() % 4) % 4) or (0)))
end

-- 
-- The body is an aggregate of MSDUs (A-MSDU present bit).
Ieee80211Frame.DataHeader.property.is_amsdu = {}
function Ieee80211Frame.DataHeader.property.is_amsdu:get()
  if self._m_is_amsdu ~= nil then
    return self._m_is_amsdu
  end

  self._m_is_amsdu = utils.box_unwrap((self._parent.is_qos) and utils.box_wrap(math.floor(self.qos_control / 128) % 2 ~= 0) or (false))
  return self._m_is_amsdu
end

-- 
-- Receiver address.
-- 
-- Transmitter address.
-- 
-- The third address (BSSID, source or destination, by To DS / From DS).
-- 
-- Fragment number (low 4 bits) and sequence number.
-- 
-- Present in frames of a wireless distribution system.
-- 
-- Padding the capture added after the header, to a multiple of 4 bytes.

