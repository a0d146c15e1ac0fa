-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
local utils = require("utils")
local stringstream = require("string_stream")

-- 
-- The body of a 24 Unreliable Update after LZ4 decompression: two ticks and up to 255
-- NetObj updates, each sized, routed by NetObj type (RigidBody, Controller, Character;
-- other types are not unreliably updateable and stay bytes).
-- 
-- Unaligned floats: the Character update is a bit stream. After the 32-bit id a single
-- `is_tumbling` bit shifts everything that follows by one bit, so its floats do not
-- start on a byte boundary. Kaitai reads floats only at byte boundaries, a custom
-- `process:` routine to realign the bits would not run in the Web IDE, and the Python
-- runtime aligns every byte-array read. So each float is read as its 32 raw bits
-- (`b32`, big-endian, which bit streams allow at any bit offset) and the float values
-- are computed from those bits by `sm_common::f4_from_bits`, with arithmetic only: the
-- `position`, `rotation`, `velocity` and `angular_velocity` fields at the end of the
-- character update give the real floats, in Python and in the Web IDE alike. They are
-- placed after the closing padding bits because a sub-type starts on a byte boundary.
-- See also: 24 - Unreliable Update, section Structure
SmUnreliableUpdate = class.class(KaitaiStruct)

function SmUnreliableUpdate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmUnreliableUpdate:_read()
  self.server_tick = self._io:read_u4be()
  self.current_tick = self._io:read_u4be()
  self.num_updates = self._io:read_u1()
  self.updates = {}
  for i = 0, self.num_updates - 1 do
    self.updates[i + 1] = SmUnreliableUpdate.Update(self._io, self, self._root)
  end
end

-- 
-- The server's tick number, as `sm.game.getServerTick()` returns it.
-- 
-- The current tick number, as `sm.game.getCurrentTick()` returns it.
-- 
-- Number of NetObj updates that follow (at most 255).
-- When writing, set to the length of `updates`.
-- 
-- The NetObj updates.

-- 
-- A bit stream (see the spec's doc for how floats are read). Not tumbling: keys,
-- direction, yaw, pitch and position. Tumbling: rotation, position, velocity and
-- angular velocity. The document's bit offsets for the tumbling layout (position at
-- 0x41) do not fit its 128-bit quaternion; the field sizes are right, so the offsets
-- used here follow from the sizes: rotation at bit 0x21, position 0xa1, velocity
-- 0x101, angular velocity 0x161, ending at 0x1c1. Both layouts end one bit into a
-- byte; 7 padding bits complete it.
-- 
-- When writing, the floats are bit-stream values: set each `*_bits` field to the
-- IEEE-754 bits of the float and build `position`/`rotation` (`*_from_bits`, which read
-- no bytes) from the same bits, on an empty stream; `_check()` reports a mismatch.
-- `is_tumbling` decides which fields are present. The encoder's hook does this from
-- float values.
-- See also: 24 - Unreliable Update, section NetObjType 6 - Character
SmUnreliableUpdate.CharacterUpdate = class.class(KaitaiStruct)

