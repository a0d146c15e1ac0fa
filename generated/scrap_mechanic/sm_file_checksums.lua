-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of a 06 File Checksums packet after LZ4 decompression: the checksums of the
-- files the client has (Client -> Server). The server answers 07 Checksums Accepted or
-- 08 Checksums Denied.
-- 
-- The table writes `uint32` without a byte order; they are read big-endian, as every
-- number of the protocol's tables. The count is a u32 that the runtime must bound (each
-- checksum takes 4 bytes, so no more than a quarter of the body can be read).
-- See also: 06 - File Checksums, section Structure
SmFileChecksums = class.class(KaitaiStruct)

function SmFileChecksums:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmFileChecksums:_read()
  self.num_checksums = self._io:read_u4be()
  self.checksums = {}
  for i = 0, self.num_checksums - 1 do
    self.checksums[i + 1] = self._io:read_u4be()
  end
end

-- 
-- The size of the checksum array.
-- When writing, set to the length of `checksums`.
-- 
-- The checksum array.

