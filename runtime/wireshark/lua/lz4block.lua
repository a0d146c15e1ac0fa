-- wirestruct's Lua runtime: raw LZ4 block decompression in plain Lua (5.2-5.4).
--
-- decompress(block, cap, expected_size) -> string, or raises an error object of kind
-- DecompressionError (a corrupt block) or LimitExceededError (the output would pass the
-- cap), with the outcomes of wirestruct's Python (runtime/lz4block.py on the lz4
-- library's LZ4_decompress_safe):
--
-- * The output buffer is `expected_size` when one is declared (over `cap`:
--   LimitExceededError), otherwise the smaller of `cap` and LZ4's natural bound
--   (255 * #block + 16), which Python grows its buffer to.
-- * A block is checked as the reference decoder checks it: a literal run that ends within
--   the last 8 input bytes or 12 output bytes must be the last sequence and end the
--   block exactly; a match may not end within the last 5 output bytes nor point before
--   the output's start; length bytes may not run into the block's last bytes.
-- * Without a declared size, Python cannot tell a corrupt block from one that outgrows
--   the cap when the cap is below the natural bound (it tries bigger buffers up to the
--   cap): then every failure is a LimitExceededError, as there.
-- * A match offset of 0 is corrupt (LZ4's format has none; the library's safe decoder
--   copies whatever the fresh output buffer holds, so Python's output is undefined there).
--
-- Each input byte is looked at once and each output byte written once, and the sizes are
-- checked before any byte is written, so time is linear in input plus output (an LZ4
-- "bomb" stops at the cap) and memory is the output plus a 64 KiB window.
local class = require("class")

local byte, char, concat, floor = string.byte, string.char, table.concat, math.floor
local unpack = table.unpack or unpack -- Lua 5.2 has both; 5.3+ table.unpack
local RING, FLUSH = 65536, 4096
local MFLIMIT, LASTLITERALS, RUN_MASK = 12, 5, 15

local M = {}

-- LZ4's largest expansion (a byte can stand for 255 more).
M.MAX_RATIO = 255

local function raise(kind, message, expected)
  error(setmetatable({ kind = kind, message = message, expected = expected }, class.error_mt), 0)
end

function M.decompress(block, cap, expected_size)
  cap = cap or 16 * 1024 * 1024
  local len = #block
  local capacity, limited
  if expected_size ~= nil then
    if expected_size > cap then
      raise("LimitExceededError", "declared decompressed length " .. tostring(expected_size) ..
        " exceeds the cap", "at most " .. tostring(cap) .. " bytes")
    end
    capacity = expected_size
  else
    if len == 0 then
      raise("DecompressionError", "empty LZ4 block", "at least one token byte")
    end
    local bound = M.MAX_RATIO * len + 16
    capacity = bound
    if cap < bound then capacity, limited = cap, true end
  end
  local function corrupt(detail)
    if limited then
      raise("LimitExceededError", "LZ4 block expands beyond the decompression cap (or is " ..
        "corrupt: " .. detail .. ")", "at most " .. tostring(cap) .. " bytes")
    end
    local expected = "a valid raw LZ4 block"
    if expected_size ~= nil then expected = "an LZ4 block of " .. tostring(expected_size) .. " bytes" end
    raise("DecompressionError", "corrupt LZ4 block: " .. detail, expected)
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
  local i = 1 -- next input byte (1-based)
  while true do
    if i > len then corrupt("cut before a token") end
    local token = byte(block, i)
    i = i + 1
    -- literals
    local lit = floor(token / 16)
    if lit == RUN_MASK then
      if i - 1 >= len - RUN_MASK then corrupt("a literal length runs into the block's end") end
      repeat
        local b = byte(block, i)
        i = i + 1
        lit = lit + b
        if i - 1 > len - RUN_MASK then corrupt("a literal length runs into the block's end") end
      until b ~= 255
    end
    if n + lit > capacity - MFLIMIT or i - 1 + lit > len - (2 + 1 + LASTLITERALS) then
      -- the last sequence: literals that end the block
      if i - 1 + lit ~= len then corrupt("the last literals do not end the block") end
      if n + lit > capacity then
        if expected_size ~= nil then
          corrupt("the literals pass the declared " .. tostring(expected_size) .. " bytes")
        end
        if limited then
          raise("LimitExceededError", "LZ4 block expands beyond the decompression cap",
            "at most " .. tostring(cap) .. " bytes")
        end
        corrupt("the literals pass LZ4's bound")
      end
      for k = i, len do
        ring[n % RING + 1] = byte(block, k)
        n = n + 1
        if n - flushed >= FLUSH then flush(n) end
      end
      break
    end
    for k = i, i + lit - 1 do
      ring[n % RING + 1] = byte(block, k)
      n = n + 1
      if n - flushed >= FLUSH then flush(n) end
    end
    i = i + lit
    -- match: offset, then length
    local lo, hi = byte(block, i, i + 1)
    i = i + 2
    local offset = lo + hi * 256
    local mlen = token % 16
    if mlen == 15 then
      repeat
        local b = byte(block, i)
        i = i + 1
        mlen = mlen + b
        if i - 1 > len - LASTLITERALS + 1 then corrupt("a match length runs into the block's end") end
      until b ~= 255
    end
    mlen = mlen + 4
    if offset == 0 or offset > n then
      corrupt("match offset " .. tostring(offset) .. " with " .. tostring(n) .. " bytes of output")
    end
    if n + mlen > capacity - LASTLITERALS then
      if limited and n + mlen > capacity then
        raise("LimitExceededError", "LZ4 block expands beyond the decompression cap",
          "at most " .. tostring(cap) .. " bytes")
      end
      corrupt("a match ends within the last " .. LASTLITERALS .. " bytes of the output")
    end
    for _ = 1, mlen do
      ring[n % RING + 1] = ring[(n - offset) % RING + 1]
      n = n + 1
      if n - flushed >= FLUSH then flush(n) end
    end
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
