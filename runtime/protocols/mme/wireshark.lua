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
-- the first pass; each packet keeps what it needs, so random access shows the same.
local piece = {}

local state = { directions = {}, appended = 0 }

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
  local found = state.directions[key]
  if found == nil then
    found = { parts = {}, len = 0, overflowed = false, map_volume = nil, total = nil }
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
  st.parts, st.len, st.overflowed = {}, 0, false
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
    st.parts, st.len, st.overflowed = {}, 0, true
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
  st.parts[#st.parts + 1] = payload.data
  st.len = st.len + added
  state.appended = state.appended + added
  return { len_buffer = st.len }
end

local function buffer(st)
  if #st.parts > 1 then st.parts = { table.concat(st.parts) } end
  return st.parts[1] or ""
end

function STEPS.buffer_is_map_data(p, payload, st)
  if st.overflowed then return { error = OVERFLOWED } end
  return { buffer = buffer(st), map_volume = st.map_volume }
end

function STEPS.buffer_is_file_data(p, payload, st)
  if st.overflowed then return { error = OVERFLOWED } end
  return { file = buffer(st) }
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
  return { offset = offset, blocks = out }
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

function piece.after(p, obj, tvb, pinfo, tree, item, depth)
  local name = p.data.transfers[obj.packet_type.value]
  if name == nil then return nil end
  local payload = obj.payload
  local kept = p.remember(pinfo, function()
    return STEPS[name](p, payload, direction(p, pinfo))
  end)
  if kept.error then
    p.add_error(item, tvb, kept.error)
    return nil
  end
  if name == "map_data" then
    inflate_region(p, item, tvb, payload.region, payload.data, kept.map_volume,
      "Region blocks")
  elseif name == "buffer_is_map_data" then
    inflate_region(p, item, tvb, payload.region, kept.buffer, kept.map_volume,
      "Region blocks")
    if p.tree_wanted(item) then
      item:add(p.pf.len_buffer, #kept.buffer):set_generated()
    end
  elseif name == "map_total_data" then
    if p.tree_wanted(item) then show_blocks(p, item, kept.blocks, "Map blocks", kept.offset) end
  elseif kept.len_buffer ~= nil then
    if p.tree_wanted(item) then item:add(p.pf.len_buffer, kept.len_buffer):set_generated() end
  elseif kept.file ~= nil and p.tree_wanted(item) then
    local file = #kept.file > 0 and ByteArray.new(kept.file, true):tvb("Cached file") or nil
    item:add(p.pf.file, file and file() or nil):set_generated()
  end
  return nil
end

return piece
