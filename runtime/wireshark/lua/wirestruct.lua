-- wirestruct's Lua runtime: loading the generated parsers and running them on packets.
--
--   local wirestruct = dofile(RUNTIME_DIR .. "/wirestruct.lua")
--   local rt = wirestruct.new({RUNTIME_DIR, GENERATED_DIR .. "/mme", ...}, nil, limits)
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
-- foresee (ParseError too); its `partial` is the root object as far as it was read (the
-- object each field was reading in its place), for showing what came before the error.
-- Works on Lua 5.2, 5.3 and 5.4.
--
-- Limits: `limits` (given to new, or later to rt:set_limits) is wirestruct's `Limits` as
-- the plugin's config carries them (wirestruct.core.limits, built into the plugin; the
-- test harness passes the same on its command line): a table with at least
-- `max_parse_objects_per_byte` and `parse_objects_allowance`. Every parse may build
-- parse_objects_allowance + max_parse_objects_per_byte x its bytes objects and repeated
-- items. Between rt:begin_packet(size) and rt:end_packet() every parse draws from one
-- budget for the whole packet instead: the allowance plus the per-byte share of the
-- packet's bytes and of every byte decompressed for it (rt:lz4 adds what it returns;
-- other decompressors call rt:widen_budget(bytes)). A parse beyond the budget stops with
-- a LimitExceededError naming max_parse_objects_per_byte; once the packet's budget is
-- spent, any further parse of it stops at its first object, so that what one packet
-- costs grows with its bytes only.
--
-- The kept store (rt:kept_store()) is one least-recently-used store shared by every
-- runtime this file made (every protocol of the plugin), bounded in bytes: see Store.
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
function M.new(dirs, ext, limits)
  local env = setmetatable({}, { __index = _G })
  local rt = setmetatable({ env = env, dirs = dirs, ext = ext or ".lua", loaded = {},
    sources = {}, lines = {}, generated = {}, class_names = nil, packets = 0,
    function_sources = setmetatable({}, { __mode = "k" }), boundary = nil, classes = {},
    failures = 0, repeats = {}, ranges = true }, Runtime)
  env._G = env
  env.require = function(name) return rt:require(name) end
  if limits then rt:set_limits(limits) end
  rt:_parse_functions()
  return rt
end

-- The limits the runtime keeps to (see the header): objects and repeated items per
-- byte parsed (see class.lua) plus a fixed allowance.
function Runtime:set_limits(limits)
  local per, base = limits.max_parse_objects_per_byte, limits.parse_objects_allowance
  if type(per) ~= "number" or type(base) ~= "number" then
    error("wirestruct: limits without max_parse_objects_per_byte and " ..
      "parse_objects_allowance", 2)
  end
  self.limits = limits
  self.objects_per_byte, self.objects_base = per, base
end

local function class_budget(rt)
  rt:require("class")
  return rt.loaded["class"].budget
end

-- Whether the objects parsed from now on record their field ranges (true, the default;
-- see class.lua). Returns the previous setting. A parse that fails without ranges runs
-- again with them: its error and partial object are the same either way.
function Runtime:set_ranges(on)
  local was = self.ranges
  self.ranges = on and true or false
  return was
end

-- A top-level packet of `size` bytes begins: every parse until end_packet draws from its
-- one budget. Nested calls (a packet dissected inside another) keep the outer budget.
function Runtime:begin_packet(size)
  self.packets = self.packets + 1
  if self.packets > 1 then return end
  local budget = class_budget(self)
  local limit = self.objects_per_byte * (size or 0) + self.objects_base
  budget.left, budget.limit = limit, limit
  self.failures = 0
end

-- `bytes` more were decompressed for the current packet: its budget grows by their share.
function Runtime:widen_budget(bytes)
  if self.packets == 0 or not bytes or bytes <= 0 then return end
  local budget = class_budget(self)
  local more = self.objects_per_byte * bytes
  budget.left, budget.limit = budget.left + more, budget.limit + more
end

