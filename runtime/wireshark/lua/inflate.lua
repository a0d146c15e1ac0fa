-- wirestruct's Lua runtime: zlib and gzip inflation in plain Lua (5.2-5.4), capped, with
-- the outcomes of wirestruct's Python (wirestruct.protocols' inflaters on Python's zlib with
-- a detected zlib or gzip header, 32 KiB window):
--
--   local inflater = inflate.new(cap, per_feed, what)
--   local ok, out = inflater:feed(data)    -- the bytes the new piece completes, or an error
--   inflater:in_stream()                   -- a started stream has not reached its end
--   local ok, out = inflate.exact(data, size, what)
--
-- * Data may hold several streams end to end, each a zlib stream or a gzip member; a
--   stream may arrive in pieces (feed after feed). Checksums (Adler-32, CRC-32 and the
--   gzip length) are checked as zlib checks them.
-- * Output is capped before it is produced: one feed may give at most `per_feed` bytes and
--   all feeds together `cap` (LimitExceededError beyond either, as the Python inflater
--   names them); corrupt data is a DecompressionError naming the stream; after an error
--   the inflater stays broken.
-- * `exact` inflates to exactly `size` bytes: less (or a stream cut short) is a
--   DecompressionError, more a LimitExceededError.
-- Time is linear in input plus output; memory is the output plus a 32 KiB window.
local class = require("class")

local byte, char, concat, floor = string.byte, string.char, table.concat, math.floor
local rep, sub = string.rep, string.sub
local unpack = table.unpack or unpack
local yield, resume, create, status = coroutine.yield, coroutine.resume, coroutine.create,
  coroutine.status

-- LONG: a match at least this long is made of string operations, a shorter one byte by byte
-- BIG: output (bytes) of one feed after which its garbage is collected at once
local WINDOW, FLUSH, LONG, BIG = 32768, 4096, 24, 1024 * 1024
local POW2 = { [0] = 1 }
for i = 1, 32 do POW2[i] = POW2[i - 1] * 2 end

local M = {}

local function raise(kind, message, expected)
  error(setmetatable({ kind = kind, message = message, expected = expected }, class.error_mt), 0)
end

-- CRC-32 of gzip members. Lua 5.3 and later have bitwise operators (compiled from text
-- here, as 5.2 cannot parse them), 5.2 has the bit32 library; without either, a table of
-- byte XORs stands in.
local CRC, crc_string, xor = {}, nil, nil
do
  local poly = 0xEDB88320
  local native = _VERSION ~= "Lua 5.2" and _VERSION ~= "Lua 5.1" and load and load([[
    local CRC, byte, poly = ...
    for n = 0, 255 do
      local c = n
      for _ = 1, 8 do
        if c & 1 == 1 then c = (c >> 1) ~ poly else c = c >> 1 end
      end
      CRC[n] = c
    end
    return function(c, s)
      for k = 1, #s do c = CRC[(c ~ byte(s, k)) & 255] ~ (c >> 8) end
      return c
    end, function(a, b) return a ~ b end]])
  if native then
    crc_string, xor = native(CRC, byte, poly)
  elseif bit32 then
    local bxor, rshift = bit32.bxor, bit32.rshift
    xor = bxor
    for n = 0, 255 do
      local c = n
      for _ = 1, 8 do
        if c % 2 == 1 then c = bxor(rshift(c, 1), poly) else c = rshift(c, 1) end
      end
      CRC[n] = c
    end
    crc_string = function(c, s)
      for k = 1, #s do c = bxor(CRC[bxor(c % 256, byte(s, k))], rshift(c, 8)) end
      return c
    end
  else
    -- XOR of two bytes, a row made the first time it is needed
    local XOR8 = setmetatable({}, { __index = function(rows, a)
      local row = {}
      for b = 0, 255 do
        local r, x, y, bit = 0, a, b, 1
        for _ = 1, 8 do
          if x % 2 ~= y % 2 then r = r + bit end
          x, y, bit = floor(x / 2), floor(y / 2), bit * 2
        end
        row[b] = r
      end
      rows[a] = row
      return row
    end })
    local function xor32(a, b)
      local r, bit = 0, 1
      for _ = 1, 4 do
        r = r + XOR8[a % 256][b % 256] * bit
        a, b, bit = floor(a / 256), floor(b / 256), bit * 256
      end
      return r
    end
    for n = 0, 255 do
      local c = n
      for _ = 1, 8 do
        if c % 2 == 1 then c = xor32(floor(c / 2), poly) else c = floor(c / 2) end
      end
      CRC[n] = c
    end
    crc_string = function(c, s)
      for k = 1, #s do c = xor32(floor(c / 256), CRC[XOR8[c % 256][byte(s, k)]]) end
      return c
    end
    xor = xor32
  end
