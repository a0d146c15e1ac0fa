-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- The body of a 35 Remove packet after LZ4 decompression (Client -> Server, 33 bytes):
-- sent when the player removes a shape or lift (joints: 39 Remove Joint). Vec3i values
-- are sent Z, Y, X (`sm_common::vec3i32_zyx`). Packets with a Removed Surface the page
-- does not list do nothing; their 8 bytes stay bytes here.
-- See also: 35 - Remove, section Structure
SmRemove = class.class(KaitaiStruct)

SmRemove.RemovedSurface = enum.Enum {
  body = 4,
  lift = 6,
}

function SmRemove:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmRemove:_read()
  self.local_position_high = SmCommon.Vec3i32Zyx(self._io)
  self.local_position_low = SmCommon.Vec3i32Zyx(self._io)
  self.removed_surface = SmRemove.RemovedSurface(self._io:read_u1())
  local _on = self.removed_surface
  if _on == SmRemove.RemovedSurface.body then
    self._raw_removed_surface_data = self._io:read_bytes(8)
    local _io = KaitaiStream(stringstream(self._raw_removed_surface_data))
    self.removed_surface_data = SmRemove.RemovedSurfaceBody(_io, self, self._root)
  elseif _on == SmRemove.RemovedSurface.lift then
    self._raw_removed_surface_data = self._io:read_bytes(8)
    local _io = KaitaiStream(stringstream(self._raw_removed_surface_data))
    self.removed_surface_data = SmRemove.RemovedSurfaceLift(_io, self, self._root)
  else
    self.removed_surface_data = self._io:read_bytes(8)
  end
end

-- 
-- The position of the positive-x, positive-y, positive-z, exclusive corner of blocks to
-- remove, local to the body: `Local Position Low` plus the size of the box of blocks to
-- remove. Always `(0, 0, 0)` for parts, but the server accepts any value.
-- 
-- The position of the negative-x, negative-y, negative-z, inclusive corner of blocks to
-- remove, local to the body. Always `(0, 0, 0)` for parts, but the server accepts any
-- value.
-- 
-- The type of surface to remove.
-- 
-- The data of the removed surface (8 bytes); bytes for values the page does not list.

-- 
-- A shape of a body.
-- See also: 35 - Remove, section RemovedSurface 4 - Body
SmRemove.RemovedSurfaceBody = class.class(KaitaiStruct)

function SmRemove.RemovedSurfaceBody:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmRemove.RemovedSurfaceBody:_read()
  self.shape_id = self._io:read_u4be()
  self.body_id = self._io:read_u4be()
end

-- 
-- The ID of the part to remove. Always `0` for blocks.
-- 
-- The ID of the body to remove the shape from.

-- 
-- A lift.
-- See also: 35 - Remove, section RemovedSurface 6 - Lift
SmRemove.RemovedSurfaceLift = class.class(KaitaiStruct)

function SmRemove.RemovedSurfaceLift:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmRemove.RemovedSurfaceLift:_read()
  self.unknown = self._io:read_bytes(4)
  self.lift_id = self._io:read_u4be()
end

-- 
-- Always equal to `00 00 00 00`. Any value is accepted by the server.
-- 
-- The ID of the lift to remove.

