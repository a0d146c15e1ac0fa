-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local utils = require("utils")
local str_decode = require("string_decode")

-- 
-- The primitive encodings every diep.io packet is built from, in one place so that the
-- clientbound and serverbound specs import them. Every type exposes its decoded value as
-- `value` (or as the instances named in its doc), computed with `+`, `*`, `/` and `%` so
-- that the JavaScript build (the Kaitai Web IDE) keeps all 32 bits.
-- 
-- Varints are unsigned LEB128 of a 32-bit value (`vu`); `vi` is the zigzag of an int32
-- written as a `vu`; `vf` is a float32 bit pattern, byte-reversed, written as a `vi`.
-- Jump tables are read one entry at a time: each entry is a `vu` holding
-- `(index - previous index) XOR 1`, starting from a previous index of -1, and the byte
-- `01` (a jump of 0) closes the table.
-- See also: data.md "Encoding Types", "Special Types", "Data Organization"
-- See also: README.md section 1 "Primitives"
DiepTypes = class.class(KaitaiStruct)

function DiepTypes:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function DiepTypes:_read()
end


-- 
-- A reference to an entity: `vu(hash)`, then `vu(id)` only when the hash is not 0.
-- "No entity" is the single byte `00`. The id is a slot number reused after deletion;
-- the hash counts how often that id has been handed out, so the pair identifies an
-- entity.
-- See also: data.md "entid"
DiepTypes.Entid = class.class(KaitaiStruct)

function DiepTypes.Entid:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepTypes.Entid:_read()
  self.hash = DiepTypes.Vu(self._io, self, self._root)
  if self.hash.value ~= 0 then
    self.id = DiepTypes.Vu(self._io, self, self._root)
  end
end

-- 
-- True for "no entity".
DiepTypes.Entid.property.is_null = {}
function DiepTypes.Entid.property.is_null:get()
  if self._m_is_null ~= nil then
    return self._m_is_null
  end

  self._m_is_null = self.hash.value == 0
  return self._m_is_null
end

-- 
-- How many times this id has been handed out (1 on first use); 0 means "no
-- entity" and nothing follows. Read first, although the game's console logs the
-- pair as <id, hash>.
-- 
-- The entity's slot number, unique among live entities and reused after deletion.

-- 
-- float32, IEEE-754 binary32, little-endian.
-- See also: README.md section 1 "float"
DiepTypes.F32 = class.class(KaitaiStruct)

function DiepTypes.F32:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepTypes.F32:_read()
  self.value = self._io:read_f4le()
end

-- 
-- The server's double rounded to the nearest float32.

-- 
-- A fixed-point number written as a `vi` of `trunc(value * scale)`; the field table
-- calls it `float64Precision` (scale 64, six fraction bits). Examples: 7.5 is `c0 07`,
-- 193/64 = 3.015625 is `82 03`.
-- See also: README.md section 1 "float64Precision"
DiepTypes.FixedPoint = class.class(KaitaiStruct)

