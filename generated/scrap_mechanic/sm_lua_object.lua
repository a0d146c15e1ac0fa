-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
local enum = require("enum")
local utils = require("utils")
local str_decode = require("string_decode")

-- 
-- The game's serialization of a Lua value, used in packets (the Terrain Data payload of
-- 11, BlobData keys), blueprints and save files: the magic `LUA`, a version, then one
-- LuaSaveData, which for a table holds further LuaSaveData, nested to any depth.
-- 
-- A bit stream (BitStream, example 2): a Boolean, a table's `Is Array` flag and the
-- unknown flag of a WeakScriptRef are single bits, and everything after them is shifted.
-- Every other field is a whole number of bytes, so the bit position within the current
-- byte (`bit_offset`, 0 to 7) changes only at those flags and at a string's data, which
-- starts on a byte boundary (the padding before it is read as bits here). Each value
-- takes the bit offset it starts at as a parameter and tells the next one where it ends
-- (`end_bit_offset`); the object ends with the bits that complete its last byte.
-- 
-- How this spec keeps the bits in place: multi-byte numbers are read as big-endian bit
-- fields (`b32`, `b16`, `b8`), which the Kaitai runtimes read at any bit position; floats
-- are read as their 32 bits and computed by `sm_common::f4_from_bits` (instances that read
-- nothing); a type that holds values after bit fields starts them in a sub-type of its own
-- (`header`), because the compiler aligns the stream to a byte before a field that
-- follows a bit field in the same sequence.
-- 
-- Undocumented values: the page does not describe `Json` yet, the userdata types it marks
-- as not serializable or unknown, nor type ids outside its tables. Such a value keeps the
-- rest of the object as bytes (`lua_undocumented`): nothing after it can be found. A
-- table then stops at that element (`is_cut`), and so do the tables around it.
-- 
-- Bounds: tables nest without limit and their counts are be u32, so the runtime must
-- bound nesting and element counts before parsing (each element takes at least one byte,
-- so a count cannot outgrow the data, but nesting depth is only bounded by the size: a
-- deep object would exhaust the parser's recursion). String sizes are be u32 and are
-- checked against the data that is there.
-- See also: Lua Object
-- See also: BitStream
SmLuaObject = class.class(KaitaiStruct)

SmLuaObject.LuaSaveDataType = enum.Enum {
  nil_value = 1,
  boolean = 2,
  number = 3,
  string = 4,
  table = 5,
  int32 = 6,
  int16 = 7,
  int8 = 8,
  json = 9,
  userdata = 100,
  weak_script_ref = 101,
}

SmLuaObject.UserdataTypeId = enum.Enum {
  uuid = 10001,
  vec3 = 10003,
  quat = 10004,
  color = 10005,
  raycast_result = 10006,
  load_cell_handle = 10007,
  effect = 10008,
  shape = 10021,
  body = 10022,
  interactable = 10023,
  container = 10024,
  harvestable = 10025,
  network = 10026,
  world = 10027,
  unit = 10028,
  storage = 10029,
  player = 10030,
  character = 10031,
  joint = 10032,
  ai_state = 10033,
  area_trigger = 10035,
  portal = 10036,
  path_node = 10037,
  lift = 10038,
  scriptable_object = 10039,
  builder_guide = 10040,
  cull_sphere_group = 10041,
  voxel_terrain = 10042,
  widget = 20001,
  tool = 20002,
  gui_interface = 20006,
  blueprint_visualization = 20007,
}

function SmLuaObject:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmLuaObject:_read()
  self.magic = self._io:read_bytes(3)
  if not(self.magic == "\076\085\065") then
    error("not equal, expected " .. "\076\085\065" .. ", but got " .. self.magic)
  end
  self.version = self._io:read_u4be()
  self.data = SmLuaObject.LuaSaveData(0, 0, self._io, self, self._root)
  self.padding = {}
  for i = 0, (8 - self.data.end_bit_offset) % 8 - 1 do
    self.padding[i + 1] = self._io:read_bits_int_be(1) ~= 0
  end
end

-- 
-- The constant `"LUA"` (`4c 55 41`), which helps recognizing the start of the object.
-- 
-- The version of the serialization format. This is currently `1`.
-- 
-- The data that is serialized; it starts on a byte boundary.
-- 
-- The bits that complete the last byte after the data (0 to 7).
-- When writing, give `(8 - data.end_bit_offset) % 8` bits (zero, as the game writes).

-- 
-- A boolean, serialized as a single bit; any data after it is offset by 1 bit.
-- See also: Lua Object, section Boolean
SmLuaObject.LuaBoolean = class.class(KaitaiStruct)

function SmLuaObject.LuaBoolean:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaBoolean:_read()
  self.value = self._io:read_bits_int_be(1) ~= 0
end

-- 
-- The boolean value (`0` is `false`, `1` is `true`).

-- 
-- A 16-bit signed integer (be s16). The game uses this type for integers that fit
-- within the 16-bit signed integer range, but not within the 8-bit one.
-- See also: Lua Object, section Int16
SmLuaObject.LuaInt16 = class.class(KaitaiStruct)

function SmLuaObject.LuaInt16:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaInt16:_read()
  self.value_bits = self._io:read_bits_int_be(16)
end

-- 
-- The integer value.
SmLuaObject.LuaInt16.property.value = {}
function SmLuaObject.LuaInt16.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = utils.box_unwrap((self.value_bits >= 32768) and utils.box_wrap(self.value_bits - 65536) or (self.value_bits))
  return self._m_value
end

-- 
-- The integer's 16 bits (two's complement, read as bits).

