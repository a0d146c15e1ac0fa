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
--
-- Before the spec runs, as wirestruct.protocols.diep.decoder does: an id the direction
-- does not have is a ParseError, and a clientbound packet's list counts (0x00's deletions
-- and upcreates, 0x08's hashes) are checked against max_items_per_packet,
-- max_entities_per_packet and the bytes left (wirestruct.protocols.diep.counts, its
-- numbers in p.data.counts), so that the generated parser never builds what the decoder
-- refuses. A packet is named as the command line names it (an unknown id: unknown_<id>,
-- in decimal).
local piece = {}
local P2P_DIR_SENT, P2P_DIR_RECV = 0, 1

local function serverbound(pinfo)
  if pinfo.p2p_dir == P2P_DIR_SENT then return true end
  if pinfo.p2p_dir == P2P_DIR_RECV then return false end
  return pinfo.src_port > pinfo.dst_port   -- the client's port is the higher one
end

local function side(pinfo)
  return serverbound(pinfo) and "serverbound" or "clientbound"
end

function piece.root_spec(p, tvb, pinfo)
  return p.data[side(pinfo)]
end

local function name_of_id(p, pinfo, id)
  local names = p.data.names
  local name = pinfo and names[side(pinfo)][id]
  if name == nil then name = names.clientbound[id] or names.serverbound[id] end
  return name or ("unknown_" .. tostring(id))
end

function piece.name_of(p, obj)
  local id = obj.packet_id
  return id.label or ("unknown_" .. tostring(id.value))
end

function piece.name_of_bytes(p, tvb)
  if tvb:len() < 1 then return "empty" end
  return name_of_id(p, nil, tvb(0, 1):uint())
end

local function fail(kind, message, expected, offset, field_path, dropped)
  return { kind = kind, message = message, expected = expected, offset = offset,
    field_path = field_path, dropped = dropped }
end

-- Raised when a walk of the first bytes of a packet (see `early_refusal`) needs bytes
-- past them: the walk cannot tell.
local NEED_MORE = {}
-- The size of the inner packet of a 0x02 whose first bytes alone are shown (see
-- `early_refusal`), while it is dissected.
local shown_total = nil

