-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("mme_types")
local str_decode = require("string_decode")

-- 
-- Payloads of the packets that create and fill the map: the loading screen, map setup and
-- properties, fills, single-block changes, compressed region data, the append buffer and
-- the whole-map stream. Block type 0 means "leave this block alone" in every one of them.
-- 
-- Compressed data is zlib (the client also accepts gzip, anything zlib's automatic header
-- detection accepts), and may be several streams appended end to end. It stays bytes
-- here so the spec loads everywhere; wirestruct's runtime inflates it, capped by the
-- region's volume, and `mme_map_region` parses the result.
-- See also: protocol.txt, "PACKET_MAP_SETUP 14" to "PACKET_BUFFER_IS_FILE_DATA 23"
MmeMap = class.class(KaitaiStruct)

function MmeMap:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MmeMap:_read()
end


-- 
-- BUFFER_IS_MAP_DATA (12): inflate the whole buffer (possibly several compressed
-- streams end to end) into this region, as MAP_DATA does.
-- See also: protocol.txt, "PACKET_BUFFER_IS_MAP_DATA 22"
MmeMap.BufferIsMapData = class.class(KaitaiStruct)

function MmeMap.BufferIsMapData:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.BufferIsMapData:_read()
  self.region = MmeTypes.Region(self._io)
  self.ignored = self._io:read_bytes_full()
end

-- 
-- The box the buffer's data fills; the data comes from BUFFER_RESET /
-- BUFFER_APPEND.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- BUFFER_APPEND and MAP_TOTAL_DATA (any size): the next piece of a compressed byte
-- stream. BUFFER_APPEND adds it to the buffer; MAP_TOTAL_DATA inflates it straight
-- into the whole map (x fastest, then y, then z) as it arrives.
-- See also: protocol.txt, "PACKET_BUFFER_RESET 20" and "PACKET_MAP_TOTAL_RESET 18"
MmeMap.CompressedChunk = class.class(KaitaiStruct)

function MmeMap.CompressedChunk:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.CompressedChunk:_read()
  self.data = self._io:read_bytes_full()
end

-- 
-- The next piece of the compressed stream; pieces need not end on a stream
-- boundary.
-- 
-- When writing, a piece of the compressed stream as bytes (`size-eos`):
-- `len_payload` decides its length.

-- 
-- MAP_DATA (12 minimum): compressed block data for a region, x fastest, then y, then
-- z; decompressed it is exactly `region.volume` bytes. 0 bytes leave blocks alone.
-- The compressed size is at most 65524 bytes (32x32x32 chunks are recommended).
-- See also: protocol.txt, "PACKET_MAP_DATA 17"
MmeMap.MapData = class.class(KaitaiStruct)

function MmeMap.MapData:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.MapData:_read()
  self.region = MmeTypes.Region(self._io)
  self.data = self._io:read_bytes_full()
end

-- 
-- The box the data fills; the lower corner must not exceed the upper one, and it
-- must lie inside the map.
-- 
-- zlib (or gzip) data, possibly several streams end to end.
-- When writing, the zlib stream (or gzip member) of the region's blocks, compressed
-- by the writer (`wirestruct.mme.encoder.compress_blocks`); `region`'s volume must
-- match the block count.

-- 
-- MAP_FILL (13, 14): fill a region (corners inclusive) with one block type; the
-- player id is optional.
-- See also: protocol.txt, "PACKET_MAP_FILL 16"
MmeMap.MapFill = class.class(KaitaiStruct)

function MmeMap.MapFill:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.MapFill:_read()
  self.region = MmeTypes.Region(self._io)
  self.block_type = self._io:read_u1()
  if self._io:size() >= 14 then
    self.player_id = self._io:read_u1()
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- The box to fill; the lower corner must not exceed the upper one.
-- 
-- 0 leaves the region alone.
-- 
-- Player responsible for the fill.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- MAP_LOADING (any size): shows the map loading screen with a progress bar; an empty
-- packet removes it.
-- See also: protocol.txt, "PACKET_MAP_LOADING 12"
MmeMap.MapLoading = class.class(KaitaiStruct)

