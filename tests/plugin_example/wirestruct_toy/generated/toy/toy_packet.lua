-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
local enum = require("enum")
local str_decode = require("string_decode")

-- 
-- A made-up two-player game, sent one packet a message: a packet id byte, then the body
-- of its packet. It shows how a protocol plugs into wirestruct from a package of its own.
ToyPacket = class.class(KaitaiStruct)

ToyPacket.PacketId = enum.Enum {
  hello = 1,
  move = 2,
  score = 3,
}

function ToyPacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function ToyPacket:_read()
  self.packet_id = ToyPacket.PacketId(self._io:read_u1())
  local _on = self.packet_id
  if _on == ToyPacket.PacketId.hello then
    self.body = ToyPacket.Hello(self._io, self, self._root)
  elseif _on == ToyPacket.PacketId.move then
    self.body = ToyPacket.Move(self._io, self, self._root)
  elseif _on == ToyPacket.PacketId.score then
    self.body = ToyPacket.Score(self._io, self, self._root)
  end
end

-- 
-- Which packet this is; the layout of the body depends on it.
-- 
-- The packet's fields (none for an unknown id).

-- 
-- A player joins, with a name.
ToyPacket.Hello = class.class(KaitaiStruct)

function ToyPacket.Hello:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function ToyPacket.Hello:_read()
  self.player = self._io:read_u1()
  self.len_name = self._io:read_u1()
  self.name = str_decode.decode(self._io:read_bytes(self.len_name), "UTF-8")
end

-- 
-- The player's number, 1 or 2.
-- 
-- Bytes of the name.
-- 
-- The player's name.

-- 
-- A player's paddle moves.
ToyPacket.Move = class.class(KaitaiStruct)

function ToyPacket.Move:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function ToyPacket.Move:_read()
  self.player = self._io:read_u1()
  self.x = self._io:read_s2be()
  self.y = self._io:read_s2be()
end

-- 
-- The player's number.
-- 
-- Horizontal position, in court units.
-- 
-- Vertical position, in court units.

-- 
-- The score after a point.
ToyPacket.Score = class.class(KaitaiStruct)

function ToyPacket.Score:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function ToyPacket.Score:_read()
  self.left = self._io:read_u1()
  self.right = self._io:read_u1()
end

-- 
-- Points of player 1.
-- 
-- Points of player 2.

