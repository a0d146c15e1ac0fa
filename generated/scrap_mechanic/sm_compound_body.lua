-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")

-- 
-- The body of a 29 Compound Packet after LZ4 decompression: sub-packets until the end,
-- each as if it had arrived on its own but not compressed. The wirestruct runtime first
-- walks the size prefixes itself, counting sub-packets against its item limit, and hands
-- this spec only the sub-packets within it; it then decodes every sub-packet in order as
-- its own packet. In the Web IDE their bodies stay bytes (open them with the body spec of
-- their packet id).
-- 
-- A sub-packet can be any server-to-client packet documented as LZ4 compressed: 02 Server
-- Info (`sm_server_info`), 11 Script Initialization Data
-- (`sm_script_initialization_data`), 13 Generic Initialization Data
-- (`sm_generic_initialization_data`), 18 Display Message (`sm_display_message`), 19
-- Display Alert Text (`sm_display_alert_text`), 21/22 Network Update
-- (`sm_network_update_body` once the runtime expanded the deltas), 24 Unreliable Update
-- (`sm_unreliable_update`), 25 Script Data (S->C) (`sm_script_data_s2c`), 27 Generic Data
-- (S->C) (`sm_generic_data_s2c`), and 29 itself. Their bodies are not compressed here, so
-- those specs open them as they are. (A sub-packet of a packet documented as not
-- compressed would open as `sm_packet` routes it.)
-- See also: 29 - Compound Packet, section Structure
SmCompoundBody = class.class(KaitaiStruct)

function SmCompoundBody:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmCompoundBody:_read()
  self.subpackets = {}
  local i = 0
  while not self._io:is_eof() do
    self.subpackets[i + 1] = SmCompoundBody.Subpacket(self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- The sub-packets, read until the end of the body.
-- When writing, the sub-packet count is implied by the body's size (`repeat: eos`):
-- write into a stream of exactly the sum of the sub-packets' sizes.

-- 
-- See also: 29 - Compound Packet, section Subpacket Structure
SmCompoundBody.Subpacket = class.class(KaitaiStruct)

function SmCompoundBody.Subpacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCompoundBody.Subpacket:_read()
  self.len_subpacket = self._io:read_u4be()
  if not(self.len_subpacket >= 1) then
    error("ValidationLessThanError")
  end
  self.packet_id = SmCommon.PacketId(self._io:read_u1())
  self.body = self._io:read_bytes(self.len_subpacket - 1)
end

-- 
-- Size of the packet id plus the data.
-- When writing, set to 1 + the byte length of `body` (the id byte counts).
-- 
-- Which packet the sub-packet is: any server-to-client packet documented as LZ4
-- compressed (see the spec's doc for their body specs).
-- 
-- The uncompressed body of the sub-packet.

