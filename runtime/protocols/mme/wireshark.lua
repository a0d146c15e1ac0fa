-- Multiplayer Map Editor in Wireshark: the protocol's own piece of wirestruct's dissector
-- (see wirestruct/wireshark/lua/dissector.lua for the hooks; the tables in p.data come
-- from wirestruct.protocols.mme.wireshark).
--
-- MME runs over TCP; packets are framed by their 4-byte header (type, payload length) and
-- reassembled by Wireshark. The protocol has no port of its own: a connection is claimed
-- by heuristic when its first packet is AVAILABLE_PACKET_TYPES or SELECT_PACKET_TYPES with
-- a valid size (every connection starts so), or by the `mme.tcp_port` preference. Before
-- the spec runs, a payload shorter than its type's smallest valid size is a DecodeError,
-- as wirestruct's decoder has it.
--
-- Map transfers, as wirestruct.protocols.mme.decoder has them, per direction of a
-- connection: MAP_DATA's region inflated (zlib or gzip streams, with the runtime's capped
-- inflater) to exactly its volume; BUFFER_APPEND collecting compressed bytes (capped per
-- buffer and over all connections), BUFFER_IS_MAP_DATA inflating them into a region;
-- MAP_TOTAL_DATA pieces inflated as one stream across packets, up to the map's volume
-- from MAP_SETUP. Regions are checked before anything is inflated. The state is built on
-- the first pass; each packet keeps what it needs in the dissector's one store for the
-- whole capture (p.remember, bounded by max_kept_state): a MAP_TOTAL_DATA its blocks, a
-- BUFFER_IS_MAP_DATA or BUFFER_IS_FILE_DATA the append buffer's parts as they were (the
-- parts are shared by every packet of one buffer, never copied per packet; the region is
-- inflated again when shown). A packet whose kept state was forgotten says so, naming
-- max_kept_state, instead of showing its expansion.
local piece = {}

local state = { directions = {}, appended = 0 }

-- A connection direction forgotten to stay within max_flows (p.follow): its map transfer
-- and append buffer go, and the buffer's bytes leave the total of all connections.
function piece.forget(p, key)
  local st = state.directions[key]
  if st == nil then return end
  state.appended = state.appended - st.len
  state.directions[key] = nil
end

function piece.init(p)
  state = { directions = {}, appended = 0 }
end

function piece.fields(p)
  local n = p.config.proto .. ".expansion."
  return {
    blocks = ProtoField.bytes(n .. "blocks", "Blocks", base.NONE,
      "Map blocks the packet's compressed data inflates to (one byte a block)"),
    offset = ProtoField.uint32(n .. "blocks.offset", "Offset", base.DEC, nil, nil,
      "Where in the whole map the blocks of a MAP_TOTAL_DATA piece start"),
    len_buffer = ProtoField.uint32(n .. "len_buffer", "Append buffer", base.DEC, nil, nil,
      "Compressed bytes in the append buffer after the packet"),
    file = ProtoField.bytes(n .. "file", "File data", base.NONE,
      "The append buffer, taken as a cached file"),
  }
end

local function name_of_type(p, t)
  return p.data.names[t] or ("unknown_" .. tostring(t))
end

function piece.name_of(p, obj)
  local t = obj.packet_type
  return t.label or name_of_type(p, t.value)
end

function piece.name_of_bytes(p, tvb)
  if tvb:len() < 2 then return "?" end
  return name_of_type(p, tvb(0, 2):le_uint())
end

-- A payload shorter than the type's smallest valid size: refused before the spec runs.
function piece.check(p, tvb)
  if tvb:len() < 4 then return nil end
  local t = tvb(0, 2):le_uint()
  local minimum = p.data.minimum[t]
  local size = tvb:len() - 4
  if minimum and size < minimum then
    return { kind = "DecodeError", name = name_of_type(p, t), offset = 0,
      message = name_of_type(p, t) .. " payload of " .. size ..
        " bytes is shorter than the smallest valid size",
      expected = "at least " .. minimum .. " bytes" }
  end
  return nil
end

function piece.pdu_length(p, tvb, pinfo, offset)
  return 4 + tvb(offset + 2, 2):le_uint()
end

-- Every MME connection starts with AVAILABLE_PACKET_TYPES (0) or SELECT_PACKET_TYPES (1).
function piece.heuristic(p, tvb, pinfo)
  if tvb:len() < 4 then return false end
  local t = tvb(0, 2):le_uint()
  local size = tvb(2, 2):le_uint()
  return (t == 0 or t == 1) and size <= 16
end

local function fail(kind, message, expected, field_path)
  return { kind = kind, message = message, expected = expected, field_path = field_path }
end