-- 
-- A 32-bit signed integer (be s32). The game uses this type for integers that fit
-- within the 32-bit signed integer range, but not within the 16-bit one.
-- See also: Lua Object, section Int32
SmLuaObject.LuaInt32 = class.class(KaitaiStruct)

function SmLuaObject.LuaInt32:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaInt32:_read()
  self.value_bits = self._io:read_bits_int_be(32)
end

-- 
-- The integer value.
SmLuaObject.LuaInt32.property.value = {}
function SmLuaObject.LuaInt32.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = utils.box_unwrap((self.value_bits >= 2147483648) and utils.box_wrap(self.value_bits - 4294967296) or (self.value_bits))
  return self._m_value
end

-- 
-- The integer's 32 bits (two's complement, read as bits).

-- 
-- An 8-bit signed integer (s8).
-- See also: Lua Object, section Int8
SmLuaObject.LuaInt8 = class.class(KaitaiStruct)

function SmLuaObject.LuaInt8:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaInt8:_read()
  self.value_bits = self._io:read_bits_int_be(8)
end

-- 
-- The integer value.
SmLuaObject.LuaInt8.property.value = {}
function SmLuaObject.LuaInt8.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = utils.box_unwrap((self.value_bits >= 128) and utils.box_wrap(self.value_bits - 256) or (self.value_bits))
  return self._m_value
end

-- 
-- The integer's 8 bits (two's complement, read as bits).

-- 
-- `nil`: no value; it is serialized as a byte array with a length of `0` (the constant
-- `""`).
-- See also: Lua Object, section Nil
SmLuaObject.LuaNil = class.class(KaitaiStruct)

function SmLuaObject.LuaNil:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaNil:_read()
end


-- 
-- A Lua number as a be float (32 bits). Precision may be lost. The game uses this type
-- for floating point numbers, and integers that do not fit within the 32-bit signed
-- integer range.
-- See also: Lua Object, section Number
SmLuaObject.LuaNumber = class.class(KaitaiStruct)

function SmLuaObject.LuaNumber:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaNumber:_read()
  self.value_bits = self._io:read_bits_int_be(32)
end

-- 
-- The number value (computed from `value_bits`; reads nothing).
SmLuaObject.LuaNumber.property.value = {}
function SmLuaObject.LuaNumber.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = SmCommon.F4FromBits(self.value_bits, self._io)
  return self._m_value
end

-- 
-- The number's 32 bits (a be float, sign bit first).

-- 
-- One Lua value: its type (`header`), then the value, whose layout depends on the
-- type. Tables hold further LuaSaveData.
-- See also: Lua Object, section LuaSaveData
SmLuaObject.LuaSaveData = class.class(KaitaiStruct)

