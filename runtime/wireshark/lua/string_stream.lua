-- wirestruct's Lua runtime: `stringstream(s)`, the source of a substream.
--
-- The generated code reads a field's bytes, then parses them from a new stream:
--   self._raw_body = self._io:read_bytes(n)
--   local _io = KaitaiStream(stringstream(self._raw_body))
-- KaitaiStream notes the last bytes it read and where they started (`last_read`); a
-- string stream over that very string starts there, so the substream's field ranges are
-- absolute in the outermost buffer (as wirestruct's Python `tree` format gives them). A
-- string that was not just read starts at 0 (its own buffer).
local M = {}

M.last_read = { str = nil, abs = 0 }
local last_read = M.last_read

local Source = { _ws_source = true }
Source.__index = Source

local function new(s)
  local base = 0
  if last_read.str ~= nil and rawequal(s, last_read.str) then
    base = last_read.abs
    last_read.str = nil
  end
  return setmetatable({ buf = s, base = base }, Source)
end

function M.reset()
  last_read.str = nil
  last_read.abs = 0
end

return setmetatable(M, { __call = function(_, s) return new(s) end })
