-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local utils = require("utils")

-- 
-- Types and tables shared by the Scrap Mechanic packet specs: vectors, quaternions,
-- transforms and UUIDs, 64-bit integers read in exact parts, the NetObj type table, the
-- packet id table and the movement keys bitfield.
-- 
-- Byte order: `Format` says all data is little-endian, but every field table of the
-- packets says `be`, and the tables win. Bit fields are read most significant bit first,
-- the way the game's BitStream writes them (`BitStream`, example 2).
-- 
-- Floats inside a bit stream (24 Unreliable Update, Character) do not start on a byte
-- boundary, and Kaitai can only read byte-aligned floats. Those specs read each float's
-- 32 bits as an unaligned big-endian integer (`b32`) and hand the bits to
-- `f4_from_bits`, which computes the IEEE 754 single-precision value with arithmetic in
-- the expression language; `vec3f_from_bits` and `quat_from_bits` group them. No custom
-- `process:` routine is involved, so the Web IDE shows the same real float values as the
-- Python classes.
-- See also: 22 - Network Update, section Other structures
-- See also: 34 - Place, section Vec3i
-- See also: Format
-- See also: BitStream
SmCommon = class.class(KaitaiStruct)

SmCommon.MovementKey = enum.Enum {
  jump = 1,
  crawl = 2,
  horizontal = 4,
  sprint = 8,
  aim = 16,
}

SmCommon.NetobjType = enum.Enum {
  rigid_body = 0,
  child_shape = 1,
  joint = 2,
  controller = 3,
  container = 4,
  harvestable = 5,
  character = 6,
  lift = 7,
  tool = 8,
  portal = 9,
  path_node = 10,
  unit = 11,
  voxel_terrain_cell = 12,
  scriptable_object = 13,
  shape_group = 14,
}

SmCommon.PacketId = enum.Enum {
  hello = 1,
  server_info = 2,
  request_passphrase = 3,
  respond_passphrase = 4,
  client_accepted = 5,
  file_checksums = 6,
  checksums_accepted = 7,
  checksums_denied = 8,
  character_info = 9,
  join_confirmation = 10,
  script_initialization_data = 11,
  generic_initialization_data = 13,
  display_message = 18,
  display_alert_text = 19,
  initialization_network_update = 21,
  network_update = 22,
  unreliable_update = 24,
  script_data_s2c = 25,
  script_data_c2s = 26,
  generic_data_s2c = 27,
  generic_data_c2s = 28,
  compound_packet = 29,
  player_movement = 30,
  hotbar_item_changed = 31,
  container_transaction = 32,
  drop_item_stack = 33,
  place = 34,
  remove = 35,
  remove_joint = 39,
  harvestable_destroy = 40,
  lift_delete_creation = 43,
  connect = 44,
  lift_import_creation = 45,
  interact = 50,
  legacy = 51,
  lift_level = 52,
}

function SmCommon:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmCommon:_read()
end


-- 
-- A big-endian IEEE 754 single-precision float read as 32 raw bits, for floats that
-- do not start on a byte boundary. Reads nothing itself: the bits come as a parameter
-- and `value` is the float. The power of two is built from the exponent's bits, so the
-- result is exact (zero, subnormal, normal, infinity and NaN).
-- 
-- When writing, nothing is written for this type: it is a value computed from its
-- parameter, which the parent's `b32` field holds; build it with the same bits.
-- See also: BitStream
SmCommon.F4FromBits = class.class(KaitaiStruct)

