-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_network_update")
local stringstream = require("string_stream")

-- 
-- The body of a 21 Initialization Network Update or 22 Network Update after LZ4
-- decompression and with every DeltaUpdate already reconstructed by the wirestruct
-- runtime, so that every sub-update is a RawUpdate (be u16 size including itself, then a
-- NetworkUpdate). This is the file the Web IDE export writes for these packets.
-- 
-- On the wire a sub-update whose first bit is set is a DeltaUpdate: a bitfield of
-- `(n + 8) >> 3` bytes, `n` being the size of the previous sub-update's data (which may
-- have been in an earlier packet), then the replaced bytes. Its length cannot be known
-- from the packet alone, so only the runtime (wirestruct.scrap_mechanic.delta) can expand
-- it; this spec describes the result. Decision where the document is loose: the
-- pseudo-code loops over bitfield bytes, but the worked example (`80 ef 02`) goes bit by
-- bit, from the least significant bit of the last bitfield byte (data byte 0) upwards; a
-- set bit keeps the previous byte. The runtime follows the example.
-- 
-- The Web IDE has no record of earlier Creates: each NetworkUpdate is opened with
-- controller type 0 (not known), and the controller type of UpdateRigidBody and
-- UpdateChildShape is recovered from the data size (see `sm_network_update`).
-- See also: 21 - Initialization Network Update, section Structure
-- See also: 22 - Network Update, sections Structure and DeltaUpdate
SmNetworkUpdateBody = class.class(KaitaiStruct)

function SmNetworkUpdateBody:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmNetworkUpdateBody:_read()
  self.tick = self._io:read_u4be()
  self.sub_updates = {}
  local i = 0
  while not self._io:is_eof() do
    self.sub_updates[i + 1] = SmNetworkUpdateBody.RawUpdate(self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- The tick at which the packet was sent.
-- 
-- The sub-updates until the end of the body, each a RawUpdate here: the runtime
-- has already expanded every DeltaUpdate.
-- 
-- When writing, the count is implied by the body's size (`repeat: eos`), and
-- DeltaUpdates are not described here: the encoder's `SubUpdateFramer` frames each sub-
-- update as raw or delta against the previous one.

-- 
-- See also: 22 - Network Update, section RawUpdate
SmNetworkUpdateBody.RawUpdate = class.class(KaitaiStruct)

function SmNetworkUpdateBody.RawUpdate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdateBody.RawUpdate:_read()
  self.len_update = self._io:read_u2be()
  if not(self.len_update >= 2) then
    error("ValidationLessThanError")
  end
  if not(self.len_update <= 32767) then
    error("ValidationGreaterThanError")
  end
  self._raw_data = self._io:read_bytes(self.len_update - 2)
  local _io = KaitaiStream(stringstream(self._raw_data))
  self.data = SmNetworkUpdate(0, _io)
end

-- 
-- Size of the update including this field; the top bit is clear (raw, not delta).
-- When writing, set to 2 + the byte length of `data`.
-- 
-- The NetworkUpdate, opened with controller type 0 (not known; see the spec's doc
-- for how the controller type is then recovered).

