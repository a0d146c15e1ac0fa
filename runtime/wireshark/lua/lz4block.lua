-- wirestruct's Lua runtime: raw LZ4 block decompression in plain Lua (5.2-5.4).
--
-- decompress(block, cap, expected_size) -> string, or raises an error object:
--   LimitExceededError  the output would pass `cap` bytes (checked before it grows
--                       there), or a declared `expected_size` is over the cap;
--   DecompressionError  the block is corrupt: cut inside a sequence, a match offset of 0
--                       or before the start of the output, a last sequence that is not
--                       literals only, or (with `expected_size`) another output length.
-- The same outcomes as wirestruct's Python (runtime/lz4block.py, the lz4 library) for
-- well-formed blocks and for the attacks its tests hold. Each input byte is looked at
-- once and each output byte written once, so time is linear in input plus output (an
-- LZ4 "bomb" stops at the cap), and memory is the output plus a 64 KiB window.
local class = require("class")

local byte, char, concat, floor = string.byte, string.char, table.concat, math.floor
local unpack = table.unpack or unpack -- Lua 5.2 has both; 5.3+ table.unpack
local RING, FLUSH = 65536, 4096

local M = {}

-- LZ4's largest expansion (a byte can stand for 255 more): the output is at most
-- 255 * #block (+16), the bound wirestruct's Python grows its buffer to.
M.MAX_RATIO = 255

local function raise(kind, message, expected)
  error(setmetatable({ kind = kind, message = message, expected = expected }, class.error_mt), 0)
end

local function corrupt(message)
  raise("DecompressionError", "corrupt LZ4 block: " .. message, "a valid raw LZ4 block")
end

function M.decompress(block, cap, expected_size)
  cap = cap or 16 * 1024 * 1024
  if expected_size ~= nil then
    if expected_size > cap then
      raise("LimitExceededError", "declared decompressed length " .. tostring(expected_size) ..
        " exceeds the cap", "at most " .. tostring(cap) .. " bytes")
    end
    cap = expected_size
  elseif #block == 0 then
    raise("DecompressionError", "empty LZ4 block", "at least one token byte")
  end
  local function over()
    if expected_size ~= nil then
      raise("DecompressionError", "LZ4 block expands beyond the declared " ..
        tostring(expected_size) .. " bytes", tostring(expected_size) .. " bytes")
    end
    raise("LimitExceededError", "LZ4 block expands beyond the decompression cap",
      "at most " .. tostring(cap) .. " bytes")
  end
  -- Output goes through a ring of the last 64 KiB (as far back as a match reaches),
  -- flushed to strings 4 KiB at a time: memory stays the output plus 64 KiB.
  local ring, parts = {}, {}
  local n, flushed = 0, 0    -- bytes written, bytes flushed to parts
  local function flush(upto)
    while flushed + FLUSH <= upto do
      local at = flushed % RING
      parts[#parts + 1] = char(unpack(ring, at + 1, at + FLUSH))
      flushed = flushed + FLUSH
    end
  end
  local i, len = 1, #block
  while true do
    if i > len then corrupt("cut before a token") end
    local token = byte(block, i)
    i = i + 1
    -- literals
    local lit = floor(token / 16)
    if lit == 15 then
      repeat
        if i > len then corrupt("cut inside a literal length") end
        local b = byte(block, i)
        i = i + 1
        lit = lit + b
      until b ~= 255
    end
    if lit > 0 then
      if i + lit - 1 > len then corrupt("literals run past the end of the block") end
      if n + lit > cap then over() end
      for k = i, i + lit - 1 do
        ring[n % RING + 1] = byte(block, k)
        n = n + 1
        if n - flushed >= FLUSH then flush(n) end
      end
      i = i + lit
    end
    if i > len then break end -- the last sequence: literals only
    -- match
    if i + 1 > len then corrupt("cut inside a match offset") end
    local lo, hi = byte(block, i, i + 1)
    i = i + 2
    local offset = lo + hi * 256
    if offset == 0 or offset > n then
      corrupt("match offset " .. tostring(offset) .. " with " .. tostring(n) ..
        " bytes of output")
    end
    local mlen = token % 16
    if mlen == 15 then
      repeat
        if i > len then corrupt("cut inside a match length") end
        local b = byte(block, i)
        i = i + 1
        mlen = mlen + b
      until b ~= 255
    end
    mlen = mlen + 4
    if n + mlen > cap then over() end
    for _ = 1, mlen do
      ring[n % RING + 1] = ring[(n - offset) % RING + 1]
      n = n + 1
      if n - flushed >= FLUSH then flush(n) end
    end
    if i > len then corrupt("the last sequence has a match (it must be literals only)") end
  end
  if expected_size ~= nil and n ~= expected_size then
    raise("DecompressionError", "LZ4 block expanded to " .. tostring(n) ..
      " bytes, not the declared " .. tostring(expected_size), tostring(expected_size) .. " bytes")
  end
  if n > flushed then
    local at = flushed % RING
    parts[#parts + 1] = char(unpack(ring, at + 1, at + n - flushed))
  end
  return concat(parts)
end

return M
