-- The Info column from a protocol's summary description (config.summaries), the one
-- `wirestruct decode --format summary` reads too (wirestruct.output.summary_rules, which
-- documents the description). Here the templates read the parsed Lua objects: fields by
-- id (instances too), enum entries as their labels, wrapper objects as the value the
-- readable output shows (config.values, the piece's text_of), and the values the piece's
-- `after` hands back as expansions (looked up before the packet's own fields).
--
--   local summary = rt:require("summary")
--   local text = summary.render(p, template, obj, exp)   -- nil: the generic summary
local wirestruct_api = require("wirestruct")

local is_object, is_enum = wirestruct_api.is_object, wirestruct_api.is_enum
local rawget, type, pcall, tostring, tonumber, next, getmetatable = rawget, type, pcall,
  tostring, tonumber, next, getmetatable
local format, concat, floor = string.format, table.concat, math.floor

local M = {}

local MISSING = {}   -- raised (as the error value) when a template needs what is not there

local FLOAT = { float = true, double = true }

local function index(obj, name) return obj[name] end

local function is_integer(value)
  if math.type then return math.type(value) == "integer" end
  return value == floor(value) and value > -2^53 and value < 2^53
end

-- A float as Python's repr writes it: the shortest digits that read back as the value.
local function py_float(v)
  if v ~= v then return "nan" end
  if v == math.huge then return "inf" elseif v == -math.huge then return "-inf" end
  if v == 0 then return (1 / v < 0) and "-0.0" or "0.0" end
  local s
  for precision = 1, 17 do
    s = format("%." .. (precision - 1) .. "e", v)
    if tonumber(s) == v then break end
  end
  local sign, int, frac, exp = s:match("^(%-?)(%d)%.?(%d*)e([-+]%d+)$")
  local digits = (int .. frac):gsub("0+$", "")
  if digits == "" then digits = "0" end
  exp = tonumber(exp)
  if exp >= 16 or exp < -4 then
    local mantissa = digits:sub(1, 1) .. (#digits > 1 and ("." .. digits:sub(2)) or "")
    return sign .. mantissa .. "e" .. (exp < 0 and "-" or "+") .. format("%02d", math.abs(exp))
  end
  if exp < 0 then return sign .. "0." .. string.rep("0", -exp - 1) .. digits end
  if #digits <= exp + 1 then
    return sign .. digits .. string.rep("0", exp + 1 - #digits) .. ".0"
  end
  return sign .. digits:sub(1, exp + 1) .. "." .. digits:sub(exp + 2)
end
M.py_float = py_float

-- Characters of a UTF-8 text (as Python counts a str)
local function chars(text)
  local n = 0
  for _ in text:gmatch("[^\128-\191]") do n = n + 1 end
  return n
end

-- The first `width` characters of a text
local function head(text, width)
  local n = 0
  for pos in text:gmatch("()[^\128-\191]") do
    if n == width then return text:sub(1, pos - 1) end
    n = n + 1
  end
  return text
end

-- A text without its color escapes (ESC and the character after it)
local function plain(text)
  return (text:gsub("\27[\0-\127\192-\255]?[\128-\191]*", ""))
end

local function split(path)
  local names = {}
  for name in path:gmatch("[^.]+") do names[#names + 1] = name end
  return names
end

function M.new(p)
  local class_of, config = p.class_of, p.config
  local values, info_values = config.values or {}, config.info_values or {}
  local end_marker = config.end_marker
  local json_quote = p.json_quote
  local paths = {}         -- path -> its names
  -- a parsed object's class (its metatable) -> field id -> entry, made on first use
  local by_id = setmetatable({}, { __mode = "k" })
  local NONE = {}

  local function entries_of(obj)
    return p.by_class[class_of(obj)] or NONE
  end

  local function fields_of(obj)
    local mt = getmetatable(obj)
    local map = by_id[mt]
    if map == nil then
      map = {}
      for _, e in ipairs(p.by_class[class_of(obj)] or NONE) do map[e.id] = e end
      by_id[mt] = map
    end
    return map
  end

  -- A field of a parsed object (an instance computed), or of a plain table; and the
  -- field's entry (its type) when it has one.
  local function field(value, name)
    if type(value) ~= "table" then return nil, nil end
    if rawget(value, "_ws_pos") ~= nil then      -- a parsed object
      local entry = fields_of(value)[name]
      local found = rawget(value, name)
      if found == nil and entry ~= nil and entry.instance then
        -- an instance computed already is kept under _m_<id> (the generated getter's
        -- first answer); else the getter runs (it may fail)
        found = rawget(value, entry.memo or ("_m_" .. name))
        if found == nil then
          local ok, computed = pcall(index, value, name)
          if ok then found = computed end
        end
      end
      return found, entry
    elseif not is_enum(value) then
      return rawget(value, name), nil
    end
    return nil, nil
  end

  -- The value the readable output shows for a wrapper object (nil: none)
  local function unwrap(value, name)
    local class_name = class_of(value)
    local text = p.piece and p.piece.text_of and p.piece.text_of(p, class_name, value, name)
    if text ~= nil then return text, true end
    local member = values[class_name] or info_values[class_name]
    if member then
      local ok, inner = pcall(index, value, member)
      if ok then return inner, true end
    end
    return nil, false
  end

  local function lookup(scope, path)
    if path:byte(1) == 64 then     -- "@..."
      if path == "@" then return scope.item, scope.entry, scope.key end
      if scope.key ~= nil and path == "@key" then return scope.key end
      if scope.key ~= nil and path == "@head" then return (scope.key:match("^[^_]*")) end
      if scope.count ~= nil and path == "@count" then return scope.count end
      if scope.count ~= nil and path == "@more" then return scope.more end
    end
    local names = paths[path]
    if names == nil then
      names = split(path)
      paths[path] = names
    end
    local value, entry, first
    if scope.top then
      first = 2
      local exp = scope.exp
      value = exp and exp[names[1]]
      if value == nil then value, entry = field(scope.obj, names[1]) end
    else
      first, value = 1, scope.item
    end
    for i = first, #names do
      if value == nil then return nil end
      value, entry = field(value, names[i])
    end
    return value, entry, names[#names]
  end

  -- A value as the readable output has it: enum entries as labels, wrappers unwrapped;
  -- `kind` says what it is: "number", "float", "text", "bytes", "bool", "object",
  -- "list" or "other".
  local function readable(value, entry, name)
    local t = type(value)
    if t == "table" then
      if is_enum(value) then
        if value.label then return value.label, "text" end
        return value.value, "number"
      end
      if is_object(value) then
        local inner, wrapped = unwrap(value, name)
        if wrapped then
          if inner == nil then return nil, "other" end
          return readable(inner, nil, name)
        end
        return value, "object"
      end
      -- a plain table: a record of the piece's expansions (keys), else a list
      if value[1] == nil and next(value) ~= nil then return value, "object" end
      return value, "list"
    elseif t == "string" then
      if entry and (entry.ftype == "bytes" or entry.ftype == "none") then
        return value, "bytes"
      end
      return value, "text"
    elseif t == "number" then
      if (entry and FLOAT[entry.ftype]) or not is_integer(value) then return value, "float" end
      return value, "number"
    elseif t == "boolean" then
      return value, "bool"
    end
    return value, "other"
  end

  local function items_of(list)
    local out = {}
    for i = 1, #list do
      local item = list[i]
      local ends = false
      if end_marker and is_object(item) then
        local ok, marker = pcall(index, item, end_marker)
        ends = ok and marker == true
      end
      if not ends then out[#out + 1] = item end
    end
    return out
  end

  local function number_str(value, kind)
    if kind == "float" then return py_float(value) end
    return format("%d", value)
  end

  local function show(value, entry, name, fmt, width)
    local v, kind = readable(value, entry, name)
    if fmt == "str" or fmt == "name" or fmt == "uuid" then
      if kind == "number" or kind == "float" then return number_str(v, kind) end
      if kind == "text" then return v end
      if kind == "bool" then return v and "True" or "False" end
      return "?"
    elseif fmt == "num" then
      if kind == "float" then
        if is_integer(v) then return format("%d", v) end
        return format("%g", v)
      end
      return show(value, entry, name, "str", width)
    elseif fmt == "text" or fmt == "plain" then
      if kind == "number" then return format("%d", v) end
      if kind == "float" then return py_float(v) end
      if kind == "bool" then return tostring(v) end
      if kind ~= "text" then return "?" end
      if fmt == "plain" then v = plain(v) end
      if chars(v) > width then v = head(v, width - 3) .. "..." end
      return json_quote(v)
    elseif fmt == "xyz" then
      if kind ~= "object" then return "?" end
      local parts = {}
      for i, axis in ipairs({ "x", "y", "z" }) do
        local a, e = field(v, axis)
        parts[i] = a == nil and "None" or show(a, e, axis, "str", width)
      end
      return "(" .. concat(parts, ", ") .. ")"
    elseif fmt == "signed" then
      if kind == "number" then return (v >= 0 and "+" or "") .. format("%d", v) end
      return show(value, entry, name, "str", width)
    elseif fmt == "hex" then
      if kind ~= "bytes" then return "?" end
      local text = v:gsub(".", function(c) return format("%02x", c:byte()) end)
      if #text > width then text = text:sub(1, width - 3) .. "..." end
      return text
    elseif fmt == "len" then
      if kind == "list" then return tostring(#items_of(v)) end
      if kind == "bytes" then return tostring(#v) end
      if kind == "text" then return tostring(chars(v)) end
      return "?"
    end
    error("unknown summary value format " .. tostring(fmt))
  end

  local template

  local function get(scope, path)
    local value, entry, name = lookup(scope, path)
    if value == nil then error(MISSING, 0) end
    return value, entry, name
  end

  local function reads_item(t)
    if type(t) ~= "table" then return false end
    for _, part in ipairs(t) do
      if type(part) == "table" and part.get == "@" then return true end
    end
    return false
  end

  -- An object the readable output shows as an object (not a wrapper shown as a value)
  local function shown_as_object(value, name)
    if not is_object(value) then
      return type(value) == "table" and not is_enum(value) and value[1] == nil and
        next(value) ~= nil
    end
    local _, wrapped = unwrap(value, name)
    return not wrapped
  end

  local function set_bits(s)
    local out = {}
    for i = 1, #s do
      local b = s:byte(i)
      for bit = 0, 7 do
        if floor(b / 2 ^ bit) % 2 == 1 then out[#out + 1] = (i - 1) * 8 + bit end
      end
    end
    return out
  end

  local function cond(c, scope)
    if c["not"] then return not cond(c["not"], scope) end
    if c.has then return (lookup(scope, c.has)) ~= nil end
    if c.some then
      local v, e, name = lookup(scope, c.some)
      local shown, kind = readable(v, e, name)
      return kind == "list" and #items_of(shown) > 0
    end
    if c.empty then
      local v = lookup(scope, c.empty)
      if not is_object(v) then return false end
      for _, e in ipairs(entries_of(v)) do
        if (field(v, e.id)) ~= nil then return false end
      end
      return true
    end
    if c["true"] then return (lookup(scope, c["true"])) == true end
    error("unknown summary rule condition")
  end

  local function each(part, scope)
    local value, entry, name = get(scope, part.each)
    local items
    if part.bits then
      local v, kind = readable(value, entry, name)
      if kind ~= "bytes" then error(MISSING, 0) end
      items = set_bits(v)
    else
      local v, kind = readable(value, entry, name)
      if kind ~= "list" then error(MISSING, 0) end
      items = items_of(v)
    end
    local first = part.first or #items
    local scalars = reads_item(part.item)
    local texts = {}
    for i = 1, math.min(first, #items) do
      local item = items[i]
      if scalars or shown_as_object(item, name) then
        texts[#texts + 1] = template(part.item, { item = item, key = nil })
      end
    end
    local text = concat(texts, part.sep or ", ")
    if #items > first and part.more then
      text = text .. template(part.more, { count = #items, more = #items - first })
    end
    return text
  end

  local except_sets = setmetatable({}, { __mode = "k" })   -- a `fields` part -> its `except`

  local function fields(part, scope)
    local obj = get(scope, part.fields)
    if not shown_as_object(obj) then return "" end
    local excepted = except_sets[part]
    if excepted == nil then
      excepted = {}
      for _, name in ipairs(part["except"] or NONE) do excepted[name] = true end
      except_sets[part] = excepted
    end
    local suffixes = part.suffix
    local texts = {}
    for _, e in ipairs(entries_of(obj)) do
      local id = e.id
      local wanted = not excepted[id]
      if wanted and suffixes and #suffixes > 0 then
        wanted = false
        for _, s in ipairs(suffixes) do
          if #id >= #s and id:sub(-#s) == s then wanted = true break end
        end
      end
      if wanted then
        local value = field(obj, id)
        if value ~= nil then
          local v, kind = readable(value, e, id)
          local is_obj = kind == "object"
          local compound = is_obj or kind == "list" or kind == "bytes"
          if v ~= nil and ((part.objects and is_obj) or (not part.objects and not compound)) then
            texts[#texts + 1] = template(part.item, { item = value, entry = e, key = id })
          end
        end
      end
    end
    return concat(texts, part.sep or " ")
  end

  local function one(part, scope)
    if type(part) == "string" then return part end
    if part.get then
      local value, entry, name = lookup(scope, part.get)
      if value == nil then
        if part["else"] then return template(part["else"], scope) end
        error(MISSING, 0)
      end
      return show(value, entry, name, part.as or "str", part.width or 40)
    elseif part["if"] then
      return template(cond(part["if"], scope) and (part["then"] or {}) or (part["else"] or {}),
        scope)
    elseif part.require then
      if not cond(part.require, scope) then error(MISSING, 0) end
      return ""
    elseif part.switch then
      local value, entry, name = lookup(scope, part.switch)
      local key = value ~= nil and show(value, entry, name, "name", 0) or nil
      local cases = part.cases or {}
      return template(key ~= nil and cases[key] or part["else"] or {}, scope)
    elseif part.each then
      return each(part, scope)
    elseif part.fields then
      return fields(part, scope)
    elseif part.flags then
      local obj = get(scope, part.flags)
      if not is_object(obj) then error(MISSING, 0) end
      local names = {}
      for _, n in ipairs(part.names) do
        if (field(obj, n)) == true then names[#names + 1] = n end
      end
      if #names == 0 then return part.none or "" end
      return concat(names, part.sep or "+")
    elseif part.words then
      local texts = {}
      for _, t in ipairs(part.words) do
        local text = template(t, scope)
        if text ~= "" then texts[#texts + 1] = text end
      end
      return concat(texts, " ")
    end
    error("unknown summary rule part")
  end

  template = function(t, scope)
    if type(t) == "string" then return t end
    local out = {}
    for i = 1, #t do out[i] = one(t[i], scope) end
    return concat(out)
  end

  -- The Info text of packet `name` (parsed as `obj`, with the piece's expansions `exp`),
  -- or nil for the generic summary.
  return function(name, obj, exp)
    local t = (config.summaries or {})[name]
    if t == nil or t == "generic" then return nil end
    local ok, text = pcall(template, t, { top = true, obj = obj, exp = exp })
    if ok then return text end
    return nil     -- a value missing (or a template this runtime cannot read): generic
  end
end

return M
