-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local str_decode = require("string_decode")
local utils = require("utils")

-- 
-- Payloads of the packets that set up what the map is drawn with: file requests,
-- textures, block types, block groups and the sky box. Every type parses the payload
-- substream of one packet; bytes beyond the largest documented size are kept as `ignored`.
-- See also: protocol.txt, "PACKET_FILE_REQUEST 26" to "PACKET_BLOCK_SETUP 29", "PACKET_SKY_BOX 42"
MmeAssets = class.class(KaitaiStruct)

function MmeAssets:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MmeAssets:_read()
end


-- 
-- BLOCK_SETUP (17 minimum): textures, properties and description of a block type.
-- See also: protocol.txt, "PACKET_BLOCK_SETUP 29"
MmeAssets.BlockSetup = class.class(KaitaiStruct)

MmeAssets.BlockSetup.Light = enum.Enum {
  none = 0,
  weak = 1,
  strong = 2,
  sunlight = 3,
}

function MmeAssets.BlockSetup:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeAssets.BlockSetup:_read()
  self.block_id = self._io:read_u1()
  if not(self.block_id >= 1) then
    error("ValidationLessThanError")
  end
  self.texture_top = self._io:read_u2le()
  self.texture_bottom = self._io:read_u2le()
  self.texture_front = self._io:read_u2le()
  self.texture_back = self._io:read_u2le()
  self.texture_left = self._io:read_u2le()
  self.texture_right = self._io:read_u2le()
  self.flags = MmeAssets.BlockSetup.BlockFlags(self._io, self, self._root)
  self.description = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
end

-- 
-- Block id number, 1 through 255.
-- 
-- Texture id of the "top" side.
-- 
-- Texture id of the "bottom" side.
-- 
-- Texture id of the "front" side.
-- 
-- Texture id of the "back" side.
-- 
-- Texture id of the "left" side.
-- 
-- Texture id of the "right" side.
-- 
-- U32 flag bits: visibility, passability, light and how transparent faces are
-- drawn.
-- 
-- Human-readable description of the block.

-- 
-- U32 flag bits, bit 0 first.
-- See also: protocol.txt, "PACKET_BLOCK_SETUP 29" (Flag bits)
MmeAssets.BlockSetup.BlockFlags = class.class(KaitaiStruct)

function MmeAssets.BlockSetup.BlockFlags:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeAssets.BlockSetup.BlockFlags:_read()
  self.visible = self._io:read_bits_int_le(1) ~= 0
  self.impassable = self._io:read_bits_int_le(1) ~= 0
  self.draw_reverse = self._io:read_bits_int_le(1) ~= 0
  self.light = MmeAssets.BlockSetup.Light(self._io:read_bits_int_le(2))
  self.draw_between = self._io:read_bits_int_le(1) ~= 0
  self.reserved = self._io:read_bits_int_le(26)
end

-- 
-- 0 for air, 1 for basically everything else.
-- 
-- 0 for air or water, 1 for solid blocks.
-- 
-- Transparent blocks also show their block-to-air faces.
-- 
-- Bits 3-4.
-- 
-- Faces between adjacent transparent blocks of this type are drawn.
-- 
-- Bits 6-31, not documented.

-- 
-- FILE_REQUEST (20): the client lacks the image file of a texture and asks the server
-- to send it (through the append buffer and BUFFER_IS_FILE_DATA).
-- See also: protocol.txt, "PACKET_FILE_REQUEST 26"
MmeAssets.FileRequest = class.class(KaitaiStruct)

function MmeAssets.FileRequest:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeAssets.FileRequest:_read()
  self.sha1 = self._io:read_bytes(20)
  self.ignored = self._io:read_bytes_full()
end

-- 
-- SHA-1 of the image file the client lacks (the name it caches the file under).
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- GROUP_SETUP (1 minimum): put blocks in a block group (blocks must be in a group to
-- appear in the block menu). One byte deletes the group.
-- See also: protocol.txt, "PACKET_GROUP_SETUP 28"
MmeAssets.GroupSetup = class.class(KaitaiStruct)

function MmeAssets.GroupSetup:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeAssets.GroupSetup:_read()
  self.group_id = self._io:read_u1()
  if self._io:size() > 1 then
    self.block_ids = self._io:read_bytes_term(0, false, true, true)
  end
  if self._io:size() > 1 then
    self.name = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
  end
end

-- 
-- Only the group id - the group is deleted.
MmeAssets.GroupSetup.property.deletes = {}
function MmeAssets.GroupSetup.property.deletes:get()
  if self._m_deletes ~= nil then
    return self._m_deletes
  end

  self._m_deletes = self._io:size() == 1
  return self._m_deletes
end

-- 
-- Group id number; a packet of only this byte deletes the group.
-- 
-- Block ids of the group, one byte each, ended by a 0 (not included here).
-- 
-- Name of the group, shown in the block menu.

-- 
-- SKY_BOX: textures (U2 ids) for a sky box and an optional flags byte. The document
-- lists sizes (0, 1, 3 - 6, 10 - 13), which do not match its 2-byte ids. Decision,
-- following the fields and the prose: the number of textures is 6 from 12 bytes on,
-- 5 (negative z skipped) from 10, 2 (above the map, below the map) from 4, 1 (above
-- the map and the four sides) from 2, none below 2; the flags byte follows the
-- textures when the payload is long enough. So 0, 1 (flags only), 2, 3, 4, 5, 10, 11,
-- 12 and 13 bytes are exact; other sizes count as the next smaller one, the rest
-- `ignored`. An empty packet selects no sky box.
-- See also: protocol.txt, "PACKET_SKY_BOX 42"
MmeAssets.SkyBox = class.class(KaitaiStruct)

