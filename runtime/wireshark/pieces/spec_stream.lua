-- wirestruct: the piece of a stream protocol given by its spec alone (`--ksy SPEC.ksy
-- --transport tcp`): one packet of the root spec after another in each direction of each
-- TCP stream, as wirestruct's spec decoder reads them. A packet's length is what the root
-- spec reads: a parse that runs out of the bytes so far asks TCP for more, a parse that
-- fails otherwise leaves the rest of the segment to the dissector, which shows the error.
local piece = {}

-- Whether a parse error is the end of the bytes so far (`data`, a string), not of a part
-- of the packet whose size the spec gives: a read that wanted more than the bytes left up
-- to the end of `data`, or a terminator that none of the bytes left is.
local function ran_out(err, data)
  if type(err) ~= "table" or err.kind ~= "ParseError" or type(err.offset) ~= "number" then
    return false
  end
  local message = tostring(err.message or "")
  local have = message:match("^unexpected end of data: requested %d+ bytes, but only " ..
    "(%d+) bytes available")
  if have then return err.offset + tonumber(have) >= #data end
  local term = message:match("^end of stream reached, but no terminator (%d+) found")
  if term then
    return data:find(string.char(tonumber(term)), err.offset + 1, true) == nil
  end
  return false
end

function piece.pdu_length(p, tvb, pinfo, offset)
  local available = tvb:len() - offset
  local data = tvb:raw(offset, available)
  local ok, result = p.rt:parse(p.config.root_spec, data)
  if ok then
    local used = result._io and result._io:pos() or 0
    if used > 0 then return used end
    return available
  end
  if ran_out(result, data) then
    return available + 1            -- at least one more byte: TCP reassembles
  end
  return available                  -- shown as the packet that failed
end

return piece