local function direction(p, pinfo)
  local key = p.direction_key(pinfo)
  p.follow(pinfo, key)
  local found = state.directions[key]
  if found == nil then
    found = { parts = {}, tail = {}, len = 0, overflowed = false, map_volume = nil,
      total = nil }
    state.directions[key] = found
  end
  return found
end

-- A region's corners checked against every cap before anything is inflated.
local function check_region(p, region, map_volume)
  local limits = p.config.limits
  if not region.is_ordered then
    return fail("DecodeError", "region's lower corner exceeds its upper corner",
      "lower <= upper on every axis", "region")
  end
  local cap, name = limits.max_region_volume, "max_region_volume"
  if limits.max_decompressed < cap then cap, name = limits.max_decompressed, "max_decompressed" end
  if limits.max_map_volume < cap then cap, name = limits.max_map_volume, "max_map_volume" end
  local volume = region.volume
  if volume > cap then
    return fail("LimitExceededError", "region of " .. volume .. " blocks exceeds " .. name,
      "at most " .. cap .. " blocks", "region")
  end
  if map_volume ~= nil and volume > map_volume then
    return fail("LimitExceededError", "region of " .. volume ..
      " blocks is larger than the map (" .. map_volume .. " blocks)",
      "at most " .. map_volume .. " blocks", "region")
  end
  return nil
end

-- Appends smaller than SMALL_PART bytes are joined TAIL_PARTS at a time.
local SMALL_PART, TAIL_PARTS = 1024, 64

local OVERFLOWED = fail("LimitExceededError", "the append buffer overflowed earlier",
  "BUFFER_RESET")

-- What a packet does to its direction's map-transfer state, on the first pass; returns
-- what showing it needs (kept for later passes).
local STEPS = {}

function STEPS.map_setup(p, payload, st)
  local limits = p.config.limits
  st.total = nil
  st.map_volume = nil
  if payload.frees then return {} end
  local volume = payload.size_x * payload.size_y * payload.size_z
  local dims = payload.size_x .. " x " .. payload.size_y .. " x " .. payload.size_z
  if volume == 0 then
    return { error = fail("DecodeError", "map of 0 blocks (" .. dims .. ")",
      "dimensions of at least 32") }
  end
  if volume > limits.max_map_volume then
    return { error = fail("LimitExceededError", "map of " .. volume .. " blocks (" .. dims ..
      ") exceeds max_map_volume", "at most " .. limits.max_map_volume .. " blocks") }
  end
  st.map_volume = volume
  return {}
end

function STEPS.map_data(p, payload, st)
  return { map_volume = st.map_volume }
end

function STEPS.buffer_reset(p, payload, st)
  state.appended = state.appended - st.len
  st.parts, st.tail, st.len, st.overflowed = {}, {}, 0, false
  return { len_buffer = 0 }
end

