-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("ether_type")
require("ieee802_11_frame")
require("mpls_stack")
require("ipv4_packet")
require("ipv6_packet")
require("pppoe_session")
local stringstream = require("string_stream")
local utils = require("utils")

-- 
-- An Ethernet II frame as capture files store it (no preamble, no frame check sequence):
-- the two MAC addresses, any number of 802.1Q / 802.1ad VLAN tags, the EtherType, then
-- the payload, routed to IPv4 or IPv6 by the EtherType (and to the encapsulations that
-- carry them: PPPoE sessions, MPLS label stacks, the 802.11 frames of Centrino cards).
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_ETHERNET.html)
EthernetFrame = class.class(KaitaiStruct)

function EthernetFrame:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function EthernetFrame:_read()
  self.dst_mac = self._io:read_bytes(6)
  self.src_mac = self._io:read_bytes(6)
  self.ether_type_or_tpid = EtherType.EtherType(self._io:read_u2be())
  if self.has_vlan_tags then
    self.vlan_tags = {}
    local i = 0
    while true do
      local _ = EthernetFrame.VlanTag(self._io, self, self._root)
      self.vlan_tags[i + 1] = _
      if not(_.has_next_tag) then
        break
      end
      i = i + 1
    end
  end
  local _on = self.ether_type
  if _on == EtherType.EtherType.centrino_promiscuous then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ieee80211Frame(false, false, _io)
  elseif _on == EtherType.EtherType.ipv4 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv4Packet(_io)
  elseif _on == EtherType.EtherType.ipv6 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv6Packet(_io)
  elseif _on == EtherType.EtherType.mpls_multicast then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = MplsStack(_io)
  elseif _on == EtherType.EtherType.mpls_unicast then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = MplsStack(_io)
  elseif _on == EtherType.EtherType.pppoe_session then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = PppoeSession(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- EtherType of the payload, after any VLAN tags.
EthernetFrame.property.ether_type = {}
function EthernetFrame.property.ether_type:get()
  if self._m_ether_type ~= nil then
    return self._m_ether_type
  end

  self._m_ether_type = utils.box_unwrap((self.has_vlan_tags) and utils.box_wrap(self.vlan_tags[#self.vlan_tags].ether_type) or (self.ether_type_or_tpid))
  return self._m_ether_type
end

EthernetFrame.property.has_vlan_tags = {}
function EthernetFrame.property.has_vlan_tags:get()
  if self._m_has_vlan_tags ~= nil then
    return self._m_has_vlan_tags
  end

  self._m_has_vlan_tags =  ((self.ether_type_or_tpid == EtherType.EtherType.vlan_tag) or (self.ether_type_or_tpid == EtherType.EtherType.service_vlan_tag) or (self.ether_type_or_tpid == EtherType.EtherType.legacy_vlan_tag)) 
  return self._m_has_vlan_tags
end

-- 
-- The EtherType, or a tag protocol identifier when one or more VLAN tags follow.
-- 
-- When writing, `ether_type_or_tpid` (or the last VLAN tag's type) must name the body's
-- type; `_check()` does not compare them.

-- 
-- One IEEE 802.1Q tag after its TPID; ends with the next EtherType (or TPID).
-- See also: IEEE 802.1Q-2018 section 9.6
EthernetFrame.VlanTag = class.class(KaitaiStruct)

function EthernetFrame.VlanTag:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function EthernetFrame.VlanTag:_read()
  self.priority = self._io:read_bits_int_be(3)
  self.drop_eligible = self._io:read_bits_int_be(1) ~= 0
  self.vlan_id = self._io:read_bits_int_be(12)
  self._io:align_to_byte()
  self.ether_type = EtherType.EtherType(self._io:read_u2be())
end

EthernetFrame.VlanTag.property.has_next_tag = {}
function EthernetFrame.VlanTag.property.has_next_tag:get()
  if self._m_has_next_tag ~= nil then
    return self._m_has_next_tag
  end

  self._m_has_next_tag =  ((self.ether_type == EtherType.EtherType.vlan_tag) or (self.ether_type == EtherType.EtherType.service_vlan_tag) or (self.ether_type == EtherType.EtherType.legacy_vlan_tag)) 
  return self._m_has_next_tag
end

-- 
-- Priority Code Point.
-- 
-- Drop Eligible Indicator.
-- 
-- VLAN Identifier.
-- 
-- EtherType of what follows this tag (another TPID for a stacked tag).

