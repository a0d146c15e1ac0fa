-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("mme_types")
local utils = require("utils")
local str_decode = require("string_decode")

-- 
-- Payloads of the packets about players: chat, announcing and denouncing players,
-- abilities, positions, skins and projectiles. Every type parses the payload substream of
-- one packet; optional fields are present when the payload is long enough, and bytes
-- beyond the largest documented size are kept as `ignored`.
-- See also: protocol.txt, "Packet Type Constants"
MmePlayers = class.class(KaitaiStruct)

function MmePlayers:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MmePlayers:_read()
end


-- 
-- ANNOUNCE_PLAYER (1 minimum). The document calls the name "S24": a null-filled name
-- of at most 24 bytes. Decision: the color is present from 2 bytes on, the name from 3
-- bytes on and takes the rest of the payload up to 24 bytes (cut at the first NUL);
-- more than 26 bytes are `ignored`. A field the payload does not reach keeps its
-- previous value (the 1-byte packet re-announces a denounced player).
-- See also: protocol.txt, "PACKET_ANNOUNCE_PLAYER 9"
MmePlayers.AnnouncePlayer = class.class(KaitaiStruct)

function MmePlayers.AnnouncePlayer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.AnnouncePlayer:_read()
  self.player_id = self._io:read_u1()
  if not(self.player_id >= 1) then
    error("ValidationLessThanError")
  end
  if self._io:size() >= 2 then
    self.color = MmeTypes.Color(self._io:read_u1())
  end
  if self._io:size() >= 3 then
    self.name = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes(utils.box_unwrap((self._io:size() >= 26) and utils.box_wrap(24) or (self._io:size() - 2))), 0, false), "ISO-8859-1")
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- The color keeps its previous value.
MmePlayers.AnnouncePlayer.property.keeps_color = {}
function MmePlayers.AnnouncePlayer.property.keeps_color:get()
  if self._m_keeps_color ~= nil then
    return self._m_keeps_color
  end

  self._m_keeps_color = self._io:size() < 2
  return self._m_keeps_color
end

-- 
-- The name keeps its previous value.
MmePlayers.AnnouncePlayer.property.keeps_name = {}
function MmePlayers.AnnouncePlayer.property.keeps_name:get()
  if self._m_keeps_name ~= nil then
    return self._m_keeps_name
  end

  self._m_keeps_name = self._io:size() < 3
  return self._m_keeps_name
end

-- 
-- Player id; 0 is invalid.
-- 
-- Unused by the client; 0 means the default color.
-- 
-- The player's name, null-filled, at most 24 bytes.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- CHAT_MESSAGE (1 minimum). Player id 0 is the server. Colors are switched inside
-- the text by ESC (27) followed by a color number (see mme_types::color).
-- See also: protocol.txt, "PACKET_CHAT_MESSAGE 8"
MmePlayers.ChatMessage = class.class(KaitaiStruct)

function MmePlayers.ChatMessage:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.ChatMessage:_read()
  self.player_id = self._io:read_u1()
  self.message = str_decode.decode(KaitaiStream.bytes_terminate(self._io:read_bytes_full(), 0, false), "ISO-8859-1")
end

-- 
-- Player id 0 - a message from the server.
MmePlayers.ChatMessage.property.from_server = {}
function MmePlayers.ChatMessage.property.from_server:get()
  if self._m_from_server ~= nil then
    return self._m_from_server
  end

  self._m_from_server = self.player_id == 0
  return self._m_from_server
end

-- 
-- Who said it; 0 for a server message.
-- 
-- The text, with ESC + color number escapes.

-- 
-- DENOUNCE_PLAYER (1). Stop rendering a player; its name and color are kept.
-- See also: protocol.txt, "PACKET_DENOUNCE_PLAYER 10"
MmePlayers.DenouncePlayer = class.class(KaitaiStruct)

function MmePlayers.DenouncePlayer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.DenouncePlayer:_read()
  self.player_id = self._io:read_u1()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- The player to stop rendering.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- MOVE_PLAYER (20, 21). Without a player id (20 bytes) or with id 0 the client
-- teleports its own player to this position.
-- See also: protocol.txt, "PACKET_MOVE_PLAYER 24"
MmePlayers.MovePlayer = class.class(KaitaiStruct)

function MmePlayers.MovePlayer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.MovePlayer:_read()
  self.x = self._io:read_f4le()
  self.y = self._io:read_f4le()
  self.z = self._io:read_f4le()
  self.u = self._io:read_f4le()
  self.v = self._io:read_f4le()
  if self._io:size() >= 21 then
    self.player_id = self._io:read_u1()
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- No player id, or player id 0 - the receiving client's own player moves.
MmePlayers.MovePlayer.property.teleports_self = {}
function MmePlayers.MovePlayer.property.teleports_self:get()
  if self._m_teleports_self ~= nil then
    return self._m_teleports_self
  end

  self._m_teleports_self =  ((self._io:size() < 21) or (self.player_id == 0)) 
  return self._m_teleports_self
end

-- 
-- Position in block coordinates.
-- 
-- Position in block coordinates.
-- 
-- Position in block coordinates.
-- 
-- Head left-right rotation, radians.
-- 
-- Head up-down rotation, radians.
-- 
-- The player who moved; 0 or absent - the receiving client's own player.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- PLAYER_ABILITIES (10, 26): what the client should allow the player to do. The
-- 16 bytes of the 26-byte variant are documented as not yet implemented.
-- See also: protocol.txt, "PACKET_PLAYER_ABILITIES 11"
MmePlayers.PlayerAbilities = class.class(KaitaiStruct)

