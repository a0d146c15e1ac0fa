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
--   piece.forget(p, key)            drop the state of connection direction `key`: more
--                                   than 2 x max_flows are followed (see p.follow)
--   piece.root_spec(p, tvb, pinfo)  -> the spec id of this packet (default config.root_spec)
--   piece.check(p, tvb, pinfo)      -> an error object refusing the packet before the spec runs
--   piece.name_of(p, obj)           -> the packet's name (default: the label of the first
--                                      enum field of the root type, `unknown_<n>` without)
--   piece.name_of_bytes(p, tvb)     -> a name for a packet that did not parse
--   piece.after(p, obj, tvb, pinfo, tree, item, depth)
--                                   expansions (decompressed bodies, packets inside the
--                                   packet: p.dissect_packet(tvb, pinfo, tree, depth + 1));
--                                   returns a table of expansions the summary description
--                                   reads (before the packet's own fields; `body` is also
--                                   the generic summary's source), or an Info text, or nil
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
--
-- Bounds (wirestruct's `Limits`, config.limits, the same numbers the Python side keeps to):
--   * Objects: a top-level packet (and every packet, body and sub-update inside it) draws
--     all its parses from one budget, parse_objects_allowance + max_parse_objects_per_byte
--     x (its bytes + the bytes decompressed for it). rt:lz4 widens it by what it returns;
--     a piece that decompresses or rebuilds bytes otherwise calls p.rt:widen_budget(n)
--     before parsing them. Past it a parse stops with a LimitExceededError naming
--     max_parse_objects_per_byte, and so does every later parse of that packet.
--   * Errors: `p.add_error(tree, tvb, err)` shows the first max_errors_per_packet errors of
--     a top-level packet as expert infos; the rest are counted by kind (and the bytes in
--     their `dropped`), and one `LimitExceededError: N more errors ...
--     (max_errors_per_packet)` item says so when the packet ends. It returns whether the
--     error was shown: a piece adds no tree item of its own for one that was not. Past
--     that many failures, the runtime's errors skip their field path (only counted).
--   * Kept state: `p.remember(pinfo, compute)`: on the first pass runs compute() (-> value,
--     size in bytes; M.DEFAULT_KEPT_SIZE when not given) and keeps the value in one store
--     for the whole capture (every protocol of the plugin), bounded by max_kept_state,
--     forgetting the least recently used first; on a later pass returns the kept value,
--     or nil, "forgotten" (compute is never run again then). `p.kept_grew(pinfo, n)`: the
--     value just kept grew by n bytes. `p.add_forgotten(tree, what)` is the expert note a
--     piece shows instead of what it would have built from forgotten state. proto.init (a
--     new capture, or a new first pass) forgets the protocol's values.
--   * Columns: at most M.MAX_COLUMN_PARTS packets of a frame write their part of Info.
--   * Connections: a piece that keeps state per connection direction calls
--     `p.follow(pinfo, key)` when it uses it on the first pass; past 2 x max_flows
--     directions the least recently used is forgotten (piece.forget) and the packet says
--     so in an expert note, as wirestruct's decoders forget streams past max_flows.
local wirestruct_api = require("wirestruct")

local is_object, is_enum = wirestruct_api.is_object, wirestruct_api.is_enum
local span = wirestruct_api.span
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
-- field type -> the Lua types it takes as they are (FITS turned around)
local FIT_OF, NO_FIT = {}, {}
for lua_type, ftypes_ in pairs(FITS) do
  for ftype in pairs(ftypes_) do
    FIT_OF[ftype] = FIT_OF[ftype] or {}
    FIT_OF[ftype][lua_type] = true
  end
end
-- 64-bit field types and the constructor of the Wireshark object their values must be
local WIDE = {}
if Int64 then WIDE.int64 = Int64.new end
if UInt64 then WIDE.uint64 = UInt64.new end

M.MAX_DEPTH = 64
-- The fields a top-level packet's tree shows (with the packets inside it), a bound on the
-- work of showing one: past them a note says where showing stopped; decoding, errors and
-- Info cover the whole packet. (A real packet of the three protocols shows a few thousand.)
M.MAX_TREE_ITEMS = 100000
M.MAX_COLUMN_PARTS = 64
M.DEFAULT_KEPT_SIZE = 64   -- bytes p.remember counts for a value whose size is not given
M.INFO_WIDTH = 100
M.COLLECT_AFTER_OBJECTS = 50000   -- a packet that built more: a full collection after it

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

-- The key a computed instance keeps its value under (the generated getter's `_m_<name>`)
local MEMO = setmetatable({}, { __index = function(memo, name)
  local key = "_m_" .. name
  memo[name] = key
  return key
end })

-- Where field `id` of `obj` lies, as wirestruct's span says; `at` (nil, or field name ->
-- its slot in `ws`, the object's ranges) finds it without a walk.
local function span_at(obj, ws, at, id)
  if at == nil then return span(obj, id) end
  local k = at[id]
  if k == nil then return nil end
  local off, len = ws[k + 1], ws[k + 2]
  if len == false then return nil, nil, off end
  return off, len
end

local function hex(s)
  return (s:gsub(".", function(c) return format("%02x", c:byte()) end))
end

function M.protocol(rt, config, piece, fields)
  piece = piece or {}
  local p = { piece = piece, rt = rt, config = config, data = config.data or {}, pf = {} }
  local strings = rt:require("string_decode")
  local limits = config.limits
  rt:set_limits(limits)
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
      local pf = ProtoField.new(f.label or f.id, f.abbrev, ftypes[FTYPES[f.ftype]],
        valuestring, base_, nil, f.doc ~= "" and f.doc or nil)
      list[#list + 1] = pf
      if not hidden_fields[f.id] then
        entries[#entries + 1] = { id = f.id, pf = pf, ftype = f.ftype, instance = f.instance,
          param = f.param, enum = f.enum, label = f.label or f.id }
      end
    end
    by_class[class_name] = entries
  end
  -- a value whose Lua type does not fit its field's type is shown as text in this one
  local text_field = ProtoField.new("Value as text", config.proto .. ".wirestruct_value",
    ftypes.STRING, nil, base.NONE, nil, "A value shown as text")
  list[#list + 1] = text_field
  local name_field = ProtoField.new("Packet name", config.proto .. ".packet_name",
    ftypes.STRING, nil, base.NONE, nil, "The packet's name, as wirestruct names it")
  list[#list + 1] = name_field
  -- a packet inside another (a compound's sub-packet, a decompressed packet): a subtree of
  -- the packet it is in, not a protocol item of its own (one layer a protocol in a frame)
  local nested_field = ProtoField.new("Packet", config.proto .. ".packet", ftypes.NONE, nil,
    base.NONE, nil, "A packet inside another packet")
  list[#list + 1] = nested_field
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
  -- state p.remember forgot (a note, not an error: the packet is fine)
  local forgotten_expert = ProtoExpert.new(config.proto .. ".forgotten", "Forgotten state",
    expert.group.UNDECODED, expert.severity.NOTE)
  expert_list[#expert_list + 1] = forgotten_expert
  -- a packet id the spec's enum does not name (decoded, shown as unknown_<n>)
  local unknown_expert = ProtoExpert.new(config.proto .. ".unknown_packet_id",
    "Unknown packet id", expert.group.UNDECODED, expert.severity.NOTE)
  expert_list[#expert_list + 1] = unknown_expert
  -- a packet with more fields than its tree shows (M.MAX_TREE_ITEMS)
  local not_shown_expert = ProtoExpert.new(config.proto .. ".fields_not_shown",
    "Fields not shown", expert.group.UNDECODED, expert.severity.NOTE)
  expert_list[#expert_list + 1] = not_shown_expert
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

  -- What a field's entry says about the values it takes, worked out once per field (an
  -- entry built elsewhere gets it on first use): the Lua types its Wireshark type takes as
  -- they are, whether numbers must be whole or not negative, the 64-bit constructor, and
  -- the key a computed instance keeps its value under.
  local function prepare(entry)
    local ftype = entry.ftype
    entry.fit = FIT_OF[ftype] or NO_FIT
    entry.int, entry.unsigned, entry.wide = INTEGER[ftype], UNSIGNED[ftype], WIDE[ftype]
    entry.memo = "_m_" .. entry.id
    return entry.fit
  end
  -- and, for the Info column's generic summary, what it leaves out: the packet's id and
  -- body, and a count or length of a field of its type (`num_x`, `len_x`: the field x)
  local INFO_SKIP = { packet_id = true, packet_type = true, body = true }
  for _, entries in pairs(by_class) do
    local plain = {}
    for _, entry in ipairs(entries) do
      prepare(entry)
      if not entry.instance then plain[entry.id] = true end
    end
    for _, entry in ipairs(entries) do
      local id = entry.id
      entry.info_skip = INFO_SKIP[id] or false
      local prefix, counted = id:sub(1, 4), id:sub(5)
      if (prefix == "num_" or prefix == "len_") and plain[counted] then entry.counts = counted end
    end
  end

  -- A value whose Lua type does not fit its field's type: shown as text
  local function add_as_text(tree, entry, range, value)
    local text = exact_text(value)
    local item = range and tree:add(text_field, range, text) or tree:add(text_field, text)
    item:set_text(entry.id .. ": " .. text)
    return item
  end

  local function add(tree, entry, range, value)
    local fit = entry.fit or prepare(entry)
    local t = type(value)
    if not fit[t] then return add_as_text(tree, entry, range, value) end
    if t == "number" then
      if (entry.unsigned and value < 0) or (entry.int and not is_whole(value)) then
        return add_as_text(tree, entry, range, value)
      end
      -- Wireshark takes 64-bit fields' values as its Int64/UInt64 objects only
      local wide = entry.wide
      if wide then value = wide(value) end
    end
    local item
    if range then item = tree:add(entry.pf, range, value) else item = tree:add(entry.pf, value) end
    if value == "" and entry.ftype == "bytes" then
      item:set_text((entry.label or entry.id) .. ": (empty)")  -- not Wireshark's <MISSING>
    end
    return item
  end
  p.add = add

  -- An item of a typed field that holds no value of its own (a subtree, a count): its
  -- label with `text`, not the `<MISSING>` Wireshark shows for a value it cannot find.
  local function add_bare(tree, entry, range, text)
    local item = range and tree:add(entry.pf, range) or tree:add(entry.pf)
    if entry.ftype == "none" then
      if text then item:append_text(text) end
    elseif text or not range or range:len() == 0 then
      item:set_text((entry.label or entry.id) .. (text or ""))
    end
    return item
  end

  local add_object

  -- The items the tree of the top-level packet being shown has (M.MAX_TREE_ITEMS), and
  -- where the first one left out would have been (its data source and offset).
  local shown = { items = 0, cut = false, cut_source = nil, cut_at = nil }

  -- One value of a field: an object as a subtree (a wrapper as its value), an enum entry as
  -- its number with the enum's names, bytes and text as they are. `size` is tvb's length.
  local function add_value(tree, tvb, size, entry, value, off, len, depth)
    local n = shown.items + 1
    if n > M.MAX_TREE_ITEMS then
      if not shown.cut then
        shown.cut, shown.cut_source, shown.cut_at = true, tvb, off
      end
      return nil
    end
    shown.items = n
    local range
    if tvb ~= nil and off ~= nil and off >= 0 and len >= 0 and off + len <= size then
      range = tvb(off, len)
    end
    local t = type(value)
    if t == "table" then
      if rawget(value, "_ws_pos") ~= nil then     -- a parsed object
        local class_name = class_of(value)
        if hidden_classes[class_name] then return nil end
        local member = values[class_name]
        if member then
          -- the member computed already is kept under _m_<member>; else its getter runs
          local inner = rawget(value, MEMO[member])
          local ok = inner ~= nil
          if not ok then ok, inner = pcall(index, value, member) end
          if ok and inner ~= nil then
            if is_enum(inner) then inner = inner.value end
            return add(tree, entry, range, inner)
          end
        end
        local item = add_bare(tree, entry, range, nil)
        add_object(item, tvb, value, depth + 1, size)
        return item
      elseif is_enum(value) then
        return add(tree, entry, range, value.value)
      end
      return add_bare(tree, entry, range, ": [" .. #value .. "]")
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
      return add_bare(tree, entry, range, ": " .. #value .. " bytes")
    elseif t == "number" or t == "boolean" or t == "userdata" then
      local ftype = entry.ftype
      if ftype == "string" then value = exact_text(value) end
      if ftype == "none" then
        return add_bare(tree, entry, range, ": " .. tostring(value))
      end
      return add(tree, entry, range, value)
    end
    return nil
  end

  -- A list's items: every one but the end marker's item (config.end_marker)
  local function ends_list(item)
    if not is_object(item) then return false end
    local ok, marker = pcall(index, item, end_marker)
    return ok and marker == true
  end

  -- Every field of `obj` (and its instances and parameters, as generated items) under
  -- `tree`, at the ranges recorded in `tvb` (`size`: its length, when known).
  add_object = function(tree, tvb, obj, depth, size)
    if depth > M.MAX_DEPTH then return end
    local entries = by_class[class_of(obj)]
    if entries == nil then return end
    if size == nil and tvb ~= nil then size = tvb:len() end
    local here = obj._ws_pos and obj._io and (obj._io._base + obj._ws_pos) or nil
    -- an object of many fields: where each lies, found in one walk over its ranges (the
    -- field read last wins, as span has it) rather than one walk a field
    local ws, at = rawget(obj, "_ws"), nil
    if type(ws) == "table" and #ws > 24 then
      at = {}
      for k = 1, #ws, 3 do at[ws[k]] = k end
    end
    for k = 1, #entries do
      local entry = entries[k]
      local id = entry.id
      if not entry.instance then
        local value = rawget(obj, id)
        if value ~= nil then
          -- a list: a plain table (neither a parsed object nor an enum entry)
          if type(value) == "table" and rawget(value, "_ws_pos") == nil and
              not is_enum(value) then
            local _, _, items = span_at(obj, ws, at, id)
            for i = 1, #value do
              local item = value[i]
              if not (end_marker and ends_list(item)) then
                if items then
                  add_value(tree, tvb, size, entry, item, items[2 * i - 1], items[2 * i], depth)
                else
                  add_value(tree, tvb, size, entry, item, nil, nil, depth)
                end
              end
            end
          else
            local off, len = span_at(obj, ws, at, id)
            add_value(tree, tvb, size, entry, value, off, len, depth)
          end
        end
      else
        local ok, value
        if entry.param then
          ok, value = true, rawget(obj, id)
        else
          -- an instance computed already is kept under _m_<id> (the generated getter's
          -- first answer); else the getter runs (it may fail)
          value = rawget(obj, entry.memo or ("_m_" .. id))
          if value ~= nil then ok = true else ok, value = pcall(index, obj, id) end
        end
        if ok and value ~= nil then
          if type(value) == "table" and not is_object(value) and not is_enum(value) then
            add_bare(tree, entry, nil, ": [" .. #value .. "]"):set_generated()
          else
            local item = add_value(tree, tvb, size, entry, value, here, 0, depth)
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
  p.by_class, p.json_quote = by_class, json_quote
  -- the protocol's summary description (config.summaries) rendered for the Info column
  p.summary = rt:require("summary").new(p)

  -- The object holding a packet's own fields, as `wirestruct.output.formats` finds it: the
  -- one field beside the packet's id and the counts and lengths of other fields, when it
  -- is a parsed object (a `body`, a `payload`), else the packet itself.
  local function inner_of(obj)
    local entries = by_class[class_of(obj)] or {}
    local rest, only = 0, nil
    for k = 1, #entries do
      local e = entries[k]
      local id = e.id
      local value = not e.instance and rawget(obj, id) or nil
      if value ~= nil and id ~= "packet_id" and id ~= "packet_type"
          and not (e.counts ~= nil and rawget(obj, e.counts) ~= nil) then
        rest, only = rest + 1, value
      end
    end
    if rest == 1 and is_object(only) then return only end
    return obj
  end

  -- The packet's first scalar fields: `len=<size> name=value ...`, of `source` (by default
  -- the object holding the packet's own fields, `inner_of`).
  function p.info(obj, size, source)
    if source == nil then source = inner_of(obj) end
    local parts = { "len=" .. size }
    if not is_object(source) then return concat(parts, " ") end
    local entries = by_class[class_of(source)] or {}
    local width = #parts[1] + 1
    for k = 1, #entries do
      local e = entries[k]
      local id = e.id
      local counts = e.counts
      local skip = e.info_skip or (counts ~= nil and rawget(source, counts) ~= nil)
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

  -- The errors of the current top-level packet: the first max_errors_per_packet are shown,
  -- the rest counted by kind (and the bytes they drop) for one summary at its end.
  local errors = { shown = 0, more = 0, bytes = 0, kinds = {}, order = {}, tree = nil }

  local function add_expert(tree, tvb, kind, text, offset)
    local e = experts[kind] or experts.ParseError or experts.DecodeError
    local ok, len = pcall(function() return tvb and tvb:len() end)
    local range = offset and ok and len and offset >= 0 and offset < len and
      tvb(offset, 1) or nil
    if range then
      tree:add_tvb_expert_info(e, range, text)
    else
      tree:add_proto_expert_info(e, text)
    end
  end

  -- Expert info for an error object, at its offset in `tvb` when known. Returns whether
  -- it was shown (false: only counted, past max_errors_per_packet; a piece then adds no
  -- tree item of its own for the failure either).
  function p.add_error(tree, tvb, err)
    local kind = err.kind or "ParseError"
    if errors.shown >= limits.max_errors_per_packet then
      errors.more = errors.more + 1
      if type(err.dropped) == "number" then errors.bytes = errors.bytes + err.dropped end
      if errors.kinds[kind] == nil then
        errors.kinds[kind] = 0
        errors.order[#errors.order + 1] = kind
      end
      errors.kinds[kind] = errors.kinds[kind] + 1
      return false
    end
    errors.shown = errors.shown + 1
    if errors.tree == nil then errors.tree = tree end
    add_expert(tree, tvb, kind, kind .. ": " .. expert_text(err), err.offset)
    return true
  end

  -- A new top-level packet: nothing counted yet.
  local function new_errors()
    errors.shown, errors.more, errors.bytes, errors.tree = 0, 0, 0, nil
    errors.kinds, errors.order = {}, {}
  end

  -- The end of a top-level packet: the errors past max_errors_per_packet, in one item.
  local function finish_errors(tree)
    if errors.more == 0 then return end
    local parts = {}
    for _, kind in ipairs(errors.order) do
      parts[#parts + 1] = errors.kinds[kind] .. " " .. kind
    end
    local text = format("LimitExceededError: %d more errors (%s)%s not shown: at most %d " ..
      "a packet (max_errors_per_packet)", errors.more, concat(parts, ", "),
      errors.bytes > 0 and format(", covering %d bytes,", errors.bytes) or "",
      limits.max_errors_per_packet)
    if tree or errors.tree then
      add_expert(tree or errors.tree, nil, "LimitExceededError", text, nil)
    end
  end

  -- The columns of the packets of one frame: `a | b | c` in the order the packets come
  -- (a packet's slot is taken before the packets inside it are dissected). Text is only
  -- appended to the Info column (between the packets of a TCP segment Wireshark fences
  -- what is there), each part once the parts before it are known. At most
  -- M.MAX_COLUMN_PARTS packets of a frame get a part; past them one " | ..." says more
  -- followed (a frame of thousands of packets costs no more than that in its columns).
  local pass = { parts = {}, slot = 0, written = 0, more = 0 }

  local function new_pass(pinfo)
    if pinfo.private.wirestruct_pass == nil then
      pinfo.private.wirestruct_pass = "1"
      pass = { parts = {}, slot = 0, written = 0, more = 0 }
    end
  end

  local function reserve_column()
    if #pass.parts >= M.MAX_COLUMN_PARTS then
      pass.more = pass.more + 1
      return nil
    end
    pass.parts[#pass.parts + 1] = false
    return #pass.parts
  end

  local function set_column(pinfo, at, text)
    local parts = pass.parts
    pinfo.cols.protocol:set(config.short)
    if at ~= nil then parts[at] = text end
    while parts[pass.written + 1] do
      pass.written = pass.written + 1
      if pass.written == 1 then
        pinfo.cols.info:set(parts[1])
      else
        pinfo.cols.info:append(" | " .. parts[pass.written])
      end
    end
    if pass.more > 0 and pass.written == M.MAX_COLUMN_PARTS then
      pass.written = pass.written + 1   -- once
      pinfo.cols.info:append(" | \226\128\166")
    end
  end

  -- State across packets (see the header): one store for the whole capture, shared by
  -- every protocol of the plugin and bounded by max_kept_state; a packet's key is its
  -- frame and its place in the frame. The first pass runs `compute()` (-> value, size)
  -- and keeps what it returns; a later pass gets what was kept, or nil, "forgotten" when
  -- it was forgotten since (compute is never run again on a visited packet: the state it
  -- would start from has moved on).
  local store = rt:kept_store(limits.max_kept_state)
  local owner = config.proto
  function p.remember(pinfo, compute)
    pass.slot = pass.slot + 1
    local key = owner .. ":" .. tostring(pinfo.number) .. ":" .. pass.slot
    if not pinfo.visited then
      local value, size = compute()
      store:put(owner, key, value == nil and false or value, size or M.DEFAULT_KEPT_SIZE)
      return value
    end
    local value, found = store:get(key)
    if not found then return nil, "forgotten" end
    if value == false then return nil end
    return value
  end

  -- The value this packet's last p.remember kept grew by `bytes` since (filled in after
  -- compute returned it): the store counts them too.
  function p.kept_grew(pinfo, bytes)
    if pinfo.visited then return end
    store:grow(owner .. ":" .. tostring(pinfo.number) .. ":" .. pass.slot, bytes)
  end

  -- The expert note a piece shows for state p.remember forgot, instead of what it would
  -- have shown from it.
  function p.add_forgotten(tree, what)
    tree:add_proto_expert_info(forgotten_expert, (what or "The packet's state") ..
      " was forgotten: the state kept for random access is bounded by max_kept_state (" ..
      tostring(limits.max_kept_state) .. " bytes)")
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

  -- The connections a piece keeps state for, followed at once: at most 2 x max_flows
  -- directions (both directions of max_flows connections, as wirestruct's decoders keep
  -- streams), least recently used forgotten first. `p.follow(pinfo, key)` on the first
  -- pass marks direction `key` (p.direction_key) used now; each direction it forgets
  -- goes to piece.forget(p, key), and the packet gets a note saying how many (kept for
  -- later passes as other kept state is).
  local flows = { count = 0, nodes = {} }
  flows.head = {}
  flows.head.newer, flows.head.older = flows.head, flows.head
  local flows_dropped = 0
  function p.follow(pinfo, key)
    if pinfo.visited then return end
    local node = flows.nodes[key]
    local head = flows.head
    if node then
      node.newer.older, node.older.newer = node.older, node.newer
    else
      node = { key = key }
      flows.nodes[key] = node
      flows.count = flows.count + 1
    end
    node.newer, node.older = head, head.older
    head.older.newer = node
    head.older = node
    local most = 2 * math.max(1, limits.max_flows or 1)
    while flows.count > most do
      local old = head.newer    -- the least recently used
      old.newer.older, old.older.newer = old.older, old.newer
      flows.nodes[old.key] = nil
      flows.count = flows.count - 1
      flows_dropped = flows_dropped + 1
      if piece.forget then piece.forget(p, old.key) end
    end
  end

  -- The note of a top-level packet whose first pass forgot connections (p.follow).
  local function note_flows(pinfo, item)
    local n
    local key = owner .. ":flows:" .. tostring(pinfo.number)
    if not pinfo.visited then
      n = flows_dropped
      flows_dropped = 0
      if n > 0 then store:put(owner, key, n, 16) end
    else
      n = store:get(key)
    end
    if n and n > 0 and item then
      item:add_proto_expert_info(forgotten_expert, format("The state of %d connection " ..
        "direction%s was forgotten: at most %d are followed at once (2 x max_flows)", n,
        n == 1 and "" or "s", 2 * math.max(1, limits.max_flows or 1)))
    end
  end

  function proto.init()
    flows.nodes, flows.count, flows_dropped = {}, 0, 0
    flows.head.newer, flows.head.older = flows.head, flows.head
    store:clear(owner)
    pass = { parts = {}, slot = 0, written = 0, more = 0 }
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

  -- The Info column's mark of a packet the specs refuse, as Wireshark's own dissectors
  -- mark a malformed packet (the expert info says why).
  local MALFORMED = "[Malformed Packet]"

  -- An expert note for a packet whose id (the first enum field of its type) the spec's
  -- enum does not name: decoded, and named unknown_<n> as the command line names it.
  local function note_unknown(item, tvb, obj)
    for _, e in ipairs(by_class[class_of(obj)] or {}) do
      local value = not e.instance and rawget(obj, e.id) or nil
      if is_enum(value) then
        if value.label == nil then
          local text = format("Unknown %s %s: the spec names no such packet (unknown_%s)",
            (e.label or e.id):lower(), exact_text(value.value), exact_text(value.value))
          local off, len = span(obj, e.id)
          local range = range_of(tvb, off, len or 0)
          if range then
            item:add_tvb_expert_info(unknown_expert, range, text)
          else
            item:add_proto_expert_info(unknown_expert, text)
          end
        end
        return
      end
    end
  end

  -- The item a packet's fields go under: the protocol's item for a packet of its own, a
  -- subtree of the packet it is in for one inside another, so that a frame has one layer
  -- of the protocol (as `-z io,phs` and the GUI's hierarchy count them).
  -- Over TCP, the packets one call of the dissector frames (one TCP segment, or a
  -- reassembled run of them, may hold many) share one protocol item: the first packet's;
  -- the others are subtrees of it, so that a frame of many packets is still one layer.
  local open_items = {}
  local frame_item = nil
  function p.new_frame() frame_item = nil end
  local function packet_item(tree, tvb, depth)
    local parent = depth > 0 and open_items[depth - 1] or nil
    if depth == 0 and config.carrier == "tcp" then parent = frame_item end
    local item
    if parent then
      item = parent:add(nested_field, tvb())
      item:set_text(config.short .. " packet")
    else
      item = tree:add(proto, tvb())
      if config.carrier == "tcp" then frame_item = item end
    end
    open_items[depth] = item
    return item
  end

  -- the protocol as TreeItem.referenced takes it: its Dissector (found once registered)
  local own_dissector
  local function tree_wanted(tree)
    local ok, visible = pcall(function() return tree.visible end)
    if not ok or visible ~= false then return true end
    -- a filter, tap or column refers to a field of this protocol (a field primed by a
    -- display filter marks its protocol referenced too)
    if own_dissector == nil then
      local found, dissector = pcall(function() return Dissector.get(config.proto) end)
      own_dissector = found and dissector or false
    end
    local ok2, referenced = pcall(tree.referenced, tree, own_dissector or proto)
    return ok2 and referenced
  end
  p.tree_wanted = tree_wanted

  -- Parse the whole tvb as one packet and show it. `depth` counts the packets it is
  -- nested in (a packet inside another, for the piece's `after`).
  local function dissect_one(tvb, pinfo, tree, depth)
    depth = depth or 0
    new_pass(pinfo)
    local size = tvb:len()
    local item = packet_item(tree, tvb, depth)
    local column = reserve_column()
    local problem = piece.check and piece.check(p, tvb, pinfo)
    if problem then
      local name = problem.name or "?"
      item:append_text(", " .. name)
      item:add(name_field, name):set_generated()
      p.add_error(item, tvb, problem)
      set_column(pinfo, column, name .. " " .. MALFORMED)
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
      -- refused: the fields read before the error stay in the tree (as Wireshark's own
      -- dissectors leave them), the Info column says the packet is malformed
      local partial = type(obj) == "table" and obj.partial or nil
      local name = piece.name_of_bytes and piece.name_of_bytes(p, tvb) or
        (is_object(partial) and default_name(partial)) or "?"
      item:append_text(", " .. name)
      item:add(name_field, name):set_generated()
      if is_object(partial) and tree_wanted(tree) then
        pcall(add_object, item, tvb, partial, 0)
      end
      p.add_error(item, tvb, obj)
      set_column(pinfo, column, name .. " " .. MALFORMED)
      return size
    end
    local name = piece.name_of and piece.name_of(p, obj) or default_name(obj)
    item:append_text(", " .. name)
    item:add(name_field, name):set_generated()
    note_unknown(item, tvb, obj)
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
    local info, exp
    if piece.after then
      local done, result = pcall(piece.after, p, obj, tvb, pinfo, tree, item, depth)
      if done then
        -- the piece's expansions (values the summary reads), or its own Info text
        if type(result) == "table" then exp = result else info = result end
      else
        p.add_error(item, tvb, type(result) == "table" and result or
          { kind = "ParseError", message = "expanding the packet failed: " .. tostring(result) })
      end
    end
    -- strings not valid in their encoding: kept as text with U+FFFD, one ParseError each
    -- after the packet, as wirestruct's decoder reports them (string_decode's notes)
    local notes = strings.take_notes()
    if notes then
      for k = 1, #notes do p.add_error(item, tvb, notes[k]) end
    end
    info = info or p.summary(name, obj, exp) or
      p.info(obj, size, exp and is_object(exp.body) and exp.body or nil)
    set_column(pinfo, column, printable(name .. " " .. cut(info, M.INFO_WIDTH)))
    return size
  end

  -- The note of a top-level packet whose tree stopped at M.MAX_TREE_ITEMS fields.
  local function note_not_shown(item, top)
    if item == nil then return end
    local where = ""
    local source, at = shown.cut_source, shown.cut_at
    if source ~= nil and at ~= nil then
      local ok, total = pcall(function() return source:len() end)
      if ok then
        where = format("; those from byte %d of %d (of %s) on are left out", at, total,
          rawequal(source, top) and "this packet" or "the packet inside it")
      end
    end
    item:add_proto_expert_info(not_shown_expert, format("Fields not shown: a packet's tree " ..
      "shows at most %d fields%s (decoding, errors and Info cover all of it)",
      M.MAX_TREE_ITEMS, where))
  end

  -- A top-level packet (depth 0, not inside another of this protocol's packets): every
  -- parse of it and of the packets inside it draws from one object budget (rt's
  -- begin_packet: its bytes, widened by what is decompressed for it), and its errors are
  -- counted together (p.add_error), those past max_errors_per_packet summarised at its end.
  local in_packet = false
  function p.dissect_packet(tvb, pinfo, tree, depth)
    if in_packet or (depth or 0) > 0 then return dissect_one(tvb, pinfo, tree, depth) end
    in_packet = true
    new_errors()
    shown.items, shown.cut, shown.cut_source, shown.cut_at = 0, false, nil, nil
    strings.take_notes()        -- notes of parses outside any packet are not this one's
    rt:begin_packet(tvb:len())
    -- without a tree to show, the parses record no field ranges (only a failure's are)
    local ranges = rt:set_ranges(tree_wanted(tree))
    local ok, result = pcall(dissect_one, tvb, pinfo, tree, depth)
    rt:set_ranges(ranges)
    rt:end_packet()
    pcall(note_flows, pinfo, open_items[0])
    if shown.cut then pcall(note_not_shown, open_items[0], tvb) end
    in_packet = false
    -- A packet that built many objects leaves them all as garbage once it is shown; they
    -- are collected now, before the next packet builds its own (Lua would wait until its
    -- heap doubled, and big packets in a row would pile up).
    local budget = rt.loaded["class"]
    budget = type(budget) == "table" and budget.budget
    if budget and budget.limit - budget.left > M.COLLECT_AFTER_OBJECTS then
      collectgarbage("collect")
    end
    local done, problem = pcall(finish_errors, nil)
    if not ok then error(result, 0) end
    if not done then error(problem, 0) end
    return result
  end

  M.register(p, piece, config)
  return p
end

-- One way in by port: dissector table `table_name` ("tcp.port", "udp.port", "ws.port"),
-- the protocol's default ports in it, Decode As where the table offers it, and the
-- preference `pref` (a port, 0: none) that M.register's prefs_changed applies. Nil when
-- this Wireshark has no such table.
local function by_port(proto, table_name, pref, label, ports, short, decode_as)
  local ok, dt = pcall(DissectorTable.get, table_name)
  if not ok or dt == nil then return nil end
  proto.prefs[pref] = Pref.uint(label, 0, "A " .. label .. " to decode as " .. short ..
    " (0: none)")
  for _, port in ipairs(ports or {}) do dt:add(port, proto) end
  -- listed in Decode As (and tshark's -d) for this table; older Wireshark: ports only
  if decode_as then pcall(function() dt:add_for_decode_as(proto) end) end
  return { table = dt, pref = pref, port = 0 }
end
M.by_port = by_port

-- Hook the dissector to the ways packets reach it: exported PDUs (by the protocol's name,
-- as every Lua protocol is registered); a stream protocol (carrier "tcp") on TCP,
-- reassembled and framed by the piece's pdu_length, on its default ports, the `tcp_port`
-- preference and Decode As; a message protocol on UDP (a datagram is one message) and in
-- WebSocket messages (a message is one message) by the `udp_port` and `ws_port`
-- preferences and Decode As on UDP (WebSocket 4.0 has no Decode As); and heuristic tables.
function M.register(p, piece, config)
  local proto = p.proto
  local dissect = function(tvb, pinfo, tree) return p.dissect_packet(tvb, pinfo, tree) end
  local ways = {}
  if config.carrier == "tcp" then
    local function pdu_length(tvb, pinfo, offset)
      return piece.pdu_length(p, tvb, pinfo, offset)
    end
    dissect = function(tvb, pinfo, tree)
      p.new_frame()
      dissect_tcp_pdus(tvb, tree, config.header_size, pdu_length, p.dissect_packet)
      return tvb:len()
    end
  end
  -- before the tables: Wireshark adds no protocol without a dissector to one
  proto.dissector = dissect
  if config.carrier == "tcp" then
    ways[#ways + 1] = by_port(proto, "tcp.port", "tcp_port", "TCP port", config.ports,
      config.short, true)
  else
    ways[#ways + 1] = by_port(proto, "udp.port", "udp_port", "UDP port", config.ports,
      config.short, true)
    ways[#ways + 1] = by_port(proto, "ws.port", "ws_port", "WebSocket server TCP port", nil,
      config.short)
  end
  function proto.prefs_changed()
    for _, way in ipairs(ways) do
      if way.port ~= 0 then way.table:remove(way.port, proto) end
      way.port = proto.prefs[way.pref] or 0
      if way.port ~= 0 then way.table:add(way.port, proto) end
    end
  end
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
