-- The Lua fuzz driver of wirestruct's Wireshark dissectors: the real plugin (entry
-- script, runtime, generated parsers, protocol pieces) on the stand-in for Wireshark's
-- API (tests/wireshark/wireshark_api.lua), in one Lua 5.2/5.3/5.4 process, fed mutated
-- inputs. Started by tests/fuzz/lua/lua_fuzz.py, which builds the plugin and writes the
-- seeds.
--
--   lua fuzz.lua API_FILE PLUGIN_ENTRY OPTIONS_FILE SEEDS_FILE
--
-- OPTIONS_FILE holds `name value` lines: proto, streams (1: a TCP stream protocol),
-- mode (fuzz, replay or verdict), runs, seed, max_len, instructions (the instruction
-- budget of one input: base + per_byte * its length), per_byte, memory_kb (the Lua
-- heap one input may reach), leak_kb (growth of the heap across the run, measured after
-- a full collection, that counts as a leak), two_pass (one input in this many is
-- dissected twice: a first pass without a tree, then visited with a tree in reverse
-- order), pdml (one input in this many has its tree written as PDML), every (inputs
-- between progress lines), max_time (fuzz mode: seconds after which the run stops, 0:
-- none). SEEDS_FILE holds `name<TAB>hex` lines.
--
-- An input is read as tests/fuzz/harness.py's split_records reads it: records of
-- `head length data` (head bit 0: server to client; bit 1: a two-byte length; bit 2:
-- stream 1; bit 3: a gap, stream protocols only). A message protocol gets one frame a
-- record; a stream protocol gets the records as TCP segments of their connection and
-- direction, reassembled as Wireshark's dissect_tcp_pdus does (a gap drops what is
-- pending in that direction).
--
-- The properties: the dissector never raises a Lua error into Wireshark (`crash`), stays
-- within the input's instruction budget (`timeout`) and within the heap cap (`oom`), and
-- the heap does not grow across inputs (`leak`). Output lines (tab-separated):
--   FINDING kind hex message        an input that broke a property
--   PROGRESS executions seconds peak_heap_kb
--   VERDICT input frame kinds packets summarised
--                                   (mode verdict) one frame: the error kinds of its
--                                   expert infos, comma-separated, or "ok"; the packets
--                                   shown; 1 when errors beyond max_errors_per_packet
--                                   were summarised
--   DONE executions seconds peak_heap_kb vmhwm_kb max_instructions max_seconds
local api_file, entry, options_file, seeds_file = arg[1], arg[2], arg[3], arg[4]

local opts = { mode = "fuzz", runs = 1000, seed = 1, max_len = 4096, streams = 0,
  instructions = 20000000, per_byte = 20000, memory_kb = 524288, leak_kb = 65536,
  two_pass = 4, pdml = 16, every = 10000, max_time = 0 }
for line in io.lines(options_file) do
  local k, v = line:match("^(%S+)%s+(.-)%s*$")
  if k then opts[k] = tonumber(v) or v end
end

local floor, char, byte, concat = math.floor, string.char, string.byte, table.concat
local clock = os.clock

-- the instruction and memory watch: a count hook on every thread the plugin runs on
local STEP = 10000
local used, budget, tripped, peak_kb = 0, math.huge, nil, 0
local function hook()
  used = used + STEP
  local kb = collectgarbage("count")
  if kb > peak_kb then peak_kb = kb end
  if tripped == nil then
    if used > budget then
      tripped = "timeout"
    elseif kb > opts.memory_kb then
      collectgarbage()      -- live memory, not garbage the collector has yet to free
      if collectgarbage("count") > opts.memory_kb then tripped = "oom" end
    end
  end
  if tripped ~= nil then error("wirestruct-fuzz: " .. tripped, 0) end
end
local create = coroutine.create
coroutine.create = function(f)
  local co = create(f)
  debug.sethook(co, hook, "", STEP)
  return co
end
coroutine.wrap = function(f)
  local co = coroutine.create(f)
  local function unpacked(ok, ...)
    if not ok then error((...), 0) end
    return ...
  end
  return function(...) return unpacked(coroutine.resume(co, ...)) end
