-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local str_decode = require("string_decode")
local utils = require("utils")

-- 
-- The types and tables that several packets of the Multiplayer Map Editor protocol share:
-- the packet type numbers, colors, disconnect reasons, map regions, the player credentials
-- of AUTHENTICATE and CONNECT, packet type sets (the bit vectors of
-- AVAILABLE_PACKET_TYPES / SELECT_PACKET_TYPES) and the flag byte of menu widgets.
-- Imported by the packet specs of this folder; it parses nothing on its own.
-- 
-- Fixed-size strings (the document's `Bx`) are null-filled: a string that fills its field
-- has no terminator, a shorter one ends at the first NUL and the rest of the field is
-- discarded. Text is decoded as ISO-8859-1 so every byte value maps to one character.
-- See also: protocol.txt, "data types" and "Colors"
MmeTypes = class.class(KaitaiStruct)

MmeTypes.CollisionType = enum.Enum {
  block = 0,
  player_model = 1,
}

MmeTypes.Color = enum.Enum {
  default = 0,
  brown = 1,
  red = 2,
  orange = 3,
  yellow = 4,
  green = 5,
  blue = 6,
  purple = 7,
  gray = 8,
  white = 9,
  black = 10,
  rainbow = 11,
  pink = 12,
  silver = 13,
  gold = 14,
  ruby = 15,
  emerald = 16,
}

MmeTypes.DisconnectReason = enum.Enum {
  no_reason = 0,
  error = 1,
  reboot = 2,
  full = 3,
  idle = 4,
  kick = 5,
  ban = 6,
  random = 7,
}

MmeTypes.PacketType = enum.Enum {
  available_packet_types = 0,
  select_packet_types = 1,
  ping_request = 2,
  ping_response = 3,
  idle_ping = 4,
  authenticate = 5,
  connect = 6,
  disconnect = 7,
  chat_message = 8,
  announce_player = 9,
  denounce_player = 10,
  player_abilities = 11,
  map_loading = 12,
  random_garbage = 13,
  map_setup = 14,
  map_properties = 15,
  map_fill = 16,
  map_data = 17,
  map_total_reset = 18,
  map_total_data = 19,
  buffer_reset = 20,
  buffer_append = 21,
  buffer_is_map_data = 22,
  buffer_is_file_data = 23,
  move_player = 24,
  map_modify = 25,
  file_request = 26,
  texture_setup = 27,
  group_setup = 28,
  block_setup = 29,
  menu_request = 30,
  menu_response = 31,
  menu_reset = 32,
  menu_text = 33,
  menu_link = 34,
  menu_check = 35,
  menu_radio = 36,
  menu_input = 37,
  menu_button = 38,
  menu_erase = 39,
  menu_salted_password = 40,
  menu_resize = 41,
  sky_box = 42,
  client_version = 43,
  portal_cookie = 44,
  player_skin = 45,
  menu_texture = 46,
  server_name = 47,
  projectile_create = 48,
  projectile_collision = 49,
}

MmeTypes.ProjectileType = enum.Enum {
  create_block = 0,
  destroy_block = 1,
  other = 2,
}

function MmeTypes:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MmeTypes:_read()
end


-- 
-- What the login server hands a player: the name, the global player id, a time and
-- the token. Sent in AUTHENTICATE and forwarded in CONNECT. The token is the SHA-1 of
-- the server's secret salt followed by the last three fields exactly as sent, so the
-- unused part of the name must be NUL bytes.
-- See also: protocol.txt, "PACKET_AUTHENTICATE 5"
MmeTypes.Credentials = class.class(KaitaiStruct)

function MmeTypes.Credentials:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeTypes.Credentials:_read()
  self.name = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes(24), 0, false), "ISO-8859-1")
  self.player_id = self._io:read_u4le()
  self.time = self._io:read_u4le()
  self.token = self._io:read_bytes(20)
end

-- 
-- The name this player is currently using (B24, null-filled).
-- 
-- Global player id number, the one to identify players by.
-- 
-- Unix time the token was issued at, as returned by time().
-- 
-- Authentication token, SHA-1(server salt + name + player_id + time).

-- 
-- A packet with no documented fields (IDLE_PING, MAP_TOTAL_RESET, BUFFER_RESET,
-- BUFFER_IS_FILE_DATA). Any payload is a future extension and is kept as `ignored`.
-- See also: protocol.txt, "Packet Type Constants" (larger sizes are ignored)
MmeTypes.Empty = class.class(KaitaiStruct)

function MmeTypes.Empty:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeTypes.Empty:_read()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Bytes beyond the documented size (0), ignored as the document says.

