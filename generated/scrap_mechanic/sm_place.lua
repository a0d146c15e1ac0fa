-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
local enum = require("enum")
local stringstream = require("string_stream")

-- 
-- The body of a 34 Place packet after LZ4 decompression (Client -> Server, 109 bytes):
-- sent when the player places a shape.
-- 
-- `Local Position` and `Local Position Start` depend on the surface the shape is placed
-- on (`placed_on`): local to the world (relative to its origin) for terrain surfaces,
-- terrain assets and lifts, local to the body (as `shape:getLocalPosition()` returns) for
-- bodies and joints. Vec3i values are sent Z, Y, X (`sm_common::vec3i32_zyx`).
-- 
-- Validation, as the page describes it: the server does a collision check where the shape
-- will appear and ignores the packet if the space is taken; it does not check that the
-- shape is connected to anything. Any Size is accepted (negative bounds too; in limited
-- inventory mode a negative volume rewards blocks). Any Z Axis and X Axis are accepted,
-- impossible ones included (undefined behaviour). The Shape Uuid must belong to a loaded
-- shape, or the server answers 19 Display Alert Text "Your host does not support that
-- shape". In limited inventory mode the hotbar slot must hold the Item Uuid and the Item
-- Uuid must be the Shape Uuid or its `baseUuid`; in unlimited mode the Hotbar Index and
-- Item Uuid are ignored. Unknown Placed On values are rejected (`Failed to create shape
-- {<uuid>}`); their 8 bytes stay bytes here.
-- See also: 34 - Place, section Structure
SmPlace = class.class(KaitaiStruct)

SmPlace.PlacedOn = enum.Enum {
  terrain_surface = 2,
  terrain_asset = 3,
  body = 4,
  lift = 6,
  joint = 8,
}

function SmPlace:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmPlace:_read()
  self.hotbar_index = self._io:read_u4be()
  self.total_item_quantity = self._io:read_u4be()
  self.size = SmCommon.Vec3i32Zyx(self._io)
  self.local_position_start = SmCommon.Vec3i32Zyx(self._io)
  self.z_axis = SmCommon.Vec3i32Zyx(self._io)
  self.x_axis = SmCommon.Vec3i32Zyx(self._io)
  self.local_position = SmCommon.Vec3i32Zyx(self._io)
  self.item_uuid = SmCommon.Uuid(self._io)
  self.shape_uuid = SmCommon.Uuid(self._io)
  self.placed_on = SmPlace.PlacedOn(self._io:read_u1())
  local _on = self.placed_on
  if _on == SmPlace.PlacedOn.body then
    self._raw_placed_on_data = self._io:read_bytes(8)
    local _io = KaitaiStream(stringstream(self._raw_placed_on_data))
    self.placed_on_data = SmPlace.PlacedOnBody(_io, self, self._root)
  elseif _on == SmPlace.PlacedOn.joint then
    self._raw_placed_on_data = self._io:read_bytes(8)
    local _io = KaitaiStream(stringstream(self._raw_placed_on_data))
    self.placed_on_data = SmPlace.PlacedOnJoint(_io, self, self._root)
  elseif _on == SmPlace.PlacedOn.lift then
    self._raw_placed_on_data = self._io:read_bytes(8)
    local _io = KaitaiStream(stringstream(self._raw_placed_on_data))
    self.placed_on_data = SmPlace.PlacedOnLift(_io, self, self._root)
  elseif _on == SmPlace.PlacedOn.terrain_asset then
    self._raw_placed_on_data = self._io:read_bytes(8)
    local _io = KaitaiStream(stringstream(self._raw_placed_on_data))
    self.placed_on_data = SmPlace.PlacedOnTerrain(_io, self, self._root)
  elseif _on == SmPlace.PlacedOn.terrain_surface then
    self._raw_placed_on_data = self._io:read_bytes(8)
    local _io = KaitaiStream(stringstream(self._raw_placed_on_data))
    self.placed_on_data = SmPlace.PlacedOnTerrain(_io, self, self._root)
  else
    self.placed_on_data = self._io:read_bytes(8)
  end
