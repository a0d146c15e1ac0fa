-- wirestruct's Wireshark dissectors: the part every protocol shares (Wireshark 4.0+,
-- Lua 5.2-5.4).
--
--   local dissector = rt:require("dissector")
--   local p = dissector.protocol(rt, piece, fields)
--
-- `fields` is the table wirestruct.wireshark.fields generates from the specs (one
-- ProtoField per field of every type, filterable by name: `mme.move_player.x > 10`),
-- `piece` the protocol's own part (wirestruct.wireshark.protocols.<name>): `proto`,
-- `title`, `short` (the Protocol column), `root_spec` (a spec id, or a function of pinfo:
-- diep.io picks by direction), `name_of(obj)` and `name_of_bytes(tvb)`, optionally
-- `check(tvb, pinfo)` (an error before the spec runs), `whole` (bytes the spec leaves
-- unread are an error), `value_classes` (wrapper types the Info column shows as their
-- `value`), `after(p, obj, tvb, pinfo, tree, item, depth)` (expansions: a decompressed
-- packet dissected from a tvb of its own), and `register(p)`, which hooks
-- `p.dissect_packet` to the transport (a TCP port and heuristic, a WebSocket payload,
-- an exported PDU).
--
-- `p.dissect_packet(tvb, pinfo, tree)` parses the whole tvb with the root spec and adds
-- the protocol's item with every field at its byte range (the ranges the runtime records
-- as the Python `tree` format has them), enum values with their names, instances as
-- generated items; the Protocol and Info columns; and, for input the specs refuse,
-- expert info of the kind wirestruct's error events have (ParseError, DecodeError,
-- DecompressionError, LimitExceededError), at the offset where parsing stopped. A
-- packet never raises a Lua error into Wireshark.
local wirestruct_api = require("wirestruct")

local M = {}

local FTYPES = {
  uint8 = "UINT8", uint16 = "UINT16", uint32 = "UINT32", uint64 = "UINT64",
  int8 = "INT8", int16 = "INT16", int32 = "INT32", int64 = "INT64",
  bool = "BOOLEAN", float = "FLOAT", double = "DOUBLE", string = "STRING",
  bytes = "BYTES", none = "NONE",
}
local INTEGER = { uint8 = true, uint16 = true, uint32 = true, uint64 = true,
  int8 = true, int16 = true, int32 = true, int64 = true }

M.ERROR_KINDS = { "ParseError", "DecodeError", "DecompressionError", "LimitExceededError" }
M.MAX_DEPTH = 64
M.INFO_WIDTH = 100

local function snake(kind)
  return (kind:gsub("(%l)(%u)", "%1_%2"):lower())
end

local function index(obj, name) return obj[name] end

-- Text of a value for the Info column, as `wirestruct decode --format summary` writes
-- it (tools/formats.py `_short`); nil for what it leaves out.
local function cut(text, width)
  if #text <= width then return text end
  return text:sub(1, width - 1) .. "\226\128\166"
end

local function json_quote(text)
  return '"' .. text:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\"
    elseif c == "\n" then return "\\n" elseif c == "\t" then return "\\t"
    elseif c == "\r" then return "\\r" end
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

local function number_text(value)
  if math.type and math.type(value) == "integer" then return string.format("%d", value) end
  if value == math.floor(value) and value > -2^53 and value < 2^53 and not math.type then
    return string.format("%d", value)
  end
  return string.format("%g", value)
end

-- A value as text, numbers exactly (integers in digits, floats to 17 digits).
local function exact_text(value)
  if type(value) ~= "number" then return tostring(value) end
  if value ~= value or value == math.huge or value == -math.huge then return tostring(value) end
  if (math.type and math.type(value) == "integer") or
      (not math.type and value == math.floor(value) and value > -2^53 and value < 2^53) then
    return string.format("%d", value)
  end
  return string.format("%.17g", value)
end

