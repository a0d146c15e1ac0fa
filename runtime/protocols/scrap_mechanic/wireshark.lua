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
--   max_items_per_packet (a Container's sub-update one more per 16 bytes of data).
local piece = {}

local byte, sub, floor, format, concat = string.byte, string.sub, math.floor,
  string.format, table.concat

-- State across packets: the previous sub-update of each direction of each connection, the
-- controller type of each NetObj (by connection, NetObj type and id bytes).
local state = { previous = {}, types = {}, count = 0 }
local items_left = 0

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
  return format("unknown_0x%02x", id)
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
  local out, n_new = {}, 0
  for i = 0, size - 1 do
    local b = byte(body, stop - floor(i / 8))   -- the bitfield byte holding bit i
    local set = floor(b / 2 ^ (i % 8)) % 2 == 1
    if set then
      out[i + 1] = sub(previous, i + 1, i + 1)
    else
      n_new = n_new + 1
      out[i + 1] = false
    end
  end
  if stop + n_new > #body then
    error(fail("DeltaError", "delta update runs past the end of the body",
      n_new .. " new bytes after the bitfield", stop), 0)
  end
  local at = stop
  for i = 1, size do
    if out[i] == false then
      at = at + 1
      out[i] = sub(body, at, at)
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
-- framing errors and the last data (the next delta's previous). `lookup(key)` gives the
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
  return errors, previous
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

local function network_update(p, c)
  local d, body = p.data, c.data
  if #body < 4 then
    p.add_error(c.item, c.body_tvb, fail("DecodeError", "body of " .. #body .. " bytes",
      "a 4-byte tick", 0))
    return nil
  end
  local tick = u32be(body, 0)
  local dir, stream = p.direction_key(c.pinfo), p.stream_key(c.pinfo)
  -- the first pass uses and changes the connection's state, recording what it looked up;
  -- later passes replay that
  local live = false
  local kept = p.remember(c.pinfo, function()
    live = true
    return { previous = state.previous[dir], lookups = {} }
  end)
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
  local function each(s)
    if s.encoding == "delta" then
      s.base = at
      rebuilt[#rebuilt + 1] = s.data
      at = at + #s.data
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
  end
  local errors, last = frame(p, body, kept.previous, stream, lookup, each)
  if live then state.previous[dir] = last end
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
      p.add_object(data, where, update, 1)
    end
  end
  for _, e in ipairs(errors) do p.add_error(c.item, c.body_tvb, e) end
  local kinds = {}
  for i = 1, math.min(4, #shown) do
    local u = shown[i].update
    kinds[i] = label(u.update_type) .. " " .. label(u.netobj_type) .. " #" ..
      tostring(u.netobj_id)
  end
  local more = #shown > 4 and (", +" .. (#shown - 4)) or ""
  return "tick=" .. tick .. " sub_updates=" .. #shown .. ": " .. concat(kinds, ", ") .. more
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
  -- the summary's `subpackets=N: name, ...` (the first six named)
  local names = {}
  for i, place in ipairs(places) do
    if i > 6 then break end
    local id = string.byte(body, place[1] + 1)
    names[#names + 1] = p.data.names[id] or tostring(id)
  end
  local text = "subpackets=" .. #places
  if #places > 0 then text = text .. ": " .. table.concat(names, ", ") end
  if #places > 6 then text = text .. ", +" .. (#places - 6) end
  return text
end

-- Any other compressed packet: its body parsed with its spec, every byte read.
local function body_of(p, c, spec)
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
  return p.info(c.obj, c.tvb:len(), parsed)
end

function piece.after(p, obj, tvb, pinfo, tree, item, depth)
  local d = p.data
  local id = obj.packet_id.value
  local body = rawget(obj, "body")
  local spec = d.compressed[id]
  if type(body) ~= "string" or spec == nil then return nil end  -- routed, or bytes
  if depth == 0 then items_left = p.config.limits.max_items_per_packet end
  local c = { obj = obj, id = id, tvb = tvb, pinfo = pinfo, tree = tree, item = item,
    depth = depth }
  if depth == 0 then
    local ok, inflated = p.rt:lz4(body, p.config.limits.max_decompressed)
    if not ok then
      inflated.offset, inflated.field_path = 1, "body"
      p.add_error(item, tvb, inflated)
      return nil
    end
    c.data = inflated
    c.body_tvb = tab(inflated, "Decompressed body")
  else
    c.data = body                  -- sub-packets of a 29 are not compressed
    c.body_tvb = tvb:len() > 1 and tvb(1, tvb:len() - 1):tvb() or nil
  end
  if p.tree_wanted(tree) then
    c.exp = item:add(p.pf.body, part(c.body_tvb, 0, #c.data))
    c.exp:append_text(": " .. #c.data .. " bytes (" .. spec .. ")")
  end
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
