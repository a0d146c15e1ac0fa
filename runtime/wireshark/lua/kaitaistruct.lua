-- wirestruct's Lua runtime: KaitaiStruct and KaitaiStream for the code that
-- kaitai-struct-compiler generates for Lua, on Lua 5.2 (Wireshark 4.0), 5.3 and 5.4.
--
-- A stream reads a Lua string: one given directly, a `string_stream` (the substreams the
-- generated code makes of bytes it read), or a Wireshark Tvb / TvbRange, whose bytes are
-- taken once with `:raw()`. Every stream knows `_base`, where its first byte lies in the
-- buffer the parse started from, so the field ranges the objects record (class.lua) are
-- absolute in that buffer.
--
-- Reads behave as Kaitai's Python runtime does (the reference wirestruct tests against):
-- byte-aligned reads drop unread bits, bit fields consume whole bytes as needed,
-- `read_bytes_term` and `seek` align too. Integers are exact: on Lua 5.3+ they are native
-- integers; on Lua 5.2 numbers are doubles, exact to 2^53. A 64-bit value a native number
-- cannot hold (beyond 2^53 on 5.2, a u8 of 2^63 or more on 5.3+) is a Wireshark
-- UInt64/Int64 where those classes exist; standalone, it is a double rounded to 53 bits
-- on 5.2 and wraps to negative on 5.3+ (as string.unpack's I8 gives it). Floats are
-- decoded by hand on 5.2 and with string.unpack on 5.3+, bit for bit the same (NaN
-- payloads aside).
--
-- Failures are error objects (tables, not strings): {kind = "ParseError", message,
-- offset (absolute), expected}, raised with level 0.
local class = require("class")
local stringstream = require("string_stream")

local byte, sub, find, char = string.byte, string.sub, string.find, string.char
local floor, huge = math.floor, math.huge
local setmetatable, type, rawget = setmetatable, type, rawget
local unpack = string.unpack -- nil on Lua 5.2
local last_read = stringstream.last_read

-- Exact floor division: native `//` on Lua 5.3+ (loaded as text so that this file parses
-- on 5.2), math.floor of the quotient on 5.2 (exact below 2^53).
local idiv = function(a, b) return floor(a / b) end
if math.type then
  idiv = load("return function(a, b) return a // b end")()
end

local function fail(stream, message, expected, offset)
  error(setmetatable({ kind = "ParseError", message = message, expected = expected,
    offset = offset or (stream and stream._base + stream._pos) }, class.error_mt), 0)
end

KaitaiStruct = class.class()

function KaitaiStruct:_init(io)
  if self._ws_pos == nil then
    -- an object not made by calling its class (class.lua's constructor makes these)
    rawset(self, "_io", false)
    rawset(self, "_ws_pos", 0)
    rawset(self, "_ws_mark", 0)
    rawset(self, "_ws", false)
  end
  local pos = io._pos
  self._io = io
  self._ws_pos = pos
  self._ws_mark = pos
end

function KaitaiStruct:close() end

function KaitaiStruct:from_string(s)
  return self(KaitaiStream(s))
end

-- The buffer and base of a stream source.
local function source(src)
  local t = type(src)
  if t == "string" then
    return src, 0
  elseif t == "table" and src._ws_source then
    return src.buf, src.base
  end
  -- A Wireshark Tvb or TvbRange: its bytes once, as a Lua string.
  local kind = typeof and typeof(src)
  if kind == "TvbRange" then
    return src:raw(), src:offset()
  elseif kind == "Tvb" then
    return src:raw(), 0
  end
  error("KaitaiStream: cannot read from a " .. t, 2)
end

KaitaiStream = {}
KaitaiStream.__index = KaitaiStream
setmetatable(KaitaiStream, {
  __call = function(cls, src)
    local buf, base = source(src)
    return setmetatable({ _buf = buf, _base = base, _pos = 0, _size = #buf,
      bits = 0, bits_left = 0 }, cls)
  end,
})

function KaitaiStream:close() end

--=== positioning ===========================================================================
function KaitaiStream:is_eof()
  if self.bits_left > 0 then return false end
  return self._pos >= self._size
end

function KaitaiStream:seek(n)
  if n < 0 then fail(self, "cannot seek to invalid position " .. tostring(n), ">= 0") end
  self.bits_left = 0
  self.bits = 0
  self._pos = n
end

function KaitaiStream:pos() return self._pos end

function KaitaiStream:size() return self._size end

--=== bytes =================================================================================
-- Position of `n` more bytes (aligning to a byte first), or an error naming what is short.
-- (`bits` is 0 whenever `bits_left` is: only a stream inside a bit field has them to drop.)
local function take(self, n)
  if self.bits_left ~= 0 then
    self.bits_left = 0
    self.bits = 0
  end
  local p = self._pos
  if n < 0 then fail(self, "requested invalid " .. tostring(n) .. " amount of bytes", ">= 0") end
  if n > 0 and p + n > self._size then
    local have = self._size - p
    if have < 0 then have = 0 end
    fail(self, "unexpected end of data: requested " .. tostring(n) ..
      " bytes, but only " .. tostring(have) .. " bytes available", "more bytes")
  end
  self._pos = p + n
  return p
end

local function note(self, p, s)
  last_read.str = s
  last_read.abs = self._base + p
  return s
end

function KaitaiStream:read_bytes(n)
  local p = take(self, n)
  return note(self, p, sub(self._buf, p + 1, p + n))
end

function KaitaiStream:read_bytes_full()
  self.bits_left = 0
  self.bits = 0
  local p = self._pos
  -- Past the end (after a seek), nothing is read and the position stays, as in Python.
  if p < self._size then self._pos = self._size end
  return note(self, p, sub(self._buf, p + 1))
end

function KaitaiStream:read_bytes_term(term, include_term, consume_term, eos_error)
  self.bits_left = 0
  self.bits = 0
  local p = self._pos
  local at = p < self._size and find(self._buf, char(term), p + 1, true) or nil
  if at == nil or at > self._size then
    if eos_error then
      fail(self, "end of stream reached, but no terminator " .. tostring(term) .. " found",
        "a terminator byte " .. tostring(term))
    end
    if p < self._size then self._pos = self._size end
    return note(self, p, sub(self._buf, p + 1))
  end
  local stop = include_term and at or at - 1
  self._pos = consume_term and at or at - 1
  return note(self, p, sub(self._buf, p + 1, stop))
end

function KaitaiStream:ensure_fixed_contents(expected)
  local actual = self:read_bytes(#expected)
  if actual ~= expected then
    fail(self, "unexpected fixed contents", "the spec's contents")
  end
  return actual
end

function KaitaiStream.bytes_strip_right(src, pad_byte)
  local n = #src
  while n >= 1 and byte(src, n) == pad_byte do n = n - 1 end
  return sub(src, 1, n)
end

function KaitaiStream.bytes_terminate(src, term, include_term)
  local at = find(src, char(term), 1, true)
  if at == nil then return src end
  return sub(src, 1, include_term and at or at - 1)
end

--=== integers ==============================================================================
function KaitaiStream:read_u1()
  local p = self._pos
  if p + 1 > self._size or self.bits_left ~= 0 then p = take(self, 1) else self._pos = p + 1 end
  return byte(self._buf, p + 1)
end

function KaitaiStream:read_s1()
  local p = self._pos
  if p + 1 > self._size or self.bits_left ~= 0 then p = take(self, 1) else self._pos = p + 1 end
  local v = byte(self._buf, p + 1)
  if v >= 128 then return v - 256 end
  return v
end

function KaitaiStream:read_u2le()
  local p = self._pos
  if p + 2 > self._size or self.bits_left ~= 0 then p = take(self, 2) else self._pos = p + 2 end
  local a, b = byte(self._buf, p + 1, p + 2)
  return a + b * 256
end

function KaitaiStream:read_u2be()
  local p = self._pos
  if p + 2 > self._size or self.bits_left ~= 0 then p = take(self, 2) else self._pos = p + 2 end
  local a, b = byte(self._buf, p + 1, p + 2)
  return a * 256 + b
end

function KaitaiStream:read_s2le()
  local v = self:read_u2le()
  if v >= 32768 then return v - 65536 end
  return v
end

function KaitaiStream:read_s2be()
  local v = self:read_u2be()
  if v >= 32768 then return v - 65536 end
  return v
end

function KaitaiStream:read_u4le()
  local p = self._pos
  if p + 4 > self._size or self.bits_left ~= 0 then p = take(self, 4) else self._pos = p + 4 end
  local a, b, c, d = byte(self._buf, p + 1, p + 4)
  return ((d * 256 + c) * 256 + b) * 256 + a
end

function KaitaiStream:read_u4be()
  local p = self._pos
  if p + 4 > self._size or self.bits_left ~= 0 then p = take(self, 4) else self._pos = p + 4 end
  local a, b, c, d = byte(self._buf, p + 1, p + 4)
  return ((a * 256 + b) * 256 + c) * 256 + d
end

function KaitaiStream:read_s4le()
  local v = self:read_u4le()
  if v >= 2147483648 then return v - 4294967296 end
  return v
end

function KaitaiStream:read_s4be()
  local v = self:read_u4be()
  if v >= 2147483648 then return v - 4294967296 end
  return v
end

local TWO32, TWO53 = 4294967296, 9007199254740992

-- A 64-bit integer from its two 32-bit halves (hi signed when `signed`).
local function int64(lo, hi, signed)
  if unpack then
    -- 5.3+: native 64-bit integers; a u8 of 2^63 or more is a UInt64 in Wireshark and
    -- wraps to negative standalone (as string.unpack's I8 gives it).
    if not signed and hi >= 2147483648 and UInt64 then return UInt64.new(lo, hi) end
    return hi * TWO32 + lo
  end
  local value
  if signed and hi >= 2147483648 then
    value = (hi - TWO32) * TWO32 + lo
  else
    value = hi * TWO32 + lo
  end
  if value <= TWO53 and value >= -TWO53 then return value end
  if signed and Int64 then return Int64.new(lo, hi) end
  if not signed and UInt64 then return UInt64.new(lo, hi) end
  return value -- standalone 5.2: rounded to 53 bits
end
KaitaiStream.int64 = int64

function KaitaiStream:read_u8le()
  local lo = self:read_u4le()
  return int64(lo, self:read_u4le(), false)
end

function KaitaiStream:read_u8be()
  local hi = self:read_u4be()
  return int64(self:read_u4be(), hi, false)
end

function KaitaiStream:read_s8le()
  local lo = self:read_u4le()
  return int64(lo, self:read_u4le(), true)
end

function KaitaiStream:read_s8be()
  local hi = self:read_u4be()
  return int64(self:read_u4be(), hi, true)
end

--=== floats ================================================================================
-- IEEE 754 binary32 / binary64 from their bytes, most significant first (Lua 5.2).
local function f32(b4, b3, b2, b1)
  local sign = b4 >= 128 and -1.0 or 1.0
  local exp = (b4 % 128) * 2 + idiv(b3, 128)
  local mant = ((b3 % 128) * 256 + b2) * 256 + b1
  if exp == 0 then
    return sign * mant * 2.0 ^ -149
  elseif exp == 255 then
    if mant == 0 then return sign * huge end
    return 0.0 / 0.0
  end
  return sign * (mant + 8388608) * 2.0 ^ (exp - 150)
end

local function f64(b8, b7, b6, b5, b4, b3, b2, b1)
  local sign = b8 >= 128 and -1.0 or 1.0
  local exp = (b8 % 128) * 16 + idiv(b7, 16)
  local mant = ((((((b7 % 16) * 256 + b6) * 256 + b5) * 256 + b4) * 256 + b3) * 256 + b2)
    * 256 + b1
  if exp == 0 then
    return sign * mant * 2.0 ^ -1074
  elseif exp == 2047 then
    if mant == 0 then return sign * huge end
    return 0.0 / 0.0
  end
  return sign * (mant + 4503599627370496) * 2.0 ^ (exp - 1075)
end

if unpack then
  function KaitaiStream:read_f4le() return (unpack("<f", self._buf, take(self, 4) + 1)) end
  function KaitaiStream:read_f4be() return (unpack(">f", self._buf, take(self, 4) + 1)) end
  function KaitaiStream:read_f8le() return (unpack("<d", self._buf, take(self, 8) + 1)) end
  function KaitaiStream:read_f8be() return (unpack(">d", self._buf, take(self, 8) + 1)) end
else
  function KaitaiStream:read_f4le()
    local p = take(self, 4)
    local a, b, c, d = byte(self._buf, p + 1, p + 4)
    return f32(d, c, b, a)
  end
  function KaitaiStream:read_f4be()
    local p = take(self, 4)
    return f32(byte(self._buf, p + 1, p + 4))
  end
  function KaitaiStream:read_f8le()
    local p = take(self, 8)
    local a, b, c, d, e, f, g, h = byte(self._buf, p + 1, p + 8)
    return f64(h, g, f, e, d, c, b, a)
  end
  function KaitaiStream:read_f8be()
    local p = take(self, 8)
    return f64(byte(self._buf, p + 1, p + 8))
  end
end
KaitaiStream.decode_f32 = f32
KaitaiStream.decode_f64 = f64

--=== bit fields ============================================================================
-- As Kaitai's Python runtime reads them. Exact for fields of up to 45 bits on Lua 5.2
-- (doubles) and up to 56 bits on 5.3+ (native integers); wider ones are refused.
local POW2 = { [0] = 1 }
for i = 1, 63 do POW2[i] = POW2[i - 1] * 2 end
local MAX_BITS = unpack and 56 or 45

local function bits_width(self, n)
  if n > MAX_BITS then
    fail(self, "a bit field of " .. tostring(n) .. " bits is wider than this Lua reads exactly",
      "at most " .. tostring(MAX_BITS) .. " bits")
  end
end

function KaitaiStream:read_bits_int_be(n)
  bits_width(self, n)
  local res
  local bits_needed = n - self.bits_left
  local left = (-bits_needed) % 8
  if bits_needed > 0 then
    local count = idiv(bits_needed - 1, 8) + 1
    local p = self._pos
    if p + count > self._size then
      self.bits_left, self.bits = 0, 0
      local have = self._size - p
      if have < 0 then have = 0 end
      fail(self, "unexpected end of data: requested " .. tostring(count) ..
        " bytes, but only " .. tostring(have) .. " bytes available", "more bytes")
    end
    self._pos = p + count
    local buf = self._buf
    local v = 0
    for i = p + 1, p + count do v = v * 256 + byte(buf, i) end
    res = idiv(v, POW2[left]) + self.bits * POW2[bits_needed]
    self.bits = v % POW2[left]
  else
    res = idiv(self.bits, POW2[-bits_needed])
    self.bits = self.bits % POW2[left]
  end
  self.bits_left = left
  return res
end

function KaitaiStream:read_bits_int_le(n)
  bits_width(self, n)
  local res
  local bits_needed = n - self.bits_left
  if bits_needed > 0 then
    local count = idiv(bits_needed - 1, 8) + 1
    local p = self._pos
    if p + count > self._size then
      self.bits_left, self.bits = 0, 0
      local have = self._size - p
      if have < 0 then have = 0 end
      fail(self, "unexpected end of data: requested " .. tostring(count) ..
        " bytes, but only " .. tostring(have) .. " bytes available", "more bytes")
    end
    self._pos = p + count
    local buf = self._buf
    local v = 0
    for i = p + count, p + 1, -1 do v = v * 256 + byte(buf, i) end
    local new_bits = idiv(v, POW2[bits_needed])
    res = v * POW2[self.bits_left] + self.bits
    self.bits = new_bits
  else
    res = self.bits
    self.bits = idiv(self.bits, POW2[n])
  end
  self.bits_left = (-bits_needed) % 8
  return res % POW2[n]
end

KaitaiStream.read_bits_int = KaitaiStream.read_bits_int_be

function KaitaiStream:align_to_byte()
  self.bits_left = 0
  self.bits = 0
end

--=== processing (no spec of wirestruct uses `process:`; here for completeness) ============
function KaitaiStream.process_xor_one(data, key)
  local out = {}
  for i = 1, #data do
    local a, b, r, bit = byte(data, i), key, 0, 1
    for _ = 1, 8 do
      if (a % 2) ~= (b % 2) then r = r + bit end
      a, b, bit = idiv(a, 2), idiv(b, 2), bit * 2
    end
    out[i] = char(r)
  end
  return table.concat(out)
end

KaitaiStream.idiv = idiv
KaitaiStream.fail = fail
return KaitaiStream