function MmeMap.MapLoading:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.MapLoading:_read()
  if self._io:size() >= 1 then
    self.progress = self._io:read_u1()
  end
  if self._io:size() >= 2 then
    self.message = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
  end
end

-- 
-- An empty packet - the loading screen is removed.
MmeMap.MapLoading.property.removes_screen = {}
function MmeMap.MapLoading.property.removes_screen:get()
  if self._m_removes_screen ~= nil then
    return self._m_removes_screen
  end

  self._m_removes_screen = self._io:size() == 0
  return self._m_removes_screen
end

-- 
-- 0 shows no progress, 255 the maximum ("so close it rounds to 100%").
-- 
-- Replaces the displayed message (default "Receiving map data...").

-- 
-- MAP_MODIFY (7, 8): change one block.
-- See also: protocol.txt, "PACKET_MAP_MODIFY 25"
MmeMap.MapModify = class.class(KaitaiStruct)

function MmeMap.MapModify:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.MapModify:_read()
  self.x = self._io:read_s2le()
  self.y = self._io:read_s2le()
  self.z = self._io:read_s2le()
  self.block_type = self._io:read_u1()
  if self._io:size() >= 8 then
    self.player_id = self._io:read_u1()
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Block x coordinate.
-- 
-- Block y coordinate.
-- 
-- Block z coordinate.
-- 
-- 0 leaves the block alone.
-- 
-- The player who changed the block; 0 for none (water flows, animations).
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- MAP_PROPERTIES (8): properties that do not reset the map data.
-- See also: protocol.txt, "PACKET_MAP_PROPERTIES 15"
MmeMap.MapProperties = class.class(KaitaiStruct)

function MmeMap.MapProperties:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.MapProperties:_read()
  self.attributes = MmeMap.MapProperties.Attributes(self._io, self, self._root)
  self.block_size = self._io:read_f4le()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- U4 bit mask; every documented bit is reserved or a removed feature.
-- 
-- Size of a block, in meters.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- U4 bit mask, bit 0 first.
-- See also: protocol.txt, "PACKET_MAP_PROPERTIES 15" (U4 bit mask)
MmeMap.MapProperties.Attributes = class.class(KaitaiStruct)

function MmeMap.MapProperties.Attributes:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.MapProperties.Attributes:_read()
  self.removed_features = self._io:read_bits_int_le(3)
  self.reserved = self._io:read_bits_int_le(29)
end

-- 
-- Bits 0-2, removed features - always set to zero.
-- 
-- Bits 3-31, reserved (set to zero).

-- 
-- MAP_SETUP (0, 8): free the current map and create an empty one of these dimensions;
-- an empty packet only frees the map.
-- See also: protocol.txt, "PACKET_MAP_SETUP 14"
MmeMap.MapSetup = class.class(KaitaiStruct)

function MmeMap.MapSetup:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMap.MapSetup:_read()
  if self._io:size() >= 8 then
    self.size_x = self._io:read_u2le()
    local _ = self.size_x
    if not(_ % 32 == 0) then
      error("ValidationExprError")
    end
  end
  if self._io:size() >= 8 then
    self.size_y = self._io:read_u2le()
    local _ = self.size_y
    if not(_ % 32 == 0) then
      error("ValidationExprError")
    end
  end
  if self._io:size() >= 8 then
    self.size_z = self._io:read_u2le()
    local _ = self.size_z
    if not(_ % 32 == 0) then
      error("ValidationExprError")
    end
  end
  if self._io:size() >= 8 then
    self.sea_level = self._io:read_u2le()
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- No dimensions - the map is freed and none is created.
MmeMap.MapSetup.property.frees = {}
function MmeMap.MapSetup.property.frees:get()
  if self._m_frees ~= nil then
    return self._m_frees
  end

  self._m_frees = self._io:size() < 8
  return self._m_frees
end

-- 
-- Required to be a multiple of 32.
-- 
-- Required to be a multiple of 32.
-- 
-- Required to be a multiple of 32.
-- 
-- Height of the sea in the new map.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

