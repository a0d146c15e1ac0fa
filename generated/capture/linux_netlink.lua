-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("linux_sll")
require("nflog")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- Link type 253: netlink messages captured on a Linux nlmon device, after the 16-byte
-- cooked header (its protocol field is the netlink family). The messages are in the
-- byte order of the capturing machine (little-endian for the usual x86 and ARM hosts, as
-- read here). A netfilter log message (NFULNL_MSG_PACKET, which the NFLOG target sends)
-- has the same body as a LINKTYPE_NFLOG record and is parsed as one, down to the logged
-- packet; other messages stay bytes.
-- See also: Source (https://www.tcpdump.org/linktypes/LINKTYPE_NETLINK.html)
LinuxNetlink = class.class(KaitaiStruct)

LinuxNetlink.NetlinkFamily = enum.Enum {
  route = 0,
  sock_diag = 4,
  audit = 9,
  netfilter = 12,
  kobject_uevent = 15,
  generic = 16,
}

function LinuxNetlink:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function LinuxNetlink:_read()
  self.packet_type = LinuxSll.PacketType(self._io:read_u2be())
  self.arphrd_type = LinuxSll.ArphrdType(self._io:read_u2be())
  self.len_addr = self._io:read_u2be()
  self.addr = self._io:read_bytes(8)
  self.family = LinuxNetlink.NetlinkFamily(self._io:read_u2be())
  self.messages = {}
  local i = 0
  while not self._io:is_eof() do
    self.messages[i + 1] = LinuxNetlink.Message(self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- ARPHRD_NETLINK (824).
-- 
-- The netlink family of the messages.

-- 
-- One netlink message (struct nlmsghdr, then its body) and its padding.
-- See also: Source (https://man7.org/linux/man-pages/man7/netlink.7.html)
LinuxNetlink.Message = class.class(KaitaiStruct)

function LinuxNetlink.Message:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function LinuxNetlink.Message:_read()
  self.len_message = self._io:read_u4le()
  if not(self.len_message >= 16) then
    error("ValidationLessThanError")
  end
  self.message_type = self._io:read_u2le()
  self.flags = self._io:read_u2le()
  self.sequence = self._io:read_u4le()
  self.port_id = self._io:read_u4le()
  local _on = self.is_log_packet
  if _on == true then
    self._raw_body = self._io:read_bytes(self.len_message - 16)
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Nflog(_io)
  else
    self.body = self._io:read_bytes(self.len_message - 16)
  end
  if not(self._io:is_eof()) then
    self.padding = self._io:read_bytes((4 - self.len_message % 4) % 4)
  end
end

-- 
-- A netfilter log message carrying a packet.
LinuxNetlink.Message.property.is_log_packet = {}
function LinuxNetlink.Message.property.is_log_packet:get()
  if self._m_is_log_packet ~= nil then
    return self._m_is_log_packet
  end

  self._m_is_log_packet =  ((self._parent.family == LinuxNetlink.NetlinkFamily.netfilter) and (self.message_type == 1024)) 
  return self._m_is_log_packet
end

-- 
-- Length of the message with this 16-byte header, without padding.
-- 
-- For netfilter, the subsystem (high byte) and its message type.