function SmCommon.F4FromBits:_init(bits, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.bits = bits
  self:_read()
end

function SmCommon.F4FromBits:_read()
end

-- 
-- The biased 8-bit exponent.
SmCommon.F4FromBits.property.exponent = {}
function SmCommon.F4FromBits.property.exponent:get()
  if self._m_exponent ~= nil then
    return self._m_exponent
  end

  self._m_exponent = math.floor(self.bits / 8388608) % 256
  return self._m_exponent
end

-- 
-- The sign bit (bit 31) is set.
SmCommon.F4FromBits.property.is_negative = {}
function SmCommon.F4FromBits.property.is_negative:get()
  if self._m_is_negative ~= nil then
    return self._m_is_negative
  end

  self._m_is_negative = self.bits >= 2147483648
  return self._m_is_negative
end

-- 
-- Subnormal: mantissa * 2^-149. Normal: (1 + mantissa / 2^23) * 2^(exponent - 127).
-- Exponent 255: infinity (mantissa 0) or NaN.
SmCommon.F4FromBits.property.magnitude = {}
function SmCommon.F4FromBits.property.magnitude:get()
  if self._m_magnitude ~= nil then
    return self._m_magnitude
  end

  self._m_magnitude = utils.box_unwrap((self.exponent == 0) and utils.box_wrap(self.mantissa * 1.401298464324817E-45) or (utils.box_unwrap((self.exponent == 255) and utils.box_wrap(utils.box_unwrap((self.mantissa == 0) and utils.box_wrap(1.0E+308 * 10.0) or (1.0E+308 * 10.0 - 1.0E+308 * 10.0))) or (((1.0 + self.mantissa / 8388608.0) * self.pow2_exponent) * 5.877471754111438E-39))))
  return self._m_magnitude
end

-- 
-- The 23-bit fraction.
SmCommon.F4FromBits.property.mantissa = {}
function SmCommon.F4FromBits.property.mantissa:get()
  if self._m_mantissa ~= nil then
    return self._m_mantissa
  end

  self._m_mantissa = self.bits % 8388608
  return self._m_mantissa
end

-- 
-- 2 to the power of the biased exponent (2^0 .. 2^255; exact in a double).
SmCommon.F4FromBits.property.pow2_exponent = {}
function SmCommon.F4FromBits.property.pow2_exponent:get()
  if self._m_pow2_exponent ~= nil then
    return self._m_pow2_exponent
  end

  self._m_pow2_exponent = ((((((utils.box_unwrap((self.exponent % 2 == 1) and utils.box_wrap(2.0) or (1.0)) * utils.box_unwrap((math.floor(self.exponent / 2) % 2 == 1) and utils.box_wrap(4.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 4) % 2 == 1) and utils.box_wrap(16.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 8) % 2 == 1) and utils.box_wrap(256.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 16) % 2 == 1) and utils.box_wrap(65536.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 32) % 2 == 1) and utils.box_wrap(4294967296.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 64) % 2 == 1) and utils.box_wrap(1.8446744073709552E+19) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 128) % 2 == 1) and utils.box_wrap(3.402823669209385E+38) or (1.0))
  return self._m_pow2_exponent
end

-- 
-- The float.
SmCommon.F4FromBits.property.value = {}
function SmCommon.F4FromBits.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = utils.box_unwrap((self.is_negative) and utils.box_wrap(-(self.magnitude)) or (self.magnitude))
  return self._m_value
end

-- 
-- The float's 32 bits, sign bit first.

-- 
-- A Quat (X, Y, Z, W) whose four floats were read as raw bits in a bit stream.
-- See also: 24 - Unreliable Update, section Quat
SmCommon.QuatFromBits = class.class(KaitaiStruct)