end

-- 
-- The index of the placed item in the hotbar.
-- 
-- The total amount of items of the same type in the player's inventory. Always `1`
-- when in unlimited inventory mode; any value is accepted by the server.
-- 
-- The size of the blocks placed. Always `(0, 0, 0)` for parts, which the server ignores.
-- 
-- The position in block units, local to the world or body, where the shape is placed
-- on. The placed shape will be connected to all sticky faces adjacent to this
-- position.
-- 
-- The Z-axis of the placed shape.
-- 
-- The X-axis of the placed shape.
-- 
-- The position of the placed shape in block units, local to the world or body. If
-- local to the body, this value matches the value returned by the
-- `shape:getLocalPosition()` Lua API function.
-- 
-- The UUID of the item in the inventory that is placed (le u128). This does not have
-- to equal the Shape Uuid: the Vacuum Pipes, for example, have multiple shapes that
-- can be placed with a single item.
-- 
-- The UUID of the placed shape (le u128).
-- 
-- The type of surface the shape is placed on.
-- 
-- The data of the placed on surface (8 bytes); bytes for values the page does not list.

-- 
-- Placed on a body; positions are local to the body.
-- See also: 34 - Place, section PlacedOn 4 - Body
SmPlace.PlacedOnBody = class.class(KaitaiStruct)

function SmPlace.PlacedOnBody:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmPlace.PlacedOnBody:_read()
  self.shape_id = self._io:read_u4be()
  self.body_id = self._io:read_u4be()
end

-- 
-- The ID of the shape the new shape is placed on. Using a non-existing Shape ID is
-- accepted by the server.
-- 
-- The ID of the body the new shape is placed on. Using a non-existing Body ID will
-- fail to create the shape.

-- 
-- Placed on a joint; positions are local to the body.
-- See also: 34 - Place, section PlacedOn 8 - Joint
SmPlace.PlacedOnJoint = class.class(KaitaiStruct)

function SmPlace.PlacedOnJoint:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmPlace.PlacedOnJoint:_read()
  self.unknown = self._io:read_bytes(4)
  self.joint_id = self._io:read_u4be()
end

-- 
-- Appears to be the same as the first Unknown field of Terrain Surface.
-- 
-- The ID of the joint the new shape is placed on. Using a non-existing Joint ID
-- will fail to create the shape.

-- 
-- Placed on a lift; positions are local to the world.
-- See also: 34 - Place, section PlacedOn 6 - Lift
SmPlace.PlacedOnLift = class.class(KaitaiStruct)

function SmPlace.PlacedOnLift:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmPlace.PlacedOnLift:_read()
  self.unknown = self._io:read_bytes(4)
  self.lift_id = self._io:read_u4be()
end

-- 
-- Appears to be the same as the first Unknown field of Terrain Surface.
-- 
-- The ID of the lift the new shape is placed on. Using a non-existing Lift ID
-- results in the shape becoming static.

-- 
-- Placed on a terrain surface; a terrain asset appears to be the same. The server
-- accepts any values here.
-- See also: 34 - Place, section PlacedOn 2 - Terrain Surface
-- See also: 34 - Place, section PlacedOn 3 - Terrain Asset
SmPlace.PlacedOnTerrain = class.class(KaitaiStruct)

function SmPlace.PlacedOnTerrain:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmPlace.PlacedOnTerrain:_read()
  self.unknown = self._io:read_bytes(4)
  self.unknown_2 = self._io:read_bytes(4)
end

-- 
-- Most of the time equal to `00 00 02 BB`, but right after entering the world equal
-- to `D2 0A 69 8D`. The server accepts any value, modifying it does not seem to
-- result in any changes.
-- 
-- Different every time. The server accepts any value, modifying it does not seem
-- to result in any changes.

