-- What dissecting one frame costs wirestruct's Wireshark plugin under a standalone Lua
-- (5.2, 5.3 or 5.4) on the stand-in for Wireshark's API (wireshark_api.lua): per task line
-- (as dissect.lua takes them) one JSON line with the best CPU time of `rounds`
-- dissections of the frame ("seconds", os.clock), the Lua VM instructions of one, in
-- thousands ("kinstructions", counted by a debug hook), and the Info column and expert
-- infos of the last one.
--
--   lua cost.lua API_FILE PLUGIN_ENTRY TASK_FILE [rounds]
--
-- Every dissection is a first pass of its own (the plugin's state is reset with the
-- protocol's init before it), so that each round does the same work.
local api_file, entry, task_file, rounds = arg[1], arg[2], arg[3], tonumber(arg[4] or "3")
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

local function dissect(f)
  local proto = api.protos[f.proto]
  if proto.init then proto.init() end
  local frame = api.frame(f.number, f.data, { p2p_dir = f.dir, src_port = f.sport,
    dst_port = f.dport })
  api.visible = true
  proto.dissector(frame.tvb, frame.pinfo, frame.tree)
  return frame
end

local out = io.stdout
for line in io.lines(task_file) do
  local proto, number, dir, sport, dport, data = line:match(
    "^(%S+)\t(%d+)\t(%-?%d+)\t(%d+)\t(%d+)\t(%x*)$")
  local f = { proto = proto, number = tonumber(number), dir = tonumber(dir),
    sport = tonumber(sport), dport = tonumber(dport), data = unhex(data) }
  dissect(f)   -- modules loaded, caches warm
  local best = math.huge
  for _ = 1, rounds do
    collectgarbage()
    local start = os.clock()
    dissect(f)
    local took = os.clock() - start
    if took < best then best = took end
  end
  local thousands = 0
  debug.sethook(function() thousands = thousands + 1 end, "", 1000)
  local frame = dissect(f)
  debug.sethook()
  local experts = {}
  for k, text in ipairs(frame.experts) do experts[k] = json_string(text) end
  out:write(format('{"seconds":%.6f,"kinstructions":%d,"info":%s,"experts":[%s]}\n', best,
    thousands, json_string(frame.cols.info.text), concat(experts, ",")))
end
