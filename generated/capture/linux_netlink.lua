-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("linux_sll")
require("nflog")
local enum = require("enum")
local utils = require("utils")
local stringstream = require("string_stream")

-- 
-- Link type 253: netlink messages captured on a Linux nlmon device, after the 16-byte
-- cooked header (its protocol field is the netlink family). The messages are in the
-- byte order of the capturing machine (little-endian for the usual x86 and ARM hosts, as
-- read here). A netfilter log message (NFULNL_MSG_PACKET, which the NFLOG target sends)
-- has the same body as a LINKTYPE_NFLOG record and is parsed as one, down to the logged
-- packet; other messages stay bytes. A frame holds every message of one send or receive,
-- often several (a batch of logged packets, a dump's replies). A message whose length is
-- shorter than its header or runs past the frame ends the messages: it and what follows
-- are `rest`, as are the last bytes when they are fewer than a header.
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
  if self._io:size() - self._io:pos() >= 16 then
    self.messages = {}
    local i = 0
    while true do
      local _ = LinuxNetlink.Message(self._io:size() - self._io:pos(), self._io, self, self._root)
      self.messages[i + 1] = _
      if  ((not(_.is_whole)) or (self._io:size() - self._io:pos() < 16))  then
        break
      end
      i = i + 1
    end
  end
  self.rest = self._io:read_bytes_full()
end

-- 
-- ARPHRD_NETLINK (824).
-- 
-- The netlink family of the messages.
-- 
-- What follows the last whole message (see `message::is_whole`), not read: empty in
-- a well-formed frame.

-- 
-- One netlink message (struct nlmsghdr, then its body) and its padding.
-- See also: Source (https://man7.org/linux/man-pages/man7/netlink.7.html)
LinuxNetlink.Message = class.class(KaitaiStruct)

function LinuxNetlink.Message:_init(len_available, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.len_available = len_available
  self:_read()
end

function LinuxNetlink.Message:_read()
  self.len_message = self._io:read_u4le()
  self.message_type = self._io:read_u2le()
  self.flags = self._io:read_u2le()
  self.sequence = self._io:read_u4le()
  self.port_id = self._io:read_u4le()
  local _on = self.is_log_packet
  if _on == true then
    self._raw_body = self._io:read_bytes(utils.box_unwrap((self.is_whole) and utils.box_wrap(self.len_message - 16) or (0)))
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Nflog(_io)
  else
    self.body = self._io:read_bytes(utils.box_unwrap((self.is_whole) and utils.box_wrap(self.len_message - 16) or (0)))
  end
  if self.is_whole then
    self.padding = self._io:read_bytes(self.len_padding)
  end
end

-- 
-- A netfilter log message carrying a packet.
LinuxNetlink.Message.property.is_log_packet = {}
function LinuxNetlink.Message.property.is_log_packet:get()
  if self._m_is_log_packet ~= nil then
    return self._m_is_log_packet
  end

  self._m_is_log_packet =  ((self._parent.family == LinuxNetlink.NetlinkFamily.netfilter) and (self.message_type == 1024) and (self.is_whole)) 
  return self._m_is_log_packet
end

-- 
-- The length covers the header and stays within the frame.
LinuxNetlink.Message.property.is_whole = {}
function LinuxNetlink.Message.property.is_whole:get()
  if self._m_is_whole ~= nil then
    return self._m_is_whole
  end

  self._m_is_whole =  ((self.len_message >= 16) and (self.len_message <= self.len_available)) 
  return self._m_is_whole
end

LinuxNetlink.Message.property.len_padding = {}
function LinuxNetlink.Message.property.len_padding:get()
  if self._m_len_padding ~= nil then
    return self._m_len_padding
  end

  self._m_len_padding = utils.box_unwrap(((4 - self.len_message % 4) % 4 <= self.len_available - self.len_message) and utils.box_wrap((4 - self.len_message % 4) % 4) or (self.len_available - self.len_message))
  return self._m_len_padding
end

-- 
-- Length of the message with this 16-byte header, without padding. One shorter
-- than the header or longer than the frame makes the message not whole.
-- 
-- For netfilter, the subsystem (high byte) and its message type.
-- 
-- Up to 3 bytes to a multiple of 4 (fewer when the frame ends first).
-- 
-- Bytes of the frame from the start of this message.