-- One varuint32 at `pos` (0-based) of `data`: value, end; raises the decoder's error.
-- `data` may be the first bytes of a packet of `total` bytes (NEED_MORE past them).
local function read_vu(data, pos, field, total)
  local value, scale = 0, 1
  local last = math.min(pos + 5, total or #data)
  for i = pos, last - 1 do
    local b = data:byte(i + 1)
    if b == nil then error(NEED_MORE, 0) end
    value = value + (b % 128) * scale
    if b < 128 then return value % 4294967296, i + 1 end
    scale = scale * 128
  end
  error(fail("DecodeError", "varuint " .. field .. " cut off or longer than 5 bytes",
    "a varuint32 of 1 to 5 bytes", pos, field), 0)
end

local function skip_entid(data, pos, field, total)
  local hash
  hash, pos = read_vu(data, pos, field, total)
  if hash ~= 0 then
    local _
    _, pos = read_vu(data, pos, field, total)
  end
  return pos
end

local function check_count(p, count, name, used, total, pos, count_pos)
  local limits = p.config.limits
  local limit = limits.max_items_per_packet
  if name == "upcreates" and count > limits.max_entities_per_packet then
    error(fail("LimitExceededError", count .. " upcreates declared", "at most " ..
      limits.max_entities_per_packet .. " entities in one packet", count_pos,
      "body.num_upcreates", total), 0)
  end
  if used + count > limit then
    error(fail("LimitExceededError", count .. " " .. name .. " declared (with " .. used ..
      " items before them)", "at most " .. limit .. " items in one packet", count_pos,
      "body.num_" .. name, total), 0)
  end
  local need = count * p.data.counts.min_bytes[name]
  if need > total - pos then
    error(fail("DecodeError", count .. " " .. name .. " declared but only " ..
      (total - pos) .. " bytes follow", "at least " .. need .. " bytes", count_pos,
      "body.num_" .. name, total), 0)
  end
end

-- The declared list counts of a clientbound packet (wirestruct.protocols.diep.counts):
-- the number of items declared, or raises the decoder's error object.
-- `data` may be the first bytes of a packet of `total` bytes: a walk that needs more of
-- it raises NEED_MORE.
function piece.check_counts(p, data, total)
  total = total or #data
  local c = p.data.counts
  local id = data:byte(1)
  if id == c.achievement then
    local count, pos = read_vu(data, 1, "body.num_hashes", total)
    check_count(p, count, "hashes", 0, total, pos, 1)
    return count
  end
  if id ~= c.update then return 0 end
  local _, pos = read_vu(data, 1, "body.tick", total)
  local count_pos = pos
  local deletions
  deletions, pos = read_vu(data, pos, "body.num_deletions", total)
  check_count(p, deletions, "deletions", 0, total, pos, count_pos)
  for i = 0, deletions - 1 do
    pos = skip_entid(data, pos, "body.deletions[" .. i .. "]", total)
  end
  count_pos = pos
  local upcreates
  upcreates, pos = read_vu(data, pos, "body.num_upcreates", total)
  check_count(p, upcreates, "upcreates", deletions, total, pos, count_pos)
  return deletions + upcreates
end

function piece.check(p, tvb, pinfo)
  if tvb:len() == 0 then
    return { kind = "ParseError", name = "empty", message = "empty packet",
      expected = "a header byte", offset = 0 }
  end
  local which = side(pinfo)
  local id = tvb(0, 1):uint()
  local name = p.data.names[which][id]
  if name == nil then
    return { kind = "ParseError", name = "unknown_" .. id, offset = 0,
      field_path = "packet_id", message = "unknown " .. p.data.labels[which] ..
        " packet id " .. string.format("0x%02x", id), expected = p.data.ids[which] }
  end
  if which == "clientbound" and (id == p.data.counts.update or
      id == p.data.counts.achievement) then
    local ok, err = pcall(piece.check_counts, p, tvb:raw(), shown_total)
    if not ok then
      if type(err) ~= "table" then err = fail("DecodeError", tostring(err)) end
      err.name = name
      return err
    end
  end
  return nil
end

-- An inner packet of a 0x02 whose first bytes already refuse it (its declared list
-- counts, as piece.check has them): the first bytes, when so; the 0x02 is then not
-- decompressed, which would cost time in its declared size, not in its bytes.
local HEAD = 64

local function early_refusal(p, block, size)
  local c = p.data.counts
  if type(size) ~= "number" or size > p.config.limits.max_decompressed or size <= HEAD then
    return nil
  end
  -- the first bytes, when the whole block is sound (lz4block.head: the LZ4 walk of the
  -- runtime's decompressor, in time linear in the block, not in its output)
  local head = p.rt:require("lz4block").head(block, size, HEAD)
  if head == nil then return nil end
  local id = head:byte(1)
  if id ~= c.update and id ~= c.achievement then return nil end
  local ok, err = pcall(piece.check_counts, p, head, size)
  if ok or err == NEED_MORE or type(err) ~= "table" then return nil end
  return head
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
  local head = early_refusal(p, body.lz4_block, body.len_decompressed)
  if head ~= nil then
    -- refused by its first bytes: those are shown, the packet is checked as its whole
    local head_tvb = ByteArray.new(head, true):tvb("Decompressed 0x02 (first " .. #head ..
      " of " .. body.len_decompressed .. " bytes)")
    shown_total = body.len_decompressed
    local ok, err = pcall(p.dissect_packet, head_tvb, pinfo, tree, depth + 1)
    shown_total = nil
    if not ok then error(err, 0) end
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
