-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")

-- 
-- The body of an 08 Checksums Denied packet after LZ4 decompression: which checksum of
-- 06 File Checksums is invalid.
-- 
-- The page says Bound To: Client -> Server, though the packet is sent when a checksum the
-- client sent is invalid, as 07 Checksums Accepted is sent (Server -> Client) when they
-- are valid. The layout is the same either way, so it is read in both directions. The
-- `uint32` is read big-endian, as every number of the protocol's tables.
-- See also: 08 - Checksums Denied, section Structure
SmChecksumsDenied = class.class(KaitaiStruct)

function SmChecksumsDenied:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function SmChecksumsDenied:_read()
  self.index = self._io:read_u4be()
end

-- 
-- The index of the invalid checksum.

