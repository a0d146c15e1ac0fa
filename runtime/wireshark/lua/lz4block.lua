-- wirestruct's Lua runtime: raw LZ4 block decompression in plain Lua (5.2-5.4), the one
-- LZ4 decoder of the Lua side.
--
-- decompress(block, cap, expected_size) -> string, or raises an error object of kind
-- DecompressionError (a corrupt block) or LimitExceededError (the output would pass the
-- cap), with the outcomes of wirestruct's Python (runtime/core/lz4block.py on the lz4
-- library's LZ4_decompress_safe, 1.9):
--
-- * The output buffer is `expected_size` when one is declared (over `cap`:
--   LimitExceededError), otherwise the smaller of `cap` and LZ4's natural bound
--   (255 * #block + 16), which Python grows its buffer to (a block that fits a smaller
--   buffer decodes the same in a bigger one).
-- * A block is accepted exactly when the library's safe decoder accepts it into a buffer
--   of that size. That decoder checks a sequence by where it stands: far from both ends
--   (input at least 17 bytes before its end, output 32 bytes before the buffer's end, or
--   64 in its fast loop) a short literal run and the match after it are copied without the
--   end-of-block checks; nearer the end, a literal run that reaches the last 8 input bytes
--   or the last 12 output bytes must be the last sequence and end the block exactly, and a
--   match may not end within the last 5 output bytes. Everywhere a match may not point
--   before the output's start and length bytes may not run into the block's last bytes.
-- * A match offset of 0 (which LZ4's format does not use) gives zero bytes, as the
--   library's decoder writes them.
-- * Without a declared size, Python cannot tell a corrupt block from one that outgrows
--   the cap when the cap is below the natural bound (it tries bigger buffers up to the
--   cap): then every failure is a LimitExceededError, as there.
--
-- Sizes are checked before output is made. Short literal runs and matches are written
-- byte by byte into a table made a string every few KiB; long literal runs are one
-- string.sub of the block, long matches one or a few string.sub of the output made so far
-- (string.rep when the match repeats a stretch shorter than itself). Time is linear in
-- the block's bytes plus the output's, and small per output byte of a long match; memory
-- is the output (twice, when it is joined at the end).
--
-- head(block, size, want) -> the first `want` bytes of a block declared `size` bytes
-- long, when the whole block is sound and expands to exactly `size`; nil otherwise. It
-- runs the same walk, writing only the first `want` bytes, in time linear in the block.
local class = require("class")

local byte, char, sub, rep, concat, floor = string.byte, string.char, string.sub, string.rep,
  table.concat, math.floor
local unpack = table.unpack or unpack -- Lua 5.2 has both; 5.3+ table.unpack
local FLUSH, LONG = 4096, 32
local MFLIMIT, LASTLITERALS, RUN_MASK, ML_MASK, MINMATCH = 12, 5, 15, 15, 4
local FAST_DISTANCE, SHORT_OUT, SHORT_IN = 64, 32, 17

local M = {}

-- LZ4's largest expansion (a byte can stand for 255 more).
M.MAX_RATIO = 255

local function raise(kind, message, expected)
  error(setmetatable({ kind = kind, message = message, expected = expected }, class.error_mt), 0)
end

-- The sequence walk: decodes `block` into a buffer of `capacity` bytes as LZ4's safe
-- decoder does, keeping the first `want` bytes of the output. Failures go to
-- `corrupt(detail)`, which raises. Returns the output kept and the output's full size.
local function walk(block, capacity, want, corrupt)
  local len = #block
  if capacity == 0 then
    -- an empty buffer takes only the block of one zero token
    if len == 1 and byte(block, 1) == 0 then return "", 0 end
    corrupt("only an empty block fits no output")
  end
  if len == 0 then corrupt("empty LZ4 block") end

  -- Output: strings `parts[k]` starting at output byte `starts[k]` (0-based), `sent`
  -- bytes in all, then `nl` bytes in `lits` not made a string yet.
  local parts, starts, np, sent = {}, {}, 0, 0
  local lits, nl = {}, 0

  local function flush()
    if nl > 0 then
      np = np + 1
      parts[np], starts[np] = char(unpack(lits, 1, nl)), sent
      sent, nl = sent + nl, 0
    end
  end

  local function add(s)
    flush()
    np = np + 1
    parts[np], starts[np] = s, sent
    sent = sent + #s
  end

  -- `count` bytes of the strings from output byte `at` (at + count <= sent)
  local function piece(at, count)
    local lo, hi = 1, np
    while lo < hi do
      local mid = floor((lo + hi + 1) / 2)
      if starts[mid] <= at then lo = mid else hi = mid - 1 end
    end
    local s = parts[lo]
    local from = at - starts[lo]
    if from + count <= #s then return sub(s, from + 1, from + count) end
    local got, have = { sub(s, from + 1) }, #s - from
    while have < count do
      lo = lo + 1
      s = parts[lo]
      if have + #s >= count then
        got[#got + 1] = sub(s, 1, count - have)
        have = count
      else
        got[#got + 1] = s
        have = have + #s
      end
    end
    return concat(got)
  end

  -- literals: block bytes from..from + count - 1, the first `room` of them kept
  local function literals(from, count)
    local room = want - sent - nl
    if count > room then count = room end
    if count <= 0 then return end
    if count >= LONG then
      add(sub(block, from, from + count - 1))
      return
    end
    for k = from, from + count - 1 do
      nl = nl + 1
      lits[nl] = byte(block, k)
    end
    if nl >= FLUSH then flush() end
  end

  -- a match of `count` bytes `offset` back (0 <= offset <= output so far)
  local function match(offset, count)
    local n = sent + nl
    local room = want - n
    if count > room then count = room end
    if count <= 0 then return end
    if count >= LONG then
      flush()
      if offset == 0 then
        add(rep("\0", count))
      elseif offset >= count then
        add(piece(n - offset, count))
      else
        local s = piece(n - offset, offset)
        add(rep(s, floor(count / offset)))
        local rest = count % offset
        if rest > 0 then add(sub(s, 1, rest)) end
      end
      return
    end
    if offset == 0 then
      for _ = 1, count do
        nl = nl + 1
        lits[nl] = 0
      end
    else
      local at = 1
      if offset > nl then
        -- the source starts in the strings
        local s = piece(n - offset, offset - nl < count and offset - nl or count)
        for k = 1, #s do lits[nl + k] = byte(s, k) end
        nl = nl + #s
        at = #s + 1
      end
      for _ = at, count do
        nl = nl + 1
        lits[nl] = lits[nl - offset]
      end
    end
    if nl >= FLUSH then flush() end
  end

  local function length_bytes(ip, limit, what)
    local total = 0
    repeat
      local b = byte(block, ip + 1)
      ip = ip + 1
      if b == nil or ip > limit then corrupt("a " .. what .. " length runs into the block's end") end
      total = total + b
    until b ~= 255
    return total, ip
  end

  local fast = capacity >= FAST_DISTANCE   -- the decoder's fast loop: far from the output's end
  local ip, op = 0, 0                      -- input bytes read, output bytes made (0-based)
  while true do
    if ip >= len then corrupt("cut before a token") end
    local token = byte(block, ip + 1)
    ip = ip + 1
    local lit, mlen = floor(token / 16), token % 16
    local short   -- a literal run copied without the end-of-block checks
    if lit ~= RUN_MASK then
      short = ip <= len - SHORT_IN and op <= capacity - SHORT_OUT
    else
      if ip >= len - RUN_MASK then corrupt("a literal length runs into the block's end") end
      local more
      more, ip = length_bytes(ip, len - RUN_MASK, "literal")
      lit = lit + more
      short = fast and op + lit <= capacity - 32 and ip + lit <= len - 32
    end
    if not short then
      fast = false
      if op + lit > capacity - MFLIMIT or ip + lit > len - (2 + 1 + LASTLITERALS) then
        -- the last sequence: literals that end the block
        if ip + lit ~= len then corrupt("the last literals do not end the block") end
        if op + lit > capacity then
          corrupt("the literals pass the buffer's " .. tostring(capacity) .. " bytes")
        end
        literals(ip + 1, lit)
        op = op + lit
        break
      end
    end
    literals(ip + 1, lit)
    ip, op = ip + lit, op + lit
    local lo, hi = byte(block, ip + 1, ip + 2)
    if hi == nil then corrupt("cut in a match offset") end
    ip = ip + 2
    local offset = lo + hi * 256
    local checked   -- the match goes through the decoder's checked copy
    if fast then
      if mlen == ML_MASK then
        local more
        more, ip = length_bytes(ip, len - LASTLITERALS + 1, "match")
        mlen = mlen + more
      end
      mlen = mlen + MINMATCH
      if offset > op then corrupt("match offset " .. offset .. " with " .. op .. " bytes of output") end
      if op + mlen >= capacity - FAST_DISTANCE then
        fast, checked = false, true
      end
    elseif short and mlen ~= ML_MASK and offset >= 8 and offset <= op then
      mlen = mlen + MINMATCH         -- at most 18 bytes, room for them checked with the literals
    else
      if mlen == ML_MASK then
        local more
        more, ip = length_bytes(ip, len - LASTLITERALS + 1, "match")
        mlen = mlen + more
      end
      mlen = mlen + MINMATCH
      checked = true
    end
    if checked then
      if offset > op then corrupt("match offset " .. offset .. " with " .. op .. " bytes of output") end
      if op + mlen > capacity - LASTLITERALS then
        corrupt("a match ends within the last " .. LASTLITERALS .. " bytes of the buffer")
      end
    end
    match(offset, mlen)
    op = op + mlen
  end
  flush()
  if np == 1 then return parts[1], op end
  return concat(parts), op
end

function M.decompress(block, cap, expected_size)
  cap = cap or 16 * 1024 * 1024
  local capacity, limited
  if expected_size ~= nil then
    if expected_size > cap then
      raise("LimitExceededError", "declared decompressed length " .. tostring(expected_size) ..
        " exceeds the cap", "at most " .. tostring(cap) .. " bytes")
    end
    capacity = expected_size
  else
    if #block == 0 then
      raise("DecompressionError", "empty LZ4 block", "at least one token byte")
    end
    local bound = M.MAX_RATIO * #block + 16
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
  local out, n = walk(block, capacity, capacity, corrupt)
  if expected_size ~= nil and n ~= expected_size then
    raise("DecompressionError", "LZ4 block expanded to " .. tostring(n) ..
      " bytes, not the declared " .. tostring(expected_size), tostring(expected_size) .. " bytes")
  end
  return out
end

local function unsound() error(false, 0) end

function M.head(block, size, want)
  if want > size then want = size end
  local ok, out, n = pcall(walk, block, size, want, unsound)
  if not ok then
    if out == false then return nil end
    error(out, 0)
  end
  if n ~= size then return nil end
  return out
end

return M