function DiepTypes.FixedPoint:_init(scale, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.scale = scale
  self:_read()
end

function DiepTypes.FixedPoint:_read()
  self.scaled = DiepTypes.Vi(self._io, self, self._root)
end

-- 
-- The decoded number, `scaled / scale`; not a float64 despite the document's name.
DiepTypes.FixedPoint.property.value = {}
function DiepTypes.FixedPoint.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = (self.scaled.value * 1.0) / self.scale
  return self._m_value
end

-- 
-- The value times `scale`, truncated toward zero.
-- 
-- The number of steps per unit (64 for float64Precision).

-- 
-- One entry of an index-only jump table, with the bit set of the indexes so far.
-- See also: data.md "Data Organization"
DiepTypes.IndexEntry = class.class(KaitaiStruct)

function DiepTypes.IndexEntry:_init(prev_index, prev_mask, num_slots, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.prev_index = prev_index
  self.prev_mask = prev_mask
  self.num_slots = num_slots
  self:_read()
end

function DiepTypes.IndexEntry:_read()
  self.jump = DiepTypes.Jump(self.prev_index, self.num_slots, self._io, self, self._root)
end

-- 
-- The index this entry adds.
DiepTypes.IndexEntry.property.index = {}
function DiepTypes.IndexEntry.property.index:get()
  if self._m_index ~= nil then
    return self._m_index
  end

  self._m_index = self.jump.index
  return self._m_index
end

-- 
-- This entry closes the table.
DiepTypes.IndexEntry.property.is_end = {}
function DiepTypes.IndexEntry.property.is_end:get()
  if self._m_is_end ~= nil then
    return self._m_is_end
  end

  self._m_is_end = self.jump.is_end
  return self._m_is_end
end

-- 
-- Bit set of the indexes up to and including this one.
DiepTypes.IndexEntry.property.mask = {}
function DiepTypes.IndexEntry.property.mask:get()
  if self._m_mask ~= nil then
    return self._m_mask
  end

  self._m_mask = utils.box_unwrap((self.jump.is_end) and utils.box_wrap(self.prev_mask) or (self.prev_mask + (((utils.box_unwrap((self.jump.index % 2 == 1) and utils.box_wrap(2) or (1)) * utils.box_unwrap((math.floor(self.jump.index / 2) % 2 == 1) and utils.box_wrap(4) or (1))) * utils.box_unwrap((math.floor(self.jump.index / 4) % 2 == 1) and utils.box_wrap(16) or (1))) * utils.box_unwrap((math.floor(self.jump.index / 8) % 2 == 1) and utils.box_wrap(256) or (1))) * utils.box_unwrap((math.floor(self.jump.index / 16) % 2 == 1) and utils.box_wrap(65536) or (1))))
  return self._m_mask
end

-- 
-- The xored jump to this entry's index, or the closing `01`.
-- 
-- Index of the previous entry; -1 for the first.
-- 
-- Bit set of the indexes before this entry.
-- 
-- Number of possible indexes.

-- 
-- A jump table of indexes with no values (the field-group table of a creation). The
-- example `00 02 00 05 03 00 03 01` gives the indexes [0, 3, 4, 8, 10, 11, 13] (the
-- document lists a 5 as well, an arithmetic slip: its own bytes do not give it).
-- See also: data.md "Data Organization"
-- See also: README.md section 6 item 8
DiepTypes.IndexTable = class.class(KaitaiStruct)

function DiepTypes.IndexTable:_init(num_slots, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.num_slots = num_slots
  self:_read()
end

function DiepTypes.IndexTable:_read()
  self.entries = {}
  local i = 0
  while true do
    local _ = DiepTypes.IndexEntry(utils.box_unwrap((i == 0) and utils.box_wrap(-1) or (self.entries[(i - 1) + 1].index)), utils.box_unwrap((i == 0) and utils.box_wrap(0) or (self.entries[(i - 1) + 1].mask)), self.num_slots, self._io, self, self._root)
    self.entries[i + 1] = _
    if _.is_end then
      break
    end
    i = i + 1
  end
end

-- 
-- The indexes as a bit set (bit n set when index n is in the table).
DiepTypes.IndexTable.property.mask = {}
function DiepTypes.IndexTable.property.mask:get()
  if self._m_mask ~= nil then
    return self._m_mask
  end

  self._m_mask = self.entries[#self.entries].mask
  return self._m_mask
end

-- 
-- How many indexes the table lists (the closing entry not counted).
DiepTypes.IndexTable.property.num_indexes = {}
function DiepTypes.IndexTable.property.num_indexes:get()
  if self._m_num_indexes ~= nil then
    return self._m_num_indexes
  end

  self._m_num_indexes = #self.entries - 1
  return self._m_num_indexes
end

-- 
-- The entries, the closing one included.
-- 
-- Number of possible indexes (at most 31, so that `mask` fits an int32).

-- 
-- One entry of an xor-1 jump table: a `vu` holding `(index - prev_index) XOR 1`. The
-- value 1 (a jump of 0) closes the table. Indexes strictly increase, so the entry is
-- checked to land inside the table's `num_slots` slots.
-- See also: data.md "Data Organization"
DiepTypes.Jump = class.class(KaitaiStruct)

function DiepTypes.Jump:_init(prev_index, num_slots, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.prev_index = prev_index
  self.num_slots = num_slots
  self:_read()
end

function DiepTypes.Jump:_read()
  self.xored_jump = self._io:read_u1()
  local _ = self.xored_jump
  if not( ((_ <= self.num_slots + 1) and ( ((_ == 1) or (self.prev_index + utils.box_unwrap((_ % 2 == 0) and utils.box_wrap(_ + 1) or (_ - 1)) < self.num_slots)) )) ) then
    error("ValidationExprError")
  end
end

-- 
-- The index this entry jumps to (equal to `prev_index` for the closing entry).
DiepTypes.Jump.property.index = {}
function DiepTypes.Jump.property.index:get()
  if self._m_index ~= nil then
    return self._m_index
  end

  self._m_index = self.prev_index + utils.box_unwrap((self.xored_jump % 2 == 0) and utils.box_wrap(self.xored_jump + 1) or (self.xored_jump - 1))
  return self._m_index
end

-- 
-- This entry closes the table (jump of 0).
DiepTypes.Jump.property.is_end = {}
function DiepTypes.Jump.property.is_end:get()
  if self._m_is_end ~= nil then
    return self._m_is_end
  end

  self._m_is_end = self.xored_jump == 1
  return self._m_is_end
end

-- 
-- The documents write it as a `vu`, the bundled build as a `u8`. Every valid jump
-- is below 0x80 (at most `num_slots + 1`), where the two are the same single byte,
-- and a first byte of 0x80 or more is invalid either way; so one byte is read.
-- 
-- When writing, set to `(index - prev_index) ^ 1` for the slot meant, and close the
-- table with an entry of 1; `valid:` checks the range, not that the jump reaches
-- that slot (`wirestruct.diep.encoder.jump_fields`).
-- 
-- Index of the previous entry; -1 for the first.
-- 
-- Number of slots the table indexes (indexes are 0 .. num_slots - 1).

-- 
-- A slot of the field order that the build never sends (its group is not compiled
-- in). A jump table that reaches it is corrupt, so reading it always fails.
-- See also: README.md section 3.2
DiepTypes.SlotNotSent = class.class(KaitaiStruct)

function DiepTypes.SlotNotSent:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepTypes.SlotNotSent:_read()
  self.never_sent = self._io:read_bytes(0)
  local _ = self.never_sent
  if not(false) then
    error("ValidationExprError")
  end
end

-- 
-- Always fails validation, naming the slot as corrupt input.

-- 
-- stringNT, UTF-8 bytes followed by one `00`; no length prefix.
-- See also: README.md section 1 "stringNT"
DiepTypes.StringNt = class.class(KaitaiStruct)

function DiepTypes.StringNt:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepTypes.StringNt:_read()
  self.value = str_decode.decode(self._io:read_bytes_term(0, false, true, true), "UTF-8")
end

-- 
-- The text, without its terminating `00`; nothing is escaped.

-- 
-- uint32, little-endian.
-- See also: README.md section 1 "u32"
DiepTypes.U32 = class.class(KaitaiStruct)

function DiepTypes.U32:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepTypes.U32:_read()
  self.value = self._io:read_u4le()
end

-- 
-- Unsigned 32-bit value; only the 0x03 notification colour uses it.

-- 
-- varfloat32: the bit pattern of a float32 read as an int32, its four bytes reversed,
-- then written as a `vi`. Only the serverbound input packet uses it (mouse position and
-- joystick axes). `value` is worked out from sign, exponent and fraction with plain
-- arithmetic; for an exponent of 255 (infinity or NaN) it is not meaningful, see
-- `is_finite`.
-- 
-- When writing, the float's bits, byte-swapped, are written as a `vi`: set `swapped`'s
-- bytes from them; the float is computed.
-- See also: README.md section 1 "vf"
DiepTypes.Vf = class.class(KaitaiStruct)

function DiepTypes.Vf:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepTypes.Vf:_read()
  self.swapped = DiepTypes.Vi(self._io, self, self._root)
end

-- 
-- The IEEE-754 binary32 bit pattern of the value.
DiepTypes.Vf.property.bits = {}
function DiepTypes.Vf.property.bits:get()
  if self._m_bits ~= nil then
    return self._m_bits
  end

  self._m_bits = (((self.swapped_u4 % 256) * 16777216 + (math.floor(self.swapped_u4 / 256) % 256) * 65536) + (math.floor(self.swapped_u4 / 65536) % 256) * 256) + math.floor(self.swapped_u4 / 16777216)
  return self._m_bits
end

-- 
-- Bits 23-30, the biased exponent (0 for zero and subnormals, 255 for infinity and NaN).
DiepTypes.Vf.property.exponent = {}
function DiepTypes.Vf.property.exponent:get()
  if self._m_exponent ~= nil then
    return self._m_exponent
  end

  self._m_exponent = math.floor(self.bits / 8388608) % 256
  return self._m_exponent
end

-- 
-- Bits 0-22, the fraction without the implicit leading bit.
DiepTypes.Vf.property.fraction = {}
function DiepTypes.Vf.property.fraction:get()
  if self._m_fraction ~= nil then
    return self._m_fraction
  end

  self._m_fraction = self.bits % 8388608
  return self._m_fraction
end

-- 
-- False for infinity and NaN, whose `value` is not meaningful.
DiepTypes.Vf.property.is_finite = {}
function DiepTypes.Vf.property.is_finite:get()
  if self._m_is_finite ~= nil then
    return self._m_is_finite
  end

  self._m_is_finite = self.exponent ~= 255
  return self._m_is_finite
end

-- 
-- 2 to the power (exponent - 150), built from the exponent's bits.
DiepTypes.Vf.property.scale = {}
function DiepTypes.Vf.property.scale:get()
  if self._m_scale ~= nil then
    return self._m_scale
  end

  self._m_scale = (((((((utils.box_unwrap((self.exponent % 2 == 1) and utils.box_wrap(2.0) or (1.0)) * utils.box_unwrap((math.floor(self.exponent / 2) % 2 == 1) and utils.box_wrap(4.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 4) % 2 == 1) and utils.box_wrap(16.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 8) % 2 == 1) and utils.box_wrap(256.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 16) % 2 == 1) and utils.box_wrap(65536.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 32) % 2 == 1) and utils.box_wrap(4294967296.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 64) % 2 == 1) and utils.box_wrap(18446744073709551616.0) or (1.0))) * utils.box_unwrap((math.floor(self.exponent / 128) % 2 == 1) and utils.box_wrap(18446744073709551616.0 * 18446744073709551616.0) or (1.0))) * 7.006492321624085E-46
  return self._m_scale
end

-- 
-- Bit 31, 1 for a negative value.
DiepTypes.Vf.property.sign = {}
function DiepTypes.Vf.property.sign:get()
  if self._m_sign ~= nil then
    return self._m_sign
  end

  self._m_sign = math.floor(self.bits / 2147483648)
  return self._m_sign
end

-- 
-- The 24-bit significand, implicit leading bit included (subnormals doubled to
-- share the scale below).
DiepTypes.Vf.property.significand = {}
function DiepTypes.Vf.property.significand:get()
  if self._m_significand ~= nil then
    return self._m_significand
  end

  self._m_significand = utils.box_unwrap((self.exponent == 0) and utils.box_wrap(self.fraction * 2) or (self.fraction + 8388608))
  return self._m_significand
end

-- 
-- The same 32 bits, unsigned.
DiepTypes.Vf.property.swapped_u4 = {}
function DiepTypes.Vf.property.swapped_u4:get()
  if self._m_swapped_u4 ~= nil then
    return self._m_swapped_u4
  end

  self._m_swapped_u4 = utils.box_unwrap((self.swapped.value < 0) and utils.box_wrap(self.swapped.value + 4294967296) or (self.swapped.value))
  return self._m_swapped_u4
end

-- 
-- The float32 value (as a double).
DiepTypes.Vf.property.value = {}
function DiepTypes.Vf.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = (utils.box_unwrap((self.sign == 1) and utils.box_wrap(-1.0) or (1.0)) * self.significand) * self.scale
  return self._m_value
end

-- 
-- The float32 bit pattern with its bytes reversed, as a signed int32.

-- 
-- varint32: an int32 zigzag-encoded (0 -> 0, -1 -> 1, 1 -> 2, -2 -> 3 ...) and written
-- as a `vu`. Examples: 562 is `e4 08`, -1051 is `b5 10`, 9682 is `a4 97 01`. The `vu`
-- bytes are read here directly (the same five as in `vu`), one object fewer per value
-- on the hottest path of the 0x00 packet.
-- 
-- When writing, zigzag-encode the value and set the bytes as for `vu`
-- (`wirestruct.diep.encoder.vi_fields`).
-- See also: README.md section 1 "vi"
DiepTypes.Vi = class.class(KaitaiStruct)

function DiepTypes.Vi:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepTypes.Vi:_read()
  self.b0 = self._io:read_u1()
  if self.b0 >= 128 then
    self.b1 = self._io:read_u1()
  end
  if  ((self.b0 >= 128) and (self.b1 >= 128))  then
    self.b2 = self._io:read_u1()
  end
  if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128))  then
    self.b3 = self._io:read_u1()
  end
  if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128))  then
    self.b4 = self._io:read_u1()
    if not(self.b4 <= 127) then
      error("ValidationGreaterThanError")
    end
  end
end

-- 
-- The signed 32-bit value.
DiepTypes.Vi.property.value = {}
function DiepTypes.Vi.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = utils.box_unwrap((self.zigzag % 2 == 0) and utils.box_wrap(math.floor(self.zigzag / 2)) or (-1 - math.floor(self.zigzag / 2)))
  return self._m_value
end

-- 
-- The zigzag-encoded value (the `vu`).
DiepTypes.Vi.property.zigzag = {}
function DiepTypes.Vi.property.zigzag:get()
  if self._m_zigzag ~= nil then
    return self._m_zigzag
  end

  self._m_zigzag = utils.box_unwrap((self.b0 < 128) and utils.box_wrap(self.b0) or (utils.box_unwrap((self.b1 < 128) and utils.box_wrap((self.b0 - 128) + self.b1 * 128) or (utils.box_unwrap((self.b2 < 128) and utils.box_wrap(((self.b0 - 128) + (self.b1 - 128) * 128) + self.b2 * 16384) or (utils.box_unwrap((self.b3 < 128) and utils.box_wrap((((self.b0 - 128) + (self.b1 - 128) * 128) + (self.b2 - 128) * 16384) + self.b3 * 2097152) or (((((self.b0 - 128) + (self.b1 - 128) * 128) + (self.b2 - 128) * 16384) + (self.b3 - 128) * 2097152) + (self.b4 % 16) * 268435456))))))))
  return self._m_zigzag
end

-- 
-- Bits 0-6 of the zigzag value; 0x80 set when another byte follows.
-- 
-- Bits 7-13; present when `b0` continues.
-- 
-- Bits 14-20; present when `b1` continues.
-- 
-- Bits 21-27; present when `b2` continues.
-- 
-- Bits 28-31 (the low four bits); never continued.

-- 
-- varuint32: unsigned LEB128, 7 bits a byte, least significant group first, the high
-- bit set on every byte but the last. A 32-bit value takes at most five bytes; the
-- fifth byte contributes its low four bits (the value is masked to 32 bits).
-- 
-- When writing, set `b0` .. `b4` to the LEB128 bytes of the value (continuation bits
-- included); `value` and `len` are computed, not settable
-- (`wirestruct.diep.encoder.vu_fields` derives the bytes from `value`).
-- See also: README.md section 1 "vu"
DiepTypes.Vu = class.class(KaitaiStruct)

function DiepTypes.Vu:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepTypes.Vu:_read()
  self.b0 = self._io:read_u1()
  if self.b0 >= 128 then
    self.b1 = self._io:read_u1()
  end
  if  ((self.b0 >= 128) and (self.b1 >= 128))  then
    self.b2 = self._io:read_u1()
  end
  if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128))  then
    self.b3 = self._io:read_u1()
  end
  if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128))  then
    self.b4 = self._io:read_u1()
    if not(self.b4 <= 127) then
      error("ValidationGreaterThanError")
    end
  end
