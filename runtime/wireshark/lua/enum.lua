-- wirestruct's Lua runtime: enums of the generated code (Lua 5.2-5.4).
--
-- `E = enum.Enum {name = value, ...}`; `E.name` is the entry {label, value}; `E(value)`
-- is the entry of that value, the same table every time (so `==` compares entries), or,
-- for a value the enum does not list, an entry of its own with no label: the generated
-- code reads `.value` of whatever it got, so an unknown value is not an error. `E(entry)`
-- is the entry itself (the compiler wraps enum-valued expressions once more).
local enum = {}

-- Entries are unique: one table per enum and value (a value the enum lacks gets its entry
-- from a weak cache, so while an entry is in use `E(value)` returns that one), so `==` is
-- plain table identity and needs no __eq call, as the generated switches compare an entry
-- with every case in turn.
local Entry = { _ws_enum_entry = true }
Entry.__index = Entry
Entry.__tostring = function(e) return e.label or tostring(e.value) end

function enum.Enum(names)
  local by_name, by_value = {}, {}
  local e = { _enums = by_name, _by_value = by_value }
  for label, value in pairs(names) do
    local entry = setmetatable({ label = label, value = value, enum = e }, Entry)
    by_name[label] = entry
    if by_value[value] == nil or label < by_value[value].label then
      by_value[value] = entry
    end
  end
  local unknown = setmetatable({}, { __mode = "v" })
  return setmetatable(e, {
    __index = by_name,
    __call = function(_, value)
      local entry = by_value[value]
      if entry ~= nil then return entry end
      -- An enum-valued expression comes wrapped once more: `E(E.name)` is `E.name`.
      if getmetatable(value) == Entry then return value end
      if value == nil or value ~= value then
        return setmetatable({ value = value, enum = e }, Entry)
      end
      -- (a 64-bit Wireshark integer is a userdata: keyed by its text, as equal ones are
      -- different userdata)
      local key = value
      if type(value) == "userdata" then key = "u" .. tostring(value) end
      entry = unknown[key]
      if entry == nil then
        entry = setmetatable({ value = value, enum = e }, Entry)
        unknown[key] = entry
      end
      return entry
    end,
  })
end

-- Is `value` an enum entry?
function enum.is_entry(value)
  return getmetatable(value) == Entry
end

return enum