function SmUnreliableUpdate.CharacterUpdate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmUnreliableUpdate.CharacterUpdate:_read()
  self.character_id = self._io:read_u4be()
  self.is_tumbling = self._io:read_bits_int_be(1) ~= 0
  if not(self.is_tumbling) then
    self.keys_unknown = self._io:read_bits_int_be(3)
  end
  if not(self.is_tumbling) then
    self.keys_aiming = self._io:read_bits_int_be(1) ~= 0
  end
  if not(self.is_tumbling) then
    self.keys_sprint = self._io:read_bits_int_be(1) ~= 0
  end
  if not(self.is_tumbling) then
    self.keys_horizontal = self._io:read_bits_int_be(1) ~= 0
  end
  if not(self.is_tumbling) then
    self.keys_crawl = self._io:read_bits_int_be(1) ~= 0
  end
  if not(self.is_tumbling) then
    self.keys_jump = self._io:read_bits_int_be(1) ~= 0
  end
  if not(self.is_tumbling) then
    self.direction = self._io:read_bits_int_be(8)
  end
  if not(self.is_tumbling) then
    self.yaw = self._io:read_bits_int_be(8)
  end
  if not(self.is_tumbling) then
    self.pitch = self._io:read_bits_int_be(8)
  end
  if self.is_tumbling then
    self.rotation_x_bits = self._io:read_bits_int_be(32)
  end
  if self.is_tumbling then
    self.rotation_y_bits = self._io:read_bits_int_be(32)
  end
  if self.is_tumbling then
    self.rotation_z_bits = self._io:read_bits_int_be(32)
  end
  if self.is_tumbling then
    self.rotation_w_bits = self._io:read_bits_int_be(32)
  end
  self.position_x_bits = self._io:read_bits_int_be(32)
  self.position_y_bits = self._io:read_bits_int_be(32)
  self.position_z_bits = self._io:read_bits_int_be(32)
  if self.is_tumbling then
    self.velocity_x_bits = self._io:read_bits_int_be(32)
  end
  if self.is_tumbling then
    self.velocity_y_bits = self._io:read_bits_int_be(32)
  end
  if self.is_tumbling then
    self.velocity_z_bits = self._io:read_bits_int_be(32)
  end
  if self.is_tumbling then
    self.angular_velocity_x_bits = self._io:read_bits_int_be(32)
  end
  if self.is_tumbling then
    self.angular_velocity_y_bits = self._io:read_bits_int_be(32)
  end
  if self.is_tumbling then
    self.angular_velocity_z_bits = self._io:read_bits_int_be(32)
  end
  self.padding = self._io:read_bits_int_be(7)
  self._io:align_to_byte()
  self.position = SmCommon.Vec3fFromBits(self.position_x_bits, self.position_y_bits, self.position_z_bits, self._io)
  if self.is_tumbling then
    self.rotation = SmCommon.QuatFromBits(self.rotation_x_bits, self.rotation_y_bits, self.rotation_z_bits, self.rotation_w_bits, self._io)
  end
  if self.is_tumbling then
    self.velocity = SmCommon.Vec3fFromBits(self.velocity_x_bits, self.velocity_y_bits, self.velocity_z_bits, self._io)
  end
  if self.is_tumbling then
    self.angular_velocity = SmCommon.Vec3fFromBits(self.angular_velocity_x_bits, self.angular_velocity_y_bits, self.angular_velocity_z_bits, self._io)
  end
end

-- 
-- The keys bitfield as a byte (a sum of `sm_common::movement_key` values).
SmUnreliableUpdate.CharacterUpdate.property.keys = {}
function SmUnreliableUpdate.CharacterUpdate.property.keys:get()
  if self._m_keys ~= nil then
    return self._m_keys
  end

  if not(self.is_tumbling) then
    self._m_keys = (((utils.box_unwrap((self.keys_aiming) and utils.box_wrap(16) or (0)) + utils.box_unwrap((self.keys_sprint) and utils.box_wrap(8) or (0))) + utils.box_unwrap((self.keys_horizontal) and utils.box_wrap(4) or (0))) + utils.box_unwrap((self.keys_crawl) and utils.box_wrap(2) or (0))) + utils.box_unwrap((self.keys_jump) and utils.box_wrap(1) or (0))
  end
  return self._m_keys
end

-- 
-- Id of the character to update.
-- 
-- Whether the character is tumbling; decides which of the two layouts follows.
-- 
-- Keys bits 7..5, not known to be anything but low.
-- 
-- Keys bit 4: aiming (with the Spud Gun, for one), set by
-- `Tool:setMovementSlowDown`, read by `Character:isAiming`.
-- 
-- Keys bit 3: sprinting while moving horizontally, not just holding Sprint.
-- 
-- Keys bit 2: any of Move Forward, Move Backward, Strafe Left, Strafe Right held.
-- 
-- Keys bit 1: the Crawl (crouch) key is held, whatever the character does.
-- 
-- Keys bit 0: the Jump button is held, on the ground or not.
-- 
-- Horizontal direction the character moves or last moved in, seen from above:
-- 0 right, 64 forwards, 128 left, 192 backwards (counter-clockwise).
-- 
-- Horizontal look rotation; 0 looks into +Y, counter-clockwise, wraps at 255.
-- 
-- Vertical look rotation; 0 looks straight down (-Z), 128 straight up.
-- 
-- Bits of the world rotation's X component (a float, sign bit first).
-- 
-- Bits of the world rotation's Y component.
-- 
-- Bits of the world rotation's Z component.
-- 
-- Bits of the world rotation's real part W.
-- 
-- Bits of the world position's X coordinate (both layouts).
-- 
-- Bits of the world position's Y coordinate.
-- 
-- Bits of the world position's Z coordinate.
-- 
-- Bits of the velocity's X component.
-- 
-- Bits of the velocity's Y component.
-- 
-- Bits of the velocity's Z component.
-- 
-- Bits of the angular velocity's X component.
-- 
-- Bits of the angular velocity's Y component.
-- 
-- Bits of the angular velocity's Z component.
-- 
-- Completes the last byte.
-- 
-- World position of the character (floats from the bits above; reads no bytes).
-- 
-- World rotation of the character (reads no bytes).
-- 
-- Linear velocity of the character (reads no bytes).
-- 
-- Angular velocity of the character (reads no bytes).

