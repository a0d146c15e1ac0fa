-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("link_frame")
local enum = require("enum")
local utils = require("utils")
local stringstream = require("string_stream")

-- 
-- A pcapng file: a sequence of blocks in one or more sections. Each section starts with a
-- Section Header Block whose byte-order magic sets the byte order of every block up to
-- the next section; Interface Description Blocks number the section's interfaces from 0
-- and give each its link type and timestamp resolution; packet blocks refer to them.
-- 
-- Blocks are parsed one after another, each told the byte order of its section and the
-- link type of the section's interface 0, so that packets captured on interface 0 (all
-- of them, in a single-interface capture) are parsed as frames. Packets of other
-- interfaces keep their bytes here (the wirestruct runtime resolves every interface).
-- Block types this spec does not describe keep their body as bytes.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3)
Pcapng = class.class(KaitaiStruct)

Pcapng.BlockType = enum.Enum {
  interface_description = 1,
  packet = 2,
  simple_packet = 3,
  name_resolution = 4,
  interface_statistics = 5,
  enhanced_packet = 6,
  systemd_journal_export = 9,
  decryption_secrets = 10,
  custom_copiable = 2989,
  section_header = 168627466,
  custom_not_copiable = 1073744813,
}

Pcapng.ByteOrderMagic = enum.Enum {
  big_endian = 439041101,
  little_endian = 1295788826,
}

Pcapng.InterfaceOption = enum.Enum {
  opt_endofopt = 0,
  opt_comment = 1,
  if_name = 2,
  if_description = 3,
  if_ipv4addr = 4,
  if_ipv6addr = 5,
  if_macaddr = 6,
  if_euiaddr = 7,
  if_speed = 8,
  if_tsresol = 9,
  if_tzone = 10,
  if_filter = 11,
  if_os = 12,
  if_fcslen = 13,
  if_tsoffset = 14,
  if_hardware = 15,
  if_txspeed = 16,
  if_rxspeed = 17,
  if_iana_tzname = 18,
}

Pcapng.PacketOption = enum.Enum {
  opt_endofopt = 0,
  opt_comment = 1,
  epb_flags = 2,
  epb_hash = 3,
  epb_dropcount = 4,
  epb_packetid = 5,
  epb_queue = 6,
  epb_verdict = 7,
}

Pcapng.SectionOption = enum.Enum {
  opt_endofopt = 0,
  opt_comment = 1,
  shb_hardware = 2,
  shb_os = 3,
  shb_userappl = 4,
}

function Pcapng:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function Pcapng:_read()
  self.blocks = {}
  local i = 0
  while not self._io:is_eof() do
    self.blocks[i + 1] = Pcapng.Block(utils.box_unwrap((i == 0) and utils.box_wrap(true) or (self.blocks[(i - 1) + 1].next_is_le)), utils.box_unwrap((i == 0) and utils.box_wrap(0) or (self.blocks[(i - 1) + 1].next_num_interfaces)), utils.box_unwrap((i == 0) and utils.box_wrap(0) or (self.blocks[(i - 1) + 1].next_first_link_type)), self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- When writing, the block count is implied by the file size (`repeat: eos`).

-- 
-- One block - head, body (routed by block type), trailing length.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.1)
Pcapng.Block = class.class(KaitaiStruct)

