-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 45 Lift Import Creation packet after LZ4 decompression (Client ->
-- Server): sent when the player imports a creation onto the lift. It carries a
-- `blueprint.json` compressed a second time, with LZ4 block compression (no size prefix).
-- That block stays bytes: the runtime expands it with `uncompressed_size` (python-lz4's
-- `lz4.block.decompress` needs it), after checking it against its limits, since the size
-- is the sender's word. The result is JSON text.
-- 
-- Decision where the page contradicts itself: its offset column puts the compressed data
-- at 0x14, but the three fields before it end at 0x0C; the fields' sizes are followed
-- (the data starts at 0x0C and is `compressed_size` bytes long). Bytes after it, if any,
-- are kept in `unknown_rest`.
-- See also: 45 - Lift Import Creation, section Structure
SmLiftImportCreation = class.class(KaitaiStruct)

function SmLiftImportCreation:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmLiftImportCreation:_read()
  self.lift_id = self._io:read_u4be()
  self.uncompressed_size = self._io:read_u4be()
  self.len_compressed_blueprint_data = self._io:read_u4be()
  self.compressed_blueprint_data = self._io:read_bytes(self.len_compressed_blueprint_data)
  self.unknown_rest = self._io:read_bytes_full()
end

-- 
-- The ID of the lift to import the creation on.
-- 
-- The size of the blueprint data before it is compressed with LZ4.
-- 
-- The size of the blueprint data after it is compressed with LZ4.
-- When writing, set to the byte length of `compressed_blueprint_data`.
-- 
-- The contents of the `blueprint.json` file, compressed with LZ4 block compression
-- (without the compressed size in front).
-- 
-- Bytes after the compressed data, which the page does not describe (empty when the
-- sizes add up).
-- When writing, `size-eos`: the packet's length decides its size.

