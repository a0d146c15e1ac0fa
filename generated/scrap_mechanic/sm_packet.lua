-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_interact")
require("sm_checksums_accepted")
require("sm_harvestable_destroy")
require("sm_common")
require("sm_legacy")
require("sm_hello")
require("sm_request_passphrase")
require("sm_respond_passphrase")
require("sm_join_confirmation")
require("sm_client_accepted")
local stringstream = require("string_stream")

-- 
-- One packet as it travels: a packet id byte, then the body, whose size is what Steam's
-- networking delivered.
-- 
-- Packets documented as not LZ4 compressed (01 Hello, 03 Request Passphrase, 04 Respond
-- Passphrase, 05 Client Accepted, 07 Checksums Accepted, 10 Join Confirmation, 40
-- Harvestable Destroy, 50 Interact, 51 Legacy) are routed here by packet id: their body
-- opens with its spec straight from the packet, in the Web IDE too. Each layout is the
-- same in both directions (01 Hello, the one id the page sends both ways, has no data).
-- 
-- The bodies of the packets documented as LZ4 compressed are a single raw LZ4 block with
-- no size prefix, so this spec keeps them as bytes (as it does for ids no page documents).
-- The wirestruct runtime decompresses the body (into a buffer capped by wirestruct.limits)
-- and the expanded body opens with the body spec of its packet id, named in the doc of
-- each `sm_common::packet_id` value: for instance `sm_network_update_body` (21, 22; delta
-- updates already expanded), `sm_unreliable_update` (24), `sm_compound_body` (29),
-- `sm_player_movement` (30), `sm_server_info` (02). Sub-packets of a 29 are not
-- compressed: their bodies open with those specs directly (21/22 only once the runtime
-- expanded their deltas).
-- See also: Format, section Structure
-- See also: 21 - Initialization Network Update
-- See also: 22 - Network Update
-- See also: 24 - Unreliable Update
-- See also: 29 - Compound Packet
-- See also: 30 - Player Movement
SmPacket = class.class(KaitaiStruct)

function SmPacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmPacket:_read()
  self.packet_id = SmCommon.PacketId(self._io:read_u1())
  local _on = self.packet_id
  if _on == SmCommon.PacketId.checksums_accepted then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmChecksumsAccepted(_io)
  elseif _on == SmCommon.PacketId.client_accepted then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmClientAccepted(_io)
  elseif _on == SmCommon.PacketId.harvestable_destroy then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmHarvestableDestroy(_io)
  elseif _on == SmCommon.PacketId.hello then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmHello(_io)
  elseif _on == SmCommon.PacketId.interact then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmInteract(_io)
  elseif _on == SmCommon.PacketId.join_confirmation then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmJoinConfirmation(_io)
  elseif _on == SmCommon.PacketId.legacy then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmLegacy(_io)
  elseif _on == SmCommon.PacketId.request_passphrase then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmRequestPassphrase(_io)
  elseif _on == SmCommon.PacketId.respond_passphrase then
    self._raw_body = self._io:read_bytes_full()
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = SmRespondPassphrase(_io)
  else
    self.body = self._io:read_bytes_full()
  end
end

-- 
-- Which packet this is; the layout of the body depends on it.
-- 
-- The body of a packet that is not compressed, parsed; otherwise the LZ4 block (or the
-- undocumented body) as bytes, any length, including zero.
-- When writing, a routed body as the object of its spec (its type must match
-- `packet_id`), written into a stream of the packet's exact size (the body is a
-- substream of the rest of it); otherwise the LZ4 block (python-lz4, no size prefix)
-- of the uncompressed body, made by the writer. `size-eos`, so the record's length
-- decides its size.

