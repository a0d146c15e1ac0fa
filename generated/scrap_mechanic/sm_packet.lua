-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")

-- 
-- One packet as it travels: a packet id byte, then the body, whose size is what Steam's
-- networking delivered. The bodies of the documented packets (21, 22, 24, 29, 30) are a
-- single raw LZ4 block with no size prefix, so this spec keeps the body as bytes. The
-- wirestruct runtime decompresses it (into a buffer capped by wirestruct.limits) and the
-- expanded body opens with the body spec of its packet: `sm_network_update_body` (21,
-- 22; delta updates already expanded), `sm_unreliable_update` (24), `sm_compound_body`
-- (29) or `sm_player_movement` (30). Sub-packets of a 29 are not compressed: their bodies
-- open with those specs directly (21/22 only once the runtime expanded their deltas).
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
  self.body = self._io:read_bytes_full()
end

-- 
-- Which packet this is; the layout of the body depends on it.
-- 
-- LZ4 block for documented packets; any length, including zero.
-- When writing, the LZ4 block (python-lz4, no size prefix) of the uncompressed body,
-- made by the writer; `size-eos`, so the record's length decides its size.