end

-- The CRC register after `len` bytes of which `s` (their first bytes) repeats, from
-- register `c`: the register is linear in its start and the bytes, so it is the effect
-- of `len` zero bytes on `c` (four tables for each length, made once) XOR the register
-- from 0 over the bytes (kept for the strings and lengths seen last). A long match of a
-- short stretch (a run) costs a few operations instead of one per byte.
local SHIFT, RUNS, runs = {}, {}, 0
local function crc_repeat(c, s, len, out)
  local t = SHIFT[len]
  if t == nil then
    local zeros, image = rep("\0", len), {}
    for j = 0, 31 do image[j] = crc_string(POW2[j], zeros) end
    t = {}
    for k = 0, 3 do
      local row = { [0] = 0 }
      for j = 0, 7 do
        local high = POW2[j]
        for b = high, 2 * high - 1 do row[b] = xor(row[b - high], image[8 * k + j]) end
      end
      t[k] = row
    end
    SHIFT[len] = t
  end
  local key = len .. ":" .. s
  local raw = RUNS[key]
  if raw == nil then
    if runs >= 4096 then RUNS, runs = {}, 0 end
    raw = crc_string(0, out)
    RUNS[key], runs = raw, runs + 1
  end
  local c1, c2 = floor(c / 256), floor(c / 65536)
  return xor(xor(xor(t[0][c % 256], t[1][c1 % 256]), xor(t[2][c2 % 256], t[3][floor(c / 16777216)])),
    raw)
end

-- Canonical Huffman codes as a table indexed by the next `max` input bits (least
-- significant first): symbol * 16 + length. `kind` names the set in errors; `single`
-- allows an incomplete set of one code of length 1, as zlib does for lengths and
-- distances.
local function huffman(lengths, n, kind, single)
  local count = {}
  for len = 0, 15 do count[len] = 0 end
  for s = 0, n - 1 do count[lengths[s]] = count[lengths[s]] + 1 end
  local max = 0
  for len = 1, 15 do if count[len] > 0 then max = len end end
  if max == 0 then return { max = 0, size = 1 } end    -- no codes: any use is an error
  local left = 1
  for len = 1, 15 do
    left = left * 2 - count[len]
    if left < 0 then raise("DecompressionError", "invalid " .. kind .. " set (over-subscribed)",
      "zlib or gzip data") end
  end
  if left > 0 and not (single and max == 1) then
    raise("DecompressionError", "invalid " .. kind .. " set (incomplete)", "zlib or gzip data")
  end
  -- canonical codes: codes of one length are consecutive, shorter ones come first
  local next_code, code = {}, 0
  for len = 1, 15 do
    next_code[len] = code
    code = (code + count[len]) * 2
  end
  local size = POW2[max]
  local tbl = { max = max, size = size }
  for s = 0, n - 1 do
    local len = lengths[s]
    if len > 0 then
      local c = next_code[len]
      next_code[len] = c + 1
      local r = 0                      -- the code's bits reversed (read LSB first)
      for _ = 1, len do
        r = r * 2 + c % 2
        c = floor(c / 2)
      end
      local entry, step = s * 16 + len, POW2[len]
      for k = r, size - 1, step do tbl[k] = entry end
    end
  end
  return tbl