function Pcapng.Block:_init(section_is_le, num_interfaces, first_link_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.section_is_le = section_is_le
  self.num_interfaces = num_interfaces
  self.first_link_type = first_link_type
  self:_read()
end

function Pcapng.Block:_read()
  self.head = Pcapng.BlockHead(self.section_is_le, self._io, self, self._root)
  local _on = self.head.block_type
  if _on == Pcapng.BlockType.enhanced_packet then
    self._raw_body = self._io:read_bytes((self.head.len_block - self.head.len_head) - 4)
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Pcapng.EnhancedPacketBlock(self.head.is_le, self.num_interfaces, self.first_link_type, _io, self, self._root)
  elseif _on == Pcapng.BlockType.interface_description then
    self._raw_body = self._io:read_bytes((self.head.len_block - self.head.len_head) - 4)
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Pcapng.InterfaceDescriptionBlock(self.head.is_le, _io, self, self._root)
  elseif _on == Pcapng.BlockType.packet then
    self._raw_body = self._io:read_bytes((self.head.len_block - self.head.len_head) - 4)
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Pcapng.PacketBlock(self.head.is_le, self.num_interfaces, self.first_link_type, _io, self, self._root)
  elseif _on == Pcapng.BlockType.section_header then
    self._raw_body = self._io:read_bytes((self.head.len_block - self.head.len_head) - 4)
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Pcapng.SectionHeaderBlock(self.head.is_le, _io, self, self._root)
  elseif _on == Pcapng.BlockType.simple_packet then
    self._raw_body = self._io:read_bytes((self.head.len_block - self.head.len_head) - 4)
    local _io = KaitaiStream(stringstream(self._raw_body))
    self.body = Pcapng.SimplePacketBlock(self.head.is_le, self.num_interfaces, self.first_link_type, _io, self, self._root)
  else
    self.body = self._io:read_bytes((self.head.len_block - self.head.len_head) - 4)
  end
  self.tail = Pcapng.BlockTail(self.head.is_le, self.head.len_block, self._io, self, self._root)
end

Pcapng.Block.property.next_first_link_type = {}
function Pcapng.Block.property.next_first_link_type:get()
  if self._m_next_first_link_type ~= nil then
    return self._m_next_first_link_type
  end

  self._m_next_first_link_type = utils.box_unwrap((self.head.block_type == Pcapng.BlockType.section_header) and utils.box_wrap(0) or (utils.box_unwrap(( ((self.head.block_type == Pcapng.BlockType.interface_description) and (self.num_interfaces == 0)) ) and utils.box_wrap(self.body.link_type.value) or (self.first_link_type))))
  return self._m_next_first_link_type
end

-- 
-- Byte order for the block after this one.
Pcapng.Block.property.next_is_le = {}
function Pcapng.Block.property.next_is_le:get()
  if self._m_next_is_le ~= nil then
    return self._m_next_is_le
  end

  self._m_next_is_le = self.head.is_le
  return self._m_next_is_le
end

Pcapng.Block.property.next_num_interfaces = {}
function Pcapng.Block.property.next_num_interfaces:get()
  if self._m_next_num_interfaces ~= nil then
    return self._m_next_num_interfaces
  end

  self._m_next_num_interfaces = utils.box_unwrap((self.head.block_type == Pcapng.BlockType.section_header) and utils.box_wrap(0) or (utils.box_unwrap((self.head.block_type == Pcapng.BlockType.interface_description) and utils.box_wrap(self.num_interfaces + 1) or (self.num_interfaces))))
  return self._m_next_num_interfaces
end

-- 
-- Byte order of the section so far (a Section Header Block sets its own).
-- 
-- Interfaces described so far in this section. A packet block is parsed as a frame
-- only when its interface is known here; 0 keeps every packet's bytes.
-- 
-- LINKTYPE_ of the section's interface 0 (when `num_interfaces` > 0).

-- 
-- Block Type and Block Total Length; for a Section Header Block also the byte-order
-- magic, which must be read before the length can be.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.1)
Pcapng.BlockHead = class.class(KaitaiStruct)

