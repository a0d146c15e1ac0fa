-- wirestruct's Lua runtime: `str` fields, decoded as Python decodes them, to UTF-8.
--
-- decode(bytes, encoding) returns the text as a UTF-8 Lua string (what Wireshark shows
-- and what Python's str holds), or raises a ParseError where Python's strict codec
-- raises: ASCII with a byte of 0x80 or more, UTF-8 that is not well-formed (overlong
-- forms, surrogates, beyond U+10FFFF, cut sequences). ISO-8859-1 maps each byte to the
-- code point of the same number. Works on Lua 5.2-5.4.
local class = require("class")

local byte, char, find, concat = string.byte, string.char, string.find, table.concat

local M = {}

local function fail(encoding, position, reason)
  error(setmetatable({ kind = "ParseError",
    message = "UnicodeDecodeError: '" .. encoding .. "' codec can't decode byte at position "
      .. tostring(position) .. ": " .. reason,
    expected = "valid " .. encoding .. " text" }, class.error_mt), 0)
end

local function latin1(s)
  if not find(s, "[\128-\255]") then return s end
  local out = {}
  for i = 1, #s do
    local b = byte(s, i)
    if b < 128 then
      out[i] = char(b)
    else
      out[i] = char(192 + (b - b % 64) / 64, 128 + b % 64)
    end
  end
  return concat(out)
end

local function ascii(s)
  local at = find(s, "[\128-\255]")
  if at then fail("ascii", at - 1, "ordinal not in range(128)") end
  return s
end

-- Well-formed UTF-8 (RFC 3629, as Python's codec accepts it); returns s itself.
local function utf8(s)
  if not find(s, "[\128-\255]") then return s end
  local i, n = 1, #s
  while i <= n do
    local a = byte(s, i)
    if a < 0x80 then
      i = i + 1
    else
      local count, low, high = 0, 0x80, 0xBF
      if a >= 0xC2 and a <= 0xDF then count = 1
      elseif a == 0xE0 then count, low = 2, 0xA0
      elseif a == 0xED then count, high = 2, 0x9F
      elseif a >= 0xE1 and a <= 0xEF then count = 2
      elseif a == 0xF0 then count, low = 3, 0x90
      elseif a == 0xF4 then count, high = 3, 0x8F
      elseif a >= 0xF1 and a <= 0xF3 then count = 3
      else fail("utf-8", i - 1, "invalid start byte") end
      for k = 1, count do
        local b = byte(s, i + k)
        if b == nil then fail("utf-8", i - 1, "unexpected end of data") end
        if k == 1 then
          if b < low or b > high then fail("utf-8", i - 1, "invalid continuation byte") end
        elseif b < 0x80 or b > 0xBF then
          fail("utf-8", i - 1, "invalid continuation byte")
        end
      end
      i = i + count + 1
    end
  end
  return s
end

local DECODERS = {
  ["ascii"] = ascii, ["us-ascii"] = ascii,
  ["utf-8"] = utf8, ["utf8"] = utf8,
  ["iso-8859-1"] = latin1, ["iso8859-1"] = latin1, ["latin1"] = latin1, ["latin-1"] = latin1,
}

function M.decode(s, encoding)
  local decoder = DECODERS[string.lower(encoding or "ascii")]
  if decoder == nil then
    error(setmetatable({ kind = "ParseError",
      message = "encoding " .. tostring(encoding) .. " is not supported by wirestruct's Lua runtime",
      expected = "ASCII, UTF-8 or ISO-8859-1" }, class.error_mt), 0)
  end
  return decoder(s)
end

M.latin1_to_utf8 = latin1
M.check_utf8 = utf8

return M
