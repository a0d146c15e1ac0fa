-- wirestruct's Lua runtime: classes for the code kaitai-struct-compiler generates.
--
-- The generated code declares `X = class.class(KaitaiStruct)`, calls `X(args...)` to
-- parse (which calls `X:_init(args...)`) and declares each instance (a computed or
-- positioned value) as `X.property.name = {}` with a `get` method, read as `obj.name`.
--
-- Every object also records where each of its fields lies in the bytes (wirestruct's
-- field ranges, as `wirestruct decode --format tree` shows them): as a field is assigned,
-- it spans from the stream position after the previous field to the position after this
-- one; a field holding an object parsed from the same stream starts where that object
-- started; a repeated field records each item. Parameters and internal names (`_...`)
-- have no range. Positions are absolute in the buffer the parse started from
-- (KaitaiStream's `_base` says where a substream lies in it). Kept per object, as few
-- tables as can be (a parse may make hundreds of thousands of objects):
--   _ws_pos, _ws_mark  where the object starts, where its next field starts
--   _ws                false until the first field; the name of that field while it is
--                      the only one and spans from _ws_pos to _ws_mark (most objects:
--                      the wrappers of one value); else one array of the fields in the
--                      order they were read, three slots each: name, offset, size; a
--                      repeated field has {off1, len1, off2, len2, ...} (one per item)
--                      as its offset and false as its size
-- Read them with wirestruct.lua's span, field_span, item_span and fields.
--
-- Recording costs a call for every field assigned. A parse whose ranges nobody reads (a
-- packet shown without a tree) runs without it: M.set_ranges(false) makes the objects
-- built from then on take their class's lean twin as metatable (the same lookups, no
-- `__newindex`, or, for a class whose `_read` makes a repeated field, one that only
-- counts the repeated items against the budget, as recording counts them). The twin's
-- `_ws_class` is its class. A parse that fails without ranges is run again with them
-- (wirestruct.lua), so that its error is placed as always.
-- Works on Lua 5.2, 5.3 and 5.4.
local M = {}

local rawget, rawset, setmetatable, getmetatable, next, type = rawget, rawset,
  setmetatable, getmetatable, next, type

-- The budget of objects and repeated items one parse may create (wirestruct.lua sets
-- it before a parse); a parse that goes beyond it stops with a LimitExceededError, so
-- that zero-sized items repeated `until` something that never comes cannot run forever.
local budget = { left = math.huge, limit = math.huge }
M.budget = budget

local function over_budget()
  error(setmetatable({ kind = "LimitExceededError",
    message = "more than " .. tostring(budget.limit) ..
      " objects and repeated items in one packet",
    expected = "at most " .. tostring(budget.limit) }, M.error_mt), 0)
end

M.error_mt = {
  __tostring = function(e)
    local text = e.kind .. ": " .. e.message
    if e.expected then text = text .. " (expected " .. e.expected .. ")" end
    if e.offset then text = text .. " at offset " .. tostring(e.offset) end
    return text
  end,
}

-- Parameter names of a class: the arguments of its _init other than the stream links.
local params_of = setmetatable({}, { __mode = "k" })
local LINKS = { self = true, io = true, parent = true, root = true }

local function params(cls)
  local found = params_of[cls]
  if found then return found end
  found = {}
  local init = rawget(cls, "_init")
  if init and debug and debug.getlocal then
    local i = 1
    while true do
      local name = debug.getlocal(init, i)
      if not name then break end
      if not LINKS[name] then found[name] = true end
      i = i + 1
    end
  end
  params_of[cls] = found
  return found
end

-- The array of field spans of `obj` (made at its first field that the name alone cannot
-- say, with the one field the name said).
local function spans_of(obj)
  local ws = obj._ws
  if not ws then
    ws = {}
    obj._ws = ws
  elseif type(ws) == "string" then
    local pos = obj._ws_pos
    ws = { ws, obj._io._base + pos, obj._ws_mark - pos }
    obj._ws = ws
  end
  return ws
end

local function item_recorder(owner, list_name)
  local items = {}
  local ws = spans_of(owner)
  local n = #ws
  ws[n + 1], ws[n + 2], ws[n + 3] = list_name, items, false
  return {
    __newindex = function(list, k, v)
      local left = budget.left - 1
      budget.left = left
      if left < 0 then over_budget() end
      local io = owner._io
      local stop = io._pos
      local start = owner._ws_mark
      if type(v) == "table" and rawget(v, "_io") == io then
        start = v._ws_pos or start
      end
      local m = #items
      items[m + 1] = io._base + start
      items[m + 2] = stop - start
      owner._ws_mark = stop
      rawset(list, k, v)
    end,
  }
end