end

local api = dofile(api_file)
api.install()

-- TCP: segments reassembled per connection and direction; on a visited pass each frame
-- gets again the PDUs it completed on the first pass
local pending, current_key, delivered, replaying = {}, nil, nil, nil
dissect_tcp_pdus = function(tvb, tree, header, len_fn, dissect)
  local pinfo = api.current.pinfo
  if replaying then
    for i, pdu in ipairs(replaying) do
      if i > 1 then api.current.cols.info:fence_here() end
      dissect(api.tvb(pdu, "Reassembled TCP"), pinfo, tree)
    end
    return
  end
  local data = (pending[current_key] or "") .. tvb:raw()
  local whole = api.tvb(data, "Reassembled TCP")
  local offset, first = 0, true
  pending[current_key] = data
  while offset + header <= #data do
    local len = len_fn(whole, pinfo, offset)
    if type(len) ~= "number" or len < 1 or len ~= floor(len) then
      error("pdu_length gave " .. tostring(len))
    end
    if offset + len > #data then break end
    if not first then api.current.cols.info:fence_here() end
    first = false
    local pdu = data:sub(offset + 1, offset + len)
    delivered[#delivered + 1] = pdu
    dissect(whole:range(offset, len):tvb(), pinfo, tree)
    offset = offset + len
  end
  pending[current_key] = data:sub(offset + 1)
end

dofile(entry)
local proto = api.protos[opts.proto]
if not proto then error("no protocol " .. tostring(opts.proto) .. " in the plugin") end

-- the input as records (tests/fuzz/harness.py split_records)
local MAX_RECORDS = 4096
local streams = opts.streams == 1
local function split(data)
  local out, pos, n = {}, 1, #data
  while pos <= n and #out < MAX_RECORDS do
    local head = byte(data, pos)
    pos = pos + 1
    local width = head % 4 >= 2 and 2 or 1
    local length = 0
    for i = width, 1, -1 do
      local b = byte(data, pos + i - 1)
      if b then length = length * 256 + b end
    end
    pos = pos + width
    local s2c = head % 2 == 1
    local stream = (streams and floor(head / 4) % 2 == 1) and 1 or 0
    if streams and floor(head / 8) % 2 == 1 then
      out[#out + 1] = { gap = length, s2c = s2c, stream = stream }
    else
      local chunk = data:sub(pos, pos + length - 1)
      pos = pos + #chunk
      out[#out + 1] = { data = chunk, s2c = s2c, stream = stream }
    end
  end
  return out
end

-- The error kinds of a frame's expert infos (sorted, each once; notes that are not
-- errors left out), and whether one of them is the summary of errors beyond
-- max_errors_per_packet (its own kind left out, the kinds it counts in).
local function kinds_of(frame)
  local seen, list, summary = {}, {}, false
  for _, text in ipairs(frame.experts) do
    local kind = text:match("^(%u%w*Error):")
    if kind == nil then
      -- a note (an unknown packet id ...), not an error
    elseif text:find("max_errors_per_packet", 1, true) then
      -- the errors it counts, by kind ("(1 DecodeError, 202 ParseError)")
      summary = true
      for counted in text:gmatch("%d+ (%u%w*Error)") do
        if not seen[counted] then
          seen[counted] = true
          list[#list + 1] = counted
        end
      end
    elseif not seen[kind] then
      seen[kind] = true
      list[#list + 1] = kind
    end
  end
  table.sort(list)
  return list, summary
end

local function count_protos(item)
  local n = 0
  for _, child in ipairs(item.children) do
    if child.proto == proto then n = n + 1 end
    n = n + count_protos(child)
  end
  return n
end

-- One pass over the records; returns nil or (kind, message) of a broken property.
local function dissect_all(records, visited, visible, order, on_frame)
  for _, i in ipairs(order) do
    local r = records[i]
    if r.gap then
      if not visited then pending[r.stream .. (r.s2c and ">" or "<")] = nil end
    else
      local client, server = 50000 + r.stream, 4000
      local frame = api.frame(i, r.data, { p2p_dir = r.s2c and 1 or 0,
        src_port = r.s2c and server or client, dst_port = r.s2c and client or server,
        visited = visited })
      api.visible = visible
      current_key = r.stream .. (r.s2c and ">" or "<")
      delivered = {}
      replaying = visited and streams and (r.pdus or {}) or nil
      local ok, err = xpcall(proto.dissector, debug.traceback, frame.tvb, frame.pinfo,
        frame.tree)
      if not visited then r.pdus = delivered end
      if tripped then return tripped, "frame " .. i .. ": " .. tostring(err) end
      if not ok then return "crash", "frame " .. i .. ": " .. tostring(err) end
      if on_frame then
        local pok, perr = pcall(on_frame, i, frame)
        if tripped then return tripped, "frame " .. i .. ": " .. tostring(perr) end
        if not pok then return "crash", "frame " .. i .. " (showing): " .. tostring(perr) end
      end
    end
  end
  return nil
end

local executions, max_used, max_seconds = 0, 0, 0

local function run_input(data, index, verdict, given)
  local records = given or split(data)
  local size = #data
  if given then
    for _, r in ipairs(given) do size = size + #r.data end
  end
  pending = {}
  used, tripped = 0, nil
  budget = opts.instructions + opts.per_byte * size
  local started = clock()
  debug.sethook(hook, "", STEP)
  local ok, kind, message = pcall(function()
    proto.init()
    local order = {}
    for i = 1, #records do order[i] = i end
    if verdict then
      return dissect_all(records, false, true, order, function(i, frame)
        local list, summary = kinds_of(frame)
        io.write("VERDICT\t", index, "\t", i - 1, "\t", #list > 0 and concat(list, ",") or "ok",
          "\t", count_protos(frame.tree), "\t", summary and 1 or 0, "\n")
      end)
    end
    local two = opts.two_pass > 0 and index % opts.two_pass == 0
    local pdml = opts.pdml > 0 and index % opts.pdml == 0
    local show = pdml and function(_, frame) api.pdml(frame) end or nil
    if not two then return dissect_all(records, false, true, order, show) end
    local found, text = dissect_all(records, false, false, order)
    if found then return found, text end
    local reverse = {}
    for i = #records, 1, -1 do reverse[#reverse + 1] = i end
    return dissect_all(records, true, true, reverse, show)
  end)
  debug.sethook()
  local seconds = clock() - started
  if used > max_used then max_used = used end
  if seconds > max_seconds then max_seconds = seconds end
  executions = executions + 1
  if not ok then return tripped or "crash", "driver: " .. tostring(kind) end
  return kind, message
end

-- seeds
-- a seed is an input in the record format (`name<TAB>hex`), or, for packets too long
-- for it (replay and verdict modes), a list of records (`name<TAB>L<TAB>` then
-- comma-separated records: a direction digit (1: server to client), a stream digit, hex)
local function unhex(hex)
  return (hex:gsub("%x%x", function(c) return char(tonumber(c, 16)) end))
end
local seeds = {}
for line in io.lines(seeds_file) do
  local name, hex = line:match("^([^\t]*)\t(%x*)$")
  if name then
    seeds[#seeds + 1] = { name = name, data = unhex(hex) }
  else
    local lname, list = line:match("^([^\t]*)\tL\t([%x,]*)$")
    if lname then
      local records = {}
      for item in list:gmatch("[^,]+") do
        records[#records + 1] = { s2c = item:sub(1, 1) == "1",
          stream = tonumber(item:sub(2, 2)), data = unhex(item:sub(3)) }
      end
      seeds[#seeds + 1] = { name = lname, data = "", records = records }
    end
  end
end

local function tohex(s)
  return (s:gsub(".", function(c) return string.format("%02x", byte(c)) end))
end

local function report(kind, data, message)
  message = tostring(message):gsub("[\r\n\t]+", " | ")
  io.write("FINDING\t", kind, "\t", tohex(data), "\t", message:sub(1, 2000), "\n")
  io.flush()
end

local started = clock()
if opts.mode ~= "fuzz" then
  for i, s in ipairs(seeds) do
    collectgarbage()
    local kind, message = run_input(s.data, i - 1, opts.mode == "verdict", s.records)
    if kind then report(kind, s.data, s.name .. ": " .. message) end
  end
  collectgarbage()
else
  -- the mutations ------------------------------------------------------------------------
  math.randomseed(opts.seed)
  local random = math.random
  local INTERESTING = { 0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256,
    511, 512, 1023, 1024, 4095, 4096, 32767, 32768, 65535, 65536, 16777215, 16777216,
    2147483647, 2147483648, 4294967295 }
  local function int_bytes(v, width, big)
    local out = {}
    for k = 1, width do out[k] = floor(v / 256 ^ (k - 1)) % 256 end
    if big then
      local r = {}
      for k = 1, width do r[k] = out[width - k + 1] end
      out = r
    end
    return char(table.unpack and table.unpack(out) or unpack(out))
  end
  local function at(data) return random(0, #data) end   -- a position: 0..#data
  local function put(data, pos, bytes)                   -- overwrite (growing at the end)
    return data:sub(1, pos) .. bytes .. data:sub(pos + #bytes + 1)
  end
  local pool = {}
  for _, s in ipairs(seeds) do
    if s.records == nil then pool[#pool + 1] = s end
  end
  if #pool == 0 then pool[1] = { name = "empty", data = "" } end
  local function other() return pool[random(1, #pool)].data end

  -- the records' length fields, for structure-aware tweaks: positions of (length, width)
  local function length_fields(data)
    local out, pos, n = {}, 1, #data
    while pos <= n and #out < 512 do
      local head = byte(data, pos)
      local width = head % 4 >= 2 and 2 or 1
      out[#out + 1] = { pos, width }
      local length = 0
      for i = width, 1, -1 do
        local b = byte(data, pos + i)
        if b then length = length * 256 + b end
      end
      pos = pos + 1 + width
      if not (streams and floor(head / 8) % 2 == 1) then pos = pos + length end
    end
    return out
  end
  -- a record's data range in `data` (1-based start, length) chosen at random
  local function a_record(data)
    local fields = length_fields(data)
    if #fields == 0 then return nil end
    local f = fields[random(1, #fields)]
    local start = f[1] + 1 + f[2]
    local length = 0
    for i = f[2], 1, -1 do
      local b = byte(data, f[1] + i)
      if b then length = length * 256 + b end
    end
    return start, math.min(length, #data - start + 1), f
  end

  local MUTATORS = {
    function(d)  -- flip a bit
      if #d == 0 then return d end
      local p = random(1, #d)
      local b = byte(d, p)
      local bit = 2 ^ random(0, 7)
      b = (floor(b / bit) % 2 == 1) and b - bit or b + bit
      return d:sub(1, p - 1) .. char(b) .. d:sub(p + 1)
    end,
    function(d)  -- a random byte
      if #d == 0 then return char(random(0, 255)) end
      local p = random(1, #d)
      return d:sub(1, p - 1) .. char(random(0, 255)) .. d:sub(p + 1)
    end,
    function(d)  -- an interesting integer, 1, 2 or 4 bytes, either byte order
      local widths = { 1, 2, 4 }
      local w = widths[random(1, 3)]
      local v = INTERESTING[random(1, #INTERESTING)]
      if random(1, 4) == 1 then v = v - 1 end
      if v < 0 then v = 256 ^ w - 1 end
      return put(d, at(d), int_bytes(v % 256 ^ w, w, random(1, 2) == 1))
    end,
    function(d)  -- insert random bytes
      local p, n, bytes = at(d), random(1, 16), {}
      for k = 1, n do bytes[k] = char(random(0, 255)) end
      return d:sub(1, p) .. concat(bytes) .. d:sub(p + 1)
    end,
    function(d)  -- delete a range
      if #d == 0 then return d end
      local p = random(1, #d)
      local n = random(1, math.min(64, #d - p + 1))
      return d:sub(1, p - 1) .. d:sub(p + n)
    end,
    function(d)  -- splice: a prefix of this input, a suffix of another
      local o = other()
      return d:sub(1, at(d)) .. o:sub(random(1, #o + 1))
    end,
    function(d)  -- repeat a chunk
      if #d == 0 then return d end
      local p = random(1, #d)
      local n = random(1, math.min(256, #d - p + 1))
      local chunk = d:sub(p, p + n - 1)
      return d:sub(1, p + n - 1) .. chunk:rep(random(1, 32)) .. d:sub(p + n)
    end,
    function(d)  -- a record's length field: off by a little, zero, or the largest
      local fields = length_fields(d)
      if #fields == 0 then return d end
      local f = fields[random(1, #fields)]
      local pos, width = f[1], f[2]
      local length = 0
      for i = width, 1, -1 do
        local b = byte(d, pos + i)
        if b then length = length * 256 + b end
      end
      local choice = random(1, 4)
      if choice == 1 then length = length + random(1, 4)
      elseif choice == 2 then length = length - random(1, 4)
      elseif choice == 3 then length = 0
      else length = 256 ^ width - 1 end
      length = length % 256 ^ width
      return put(d, pos, int_bytes(length, width, false))
    end,
    function(d)  -- a 16/32-bit value inside a record's data nudged (lengths, counts)
      local start, length = a_record(d)
      if not start or length < 2 then return d end
      local w = (length >= 4 and random(1, 2) == 1) and 4 or 2
      local p = start + random(0, length - w) - 1
      local big = random(1, 2) == 1
      local v = 0
      for k = 1, w do
        local b = byte(d, p + (big and k or (w - k + 1)))
        v = v * 256 + b
      end
      v = (v + random(-8, 8)) % 256 ^ w
      return put(d, p, int_bytes(v, w, big))
    end,
    function(d)  -- a record of another input inserted between two records
      local o = other()
      local start, length, f = a_record(o)
      if not start then return d end
      local rec = o:sub(f[1], start + length - 1)
      local fields = length_fields(d)
      local p = #fields > 0 and fields[random(1, #fields)][1] - 1 or 0
      return d:sub(1, p) .. rec .. d:sub(p + 1)
    end,
    function(d)  -- a record's data repeated as records of its own
      local start, length, f = a_record(d)
      if not start then return d end
      local rec = d:sub(f[1], start + length - 1)
      return d:sub(1, start + length - 1) .. rec:rep(random(1, 8)) .. d:sub(start + length)
    end,
  }

  local findings, seen = 0, {}
  local heap_base
  local wall_start = os.time()
  for index = 1, opts.runs do
    if opts.max_time > 0 and index % 16 == 0 and os.time() - wall_start >= opts.max_time then
      break
    end
    local data = other()
    local longest = math.max(opts.max_len, #data)
    for _ = 1, random(1, 5) do
      data = MUTATORS[random(1, #MUTATORS)](data)
    end
    if #data > longest then data = data:sub(1, longest) end
    local kind, message = run_input(data, index, false)
    if kind then
      local key = kind .. (tostring(message):match("[^\n]*") or "")
      key = key:gsub("frame %d+", "frame"):gsub("%d+", "N")
      if not seen[key] and findings < 50 then
        seen[key] = true
        findings = findings + 1
        report(kind, data, message)
      end
      if kind == "oom" then collectgarbage() end
    end
    if index % 1000 == 0 then
      collectgarbage()
      local kb = collectgarbage("count")
      if heap_base == nil and index >= 2000 then heap_base = kb end
      if heap_base and kb > heap_base + opts.leak_kb and not seen.leak then
        seen.leak = true
        report("leak", data, string.format("heap %.0f KB after %d inputs, %.0f KB after 2000",
          kb, index, heap_base))
      end
    end
    if index % opts.every == 0 then
      io.write(string.format("PROGRESS\t%d\t%.1f\t%.0f\n", executions, clock() - started,
        peak_kb))
      io.flush()
    end
  end
end

local vmhwm = 0
local status = io.open("/proc/self/status", "r")
if status then
  local text = status:read("*a")
  status:close()
  vmhwm = tonumber(text:match("VmHWM:%s*(%d+)")) or 0
end
io.write(string.format("DONE\t%d\t%.1f\t%.0f\t%d\t%d\t%.3f\n", executions, clock() - started,
  peak_kb, vmhwm, max_used, max_seconds))
