-- diep.io in Wireshark: the protocol's own piece of wirestruct's dissector (see
-- wirestruct/wireshark/lua/dissector.lua for the hooks; p.data comes from
-- wirestruct.protocols.diep.wireshark).
--
-- A diep.io packet is one message: one WebSocket message on the wire (once the game's own
-- encryption layer, if any, is removed), one record of a wirestruct capture, one frame of
-- the exported-PDU pcapng `wirestruct convert --to pcapng` writes. Clientbound packets
-- (server to client) are parsed with the build's spec, serverbound ones with
-- diep_serverbound; the direction is the exported PDU's (sent: serverbound), or else the
-- side with the lower port is taken for the server. A 0x02 packet's LZ4 block is
-- decompressed (its declared length capped and checked against the output) and the inner
-- packet shown as a packet of its own, from a tab of its own; a 0x02 inside a 0x02 is a
-- LimitExceededError. On WebSocket the dissector is a heuristic: a message that parses is
-- taken.
local piece = {}
local P2P_DIR_SENT, P2P_DIR_RECV = 0, 1

local function serverbound(pinfo)
  if pinfo.p2p_dir == P2P_DIR_SENT then return true end
  if pinfo.p2p_dir == P2P_DIR_RECV then return false end
  return pinfo.src_port > pinfo.dst_port   -- the client's port is the higher one
end

function piece.root_spec(p, tvb, pinfo)
  return serverbound(pinfo) and p.data.serverbound or p.data.clientbound
end

function piece.name_of(p, obj)
  local id = obj.packet_id
  return id.label or string.format("unknown_0x%02x", id.value)
end

function piece.name_of_bytes(p, tvb)
  if tvb:len() < 1 then return "empty" end
  return string.format("packet 0x%02x", tvb(0, 1):uint())
end

function piece.check(p, tvb, pinfo)
  if tvb:len() == 0 then
    return { kind = "ParseError", name = "empty", message = "empty packet",
      expected = "a header byte", offset = 0 }
  end
end

-- 0x02: the LZ4 block decompressed, the packet inside shown as a packet of its own.
function piece.after(p, obj, tvb, pinfo, tree, item, depth)
  if obj.packet_id.value ~= p.data.compressed or serverbound(pinfo) then return nil end
  local body = obj.body
  if depth >= 1 then
    p.add_error(item, tvb, { kind = "LimitExceededError", offset = 5,
      message = "a 0x02 packet inside a 0x02 packet", expected = "one level of compression",
      field_path = "body.lz4_block" })
    return nil
  end
  local ok, inner = p.rt:lz4(body.lz4_block, p.config.limits.max_decompressed,
    body.len_decompressed)
  if not ok then
    inner.offset, inner.field_path = 5, "body.lz4_block"
    p.add_error(item, tvb, inner)
    return nil
  end
  local inner_tvb = ByteArray.new(inner, true):tvb("Decompressed 0x02")
  p.dissect_packet(inner_tvb, pinfo, tree, depth + 1)
  return nil
end

return piece