-- Names that are not fields: internal ones ("_io", "_m_x", "_raw_x") and non-strings.
local INTERNAL = setmetatable({}, { __index = function(cache, name)
  local internal = type(name) ~= "string" or name:byte(1) == 95 -- "_"
  cache[name] = internal
  return internal
end })

-- A list a lean object holds: each item added is counted against the budget.
local COUNTED = {
  __newindex = function(list, k, v)
    local left = budget.left - 1
    budget.left = left
    if left < 0 then over_budget() end
    rawset(list, k, v)
  end,
}

-- The `__newindex` of a lean object of a class that makes repeated fields: as `record`
-- decides what is a repeated field, without the ranges.
local function count_lists(cls)
  local param_names
  return function(obj, name, value)
    if type(value) == "table" and not INTERNAL[name] and obj._io and
        getmetatable(value) == nil and next(value) == nil then
      param_names = param_names or params(cls)
      if not param_names[name] then setmetatable(value, COUNTED) end
    end
    rawset(obj, name, value)
  end
end

-- Does a class's `_read` make repeated fields? (wirestruct.lua answers from the generated
-- source; unknown: yes.)
M.makes_lists = function(_) return true end

local function lean_twin(cls)
  local twin = { __index = rawget(cls, "_ws_index"), property = cls.property, _ws_class = cls }
  if next(cls.property) == nil then twin.__index = cls end
  if M.makes_lists(cls) then twin.__newindex = count_lists(cls) end
  rawset(cls, "_ws_lean", twin)
  return twin
end

local ranges = true

-- Record field ranges in the objects built from now on (true, the default) or not;
-- returns the previous setting.
function M.set_ranges(on)
  local was = ranges
  ranges = on and true or false
  return was
end

local function record(cls)
  local param_names
  return function(obj, name, value)
    if INTERNAL[name] then
      rawset(obj, name, value)
      return
    end
    -- `_io` and the `_ws_` keys are there from the start (M.class's constructor): plain
    -- reads and writes, no metamethod
    local io = obj._io
    if not io then
      rawset(obj, name, value)
      return
    end
    param_names = param_names or params(cls)
    if param_names[name] then
      rawset(obj, name, value)
      return
    end
    local stop = io._pos
    local start = obj._ws_mark
    if type(value) == "table" then
      -- (an object's `_io` and `_ws_pos` are its own keys; a plain table has no metatable
      -- to ask, an enum entry's is a table without them: no metamethod runs)
      local from = value._io
      if from == nil and getmetatable(value) == nil and next(value) == nil then
        -- a repeated field: its items are recorded as they are added
        setmetatable(value, item_recorder(obj, name))
        obj._ws_mark = stop
        rawset(obj, name, value)
        return
      end
      if from == io then start = value._ws_pos or start end
    end
    local ws = obj._ws
    if not ws and start == obj._ws_pos then
      -- the first field, from where the object starts: its name says it all
      obj._ws = name
      obj._ws_mark = stop
      rawset(obj, name, value)
      return
    end
    if type(ws) ~= "table" then ws = spans_of(obj) end
    local n = #ws
    ws[n + 1], ws[n + 2], ws[n + 3] = name, io._base + start, stop - start
    obj._ws_mark = stop
    rawset(obj, name, value)
  end
end

-- A new class, deriving from `base` (a class or nil).
function M.class(base)
  local cls = {}
  local props = {}
  cls.property = props
  local function index(obj, key)
    local found = cls[key]
    if found ~= nil then return found end
    local prop = props[key]
    if prop ~= nil then return prop.get(obj) end
    return nil
  end
  cls._ws_index = index
  -- A class without instances (known once it is used: the generated code declares them
  -- all when it loads) looks its methods up as a table, with no call.
  cls.__index = function(obj, key)
    if next(props) == nil then
      cls.__index = cls
      return cls[key]
    end
    cls.__index = index
    return index(obj, key)
  end
  cls.__newindex = record(cls)
  setmetatable(cls, {
    __index = base,
    __call = function(c, ...)
      local left = budget.left - 1
      budget.left = left
      if left < 0 then over_budget() end
      -- Every key KaitaiStruct._init and the generated _init set is made here, so that
      -- setting them is a plain table write rather than a call of __newindex.
      local mt = c
      if not ranges then mt = rawget(c, "_ws_lean") or lean_twin(c) end
      local obj = setmetatable({ _io = false, _parent = false, _root = false, _ws_pos = 0,
        _ws_mark = 0, _ws = false }, mt)
      c._init(obj, ...)
      return obj
    end,
  })
  return cls
end

-- Is `value` an object of a generated class?
function M.is_object(value)
  return type(value) == "table" and rawget(value, "_ws_pos") ~= nil
end

return M
