-- A stand-in for the part of Wireshark's Lua API wirestruct's dissectors use, so that the
-- plugin runs under a standalone Lua 5.2, 5.3 or 5.4 (Wireshark 4.4 and later embed 5.4):
-- tests/wireshark run the real plugin (entry script, runtime, generated parsers, protocol
-- pieces) on every packet and compare what it adds with the Python parse, as they do with
-- tshark 4.0's output. It follows Wireshark's documented API (wslua): Proto, ProtoField,
-- ProtoExpert, Pref, DissectorTable, Field, ByteArray, Tvb, TvbRange, TreeItem, Pinfo and
-- dissect_tcp_pdus, with the checks Wireshark makes where the dissectors could trip on
-- them (a range past the end of its Tvb, a 64-bit field given a plain number, adding to a
-- TreeItem with a bad self).
--
--   local api = dofile("wireshark_api.lua")
--   api.install()                   -- the globals
--   dofile(PLUGIN .. "/wirestruct.lua")
--   local frame = api.frame(number, bytes, {p2p_dir = 1, src = ..., ...})
--   api.protos[name].dissector(frame.tvb, frame.pinfo, frame.tree)
--   api.pdml(frame)                 -- the tree as tshark's PDML writes it
local M = { protos = {}, heuristics = {}, tables = {}, sources = {} }

local format, concat = string.format, table.concat

local function class(name)
  local c = { __typeof = name }
  c.__index = c
  return c
end

local function hex(s)
  return (s:gsub(".", function(ch) return format("%02x", ch:byte()) end))
end

-- Int64 / UInt64: Wireshark's 64-bit integers (values as Lua integers or doubles)
local function int64_class(name, signed)
  local c = class(name)
  c.__tostring = function(v) return format("%.0f", v.v) end
  if math.type then
    c.__tostring = function(v)
      if math.type(v.v) == "integer" then
        if not signed and v.v < 0 then return format("%.0f", v.v + 2.0 ^ 64) end
        return format("%d", v.v)
      end
      return format("%.0f", v.v)
    end
  end
  c.new = function(value, high)
    if high ~= nil then value = high * 4294967296 + value end
    if type(value) ~= "number" then error(name .. ".new: a number expected", 2) end
    return setmetatable({ v = value }, c)
  end
  setmetatable(c, { __call = function(_, ...) return c.new(...) end })
  return c
end

-- ProtoField ---------------------------------------------------------------------------
local ProtoFieldClass = class("ProtoField")

local function protofield(name, abbr, ftype, valuestring, fbase, mask, desc)
  if type(abbr) ~= "string" or not abbr:match("^[%w_%.%-]+$") then
    error("ProtoField: bad abbreviation " .. tostring(abbr), 3)
  end
  return setmetatable({ name = name, abbr = abbr, ftype = ftype, valuestring = valuestring,
    base = fbase, desc = desc }, ProtoFieldClass)
end

local function typed(ftype)
  return function(abbr, name, a, b, c, d)
    if ftype == "NONE" then return protofield(name, abbr, ftype, nil, nil, nil, a) end
    if ftype == "STRING" or ftype == "BYTES" then
      return protofield(name, abbr, ftype, nil, a, nil, b)
    end
    return protofield(name, abbr, ftype, b, a, c, d)
  end
end

-- Tvb and TvbRange ---------------------------------------------------------------------
local Tvb = class("Tvb")
local TvbRange = class("TvbRange")

function M.tvb(data, source)
  return setmetatable({ data = data, source = source or "Frame", base = 0 }, Tvb)
end

