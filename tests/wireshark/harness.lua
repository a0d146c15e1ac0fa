-- Runs wirestruct's generated Lua parsers and Lua runtime on the packets of a task file
-- and prints what they found, one JSON line per task, for tests/wireshark to compare
-- with the Python parse. Runs on lua5.2, 5.3 and 5.4.
--
--   lua harness.lua RUNTIME_DIR TASK_FILE [LIMIT=VALUE...] GENERATED_DIR...
--
-- LIMIT=VALUE arguments are the runtime's limits (wirestruct.core.limits, as the Python
-- side has them: lua_harness.py passes max_parse_objects_per_byte and
-- parse_objects_allowance).
--
-- Task lines (tab-separated, bytes as hex):
--   parse <spec id> <hex>            -> {"view": ..., "spans": {path: [off, len]}}
--                                        or {"error": {...}}
--   lz4 <cap> <expected size|-> <hex> -> {"hex": ...} or {"error": {...}}
--   inflate <size> <hex>             -> {"hex": ...} or {"error": {...}} (inflate.exact)
--   feed <cap> <per feed> <hex,hex,...> -> {"sizes": [...], "hex": all, "inside": bool}
--                                        or with "error" and "at" (the piece that failed)
--   load <module>                    -> {"loaded": true} or {"error": {...}}
--   reads <op,op,...> <hex>          -> {"values": [...], "pos": [...]} (+ "error" and
--                                        "at" when op number `at` failed); ops: u1 s1
--                                        u2le ... s8be f4le ... f8be, bbe<n> ble<n>
--                                        (bit fields), n<k> (k bytes), full, align,
--                                        seek<k>, term<byte>:<include>:<consume>:<eos_error>,
--                                        eof, size
-- A view is the object as wirestruct's `--raw` JSON has it (fields, parameters and
-- instances by name), with tagged leaves: {"$h": hex} for bytes and text (the text's
-- UTF-8 bytes), {"$enum": label, "$v": value} for enum entries, {"$f": "NaN"|...} for
-- non-finite floats; integers as JSON integers and, on Lua 5.3+, floats always with a
-- fraction or exponent.
local runtime_dir, task_file = arg[1], arg[2]
local dirs, limits = { runtime_dir }, {}
for i = 3, #arg do
  local name, value = arg[i]:match("^([%w_]+)=(%d+)$")
  if name then limits[name] = tonumber(value) else dirs[#dirs + 1] = arg[i] end
end

local wirestruct = dofile(runtime_dir .. "/wirestruct.lua")
local rt = wirestruct.new(dirs, nil, limits)

local format, byte, concat = string.format, string.byte, table.concat
local math_type = math.type

local TO_HEX, FROM_HEX = {}, {}
for b = 0, 255 do
  local h = format("%02x", b)
  TO_HEX[string.char(b)] = h
  FROM_HEX[h] = string.char(b)
  FROM_HEX[h:upper()] = string.char(b)
end

local function hex(s)
  return (s:gsub(".", TO_HEX))
end

local function json_string(s)
  if not s:find('[%c"\\\128-\255]') then return '"' .. s .. '"' end
  return '"' .. s:gsub('[%c"\\\128-\255]', function(c)
    local b = byte(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" end
    return format("\\u%04x", b)
  end) .. '"'
end

local function number(x)
  if x ~= x then return '{"$f":"NaN"}' end
  if x == math.huge then return '{"$f":"Infinity"}' end
  if x == -math.huge then return '{"$f":"-Infinity"}' end
  if math_type then
    if math_type(x) == "integer" then return format("%d", x) end
    local text = format("%.17g", x)
    if not text:find("[%.eEn]") then text = text .. ".0" end
    return text
  end
  if x == 0 and 1 / x < 0 then return "-0.0" end
  if x == math.floor(x) and x > -2^63 and x < 2^63 then return format("%.0f", x) end
  return format("%.17g", x)
end

local view

local function index(obj, name) return obj[name] end

local function leaf(value, path, spans, depth)
  local t = type(value)
  if t == "string" then return '{"$h":"' .. hex(value) .. '"}' end
  if t == "boolean" then return tostring(value) end
  if t == "number" then return number(value) end
  if t == "userdata" then return '{"$i64":"' .. tostring(value) .. '"}' end
  if wirestruct.is_enum(value) then
    if value.label == nil then return number(value.value) end
    return '{"$enum":' .. json_string(value.label) .. ',"$v":' .. number(value.value) .. "}"
  end
  if wirestruct.is_object(value) then return view(value, path, spans, depth + 1) end
  if t == "table" then
    local items = {}
    for i = 1, #value do
      items[i] = leaf(value[i], path .. "[" .. (i - 1) .. "]", spans, depth)
    end
    return "[" .. concat(items, ",") .. "]"
  end
  return "null"
end

view = function(obj, path, spans, depth)
  if depth > 64 then return '"<too deep>"' end
  local out = {}
  local prefix = path == "" and "" or path .. "."
  local seen = {}
  for name, value in pairs(obj) do
    if type(name) == "string" and name:byte(1) ~= 95 then
      seen[name] = true
      local here = prefix .. name
      local off, len, items = wirestruct.span(obj, name)
      if off then spans[#spans + 1] = json_string(here) .. ":[" .. number(off) .. "," .. number(len) .. "]" end
      if items then
        for i = 1, #items / 2 do
          spans[#spans + 1] = json_string(here .. "[" .. (i - 1) .. "]") .. ":[" ..
            number(items[2 * i - 1]) .. "," .. number(items[2 * i]) .. "]"
        end
      end
      out[#out + 1] = json_string(name) .. ":" .. leaf(value, here, spans, depth)
    end
  end
  for _, name in ipairs(wirestruct.instances(obj)) do
    if not seen[name] then
      local ok, value = pcall(index, obj, name)
      if ok and value ~= nil then
        out[#out + 1] = json_string(name) .. ":" .. leaf(value, prefix .. name, spans, depth)
      end
    end
  end
  return "{" .. concat(out, ",") .. "}"
end

local function error_json(err)
  local parts = {}
  for _, key in ipairs({ "kind", "message", "expected", "field_path" }) do
    if err[key] ~= nil then parts[#parts + 1] = '"' .. key .. '":' .. json_string(tostring(err[key])) end
  end
  if err.offset ~= nil then parts[#parts + 1] = '"offset":' .. number(err.offset) end
  return '{"error":{' .. concat(parts, ",") .. "}}"
end

local function unhex(h)
  return (h:gsub("%x%x", FROM_HEX))
end

local out = io.stdout
for line in io.lines(task_file) do
  local kind, a, b, c = line:match("^(%w+)\t([^\t]*)\t?([^\t]*)\t?([^\t]*)$")
  if kind == "parse" then
    local ok, obj = rt:parse(a, unhex(b))
    if ok then
      local spans = {}
      local v = view(obj, "", spans, 0)
      out:write('{"view":', v, ',"spans":{', concat(spans, ","), "}}\n")
    else
      out:write(error_json(obj), "\n")
    end
  elseif kind == "lz4" then
    local expected = b ~= "-" and tonumber(b) or nil
    local ok, data = rt:lz4(unhex(c), tonumber(a), expected)
    if ok then
      out:write('{"hex":"', hex(data), '"}\n')
    else
      out:write(error_json(data), "\n")
    end
  elseif kind == "inflate" then
    local ok, data = rt:require("inflate").exact(unhex(b), tonumber(a))
    if ok then
      out:write('{"hex":"', hex(data), '"}\n')
    else
      out:write(error_json(data), "\n")
    end
  elseif kind == "feed" then
    local inflater = rt:require("inflate").new(tonumber(a), tonumber(b), "map")
    local sizes, all, failed = {}, {}, nil
    local k = 0
    for piece in (c .. ","):gmatch("(%x*),") do
      k = k + 1
      local ok, data = inflater:feed(unhex(piece))
      if not ok then failed = { k, data } break end
      sizes[#sizes + 1] = tostring(#data)
      all[#all + 1] = hex(data)
    end
    out:write('{"sizes":[', concat(sizes, ","), '],"hex":"', concat(all), '","inside":',
      tostring(inflater:in_stream()))
    if failed then
      local e = error_json(failed[2])
      out:write(',"at":', tostring(failed[1]), ",", e:sub(2, -2))
    end
    out:write("}\n")
  elseif kind == "load" then
    local ok, err = pcall(rt.require, rt, a)
    if ok then out:write('{"loaded":true}\n') else out:write(error_json({ kind = "LoadError", message = tostring(err) }), "\n") end
  elseif kind == "reads" then
    local KaitaiStream = rt.env.KaitaiStream or (rt:require("kaitaistruct") and rt.env.KaitaiStream)
    local io = KaitaiStream(unhex(b))
    local values, positions, at, failure = {}, {}, nil, nil
    local k = 0
    for op in a:gmatch("[^,]+") do
      k = k + 1
      local ok, value = pcall(function()
        local n = op:match("^bbe(%d+)$")
        if n then return io:read_bits_int_be(tonumber(n)) end
        n = op:match("^ble(%d+)$")
        if n then return io:read_bits_int_le(tonumber(n)) end
        n = op:match("^n(%d+)$")
        if n then return io:read_bytes(tonumber(n)) end
        n = op:match("^seek(%d+)$")
        if n then io:seek(tonumber(n)) return nil end
        local term, inc, con, eos = op:match("^term(%d+):(%d):(%d):(%d)$")
        if term then return io:read_bytes_term(tonumber(term), inc == "1", con == "1", eos == "1") end
        if op == "full" then return io:read_bytes_full() end
        if op == "align" then io:align_to_byte() return nil end
        if op == "eof" then return io:is_eof() end
        if op == "size" then return io:size() end
        return io["read_" .. op](io)
      end)
      if not ok then at, failure = k, value break end
      values[#values + 1] = value == nil and "null" or leaf(value, "", {}, 0)
      positions[#positions + 1] = number(io:pos())
    end
    out:write('{"values":[', concat(values, ","), '],"pos":[', concat(positions, ","), "]")
    if at then
      local e = error_json(type(failure) == "table" and failure or { kind = "LuaError", message = tostring(failure) })
      out:write(',"at":', tostring(at), ",", e:sub(2, -2))
    end
    out:write("}\n")
  else
    out:write('{"error":{"kind":"HarnessError","message":"bad task line"}}\n')
  end
end
