-- wirestruct's Wireshark dissectors: the part every protocol shares (Wireshark 4.0+,
-- Lua 5.2-5.4).
--
--   local dissector = rt:require("dissector")
--   local p = dissector.protocol(rt, config, piece, fields)
--
-- `fields` is the table wirestruct.wireshark.fields generates from a protocol's specs (one
-- ProtoField per field of every type, filterable by name: `<proto>.<type>.<field>`),
-- `config` what the protocol's plug-in says (wirestruct.plugin.protocol.Wireshark, written
-- by wirestruct.wireshark.plugin): `proto`, `title`, `short` (the Protocol column),
-- `root_spec`, `carrier` ("tcp" or "exported_pdu"), `ports`, `heuristics`, `header_size`,
-- `whole` (bytes the spec leaves unread are an error), `values` (wrapper classes shown as
-- one value: class -> member), `hidden_classes`, `hidden_fields`, `end_marker` (the
-- readable output's rules), `error_kinds`, `limits`, and `data` (the piece's tables).
--
-- `piece` is the protocol's own Lua (nil for none); every hook is optional:
--   piece.fields(p)                 -> { key = ProtoField } of its own (p.pf.key)
--   piece.init(p)                   a new first pass begins: drop state across packets
--   piece.root_spec(p, tvb, pinfo)  -> the spec id of this packet (default config.root_spec)
--   piece.check(p, tvb, pinfo)      -> an error object refusing the packet before the spec runs
--   piece.name_of(p, obj)           -> the packet's name (default: the label of the first
--                                      enum field of the root type, `unknown_<n>` without)
--   piece.name_of_bytes(p, tvb)     -> a name for a packet that did not parse
--   piece.after(p, obj, tvb, pinfo, tree, item, depth)
--                                   expansions (decompressed bodies, packets inside the
--                                   packet: p.dissect_packet(tvb, pinfo, tree, depth + 1));
--                                   returns the Info text, or nil for the generic one
--   piece.pdu_length(p, tvb, pinfo, offset) -> bytes of the packet at offset (carrier "tcp")
--   piece.heuristic(p, tvb, pinfo)  -> whether a heuristic table's packet is this protocol's
--   piece.text_of(p, class_name, obj, field) -> the text the summary shows for a wrapper
--                                   object (a UUID ...), or nil
--                                      (default: it parses with the root spec)
--
-- `p.dissect_packet(tvb, pinfo, tree, depth)` parses the whole tvb as one packet and adds
-- the protocol's item with every field at its byte range (the ranges the runtime records,
-- as the Python `tree` format has them), enum values with their names, instances and
-- parameters as generated items; the Protocol and Info columns (`decode --format summary`);
-- and, for input the specs refuse, expert info of the kind wirestruct's error events have,
-- at the offset where parsing stopped. A packet never raises a Lua error into Wireshark.
--
-- State across packets (`p.remember`) is built on the first pass and kept per packet, so
-- that a packet shows the same values whichever order the GUI visits packets in.
local wirestruct_api = require("wirestruct")

local is_object, is_enum = wirestruct_api.is_object, wirestruct_api.is_enum
local rawget, type, pcall, getmetatable, tostring = rawget, type, pcall, getmetatable, tostring
local format, concat = string.format, table.concat

local M = {}

local FTYPES = {
  uint8 = "UINT8", uint16 = "UINT16", uint32 = "UINT32", uint64 = "UINT64",
  int8 = "INT8", int16 = "INT16", int32 = "INT32", int64 = "INT64",
  bool = "BOOLEAN", float = "FLOAT", double = "DOUBLE", string = "STRING",
  bytes = "BYTES", none = "NONE",
}
local INTEGER = { uint8 = true, uint16 = true, uint32 = true, uint64 = true,
  int8 = true, int16 = true, int32 = true, int64 = true }
-- Lua types a field's Wireshark type takes as they are
local FITS = {
  number = { uint8 = true, uint16 = true, uint32 = true, uint64 = true, int8 = true,
    int16 = true, int32 = true, int64 = true, float = true, double = true },
  boolean = { bool = true },
  string = { string = true, bytes = true },
  userdata = { uint64 = true, int64 = true },
}
local UNSIGNED = { uint8 = true, uint16 = true, uint32 = true, uint64 = true }
-- 64-bit field types and the constructor of the Wireshark object their values must be
local WIDE = {}
if Int64 then WIDE.int64 = Int64.new end
if UInt64 then WIDE.uint64 = UInt64.new end