function Tvb:len() return #self.data end
function Tvb:reported_len() return #self.data end
function Tvb:raw(offset, len)
  offset = offset or 0
  len = len or (#self.data - offset)
  return self.data:sub(offset + 1, offset + len)
end
function Tvb:range(offset, len)
  offset = offset or 0
  if len == nil or len == -1 then len = #self.data - offset end
  if offset < 0 or len < 0 or offset + len > #self.data then
    error(format("Range is out of bounds (offset %d, length %d, tvb %d)", offset, len,
      #self.data), 2)
  end
  return setmetatable({ src = self, off = offset, length = len }, TvbRange)
end
Tvb.__call = Tvb.range

function TvbRange:raw() return self.src.data:sub(self.off + 1, self.off + self.length) end
function TvbRange:offset() return self.off end
function TvbRange:len() return self.length end
function TvbRange:bytes() return M.bytearray(self:raw()) end
function TvbRange:uint()
  local v = 0
  for i = 1, self.length do v = v * 256 + self:raw():byte(i) end
  return v
end
function TvbRange:le_uint()
  local v, s = 0, self:raw()
  for i = self.length, 1, -1 do v = v * 256 + s:byte(i) end
  return v
end
-- a Tvb of the range's bytes, in the range's data source (a subset Tvb)
function TvbRange:tvb()
  return setmetatable({ data = self:raw(), source = self.src.source,
    base = self.src.base + self.off }, Tvb)
end

-- ByteArray --------------------------------------------------------------------------------
local ByteArrayClass = class("ByteArray")
function M.bytearray(data) return setmetatable({ data = data }, ByteArrayClass) end
function ByteArrayClass:len() return #self.data end
function ByteArrayClass:raw() return self.data end
function ByteArrayClass:tvb(name)
  local tvb = M.tvb(self.data, name or "Unnamed")
  M.current.sources[#M.current.sources + 1] = tvb
  return tvb
end

-- TreeItem -----------------------------------------------------------------------------------
local TreeItem = class("TreeItem")

local function new_item(parent, fields)
  fields.children = {}
  fields.parent = parent
  local item = setmetatable(fields, TreeItem)
  if parent then parent.children[#parent.children + 1] = item end
  return item
end

local function value_text(pf, value)
  if value == nil then return nil end
  if getmetatable(value) and getmetatable(value).__tostring then return tostring(value) end
  if type(value) == "boolean" then return value and "1" or "0" end
  if type(value) == "number" then
    if math.type and math.type(value) == "integer" then return format("%d", value) end
    if value == math.floor(value) and math.abs(value) < 2 ^ 63 then return format("%.0f", value) end
    return format("%.17g", value)
  end
  return tostring(value)
end

local WIDE = { INT64 = true, UINT64 = true }
local NUMERIC = { UINT8 = true, UINT16 = true, UINT32 = true, INT8 = true, INT16 = true,
  INT32 = true, FLOAT = true, DOUBLE = true }

function TreeItem.add(self, what, range, value, ...)
  if getmetatable(self) ~= TreeItem then error("calling 'add' on bad self", 2) end
  if range ~= nil and getmetatable(range) ~= TvbRange then
    value, range = range, nil
  end
  local item = { range = range, generated = false }
  if getmetatable(what) == ProtoFieldClass then
    item.field = what
    if value ~= nil then
      if WIDE[what.ftype] then
        local mt = getmetatable(value)
        if mt ~= M.Int64 and mt ~= M.UInt64 then
          error("calling 'add' on bad self (userdata expected, got " .. type(value) .. ")", 2)
        end
      elseif NUMERIC[what.ftype] and type(value) ~= "number" then
        error("bad argument to 'add' (number expected, got " .. type(value) .. ")", 2)
      elseif what.ftype == "BOOLEAN" and type(value) ~= "boolean" then
        error("bad argument to 'add' (boolean expected)", 2)
      end
      item.value = value
    elseif range ~= nil then
      item.from_range = true
    end
  elseif what and what.is_proto then
    item.proto = what
  else
    error("TreeItem:add: a ProtoField or Proto expected", 2)
  end
  return new_item(self, item)
end

function TreeItem:set_generated() self.generated = true return self end
function TreeItem:set_text(text) self.text = text return self end
function TreeItem:append_text(text) self.appended = (self.appended or "") .. text return self end
function TreeItem:referenced() return false end
function TreeItem:add_proto_expert_info(expert_, text)
  self.experts = self.experts or {}
  self.experts[#self.experts + 1] = { expert = expert_, text = text }
  M.current.experts[#M.current.experts + 1] = text
end
function TreeItem:add_tvb_expert_info(expert_, range, text)
  if getmetatable(range) ~= TvbRange then error("add_tvb_expert_info: a TvbRange expected", 2) end
  self:add_proto_expert_info(expert_, text)
end
TreeItem.__index = function(item, key)
  if key == "visible" then return M.visible end
  return TreeItem[key]
end

-- Proto ----------------------------------------------------------------------------------------
local function proto_new(name, desc)
  local proto = { is_proto = true, name = name, description = desc, prefs = {},
    dissector = nil }
  M.protos[name] = proto
  function proto.register_heuristic(self, table_name, fn)
    M.heuristics[table_name] = M.heuristics[table_name] or {}
    M.heuristics[table_name][#M.heuristics[table_name] + 1] = { proto = self, fn = fn }
  end
  return proto
end

-- Columns and Pinfo ----------------------------------------------------------------------------
local Column = class("Column")
function Column:set(text) self.text = self.fence .. text end
function Column:append(text) self.text = self.text .. text end
function Column:fence_here() self.fence = self.text end
Column.__tostring = function(c) return c.text end

function M.frame(number, data, opts)
  opts = opts or {}
  local frame = { number = number, sources = {}, experts = {} }
  M.current = frame
  local tvb = M.tvb(data, "Frame")
  frame.sources[1] = tvb
  frame.tvb = tvb
  frame.cols = { protocol = setmetatable({ text = "", fence = "" }, Column),
    info = setmetatable({ text = "", fence = "" }, Column) }
  frame.pinfo = { number = number, visited = opts.visited or false,
    p2p_dir = opts.p2p_dir or -1, src = opts.src or "127.0.0.1",
    dst = opts.dst or "127.0.0.1", src_port = opts.src_port or 0,
    dst_port = opts.dst_port or 0, cols = frame.cols, private = {} }
  frame.tree = new_item(nil, { root = true })
  return frame
end

-- TCP: the frame's bytes hold whole PDUs (tests hand over framed packets).
local function tcp_pdus(tvb, tree, header, len_fn, dissect)
  local offset = 0
  local first = true
  while offset + header <= tvb:len() do
    local len = len_fn(tvb, M.current.pinfo, offset)
    if offset + len > tvb:len() then break end
    if not first then M.current.cols.info:fence_here() end
    first = false
    dissect(tvb:range(offset, len):tvb(), M.current.pinfo, tree)
    offset = offset + len
  end
end

function M.install()
  M.Int64 = int64_class("Int64", true)
  M.UInt64 = int64_class("UInt64", false)
  Int64, UInt64 = M.Int64, M.UInt64
  Proto = setmetatable({ new = proto_new }, { __call = function(_, ...) return proto_new(...) end })
  ProtoField = { new = function(name, abbr, ftype, vs, b, mask, desc)
    return protofield(name, abbr, ftype, vs, b, mask, desc) end,
    none = typed("NONE"), bytes = typed("BYTES"), string = typed("STRING"),
    uint8 = typed("UINT8"), uint16 = typed("UINT16"), uint32 = typed("UINT32"),
    uint64 = typed("UINT64"), int32 = typed("INT32"), int64 = typed("INT64"),
    bool = typed("BOOLEAN"), double = typed("DOUBLE") }
  ftypes = {}
  for _, t in ipairs({ "UINT8", "UINT16", "UINT32", "UINT64", "INT8", "INT16", "INT32",
      "INT64", "BOOLEAN", "FLOAT", "DOUBLE", "STRING", "BYTES", "NONE" }) do
    ftypes[t] = t
  end
  base = { DEC = "DEC", HEX = "HEX", NONE = "NONE", ASCII = "ASCII" }
  expert = { group = { MALFORMED = "malformed", UNDECODED = "undecoded",
    PROTOCOL = "protocol", SEQUENCE = "sequence" },
    severity = { ERROR = "error", WARN = "warn", NOTE = "note", CHAT = "chat" } }
  ProtoExpert = { new = function(abbr, text, group, severity)
    if group == nil or severity == nil then error("ProtoExpert.new: no group or severity", 2) end
    return { abbr = abbr, text = text, group = group, severity = severity } end }
  Pref = { uint = function(label, default, desc) return default end }
  DissectorTable = { get = function(name)
    local t = M.tables[name] or { entries = {} }
    M.tables[name] = t
    function t.add(self, key, proto) self.entries[key] = proto end
    function t.remove(self, key) self.entries[key] = nil end
    -- Decode As: the protocols a user may pick for this table (Wireshark 4.0 has it on
    -- tcp.port and udp.port, not on ws.port)
    t.decode_as = t.decode_as or {}
    function t.add_for_decode_as(self, proto)
      if name == "ws.port" then error("ws.port: Decode As not supported", 2) end
      self.decode_as[proto.name] = proto
    end
    return t
  end }
  Field = { new = function(name) return function() return nil end end }
  ByteArray = { new = function(data, raw)
    if raw ~= true then error("ByteArray.new: only raw bytes here", 2) end
    return M.bytearray(data)
  end }
  dissect_tcp_pdus = tcp_pdus
  typeof = function(obj)
    local mt = getmetatable(obj)
    return mt and mt.__typeof or type(obj)
  end
  report_failure = function(text) error(text, 0) end
end

-- The tree as tshark's PDML writes it: fields with name, showname, show, value, size and
-- pos (PDML gives a field that starts before its parent in another data source the
-- parent's start plus its own).
local function xml(text)
  return (tostring(text):gsub('[&<>"]', { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
    ['"'] = "&quot;" }):gsub("[%z\1-\8\11\12\14-\31]", function(c)
      return format("\\x%02x", c:byte()) end))
end

local function start_of(item)
  if item.range then return item.range.src.base + item.range.off end
  return 0
end

-- Text as Wireshark shows a string field: C0 controls escaped.
local ESCAPES = { ["\a"] = "\\a", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n",
  ["\r"] = "\\r", ["\t"] = "\\t", ["\v"] = "\\v" }
local function shown(text)
  return (text:gsub("[%z\1-\31\127]", function(c)
    return ESCAPES[c] or format("\\x%02x", c:byte()) end))
end

local UNSIGNED = { UINT8 = true, UINT16 = true, UINT32 = true }

local function show_of(item)
  local pf = item.field
  local v = item.value
  if v == nil and item.from_range then
    local raw = item.range:raw()
    if UNSIGNED[pf.ftype] then return tostring(item.range:uint()), hex(raw) end
    if pf.ftype == "STRING" then return shown(raw), hex(raw) end
    return (pf.ftype == "BYTES" and hex(raw) or ""), hex(raw)
  end
  if v == nil then return "", nil end
  local text = value_text(pf, v)
  if pf.ftype == "STRING" then return shown(text), nil end
  if pf.ftype == "BYTES" then return hex(v), hex(v) end
  if pf.ftype == "BOOLEAN" then text = v and "1" or "0" end
  if pf.valuestring and type(v) == "number" and pf.valuestring[v] then
    return text, nil, pf.valuestring[v] .. " (" .. text .. ")"
  end
  return text, nil
end

local function write(item, parent_start, out, depth)
  local pad = string.rep("  ", depth)
  local start = start_of(item)
  local pos = start
  if parent_start and start < parent_start then pos = parent_start + start end
  local size = item.range and item.range.length or 0
  if item.proto then
    local name = item.proto.name
    local shown = item.proto.description .. (item.appended or "")
    out[#out + 1] = format('%s<proto name="%s" showname="%s" size="%d" pos="%d">', pad, name,
      xml(shown), size, pos)
  else
    local pf = item.field
    local show, value, label = show_of(item)
    local showname = item.text or ((pf.name or pf.abbr) .. ": " .. (label or show or "") ..
      (item.appended or ""))
    if item.text and item.appended then showname = item.text .. item.appended end
    if item.generated then showname = "[" .. showname .. "]" end
    out[#out + 1] = format('%s<field name="%s" showname="%s" size="%d" pos="%d" show="%s"%s>',
      pad, pf.abbr, xml(showname), size, pos, xml(show or ""),
      value and format(' value="%s"', value) or "")
  end
  for _, child in ipairs(item.children) do write(child, start, out, depth + 1) end
  out[#out + 1] = pad .. (item.proto and "</proto>" or "</field>")
end

function M.pdml(frame)
  local out = { format('<packet number="%d">', frame.number) }
  for _, item in ipairs(frame.tree.children) do write(item, nil, out, 1) end
  out[#out + 1] = "</packet>"
  return concat(out, "\n")
end

return M