function Pcapng.BlockHead:_init(section_is_le, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.section_is_le = section_is_le
  self:_read()
end

function Pcapng.BlockHead:_read()
  local _on = self.section_is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcapng.BlockHead:_read_le()
  self.block_type = Pcapng.BlockType(self._io:read_u4le())
  self.len_block_bytes = self._io:read_bytes(4)
  if self.block_type == Pcapng.BlockType.section_header then
    self.byte_order_magic = Pcapng.ByteOrderMagic(self._io:read_u4be())
    if not( ((self.byte_order_magic == Pcapng.ByteOrderMagic.big_endian) or (self.byte_order_magic == Pcapng.ByteOrderMagic.little_endian)) ) then
      error("ValidationNotAnyOfError")
    end
  end
end

function Pcapng.BlockHead:_read_be()
  self.block_type = Pcapng.BlockType(self._io:read_u4be())
  self.len_block_bytes = self._io:read_bytes(4)
  if self.block_type == Pcapng.BlockType.section_header then
    self.byte_order_magic = Pcapng.ByteOrderMagic(self._io:read_u4be())
    if not( ((self.byte_order_magic == Pcapng.ByteOrderMagic.big_endian) or (self.byte_order_magic == Pcapng.ByteOrderMagic.little_endian)) ) then
      error("ValidationNotAnyOfError")
    end
  end
end

-- 
-- Byte order of this block.
Pcapng.BlockHead.property.is_le = {}
function Pcapng.BlockHead.property.is_le:get()
  if self._m_is_le ~= nil then
    return self._m_is_le
  end

  self._m_is_le = utils.box_unwrap((self.block_type == Pcapng.BlockType.section_header) and utils.box_wrap(self.byte_order_magic == Pcapng.ByteOrderMagic.little_endian) or (self.section_is_le))
  return self._m_is_le
end

-- 
-- Block Total Length as a number.
Pcapng.BlockHead.property.len_block = {}
function Pcapng.BlockHead.property.len_block:get()
  if self._m_len_block ~= nil then
    return self._m_len_block
  end

  self._m_len_block = utils.box_unwrap((self.is_le) and utils.box_wrap(((string.byte(self.len_block_bytes, 0 + 1) + string.byte(self.len_block_bytes, 1 + 1) * 256) + string.byte(self.len_block_bytes, 2 + 1) * 65536) + string.byte(self.len_block_bytes, 3 + 1) * 16777216) or (((string.byte(self.len_block_bytes, 3 + 1) + string.byte(self.len_block_bytes, 2 + 1) * 256) + string.byte(self.len_block_bytes, 1 + 1) * 65536) + string.byte(self.len_block_bytes, 0 + 1) * 16777216))
  return self._m_len_block
end

-- 
-- Bytes of this head.
Pcapng.BlockHead.property.len_head = {}
function Pcapng.BlockHead.property.len_head:get()
  if self._m_len_head ~= nil then
    return self._m_len_head
  end

  self._m_len_head = utils.box_unwrap((self.block_type == Pcapng.BlockType.section_header) and utils.box_wrap(12) or (8))
  return self._m_len_head
end

-- 
-- The Section Header Block's type (0x0A0D0D0A) reads the same in either byte order.
-- 
-- Length of the whole block including head and tail, a multiple of 4.

-- 
-- The Block Total Length repeated at the end of the block.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.1)
Pcapng.BlockTail = class.class(KaitaiStruct)

function Pcapng.BlockTail:_init(is_le, len_block_head, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self.len_block_head = len_block_head
  self:_read()
end

function Pcapng.BlockTail:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcapng.BlockTail:_read_le()
  self.len_block = self._io:read_u4le()
  if not(self.len_block == self.len_block_head) then
    error("not equal, expected " .. self.len_block_head .. ", but got " .. self.len_block)
  end
end

function Pcapng.BlockTail:_read_be()
  self.len_block = self._io:read_u4be()
  if not(self.len_block == self.len_block_head) then
    error("not equal, expected " .. self.len_block_head .. ", but got " .. self.len_block)
  end
end

-- 
-- When writing, set to the block's total length, equal to the length in its head.
-- 
-- Block Total Length from the head of the block.

-- 
-- Enhanced Packet Block - one packet with its interface and timestamp.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.3)
Pcapng.EnhancedPacketBlock = class.class(KaitaiStruct)