function STEPS.buffer_append(p, payload, st)
  local limits = p.config.limits
  if st.overflowed then return { error = OVERFLOWED } end
  local added = #payload.data
  local cap, total_cap = limits.max_append_buffer, limits.max_append_buffers
  if st.len + added > cap or state.appended + added > total_cap then
    local dropped = st.len + added
    state.appended = state.appended - st.len
    st.parts, st.tail, st.len, st.overflowed = {}, {}, 0, true
    local what, expected
    if dropped > cap then
      what, expected = "exceeds max_append_buffer", "at most " .. cap .. " bytes"
    else
      what = "would take the append buffers of all connections past max_append_buffers"
      expected = "at most " .. total_cap .. " bytes in all"
    end
    return { error = fail("LimitExceededError", "append buffer of " .. dropped .. " bytes " ..
      what .. "; the buffer is dropped until BUFFER_RESET", expected) }
  end
  -- small pieces wait in the tail and join the parts TAIL_PARTS at a time, so that a
  -- buffer of many tiny appends is not as many strings
  local tail = st.tail
  if added < SMALL_PART then
    tail[#tail + 1] = payload.data
    if #tail >= TAIL_PARTS then
      st.parts[#st.parts + 1] = table.concat(tail)
      st.tail = {}
    end
  else
    if #tail > 0 then
      st.parts[#st.parts + 1] = table.concat(tail)
      st.tail = {}
    end
    st.parts[#st.parts + 1] = payload.data
  end
  st.len = st.len + added
  state.appended = state.appended + added
  return { len_buffer = st.len }
end

-- The append buffer as it is now: its parts (a list only ever appended to, shared with the
-- direction's state and every packet that kept it; a reset starts a new list), how many
-- of them there are now, and the small pieces not yet joined to them (a copy of less
-- than SMALL_PART * TAIL_PARTS bytes). Kept, it costs the buffer's bytes (counted for
-- every packet that keeps it, though they share them).
local function buffer_now(st)
  return { parts = st.parts, n = #st.parts, tail = table.concat(st.tail), len = st.len },
    st.len
end

local function buffer_bytes(kept)
  return table.concat(kept.parts, "", 1, kept.n) .. kept.tail
end

function STEPS.buffer_is_map_data(p, payload, st)
  if st.overflowed then return { error = OVERFLOWED } end
  local kept, size = buffer_now(st)
  kept.map_volume = st.map_volume
  return kept, size
end

function STEPS.buffer_is_file_data(p, payload, st)
  if st.overflowed then return { error = OVERFLOWED } end
  local kept, size = buffer_now(st)
  kept.file = true
  return kept, size
end

local function total_reset(p, st)
  local limits = p.config.limits
  st.total = p.rt:require("inflate").new(st.map_volume or limits.max_map_volume,
    limits.max_decompressed, "map")
end

function STEPS.map_total_reset(p, payload, st)
  total_reset(p, st)
  return {}
end

function STEPS.map_total_data(p, payload, st)
  if st.total == nil then total_reset(p, st) end
  local offset = st.total.produced
  local ok, out = st.total:feed(payload.data)
  if not ok then return { error = out } end
  return { offset = offset, blocks = out }, #out
end

-- Blocks shown from a tab of their own.
local function show_blocks(p, item, blocks, name, offset)
  local tvb = #blocks > 0 and ByteArray.new(blocks, true):tvb(name) or nil
  local shown = tvb and item:add(p.pf.blocks, tvb()) or item:add(p.pf.blocks, "")
  shown:append_text(" (" .. #blocks .. " bytes)")
  if offset ~= nil then shown:add(p.pf.offset, offset):set_generated() end
end

local function inflate_region(p, item, tvb, region, data, map_volume, name)
  local problem = check_region(p, region, map_volume)
  if problem then
    p.add_error(item, tvb, problem)
    return
  end
  local ok, out = p.rt:require("inflate").exact(data, region.volume, "region")
  if not ok then
    p.add_error(item, tvb, out)
    return
  end
  if p.tree_wanted(item) then show_blocks(p, item, out, name) end
end

-- Set bits of each byte value.
local BITS = { [0] = 0 }
for b = 1, 255 do BITS[b] = BITS[math.floor(b / 2)] + b % 2 end

-- AVAILABLE/SELECT_PACKET_TYPES: a set of at most max_items_per_packet types.
local function check_type_set(p, tvb, item)
  if tvb:len() <= 4 then return end
  local count, raw = 0, tvb:raw(4, tvb:len() - 4)
  for k = 1, #raw do count = count + BITS[raw:byte(k)] end
  local cap = p.config.limits.max_items_per_packet
  if count > cap then
    p.add_error(item, tvb, { kind = "LimitExceededError", offset = 4, field_path = "payload",
      message = count .. " packet types in one packet exceed max_items_per_packet",
      expected = "at most " .. cap .. " types", dropped = count })
  end
end

function piece.after(p, obj, tvb, pinfo, tree, item, depth)
  if p.data.type_sets[obj.packet_type.value] then
    check_type_set(p, tvb, item)
    return nil
  end
  local name = p.data.transfers[obj.packet_type.value]
  if name == nil then return nil end
  local payload = obj.payload
  local kept, why = p.remember(pinfo, function()
    return STEPS[name](p, payload, direction(p, pinfo))
  end)
  if kept == nil then
    -- forgotten (max_kept_state): a note instead of the expansion
    if why ~= nil then p.add_forgotten(item, "What this packet expanded to") end
    return nil
  end
  if kept.error then
    p.add_error(item, tvb, kept.error)
    return nil
  end
  if name == "map_data" then
    inflate_region(p, item, tvb, payload.region, payload.data, kept.map_volume,
      "Region blocks")
  elseif name == "buffer_is_map_data" then
    inflate_region(p, item, tvb, payload.region, buffer_bytes(kept), kept.map_volume,
      "Region blocks")
    if p.tree_wanted(item) then
      item:add(p.pf.len_buffer, kept.len):set_generated()
    end
  elseif name == "map_total_data" then
    if p.tree_wanted(item) then show_blocks(p, item, kept.blocks, "Map blocks", kept.offset) end
  elseif kept.len_buffer ~= nil then
    if p.tree_wanted(item) then item:add(p.pf.len_buffer, kept.len_buffer):set_generated() end
  elseif kept.file ~= nil and p.tree_wanted(item) then
    local file = kept.len > 0 and ByteArray.new(buffer_bytes(kept), true):tvb("Cached file")
      or nil
    item:add(p.pf.file, file and file() or nil):set_generated()
  end
  return nil
end

return piece