function M.protocol(rt, piece, fields)
  local p = { piece = piece, rt = rt }
  local proto = Proto(piece.proto, piece.title)
  p.proto = proto
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
      entries[#entries + 1] = { id = f.id, pf = pf, ftype = f.ftype, instance = f.instance,
        param = f.param, enum = f.enum }
    end
    by_class[class_name] = entries
  end
  -- a value whose Lua type does not fit its field's type is shown as text in this one
  local text_field = ProtoField.new("value", piece.proto .. ".wirestruct_value", ftypes.STRING,
    nil, base.NONE, nil, "A value shown as text")
  list[#list + 1] = text_field
  proto.fields = list
  local experts = {}
  local expert_list = {}
  for _, kind in ipairs(M.ERROR_KINDS) do
    experts[kind] = ProtoExpert.new(piece.proto .. "." .. snake(kind), kind,
      expert.group.MALFORMED, expert.severity.ERROR)
    expert_list[#expert_list + 1] = experts[kind]
  end
  proto.experts = expert_list
  p.experts = experts

  local names -- class table -> dotted class name, once every spec is loaded

  local function range_of(tvb, off, len)
    if off == nil or off < 0 or len < 0 then return nil end
    local size = tvb:len()
    if off + len > size then return nil end
    return tvb(off, len)
  end

  local FITS = {
    number = { uint8 = true, uint16 = true, uint32 = true, uint64 = true, int8 = true,
      int16 = true, int32 = true, int64 = true, float = true, double = true },
    boolean = { bool = true },
    string = { string = true, bytes = true },
    userdata = { uint64 = true, int64 = true },
  }

  local function add(tree, entry, range, value)
    if value == nil or not FITS[type(value)][entry.ftype] then
      local text = exact_text(value)
      local item = range and tree:add(text_field, range, text) or tree:add(text_field, text)
      item:set_text(entry.id .. ": " .. text)
      return item
    end
    if range then return tree:add(entry.pf, range, value) end
    return tree:add(entry.pf, value)
  end

  local add_object

  local function add_value(tree, tvb, entry, value, off, len, depth)
    local range = range_of(tvb, off, len)
    local t = type(value)
    if wirestruct_api.is_object(value) then
      local item = range and tree:add(entry.pf, range) or tree:add(entry.pf)
      add_object(item, tvb, value, depth + 1)
      return item
    elseif wirestruct_api.is_enum(value) then
      local item = add(tree, entry, range, value.value)
      return item
    elseif t == "string" then
      if entry.ftype == "bytes" and range and #value ~= len then
        -- Bytes shorter than their range (a terminator or padding the spec strips): the
        -- range stays the field's, the text shows the value. (A value must never be
        -- shorter than its range here: Wireshark would read past it.)
        local item = tree:add(entry.pf, range)
        item:set_text(entry.id .. ": " .. (value:gsub(".", function(c)
          return string.format("%02x", c:byte()) end)))
        return item
      end
      if entry.ftype == "string" or entry.ftype == "bytes" then
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
    elseif t == "table" then
      local item = range and tree:add(entry.pf, range) or tree:add(entry.pf)
      item:append_text(": [" .. #value .. "]")
      return item
    end
  end

  add_object = function(tree, tvb, obj, depth)
    if depth > M.MAX_DEPTH then return end
    names = rt:names()
    local entries = by_class[names[getmetatable(obj)] or ""]
    if entries == nil then return end
    local here = obj._ws_pos and obj._io and (obj._io._base + obj._ws_pos) or nil
    for _, entry in ipairs(entries) do
      if not entry.instance then
        local value = rawget(obj, entry.id)
        if value ~= nil then
          local items = obj._ws_items[entry.id]
          if type(value) == "table" and not wirestruct_api.is_object(value)
              and not wirestruct_api.is_enum(value) then
            for i = 1, #value do
              add_value(tree, tvb, entry, value[i], items and items[2 * i - 1],
                items and items[2 * i], depth)
            end
          else
            add_value(tree, tvb, entry, value, obj._ws_off[entry.id], obj._ws_len[entry.id], depth)
          end
        end
      else
        local ok, value
        if entry.param then
          ok, value = true, rawget(obj, entry.id)
        else
          ok, value = pcall(index, obj, entry.id)
        end
        if ok and value ~= nil then
          if type(value) == "table" and not wirestruct_api.is_object(value)
              and not wirestruct_api.is_enum(value) then
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

  -- The Info column's text for a parsed packet (`wirestruct decode --format summary`).
  local function short(entry, value)
    local t = type(value)
    if wirestruct_api.is_enum(value) then
      return value.label and json_quote(value.label) or number_text(value.value)
    elseif t == "string" then
      if entry.ftype == "bytes" or entry.ftype == "none" then return "<" .. #value .. " bytes>" end
      return json_quote(cut(value, 24))
    elseif t == "boolean" then
      return tostring(value)
    elseif t == "number" then
      return number_text(value)
    elseif wirestruct_api.is_object(value) then
      local class_name = names[getmetatable(value)] or ""
      if piece.value_classes and piece.value_classes[class_name] then
        local ok, inner = pcall(index, value, "value")
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
      return "(" .. table.concat(parts, ", ") .. ")"
    elseif t == "table" then
      return "[" .. #value .. "]"
    end
    return nil
  end

  function p.info(obj, size)
    names = rt:names()
    -- the packet's body when it is a parsed object, else the packet itself
    local source = obj
    local body = rawget(obj, "body")
    if wirestruct_api.is_object(body) then source = body end
    local parts = { "len=" .. size }
    if not wirestruct_api.is_object(source) then return table.concat(parts, " ") end
    local entries = by_class[names[getmetatable(source)] or ""] or {}
    local present = {}
    for _, e in ipairs(entries) do
      if not e.instance and rawget(source, e.id) ~= nil then present[e.id] = true end
    end
    local width = 0
    for _, e in ipairs(entries) do
      local id = e.id
      local skip = id == "packet_id" or id == "packet_type" or id == "body" or
        ((id:sub(1, 4) == "num_" or id:sub(1, 4) == "len_") and present[id:sub(5)])
      if not skip then
        local value
        if e.instance then
          local ok, v = pcall(index, source, id)
          value = ok and v or nil
        else
          value = rawget(source, id)
        end
        local shown = value ~= nil and short(e, value) or nil
        if shown ~= nil then parts[#parts + 1] = id .. "=" .. shown end
        width = 0
        for _, part in ipairs(parts) do width = width + #part + 1 end
        if width > M.INFO_WIDTH then break end
      end
    end
    return table.concat(parts, " ")
  end

  local function expert_text(err)
    local text = err.message or "?"
    if err.expected then text = text .. " (expected " .. err.expected .. ")" end
    if err.field_path then text = text .. " at " .. err.field_path end
    return text
  end

  -- Expert info for an error object, at its offset when known.
  function p.add_error(tree, tvb, err)
    local e = experts[err.kind] or experts.ParseError
    local range = err.offset and range_of(tvb, err.offset, math.min(1, tvb:len() - err.offset))
    local text = err.kind .. ": " .. expert_text(err)
    if range then
      tree:add_tvb_expert_info(e, range, text)
    else
      tree:add_proto_expert_info(e, text)
    end
  end

  local function set_columns(pinfo, text)
    pinfo.cols.protocol:set(piece.short or string.upper(piece.proto))
    local info = tostring(pinfo.cols.info)
    if pinfo.private.wirestruct_pdus == nil or info == "" then
      pinfo.private.wirestruct_pdus = "1"
      pinfo.cols.info:set(text)
    else
      pinfo.cols.info:append(" | " .. text)
    end
  end
  p.set_columns = set_columns

  -- Parse the whole tvb as one packet and show it. `depth` counts the packets it is
  -- nested in (a decompressed packet inside another, for the piece's `after`).
  function p.dissect_packet(tvb, pinfo, tree, depth)
    depth = depth or 0
    local size = tvb:len()
    local item = tree:add(proto, tvb())
    local problem = piece.check and piece.check(tvb, pinfo)
    if problem then
      item:append_text(", " .. (problem.name or "?"))
      p.add_error(item, tvb, problem)
      set_columns(pinfo, (problem.name or "?") .. " [" .. problem.kind .. "]")
      return size
    end
    local spec = piece.root_spec
    if type(spec) == "function" then spec = spec(pinfo) end
    local ok, obj = rt:parse(spec, tvb)
    if ok and piece.whole and obj._io._pos ~= size then
      -- bytes the spec leaves unread are an error, as wirestruct's check_consumed has it
      ok, obj = false, { kind = "ParseError", offset = obj._io._pos,
        message = tostring(size - obj._io._pos) .. " bytes left over after the structure",
        expected = "exactly " .. tostring(obj._io._pos) .. " bytes" }
    end
    if not ok then
      local name = piece.name_of_bytes and piece.name_of_bytes(tvb) or "?"
      item:append_text(", " .. name)
      p.add_error(item, tvb, obj)
      set_columns(pinfo, name .. " [" .. obj.kind .. ": " .. (obj.message or "") .. "]")
      return size
    end
    local name = piece.name_of(obj)
    item:append_text(", " .. name)
    -- Without a tree to show (tshark's packet list, the GUI's first pass) the fields are
    -- not added: columns and expert info are all that is seen.
    local seen, visible = pcall(function() return tree.visible end)
    local shown, err = true, nil
    if not seen or visible ~= false then
      shown, err = pcall(add_object, item, tvb, obj, 0)
    end
    if not shown then
      p.add_error(item, tvb, { kind = "ParseError", message = "showing the packet failed: " ..
        tostring(err) })
    end
    set_columns(pinfo, name .. " " .. p.info(obj, size))
    if piece.after then piece.after(p, obj, tvb, pinfo, tree, item, depth) end
    return size
  end

  piece.register(p)
  return p
end

return M
