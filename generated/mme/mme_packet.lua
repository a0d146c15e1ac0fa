-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("mme_players")
require("mme_connection")
require("mme_assets")
require("mme_menu")
require("mme_map")
require("mme_types")
local stringstream = require("string_stream")

-- 
-- One packet of the Multiplayer Map Editor protocol as it travels on the TCP stream, in
-- either direction: a U2 packet type, a U2 payload size (not counting these four bytes)
-- and the payload, parsed by the type's payload spec.
-- 
-- The document lists the valid payload sizes of each type. A payload longer than the
-- largest listed size is parsed as that size and the excess is kept in the payload's
-- `ignored` field; a size between two listed sizes counts as the smaller one. Payloads
-- shorter than the smallest valid size are rejected by wirestruct's decoder, which names
-- the packet and its sizes, before this spec runs. Types without a payload spec here
-- (50 and above, future protocol versions) keep their payload as bytes.
-- 
-- Layers: this spec frames the packet and routes on `packet_type` to the payload types
-- of mme_connection, mme_players, mme_map, mme_assets and mme_menu, which share the
-- types and tables of mme_types.
-- See also: protocol.txt, "Packet format" and "Packet Type Constants"
MmePacket = class.class(KaitaiStruct)

function MmePacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function MmePacket:_read()
  self.packet_type = MmeTypes.PacketType(self._io:read_u2le())
  self.len_payload = self._io:read_u2le()
  local _on = self.packet_type.value
  if _on == 0 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeTypes.PacketTypeSet(_io)
  elseif _on == 1 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeTypes.PacketTypeSet(_io)
  elseif _on == 10 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmePlayers.DenouncePlayer(_io)
  elseif _on == 11 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmePlayers.PlayerAbilities(_io)
  elseif _on == 12 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.MapLoading(_io)
  elseif _on == 13 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.RandomGarbage(_io)
  elseif _on == 14 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.MapSetup(_io)
  elseif _on == 15 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.MapProperties(_io)
  elseif _on == 16 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.MapFill(_io)
  elseif _on == 17 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.MapData(_io)
  elseif _on == 18 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeTypes.Empty(_io)
  elseif _on == 19 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.CompressedChunk(_io)
  elseif _on == 2 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.Ping(_io)
  elseif _on == 20 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeTypes.Empty(_io)
  elseif _on == 21 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.CompressedChunk(_io)
  elseif _on == 22 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.BufferIsMapData(_io)
  elseif _on == 23 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeTypes.Empty(_io)
  elseif _on == 24 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmePlayers.MovePlayer(_io)
  elseif _on == 25 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMap.MapModify(_io)
  elseif _on == 26 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeAssets.FileRequest(_io)
  elseif _on == 27 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeAssets.TextureSetup(_io)
  elseif _on == 28 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeAssets.GroupSetup(_io)
  elseif _on == 29 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeAssets.BlockSetup(_io)
  elseif _on == 3 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.Ping(_io)
  elseif _on == 30 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuRequest(_io)
  elseif _on == 31 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuResponse(_io)
  elseif _on == 32 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuReset(_io)
  elseif _on == 33 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuText(_io)
  elseif _on == 34 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuWidget(_io)
  elseif _on == 35 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuWidget(_io)
  elseif _on == 36 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuWidget(_io)
  elseif _on == 37 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuInput(_io)
  elseif _on == 38 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuButton(_io)
  elseif _on == 39 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuErase(_io)
  elseif _on == 4 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeTypes.Empty(_io)
  elseif _on == 40 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuSaltedPassword(_io)
  elseif _on == 41 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuResize(_io)
  elseif _on == 42 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeAssets.SkyBox(_io)
  elseif _on == 43 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.ClientVersion(_io)
  elseif _on == 44 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.PortalCookie(_io)
  elseif _on == 45 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmePlayers.PlayerSkin(_io)
  elseif _on == 46 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeMenu.MenuTexture(_io)
  elseif _on == 47 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.ServerName(_io)
  elseif _on == 48 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmePlayers.ProjectileCreate(_io)
  elseif _on == 49 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmePlayers.ProjectileCollision(_io)
  elseif _on == 5 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.Authenticate(_io)
  elseif _on == 6 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.Connect(_io)
  elseif _on == 7 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmeConnection.Disconnect(_io)
  elseif _on == 8 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmePlayers.ChatMessage(_io)
  elseif _on == 9 then
    self._raw_payload = self._io:read_bytes(self.len_payload)
    local _io = KaitaiStream(stringstream(self._raw_payload))
    self.payload = MmePlayers.AnnouncePlayer(_io)
  else
    self.payload = self._io:read_bytes(self.len_payload)
  end
end

-- 
-- Which packet this is; only types the receiver selected may be sent.
-- 
-- Size of the payload, not counting the 4-byte header.
-- When writing, set to the byte length of `payload`; for types with size variants it
-- also picks the variant, so it must leave room for exactly the payload fields given
-- (the MME encoder's `payload_packet` computes it).
-- 
-- The packet data, parsed by the payload type of its packet type; types without a
-- payload type here stay bytes.
-- 
-- When writing, `packet_type` must name this payload's type: `_check()` does not compare
-- the switch value with the payload object.

