-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("udp_datagram")
require("tcp_segment")
require("ip_protocol")
local stringstream = require("string_stream")

-- 
-- Router from the IPv4 Protocol / IPv6 Next Header value to the transport layer that
-- follows. TCP and UDP are parsed; every other protocol (ICMP, GRE, ESP ...) stays bytes.
-- IP in IP (protocol 4, IPv4, and 41, IPv6: the 6in4, 6to4 and IPv6-in-IPv6 tunnels)
-- also stays bytes here, since the IP specs import this one: the wirestruct runtime
-- parses it with `ip_packet`.
-- See also: Source (https://www.iana.org/assignments/protocol-numbers/protocol-numbers.xhtml)
IpPayload = class.class(KaitaiStruct)

function IpPayload:_init(protocol, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self.protocol = protocol
  self:_read()
end

function IpPayload:_read()
  local _on = self.protocol
  if _on == IpProtocol.IpProtocol.tcp then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = TcpSegment(_io)
  elseif _on == IpProtocol.IpProtocol.udp then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = UdpDatagram(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- When writing, `protocol` must name the body's type; `_check()` does not compare them.
-- 
-- Protocol number of the header that starts this payload.

