-- wirestruct's Lua runtime: `str` fields, decoded as Python decodes them, to UTF-8.
--
-- decode(bytes, encoding) returns the text as a UTF-8 Lua string (what Wireshark shows
-- and what Python's str holds). Bytes the encoding does not allow (ASCII with a byte of
-- 0x80 or more; UTF-8 that is not well-formed: overlong forms, surrogates, beyond
-- U+10FFFF, cut sequences) do not fail the packet, as in wirestruct's Python
-- (wirestruct.core.lossy): each maximal ill-formed run becomes U+FFFD, as Python's
-- "replace" handler has it, and a note is kept (take_notes: the ParseError Python's
-- decoder reports after the packet, with the same message). ISO-8859-1 maps each byte to
-- the code point of the same number. Works on Lua 5.2-5.4.
local class = require("class")

local byte, char, find, concat = string.byte, string.char, string.find, table.concat

local M = {}

local REPLACEMENT = "\239\191\189"   -- U+FFFD in UTF-8
--: notes past this many (in all, until taken) are dropped, as Python's MAX_NOTES
M.MAX_NOTES = 256
local notes = {}

local function hex(s)
  return (s:gsub(".", function(c) return string.format("%02x ", c:byte()) end):sub(1, -2))
end

-- A note for text whose bad runs are `bad` ({start, stop} byte positions from 1).
local function note(s, encoding, bad)
  if #notes >= M.MAX_NOTES then return end
  local parts = {}
  for k = 1, math.min(#bad, 8) do
    local run = bad[k]
    parts[k] = hex(s:sub(run[1], run[2])) .. " at byte " .. tostring(run[1] - 1)
  end
  notes[#notes + 1] = setmetatable({ kind = "ParseError",
    message = "invalid " .. encoding .. " in a string of " .. #s .. " bytes: " ..
      concat(parts, ", ") .. "; shown as U+FFFD, the bytes are kept",
    expected = encoding .. " text" }, class.error_mt)
end

-- How many notes there are now, and back to that many (what a parse run again noted).
function M.mark() return #notes end
function M.rewind(n)
  for k = #notes, n + 1, -1 do notes[k] = nil end
end

-- The notes of the strings decoded since the last call, oldest first.
function M.take_notes()
  if #notes == 0 then return nil end
  local taken = notes
  notes = {}
  return taken
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

local function ascii(s, encoding)
  if not find(s, "[\128-\255]") then return s end
  local bad = {}
  local text = s:gsub("()[\128-\255]", function(at)
    bad[#bad + 1] = { at, at }
    return REPLACEMENT
  end)
  note(s, encoding, bad)
  return text
end

-- The length of the well-formed sequence at i (RFC 3629, as Python's codec accepts it),
-- or nil and the length of the maximal ill-formed run there.
local function sequence(s, i)
  local a = byte(s, i)
  if a < 0x80 then return 1 end
  local count, low, high = 0, 0x80, 0xBF
  if a >= 0xC2 and a <= 0xDF then count = 1
  elseif a == 0xE0 then count, low = 2, 0xA0
  elseif a == 0xED then count, high = 2, 0x9F
  elseif a >= 0xE1 and a <= 0xEF then count = 2
  elseif a == 0xF0 then count, low = 3, 0x90
  elseif a == 0xF4 then count, high = 3, 0x8F
  elseif a >= 0xF1 and a <= 0xF3 then count = 3
  else return nil, 1 end
  for k = 1, count do
    local b = byte(s, i + k)
    if b == nil or (k == 1 and (b < low or b > high)) or (k > 1 and (b < 0x80 or b > 0xBF)) then
      return nil, k
    end
  end
  return count + 1
end

-- Well-formed UTF-8: s itself; else the text with U+FFFD for each ill-formed run.
local function utf8(s, encoding)
  if not find(s, "[\128-\255]") then return s end
  local i, n, from = 1, #s, 1
  local out, bad = nil, nil
  while i <= n do
    local good, run = sequence(s, i)
    if good then
      i = i + good
    else
      out, bad = out or {}, bad or {}
      out[#out + 1] = s:sub(from, i - 1)
      out[#out + 1] = REPLACEMENT
      bad[#bad + 1] = { i, i + run - 1 }
      i = i + run
      from = i
    end
  end
  if not out then return s end
  out[#out + 1] = s:sub(from)
  note(s, encoding, bad)
  return concat(out)
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
  return decoder(s, encoding or "ascii")
end

M.latin1_to_utf8 = latin1

return M
