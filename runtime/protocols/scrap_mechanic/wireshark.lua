-- Scrap Mechanic in Wireshark: the protocol's own piece of wirestruct's dissector (see
-- wirestruct/wireshark/lua/dissector.lua for the hooks; p.data comes from
-- wirestruct.protocols.scrap_mechanic.wireshark). What wirestruct.protocols.scrap_mechanic's
-- decoder does, in Lua:
--
-- * sm_packet parses a packet and routes the bodies sent uncompressed. The body of a
--   packet the specs call LZ4 compressed is decompressed (capped by max_decompressed)
--   into a tab of its own and parsed with its body spec (p.data.compressed); inside a 29
--   Compound Packet bodies are not compressed.
-- * 21/22 Network Update: the body is a tick and sub-updates, framed here: a RawUpdate
--   (size, data) or a DeltaUpdate rebuilt from the previous sub-update of the same
--   direction of the connection (also across packets); each sub-update's data is parsed
--   with sm_network_update, given the controller type of its NetObj's Create. Rebuilt
--   data is shown from a tab of its own. The state across packets is built on the first
--   pass and each packet keeps what it started from, so random access shows the same.
-- * 29 Compound Packet: the sub-packets are framed, then dissected as packets of their own.
-- * Every sub-packet and sub-update of a top-level packet takes one item of
--   max_items_per_packet (a Container's sub-update one more per 16 bytes of data); the
--   lists of 02, 06, 32 and the BlobData entries of 11, 13, 25-28 one each, counted on the
--   raw body before the spec builds anything (piece.count_items: the walk of
--   wirestruct.protocols.scrap_mechanic.counts, on its numbers, p.data.counts), so that a
--   body the decoder refuses is refused here with the same error.
-- * A packet is named as the command line names it: its documented name, or
--   unknown_<id> (the id in decimal).
local piece = {}

local byte, sub, floor, format, concat = string.byte, string.sub, math.floor,
  string.format, table.concat

-- State across packets: the previous sub-update of each direction of each connection, the
-- controller type of each NetObj (by connection, NetObj type and id bytes).
local state = { previous = {}, types = {}, count = 0 }
local items_left = 0
-- A top-level body decompressed to this many bytes or more is followed by a collection.
local COLLECT_AFTER_BYTES = 1048576
-- What the current top-level packet's nested data may still expand to: decompressed bytes
-- (max_decompressed less the body's) and Lua values (max_lua_values), as the decoder's
-- expand.Budget.
local nested = { bytes = 0, lua = 0 }

-- A connection direction forgotten to stay within max_flows (p.follow): its previous
-- sub-update goes (a delta after it fails, as after a gap).
function piece.forget(p, key)
  state.previous[key] = nil
end

function piece.init(p)
  state = { previous = {}, types = {}, count = 0 }
end

function piece.fields(p)
  local n = p.config.proto .. ".expansion."
  return {
    body = ProtoField.none(n .. "body", "Body",
      "The packet's body, decompressed and parsed with the spec its packet id names"),
    tick = ProtoField.uint32(n .. "tick", "Tick", base.DEC, nil, nil,
      "The Network Update's tick"),
    sub_update = ProtoField.none(n .. "sub_update", "Sub-update",
      "One sub-update of a Network Update, its data rebuilt when it is a delta"),
    index = ProtoField.uint32(n .. "sub_update.index", "Index", base.DEC, nil, nil,
      "The sub-update's place in its packet, from 0"),
    encoding = ProtoField.string(n .. "sub_update.encoding", "Encoding", base.ASCII,
      "raw (a RawUpdate) or delta (a DeltaUpdate rebuilt from the previous sub-update)"),
    data = ProtoField.bytes(n .. "sub_update.data", "Data", base.NONE,
      "The sub-update's data (rebuilt, for a delta), parsed with sm_network_update"),
  }
end

local function fail(kind, message, expected, offset, field_path, dropped)
  return { kind = kind, message = message, expected = expected, offset = offset,
    field_path = field_path, dropped = dropped }
end

local function u16be(s, pos) local a, b = byte(s, pos + 1, pos + 2) return a * 256 + b end
local function u32be(s, pos)
  local a, b, c, d = byte(s, pos + 1, pos + 4)
  return ((a * 256 + b) * 256 + c) * 256 + d
end

local function packet_name(p, id)
  return p.data.names[id] or ("unknown_" .. tostring(id))
end

function piece.name_of(p, obj)
  local id = obj.packet_id
  return id.label or packet_name(p, id.value)
end

function piece.name_of_bytes(p, tvb)
  if tvb:len() < 1 then return "empty" end
  return packet_name(p, tvb(0, 1):uint())
end

function piece.check(p, tvb)
  if tvb:len() == 0 then
    return fail("DecodeError", "empty packet", "a packet id byte", 0)
  end
end

-- The lists of a body counted before it is parsed (wirestruct.protocols.scrap_mechanic.
-- counts, on the numbers in p.data.counts): the entries of the body of packet `id`
-- checked against `budget` items and the bytes there are. Returns the number of entries
-- (0 for a packet without lists), or raises the decoder's error object.
local function walk_take(w, count, name, pos, least, start)
  if w.used + count > w.budget then
    error(fail("LimitExceededError", count .. " " .. name .. " declared (with " .. w.used ..
      " items before them)", "at most " .. w.budget ..
      " items in one packet (max_items_per_packet)", pos, "num_" .. name, #w.body - pos), 0)
  end
  local left = #w.body - start
  if count * least > left then
    error(fail("DecodeError", count .. " " .. name .. " declared but only " .. left ..
      " bytes follow", "at least " .. (count * least) .. " bytes", pos, "num_" .. name,
      #w.body - pos), 0)
  end
  w.used = w.used + count
end

local function walk_keys(w, pos, name)
  if pos + 4 > #w.body then return nil end
  local count = u32be(w.body, pos)
  walk_take(w, count, name, pos, w.c.key_size, pos + 4)
  return pos + 4 + count * w.c.key_size
end

local WALKS = {}

function WALKS.server_info(w)
  local body = w.body
  if #body < 20 then return end
  local count = u32be(body, 16)
  walk_take(w, count, "mods", 16, w.c.mod_size, 20)
  local pos = 20 + count * w.c.mod_size
  if pos + 2 > #body then return end
  pos = pos + 2 + u16be(body, pos)                        -- Game Data: a String
  local stop = walk_keys(w, pos, "script_keys")
  if stop ~= nil then walk_keys(w, stop, "generic_keys") end
end

function WALKS.file_checksums(w)
  if #w.body >= 4 then
    walk_take(w, u32be(w.body, 0), "checksums", 0, w.c.checksum_size, 4)
  end
end

function WALKS.transactions(w)
  if #w.body >= 4 then
    walk_take(w, u32be(w.body, 0), "transactions", 0, w.c.transaction_min, 4)
  end
end

function WALKS.blobs(w, start)
  local body = w.body
  local pos, total, n, least = start, #body, 0, w.c.blob_min
  while pos + least <= total do
    if w.used >= w.budget then
      error(fail("LimitExceededError", "too many BlobData entries in one packet",
        "at most " .. w.budget .. " items in one packet (max_items_per_packet)", pos,
        "blobs[" .. n .. "]", total - pos), 0)
    end
    local key_end = pos + 18 + u16be(body, pos + 16)
    if key_end + 7 > total then return end
    pos = key_end + 7 + u32be(body, key_end + 3)
    w.used = w.used + 1
    n = n + 1
  end
end

function piece.count_items(p, id, body, budget)
  local c = p.data.counts
  local w = { body = body, budget = budget, used = 0, c = c }
  if id == c.server_info then
    WALKS.server_info(w)
  elseif id == c.file_checksums then
    WALKS.file_checksums(w)
  elseif id == c.container_transaction then
    WALKS.transactions(w)
  elseif c.blob_start[id] ~= nil then
    WALKS.blobs(w, c.blob_start[id])
  end
  return w.used
end

-- A Tvb over `data` in a tab of its own, or a part of `tvb`; nil when empty.
local function tab(data, name)
  if #data == 0 then return nil end
  return ByteArray.new(data, true):tvb(name)
end

local function part(tvb, off, len)
  if tvb == nil or len <= 0 then return nil end
  return tvb(off, len)
end

-- What a parse reads: a part of a tvb (so the ranges are the tvb's), or the bytes.
local function source(tvb, off, data)
  return part(tvb, off, #data) or data
end

local KEPT = {}      -- KEPT[b][k]: whether bit k (from the least significant) of b is set
local CLEAR = {}     -- CLEAR[b]: how many of the 8 bits of b are clear
for b = 0, 255 do
  local bits, clear, v = {}, 0, b
  for k = 0, 7 do
    bits[k] = v % 2 == 1
    if not bits[k] then clear = clear + 1 end
    v = floor(v / 2)
  end
  KEPT[b], CLEAR[b] = bits, clear
end

-- The bits of a DeltaUpdate (wirestruct.protocols.scrap_mechanic.delta): the previous
-- data with every byte whose bit is clear replaced, in order, by the bytes after the
-- bitfield; bit i (from the least significant bit of the last bitfield byte) stands for
-- data byte i. Returns the data and the end, or raises an error object.
local function expand_delta(d, previous, body, pos)
  local size = #previous
  if size > d.max_delta_size then
    error(fail("DeltaError", "delta update after a " .. size .. "-byte update",
      "a previous update of at most " .. d.max_delta_size .. " bytes", pos), 0)
  end
  local n_bitfield = floor((size + 8) / 8)
  local stop = pos + n_bitfield
  if stop > #body then
    error(fail("DeltaError", "delta bitfield runs past the end of the body",
      n_bitfield .. " bitfield bytes", pos), 0)
  end
  -- the clear bits of the data bytes: whole bitfield bytes, then the bits of the last
  -- (partly used) one that stand for data bytes
  local n_new, whole = 0, floor(size / 8)
  for k = 0, whole - 1 do n_new = n_new + CLEAR[byte(body, stop - k)] end
  local rest = size - 8 * whole
  if rest > 0 then
    local kept = KEPT[byte(body, stop - whole)]
    for k = 0, rest - 1 do
      if not kept[k] then n_new = n_new + 1 end
    end
  end
  if stop + n_new > #body then
    error(fail("DeltaError", "delta update runs past the end of the body",
      n_new .. " new bytes after the bitfield", stop), 0)
  end
  if n_new == 0 then return previous, stop end    -- every byte kept: the same data
  local out, at = {}, stop
  for i = 0, size - 1 do
    if KEPT[byte(body, stop - floor(i / 8))][i % 8] then
      out[i + 1] = sub(previous, i + 1, i + 1)
    else
      at = at + 1
      out[i + 1] = sub(body, at, at)
    end
  end
  return concat(out), at
end

-- One sub-update at `pos`: encoding, data, end; or raises an error object.
local function split(d, body, pos, previous)
  local first = byte(body, pos + 1)
  if first >= 0x80 then
    if previous == nil then
      error(fail("DeltaError", "delta update with no previous update",
        "a raw update earlier in the capture", pos), 0)
    end
    local data, stop = expand_delta(d, previous, body, pos)
    return "delta", data, stop
  end
  if pos + 2 > #body then
    error(fail("DecodeError", "raw update size field cut off", "a 2-byte size", pos), 0)
  end
  local size = u16be(body, pos)
  if size < 2 then
    error(fail("DecodeError", "raw update size " .. size,
      "a size of at least 2 (it counts its own 2 bytes)", pos), 0)
  end
  local stop = pos + size
  if stop > #body then
    error(fail("DecodeError", "raw update of " .. size .. " bytes runs past the end of the body",
      (stop - #body) .. " more bytes", pos), 0)
  end
  return "raw", sub(body, pos + 3, stop), stop
end

local function over_budget(p, index, pos, stop)
  local limit = p.config.limits.max_items_per_packet
  return fail("LimitExceededError", "too many sub-packets and sub-updates in one packet",
    "at most " .. limit .. " items (max_items_per_packet)", pos,
    "sub_updates[" .. index .. "]", stop - pos)
end

-- The sub-updates of a 21/22 body framed and rebuilt, each handed to `each({index,
-- encoding, pos, stop, data, key, known, update_type})` before the next is framed (its
-- parse may teach the controller type of a NetObj a later one looks up); returns the
-- framing errors, the last data (the next delta's previous) and where framing stopped.
-- `lookup(key)` gives the
-- controller type a sub-update's NetObj is known by.
local function frame(p, body, previous, stream, lookup, each)
  local d = p.data
  local errors = {}
  local stop_all = #body
  local pos, used, index, left = 4, 0, 0, items_left
  while pos < stop_all do
    if used >= left then
      errors[#errors + 1] = over_budget(p, index, pos, stop_all)
      previous = nil
      break
    end
    local ok, encoding, data, stop = pcall(split, d, body, pos, previous)
    if not ok then
      local e = encoding
      if type(e) ~= "table" then e = fail("DecodeError", tostring(e), nil, pos) end
      e.field_path, e.dropped = "sub_updates[" .. index .. "]", e.dropped or stop_all - pos
      errors[#errors + 1] = e
      previous = nil
      break
    end
    local head = byte(data, 1) or 0
    local netobj_type, update_type = head % 32, floor(head / 32)
    local cost = netobj_type == d.container and 1 + floor(#data / 16) or 1
    if used + cost > left then
      errors[#errors + 1] = over_budget(p, index, pos, stop_all)
      previous = nil
      break
    end
    used = used + cost
    previous = data
    local key, known
    if update_type == d.create then
      key, known = stream .. "|" .. netobj_type .. "|" .. sub(data, 3, 6), 0
    else
      key = stream .. "|" .. netobj_type .. "|" .. sub(data, 2, 5)
      known = lookup(key)
    end
    each({ index = index, encoding = encoding, pos = pos, stop = stop,
      data = data, key = key, known = known, update_type = update_type })
    pos = stop
    index = index + 1
  end
  items_left = left - used
  if items_left < 0 then items_left = 0 end
  return errors, previous, pos
end

-- The controller type a Create gives its NetObj, or an Update recovered from its size,
-- for at most max_tracked_objects NetObjs.
local function note_controller_type(p, update, key, update_type, known)
  local d = p.data
  if update_type == d.remove then
    if state.types[key] ~= nil then state.count = state.count - 1 end
    state.types[key] = nil
    return
  end
  if not (update_type == d.create or (update_type == d.update and known == 0)) then return end
  if state.types[key] == nil and state.count >= p.config.limits.max_tracked_objects then
    return
  end
  local value
  if update_type == d.create then
    value = update.controller_type
  else
    local ok, resolved = pcall(function() return update.resolved_controller_type end)
    value = ok and resolved ~= 0 and resolved or nil
  end
  if value ~= nil then
    if state.types[key] == nil then state.count = state.count + 1 end
    state.types[key] = value
  end
end

local function label(value)
  if type(value) == "table" then return value.label or tostring(value.value) end
  return tostring(value)
end

-- The body's item (when the tree is wanted), and for a deferred body its tab: the first
-- `shown` bytes.
local function open_body(p, c, shown)
  local spec = p.data.compressed[c.id]
  if c.deferred then
    c.deferred = false
    c.body_tvb = tab(shown < #c.data and sub(c.data, 1, shown) or c.data, "Decompressed body")
  end
  if p.tree_wanted(c.tree) then
    c.exp = c.item:add(p.pf.body, part(c.body_tvb, 0, shown))
    c.exp:append_text(": " .. #c.data .. " bytes (" .. spec .. ")")
    if shown < #c.data then
      c.exp:append_text(", the first " .. shown .. " shown (framing stopped there)")
    end
  end
end

local function network_update(p, c)
  local d, body = p.data, c.data
  if #body < 4 then
    if c.deferred then open_body(p, c, #body) end
    p.add_error(c.item, c.body_tvb, fail("DecodeError", "body of " .. #body .. " bytes",
      "a 4-byte tick", 0))
    return nil
  end
  local tick = u32be(body, 0)
  local dir, stream = p.direction_key(c.pinfo), p.stream_key(c.pinfo)
  -- the first pass uses and changes the connection's state, recording what it looked up
  -- (the previous sub-update is the connection's string, shared, not copied); later
  -- passes replay that, or say that it was forgotten (max_kept_state)
  local live, kept = false, nil
  local replayed = 0
  local function lookup(key)
    if live then
      local known = state.types[key] or 0
      kept.lookups[#kept.lookups + 1] = known
      return known
    end
    replayed = replayed + 1
    return kept.lookups[replayed] or 0
  end
  -- each sub-update parsed as it is framed; rebuilt data at its place in a tab of its own
  local shown, parsed_errors, rebuilt, at = {}, {}, {}, 0
  local source = p.rt:require("wirestruct").source
  -- a sub-update whose data an earlier one of the packet had (with the same controller
  -- type known) shares that one's parse: the same bytes parse to the same object, shown
  -- once (the tree shows the later ones' bytes, and says whose fields they have), so a
  -- packet of one update repeated costs what the update costs once
  local same = { raw = {}, delta = {} }
  local function each(s)
    local twin = same[s.encoding][s.known]
    twin = twin and twin[s.data]
    if twin then
      s.update, s.twin = twin.update, twin.index
      -- raw data is at its own place; a delta's is the one rebuilt for the first
      s.base = s.encoding == "raw" and s.pos + 2 or twin.base
      if live then note_controller_type(p, s.update, s.key, s.update_type, s.known) end
      shown[#shown + 1] = s
      return
    end
    if s.encoding == "delta" then
      s.base = at
      rebuilt[#rebuilt + 1] = s.data
      at = at + #s.data
      -- rebuilt bytes are parsed as decompressed ones are: the packet's budget grows
      if p.rt.widen_budget then p.rt:widen_budget(#s.data) end
    else
      s.base = s.pos + 2
    end
    local ok, update = p.rt:parse(d.update_spec, source(s.data, s.base), s.known)
    if ok and update._io._pos ~= #s.data then
      ok, update = false, fail("ParseError", (#s.data - update._io._pos) ..
        " bytes left over after the structure", "exactly " .. update._io._pos .. " bytes",
        s.base + update._io._pos)
    end
    if not ok then
      update.field_path = "sub_updates[" .. s.index .. "]" ..
        (update.field_path and ("/" .. update.field_path) or "")
      update.offset = s.encoding == "delta" and s.pos or update.offset
      parsed_errors[#parsed_errors + 1] = update
      return
    end
    if live then note_controller_type(p, update, s.key, s.update_type, s.known) end
    s.update = update
    shown[#shown + 1] = s
    local by_known = same[s.encoding]
    local by_data = by_known[s.known]
    if by_data == nil then
      by_data = {}
      by_known[s.known] = by_data
    end
    by_data[s.data] = { base = s.base, update = update, index = s.index }
  end
  local errors, last, framed
  local why
  kept, why = p.remember(c.pinfo, function()
    live = true
    p.follow(c.pinfo, dir)
    kept = { previous = state.previous[dir], lookups = {} }
    errors, last, framed = frame(p, body, kept.previous, stream, lookup, each)
    state.previous[dir] = last
    live = false
    return kept, 64 + (kept.previous and #kept.previous or 0) + 16 * #kept.lookups
  end)
  if errors == nil then
    if kept == nil then
      if c.deferred then open_body(p, c, 4) end
      if why ~= nil then
        p.add_forgotten(c.item, "The state its sub-updates were rebuilt from")
      end
      return "tick=" .. tick
    end
    errors, last, framed = frame(p, body, kept.previous, stream, lookup, each)
  end
  -- the tab: the bytes framing reached and the sub-update it stopped at (at most a
  -- whole RawUpdate), not the rest of a body cut at max_items_per_packet
  if c.deferred then open_body(p, c, math.min(#body, framed + d.max_raw_size)) end
  for _, e in ipairs(errors) do parsed_errors[#parsed_errors + 1] = e end
  errors = parsed_errors
  local exp = c.exp
  if exp then
    local rebuilt_tvb = at > 0 and tab(concat(rebuilt), "Rebuilt sub-updates") or nil
    if c.body_tvb then exp:add(p.pf.tick, c.body_tvb(0, 4)) end
    for _, s in ipairs(shown) do
      local update = s.update
      local item = exp:add(p.pf.sub_update, part(c.body_tvb, s.pos, s.stop - s.pos))
      item:append_text(format(" %d (%s): %s %s #%s", s.index, s.encoding,
        label(update.update_type), label(update.netobj_type), tostring(update.netobj_id)))
      item:add(p.pf.index, s.index):set_generated()
      item:add(p.pf.encoding, s.encoding):set_generated()
      local where = s.encoding == "raw" and c.body_tvb or rebuilt_tvb
      local data = item:add(p.pf.data, part(where, s.base, #s.data))
      if s.twin then
        data:append_text(format(" (the data of sub-update %d: its fields are shown there)",
          s.twin))
      else
        p.add_object(data, where, update, 1)
      end
    end
  end
  for _, e in ipairs(errors) do p.add_error(c.item, c.body_tvb, e) end
  -- the summary's values (the description's `tick` and `sub_updates`)
  local updates = {}
  for i, s in ipairs(shown) do updates[i] = s.update end
  return { tick = tick, sub_updates = updates }
end

-- 29: sub-packets framed (each takes an item of the budget), the body parsed over them,
-- each dissected as a packet of its own.
local function compound(p, c, spec)
  local limits = p.config.limits
  if c.depth + 1 > limits.max_nesting then
    p.add_error(c.item, c.tvb, fail("LimitExceededError", "compound packets nested too deep",
      "at most " .. limits.max_nesting .. " levels"))
    return nil
  end
  local body = c.data
  local pos, total, left = 0, #body, items_left
  local places, cut = {}, nil
  while pos < total do
    if left <= 0 then
      items_left = 0
      cut = fail("LimitExceededError", "too many sub-packets and sub-updates in one packet",
        "at most " .. limits.max_items_per_packet .. " items (max_items_per_packet)", pos,
        "subpackets", total - pos)
      break
    end
    if pos + 5 > total then
      cut = fail("DecodeError", "sub-packet header cut off", "a 4-byte size and a packet id",
        pos, nil, total - pos)
      break
    end
    local size = u32be(body, pos)
    if size < 1 or pos + 4 + size > total then
      cut = fail("DecodeError", "sub-packet size " .. size .. " runs past the end of the body",
        "a size of 1 to " .. (total - pos - 4), pos, nil, total - pos)
      break
    end
    places[#places + 1] = { pos + 4, size }
    pos = pos + 4 + size
    left = left - 1
  end
  if cut == nil then items_left = left end
  local ok, parsed = p.rt:parse(spec, source(c.body_tvb, 0, sub(body, 1, pos)))
  if not ok then
    p.add_error(c.item, c.body_tvb, parsed)
    return nil
  end
  if c.exp then p.add_object(c.exp, c.body_tvb, parsed, 1) end
  for _, place in ipairs(places) do
    p.dissect_packet(c.body_tvb(place[1], place[2]):tvb(), c.pinfo, c.tree, c.depth + 1)
  end
  if cut then p.add_error(c.item, c.body_tvb, cut) end
  return { body = parsed }   -- the summary reads its sub-packets' ids
end

-- `n` bits at bit `pos` of `s`, most significant first (n at most 32; the caller checked
-- that they are there).
local function bits(s, pos, n)
  local first, last = floor(pos / 8), floor((pos + n - 1) / 8)
  local value = 0
  for i = first + 1, last + 1 do value = value * 256 + byte(s, i) end
  return floor(value / 2 ^ ((last + 1) * 8 - pos - n)) % 2 ^ n
end

-- A Lua object walked before it is parsed (wirestruct.protocols.scrap_mechanic.lua_scan,
-- on its numbers, p.data.lua_scan): the values it holds, or raises the decoder's
-- LimitExceededError past `max_values` values or `max_depth` nested tables.
local function lua_scan(p, data, max_values, max_depth)
  local k = p.data.lua_scan
  local total = #data * 8
  if sub(data, 1, 3) ~= k.magic or total < k.header_bits then return 0 end
  local pos, values, open, n_open = k.header_bits, 0, {}, 0
  while true do
    if pos + 8 > total then return values end
    local kind = bits(data, pos, 8)
    values = values + 1
    if values > max_values then
      error(fail("LimitExceededError", "Lua object of more than " .. max_values .. " values",
        "at most " .. max_values .. " Lua values in one packet (max_lua_values)",
        floor(pos / 8), nil, #data), 0)
    end
    pos = pos + 8
    local size = k.fixed_bits[kind]
    if size == nil then
      if kind == k.string then
        if pos + 32 > total then return values end
        size = 32 + (-(pos + 32)) % 8 + 8 * bits(data, pos, 32)
      elseif kind == k.table then
        if pos + 33 > total then return values end
        local count, is_array = bits(data, pos, 32), bits(data, pos + 32, 1)
        pos = pos + (is_array == 1 and 65 or 33)
        if count > 0 then
          if n_open >= max_depth then
            error(fail("LimitExceededError", "Lua tables nested more than " .. max_depth ..
              " deep", "at most " .. max_depth .. " levels (max_lua_depth)", floor(pos / 8),
              nil, #data), 0)
          end
          n_open = n_open + 1
          open[n_open] = is_array == 1 and count or 2 * count
          size = false                    -- a table opened: its values come next
        else
          size = 0
        end
      elseif kind == k.userdata then
        if pos + 32 > total then return values end
        local more = k.userdata_bits[bits(data, pos, 32)]
        if more == nil then return values end   -- the rest stays bytes
        size = 32 + more
      else
        return values                             -- Json, unknown: bytes
      end
    end
    if size then
      pos = pos + size
      if pos > total then return values end
      -- the value is complete: so is every table whose last value it was
      while n_open > 0 do
        open[n_open] = open[n_open] - 1
        if open[n_open] > 0 then break end
        open[n_open] = nil
        n_open = n_open - 1
      end
      if n_open == 0 then return values end
    end
  end
end
piece.lua_scan = lua_scan

-- `data` parsed as a whole Lua object, walked first against the packet's Lua values.
local function lua_object(p, data)
  nested.lua = nested.lua - lua_scan(p, data, nested.lua, p.config.limits.max_lua_depth)
  local ok, obj = p.rt:parse(p.data.lua_object_spec, data)
  if ok and obj._io._pos ~= #data then
    ok, obj = false, fail("ParseError", (#data - obj._io._pos) ..
      " bytes left over after the structure", "exactly " .. obj._io._pos .. " bytes",
      obj._io._pos)
  end
  if not ok then error(obj, 0) end
  return obj
end

-- `block` decompressed within the bytes the packet has left (then taken from them).
local function expand(p, block, expected_size)
  local ok, out = p.rt:lz4(block, nested.bytes, expected_size)
  if not ok then
    if type(out) ~= "table" then out = fail("DecompressionError", tostring(out)) end
    if out.kind == "LimitExceededError" then
      out.expected = "at most " .. nested.bytes .. " bytes: " ..
        p.config.limits.max_decompressed ..
        " for the packet and the data nested in it (max_decompressed)"
    end
    error(out, 0)
  end
  nested.bytes = nested.bytes - #out
  return out
end

-- An error raised in a nested expansion, placed under `prefix`.
local function placed(e, prefix)
  if type(e) ~= "table" then e = fail("DecodeError", tostring(e)) end
  e.field_path = prefix .. (e.field_path and ("/" .. e.field_path) or "")
  return e
end

-- One BlobData entry's key (when a Lua object) and data expanded and parsed as the
-- decoder's expand.expand_payload does; raises the first failure with its place.
local function blob_payload(p, blob, uid, entry)
  local d, part_name = p.data, "key"
  local ok, e = pcall(function()
    local key = rawget(blob, "key")
    if type(key) == "string" and sub(key, 1, 3) == "LUA" then lua_object(p, key) end
    part_name = "data"
    local data = rawget(blob, "data")
    if type(data) == "string" and #data > 0 then
      local expanded = expand(p, data)
      part_name = "payload"
      local spec = d.blob_specs[uid]
      local payload
      if spec == d.lua_object_spec or (spec == nil and sub(expanded, 1, 3) == "LUA") then
        spec, payload = d.lua_object_spec, lua_object(p, expanded)
      elseif spec ~= nil then
        local parsed, value = p.rt:parse(spec, expanded)
        if parsed and value._io._pos ~= #expanded then
          parsed, value = false, fail("ParseError", (#expanded - value._io._pos) ..
            " bytes left over after the structure", "exactly " .. value._io._pos .. " bytes",
            value._io._pos)
        end
        if not parsed then error(value, 0) end
        payload = value
      end
      entry.size, entry.spec, entry.payload = #expanded, spec, payload
    end
  end)
  if not ok then
    entry.size, entry.spec, entry.payload = nil, nil, nil
    error(placed(e, part_name), 0)
  end
end

-- The BlobData entries of 11, 13, 25-28 expanded (the decoder's `blobs` expansion): each
-- entry's uid, its data decompressed within the packet's budget and the payload its uid
-- documents parsed, every byte read; `size` and `spec` are nil for an entry that fails,
-- whose error (placed at blobs[i]/...) is returned in `errors`.
local function expand_blobs(p, blobs)
  local out, errors = {}, {}
  for i, blob in ipairs(blobs) do
    local got, known = pcall(function() return blob.known_uid end)
    local uid = got and type(known) == "table" and (known.label or known.value) or nil
    local entry = { uid = uid }
    local ok, e = pcall(blob_payload, p, blob, uid, entry)
    if not ok then errors[#errors + 1] = placed(e, "blobs[" .. (i - 1) .. "]") end
    out[i] = entry
  end
  return out, errors
end

-- Any other compressed packet: its lists counted, then its body parsed with its spec,
-- every byte read.
local function body_of(p, c, spec)
  local counted, used = pcall(piece.count_items, p, c.id, c.data, items_left)
  if not counted then
    if type(used) ~= "table" then used = fail("DecodeError", tostring(used)) end
    p.add_error(c.item, c.body_tvb, used)
    return nil
  end
  items_left = items_left - used
  local ok, parsed = p.rt:parse(spec, source(c.body_tvb, 0, c.data))
  if ok and parsed._io._pos ~= #c.data then
    ok, parsed = false, fail("ParseError", (#c.data - parsed._io._pos) ..
      " bytes left over after the structure", "exactly " .. parsed._io._pos .. " bytes",
      parsed._io._pos, "body")
  end
  if ok and c.id == p.data.unreliable_update then
    -- a routed update's data is parsed from a stream of its own: all of it must be read
    for i, update in ipairs(parsed.updates or {}) do
      local data = rawget(update, "data")
      if type(data) == "table" and data._io and data._io._pos ~= update.len_update - 2 then
        ok, parsed = false, fail("ParseError", (update.len_update - 2 - data._io._pos) ..
          " bytes left over after the structure", "exactly " .. data._io._pos .. " bytes",
          data._io._base + data._io._pos, "updates[" .. (i - 1) .. "]/data")
        break
      end
    end
  end
  if not ok then
    p.add_error(c.item, c.body_tvb, parsed)
    return nil
  end
  if c.exp then p.add_object(c.exp, c.body_tvb, parsed, 1) end
  local blobs, errors, out = rawget(parsed, "blobs"), {}, { body = parsed }
  if type(blobs) == "table" then
    out.blobs, errors = expand_blobs(p, blobs)
  elseif c.id == p.data.lift_import_creation then
    -- 45's blueprint: exactly its stated size, checked against the budget first
    local ok, e = pcall(expand, p, rawget(parsed, "compressed_blueprint_data") or "",
      parsed.uncompressed_size)
    if not ok then errors[1] = placed(e, "compressed_blueprint_data") end
  end
  for _, e in ipairs(errors) do p.add_error(c.item, c.body_tvb, e) end
  return out
end

function piece.after(p, obj, tvb, pinfo, tree, item, depth)
  local d = p.data
  local id = obj.packet_id.value
  local body = rawget(obj, "body")
  local spec = d.compressed[id]
  if type(body) == "table" and spec == nil then
    -- a routed body is parsed from a stream of its own: all of it must be read
    local io = rawget(body, "_io")
    if io and io._pos ~= io._size then
      p.add_error(item, tvb, fail("ParseError", (io._size - io._pos) ..
        " bytes left over after the structure", "exactly " .. io._pos .. " bytes",
        1 + io._pos, "body"))
    end
    return nil
  end
  if type(body) ~= "string" or spec == nil then return nil end  -- bytes
  if depth == 0 then items_left = p.config.limits.max_items_per_packet end
  local c = { obj = obj, id = id, tvb = tvb, pinfo = pinfo, tree = tree, item = item,
    depth = depth }
  if depth == 0 then
    local limits = p.config.limits
    local ok, inflated = p.rt:lz4(body, limits.max_decompressed)
    if not ok then
      inflated.offset, inflated.field_path = 1, "body"
      p.add_error(item, tvb, inflated)
      return nil
    end
    nested.bytes, nested.lua = limits.max_decompressed - #inflated, limits.max_lua_values
    c.data = inflated
    -- what a large decompression left behind is freed before the body is parsed (Lua
    -- would let its heap double first)
    if #inflated >= COLLECT_AFTER_BYTES then collectgarbage() end
    if d.network_updates[id] then
      -- its tab holds the bytes framing reaches, made once it has stopped (a body past
      -- max_items_per_packet is not copied whole)
      c.deferred = true
      return network_update(p, c)
    end
    c.body_tvb = tab(inflated, "Decompressed body")
  else
    c.data = body                  -- sub-packets of a 29 are not compressed
    c.body_tvb = tvb:len() > 1 and tvb(1, tvb:len() - 1):tvb() or nil
  end
  open_body(p, c, #c.data)
  if d.network_updates[id] then return network_update(p, c) end
  if id == d.compound_packet then return compound(p, c, spec) end
  return body_of(p, c, spec)
end

-- A UUID as its canonical text, in its field's documented byte order (as the summary).
function piece.text_of(p, class_name, obj, field)
  if class_name ~= "SmCommon.Uuid" then return nil end
  local octets = rawget(obj, "octets")
  if type(octets) ~= "string" or #octets ~= 16 then return nil end
  if not p.data.be_uuid_fields[field] then octets = octets:reverse() end
  local hex = octets:gsub(".", function(c) return string.format("%02x", c:byte()) end)
  return hex:sub(1, 8) .. "-" .. hex:sub(9, 12) .. "-" .. hex:sub(13, 16) .. "-" ..
    hex:sub(17, 20) .. "-" .. hex:sub(21, 32)
end

return piece