M.MAX_DEPTH = 64
M.INFO_WIDTH = 100

local function snake(kind)
  return (kind:gsub("(%l)(%u)", "%1_%2"):lower())
end

local function index(obj, name) return obj[name] end

-- Text of a value for the Info column, as `wirestruct decode --format summary` writes it
-- (wirestruct.output.formats); nil for what it leaves out.
local function cut(text, width)
  if #text <= width then return text end
  -- characters, not bytes, as Python counts them
  local n, stop = 0, nil
  for pos in text:gmatch("()[^\128-\191]") do
    n = n + 1
    if n == width then stop = pos end
  end
  if n <= width then return text end
  return text:sub(1, stop - 1) .. "\226\128\166"
end
M.cut = cut

local function json_quote(text)
  return '"' .. text:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\"
    elseif c == "\n" then return "\\n" elseif c == "\t" then return "\\t"
    elseif c == "\r" then return "\\r" elseif c == "\b" then return "\\b"
    elseif c == "\f" then return "\\f" elseif c == "\127" then return "\127" end
    return format("\\u%04x", c:byte())
  end) .. '"'
end
M.json_quote = json_quote

-- Text with DEL and the C1 controls as \xNN, as the summary shows them (after its cut)
local function printable(text)
  return (text:gsub("\127", "\\x7f"):gsub("\194([\128-\159])", function(c)
    return format("\\x%02x", c:byte())
  end))
end

local function is_integer(value)
  if math.type then return math.type(value) == "integer" end
  return value == math.floor(value) and value > -2^53 and value < 2^53
end

-- A whole number (on Lua 5.2 a double, beyond 2^53 the one nearest to the value)
local function is_whole(value)
  if math.type then return math.type(value) == "integer" or value == math.floor(value) end
  return value == math.floor(value) and value == value and value ~= math.huge and
    value ~= -math.huge
end

local function number_text(value)
  if is_integer(value) then return format("%d", value) end
  return format("%g", value)
end

-- A value as text, numbers exactly (integers in digits, floats to 17 digits).
local function exact_text(value)
  if type(value) ~= "number" then return tostring(value) end
  if value ~= value or value == math.huge or value == -math.huge then return tostring(value) end
  if is_integer(value) then return format("%d", value) end
  return format("%.17g", value)
end
M.exact_text = exact_text

local function hex(s)
  return (s:gsub(".", function(c) return format("%02x", c:byte()) end))
end