function MmePlayers.PlayerAbilities:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.PlayerAbilities:_read()
  self.permissions = MmePlayers.PlayerAbilities.Permissions(self._io, self, self._root)
  self.box_volume_limit = self._io:read_u4le()
  self.box_dimension_limit = self._io:read_u2le()
  if self._io:size() >= 26 then
    self.box_dimension_limit_2 = self._io:read_u2le()
  end
  if self._io:size() >= 26 then
    self.box_dimension_limit_3 = self._io:read_u2le()
  end
  if self._io:size() >= 26 then
    self.copy_volume_limit = self._io:read_u4le()
  end
  if self._io:size() >= 26 then
    self.copy_dimension_limit_1 = self._io:read_u2le()
  end
  if self._io:size() >= 26 then
    self.copy_dimension_limit_2 = self._io:read_u2le()
  end
  if self._io:size() >= 26 then
    self.copy_dimension_limit_3 = self._io:read_u2le()
  end
  if self._io:size() >= 26 then
    self.max_chat_length = self._io:read_u2le()
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- U4 bit mask of binary permissions.
-- 
-- 0 disallows building altogether, 1 disallows boxes.
-- 
-- Limit of the largest box dimension.
-- 
-- Limit of the second largest box dimension.
-- 
-- Limit of the smallest box dimension.
-- 
-- Largest volume a copy/paste may cover (not yet implemented).
-- 
-- Limit of the largest copy/paste dimension (not yet implemented).
-- 
-- Limit of the second largest copy/paste dimension (not yet implemented).
-- 
-- Limit of the smallest copy/paste dimension (not yet implemented).
-- 
-- Maximum length of a chat message; counts only what the player types, not the
-- name or anything else.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- U4 bit mask of binary permissions, bit 0 first.
-- See also: protocol.txt, "PACKET_PLAYER_ABILITIES 11" (U4 bit mask)
MmePlayers.PlayerAbilities.Permissions = class.class(KaitaiStruct)

function MmePlayers.PlayerAbilities.Permissions:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.PlayerAbilities.Permissions:_read()
  self.allow_flying = self._io:read_bits_int_le(1) ~= 0
  self.allow_fast_flying = self._io:read_bits_int_le(1) ~= 0
  self.allow_noclip = self._io:read_bits_int_le(1) ~= 0
  self.reserved = self._io:read_bits_int_le(29)
end

-- 
-- Allow flying (floating).
-- 
-- Allow high-speed flying.
-- 
-- Allow moving through solid blocks.
-- 
-- Bits 3-31, reserved (set to zero).

-- 
-- PLAYER_SKIN (0, 3; the prose adds 1). Three bytes set the texture of a player
-- model; one byte resets that model to its internal default. Decision: an empty
-- packet names no model and changes nothing; 2 bytes count as 1.
-- See also: protocol.txt, "PACKET_PLAYER_SKIN 45"
MmePlayers.PlayerSkin = class.class(KaitaiStruct)

function MmePlayers.PlayerSkin:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.PlayerSkin:_read()
  if self._io:size() >= 1 then
    self.model_id = self._io:read_u1()
    if not(self.model_id >= 1) then
      error("ValidationLessThanError")
    end
  end
  if self._io:size() >= 3 then
    self.texture_id = self._io:read_u2le()
  end
  self.ignored = self._io:read_bytes_full()
end

-- 
-- The model's texture goes back to the internal default.
MmePlayers.PlayerSkin.property.resets = {}
function MmePlayers.PlayerSkin.property.resets:get()
  if self._m_resets ~= nil then
    return self._m_resets
  end

  self._m_resets =  ((self._io:size() >= 1) and (self._io:size() < 3)) 
  return self._m_resets
end

-- 
-- Player model, 1 - 255.
-- 
-- Texture (from TEXTURE_SETUP) for the model; the document gives 0 - 1529.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- PROJECTILE_COLLISION (15): sent by the client that fired the projectile when it hit
-- a block or a player model.
-- See also: protocol.txt, "PACKET_PROJECTILE_COLLISION 49"
MmePlayers.ProjectileCollision = class.class(KaitaiStruct)

function MmePlayers.ProjectileCollision:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.ProjectileCollision:_read()
  self.projectile_type = MmeTypes.ProjectileType(self._io:read_u1())
  self.x = self._io:read_f4le()
  self.y = self._io:read_f4le()
  self.z = self._io:read_f4le()
  self.collision_type = MmeTypes.CollisionType(self._io:read_u1())
  self.thing_id = self._io:read_u1()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Which mouse button created it.
-- 
-- Where it collided, in block coordinates.
-- 
-- Where it collided, in block coordinates.
-- 
-- Where it collided, in block coordinates.
-- 
-- Whether a block or a player model was hit.
-- 
-- The block type hit, or the player model id.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

-- 
-- PROJECTILE_CREATE (21): a player fired a weapon; other clients draw the projectile.
-- See also: protocol.txt, "PACKET_PROJECTILE_CREATE 48"
MmePlayers.ProjectileCreate = class.class(KaitaiStruct)

function MmePlayers.ProjectileCreate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function MmePlayers.ProjectileCreate:_read()
  self.projectile_type = MmeTypes.ProjectileType(self._io:read_u1())
  self.x = self._io:read_f4le()
  self.y = self._io:read_f4le()
  self.z = self._io:read_f4le()
  self.u = self._io:read_f4le()
  self.v = self._io:read_f4le()
  self.ignored = self._io:read_bytes_full()
end

-- 
-- Which mouse button created it.
-- 
-- Position in block coordinates.
-- 
-- Position in block coordinates.
-- 
-- Position in block coordinates.
-- 
-- Left-right rotation, radians.
-- 
-- Up-down rotation, radians.
-- 
-- Bytes past the largest documented size (a later protocol extension), skipped.

