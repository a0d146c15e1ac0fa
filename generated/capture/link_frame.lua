-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("exported_pdu")
require("cisco_hdlc")
require("null_loopback")
require("linux_sll")
require("ipv4_packet")
require("nflog")
require("ethernet_frame")
require("radiotap_header")
require("ip_packet")
require("ieee802_11_frame")
require("linux_netlink")
require("ppi_header")
require("linux_sll2")
require("ppp_frame")
require("ipv6_packet")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- One captured frame of a pcap or pcapng file. The file names the link-layer header type
-- (pcap: in the global header; pcapng: per interface) and this router picks the layer
-- type from it. Link types wirestruct does not parse keep their bytes.
-- See also: Source (https://www.tcpdump.org/linktypes.html)
LinkFrame = class.class(KaitaiStruct)

LinkFrame.LinkType = enum.Enum {
  null_loopback = 0,
  ethernet = 1,
  ieee802_5 = 6,
  slip = 8,
  ppp = 9,
  fddi = 10,
  raw_dlt12 = 12,
  raw_dlt14 = 14,
  ppp_hdlc = 50,
  ppp_ether = 51,
  atm_rfc1483 = 100,
  raw = 101,
  c_hdlc = 104,
  ieee802_11 = 105,
  frelay = 107,
  loop = 108,
  linux_sll = 113,
  ltalk = 114,
  prism_header = 119,
  ip_over_fc = 122,
  ieee802_11_radiotap = 127,
  docsis = 143,
  ieee802_11_avs = 163,
  bluetooth_hci_h4 = 187,
  usb_linux = 189,
  ppi = 192,
  ieee802_15_4_withfcs = 195,
  bluetooth_hci_h4_with_phdr = 201,
  usb_linux_mmapped = 220,
  ipv4 = 228,
  ipv6 = 229,
  nflog = 239,
  usbpcap = 249,
  wireshark_upper_pdu = 252,
  netlink = 253,
  linux_sll2 = 276,
}

function LinkFrame:_init(link_type_id, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self.link_type_id = link_type_id
  self:_read()
end

function LinkFrame:_read()
  local _on = self.link_type
  if _on == LinkFrame.LinkType.c_hdlc then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = CiscoHdlc(_io)
  elseif _on == LinkFrame.LinkType.ethernet then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = EthernetFrame(_io)
  elseif _on == LinkFrame.LinkType.ieee802_11 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ieee80211Frame(false, false, _io)
  elseif _on == LinkFrame.LinkType.ieee802_11_radiotap then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = RadiotapHeader(_io)
  elseif _on == LinkFrame.LinkType.ipv4 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv4Packet(_io)
  elseif _on == LinkFrame.LinkType.ipv6 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Ipv6Packet(_io)
  elseif _on == LinkFrame.LinkType.linux_sll then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = LinuxSll(_io)
  elseif _on == LinkFrame.LinkType.linux_sll2 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = LinuxSll2(_io)
  elseif _on == LinkFrame.LinkType.loop then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = NullLoopback(_io)
  elseif _on == LinkFrame.LinkType.netlink then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = LinuxNetlink(_io)
  elseif _on == LinkFrame.LinkType.nflog then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Nflog(_io)
  elseif _on == LinkFrame.LinkType.null_loopback then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = NullLoopback(_io)
  elseif _on == LinkFrame.LinkType.ppi then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = PpiHeader(_io)
  elseif _on == LinkFrame.LinkType.ppp then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = PppFrame(_io)
  elseif _on == LinkFrame.LinkType.ppp_hdlc then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = PppFrame(_io)
  elseif _on == LinkFrame.LinkType.raw then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = IpPacket(_io)
  elseif _on == LinkFrame.LinkType.raw_dlt12 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = IpPacket(_io)
  elseif _on == LinkFrame.LinkType.raw_dlt14 then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = IpPacket(_io)
  elseif _on == LinkFrame.LinkType.wireshark_upper_pdu then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = ExportedPdu(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- The link-layer header type, by name.
LinkFrame.property.link_type = {}
function LinkFrame.property.link_type:get()
  if self._m_link_type ~= nil then
    return self._m_link_type
  end

  self._m_link_type = LinkFrame.LinkType(self.link_type_id)
  return self._m_link_type
end

-- 
-- When writing, `link_type_id` must name the body's type: `_check()` does not compare
-- the switch value with the body object.
-- 
-- LINKTYPE_ value of the interface the frame was captured on.

