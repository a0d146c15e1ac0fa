-- Runs wirestruct's Wireshark plugin (the entry script build_plugin writes) under a
-- standalone Lua 5.2, 5.3 or 5.4 on the stand-in for Wireshark's API
-- (wireshark_api.lua), one frame a task line, and prints per frame one JSON line: the
-- tree as PDML, the Protocol and Info columns, the expert infos, and the Lua error if the
-- dissector raised one (it never should).
--
--   lua dissect.lua API_FILE PLUGIN_ENTRY TASK_FILE [passes]
--
-- Task lines (tab-separated): proto, frame number, p2p direction (0 sent, 1 received, -1
-- none), source port, destination port, frame bytes as hex. With `passes` 2 every frame is
-- dissected once without a tree (Wireshark's first pass), then again, in reverse order,
-- as visited (random access in the GUI); only the second pass is printed.
local api_file, entry, task_file, passes = arg[1], arg[2], arg[3], tonumber(arg[4] or "1")
local api = dofile(api_file)
api.install()
dofile(entry)

local format, concat = string.format, table.concat

local function json_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" end
    return format("\\u%04x", c:byte())
  end) .. '"'
end

local function unhex(h)
  return (h:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end))
end

local frames = {}
for line in io.lines(task_file) do
  local proto, number, dir, sport, dport, data = line:match(
    "^(%S+)\t(%d+)\t(%-?%d+)\t(%d+)\t(%d+)\t(%x*)$")
  frames[#frames + 1] = { proto = proto, number = tonumber(number), dir = tonumber(dir),
    sport = tonumber(sport), dport = tonumber(dport), data = unhex(data) }
end

local function dissect(f, visited, visible)
  local frame = api.frame(f.number, f.data, { p2p_dir = f.dir, src_port = f.sport,
    dst_port = f.dport, visited = visited })
  api.visible = visible
  local proto = api.protos[f.proto]
  local ok, err = xpcall(proto.dissector, debug.traceback, frame.tvb, frame.pinfo, frame.tree)
  return frame, ok, err
end

local results = {}
if passes == 2 then
  for _, f in ipairs(frames) do dissect(f, false, false) end
  for i = #frames, 1, -1 do
    local frame, ok, err = dissect(frames[i], true, true)
    results[i] = { frame, ok, err }
  end
else
  for i, f in ipairs(frames) do
    local frame, ok, err = dissect(f, false, true)
    results[i] = { frame, ok, err }
  end
end

local out = io.stdout
for _, r in ipairs(results) do
  local frame, ok, err = r[1], r[2], r[3]
  local experts = {}
  for k, text in ipairs(frame.experts) do experts[k] = json_string(text) end
  out:write('{"pdml":', json_string(api.pdml(frame)), ',"protocol":',
    json_string(frame.cols.protocol.text), ',"info":', json_string(frame.cols.info.text),
    ',"experts":[', concat(experts, ","), "]")
  if not ok then out:write(',"error":', json_string(tostring(err))) end
  out:write("}\n")
end
