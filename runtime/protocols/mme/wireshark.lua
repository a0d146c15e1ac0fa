-- Multiplayer Map Editor in Wireshark: the protocol's own piece of wirestruct's dissector
-- (see wirestruct/wireshark/lua/dissector.lua for the hooks; the tables in p.data come
-- from wirestruct.protocols.mme.wireshark).
--
-- MME runs over TCP; packets are framed by their 4-byte header (type, payload length) and
-- reassembled by Wireshark. The protocol has no port of its own: a connection is claimed
-- by heuristic when its first packet is AVAILABLE_PACKET_TYPES or SELECT_PACKET_TYPES with
-- a valid size (every connection starts so), or by the `mme.tcp_port` preference. Before
-- the spec runs, a payload shorter than its type's smallest valid size is a DecodeError,
-- as wirestruct's decoder has it.
local piece = {}

local function name_of_type(p, t)
  return p.data.names[t] or ("unknown_" .. tostring(t))
end

function piece.name_of(p, obj)
  local t = obj.packet_type
  return t.label or name_of_type(p, t.value)
end

function piece.name_of_bytes(p, tvb)
  if tvb:len() < 2 then return "?" end
  return name_of_type(p, tvb(0, 2):le_uint())
end

-- A payload shorter than the type's smallest valid size: refused before the spec runs.
function piece.check(p, tvb)
  if tvb:len() < 4 then return nil end
  local t = tvb(0, 2):le_uint()
  local minimum = p.data.minimum[t]
  local size = tvb:len() - 4
  if minimum and size < minimum then
    return { kind = "DecodeError", name = name_of_type(p, t), offset = 0,
      message = name_of_type(p, t) .. " payload of " .. size ..
        " bytes is shorter than the smallest valid size",
      expected = "at least " .. minimum .. " bytes" }
  end
  return nil
end

function piece.pdu_length(p, tvb, pinfo, offset)
  return 4 + tvb(offset + 2, 2):le_uint()
end

-- Every MME connection starts with AVAILABLE_PACKET_TYPES (0) or SELECT_PACKET_TYPES (1).
function piece.heuristic(p, tvb, pinfo)
  if tvb:len() < 4 then return false end
  local t = tvb(0, 2):le_uint()
  local size = tvb(2, 2):le_uint()
  return (t == 0 or t == 1) and size <= 16
end

return piece
