-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")

-- 
-- The body of a 50 Interact packet (Client -> Server): sent when the player interacts
-- with an interactable (pressing, unpressing, interacting). Not LZ4 compressed:
-- `sm_packet` routes its body here. The layout depends on the first byte, the packet type.
-- 
-- The page is a work in progress. Packet types it does not list keep their data as bytes;
-- bytes after the documented fields of a listed type are kept in `unknown_rest`.
-- 
-- Bearing Setting (0xFA) is listed twice, by size: 21 bytes with a float value, 18 with a
-- boolean. Decision: the two are told apart by the setting index at 0x0F, which the page
-- documents per table (0x01..0x04 float settings, 0x10 the lock). Both tables put the
-- value at 0x11 after a one-byte index at 0x0F, so the byte at 0x10 is not described; it
-- is read as `unknown_2`. The float is read big-endian and the boolean as a byte, the page
-- naming neither's width or order (the sizes 21 and 18 fit a 4-byte float and a 1-byte
-- boolean).
-- See also: 50 - Interact, section Structure
SmInteract = class.class(KaitaiStruct)

SmInteract.BearingSettingIndex = enum.Enum {
  l_turn_speed = 1,
  r_turn_speed = 2,
  r_turn_angle = 3,
  l_turn_angle = 4,
  bearing_lock = 16,
}

SmInteract.PacketType = enum.Enum {
  suspension_height = 96,
  other = 128,
  set_seated = 144,
  bearing_setting = 250,
}

function SmInteract:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmInteract:_read()
  self.packet_type = SmInteract.PacketType(self._io:read_u1())
  local _on = self.packet_type
  if _on == SmInteract.PacketType.bearing_setting then
    self.data = SmInteract.BearingSetting(self._io, self, self._root)
  elseif _on == SmInteract.PacketType.other then
    self.data = SmInteract.Other(self._io, self, self._root)
  elseif _on == SmInteract.PacketType.set_seated then
    self.data = SmInteract.SetSeated(self._io, self, self._root)
  elseif _on == SmInteract.PacketType.suspension_height then
    self.data = SmInteract.SuspensionHeight(self._io, self, self._root)
  else
    self.data = SmInteract.UnknownPacketType(self._io, self, self._root)
  end
  self.unknown_rest = self._io:read_bytes_full()
end

-- 
-- Which interaction this is; the rest of the layout depends on it.
-- 
-- The fields after the packet type, by packet type.
-- 
-- Bytes after the documented fields (empty for the documented sizes).
-- When writing, `size-eos`: the packet's length decides its size.

-- 
-- Bearing Setting (see the spec's doc for the two sizes).
-- See also: 50 - Interact, section Bearing Setting (Size=21) 0xfA
-- See also: 50 - Interact, section Bearing Setting (Size=18) 0xfA
SmInteract.BearingSetting = class.class(KaitaiStruct)

function SmInteract.BearingSetting:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmInteract.BearingSetting:_read()
  self.unknown = self._io:read_bytes(14)
  self.setting = SmInteract.BearingSettingIndex(self._io:read_u1())
  self.unknown_2 = self._io:read_bytes(1)
  if self.is_float_setting then
    self.float_value = self._io:read_f4be()
  end
  if self.setting == SmInteract.BearingSettingIndex.bearing_lock then
    self.lock_value = self._io:read_u1()
  end
end

-- 
-- Whether the setting's value is a float (Size=21) rather than a boolean (Size=18).
SmInteract.BearingSetting.property.is_float_setting = {}
function SmInteract.BearingSetting.property.is_float_setting:get()
  if self._m_is_float_setting ~= nil then
    return self._m_is_float_setting
  end

  self._m_is_float_setting =  ((self.setting == SmInteract.BearingSettingIndex.l_turn_speed) or (self.setting == SmInteract.BearingSettingIndex.r_turn_speed) or (self.setting == SmInteract.BearingSettingIndex.r_turn_angle) or (self.setting == SmInteract.BearingSettingIndex.l_turn_angle)) 
  return self._m_is_float_setting
end

-- 
-- Not described (u8[14]).
-- 
-- Index of bearing change.
-- 
-- The byte at 0x10, between the index (0x0F) and the value (0x11); not described.
-- 
-- The new speed or angle (a float, Size=21).
-- 
-- Whether the bearing is locked (a boolean byte, Size=18).

-- 
-- Buttons and switches etc.; the last byte is the state (the page's comment).
-- See also: 50 - Interact, section Other 0x80
SmInteract.Other = class.class(KaitaiStruct)

function SmInteract.Other:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmInteract.Other:_read()
  self.interactable_id = self._io:read_u4be()
  self.state = self._io:read_u1()
end

-- 
-- The interactable pressed or switched (no note on the page).
-- 
-- The new state (no note on the page).

-- 
-- Entering seats.
-- See also: 50 - Interact, section Set seated 0x90
SmInteract.SetSeated = class.class(KaitaiStruct)

function SmInteract.SetSeated:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmInteract.SetSeated:_read()
  self.interactable_id = self._io:read_u4be()
  self.player_id = self._io:read_u4be()
end

-- 
-- The seat's interactable (no note on the page).
-- 
-- The player entering the seat (no note on the page).

-- 
-- Suspension Height.
-- See also: 50 - Interact, section Suspension Height 0x60
SmInteract.SuspensionHeight = class.class(KaitaiStruct)

function SmInteract.SuspensionHeight:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmInteract.SuspensionHeight:_read()
  self.interactable_id = self._io:read_u4be()
  self.value = self._io:read_u2be()
end

-- 
-- The suspension's interactable (no note on the page).
-- 
-- The suspension height (no note on the page).

-- 
-- A packet type the page does not list.
-- See also: 50 - Interact, section Structure
SmInteract.UnknownPacketType = class.class(KaitaiStruct)

function SmInteract.UnknownPacketType:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmInteract.UnknownPacketType:_read()
  self.data = self._io:read_bytes_full()
end

-- 
-- The rest of the body, undecoded.

