-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("mme_types")

-- 
-- Map data as wirestruct's runtime expands it for the Kaitai Web IDE: the region of a
-- MAP_DATA or BUFFER_IS_MAP_DATA packet (its 12 bytes as on the wire) followed by the
-- inflated block data of that region. The block data is laid out as the document
-- describes: `layers[z - lower_z].rows[y - lower_y].blocks[x - lower_x]`, x varying
-- fastest. Block 0 means "leave this block alone". This layout is wirestruct's export,
-- not a packet on the wire.
-- See also: protocol.txt, "PACKET_MAP_DATA 17"
MmeMapRegion = class.class(KaitaiStruct)

function MmeMapRegion:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MmeMapRegion:_read()
  self.region = MmeTypes.Region(self._io)
  self.layers = {}
  for i = 0, self.region.size_z - 1 do
    self.layers[i + 1] = MmeMapRegion.Layer(self._io, self, self._root)
  end
end

-- 
-- The region as the packet gave it; its `size_x`, `size_y` and `size_z` shape the
-- data.
-- 
-- One layer per z, lowest first.

-- 
-- The blocks of one z, as size_y rows.
-- See also: protocol.txt, "PACKET_MAP_DATA 17" (the index formula)
MmeMapRegion.Layer = class.class(KaitaiStruct)

function MmeMapRegion.Layer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMapRegion.Layer:_read()
  self.rows = {}
  for i = 0, self._root.region.size_y - 1 do
    self.rows[i + 1] = MmeMapRegion.Row(self._io, self, self._root)
  end
end

-- 
-- One row per y, lowest first.

-- 
-- The blocks of one y within a layer, x varying.
-- See also: protocol.txt, "PACKET_MAP_DATA 17" (the index formula)
MmeMapRegion.Row = class.class(KaitaiStruct)

function MmeMapRegion.Row:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeMapRegion.Row:_read()
  self.blocks = self._io:read_bytes(self._root.region.size_x)
end

-- 
-- Block types for x = lower_x .. upper_x.