end

local LEN_BASE = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
  67, 83, 99, 115, 131, 163, 195, 227, 258 }
local LEN_EXTRA = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
  5, 5, 5, 5, 0 }
local DIST_BASE = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513,
  769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 }
local DIST_EXTRA = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
  11, 11, 12, 12, 13, 13 }
local ORDER = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 }

local FIXED_LIT, FIXED_DIST
do
  local l = {}
  for s = 0, 143 do l[s] = 8 end
  for s = 144, 255 do l[s] = 9 end
  for s = 256, 279 do l[s] = 7 end
  for s = 280, 287 do l[s] = 8 end
  local d = {}
  for s = 0, 31 do d[s] = 5 end                 -- codes 30 and 31 exist but are invalid
  FIXED_LIT = huffman(l, 288, "literal/lengths")
  FIXED_DIST = huffman(d, 32, "distances")
end

function M.new(cap, per_feed, what)
  local self = { cap = cap, per_feed = per_feed or cap, what = what or "map", produced = 0,
    streams = 0, broken = false, inside = false }
  -- input: the piece being fed, the next byte of it, bits not used yet
  local chunk, ipos, bitbuf, bitcnt = "", 1, 0, 0
  -- output: bytes one by one in `lits` (literals, short matches), made a string at most
  -- FLUSH bytes at a time or before a long match; strings (this feed's in `parts`) are
  -- also kept as the window, `win[k]` starting at output position `wat[k]`, the pieces
  -- of the last 32 KiB from `wfirst` to `wlast`; `send` is where the strings end.
  local lits, nl, parts = {}, 0, {}
  local win, wat, wfirst, wlast, send = {}, {}, 1, 0, 0
  local got, allowance = 0, 0
  local stream_out = 0                  -- bytes of the current stream (how far back a match reaches)

  local function corrupt(message)
    raise("DecompressionError", "corrupt compressed " .. self.what .. " data in stream " ..
      self.streams .. ": " .. message, "zlib or gzip data")
  end

  local function over()
    if allowance == self.per_feed and self.per_feed < self.cap - self.produced then
      raise("LimitExceededError", "one packet's " .. self.what ..
        " data inflates beyond max_decompressed",
        "at most " .. self.per_feed .. " bytes from one packet")
    end
    raise("LimitExceededError", self.what .. " data inflates beyond the " .. self.what ..
      "'s volume", self.cap .. " bytes for the " .. self.what)
  end

  local function need(bits)
    while bitcnt < bits do
      if ipos > #chunk then yield() end
      bitbuf = bitbuf + byte(chunk, ipos) * POW2[bitcnt]
      ipos = ipos + 1
      bitcnt = bitcnt + 8
    end
  end

  local function bits(count)
    if count == 0 then return 0 end
    need(count)
    local v = bitbuf % POW2[count]
    bitbuf = (bitbuf - v) / POW2[count]
    bitcnt = bitcnt - count
    return v
  end

  local function aligned_byte()
    if bitcnt >= 8 then return bits(8) end
    bitbuf, bitcnt = 0, 0
    if ipos > #chunk then yield() end
    local b = byte(chunk, ipos)
    ipos = ipos + 1
    return b
  end

  local function align()
    local drop = bitcnt % 8
    if drop > 0 then bits(drop) end
  end

  -- The next symbol of a code set. Bits are taken as they come: a code shorter than the
  -- longest one is decoded from the bits there are (as zlib gives out every byte the
  -- input it has makes), more are waited for only when the code needs them.
  local function decode(tbl)
    local max = tbl.max
    if max == 0 then corrupt("invalid code (an empty code set)") end
    local e, len
    while true do
      while bitcnt < max and ipos <= #chunk do
        bitbuf = bitbuf + byte(chunk, ipos) * POW2[bitcnt]
        ipos = ipos + 1
        bitcnt = bitcnt + 8
      end
      e = tbl[bitbuf % tbl.size]
      len = e and e % 16
      if e ~= nil and len <= bitcnt then break end
      if bitcnt >= max then return nil end
      yield()
    end
    bitbuf = (bitbuf - bitbuf % POW2[len]) / POW2[len]
    bitcnt = bitcnt - len
    return (e - len) / 16
  end

  -- checksums of the current stream
  local gzip, adler_a, adler_b, crc = false, 1, 0, 0xFFFFFFFF

  -- the checksum of the current stream over the bytes of string `s`
  local function check(s)
    if gzip then
      crc = crc_string(crc, s)
    else
      local a, b = adler_a, adler_b
      for k = 1, #s do
        a = a + byte(s, k)
        b = b + a
      end
      adler_a, adler_b = a % 65521, b % 65521     -- a string is at most 64 KiB: no overflow
    end
  end

  -- a string of output after the bytes in `lits` (which must be none)
  local function add(s)
    parts[#parts + 1] = s
    wlast = wlast + 1
    win[wlast], wat[wlast] = s, send
    send = send + #s
    while wfirst < wlast and wat[wfirst + 1] <= send - WINDOW do
      win[wfirst], wat[wfirst] = nil, nil
      wfirst = wfirst + 1
    end
  end

  local function flush()
    if nl > 0 then
      local s = char(unpack(lits, 1, nl))
      nl = 0
      check(s)
      add(s)
    end
  end

  -- `m` bytes of the strings starting `back` bytes before their end (m <= back)
  local function back_sub(back, m)
    local pos = send - back
    local k = wlast
    if wat[k] > pos then              -- not in the last string: find the one it starts in
      local lo, hi = wfirst, wlast - 1
      while lo < hi do
        local mid = floor((lo + hi + 1) / 2)
        if wat[mid] <= pos then lo = mid else hi = mid - 1 end
      end
      k = lo
    end
    local s, at = win[k], pos - wat[k]
    if at + m <= #s then return sub(s, at + 1, at + m) end
    local pieces, have = { sub(s, at + 1) }, #s - at
    while have < m do
      k = k + 1
      pieces[#pieces + 1] = win[k]
      have = have + #win[k]
    end
    return sub(concat(pieces), 1, m)
  end

  local function put(b)
    if got >= allowance then over() end
    got = got + 1
    nl = nl + 1
    lits[nl] = b
    stream_out = stream_out + 1
    if nl >= FLUSH then flush() end
  end

  local function copy(dist, len)
    if dist > stream_out or dist > WINDOW then corrupt("invalid distance too far back") end
    if got + len > allowance then over() end
    got = got + len
    stream_out = stream_out + len
    if len < LONG then
      -- byte by byte: first what lies in the strings, then from `lits` itself
      local at = 1
      if dist > nl then
        local back = dist - nl
        local s = back_sub(back, len < back and len or back)
        for k = 1, #s do lits[nl + k] = byte(s, k) end
        nl = nl + #s
        at = #s + 1
      end
      for _ = at, len do
        nl = nl + 1
        lits[nl] = lits[nl - dist]
      end
      if nl >= FLUSH then flush() end
      return
    end
    -- a long match: made of string operations, its checksum in closed form when it
    -- repeats a short stretch
    flush()
    if dist >= len then
      local s = back_sub(dist, len)
      check(s)
      add(s)
      return
    end
    local s = back_sub(dist, dist)
    local times, rest = floor(len / dist), len % dist
    local out = rep(s, times)
    if rest > 0 then out = out .. sub(s, 1, rest) end
    if gzip then
      crc = crc_repeat(crc, s, len, out)
    else
      -- Adler-32 of `times` copies of s: each adds S to a and d * a + W to b, where S is
      -- the sum of its bytes and W their sum weighted d, d - 1, ..., 1
      local sum, weighted = 0, 0
      for k = 1, dist do
        local v = byte(s, k)
        sum = sum + v
        weighted = weighted + v * (dist - k + 1)
      end
      local a, b = adler_a, adler_b
      b = (b + times * dist * a + (dist * sum % 65521) * (floor(times * (times - 1) / 2) % 65521)
        + times * weighted) % 65521
      a = (a + times * sum) % 65521
      for k = 1, rest do
        a = a + byte(s, k)
        b = b + a
      end
      adler_a, adler_b = a % 65521, b % 65521
    end
    add(out)
  end

  local function stored()
    align()
    local lo, hi = aligned_byte(), aligned_byte()
    local nlo, nhi = aligned_byte(), aligned_byte()
    local len = lo + hi * 256
    if nlo + nhi * 256 ~= 65535 - len then corrupt("invalid stored block lengths") end
    while len > 0 and bitcnt >= 8 do
      put(aligned_byte())
      len = len - 1
    end
    -- the rest straight from the input (no bits are held now), as strings
    while len > 0 do
      if ipos > #chunk then yield() end
      local m = #chunk - ipos + 1
      if m > len then m = len end
      if got + m > allowance then over() end
      flush()
      local s = sub(chunk, ipos, ipos + m - 1)
      ipos, len = ipos + m, len - m
      got, stream_out = got + m, stream_out + m
      check(s)
      add(s)
    end
  end

  local function codes(lit, dist)
    while true do
      local sym = decode(lit)
      if sym == nil then corrupt("invalid literal/length code") end
      if sym < 256 then
        put(sym)
      elseif sym == 256 then
        return
      else
        sym = sym - 256
        if sym > 29 then corrupt("invalid literal/length code") end
        local len = LEN_BASE[sym] + bits(LEN_EXTRA[sym])
        local d = decode(dist)
        if d == nil or d > 29 then corrupt("invalid distance code") end
        copy(DIST_BASE[d + 1] + bits(DIST_EXTRA[d + 1]), len)
      end
    end
  end

  local function dynamic()
    local nlen, ndist, ncode = bits(5) + 257, bits(5) + 1, bits(4) + 4
    if nlen > 286 or ndist > 30 then corrupt("too many length or distance symbols") end
    local lengths = {}
    for i = 0, 18 do lengths[i] = 0 end
    for i = 1, ncode do lengths[ORDER[i]] = bits(3) end
    local cl = huffman(lengths, 19, "code lengths")
    local all, i = {}, 0
    while i < nlen + ndist do
      local sym = decode(cl)
      if sym == nil then corrupt("invalid code lengths set") end
      if sym < 16 then
        all[i] = sym
        i = i + 1
      else
        local value, times = 0, 0
        if sym == 16 then
          if i == 0 then corrupt("invalid bit length repeat") end
          value, times = all[i - 1], 3 + bits(2)
        elseif sym == 17 then
          times = 3 + bits(3)
        else
          times = 11 + bits(7)
        end
        if i + times > nlen + ndist then corrupt("invalid bit length repeat") end
        for _ = 1, times do
          all[i] = value
          i = i + 1
        end
      end
    end
    if all[256] == 0 then corrupt("invalid code -- missing end-of-block") end
    local lit_lengths, dist_lengths = {}, {}
    for s = 0, nlen - 1 do lit_lengths[s] = all[s] end
    for s = 0, ndist - 1 do dist_lengths[s] = all[nlen + s] end
    local ok, lit = pcall(huffman, lit_lengths, nlen, "literal/lengths", true)
    if not ok then corrupt(lit.message) end
    local ok2, dist = pcall(huffman, dist_lengths, ndist, "distances", true)
    if not ok2 then corrupt(dist.message) end
    codes(lit, dist)
  end

  local function header()
    local b1, b2 = aligned_byte(), aligned_byte()
    if b1 == 0x1F and b2 == 0x8B then
      gzip, crc = true, 0xFFFFFFFF
      if aligned_byte() ~= 8 then corrupt("unknown compression method") end
      local flags = aligned_byte()
      for _ = 1, 6 do aligned_byte() end                 -- MTIME, XFL, OS
      if floor(flags / 4) % 2 == 1 then                 -- FEXTRA
        local lo, hi = aligned_byte(), aligned_byte()
        for _ = 1, lo + hi * 256 do aligned_byte() end
      end
      if floor(flags / 8) % 2 == 1 then repeat until aligned_byte() == 0 end    -- FNAME
      if floor(flags / 16) % 2 == 1 then repeat until aligned_byte() == 0 end   -- FCOMMENT
      if floor(flags / 2) % 2 == 1 then aligned_byte() aligned_byte() end       -- FHCRC
      return
    end
    gzip, adler_a, adler_b = false, 1, 0
    if (b1 * 256 + b2) % 31 ~= 0 then corrupt("incorrect header check") end
    if b1 % 16 ~= 8 then corrupt("unknown compression method") end
    if floor(b1 / 16) > 7 then corrupt("invalid window size") end
    if floor(b2 / 32) % 2 == 1 then corrupt("need dictionary") end
  end

  local function trailer()
    flush()
    align()
    if gzip then
      local value, size, scale = 0, 0, 1
      for _ = 1, 4 do value = value + aligned_byte() * scale scale = scale * 256 end
      scale = 1
      for _ = 1, 4 do size = size + aligned_byte() * scale scale = scale * 256 end
      if value ~= 0xFFFFFFFF - crc then corrupt("incorrect data check") end
      if size ~= stream_out % POW2[32] then corrupt("incorrect length check") end
    else
      local value = 0
      for _ = 1, 4 do value = value * 256 + aligned_byte() end
      if value ~= adler_b * 65536 + adler_a then corrupt("incorrect data check") end
    end
  end

  local function run()
    while true do
      -- a new stream starts only when there are bytes for it
      while bitcnt < 8 and ipos > #chunk do
        bitbuf, bitcnt = 0, 0
        yield()
      end
      self.streams = self.streams + 1
      self.inside, stream_out = true, 0
      header()
      repeat
        local final = bits(1)
        local kind = bits(2)
        if kind == 0 then stored()
        elseif kind == 1 then codes(FIXED_LIT, FIXED_DIST)
        elseif kind == 2 then dynamic()
        else corrupt("invalid block type") end
      until final == 1
      trailer()
      self.inside = false
    end
  end

  local co = create(run)

  function self.feed(_, data)
    if self.broken then
      return false, setmetatable({ kind = "DecompressionError", message = "the " .. self.what ..
        " data was corrupt or too large earlier", expected = "a reset before more data" },
        class.error_mt)
    end
    chunk, ipos = data, 1
    parts, got = {}, 0
    allowance = math.min(self.cap - self.produced, self.per_feed)
    local ok, err = resume(co)
    if not ok or status(co) == "dead" then
      self.broken = true
      if type(err) ~= "table" then
        err = setmetatable({ kind = "DecompressionError", message = tostring(err) },
          class.error_mt)
      end
      return false, err
    end
    flush()
    self.produced = self.produced + got
    -- the output and the input are let go here: an inflater kept between feeds (a map
    -- streamed over many packets) holds its window only
    local out = concat(parts)
    parts, chunk = {}, ""
    -- the pieces of a large output are garbage now: collected at once, they do not
    -- double the heap until the collector comes round to them
    if got >= BIG then collectgarbage() end
    return true, out
  end

  function self.in_stream()
    return self.inside
  end

  return self
end

-- `data` (streams end to end) inflated to exactly `size` bytes: true, bytes or false, error.
function M.exact(data, size, what)
  what = what or "region"
  local inflater = M.new(size, size, what)
  local ok, out = inflater:feed(data)
  if not ok then return false, out end
  if inflater:in_stream() then
    return false, setmetatable({ kind = "DecompressionError", message = "compressed stream " ..
      inflater.streams .. " ends early", expected = "a complete zlib or gzip stream" },
      class.error_mt)
  end
  if #out ~= size then
    return false, setmetatable({ kind = "DecompressionError", message =
      "compressed data inflates to " .. #out .. " bytes",
      expected = size .. " bytes for the " .. what }, class.error_mt)
  end
  return true, out
end

return M