-- 
-- A set of packet types as a little-endian bit vector: bit n (bit n % 8 of byte
-- n / 8, least significant bit first) is set when packet type n is in the set. Zero
-- bytes at the end need not be sent; types whose bits are missing are not in the set.
-- The vector is kept as its bytes: one flag per bit would be up to 65,536 objects
-- for a packet of 8 KiB, read one bit at a time.
-- See also: protocol.txt, "PACKET_AVAILABLE_PACKET_TYPES 0"
MmeTypes.PacketTypeSet = class.class(KaitaiStruct)

function MmeTypes.PacketTypeSet:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeTypes.PacketTypeSet:_read()
  self.bitmap = self._io:read_bytes_full()
end

-- 
-- The bit vector: bit k (least significant first) of byte n is packet type
-- 8 * n + k; the document's 65,536 types take at most 8,192 bytes.
-- When writing, `len_payload` is the vector's length.

-- 
-- A box of the map given by two corners, both inclusive; S2 coordinates. The data
-- for it is (size_x * size_y * size_z) bytes, x varying fastest, then y, then z.
-- See also: protocol.txt, "PACKET_MAP_DATA 17"
MmeTypes.Region = class.class(KaitaiStruct)

function MmeTypes.Region:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeTypes.Region:_read()
  self.lower_x = self._io:read_s2le()
  self.lower_y = self._io:read_s2le()
  self.lower_z = self._io:read_s2le()
  self.upper_x = self._io:read_s2le()
  self.upper_y = self._io:read_s2le()
  self.upper_z = self._io:read_s2le()
end

-- 
-- The document requires the lower corner not to exceed the upper one.
MmeTypes.Region.property.is_ordered = {}
function MmeTypes.Region.property.is_ordered:get()
  if self._m_is_ordered ~= nil then
    return self._m_is_ordered
  end

  self._m_is_ordered =  ((self.lower_x <= self.upper_x) and (self.lower_y <= self.upper_y) and (self.lower_z <= self.upper_z)) 
  return self._m_is_ordered
end

-- 
-- Blocks along x (0 for a reversed region).
MmeTypes.Region.property.size_x = {}
function MmeTypes.Region.property.size_x:get()
  if self._m_size_x ~= nil then
    return self._m_size_x
  end

  self._m_size_x = utils.box_unwrap((self.is_ordered) and utils.box_wrap((self.upper_x - self.lower_x) + 1) or (0))
  return self._m_size_x
end

-- 
-- Blocks along y (0 for a reversed region).
MmeTypes.Region.property.size_y = {}
function MmeTypes.Region.property.size_y:get()
  if self._m_size_y ~= nil then
    return self._m_size_y
  end

  self._m_size_y = utils.box_unwrap((self.is_ordered) and utils.box_wrap((self.upper_y - self.lower_y) + 1) or (0))
  return self._m_size_y
end

-- 
-- Blocks along z (0 for a reversed region).
MmeTypes.Region.property.size_z = {}
function MmeTypes.Region.property.size_z:get()
  if self._m_size_z ~= nil then
    return self._m_size_z
  end

  self._m_size_z = utils.box_unwrap((self.is_ordered) and utils.box_wrap((self.upper_z - self.lower_z) + 1) or (0))
  return self._m_size_z
end

-- 
-- Number of blocks in the region, the decompressed size of its data.
MmeTypes.Region.property.volume = {}
function MmeTypes.Region.property.volume:get()
  if self._m_volume ~= nil then
    return self._m_volume
  end

  self._m_volume = (self.size_x * self.size_y) * self.size_z
  return self._m_volume
end

-- 
-- x of the lower corner, inclusive.
-- 
-- y of the lower corner, inclusive.
-- 
-- z of the lower corner, inclusive.
-- 
-- x of the upper corner, inclusive; not below `lower_x`.
-- 
-- y of the upper corner, inclusive; not below `lower_y`.
-- 
-- z of the upper corner, inclusive; not below `lower_z`.

-- 
-- The flag byte all server-menu widgets share (and MENU_RESPONSE echoes).
-- See also: protocol.txt, "Server-Side Menus"
MmeTypes.WidgetFlags = class.class(KaitaiStruct)

function MmeTypes.WidgetFlags:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeTypes.WidgetFlags:_read()
  self.active = self._io:read_bits_int_le(1) ~= 0
  self.live = self._io:read_bits_int_le(1) ~= 0
  self.disable = self._io:read_bits_int_le(1) ~= 0
  self.offset = self._io:read_bits_int_le(1) ~= 0
  self.reserved = self._io:read_bits_int_le(4)
end

-- 
-- Check boxes and radio buttons start checked; text inputs submit on enter;
-- buttons are red. In MENU_RESPONSE of a check box: it is checked.
-- 
-- Changes are sent to the server immediately (not for password fields).
-- 
-- A button that cannot be clicked.
-- 
-- Buttons are drawn half a line lower.
-- 
-- Bits 4-7, not documented.

