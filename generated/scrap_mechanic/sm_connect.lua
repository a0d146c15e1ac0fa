-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local utils = require("utils")

-- 
-- The body of a 44 Connect packet after LZ4 decompression (Client -> Server, 9 bytes):
-- sent when the player changes a connection between two connection points with the
-- connect tool.
-- 
-- Validation, as the page describes it: if either the parent or child does not exist,
-- nothing happens. A scripted part may be connected to a bearing regardless of its
-- `connectionOutput`, and a bearing may get several parents (also through blueprint
-- editing; persistent through reloads).
-- See also: 44 - Connect, section Structure
SmConnect = class.class(KaitaiStruct)

SmConnect.ConnectionFlag = enum.Enum {
  standard = 1,
  bearing = 2,
}

SmConnect.InteractionFlag = enum.Enum {
  connect = 16,
  disconnect = 32,
  reverse_direction = 64,
}

function SmConnect:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmConnect:_read()
  self.child_id = self._io:read_u4be()
  self.parent_id = self._io:read_u4be()
  self.flags = SmConnect.Flags(self._io, self, self._root)
end

-- 
-- The ID of the interactable or bearing the connection is made to.
-- 
-- The ID of the interactable the connection is made from.
-- 
-- What type of interaction was made with the connection (Flags bitfield).

-- 
-- One byte, bit 7 first, documented as two tables: the interaction type (bits 7..4)
-- and the child connection type (bits 3..0); `interaction_flag` and `connection_flag`
-- list their bit values.
-- 
-- Interaction: setting both Connect and Disconnect toggles the connection. If Reverse
-- Direction is set, Connect and Disconnect are ignored: a part's connection cannot be
-- modified then, while a bearing's direction is always reversed. No bit set: nothing
-- happens.
-- 
-- Child connection: no bit set, nothing happens. If Bearing is set, Standard (called
-- `Part` in the page's warning) is not, and the child is not a bearing, the game
-- crashes.
-- See also: 44 - Connect, section Flags bitfield
SmConnect.Flags = class.class(KaitaiStruct)

function SmConnect.Flags:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmConnect.Flags:_read()
  self.unused = self._io:read_bits_int_be(1) ~= 0
  self.reverse_direction = self._io:read_bits_int_be(1) ~= 0
  self.disconnect = self._io:read_bits_int_be(1) ~= 0
  self.connect = self._io:read_bits_int_be(1) ~= 0
  self.unused_2 = self._io:read_bits_int_be(2)
  self.bearing = self._io:read_bits_int_be(1) ~= 0
  self.standard = self._io:read_bits_int_be(1) ~= 0
end

-- 
-- The documented bits as a byte (a sum of `interaction_flag` and `connection_flag`
-- values).
SmConnect.Flags.property.value = {}
function SmConnect.Flags.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = (((utils.box_unwrap((self.reverse_direction) and utils.box_wrap(64) or (0)) + utils.box_unwrap((self.disconnect) and utils.box_wrap(32) or (0))) + utils.box_unwrap((self.connect) and utils.box_wrap(16) or (0))) + utils.box_unwrap((self.bearing) and utils.box_wrap(2) or (0))) + utils.box_unwrap((self.standard) and utils.box_wrap(1) or (0))
  return self._m_value
end

-- 
-- Bit 7, unused.
-- 
-- Bit 6: setting this field reverses the direction the bearing spins in, if it
-- exists.
-- 
-- Bit 5: setting this field destroys the connection between the parent and the
-- child, if it exists.
-- 
-- Bit 4: setting this field creates a connection between the parent and the child,
-- if it does not exist.
-- 
-- Bits 3..2, unused.
-- 
-- Bit 1: set this bit to connect a part to a bearing.
-- 
-- Bit 0: set this bit to connect two parts or a part to a piston. If this bit is
-- set, the `Bearing` bit is ignored.

