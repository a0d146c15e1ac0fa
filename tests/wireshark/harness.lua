-- Runs wirestruct's generated Lua parsers and Lua runtime on the packets of a task file
-- and prints what they found, one JSON line per task, for tests/wireshark to compare
-- with the Python parse. Runs on lua5.2, 5.3 and 5.4.
--
--   lua harness.lua RUNTIME_DIR TASK_FILE GENERATED_DIR...
--
-- Task lines (tab-separated, bytes as hex):
--   parse <spec id> <hex>            -> {"view": ..., "spans": {path: [off, len]}}
--                                        or {"error": {...}}
--   lz4 <cap> <expected size|-> <hex> -> {"hex": ...} or {"error": {...}}
-- A view is the object as wirestruct's `--raw` JSON has it (fields, parameters and
-- instances by name), with tagged leaves: {"$h": hex} for bytes and text (the text's
-- UTF-8 bytes), {"$enum": label, "$v": value} for enum entries, {"$f": "NaN"|...} for
-- non-finite floats; integers as JSON integers and, on Lua 5.3+, floats always with a
-- fraction or exponent.
local runtime_dir, task_file = arg[1], arg[2]
local dirs = { runtime_dir }
for i = 3, #arg do dirs[#dirs + 1] = arg[i] end

local wirestruct = dofile(runtime_dir .. "/wirestruct.lua")
local rt = wirestruct.new(dirs)

local format, byte, concat = string.format, string.byte, table.concat
local math_type = math.type

local function hex(s)
  return (s:gsub(".", function(c) return format("%02x", byte(c)) end))
end

local function json_string(s)
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
  if x == math.floor(x) and x > -2^63 and x < 2^63 then return format("%.0f", x) end
  return format("%.17g", x)
end

local view

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
      local off, len = obj._ws_off[name], obj._ws_len[name]
      if off then spans[#spans + 1] = json_string(here) .. ":[" .. number(off) .. "," .. number(len) .. "]" end
      local items = obj._ws_items[name]
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
      local ok, value = pcall(function() return obj[name] end)
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
  return (h:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end))
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
  else
    out:write('{"error":{"kind":"HarnessError","message":"bad task line"}}\n')
  end
end
