-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local utils = require("utils")

-- 
-- The body of a 30 Player Movement packet (client to server, once a tick) after LZ4
-- decompression: the pressed movement keys and the look direction, no position.
-- See also: 30 - Player Movement, section Structure
SmPlayerMovement = class.class(KaitaiStruct)

function SmPlayerMovement:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmPlayerMovement:_read()
  self.tick = self._io:read_u4be()
  self.keys = SmPlayerMovement.Keys(self._io, self, self._root)
  self.direction = self._io:read_u1()
  self.yaw = self._io:read_u1()
  self.pitch = self._io:read_u1()
end

-- 
-- The current tick.
-- 
-- Which movement keys are pressed.
-- 
-- Horizontal direction the player walks or last walked in, relative to the yaw (not
-- updated once the player stops). 0 is strafing right, increasing counter-clockwise;
-- the keyboard gives steps of 32, but the server accepts any value.
-- 
-- Horizontal look rotation; 0 looks into +Y, increasing counter-clockwise, wrapping
-- from 255 back to 0.
-- 
-- Vertical look rotation; 0 looks straight down (-Z), 128 straight up.

-- 
-- Movement keys bitfield, bit 7 first (see `sm_common::movement_key` for the bit
-- values). All low while seated or tumbling.
-- See also: 30 - Player Movement, section Keys bitfield
SmPlayerMovement.Keys = class.class(KaitaiStruct)

function SmPlayerMovement.Keys:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmPlayerMovement.Keys:_read()
  self.reserved = self._io:read_bits_int_be(3)
  if not(self.reserved == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.reserved)
  end
  self.aim = self._io:read_bits_int_be(1) ~= 0
  self.sprint = self._io:read_bits_int_be(1) ~= 0
  self.horizontal = self._io:read_bits_int_be(1) ~= 0
  self.crawl = self._io:read_bits_int_be(1) ~= 0
  self.jump = self._io:read_bits_int_be(1) ~= 0
end

-- 
-- The bitfield as a byte (a sum of `sm_common::movement_key` values).
SmPlayerMovement.Keys.property.value = {}
function SmPlayerMovement.Keys.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = (((utils.box_unwrap((self.aim) and utils.box_wrap(16) or (0)) + utils.box_unwrap((self.sprint) and utils.box_wrap(8) or (0))) + utils.box_unwrap((self.horizontal) and utils.box_wrap(4) or (0))) + utils.box_unwrap((self.crawl) and utils.box_wrap(2) or (0))) + utils.box_unwrap((self.jump) and utils.box_wrap(1) or (0))
  return self._m_value
end

-- 
-- Bits 7..5, guaranteed unused (always low).
-- 
-- Bit 4: aiming with a tool (set by `Tool:setMovementSlowDown`, read by
-- `Character:isAiming`).
-- 
-- Bit 3: sprinting while moving horizontally, not while holding Sprint standing
-- still. Rises one tick late from a standstill and stays one tick after stopping.
-- 
-- Bit 2: any of Move Forward, Move Backward, Strafe Left, Strafe Right held.
-- 
-- Bit 1: the Crawl (crouch) key is held; says nothing about whether the character
-- actually crawls.
-- 
-- Bit 0: the Jump button is held, on the ground or not.

