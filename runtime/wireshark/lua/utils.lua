-- wirestruct's Lua runtime: helpers the generated code calls (Lua 5.2-5.4).
local utils = {}

-- `a and box_wrap(b) or c` keeps a false or nil `b`: the generated code writes the
-- ternary `cond ? b : c` as box_unwrap(cond and box_wrap(b) or c).
-- A box is unwrapped right after it is made (the value of `b` is computed before the
-- wrap, and `or c` is skipped once the box is there), so a few boxes, taken in turn, serve
-- every ternary: no table is made per ternary.
local Box = {}
local RING = 8
local boxes = {}
for i = 1, RING do boxes[i] = setmetatable({}, Box) end
local turn = 0

function utils.box_wrap(value)
  turn = turn % RING + 1
  local box = boxes[turn]
  box.value = value
  return box
end

function utils.box_unwrap(value)
  if getmetatable(value) == Box then
    local inner = value.value
    value.value = nil
    return inner
  end
  return value
end

local function pick(list, better, at)
  local n = #list
  if n == 0 then return nil end
  local best = at(list, 1)
  for i = 2, n do
    local item = at(list, i)
    if better(item, best) then best = item end
  end
  return best
end

local function item(list, i) return list[i] end
local function byte_at(s, i) return string.byte(s, i) end
local function less(a, b) return a < b end
local function more(a, b) return a > b end

function utils.array_min(list) return pick(list, less, item) end
function utils.array_max(list) return pick(list, more, item) end
function utils.byte_array_min(s) return pick(s, less, byte_at) end
function utils.byte_array_max(s) return pick(s, more, byte_at) end

return utils