function Pcapng.EnhancedPacketBlock:_init(is_le, num_interfaces, first_link_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self.num_interfaces = num_interfaces
  self.first_link_type = first_link_type
  self:_read()
end

function Pcapng.EnhancedPacketBlock:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcapng.EnhancedPacketBlock:_read_le()
  self.interface_id = self._io:read_u4le()
  self.timestamp_high = self._io:read_u4le()
  self.timestamp_low = self._io:read_u4le()
  self.len_packet_data = self._io:read_u4le()
  self.original_packet_length = self._io:read_u4le()
  local _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
  if _on == true then
    self._raw_packet_data = self._io:read_bytes(self.len_packet_data)
    local _io = KaitaiStream(stringstream(self._raw_packet_data))
    self.packet_data = LinkFrame(self.first_link_type, _io)
  else
    self.packet_data = self._io:read_bytes(self.len_packet_data)
  end
  self.padding = self._io:read_bytes((4 - self.len_packet_data % 4) % 4)
  self.options = {}
  local i = 0
  while not self._io:is_eof() do
    self.options[i + 1] = Pcapng.Option(self.is_le, Pcapng.BlockType.enhanced_packet, self._io, self, self._root)
    i = i + 1
  end
end

function Pcapng.EnhancedPacketBlock:_read_be()
  self.interface_id = self._io:read_u4be()
  self.timestamp_high = self._io:read_u4be()
  self.timestamp_low = self._io:read_u4be()
  self.len_packet_data = self._io:read_u4be()
  self.original_packet_length = self._io:read_u4be()
  local _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
  if _on == true then
    self._raw_packet_data = self._io:read_bytes(self.len_packet_data)
    local _io = KaitaiStream(stringstream(self._raw_packet_data))
    self.packet_data = LinkFrame(self.first_link_type, _io)
  else
    self.packet_data = self._io:read_bytes(self.len_packet_data)
  end
  self.padding = self._io:read_bytes((4 - self.len_packet_data % 4) % 4)
  self.options = {}
  local i = 0
  while not self._io:is_eof() do
    self.options[i + 1] = Pcapng.Option(self.is_le, Pcapng.BlockType.enhanced_packet, self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- The 64-bit timestamp in units of the interface's resolution, exact in Python.
-- Nanosecond timestamps exceed 2^53, so JavaScript (the Web IDE) may show this
-- value rounded; `timestamp_high` and `timestamp_low` are exact.
Pcapng.EnhancedPacketBlock.property.timestamp = {}
function Pcapng.EnhancedPacketBlock.property.timestamp:get()
  if self._m_timestamp ~= nil then
    return self._m_timestamp
  end

  self._m_timestamp = self.timestamp_high * 4294967296 + self.timestamp_low
  return self._m_timestamp
end

-- 
-- Interface number (order of the Interface Description Blocks in the section).
-- 
-- Upper 32 bits of the timestamp, in units of the interface's if_tsresol.
-- 
-- Lower 32 bits of the timestamp.
-- 
-- Bytes of the packet stored here (the block pads them to 32 bits).
-- 
-- The packet, parsed as a frame when it comes from interface 0 and was stored
-- whole; otherwise bytes.

-- 
-- Interface Description Block; interfaces are numbered from 0 in section order.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.2)
Pcapng.InterfaceDescriptionBlock = class.class(KaitaiStruct)

function Pcapng.InterfaceDescriptionBlock:_init(is_le, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self:_read()
end

function Pcapng.InterfaceDescriptionBlock:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcapng.InterfaceDescriptionBlock:_read_le()
  self.link_type = LinkFrame.LinkType(self._io:read_u2le())
  self.reserved = self._io:read_u2le()
  self.snaplen = self._io:read_u4le()
  self.options = {}
  local i = 0
  while not self._io:is_eof() do
    self.options[i + 1] = Pcapng.Option(self.is_le, Pcapng.BlockType.interface_description, self._io, self, self._root)
    i = i + 1
  end
end

function Pcapng.InterfaceDescriptionBlock:_read_be()
  self.link_type = LinkFrame.LinkType(self._io:read_u2be())
  self.reserved = self._io:read_u2be()
  self.snaplen = self._io:read_u4be()
  self.options = {}
  local i = 0
  while not self._io:is_eof() do
    self.options[i + 1] = Pcapng.Option(self.is_le, Pcapng.BlockType.interface_description, self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- Largest number of bytes stored for one packet; 0 means no limit.
-- 
-- Among them if_tsresol (code 9), the timestamp resolution; default microseconds.

-- 
-- One option (code, length, value, padding to 32 bits).
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-3.5)
Pcapng.Option = class.class(KaitaiStruct)

function Pcapng.Option:_init(is_le, block_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self.block_type = block_type
  self:_read()
end

function Pcapng.Option:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcapng.Option:_read_le()
  self.code = self._io:read_u2le()
  self.len_value = self._io:read_u2le()
  self.value = self._io:read_bytes(self.len_value)
  self.padding = self._io:read_bytes((4 - self.len_value % 4) % 4)
end

function Pcapng.Option:_read_be()
  self.code = self._io:read_u2be()
  self.len_value = self._io:read_u2be()
  self.value = self._io:read_bytes(self.len_value)
  self.padding = self._io:read_bytes((4 - self.len_value % 4) % 4)
end

Pcapng.Option.property.interface_option = {}
function Pcapng.Option.property.interface_option:get()
  if self._m_interface_option ~= nil then
    return self._m_interface_option
  end

  if self.block_type == Pcapng.BlockType.interface_description then
    self._m_interface_option = Pcapng.InterfaceOption(self.code)
  end
  return self._m_interface_option
end

Pcapng.Option.property.packet_option = {}
function Pcapng.Option.property.packet_option:get()
  if self._m_packet_option ~= nil then
    return self._m_packet_option
  end

  if self.block_type == Pcapng.BlockType.enhanced_packet then
    self._m_packet_option = Pcapng.PacketOption(self.code)
  end
  return self._m_packet_option
end

Pcapng.Option.property.section_option = {}
function Pcapng.Option.property.section_option:get()
  if self._m_section_option ~= nil then
    return self._m_section_option
  end

  if self.block_type == Pcapng.BlockType.section_header then
    self._m_section_option = Pcapng.SectionOption(self.code)
  end
  return self._m_section_option
end

-- 
-- 0 (opt_endofopt) ends the list; 1 is a comment; others depend on the block type.
-- 
-- Type of the block holding the option; option codes are per block type.

-- 
-- Packet Block - the obsolete form of the Enhanced Packet Block, which old writers
-- still produce: a 16-bit interface number and a drop count where the Enhanced Packet
-- Block has a 32-bit interface number.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#appendix-A)
Pcapng.PacketBlock = class.class(KaitaiStruct)

function Pcapng.PacketBlock:_init(is_le, num_interfaces, first_link_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self.num_interfaces = num_interfaces
  self.first_link_type = first_link_type
  self:_read()
end

function Pcapng.PacketBlock:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcapng.PacketBlock:_read_le()
  self.interface_id = self._io:read_u2le()
  self.drops_count = self._io:read_u2le()
  self.timestamp_high = self._io:read_u4le()
  self.timestamp_low = self._io:read_u4le()
  self.len_packet_data = self._io:read_u4le()
  self.original_packet_length = self._io:read_u4le()
  local _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
  if _on == true then
    self._raw_packet_data = self._io:read_bytes(self.len_packet_data)
    local _io = KaitaiStream(stringstream(self._raw_packet_data))
    self.packet_data = LinkFrame(self.first_link_type, _io)
  else
    self.packet_data = self._io:read_bytes(self.len_packet_data)
  end
  self.padding = self._io:read_bytes((4 - self.len_packet_data % 4) % 4)
  self.options = {}
  local i = 0
  while not self._io:is_eof() do
    self.options[i + 1] = Pcapng.Option(self.is_le, Pcapng.BlockType.packet, self._io, self, self._root)
    i = i + 1
  end
end

function Pcapng.PacketBlock:_read_be()
  self.interface_id = self._io:read_u2be()
  self.drops_count = self._io:read_u2be()
  self.timestamp_high = self._io:read_u4be()
  self.timestamp_low = self._io:read_u4be()
  self.len_packet_data = self._io:read_u4be()
  self.original_packet_length = self._io:read_u4be()
  local _on =  ((self.interface_id == 0) and (self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
  if _on == true then
    self._raw_packet_data = self._io:read_bytes(self.len_packet_data)
    local _io = KaitaiStream(stringstream(self._raw_packet_data))
    self.packet_data = LinkFrame(self.first_link_type, _io)
  else
    self.packet_data = self._io:read_bytes(self.len_packet_data)
  end
  self.padding = self._io:read_bytes((4 - self.len_packet_data % 4) % 4)
  self.options = {}
  local i = 0
  while not self._io:is_eof() do
    self.options[i + 1] = Pcapng.Option(self.is_le, Pcapng.BlockType.packet, self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- The 64-bit timestamp in units of the interface's resolution, exact in Python.
Pcapng.PacketBlock.property.timestamp = {}
function Pcapng.PacketBlock.property.timestamp:get()
  if self._m_timestamp ~= nil then
    return self._m_timestamp
  end

  self._m_timestamp = self.timestamp_high * 4294967296 + self.timestamp_low
  return self._m_timestamp
end

-- 
-- Interface number (order of the Interface Description Blocks in the section).
-- 
-- Packets the interface dropped between this one and the one before; 0xFFFF unknown.
-- 
-- Upper 32 bits of the timestamp, in units of the interface's if_tsresol.
-- 
-- Lower 32 bits of the timestamp.
-- 
-- Bytes of the packet stored here (the block pads them to 32 bits).
-- 
-- The packet, parsed as a frame when it comes from interface 0 and was stored
-- whole; otherwise bytes.

-- 
-- Section Header Block body, after the byte-order magic.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.1)
Pcapng.SectionHeaderBlock = class.class(KaitaiStruct)

function Pcapng.SectionHeaderBlock:_init(is_le, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self:_read()
end

function Pcapng.SectionHeaderBlock:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcapng.SectionHeaderBlock:_read_le()
  self.major_version = self._io:read_u2le()
  if not(self.major_version == 1) then
    error("not equal, expected " .. 1 .. ", but got " .. self.major_version)
  end
  self.minor_version = self._io:read_u2le()
  self.section_length_bytes = self._io:read_bytes(8)
  self.options = {}
  local i = 0
  while not self._io:is_eof() do
    self.options[i + 1] = Pcapng.Option(self.is_le, Pcapng.BlockType.section_header, self._io, self, self._root)
    i = i + 1
  end
end

function Pcapng.SectionHeaderBlock:_read_be()
  self.major_version = self._io:read_u2be()
  if not(self.major_version == 1) then
    error("not equal, expected " .. 1 .. ", but got " .. self.major_version)
  end
  self.minor_version = self._io:read_u2be()
  self.section_length_bytes = self._io:read_bytes(8)
  self.options = {}
  local i = 0
  while not self._io:is_eof() do
    self.options[i + 1] = Pcapng.Option(self.is_le, Pcapng.BlockType.section_header, self._io, self, self._root)
    i = i + 1
  end
end

-- 
-- Bytes in the section after this block, or -1 when not given; exact in Python,
-- JavaScript may round values beyond 2^53.
Pcapng.SectionHeaderBlock.property.section_length = {}
function Pcapng.SectionHeaderBlock.property.section_length:get()
  if self._m_section_length ~= nil then
    return self._m_section_length
  end

  self._m_section_length = self.section_length_high * 4294967296 + self.section_length_low
  return self._m_section_length
end

-- 
-- Upper 32 bits of Section Length, signed.
Pcapng.SectionHeaderBlock.property.section_length_high = {}
function Pcapng.SectionHeaderBlock.property.section_length_high:get()
  if self._m_section_length_high ~= nil then
    return self._m_section_length_high
  end

  local _pos = self._io:pos()
  self._io:seek(utils.box_unwrap((self.is_le) and utils.box_wrap(8) or (4)))
  if self._is_le then
    self._m_section_length_high = self._io:read_s4le()
  else
    self._m_section_length_high = self._io:read_s4be()
  end
  self._io:seek(_pos)
  return self._m_section_length_high
end

-- 
-- Lower 32 bits of Section Length.
Pcapng.SectionHeaderBlock.property.section_length_low = {}
function Pcapng.SectionHeaderBlock.property.section_length_low:get()
  if self._m_section_length_low ~= nil then
    return self._m_section_length_low
  end

  local _pos = self._io:pos()
  self._io:seek(utils.box_unwrap((self.is_le) and utils.box_wrap(4) or (8)))
  if self._is_le then
    self._m_section_length_low = self._io:read_u4le()
  else
    self._m_section_length_low = self._io:read_u4be()
  end
  self._io:seek(_pos)
  return self._m_section_length_low
end

-- 
-- A signed 64-bit integer in the section's byte order, read as
-- `section_length_high` and `section_length_low` so that the Web IDE shows it
-- exactly; `section_length` is the whole number.

-- 
-- Simple Packet Block - one packet of interface 0 with no timestamp. Its stored length
-- is the smaller of the original length and the bytes the block holds.
-- See also: Source (https://datatracker.ietf.org/doc/html/draft-ietf-opsawg-pcapng#section-4.4)
Pcapng.SimplePacketBlock = class.class(KaitaiStruct)

function Pcapng.SimplePacketBlock:_init(is_le, num_interfaces, first_link_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.is_le = is_le
  self.num_interfaces = num_interfaces
  self.first_link_type = first_link_type
  self:_read()
end

function Pcapng.SimplePacketBlock:_read()
  local _on = self.is_le
  if _on == true then
    self._is_le = true
  elseif _on == false then
    self._is_le = false
  end

  if self._is_le == true then
    self:_read_le()
  elseif self._is_le == false then
    self:_read_be()
  else
    error("unable to decide endianness")
  end
end

function Pcapng.SimplePacketBlock:_read_le()
  self.original_packet_length = self._io:read_u4le()
  local _on =  ((self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
  if _on == true then
    self._raw_packet_data = self._io:read_bytes(self.len_packet_data)
    local _io = KaitaiStream(stringstream(self._raw_packet_data))
    self.packet_data = LinkFrame(self.first_link_type, _io)
  else
    self.packet_data = self._io:read_bytes(self.len_packet_data)
  end
end

function Pcapng.SimplePacketBlock:_read_be()
  self.original_packet_length = self._io:read_u4be()
  local _on =  ((self.num_interfaces > 0) and (self.len_packet_data == self.original_packet_length)) 
  if _on == true then
    self._raw_packet_data = self._io:read_bytes(self.len_packet_data)
    local _io = KaitaiStream(stringstream(self._raw_packet_data))
    self.packet_data = LinkFrame(self.first_link_type, _io)
  else
    self.packet_data = self._io:read_bytes(self.len_packet_data)
  end
end

-- 
-- Bytes of the packet stored here.
Pcapng.SimplePacketBlock.property.len_packet_data = {}
function Pcapng.SimplePacketBlock.property.len_packet_data:get()
  if self._m_len_packet_data ~= nil then
    return self._m_len_packet_data
  end

  self._m_len_packet_data = utils.box_unwrap((self.original_packet_length < self._io:size() - 4) and utils.box_wrap(self.original_packet_length) or (self._io:size() - 4))
  return self._m_len_packet_data
end

-- 
-- The packet, parsed as a frame when it was stored whole; otherwise bytes. The
-- padding after it is left to the block's substream.