function M.protocol(rt, config, piece, fields)
  piece = piece or {}
  local p = { piece = piece, rt = rt, config = config, data = config.data or {}, pf = {} }
  local proto = Proto(config.proto, config.title)
  p.proto = proto
  local values = config.values or {}
  local info_values = config.info_values or {}   -- wrappers shown as a field in Info only
  local hidden_classes = config.hidden_classes or {}
  local hidden_fields = config.hidden_fields or {}
  local end_marker = config.end_marker

  -- ProtoFields: every field of every type, in spec order, bookkeeping left out
  local by_class = {}
  local list = {}
  for class_name, info in pairs(fields.types) do
    local entries = {}
    for _, f in ipairs(info.fields) do
      local valuestring = f.enum and fields.enums[f.enum] or nil
      local base_ = INTEGER[f.ftype] and base.DEC or base.NONE
      local pf = ProtoField.new(f.id, f.abbrev, ftypes[FTYPES[f.ftype]], valuestring, base_,
        nil, f.doc ~= "" and f.doc or nil)
      list[#list + 1] = pf
      if not hidden_fields[f.id] then
        entries[#entries + 1] = { id = f.id, pf = pf, ftype = f.ftype, instance = f.instance,
          param = f.param, enum = f.enum }
      end
    end
    by_class[class_name] = entries
  end
  -- a value whose Lua type does not fit its field's type is shown as text in this one
  local text_field = ProtoField.new("value", config.proto .. ".wirestruct_value",
    ftypes.STRING, nil, base.NONE, nil, "A value shown as text")
  list[#list + 1] = text_field
  local name_field = ProtoField.new("packet", config.proto .. ".packet_name", ftypes.STRING,
    nil, base.NONE, nil, "The packet's name, as wirestruct names it")
  list[#list + 1] = name_field
  if piece.fields then
    for key, pf in pairs(piece.fields(p)) do
      p.pf[key] = pf
      list[#list + 1] = pf
    end
  end
  proto.fields = list
  local experts = {}
  local expert_list = {}
  for _, kind in ipairs(config.error_kinds) do
    experts[kind] = ProtoExpert.new(config.proto .. "." .. snake(kind), kind,
      expert.group.MALFORMED, expert.severity.ERROR)
    expert_list[#expert_list + 1] = experts[kind]
  end
  proto.experts = expert_list
  p.experts = experts

  local names = rt:names()  -- class table -> dotted class name (refreshed as modules load)
  local function class_of(obj)
    local name = names[getmetatable(obj)]
    if name == nil then
      names = rt:names()
      name = names[getmetatable(obj)] or ""
    end
    return name
  end
  p.class_of = class_of

  local function range_of(tvb, off, len)
    if tvb == nil or off == nil or off < 0 or len < 0 then return nil end
    if off + len > tvb:len() then return nil end
    return tvb(off, len)
  end
  p.range_of = range_of

  local function add(tree, entry, range, value)
    local fits = FITS[type(value)]
    if value == nil or not fits or not fits[entry.ftype] or
        (type(value) == "number" and UNSIGNED[entry.ftype] and value < 0) or
        (type(value) == "number" and INTEGER[entry.ftype] and not is_whole(value)) then
      local text = exact_text(value)
      local item = range and tree:add(text_field, range, text) or tree:add(text_field, text)
      item:set_text(entry.id .. ": " .. text)
      return item
    end
    if type(value) == "number" and WIDE[entry.ftype] then
      -- Wireshark takes 64-bit fields' values as its Int64/UInt64 objects only
      value = WIDE[entry.ftype](value)
    end
    if range then return tree:add(entry.pf, range, value) end
    return tree:add(entry.pf, value)
  end
  p.add = add

  local add_object

  -- One value of a field: an object as a subtree (a wrapper as its value), an enum entry as
  -- its number with the enum's names, bytes and text as they are.
  local function add_value(tree, tvb, entry, value, off, len, depth)
    local range = range_of(tvb, off, len)
    local t = type(value)
    if t == "table" then
      if is_object(value) then
        local class_name = class_of(value)
        if hidden_classes[class_name] then return nil end
        local member = values[class_name]
        if member then
          local ok, inner = pcall(index, value, member)
          if ok and inner ~= nil then
            if is_enum(inner) then inner = inner.value end
            return add(tree, entry, range, inner)
          end
        end
        local item = range and tree:add(entry.pf, range) or tree:add(entry.pf)
        add_object(item, tvb, value, depth + 1)
        return item
      elseif is_enum(value) then
        return add(tree, entry, range, value.value)
      end
      local item = range and tree:add(entry.pf, range) or tree:add(entry.pf)
      item:append_text(": [" .. #value .. "]")
      return item
    elseif t == "string" then
      local ftype = entry.ftype
      if ftype == "bytes" and range and #value ~= len then
        -- Bytes shorter than their range (a terminator or padding the spec strips): the
        -- range stays the field's, the text shows the value. (A value must never be
        -- shorter than its range here: Wireshark would read past it.)
        local item = tree:add(entry.pf, range)
        item:set_text(entry.id .. ": " .. hex(value))
        return item
      end
      if ftype == "string" or ftype == "bytes" then
        return add(tree, entry, range, value)
      end
      local item = range and tree:add(entry.pf, range) or tree:add(entry.pf)
      item:append_text(": " .. #value .. " bytes")
      return item
    elseif t == "number" or t == "boolean" or t == "userdata" then
      if entry.ftype == "string" then value = exact_text(value) end
      if entry.ftype == "none" then
        local item = range and tree:add(entry.pf, range) or tree:add(entry.pf)
        item:append_text(": " .. tostring(value))
        return item
      end
      return add(tree, entry, range, value)
    end
    return nil
  end

  local function ends_list(item)
    if not end_marker or not is_object(item) then return false end
    local ok, marker = pcall(index, item, end_marker)
    return ok and marker == true
  end

  -- Every field of `obj` (and its instances and parameters, as generated items) under
  -- `tree`, at the ranges recorded in `tvb`.
  add_object = function(tree, tvb, obj, depth)
    if depth > M.MAX_DEPTH then return end
    local entries = by_class[class_of(obj)]
    if entries == nil then return end
    local here = obj._ws_pos and obj._io and (obj._io._base + obj._ws_pos) or nil
    local offs, lens, items_of = obj._ws_off, obj._ws_len, obj._ws_items
    for k = 1, #entries do
      local entry = entries[k]
      local id = entry.id
      if not entry.instance then
        local value = rawget(obj, id)
        if value ~= nil then
          if type(value) == "table" and not is_object(value) and not is_enum(value) then
            local items = items_of[id]
            for i = 1, #value do
              local item = value[i]
              if not ends_list(item) then
                add_value(tree, tvb, entry, item, items and items[2 * i - 1],
                  items and items[2 * i], depth)
              end
            end
          else
            add_value(tree, tvb, entry, value, offs[id], lens[id], depth)
          end
        end
      else
        local ok, value
        if entry.param then
          ok, value = true, rawget(obj, id)
        else
          ok, value = pcall(index, obj, id)
        end
        if ok and value ~= nil then
          if type(value) == "table" and not is_object(value) and not is_enum(value) then
            local item = tree:add(entry.pf)
            item:append_text(": [" .. #value .. "]")
            item:set_generated()
          else
            local item = add_value(tree, tvb, entry, value, here, 0, depth)
            if item then item:set_generated() end
          end
        end
      end
    end
  end
  p.add_object = add_object

  -- The Info column's text for a parsed value (`wirestruct decode --format summary`).
  local function short(entry, value)
    local t = type(value)
    if is_enum(value) then
      return value.label and json_quote(cut(value.label, 24)) or number_text(value.value)
    elseif t == "string" then
      if entry.ftype == "bytes" or entry.ftype == "none" then
        if #value == 0 then return nil end       -- empty bytes are left out
        return "<" .. #value .. " bytes>"
      end
      return json_quote(cut(value, 24))
    elseif t == "boolean" then
      return tostring(value)
    elseif t == "number" then
      return number_text(value)
    elseif is_object(value) then
      local class_name = class_of(value)
      local text = piece and piece.text_of and piece.text_of(p, class_name, value, entry.id)
      if text ~= nil then return json_quote(cut(text, 24)) end
      local member = values[class_name] or info_values[class_name]
      if member then
        local ok, inner = pcall(index, value, member)
        if ok and inner ~= nil then return short({ ftype = "string" }, inner) end
        return nil
      end
      local cls = by_class[class_name] or {}
      local parts, keys = {}, {}
      for _, e in ipairs(cls) do
        if not e.instance and rawget(value, e.id) ~= nil then keys[#keys + 1] = e end
      end
      local vector = #keys >= 3 and #keys <= 4
      for _, e in ipairs(keys) do
        if not (e.id == "x" or e.id == "y" or e.id == "z" or e.id == "w") then vector = false end
      end
      if not vector then return nil end
      for _, axis in ipairs({ "x", "y", "z", "w" }) do
        for _, e in ipairs(keys) do
          if e.id == axis then parts[#parts + 1] = short(e, rawget(value, axis)) or "?" end
        end
      end
      return "(" .. concat(parts, ", ") .. ")"
    elseif t == "table" then
      return "[" .. #value .. "]"
    end
    return nil
  end
  p.short = short

  -- The packet's first scalar fields: `len=<size> name=value ...`, of `source` (by default
  -- the packet's body or payload when it is a parsed object, else the packet itself).
  function p.info(obj, size, source)
    if source == nil then
      source = obj
      for _, name in ipairs({ "body", "payload" }) do
        local inner = rawget(obj, name)
        if is_object(inner) then source = inner break end
      end
    end
    local parts = { "len=" .. size }
    if not is_object(source) then return concat(parts, " ") end
    local entries = by_class[class_of(source)] or {}
    local present = {}
    for _, e in ipairs(entries) do
      if not e.instance and rawget(source, e.id) ~= nil then present[e.id] = true end
    end
    local width = #parts[1] + 1
    for _, e in ipairs(entries) do
      local id = e.id
      local skip = id == "packet_id" or id == "packet_type" or id == "body" or
        ((id:sub(1, 4) == "num_" or id:sub(1, 4) == "len_") and present[id:sub(5)])
      if not skip then
        local value, shown
        if e.instance then
          local ok, v = pcall(index, source, id)
          if ok then value = v end          -- false is a value too
          if ok and v == nil then shown = "null" end   -- an instance whose `if` is false
        else
          value = rawget(source, id)
        end
        if value ~= nil then shown = short(e, value) end
        if shown ~= nil then
          local part = id .. "=" .. shown
          parts[#parts + 1] = part
          width = width + #part + 1
        end
        if width > M.INFO_WIDTH then break end
      end
    end
    return concat(parts, " ")
  end

  local function expert_text(err)
    local text = err.message or "?"
    if err.expected then text = text .. " (expected " .. err.expected .. ")" end
    if err.field_path then text = text .. " at " .. err.field_path end
    return text
  end

  -- Expert info for an error object, at its offset in `tvb` when known.
  function p.add_error(tree, tvb, err)
    local e = experts[err.kind] or experts.ParseError or experts.DecodeError
    local range = err.offset and tvb and err.offset >= 0 and err.offset < tvb:len() and
      tvb(err.offset, 1) or nil
    local text = err.kind .. ": " .. expert_text(err)
    if range then
      tree:add_tvb_expert_info(e, range, text)
    else
      tree:add_proto_expert_info(e, text)
    end
  end

  -- The columns of the packets of one frame: `a | b | c` in the order the packets come
  -- (a packet's slot is taken before the packets inside it are dissected). Text is only
  -- appended to the Info column (between the packets of a TCP segment Wireshark fences
  -- what is there), each part once the parts before it are known.
  local pass = { parts = {}, slot = 0, written = 0 }

  local function new_pass(pinfo)
    if pinfo.private.wirestruct_pass == nil then
      pinfo.private.wirestruct_pass = "1"
      pass = { parts = {}, slot = 0, written = 0 }
    end
  end

  local function reserve_column()
    pass.parts[#pass.parts + 1] = false
    return #pass.parts
  end

  local function set_column(pinfo, at, text)
    local parts = pass.parts
    parts[at] = text
    pinfo.cols.protocol:set(config.short)
    while parts[pass.written + 1] do
      pass.written = pass.written + 1
      if pass.written == 1 then
        pinfo.cols.info:set(parts[1])
      else
        pinfo.cols.info:append(" | " .. parts[pass.written])
      end
    end
  end

  -- State across packets: `compute()` runs on the first pass and what it returns is kept
  -- for this packet (its frame and its place in the frame); later passes get what was kept.
  local kept = {}
  function p.remember(pinfo, compute)
    pass.slot = pass.slot + 1
    local key = pinfo.number .. ":" .. pass.slot
    if not pinfo.visited then
      local value = compute()
      kept[key] = value == nil and false or value
      return value
    end
    local value = kept[key]
    if value == nil then  -- not seen on a first pass (a capture opened mid-way): now
      value = compute()
      kept[key] = value == nil and false or value
    end
    return value or nil
  end

  -- Keys of state kept across packets: a connection (its TCP stream, or its two
  -- endpoints in either order) and one direction of it.
  local tcp_stream = config.carrier == "tcp" and Field.new("tcp.stream") or nil
  function p.stream_key(pinfo)
    if tcp_stream then
      local f = tcp_stream()
      if f then return "tcp" .. tostring(f.value) end
    end
    local a = tostring(pinfo.src) .. ":" .. tostring(pinfo.src_port)
    local b = tostring(pinfo.dst) .. ":" .. tostring(pinfo.dst_port)
    if a > b then a, b = b, a end
    return a .. "=" .. b
  end

  function p.direction_key(pinfo)
    return p.stream_key(pinfo) .. "|" .. tostring(pinfo.src) .. ":" ..
      tostring(pinfo.src_port) .. "|" .. tostring(pinfo.p2p_dir)
  end

  function proto.init()
    kept = {}
    pass = { parts = {}, slot = 0, written = 0 }
    if piece.init then piece.init(p) end
  end

  local function default_name(obj)
    local entries = by_class[class_of(obj)] or {}
    for _, e in ipairs(entries) do
      local value = rawget(obj, e.id)
      if is_enum(value) then return value.label or ("unknown_" .. tostring(value.value)) end
    end
    return "packet"
  end

  local function tree_wanted(tree)
    local ok, visible = pcall(function() return tree.visible end)
    if not ok or visible ~= false then return true end
    -- a filter, tap or column refers to a field of this protocol
    local ok2, referenced = pcall(tree.referenced, tree, proto)
    return ok2 and referenced
  end
  p.tree_wanted = tree_wanted

  -- Parse the whole tvb as one packet and show it. `depth` counts the packets it is
  -- nested in (a packet inside another, for the piece's `after`).
  function p.dissect_packet(tvb, pinfo, tree, depth)
    depth = depth or 0
    new_pass(pinfo)
    local size = tvb:len()
    local item = tree:add(proto, tvb())
    local column = reserve_column()
    local problem = piece.check and piece.check(p, tvb, pinfo)
    if problem then
      local name = problem.name or "?"
      item:append_text(", " .. name)
      item:add(name_field, name):set_generated()
      p.add_error(item, tvb, problem)
      set_column(pinfo, column, name .. " [" .. problem.kind .. ": " ..
        (problem.message or "") .. "]")
      return size
    end
    local spec = piece.root_spec and piece.root_spec(p, tvb, pinfo) or config.root_spec
    local ok, obj = rt:parse(spec, tvb)
    if ok and config.whole and obj._io._pos ~= size then
      -- bytes the spec leaves unread are an error, as wirestruct's check_consumed has it
      ok, obj = false, { kind = "ParseError", offset = obj._io._pos,
        message = tostring(size - obj._io._pos) .. " bytes left over after the structure",
        expected = "exactly " .. tostring(obj._io._pos) .. " bytes" }
    end
    if not ok then
      local name = piece.name_of_bytes and piece.name_of_bytes(p, tvb) or "?"
      item:append_text(", " .. name)
      item:add(name_field, name):set_generated()
      p.add_error(item, tvb, obj)
      set_column(pinfo, column, name .. " [" .. obj.kind .. ": " .. (obj.message or "") .. "]")
      return size
    end
    local name = piece.name_of and piece.name_of(p, obj) or default_name(obj)
    item:append_text(", " .. name)
    item:add(name_field, name):set_generated()
    -- Without a tree to show (tshark's packet list, the GUI's first pass) the fields are
    -- not added, unless a filter refers to them: columns and expert info are all there is.
    local shown, err = true, nil
    if tree_wanted(tree) then
      shown, err = pcall(add_object, item, tvb, obj, 0)
    end
    if not shown then
      p.add_error(item, tvb, { kind = "ParseError", message = "showing the packet failed: " ..
        tostring(err) })
    end
    local info
    if piece.after then
      local done, result = pcall(piece.after, p, obj, tvb, pinfo, tree, item, depth)
      if done then
        info = result
      else
        p.add_error(item, tvb, type(result) == "table" and result or
          { kind = "ParseError", message = "expanding the packet failed: " .. tostring(result) })
      end
    end
    set_column(pinfo, column, printable(name .. " " .. cut(info or p.info(obj, size),
      M.INFO_WIDTH)))
    return size
  end

  M.register(p, piece, config)
  return p
end

-- Hook the dissector to the ways packets reach it: exported PDUs (by the protocol's name,
-- as every Lua protocol is registered), TCP (reassembled, framed by the piece's
-- pdu_length, on the configured ports and the `tcp_port` preference) and heuristic tables.
function M.register(p, piece, config)
  local proto = p.proto
  local dissect = function(tvb, pinfo, tree) return p.dissect_packet(tvb, pinfo, tree) end
  if config.carrier == "tcp" then
    local function pdu_length(tvb, pinfo, offset)
      return piece.pdu_length(p, tvb, pinfo, offset)
    end
    dissect = function(tvb, pinfo, tree)
      dissect_tcp_pdus(tvb, tree, config.header_size, pdu_length, p.dissect_packet)
      return tvb:len()
    end
    proto.prefs.tcp_port = Pref.uint("TCP port", 0,
      "A TCP port to decode as " .. config.short .. " (0: none)")
    local tcp = DissectorTable.get("tcp.port")
    for _, port in ipairs(config.ports or {}) do tcp:add(port, proto) end
    local registered = 0
    function proto.prefs_changed()
      if registered ~= 0 then tcp:remove(registered, proto) end
      registered = proto.prefs.tcp_port
      if registered ~= 0 then tcp:add(registered, proto) end
    end
  end
  proto.dissector = dissect
  for _, table_name in ipairs(config.heuristics or {}) do
    local function heuristic(tvb, pinfo, tree)
      if tvb:len() == 0 then return false end
      local claimed
      if piece.heuristic then
        claimed = piece.heuristic(p, tvb, pinfo)
      else
        local spec = piece.root_spec and piece.root_spec(p, tvb, pinfo) or config.root_spec
        claimed = p.rt:parse(spec, tvb)
      end
      if not claimed then return false end
      if config.carrier == "tcp" then pinfo.conversation = proto end
      dissect(tvb, pinfo, tree)
      return true
    end
    -- a Wireshark without this heuristic table leaves the other ways
    pcall(function() proto:register_heuristic(table_name, heuristic) end)
  end
end

return M
