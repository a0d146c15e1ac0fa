-- wirestruct's Lua runtime: loading the generated parsers and running them on packets.
--
--   local wirestruct = dofile(RUNTIME_DIR .. "/wirestruct.lua")
--   local rt = wirestruct.new({RUNTIME_DIR, GENERATED_DIR .. "/mme", ...})
--   local ok, packet = rt:parse("mme_packet", bytes_or_tvb)
--   -- ok: packet is the parsed object; not ok: packet is an error object
--   local off, len = wirestruct.field_span(packet, "len_payload")
--
-- Every runtime instance loads modules into an environment of its own (globals such as
-- `KaitaiStream` and the generated classes live there, reads of other globals go to
-- _G), with a `require` that looks in the given directories in order: the generated code
-- requires the Kaitai runtime by its usual names ("kaitaistruct", "class", ...) and its
-- sibling specs by id ("mme_types"), and gets wirestruct's modules, not whatever else
-- the Lua state (Wireshark's, shared by every plugin) holds.
--
-- A parse never raises: it returns false and an error object {kind, message, offset,
-- expected, field_path} for bad input (ParseError), too many objects
-- (LimitExceededError), and any Lua error of the generated code on input it did not
-- foresee (ParseError too). Works on Lua 5.2, 5.3 and 5.4.
local M = {}
M.VERSION = 1

local Runtime = {}
Runtime.__index = Runtime

local function read_file(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("*a")
  f:close()
  return text
end

-- A new runtime whose `require` searches `dirs` (a list of directories) for files named
-- <module><ext> (ext ".lua" unless given: the Wireshark plugin names its modules
-- ".luamod", so that Wireshark does not run them as plugins of their own).
function M.new(dirs, ext)
  local env = setmetatable({}, { __index = _G })
  local rt = setmetatable({ env = env, dirs = dirs, ext = ext or ".lua", loaded = {},
    sources = {}, generated = {}, class_names = nil }, Runtime)
  env._G = env
  env.require = function(name) return rt:require(name) end
  -- Bounds: objects and repeated items per packet (see class.lua), per byte parsed plus
  -- a fixed allowance.
  rt.objects_per_byte = 16
  rt.objects_base = 4096
  return rt
end

function Runtime:require(name)
  local found = self.loaded[name]
  if found ~= nil then return found end
  if type(name) ~= "string" or not name:match("^[%w_]+$") then
    error("wirestruct: bad module name " .. tostring(name), 2)
  end
  for _, dir in ipairs(self.dirs) do
    local path = dir .. "/" .. name .. self.ext
    local text = read_file(path)
    if text then
      local chunk, err = load(text, "@" .. path, "t", self.env)
      if not chunk then error(err, 0) end
      self.sources["@" .. path] = text
      if text:find("^%-%- This is a generated file") then
        self.generated["@" .. path] = true
      end
      self.loaded[name] = true -- a module that requires this one while it loads gets true
      local result = chunk(name)
      if result == nil then result = true end
      self.loaded[name] = result
      self.class_names = nil
      return result
    end
  end
  error("wirestruct: module '" .. name .. "' not found in " .. table.concat(self.dirs, ", "), 2)
end

-- The class name Kaitai gives a spec id: mme_packet -> MmePacket.
function M.class_name(id)
  return (id:gsub("^%l", string.upper):gsub("_(%w)", function(c) return c:upper() end))
end

-- The root class of spec `id` (loaded on first use).
function Runtime:class(id)
  self:require("kaitaistruct")
  self:require(id)
  local cls = rawget(self.env, M.class_name(id))
  if cls == nil then error("wirestruct: spec " .. id .. " defines no class " .. M.class_name(id), 2) end
  return cls
end

-- Dotted names of every generated class (for error paths), built when first needed.
function Runtime:names()
  if self.class_names then return self.class_names end
  local names = {}
  local function walk(cls, name, depth)
    if names[cls] or depth > 16 then return end
    names[cls] = name
    for key, value in pairs(cls) do
      if type(key) == "string" and key:match("^%u") and type(value) == "table"
          and rawget(value, "property") ~= nil then
        walk(value, name .. "." .. key, depth + 1)
      end
    end
  end
  for key, value in pairs(self.env) do
    if type(key) == "string" and type(value) == "table" and rawget(value, "property") ~= nil then
      walk(value, key, 0)
    end
  end
  self.class_names = names
  return names
end

local function source_line(rt, source, line)
  local text = rt.sources[source]
  if not text or not line or line < 1 then return nil end
  local n = 0
  for l in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if n == line then return l end
  end
  return nil
end

-- What a validation error of the generated code expected, from its message and the
-- condition on the line before it.
local function expected_of(message, condition)
  local want = message:match("^not equal, expected (.-), but got")
  if want then return want end
  local kind = message:match("^(Validation%w+)$")
  if kind == "ValidationLessThanError" then
    local bound = condition and condition:match(">=%s*([^%s%)]+)")
    return bound and (">= " .. bound) or "a larger value"
  elseif kind == "ValidationGreaterThanError" then
    local bound = condition and condition:match("<=%s*([^%s%)]+)")
    return bound and ("<= " .. bound) or "a smaller value"
  elseif kind == "ValidationNotAnyOfError" then
    return "one of the values the spec lists"
  elseif kind == "ValidationNotInEnumError" then
    return "a value of the field's enum"
  elseif kind == "ValidationExprError" then
    return "a value passing the spec's valid expression"
  end
  return nil
end

-- The error handler of a parse: an error object with the field path and offset.
local function on_error(rt, err)
  local class = rt.loaded["class"]
  local mt = type(class) == "table" and class.error_mt or nil
  if type(err) ~= "table" or getmetatable(err) ~= mt then
    local text = tostring(err)
    local message = text:gsub("^[^\n]-:%d+: ", "")
    err = { kind = "ParseError", message = message }
    if message:match("^Validation") or message:match("^not equal") then
      err.validation = true
    elseif not message:match("^unable to decide") then
      err.message = "Lua error in the generated parser: " .. message
    end
  end
  -- Walk the generated code's frames: outermost type, then each field on the way down.
  local frames = {}
  local level = 2
  while true do
    local info = debug.getinfo(level, "Sl")
    if not info then break end
    if rt.generated[info.source] then
      local i, self_obj, index = 1, nil, nil
      while true do
        local name, value = debug.getlocal(level, i)
        if not name then break end
        if name == "self" then self_obj = value elseif name == "i" then index = value end
        i = i + 1
      end
      if type(self_obj) == "table" and rawget(self_obj, "_ws_off") then
        frames[#frames + 1] = { obj = self_obj, source = info.source,
          line = info.currentline, index = index }
      end
    end
    level = level + 1
  end
  if #frames > 0 then
    local names = rt:names()
    local parts = {}
    for k = #frames, 1, -1 do
      local f = frames[k]
      local text = source_line(rt, f.source, f.line) or ""
      if text:find("^%s*error%(") then
        -- a validation: the field is the one assigned last, a few lines up
        for back = 1, 8 do
          local earlier = source_line(rt, f.source, f.line - back) or ""
          if earlier:match("self%.[%a_][%w_]*%s*=[^=]") or earlier:match("self%.[%a_][%w_]*%[.-%]%s*=[^=]") then
            text = earlier
            break
          end
          if earlier:find("^function ") then break end
        end
      end
      local field = text:match("self%.([%a_][%w_]*)%s*=[^=]") or text:match("self%.([%a_][%w_]*)%[")
      if field then
        field = field:gsub("^_m_", ""):gsub("^_raw_", "")
      end
      if k == #frames then
        parts[#parts + 1] = names[getmetatable(f.obj)] or "?"
      end
      if field then
        local repeated = text:match("self%.[%a_][%w_]*%[") and f.index ~= nil
        parts[#parts + 1] = "." .. field .. (repeated and ("[" .. tostring(f.index) .. "]") or "")
      end
      if k == 1 then
        if err.validation and field then
          local off = f.obj._ws_off[field]
          if off then err.offset = off end
          err.expected = err.expected or expected_of(err.message,
            source_line(rt, f.source, f.line - 1))
        end
        if err.offset == nil then
          local io = rawget(f.obj, "_io")
          if io then err.offset = io._base + io._pos end
        end
      end
    end
    err.field_path = table.concat(parts)
  end
  if err.validation then
    err.validation = nil
    err.expected = err.expected or expected_of(err.message, nil)
  end
  return setmetatable(err, mt)
end

-- Parse `data` (a Lua string, Tvb or TvbRange) with spec `id`; extra arguments are the
-- root type's parameters. Returns true, object or false, error object.
function Runtime:parse(id, data, ...)
  local cls = self:class(id)
  local KaitaiStream = rawget(self.env, "KaitaiStream")
  local budget = self.loaded["class"].budget
  local ok, io = pcall(KaitaiStream, data)
  if not ok then return false, on_error(self, io) end
  local limit = self.objects_per_byte * io._size + self.objects_base
  budget.left, budget.limit = limit, limit
  self.loaded["string_stream"].reset()
  local n = select("#", ...)
  local args = { ... }
  args[n + 1] = io
  local unpack = table.unpack or unpack
  return xpcall(function() return cls(unpack(args, 1, n + 1)) end,
    function(err) return on_error(self, err) end)
end

-- Raw LZ4 block decompression (lz4block.lua): true, bytes or false, error object.
function Runtime:lz4(block, cap, expected_size)
  local lz4 = self:require("lz4block")
  return pcall(lz4.decompress, block, cap, expected_size)
end

--=== reading parsed objects ==================================================================
-- Offset and size of field `name` of `obj` (a repeated field: its first to its last
-- item), or nil.
function M.field_span(obj, name)
  local off = obj._ws_off[name]
  if off then return off, obj._ws_len[name] end
  local items = obj._ws_items[name]
  if items and #items > 0 then
    local last = #items
    return items[1], items[last - 1] + items[last] - items[1]
  end
  return nil
end

-- Offset and size of item `i` (1-based) of repeated field `name`, or nil.
function M.item_span(obj, name, i)
  local items = obj._ws_items[name]
  if not items or not items[2 * i] then return nil end
  return items[2 * i - 1], items[2 * i]
end

-- The fields of `obj` in the order they were read.
function M.fields(obj)
  return obj._ws_order
end

-- The names of the instances (computed values) `obj`'s type declares.
local instance_names = setmetatable({}, { __mode = "k" })

function M.instances(obj)
  local cls = getmetatable(obj)
  local names = instance_names[cls]
  if names == nil then
    names = {}
    for name in pairs(cls.property or {}) do names[#names + 1] = name end
    table.sort(names)
    instance_names[cls] = names
  end
  return names
end

-- A source of bytes for rt:parse whose first byte lies at `base` of a buffer (the field
-- ranges of the parse are then offsets in that buffer: bytes rebuilt into a tab).
function M.source(data, base)
  return { _ws_source = true, buf = data, base = base or 0 }
end

-- Is `value` an object of a generated class?
function M.is_object(value)
  return type(value) == "table" and rawget(value, "_ws_off") ~= nil
end

-- Is `value` an enum entry ({label, value}; label nil for a value the enum lacks)?
function M.is_enum(value)
  local mt = type(value) == "table" and getmetatable(value)
  return mt and rawget(mt, "_ws_enum_entry") == true or false
end

return M