end

-- 
-- Number of bytes of this varint.
DiepTypes.Vu.property.len = {}
function DiepTypes.Vu.property.len:get()
  if self._m_len ~= nil then
    return self._m_len
  end

  self._m_len = utils.box_unwrap((self.b0 < 128) and utils.box_wrap(1) or (utils.box_unwrap((self.b1 < 128) and utils.box_wrap(2) or (utils.box_unwrap((self.b2 < 128) and utils.box_wrap(3) or (utils.box_unwrap((self.b3 < 128) and utils.box_wrap(4) or (5))))))))
  return self._m_len
end

-- 
-- The unsigned 32-bit value.
DiepTypes.Vu.property.value = {}
function DiepTypes.Vu.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = utils.box_unwrap((self.b0 < 128) and utils.box_wrap(self.b0) or (utils.box_unwrap((self.b1 < 128) and utils.box_wrap((self.b0 - 128) + self.b1 * 128) or (utils.box_unwrap((self.b2 < 128) and utils.box_wrap(((self.b0 - 128) + (self.b1 - 128) * 128) + self.b2 * 16384) or (utils.box_unwrap((self.b3 < 128) and utils.box_wrap((((self.b0 - 128) + (self.b1 - 128) * 128) + (self.b2 - 128) * 16384) + self.b3 * 2097152) or (((((self.b0 - 128) + (self.b1 - 128) * 128) + (self.b2 - 128) * 16384) + (self.b3 - 128) * 2097152) + (self.b4 % 16) * 268435456))))))))
  return self._m_value
end

-- 
-- Bits 0-6 of the value; 0x80 set when another byte follows.
-- 
-- Bits 7-13; present when `b0` continues.
-- 
-- Bits 14-20; present when `b1` continues.
-- 
-- Bits 21-27; present when `b2` continues.
-- 
-- Bits 28-31 (the low four bits). A 32-bit value never needs a sixth byte, so the
-- fifth has no continuation bit.