function SmCommon.QuatFromBits:_init(x_bits, y_bits, z_bits, w_bits, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.x_bits = x_bits
  self.y_bits = y_bits
  self.z_bits = z_bits
  self.w_bits = w_bits
  self:_read()
end

function SmCommon.QuatFromBits:_read()
  self.x = SmCommon.F4FromBits(self.x_bits, self._io, self, self._root)
  self.y = SmCommon.F4FromBits(self.y_bits, self._io, self, self._root)
  self.z = SmCommon.F4FromBits(self.z_bits, self._io, self, self._root)
  self.w = SmCommon.F4FromBits(self.w_bits, self._io, self, self._root)
end

-- 
-- Imaginary X component, the float of `x_bits` (reads no bytes).
-- 
-- Imaginary Y component, the float of `y_bits` (reads no bytes).
-- 
-- Imaginary Z component, the float of `z_bits` (reads no bytes).
-- 
-- The real part, the float of `w_bits` (reads no bytes).

-- 
-- A rotation quaternion, real part W first, then Z, Y, X.
-- See also: 22 - Network Update, section QuatWZYX
SmCommon.QuatWzyx = class.class(KaitaiStruct)

function SmCommon.QuatWzyx:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.QuatWzyx:_read()
  self.w = self._io:read_f4be()
  self.z = self._io:read_f4be()
  self.y = self._io:read_f4be()
  self.x = self._io:read_f4be()
end

-- 
-- The real part, a 32-bit float, sent first.
-- 
-- Imaginary Z component, a 32-bit float.
-- 
-- Imaginary Y component, a 32-bit float.
-- 
-- Imaginary X component, a 32-bit float.

-- 
-- A rotation quaternion, imaginary parts first, real part W last (`QuatXYZW`, and `Quat` of 24).
-- See also: 22 - Network Update, section QuatXYZW
SmCommon.QuatXyzw = class.class(KaitaiStruct)

function SmCommon.QuatXyzw:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.QuatXyzw:_read()
  self.x = self._io:read_f4be()
  self.y = self._io:read_f4be()
  self.z = self._io:read_f4be()
  self.w = self._io:read_f4be()
end

-- 
-- Imaginary X component, a 32-bit float.
-- 
-- Imaginary Y component, a 32-bit float.
-- 
-- Imaginary Z component, a 32-bit float.
-- 
-- The real part, a 32-bit float, sent last.

-- 
-- The transform of a physical object in a world.
-- See also: 22 - Network Update, section Transform
SmCommon.Transform = class.class(KaitaiStruct)

function SmCommon.Transform:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.Transform:_read()
  self.rotation = SmCommon.QuatXyzw(self._io, self, self._root)
  self.position = SmCommon.Vec3fXyz(self._io, self, self._root)
  self.velocity = SmCommon.Vec3fXyz(self._io, self, self._root)
  self.angular_velocity = SmCommon.Vec3fXyz(self._io, self, self._root)
end

-- 
-- Orientation of the object in the world.
-- 
-- Position of the object in the world.
-- 
-- Linear velocity of the object.
-- 
-- Rate of rotation of the object about each axis.

-- 
-- A be u64 read as its two 32-bit halves, most significant first, so that the Web IDE
-- (JavaScript numbers hold 53 bits) shows both exactly; `value` is the whole number,
-- exact in Python, possibly rounded in JavaScript. Used for the 64-bit fields that are
-- not SteamIDs (workshop file ids, chat timestamps).
-- 
-- When writing, set `high` and `low`; `value` is computed from them.
-- See also: 02 - Server Info, section ModData
SmCommon.U64Parts = class.class(KaitaiStruct)

function SmCommon.U64Parts:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.U64Parts:_read()
  self.high = self._io:read_u4be()
  self.low = self._io:read_u4be()
end

-- 
-- The 64-bit number.
SmCommon.U64Parts.property.value = {}
function SmCommon.U64Parts.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = self.high * 4294967296 + self.low
  return self._m_value
end

-- 
-- The most significant 32 bits.
-- 
-- The least significant 32 bits.

-- 
-- A 128-bit UUID, kept as its 16 bytes in wire order. Fields documented `le u128`
-- (items, characters, tools, shapes) store the canonical UUID text's bytes reversed;
-- fields documented `be u128` or `be UUID` (container filters, character customization
-- options, BlobData uids; 02's `byte[16]` UUIDs are taken as these) store them in text
-- order. Each field's doc says which. The nil UUID is 16 zero bytes.
-- See also: 22 - Network Update, section ContainerItem
SmCommon.Uuid = class.class(KaitaiStruct)

function SmCommon.Uuid:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.Uuid:_read()
  self.octets = self._io:read_bytes(16)
end

-- 
-- The UUID's 16 bytes as sent; their order depends on the field (see above).

-- 
-- A Vec3f whose three floats were read as raw bits in a bit stream (X, Y, Z).
-- See also: 24 - Unreliable Update, section Vec3f
SmCommon.Vec3fFromBits = class.class(KaitaiStruct)

function SmCommon.Vec3fFromBits:_init(x_bits, y_bits, z_bits, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.x_bits = x_bits
  self.y_bits = y_bits
  self.z_bits = z_bits
  self:_read()
end

function SmCommon.Vec3fFromBits:_read()
  self.x = SmCommon.F4FromBits(self.x_bits, self._io, self, self._root)
  self.y = SmCommon.F4FromBits(self.y_bits, self._io, self, self._root)
  self.z = SmCommon.F4FromBits(self.z_bits, self._io, self, self._root)
end

-- 
-- X coordinate, the float of `x_bits` (reads no bytes).
-- 
-- Y coordinate, the float of `y_bits` (reads no bytes).
-- 
-- Z coordinate, the float of `z_bits` (reads no bytes).

-- 
-- Three 32-bit floats in X, Y, Z order (`Vec3fXYZ`, and `Vec3f` of 24).
-- See also: 22 - Network Update, section Vec3fXYZ
SmCommon.Vec3fXyz = class.class(KaitaiStruct)

function SmCommon.Vec3fXyz:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.Vec3fXyz:_read()
  self.x = self._io:read_f4be()
  self.y = self._io:read_f4be()
  self.z = self._io:read_f4be()
end

-- 
-- X coordinate, a 32-bit float.
-- 
-- Y coordinate, a 32-bit float.
-- 
-- Z coordinate, a 32-bit float.

-- 
-- Three 32-bit floats in Z, Y, X order.
-- See also: 22 - Network Update, section Vec3fZYX
SmCommon.Vec3fZyx = class.class(KaitaiStruct)

function SmCommon.Vec3fZyx:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.Vec3fZyx:_read()
  self.z = self._io:read_f4be()
  self.y = self._io:read_f4be()
  self.x = self._io:read_f4be()
end

-- 
-- Z coordinate, a 32-bit float, sent first.
-- 
-- Y coordinate, a 32-bit float.
-- 
-- X coordinate, a 32-bit float, sent last.

-- 
-- Three signed 16-bit integers in X, Y, Z order.
-- See also: 22 - Network Update, section Vec3i16XYZ
SmCommon.Vec3i16Xyz = class.class(KaitaiStruct)

function SmCommon.Vec3i16Xyz:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.Vec3i16Xyz:_read()
  self.x = self._io:read_s2be()
  self.y = self._io:read_s2be()
  self.z = self._io:read_s2be()
end

-- 
-- X coordinate, a signed 16-bit integer.
-- 
-- Y coordinate, a signed 16-bit integer.
-- 
-- Z coordinate, a signed 16-bit integer.

-- 
-- Three signed 32-bit integers in X, Y, Z order.
-- See also: 22 - Network Update, section Vec3i32XYZ
SmCommon.Vec3i32Xyz = class.class(KaitaiStruct)

function SmCommon.Vec3i32Xyz:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.Vec3i32Xyz:_read()
  self.x = self._io:read_s4be()
  self.y = self._io:read_s4be()
  self.z = self._io:read_s4be()
end

-- 
-- X coordinate, a signed 32-bit integer.
-- 
-- Y coordinate, a signed 32-bit integer.
-- 
-- Z coordinate, a signed 32-bit integer.

-- 
-- Three signed 32-bit integers in Z, Y, X order (`Vec3i` of 34 Place and 35 Remove,
-- whose note calls the order counterintuitive).
-- See also: 34 - Place, section Vec3i
-- See also: 35 - Remove, section Vec3i
SmCommon.Vec3i32Zyx = class.class(KaitaiStruct)

function SmCommon.Vec3i32Zyx:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmCommon.Vec3i32Zyx:_read()
  self.z = self._io:read_s4be()
  self.y = self._io:read_s4be()
  self.x = self._io:read_s4be()
end

-- 
-- The signed Z coordinate, sent first.
-- 
-- The signed Y coordinate.
-- 
-- The signed X coordinate, sent last.