function Runtime:end_packet()
  if self.packets > 0 then self.packets = self.packets - 1 end
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
        -- the classes whose _read makes a repeated field (`self.x = {}`), for class.lua's
        -- lean objects
        for cls_name, body in text:gmatch("\nfunction ([%w_%.]+):_read%(%)\n(.-)\nend\n") do
          if body:find("self%.%a[%w_]* = {}") then self.repeats[cls_name] = true end
        end
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
  local cls = self.classes[id]
  if cls then return cls end
  self:require("kaitaistruct")
  self:require(id)
  cls = rawget(self.env, M.class_name(id))
  if cls == nil then error("wirestruct: spec " .. id .. " defines no class " .. M.class_name(id), 2) end
  self.classes[id] = cls
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
  -- a lean object's metatable (class.lua's twin of its class) has its class's name
  self.class_names = setmetatable(names, { __index = function(_, mt)
    local cls = type(mt) == "table" and rawget(mt, "_ws_class")
    return cls and rawget(names, cls) or nil
  end })
  return names
end

-- Line `line` of a loaded module's source: its lines are split once, when an error first
-- needs one, so that an error costs the same whatever the size of the generated code.
-- Where field `name` of a parsed object lies (class.lua keeps it in `_ws`: the name of
-- its only field, which spans from _ws_pos to _ws_mark, or three slots a field: name,
-- offset, size): offset and size; for a repeated field nil, nil and its items ({off1,
-- len1, off2, len2, ...}); nil when it has no range. The field read last wins, should one
-- be assigned twice.
local function span_of(obj, name)
  local ws = rawget(obj, "_ws")
  if not ws then return nil end
  if type(ws) == "string" then
    if ws ~= name then return nil end
    local pos = rawget(obj, "_ws_pos")
    return rawget(obj, "_io")._base + pos, rawget(obj, "_ws_mark") - pos
  end
  for k = #ws - 2, 1, -3 do
    if ws[k] == name then
      local off, len = ws[k + 1], ws[k + 2]
      if len == false then return nil, nil, off end
      return off, len
    end
  end
  return nil
end

-- The names of the fields of a parsed object that have a range, in the order they were
-- read.
local function field_names(obj)
  local names = {}
  local ws = rawget(obj, "_ws")
  if type(ws) == "string" then
    names[1] = ws
  elseif ws then
    for k = 1, #ws, 3 do names[#names + 1] = ws[k] end
  end
  return names
end