-- 
-- See also: 24 - Unreliable Update, section NetObjType 3 - Controller
SmUnreliableUpdate.ControllerUpdate = class.class(KaitaiStruct)

function SmUnreliableUpdate.ControllerUpdate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmUnreliableUpdate.ControllerUpdate:_read()
  self.interactable_id = self._io:read_u4be()
  self.data = self._io:read_bytes_full()
end

-- 
-- Id of the interactable to update.
-- 
-- Depends on the interactable's type, which this packet does not say.

-- 
-- See also: 24 - Unreliable Update, section NetObjType 0 - RigidBody
SmUnreliableUpdate.RigidBodyUpdate = class.class(KaitaiStruct)

function SmUnreliableUpdate.RigidBodyUpdate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmUnreliableUpdate.RigidBodyUpdate:_read()
  self.body_id = self._io:read_u4be()
  self.rotation = SmCommon.QuatXyzw(self._io)
  self.position = SmCommon.Vec3fXyz(self._io)
  self.velocity = SmCommon.Vec3fXyz(self._io)
  self.angular_velocity = SmCommon.Vec3fXyz(self._io)
  self.is_awake = self._io:read_bits_int_be(1) ~= 0
  self.revision = self._io:read_bits_int_be(7)
end

-- 
-- Id of the rigid body to update.
-- 
-- World rotation of the body.
-- 
-- World position of the body.
-- 
-- Linear velocity of the body.
-- 
-- Angular velocity of the body.
-- 
-- Whether the body is awake (simulated) rather than asleep.
-- 
-- The body's revision, 7 bits; wraps from 127 back to 0.

-- 
-- See also: 24 - Unreliable Update, section Update
SmUnreliableUpdate.Update = class.class(KaitaiStruct)

function SmUnreliableUpdate.Update:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmUnreliableUpdate.Update:_read()
  self.len_update = self._io:read_u1()
  if not(self.len_update >= 2) then
    error("ValidationLessThanError")
  end
  self.netobj_type = SmCommon.NetobjType(self._io:read_u1())
  local _on = self.netobj_type
  if _on == SmCommon.NetobjType.character then
    self._raw_data = self._io:read_bytes(self.len_update - 2)
    local _io = KaitaiStream(stringstream(self._raw_data))
    self.data = SmUnreliableUpdate.CharacterUpdate(_io, self, self._root)
  elseif _on == SmCommon.NetobjType.controller then
    self._raw_data = self._io:read_bytes(self.len_update - 2)
    local _io = KaitaiStream(stringstream(self._raw_data))
    self.data = SmUnreliableUpdate.ControllerUpdate(_io, self, self._root)
  elseif _on == SmCommon.NetobjType.rigid_body then
    self._raw_data = self._io:read_bytes(self.len_update - 2)
    local _io = KaitaiStream(stringstream(self._raw_data))
    self.data = SmUnreliableUpdate.RigidBodyUpdate(_io, self, self._root)
  else
    self.data = self._io:read_bytes(self.len_update - 2)
  end
end

-- 
-- Size of the whole update, including this field.
-- When writing, set to 2 + the byte length of `data`
-- (`wirestruct.scrap_mechanic.encoder.unreliable_update_fields` computes it).
-- 
-- The type of the NetObj to update. Only RigidBody, Controller and Character are
-- unreliably updateable; the game reports any other type as an error.
-- 
-- The update data, whose layout depends on `netobj_type`; other types stay bytes.