function MmeAssets.SkyBox:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeAssets.SkyBox:_read()
  self.texture_ids = {}
  for i = 0, self.num_textures - 1 do
    self.texture_ids[i + 1] = self._io:read_u2le()
  end
  if self._io:size() > self.num_textures * 2 then
    self.flags = MmeAssets.SkyBox.SkyBoxFlags(self._io, self, self._root)
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Number of texture ids the payload carries: 6, 5, 2, 1 or 0 (see the type's
-- doc).
MmeAssets.SkyBox.property.num_textures = {}
function MmeAssets.SkyBox.property.num_textures:get()
  if self._m_num_textures ~= nil then
    return self._m_num_textures
  end

  self._m_num_textures = utils.box_unwrap((self._io:size() >= 12) and utils.box_wrap(6) or (utils.box_unwrap((self._io:size() >= 10) and utils.box_wrap(5) or (utils.box_unwrap((self._io:size() >= 4) and utils.box_wrap(2) or (utils.box_unwrap((self._io:size() >= 2) and utils.box_wrap(1) or (0))))))))
  return self._m_num_textures
end

-- 
-- In the order of the variant (see the type's doc).
-- 
-- Optional flags byte after the textures.
-- 
-- Bytes between the size variants, and past the largest one (13), skipped.

-- 
-- The optional flags byte, bit 0 first.
-- See also: protocol.txt, "PACKET_SKY_BOX 42" (U1 flags)
MmeAssets.SkyBox.SkyBoxFlags = class.class(KaitaiStruct)

function MmeAssets.SkyBox.SkyBoxFlags:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeAssets.SkyBox.SkyBoxFlags:_read()
  self.on_map_edges = self._io:read_bits_int_le(1) ~= 0
  self.reserved = self._io:read_bits_int_le(7)
end

-- 
-- Place the box on the map edges rather than at a very far distance.
-- 
-- Bits 1-7, not documented.

-- 
-- TEXTURE_SETUP (2, 22, 38). 2 bytes delete the texture setup; 22 bytes change only
-- the image; 38 bytes change every property. Decision: the fields add up to 38 bytes,
-- so the document's remark about a "50 byte packet" means the 38-byte variant.
-- See also: protocol.txt, "PACKET_TEXTURE_SETUP 27"
MmeAssets.TextureSetup = class.class(KaitaiStruct)

MmeAssets.TextureSetup.MagFilter = enum.Enum {
  linear = 0,
  nearest = 1,
}

MmeAssets.TextureSetup.MinFilter = enum.Enum {
  linear = 0,
  mipmap = 1,
}

function MmeAssets.TextureSetup:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeAssets.TextureSetup:_read()
  self.texture_id = self._io:read_s2le()
  if not(self.texture_id >= 1) then
    error("ValidationLessThanError")
  end
  if not(self.texture_id <= 4095) then
    error("ValidationGreaterThanError")
  end
  if self._io:size() >= 22 then
    self.sha1 = self._io:read_bytes(20)
  end
  if self._io:size() >= 38 then
    self.width = self._io:read_f4le()
  end
  if self._io:size() >= 38 then
    self.height = self._io:read_f4le()
  end
  if self._io:size() >= 38 then
    self.alpha = self._io:read_f4le()
  end
  if self._io:size() >= 38 then
    self.flags = MmeAssets.TextureSetup.TextureFlags(self._io, self, self._root)
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Only the id - the texture setup is deleted.
MmeAssets.TextureSetup.property.deletes = {}
function MmeAssets.TextureSetup.property.deletes:get()
  if self._m_deletes ~= nil then
    return self._m_deletes
  end

  self._m_deletes = self._io:size() < 22
  return self._m_deletes
end

-- 
-- Texture id number, 1 through 4095.
-- 
-- SHA-1 of the image file. The client loads it from its cache, or asks for it with
-- FILE_REQUEST; the 22-byte packet changes only this.
-- 
-- Width in meters; a negative value is that many repetitions per block.
-- 
-- Height in meters; a negative value is that many repetitions per block.
-- 
-- Exactly 0.0 - opaque; between 0.0 and 1.0 - alpha test with this value;
-- exactly 1.0 - alpha blend.
-- 
-- Filtering of the texture (U32 flag bits).
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- U32 flag bits, bit 0 first.
-- See also: protocol.txt, "PACKET_TEXTURE_SETUP 27" (U32 flag bits)
MmeAssets.TextureSetup.TextureFlags = class.class(KaitaiStruct)

function MmeAssets.TextureSetup.TextureFlags:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmeAssets.TextureSetup.TextureFlags:_read()
  self.min_filter = MmeAssets.TextureSetup.MinFilter(self._io:read_bits_int_le(1))
  self.mag_filter = MmeAssets.TextureSetup.MagFilter(self._io:read_bits_int_le(1))
  self.reserved = self._io:read_bits_int_le(30)
end

-- 
-- Bit 0, the minification filter.
-- 
-- Bit 1, the magnification filter.
-- 
-- Bits 2-31, not documented.