local function source_line(rt, source, line)
  if not line or line < 1 then return nil end
  local lines = rt.lines[source]
  if lines == nil then
    local text = rt.sources[source]
    if not text then return nil end
    lines = {}
    for l in (text .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = l end
    rt.lines[source] = lines
    rt.sources[source] = nil   -- kept once, as lines
  end
  return lines[line]
end

-- Stack levels an error's handler looks at for the generated code's frames: a parse
-- nests a few levels a type (deeper specs are cut by their own depth limits first).
M.MAX_ERROR_LEVELS = 400

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
  -- Past max_errors_per_packet failures of one packet the errors are only counted (see
  -- dissector.lua's add_error): their kind and message are enough, the walk is skipped.
  local detailed = true
  if rt.packets > 0 then
    local failures = rt.failures + 1
    rt.failures = failures
    local most = rt.limits.max_errors_per_packet
    if most and failures > most then
      if getmetatable(err) == mt and mt and err.kind ~= "LimitExceededError" then
        return err
      end
      detailed = false
    end
  end
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
  -- Only the parse's own levels are looked at (down to the function rt:parse runs, or
  -- MAX_ERROR_LEVELS), each function's source looked up once.
  local frames = {}
  local level = 2
  local boundary, sources = detailed and rt.boundary, rt.function_sources
  while boundary and level <= M.MAX_ERROR_LEVELS do
    local info = debug.getinfo(level, "f")
    if not info or info.func == boundary then break end
    local func = info.func
    local source = sources[func]
    if source == nil then
      source = debug.getinfo(func, "S").source
      source = rt.generated[source] and source or false
      sources[func] = source
    end
    if source then
      info = debug.getinfo(level, "l")
      info.source = source
      local i, self_obj, index = 1, nil, nil
      while true do
        local name, value = debug.getlocal(level, i)
        if not name then break end
        if name == "self" then self_obj = value elseif name == "i" then index = value end
        i = i + 1
      end
      if type(self_obj) == "table" and rawget(self_obj, "_ws_pos") then
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
        -- the object this field was reading when the error came: kept in the partial
        -- object the error hands back (err.partial), where the field would have held it
        local child = k > 1 and frames[k - 1].obj or nil
        if child and child ~= f.obj and rawget(child, "_parent") == f.obj and
            not field:find("^_") and text:match("self%." .. field .. "[%s%[=]") then
          local held = rawget(f.obj, field)
          if held == nil then
            rawset(f.obj, field, child)
          elseif type(held) == "table" and getmetatable(held) ~= getmetatable(child) and
              rawget(held, "_ws_pos") == nil then
            rawset(held, #held + 1, child)
          end
        end
      end
      if k == 1 then
        if err.validation and field then
          local off = span_of(f.obj, field)
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
    err.partial = frames[#frames].obj   -- the root object, as far as it was read
  end
  if err.validation then
    err.validation = nil
    err.expected = err.expected or expected_of(err.message, nil)
  end
  if err.kind == "LimitExceededError" and
      tostring(err.message):find("objects and repeated items", 1, true) and
      not tostring(err.expected):find("max_parse_objects_per_byte", 1, true) then
    err.expected = (err.expected or "fewer") .. " (max_parse_objects_per_byte)"
  end
  return setmetatable(err, mt)
end

-- Parse `data` (a Lua string, Tvb or TvbRange) with spec `id`; extra arguments are the
-- root type's parameters. Returns true, object or false, error object.
-- Inside a packet (begin_packet) the parse draws from the packet's budget; outside, it has
-- one of its own for its bytes.
function Runtime:parse(id, data, ...)
  if self.objects_per_byte == nil then
    error("wirestruct: the runtime has no limits (wirestruct.new's or rt:set_limits)", 2)
  end
  local cls = self:class(id)
  local KaitaiStream = rawget(self.env, "KaitaiStream")
  local budget = self.loaded["class"].budget
  local ok, io = pcall(KaitaiStream, data)
  if not ok then
    self.boundary = nil
    return false, on_error(self, io)
  end
  if self.packets == 0 then
    local limit = self.objects_per_byte * io._size + self.objects_base
    budget.left, budget.limit = limit, limit
  end
  local n = select("#", ...)
  local args = { ... }
  args[n + 1] = io
  self.run_cls, self.run_args, self.run_n = cls, args, n + 1
  self.boundary = self.run
  local class = self.loaded["class"]
  local ok2, result
  if self.ranges then
    self.loaded["string_stream"].reset()
    ok2, result = xpcall(self.run, self.handler)
  else
    -- without ranges; a failure is parsed again with them, from the same budget and
    -- with the same string notes, so that its error is placed as always
    local left, strings = budget.left, self:require("string_decode")
    local noted = strings.mark()
    self.loaded["string_stream"].reset()
    class.set_ranges(false)
    ok2, result = xpcall(self.run, self.lean_handler)
    class.set_ranges(true)
    if not ok2 then
      budget.left = left
      strings.rewind(noted)
      args[n + 1] = KaitaiStream(data)
      self.loaded["string_stream"].reset()
      ok2, result = xpcall(self.run, self.handler)
    end
  end
  self.run_cls, self.run_args = nil, nil
  return ok2, result
end

-- The function a parse runs and its error handler: made once for each runtime.
local table_unpack = table.unpack or unpack

function Runtime:_parse_functions()
  self.run = function()
    local obj = self.run_cls(table_unpack(self.run_args, 1, self.run_n))
    return obj   -- not a tail call: the error walk stops at this function
  end
  self.handler = function(err) return on_error(self, err) end
  self.lean_handler = function(err) return err end
  -- class.lua's lean objects: which classes make repeated fields
  local class = self:require("class")
  class.makes_lists = function(cls)
    local name = rawget(self:names(), cls)
    if name == nil then
      self.class_names = nil
      name = rawget(self:names(), cls)
    end
    return name == nil or self.repeats[name] == true
  end
end

-- Raw LZ4 block decompression (lz4block.lua): true, bytes or false, error object.
-- Inside a packet, the bytes it returns widen the packet's budget.
function Runtime:lz4(block, cap, expected_size)
  local lz4 = self:require("lz4block")
  local ok, out = pcall(lz4.decompress, block, cap, expected_size)
  if ok and type(out) == "string" then self:widen_budget(#out) end
  return ok, out
end

--=== the kept store ============================================================================
-- A store of values kept across packets, bounded in bytes: `put(owner, key, value, size)`
-- keeps a value (size: the bytes it holds, as its keeper counts them; every entry counts
-- ENTRY_COST more for itself), forgetting the least recently used values while the total
-- is over the limit (a value larger than the whole limit is not kept at all); `get(key)`
-- returns the value and true, or nil and false when it is not (or no longer) kept;
-- `clear(owner)` forgets the values `owner` put. A doubly linked list, newest first.
local Store = {}
Store.__index = Store
M.ENTRY_COST = 64

function M.store(limit)
  local head = {}
  head.newer, head.older = head, head
  return setmetatable({ limit = limit, total = 0, count = 0, forgotten = 0, nodes = {},
    head = head }, Store)
end

local function unlink(node)
  node.newer.older, node.older.newer = node.older, node.newer
end

local function link_first(store, node)
  local head = store.head
  node.newer, node.older = head, head.older
  head.older.newer = node
  head.older = node
end

local function drop(store, node)
  unlink(node)
  store.nodes[node.key] = nil
  store.total = store.total - node.size
  store.count = store.count - 1
end

function Store:get(key)
  local node = self.nodes[key]
  if node == nil then return nil, false end
  unlink(node)
  link_first(self, node)
  return node.value, true
end

function Store:put(owner, key, value, size)
  local old = self.nodes[key]
  if old then drop(self, old) end
  local node = { key = key, owner = owner, value = value, size = (size or 0) + M.ENTRY_COST }
  self.nodes[key] = node
  self.total = self.total + node.size
  self.count = self.count + 1
  link_first(self, node)
  local head = self.head
  while self.total > self.limit and head.newer ~= head do
    drop(self, head.newer)   -- the least recently used
    self.forgotten = self.forgotten + 1
  end
end

-- The value kept under `key` grew by `bytes` (its keeper filled it in after putting it).
function Store:grow(key, bytes)
  local node = self.nodes[key]
  if node == nil or not bytes or bytes <= 0 then return end
  node.size = node.size + bytes
  self.total = self.total + bytes
  local head = self.head
  while self.total > self.limit and head.newer ~= head do
    drop(self, head.newer)
    self.forgotten = self.forgotten + 1
  end
end

function Store:clear(owner)
  local head = self.head
  local node = head.older     -- the newest, then older ones
  while node ~= head do
    local next_node = node.older
    if owner == nil or node.owner == owner then drop(self, node) end
    node = next_node
  end
end

-- The one kept store of every runtime this file made (limit: bytes; the smallest limit
-- any of them gives holds).
local shared_store = nil

function Runtime:kept_store(limit)
  if shared_store == nil then
    shared_store = M.store(limit or math.huge)
  elseif limit and limit < shared_store.limit then
    shared_store.limit = limit
  end
  return shared_store
end

--=== reading parsed objects ==================================================================
-- Offset and size of field `name` of `obj` (a repeated field: its first to its last
-- item), or nil.
function M.field_span(obj, name)
  local off, len, items = span_of(obj, name)
  if off then return off, len end
  if items and #items > 0 then
    local last = #items
    return items[1], items[last - 1] + items[last] - items[1]
  end
  return nil
end

-- Offset and size of item `i` (1-based) of repeated field `name`, or nil.
function M.item_span(obj, name, i)
  local _, _, items = span_of(obj, name)
  if not items or not items[2 * i] then return nil end
  return items[2 * i - 1], items[2 * i]
end

-- The fields of `obj` in the order they were read.
function M.fields(obj)
  return field_names(obj)
end

-- Where field `name` of `obj` lies: offset, size (nil, nil, {off1, len1, ...} for a
-- repeated field), or nil.
function M.span(obj, name)
  return span_of(obj, name)
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
  return type(value) == "table" and rawget(value, "_ws_pos") ~= nil
end

-- Is `value` an enum entry ({label, value}; label nil for a value the enum lacks)?
function M.is_enum(value)
  local mt = type(value) == "table" and getmetatable(value)
  return mt and rawget(mt, "_ws_enum_entry") == true or false
end

return M