function SmLuaObject.LuaSaveData:_init(bit_offset, element_index, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.bit_offset = bit_offset
  self.element_index = element_index
  self:_read()
end

function SmLuaObject.LuaSaveData:_read()
  self.header = SmLuaObject.LuaSaveDataHeader(self._io, self, self._root)
  local _on = self.header.type_id
  if _on == SmLuaObject.LuaSaveDataType.boolean then
    self.value = SmLuaObject.LuaBoolean(self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.int16 then
    self.value = SmLuaObject.LuaInt16(self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.int32 then
    self.value = SmLuaObject.LuaInt32(self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.int8 then
    self.value = SmLuaObject.LuaInt8(self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.nil_value then
    self.value = SmLuaObject.LuaNil(self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.number then
    self.value = SmLuaObject.LuaNumber(self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.string then
    self.value = SmLuaObject.LuaString(self.bit_offset, self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.table then
    self.value = SmLuaObject.LuaTable(self.bit_offset, self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.userdata then
    self.value = SmLuaObject.LuaUserdata(self.bit_offset, self._io, self, self._root)
  elseif _on == SmLuaObject.LuaSaveDataType.weak_script_ref then
    self.value = SmLuaObject.LuaWeakScriptRef(self._io, self, self._root)
  else
    self.value = SmLuaObject.LuaUndocumented(self.bit_offset, self._io, self, self._root)
  end
end

-- 
-- Bits of the last byte used when this value ends (0 to 7).
SmLuaObject.LuaSaveData.property.end_bit_offset = {}
function SmLuaObject.LuaSaveData.property.end_bit_offset:get()
  if self._m_end_bit_offset ~= nil then
    return self._m_end_bit_offset
  end

  self._m_end_bit_offset = utils.box_unwrap((self.is_cut) and utils.box_wrap(0) or (utils.box_unwrap((self.header.type_id == SmLuaObject.LuaSaveDataType.boolean) and utils.box_wrap((self.bit_offset + 1) % 8) or (utils.box_unwrap((self.header.type_id == SmLuaObject.LuaSaveDataType.weak_script_ref) and utils.box_wrap((self.bit_offset + 1) % 8) or (utils.box_unwrap((self.header.type_id == SmLuaObject.LuaSaveDataType.string) and utils.box_wrap(0) or (utils.box_unwrap((self.header.type_id == SmLuaObject.LuaSaveDataType.table) and utils.box_wrap(self.value.end_bit_offset) or (self.bit_offset))))))))))
  return self._m_end_bit_offset
end

-- 
-- Whether this value, or one inside it, kept the rest of the object as bytes; no
-- value follows it then.
SmLuaObject.LuaSaveData.property.is_cut = {}
function SmLuaObject.LuaSaveData.property.is_cut:get()
  if self._m_is_cut ~= nil then
    return self._m_is_cut
  end

  self._m_is_cut = utils.box_unwrap((not(self.header.is_documented)) and utils.box_wrap(true) or (utils.box_unwrap((self.header.type_id == SmLuaObject.LuaSaveDataType.table) and utils.box_wrap(self.value.is_cut) or (utils.box_unwrap((self.header.type_id == SmLuaObject.LuaSaveDataType.userdata) and utils.box_wrap(self.value.is_cut) or (false))))))
  return self._m_is_cut
end

-- 
-- The type of the value (a sub-type, so that the value follows it bit by bit).
-- 
-- The actual data that is stored. The type of this field depends on the `Type`
-- field; Json and unknown types keep the rest of the object as bytes.
-- 
-- Bits of the current byte already used when this value starts (0 to 7).
-- When writing, pass the `end_bit_offset` of the value before (0 for the object's
-- data).
-- 
-- The position of this value among the elements of an array table (0 for the
-- object's data and for the key and value of a pair): the table's last element is
-- the one at `count - 1`.
-- When writing, pass the position in `elements` (0 outside them).

-- 
-- The `Type` field of a LuaSaveData.
-- See also: Lua Object, section LuaSaveData Structure
SmLuaObject.LuaSaveDataHeader = class.class(KaitaiStruct)

function SmLuaObject.LuaSaveDataHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaSaveDataHeader:_read()
  self.type_id = SmLuaObject.LuaSaveDataType(self._io:read_bits_int_be(8))
end

-- 
-- Whether the page describes the layout of this type (all but Json and unknown ids).
SmLuaObject.LuaSaveDataHeader.property.is_documented = {}
function SmLuaObject.LuaSaveDataHeader.property.is_documented:get()
  if self._m_is_documented ~= nil then
    return self._m_is_documented
  end

  self._m_is_documented =  (( ((self.type_id.value >= 1) and (self.type_id.value <= 8)) ) or (self.type_id == SmLuaObject.LuaSaveDataType.userdata) or (self.type_id == SmLuaObject.LuaSaveDataType.weak_script_ref)) 
  return self._m_is_documented
end

-- 
-- The type of data that is stored (8 bits, at any bit position).

-- 
-- A string: a be u32 size, padding up to a byte boundary, then the UTF-8 string data,
-- which starts on a whole byte.
-- See also: Lua Object, section String
SmLuaObject.LuaString = class.class(KaitaiStruct)

function SmLuaObject.LuaString:_init(bit_offset, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.bit_offset = bit_offset
  self:_read()
end

function SmLuaObject.LuaString:_read()
  self.len_value = self._io:read_bits_int_be(32)
  self.padding = {}
  for i = 0, (8 - self.bit_offset) % 8 - 1 do
    self.padding[i + 1] = self._io:read_bits_int_be(1) ~= 0
  end
  self._io:align_to_byte()
  self.value = str_decode.decode(self._io:read_bytes(self.len_value), "UTF-8")
end

-- 
-- The amount of bytes required to store the utf-8 encoded string data.
-- When writing, set to the UTF-8 byte length of `value`.
-- 
-- Padding to align the string data to a whole byte (0 to 7 bits; also before an
-- empty string).
-- When writing, give `(8 - bit_offset) % 8` bits (zero, as the game writes).
-- 
-- The string data, encoded in utf-8.
-- 
-- Bits of the current byte used when the string's value starts.

-- 
-- A table: a count and an `Is Array` bit, then, for a dictionary, key-value pairs,
-- for an array, an offset and the elements. Recursive: elements and pairs are
-- LuaSaveData. The count is a be u32 and nesting is unbounded here (see the spec's
-- doc).
-- 
-- Elements are read until `count` of them were read, or until one kept the rest of the
-- object as bytes (`is_cut`). Each element gets its position as a parameter, which the
-- end condition reads (the compiler's JavaScript output evaluates `_index` in a
-- `repeat-until` condition one higher than its Python output does). When writing, give the elements and set `header.count` to
-- their number (the elements of a cut table are those read).
-- See also: Lua Object, section Table
SmLuaObject.LuaTable = class.class(KaitaiStruct)

function SmLuaObject.LuaTable:_init(bit_offset, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.bit_offset = bit_offset
  self:_read()
end

function SmLuaObject.LuaTable:_read()
  self.header = SmLuaObject.LuaTableHeader(self._io, self, self._root)
  if  ((not(self.header.is_array)) and (self.header.count > 0))  then
    self.pairs = {}
    local i = 0
    while true do
      local _ = SmLuaObject.LuaTableKeyValuePair(utils.box_unwrap((i == 0) and utils.box_wrap((self.bit_offset + 1) % 8) or (self.pairs[(i - 1) + 1].end_bit_offset)), i, self._io, self, self._root)
      self.pairs[i + 1] = _
      if  ((_.is_cut) or (_.pair_index + 1 >= self.header.count))  then
        break
      end
      i = i + 1
    end
  end
  if  ((self.header.is_array) and (self.header.count > 0))  then
    self.elements = {}
    local i = 0
    while true do
      local _ = SmLuaObject.LuaSaveData(utils.box_unwrap((i == 0) and utils.box_wrap((self.bit_offset + 1) % 8) or (self.elements[(i - 1) + 1].end_bit_offset)), i, self._io, self, self._root)
      self.elements[i + 1] = _
      if  ((_.is_cut) or (_.element_index + 1 >= self.header.count))  then
        break
      end
      i = i + 1
    end
  end
end

-- 
-- Bits of the last byte used when the table ends.
SmLuaObject.LuaTable.property.end_bit_offset = {}
function SmLuaObject.LuaTable.property.end_bit_offset:get()
  if self._m_end_bit_offset ~= nil then
    return self._m_end_bit_offset
  end

  self._m_end_bit_offset = utils.box_unwrap((self.header.count == 0) and utils.box_wrap((self.bit_offset + 1) % 8) or (utils.box_unwrap((self.header.is_array) and utils.box_wrap(self.elements[#self.elements].end_bit_offset) or (self.pairs[#self.pairs].end_bit_offset))))
  return self._m_end_bit_offset
end

-- 
-- Whether the last element read kept the rest of the object as bytes.
SmLuaObject.LuaTable.property.is_cut = {}
function SmLuaObject.LuaTable.property.is_cut:get()
  if self._m_is_cut ~= nil then
    return self._m_is_cut
  end

  self._m_is_cut = utils.box_unwrap((self.header.count == 0) and utils.box_wrap(false) or (utils.box_unwrap((self.header.is_array) and utils.box_wrap(self.elements[#self.elements].is_cut) or (self.pairs[#self.pairs].is_cut))))
  return self._m_is_cut
end

-- 
-- Count, Is Array and (arrays only) Offset.
-- 
-- If `Is Array` is `false`: the key-value pairs of the table (TableKeyValuePair
-- [Count]).
-- 
-- If `Is Array` is `true`: the elements of the table (LuaSaveData[Count]).
-- 
-- Bits of the current byte used when the table's value starts.

-- 
-- The fields of a table before its elements. The `Is Array` field is stored as a
-- single bit: any data after it is offset by 1 bit.
-- See also: Lua Object, section Table
SmLuaObject.LuaTableHeader = class.class(KaitaiStruct)

function SmLuaObject.LuaTableHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaTableHeader:_read()
  self.count = self._io:read_bits_int_be(32)
  self.is_array = self._io:read_bits_int_be(1) ~= 0
  if self.is_array then
    self.offset = self._io:read_bits_int_be(32)
  end
end

-- 
-- The number of elements in the table (a be u32).
-- When writing, set to the number of `pairs` or `elements`.
-- 
-- Whether the table is an array or a dictionary.
-- 
-- If `Is Array` is `true`: the offset of the first element in the table.

-- 
-- One entry of a dictionary table; the value is not read when the key was cut.
-- See also: Lua Object, section TableKeyValuePair
SmLuaObject.LuaTableKeyValuePair = class.class(KaitaiStruct)

function SmLuaObject.LuaTableKeyValuePair:_init(bit_offset, pair_index, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.bit_offset = bit_offset
  self.pair_index = pair_index
  self:_read()
end

function SmLuaObject.LuaTableKeyValuePair:_read()
  self.key = SmLuaObject.LuaSaveData(self.bit_offset, 0, self._io, self, self._root)
  if not(self.key.is_cut) then
    self.value = SmLuaObject.LuaSaveData(self.key.end_bit_offset, 0, self._io, self, self._root)
  end
end

-- 
-- Bits of the last byte used when the pair ends.
SmLuaObject.LuaTableKeyValuePair.property.end_bit_offset = {}
function SmLuaObject.LuaTableKeyValuePair.property.end_bit_offset:get()
  if self._m_end_bit_offset ~= nil then
    return self._m_end_bit_offset
  end

  self._m_end_bit_offset = utils.box_unwrap((self.key.is_cut) and utils.box_wrap(0) or (self.value.end_bit_offset))
  return self._m_end_bit_offset
end

-- 
-- Whether the key or the value kept the rest of the object as bytes.
SmLuaObject.LuaTableKeyValuePair.property.is_cut = {}
function SmLuaObject.LuaTableKeyValuePair.property.is_cut:get()
  if self._m_is_cut ~= nil then
    return self._m_is_cut
  end

  self._m_is_cut =  ((self.key.is_cut) or (self.value.is_cut)) 
  return self._m_is_cut
end

-- 
-- The key of the pair.
-- 
-- The value of the pair.
-- 
-- Bits of the current byte used when the key starts.
-- 
-- The position of this pair in the table: the last one is at `count - 1`.
-- When writing, pass the position in `pairs`.

-- 
-- A value whose layout the page does not give (Json, userdata types it does not
-- describe, unknown ids): the rest of the object, kept as bytes. The bits left in the
-- current byte are kept as bits, so the object is written back as it was read.
-- See also: Lua Object, section Json
SmLuaObject.LuaUndocumented = class.class(KaitaiStruct)

function SmLuaObject.LuaUndocumented:_init(bit_offset, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.bit_offset = bit_offset
  self:_read()
end

function SmLuaObject.LuaUndocumented:_read()
  self.rest_bits = {}
  for i = 0, (8 - self.bit_offset) % 8 - 1 do
    self.rest_bits[i + 1] = self._io:read_bits_int_be(1) ~= 0
  end
  self._io:align_to_byte()
  self.rest = self._io:read_bytes_full()
end

-- 
-- The bits left in the current byte (0 to 7).
-- When writing, give `(8 - bit_offset) % 8` bits.
-- 
-- The rest of the object, from the next byte boundary, undecoded.
-- 
-- Bits of the current byte used when the value starts.

-- 
-- A userdata object: a type id, then data whose layout depends on it. Types the page
-- marks as not serializable or unknown, and ids it does not list, keep the rest of the
-- object as bytes.
-- See also: Lua Object, section LuaUserdata
SmLuaObject.LuaUserdata = class.class(KaitaiStruct)

function SmLuaObject.LuaUserdata:_init(bit_offset, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.bit_offset = bit_offset
  self:_read()
end

function SmLuaObject.LuaUserdata:_read()
  self.header = SmLuaObject.LuaUserdataHeader(self._io, self, self._root)
  local _on = self.header.type_id
  if _on == SmLuaObject.UserdataTypeId.body then
    self.data = SmLuaObject.UserdataBody(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.character then
    self.data = SmLuaObject.UserdataCharacter(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.color then
    self.data = SmLuaObject.UserdataColor(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.container then
    self.data = SmLuaObject.UserdataContainer(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.harvestable then
    self.data = SmLuaObject.UserdataHarvestable(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.interactable then
    self.data = SmLuaObject.UserdataInteractable(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.joint then
    self.data = SmLuaObject.UserdataJoint(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.lift then
    self.data = SmLuaObject.UserdataLift(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.path_node then
    self.data = SmLuaObject.UserdataPathNode(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.player then
    self.data = SmLuaObject.UserdataPlayer(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.portal then
    self.data = SmLuaObject.UserdataPortal(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.quat then
    self.data = SmLuaObject.UserdataQuat(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.scriptable_object then
    self.data = SmLuaObject.UserdataScriptableObject(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.shape then
    self.data = SmLuaObject.UserdataShape(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.tool then
    self.data = SmLuaObject.UserdataTool(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.unit then
    self.data = SmLuaObject.UserdataUnit(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.uuid then
    self.data = SmLuaObject.UserdataUuid(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.vec3 then
    self.data = SmLuaObject.UserdataVec3(self._io, self, self._root)
  elseif _on == SmLuaObject.UserdataTypeId.world then
    self.data = SmLuaObject.UserdataWorld(self._io, self, self._root)
  else
    self.data = SmLuaObject.LuaUndocumented(self.bit_offset, self._io, self, self._root)
  end
end

-- 
-- Bits of the last byte used when the userdata ends (documented data is whole bytes).
SmLuaObject.LuaUserdata.property.end_bit_offset = {}
function SmLuaObject.LuaUserdata.property.end_bit_offset:get()
  if self._m_end_bit_offset ~= nil then
    return self._m_end_bit_offset
  end

  self._m_end_bit_offset = utils.box_unwrap((self.is_cut) and utils.box_wrap(0) or (self.bit_offset))
  return self._m_end_bit_offset
end

-- 
-- Whether the data was not documented and kept the rest of the object as bytes.
SmLuaObject.LuaUserdata.property.is_cut = {}
function SmLuaObject.LuaUserdata.property.is_cut:get()
  if self._m_is_cut ~= nil then
    return self._m_is_cut
  end

  self._m_is_cut = not(self.header.is_documented)
  return self._m_is_cut
end

-- 
-- The type id (a sub-type, so that the data follows it bit by bit).
-- 
-- The data of the userdata object. The type of this field depends on the `Type ID`
-- field.
-- 
-- Bits of the current byte used when the userdata value starts.

-- 
-- The `Type ID` field of a LuaUserdata.
-- See also: Lua Object, section LuaUserdata
SmLuaObject.LuaUserdataHeader = class.class(KaitaiStruct)

function SmLuaObject.LuaUserdataHeader:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaUserdataHeader:_read()
  self.type_id = SmLuaObject.UserdataTypeId(self._io:read_bits_int_be(32))
end

-- 
-- Whether the page describes the data of this type (the serializable ones).
SmLuaObject.LuaUserdataHeader.property.is_documented = {}
function SmLuaObject.LuaUserdataHeader.property.is_documented:get()
  if self._m_is_documented ~= nil then
    return self._m_is_documented
  end

  self._m_is_documented =  ((self.type_id == SmLuaObject.UserdataTypeId.uuid) or (self.type_id == SmLuaObject.UserdataTypeId.vec3) or (self.type_id == SmLuaObject.UserdataTypeId.quat) or (self.type_id == SmLuaObject.UserdataTypeId.color) or (self.type_id == SmLuaObject.UserdataTypeId.shape) or (self.type_id == SmLuaObject.UserdataTypeId.body) or (self.type_id == SmLuaObject.UserdataTypeId.interactable) or (self.type_id == SmLuaObject.UserdataTypeId.container) or (self.type_id == SmLuaObject.UserdataTypeId.harvestable) or (self.type_id == SmLuaObject.UserdataTypeId.world) or (self.type_id == SmLuaObject.UserdataTypeId.unit) or (self.type_id == SmLuaObject.UserdataTypeId.player) or (self.type_id == SmLuaObject.UserdataTypeId.character) or (self.type_id == SmLuaObject.UserdataTypeId.joint) or (self.type_id == SmLuaObject.UserdataTypeId.portal) or (self.type_id == SmLuaObject.UserdataTypeId.path_node) or (self.type_id == SmLuaObject.UserdataTypeId.lift) or (self.type_id == SmLuaObject.UserdataTypeId.scriptable_object) or (self.type_id == SmLuaObject.UserdataTypeId.tool)) 
  return self._m_is_documented
end

-- 
-- The type ID of the userdata object (a be u32).

-- 
-- A reference into a list inside the Lua VM; it cannot be created from normal functions
-- and is only used internally. The page asks for more documentation; its two fields are
-- read as it lists them (RefID as a big-endian 32-bit number, as the bit stream's other
-- numbers are).
-- See also: Lua Object, section WeakScriptRef
SmLuaObject.LuaWeakScriptRef = class.class(KaitaiStruct)

function SmLuaObject.LuaWeakScriptRef:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.LuaWeakScriptRef:_read()
  self.ref_id = self._io:read_bits_int_be(32)
  self.unknown = self._io:read_bits_int_be(1) ~= 0
end

-- 
-- The reference; it may point into a pool stored in the LuaVM/LuaManager (the page's
-- note stops at "The reference in").
-- 
-- Unknown flag. (During testing, the type only seemed to work when this was set.).

-- 
-- A Body userdata.
-- See also: Lua Object, section Body
SmLuaObject.UserdataBody = class.class(KaitaiStruct)

function SmLuaObject.UserdataBody:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataBody:_read()
  self.body_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the body (a be u32).

-- 
-- A Character userdata.
-- See also: Lua Object, section Character
SmLuaObject.UserdataCharacter = class.class(KaitaiStruct)

function SmLuaObject.UserdataCharacter:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataCharacter:_read()
  self.character_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the character (a be u32).

-- 
-- A Color userdata; its floats are computed from their bits (`r`, `g`, `b`, `a`).
-- See also: Lua Object, section Color
SmLuaObject.UserdataColor = class.class(KaitaiStruct)

function SmLuaObject.UserdataColor:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataColor:_read()
  self.r_bits = self._io:read_bits_int_be(32)
  self.g_bits = self._io:read_bits_int_be(32)
  self.b_bits = self._io:read_bits_int_be(32)
  self.a_bits = self._io:read_bits_int_be(32)
end

-- 
-- The alpha component (reads nothing).
SmLuaObject.UserdataColor.property.a = {}
function SmLuaObject.UserdataColor.property.a:get()
  if self._m_a ~= nil then
    return self._m_a
  end

  self._m_a = SmCommon.F4FromBits(self.a_bits, self._io)
  return self._m_a
end

-- 
-- The blue component (reads nothing).
SmLuaObject.UserdataColor.property.b = {}
function SmLuaObject.UserdataColor.property.b:get()
  if self._m_b ~= nil then
    return self._m_b
  end

  self._m_b = SmCommon.F4FromBits(self.b_bits, self._io)
  return self._m_b
end

-- 
-- The green component (reads nothing).
SmLuaObject.UserdataColor.property.g = {}
function SmLuaObject.UserdataColor.property.g:get()
  if self._m_g ~= nil then
    return self._m_g
  end

  self._m_g = SmCommon.F4FromBits(self.g_bits, self._io)
  return self._m_g
end

-- 
-- The red component (reads nothing).
SmLuaObject.UserdataColor.property.r = {}
function SmLuaObject.UserdataColor.property.r:get()
  if self._m_r ~= nil then
    return self._m_r
  end

  self._m_r = SmCommon.F4FromBits(self.r_bits, self._io)
  return self._m_r
end

-- 
-- The red component of the color (a be float's bits).
-- 
-- The green component of the color (a be float's bits).
-- 
-- The blue component of the color (a be float's bits).
-- 
-- The alpha component of the color (a be float's bits).

-- 
-- A Container userdata.
-- See also: Lua Object, section Container
SmLuaObject.UserdataContainer = class.class(KaitaiStruct)

function SmLuaObject.UserdataContainer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataContainer:_read()
  self.container_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the container (a be u32).

-- 
-- A Harvestable userdata.
-- See also: Lua Object, section Harvestable
SmLuaObject.UserdataHarvestable = class.class(KaitaiStruct)

function SmLuaObject.UserdataHarvestable:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataHarvestable:_read()
  self.harvestable_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the harvestable (a be u32).

-- 
-- An Interactable userdata.
-- See also: Lua Object, section Interactable
SmLuaObject.UserdataInteractable = class.class(KaitaiStruct)

function SmLuaObject.UserdataInteractable:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataInteractable:_read()
  self.interactable_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the interactable (a be u32).

-- 
-- A Joint userdata.
-- See also: Lua Object, section Joint
SmLuaObject.UserdataJoint = class.class(KaitaiStruct)

function SmLuaObject.UserdataJoint:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataJoint:_read()
  self.joint_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the joint (a be u32).

-- 
-- A Lift userdata.
-- See also: Lua Object, section Lift
SmLuaObject.UserdataLift = class.class(KaitaiStruct)

function SmLuaObject.UserdataLift:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataLift:_read()
  self.lift_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the lift (a be u32).

-- 
-- A PathNode userdata (cannot be deserialized on the client).
-- See also: Lua Object, section PathNode
SmLuaObject.UserdataPathNode = class.class(KaitaiStruct)

function SmLuaObject.UserdataPathNode:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataPathNode:_read()
  self.path_node_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the path node (a be u32).

-- 
-- A Player userdata.
-- See also: Lua Object, section Player
SmLuaObject.UserdataPlayer = class.class(KaitaiStruct)

function SmLuaObject.UserdataPlayer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataPlayer:_read()
  self.player_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the player (a be u32).

-- 
-- A Portal userdata (cannot be deserialized on the client).
-- See also: Lua Object, section Portal
SmLuaObject.UserdataPortal = class.class(KaitaiStruct)

function SmLuaObject.UserdataPortal:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataPortal:_read()
  self.portal_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the portal (a be u32).

-- 
-- A Quat userdata; its floats are computed from their bits (`x`, `y`, `z`, `w`).
-- See also: Lua Object, section Quat
SmLuaObject.UserdataQuat = class.class(KaitaiStruct)

function SmLuaObject.UserdataQuat:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataQuat:_read()
  self.x_bits = self._io:read_bits_int_be(32)
  self.y_bits = self._io:read_bits_int_be(32)
  self.z_bits = self._io:read_bits_int_be(32)
  self.w_bits = self._io:read_bits_int_be(32)
end

-- 
-- The W component (reads nothing).
SmLuaObject.UserdataQuat.property.w = {}
function SmLuaObject.UserdataQuat.property.w:get()
  if self._m_w ~= nil then
    return self._m_w
  end

  self._m_w = SmCommon.F4FromBits(self.w_bits, self._io)
  return self._m_w
end

-- 
-- The X component (reads nothing).
SmLuaObject.UserdataQuat.property.x = {}
function SmLuaObject.UserdataQuat.property.x:get()
  if self._m_x ~= nil then
    return self._m_x
  end

  self._m_x = SmCommon.F4FromBits(self.x_bits, self._io)
  return self._m_x
end

-- 
-- The Y component (reads nothing).
SmLuaObject.UserdataQuat.property.y = {}
function SmLuaObject.UserdataQuat.property.y:get()
  if self._m_y ~= nil then
    return self._m_y
  end

  self._m_y = SmCommon.F4FromBits(self.y_bits, self._io)
  return self._m_y
end

-- 
-- The Z component (reads nothing).
SmLuaObject.UserdataQuat.property.z = {}
function SmLuaObject.UserdataQuat.property.z:get()
  if self._m_z ~= nil then
    return self._m_z
  end

  self._m_z = SmCommon.F4FromBits(self.z_bits, self._io)
  return self._m_z
end

-- 
-- The X component of the quaternion (a be float's bits).
-- 
-- The Y component of the quaternion (a be float's bits).
-- 
-- The Z component of the quaternion (a be float's bits).
-- 
-- The W component of the quaternion (a be float's bits).

-- 
-- A ScriptableObject userdata.
-- See also: Lua Object, section ScriptableObject
SmLuaObject.UserdataScriptableObject = class.class(KaitaiStruct)

function SmLuaObject.UserdataScriptableObject:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataScriptableObject:_read()
  self.scriptable_object_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the scriptable object (a be u32).

-- 
-- A Shape userdata.
-- See also: Lua Object, section Shape
SmLuaObject.UserdataShape = class.class(KaitaiStruct)

function SmLuaObject.UserdataShape:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataShape:_read()
  self.shape_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the shape (a be u32).

-- 
-- A Tool userdata.
-- See also: Lua Object, section Tool
SmLuaObject.UserdataTool = class.class(KaitaiStruct)

function SmLuaObject.UserdataTool:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataTool:_read()
  self.tool_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the tool (a be u32).

-- 
-- A Unit userdata (cannot be deserialized on the client).
-- See also: Lua Object, section Unit
SmLuaObject.UserdataUnit = class.class(KaitaiStruct)

function SmLuaObject.UserdataUnit:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataUnit:_read()
  self.unit_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the unit (a be u32).

-- 
-- A Uuid userdata.
-- See also: Lua Object, section Uuid
SmLuaObject.UserdataUuid = class.class(KaitaiStruct)

function SmLuaObject.UserdataUuid:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataUuid:_read()
  self.uuid = {}
  for i = 0, 16 - 1 do
    self.uuid[i + 1] = self._io:read_bits_int_be(8)
  end
end

-- 
-- The UUID value (le u128: the UUID text's bytes reversed), as its 16 bytes in wire
-- order, read as 8 bits each because they need not start on a byte boundary.

-- 
-- A Vec3 userdata; its floats are computed from their bits (`x`, `y`, `z`).
-- See also: Lua Object, section Vec3
SmLuaObject.UserdataVec3 = class.class(KaitaiStruct)

function SmLuaObject.UserdataVec3:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataVec3:_read()
  self.x_bits = self._io:read_bits_int_be(32)
  self.y_bits = self._io:read_bits_int_be(32)
  self.z_bits = self._io:read_bits_int_be(32)
end

-- 
-- The X component (reads nothing).
SmLuaObject.UserdataVec3.property.x = {}
function SmLuaObject.UserdataVec3.property.x:get()
  if self._m_x ~= nil then
    return self._m_x
  end

  self._m_x = SmCommon.F4FromBits(self.x_bits, self._io)
  return self._m_x
end

-- 
-- The Y component (reads nothing).
SmLuaObject.UserdataVec3.property.y = {}
function SmLuaObject.UserdataVec3.property.y:get()
  if self._m_y ~= nil then
    return self._m_y
  end

  self._m_y = SmCommon.F4FromBits(self.y_bits, self._io)
  return self._m_y
end

-- 
-- The Z component (reads nothing).
SmLuaObject.UserdataVec3.property.z = {}
function SmLuaObject.UserdataVec3.property.z:get()
  if self._m_z ~= nil then
    return self._m_z
  end

  self._m_z = SmCommon.F4FromBits(self.z_bits, self._io)
  return self._m_z
end

-- 
-- The X component of the vector (a be float's bits).
-- 
-- The Y component of the vector (a be float's bits).
-- 
-- The Z component of the vector (a be float's bits).

-- 
-- A World userdata.
-- See also: Lua Object, section World
SmLuaObject.UserdataWorld = class.class(KaitaiStruct)

function SmLuaObject.UserdataWorld:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmLuaObject.UserdataWorld:_read()
  self.world_id = self._io:read_bits_int_be(32)
end

-- 
-- The ID of the world (a be u32).

