-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("diep_types")
local enum = require("enum")
local utils = require("utils")

-- 
-- One clientbound (server to client) diep.io packet, as it is once the transport's
-- encryption layer is removed: a header byte (the packet id), then the body. The 0x00
-- update packet is laid out by the field table of build "diepcustom-011c2e9"
-- (DiepCustom, commit 011c2e9); this spec is rendered from that table, one spec per build.
-- 
-- 0x02 wraps another packet in one raw LZ4 block; the block is kept as bytes here and
-- the decompressed packet, which starts with its own header byte, is parsed with this
-- same spec.
-- See also: clientbound.md
-- See also: 0x00-update-packet.txt
-- See also: README.md (build diepcustom-011c2e9) sections 3.1-3.5; fields.json
DiepClientboundDiepcustom011c2e9 = class.class(KaitaiStruct)

DiepClientboundDiepcustom011c2e9.ClientboundPacketId = enum.Enum {
  update = 0,
  outdated_client = 1,
  compressed = 2,
  notification = 3,
  server_info = 4,
  heartbeat = 5,
  party_code = 6,
  accept = 7,
  achievement = 8,
  invalid_party = 9,
  player_count = 10,
  pow_challenge = 11,
  unnamed = 12,
  int_js_challenge = 13,
}

DiepClientboundDiepcustom011c2e9.FieldGroup = enum.Enum {
  relations = 0,
  cpu_controllable = 1,
  barrel = 2,
  physics = 3,
  health = 4,
  dominator = 5,
  example = 6,
  arena = 7,
  name = 8,
  camera = 9,
  position = 10,
  style = 11,
  tagged = 12,
  score = 13,
  team = 14,
}

DiepClientboundDiepcustom011c2e9.NetColor = enum.Enum {
  border = 0,
  cannon = 1,
  tank = 2,
  team_blue = 3,
  team_red = 4,
  team_purple = 5,
  team_green = 6,
  shiny = 7,
  enemy_square = 8,
  enemy_triangle = 9,
  enemy_pentagon = 10,
  enemy_crasher = 11,
  neutral = 12,
  scoreboard_bar = 13,
  box = 14,
  enemy_tank = 15,
  necromancer_square = 16,
  fallen = 17,
}

DiepClientboundDiepcustom011c2e9.UpcreateKind = enum.Enum {
  update = 0,
  creation = 1,
}

DiepClientboundDiepcustom011c2e9.UpdateSlot = enum.Enum {
  position_y = 0,
  position_x = 1,
  position_angle = 2,
  physics_size = 3,
  camera_player = 4,
  arena_flags = 5,
  style_color = 6,
  arena_scoreboard_colors = 7,
  camera_killed_by = 8,
  arena_players_needed = 9,
  physics_sides = 10,
  team_flags = 11,
  health_flags = 12,
  arena_scoreboard_tanks = 13,
  camera_respawn_level = 14,
  camera_levelbar_progress = 15,
  camera_spawn_tick = 16,
  physics_absorbtion_factor = 17,
  arena_leader_x = 18,
  health_max_health = 19,
  style_flags = 20,
  example_example_test = 21,
  barrel_trapezoid_direction = 22,
  position_flags = 23,
  arena_scoreboard_names = 24,
  camera_score = 25,
  team_mothership_y = 26,
  arena_scoreboard_suffixes = 27,
  name_flags = 28,
  camera_movement_speed = 29,
  arena_leader_y = 30,
  arena_bottom_y = 31,
  relations_team = 32,
  camera_level = 33,
  team_team_color = 34,
  camera_fov = 35,
  camera_stat_limits = 36,
  arena_left_x = 37,
  arena_scoreboard_scores = 38,
  camera_stat_levels = 39,
  camera_tank_override = 40,
  camera_tank = 41,
  style_border_width = 42,
  camera_death_tick = 43,
  physics_width = 44,
  camera_stats_available = 45,
  barrel_flags = 46,
  camera_levelbar_max = 47,
  name_name = 48,
  relations_owner = 49,
  health_health = 50,
  camera_camera_y = 51,
  style_opacity = 52,
  barrel_reload_time = 53,
  camera_stat_names = 54,
  camera_camera_x = 55,
  team_mothership_x = 56,
  camera_unused_client_id = 57,
  relations_parent = 58,
  style_z_index = 59,
  camera_flags = 60,
  arena_right_x = 61,
  physics_push_factor = 62,
  physics_flags = 63,
  arena_scoreboard_amount = 64,
  arena_ticks_until_start = 65,
  arena_top_y = 66,
  score_score = 67,
}

function DiepClientboundDiepcustom011c2e9:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function DiepClientboundDiepcustom011c2e9:_read()
  self.packet_id = DiepClientboundDiepcustom011c2e9.ClientboundPacketId(self._io:read_u1())
  if self.packet_id == nil or self.packet_id.label == nil then
    error("ValidationNotInEnumError")
  end
  local _on = self.packet_id
  if _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.accept then
    self.body = DiepClientboundDiepcustom011c2e9.Accept(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.achievement then
    self.body = DiepClientboundDiepcustom011c2e9.Achievement(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.compressed then
    self.body = DiepClientboundDiepcustom011c2e9.Compressed(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.int_js_challenge then
    self.body = DiepClientboundDiepcustom011c2e9.IntJsChallenge(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.notification then
    self.body = DiepClientboundDiepcustom011c2e9.Notification(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.outdated_client then
    self.body = DiepClientboundDiepcustom011c2e9.OutdatedClient(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.party_code then
    self.body = DiepClientboundDiepcustom011c2e9.PartyCode(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.player_count then
    self.body = DiepClientboundDiepcustom011c2e9.PlayerCount(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.pow_challenge then
    self.body = DiepClientboundDiepcustom011c2e9.PowChallenge(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.server_info then
    self.body = DiepClientboundDiepcustom011c2e9.ServerInfo(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.unnamed then
    self.body = DiepClientboundDiepcustom011c2e9.Unnamed(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.ClientboundPacketId.update then
    self.body = DiepClientboundDiepcustom011c2e9.UpdatePacket(self._io, self, self._root)
  end
end

-- 
-- Which packet this is; it selects the layout of the body.
-- 
-- Absent for the header-only packets (0x05 heartbeat, 0x09 invalid party).

-- 
-- 0x07, the client is accepted. The document has the header alone; the bundled build
-- appends `vi(access level)`. Both shapes are accepted.
-- See also: clientbound.md "0x07 Accept Packet"
-- See also: README.md section 6 item 2
DiepClientboundDiepcustom011c2e9.Accept = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.Accept:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.Accept:_read()
  if not(self._io:is_eof()) then
    self.access_level = DiepTypes.Vi(self._io)
  end
end

-- 
-- Only in the bundled build's form; 2 by default (`07 04`).

-- 
-- 0x08, achievement hashes to mark as obtained.
-- See also: clientbound.md "0x08 Achievement Packet"
DiepClientboundDiepcustom011c2e9.Achievement = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.Achievement:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.Achievement:_read()
  self.num_hashes = DiepTypes.Vu(self._io)
  self.hashes = {}
  for i = 0, self.num_hashes.value - 1 do
    self.hashes[i + 1] = DiepTypes.StringNt(self._io)
  end
end

-- 
-- Number of achievement hashes that follow.
-- 
-- Achievement hashes (e.g. "9898db9ff6d3c1b3_1") the client stores as obtained.

-- 
-- 0x02: u32 length of the inner packet (its header byte included), then one raw LZ4
-- block (no frame, no size prefix). The runtime decompresses it, checks the length,
-- and parses the result as a packet of its own with this spec.
-- See also: clientbound.md "0x02 Compressed Packet"
-- See also: README.md section 5
DiepClientboundDiepcustom011c2e9.Compressed = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.Compressed:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.Compressed:_read()
  self.len_decompressed = self._io:read_u4le()
  self.lz4_block = self._io:read_bytes_full()
end

-- 
-- Length of the decompressed packet, header byte included; the runtime checks the
-- decompressed size against it.
-- 
-- When writing, set to the byte length of the inner packet before compression.
-- 
-- One raw LZ4 block (no frame header, no size prefix); it decompresses to a whole
-- packet that is not encoded by the transport.
-- 
-- When writing, the LZ4 block of the inner packet, made by the writer
-- (`wirestruct.diep.encoder.compressed_fields`).

-- 
-- The entity's field groups as an index-only jump table, then every field of every
-- present group in creation order (no tags); array fields write all their elements.
-- See also: README.md section 3.1
DiepClientboundDiepcustom011c2e9.Creation = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.Creation:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.Creation:_read()
  self.groups = DiepTypes.IndexTable(15, self._io)
  if self.has_position then
    self.position_y = DiepTypes.Vi(self._io)
  end
  if self.has_position then
    self.position_x = DiepTypes.Vi(self._io)
  end
  if self.has_position then
    self.position_angle = DiepTypes.FixedPoint(64, self._io)
  end
  if self.has_physics then
    self.physics_size = DiepTypes.F32(self._io)
  end
  if self.has_camera then
    self.camera_player = DiepTypes.Entid(self._io)
  end
  if self.has_arena then
    self.arena_flags = DiepTypes.Vu(self._io)
  end
  if self.has_style then
    self.style_color = DiepTypes.Vu(self._io)
  end
  if self.has_arena then
    self.arena_scoreboard_colors = {}
    for i = 0, 10 - 1 do
      self.arena_scoreboard_colors[i + 1] = DiepTypes.Vu(self._io)
    end
  end
  if self.has_camera then
    self.camera_killed_by = DiepTypes.StringNt(self._io)
  end
  if self.has_arena then
    self.arena_players_needed = DiepTypes.Vi(self._io)
  end
  if self.has_physics then
    self.physics_sides = DiepTypes.Vu(self._io)
  end
  if self.has_team then
    self.team_flags = DiepTypes.Vu(self._io)
  end
  if self.has_health then
    self.health_flags = DiepTypes.Vu(self._io)
  end
  if self.has_arena then
    self.arena_scoreboard_tanks = {}
    for i = 0, 10 - 1 do
      self.arena_scoreboard_tanks[i + 1] = DiepTypes.Vi(self._io)
    end
  end
  if self.has_camera then
    self.camera_respawn_level = DiepTypes.Vi(self._io)
  end
  if self.has_camera then
    self.camera_levelbar_progress = DiepTypes.F32(self._io)
  end
  if self.has_camera then
    self.camera_spawn_tick = DiepTypes.Vi(self._io)
  end
  if self.has_physics then
    self.physics_absorbtion_factor = DiepTypes.F32(self._io)
  end
  if self.has_arena then
    self.arena_leader_x = DiepTypes.F32(self._io)
  end
  if self.has_health then
    self.health_max_health = DiepTypes.F32(self._io)
  end
  if self.has_style then
    self.style_flags = DiepTypes.Vu(self._io)
  end
  if self.has_barrel then
    self.barrel_trapezoid_direction = DiepTypes.F32(self._io)
  end
  if self.has_position then
    self.position_flags = DiepTypes.Vu(self._io)
  end
  if self.has_arena then
    self.arena_scoreboard_names = {}
    for i = 0, 10 - 1 do
      self.arena_scoreboard_names[i + 1] = DiepTypes.StringNt(self._io)
    end
  end
  if self.has_camera then
    self.camera_score = DiepTypes.F32(self._io)
  end
  if self.has_team then
    self.team_mothership_y = DiepTypes.F32(self._io)
  end
  if self.has_arena then
    self.arena_scoreboard_suffixes = {}
    for i = 0, 10 - 1 do
      self.arena_scoreboard_suffixes[i + 1] = DiepTypes.StringNt(self._io)
    end
  end
  if self.has_name then
    self.name_flags = DiepTypes.Vu(self._io)
  end
  if self.has_camera then
    self.camera_movement_speed = DiepTypes.F32(self._io)
  end
  if self.has_arena then
    self.arena_leader_y = DiepTypes.F32(self._io)
  end
  if self.has_arena then
    self.arena_bottom_y = DiepTypes.F32(self._io)
  end
  if self.has_relations then
    self.relations_team = DiepTypes.Entid(self._io)
  end
  if self.has_camera then
    self.camera_level = DiepTypes.Vi(self._io)
  end
  if self.has_team then
    self.team_team_color = DiepTypes.Vu(self._io)
  end
  if self.has_camera then
    self.camera_fov = DiepTypes.F32(self._io)
  end
  if self.has_camera then
    self.camera_stat_limits = {}
    for i = 0, 8 - 1 do
      self.camera_stat_limits[i + 1] = DiepTypes.Vi(self._io)
    end
  end
  if self.has_arena then
    self.arena_left_x = DiepTypes.F32(self._io)
  end
  if self.has_arena then
    self.arena_scoreboard_scores = {}
    for i = 0, 10 - 1 do
      self.arena_scoreboard_scores[i + 1] = DiepTypes.F32(self._io)
    end
  end
  if self.has_camera then
    self.camera_stat_levels = {}
    for i = 0, 8 - 1 do
      self.camera_stat_levels[i + 1] = DiepTypes.Vi(self._io)
    end
  end
  if self.has_camera then
    self.camera_tank_override = DiepTypes.StringNt(self._io)
  end
  if self.has_camera then
    self.camera_tank = DiepTypes.Vi(self._io)
  end
  if self.has_style then
    self.style_border_width = DiepTypes.FixedPoint(64, self._io)
  end
  if self.has_camera then
    self.camera_death_tick = DiepTypes.Vi(self._io)
  end
  if self.has_physics then
    self.physics_width = DiepTypes.F32(self._io)
  end
  if self.has_camera then
    self.camera_stats_available = DiepTypes.Vi(self._io)
  end
  if self.has_barrel then
    self.barrel_flags = DiepTypes.Vu(self._io)
  end
  if self.has_camera then
    self.camera_levelbar_max = DiepTypes.F32(self._io)
  end
  if self.has_name then
    self.name_name = DiepTypes.StringNt(self._io)
  end
  if self.has_relations then
    self.relations_owner = DiepTypes.Entid(self._io)
  end
  if self.has_health then
    self.health_health = DiepTypes.F32(self._io)
  end
  if self.has_camera then
    self.camera_camera_y = DiepTypes.F32(self._io)
  end
  if self.has_style then
    self.style_opacity = DiepTypes.F32(self._io)
  end
  if self.has_barrel then
    self.barrel_reload_time = DiepTypes.F32(self._io)
  end
  if self.has_camera then
    self.camera_stat_names = {}
    for i = 0, 8 - 1 do
      self.camera_stat_names[i + 1] = DiepTypes.StringNt(self._io)
    end
  end
  if self.has_camera then
    self.camera_camera_x = DiepTypes.F32(self._io)
  end
  if self.has_team then
    self.team_mothership_x = DiepTypes.F32(self._io)
  end
  if self.has_camera then
    self.camera_unused_client_id = DiepTypes.Vu(self._io)
  end
  if self.has_relations then
    self.relations_parent = DiepTypes.Entid(self._io)
  end
  if self.has_style then
    self.style_z_index = DiepTypes.Vu(self._io)
  end
  if self.has_camera then
    self.camera_flags = DiepTypes.Vu(self._io)
  end
  if self.has_arena then
    self.arena_right_x = DiepTypes.F32(self._io)
  end
  if self.has_physics then
    self.physics_push_factor = DiepTypes.F32(self._io)
  end
  if self.has_physics then
    self.physics_flags = DiepTypes.Vu(self._io)
  end
  if self.has_arena then
    self.arena_scoreboard_amount = DiepTypes.Vu(self._io)
  end
  if self.has_arena then
    self.arena_ticks_until_start = DiepTypes.F32(self._io)
  end
  if self.has_arena then
    self.arena_top_y = DiepTypes.F32(self._io)
  end
  if self.has_score then
    self.score_score = DiepTypes.F32(self._io)
  end
end

-- 
-- The entity has field group 7 (Arena).
DiepClientboundDiepcustom011c2e9.Creation.property.has_arena = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_arena:get()
  if self._m_has_arena ~= nil then
    return self._m_has_arena
  end

  self._m_has_arena = math.floor(self.groups.mask / 128) % 2 == 1
  return self._m_has_arena
end

-- 
-- The entity has field group 2 (Barrel).
DiepClientboundDiepcustom011c2e9.Creation.property.has_barrel = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_barrel:get()
  if self._m_has_barrel ~= nil then
    return self._m_has_barrel
  end

  self._m_has_barrel = math.floor(self.groups.mask / 4) % 2 == 1
  return self._m_has_barrel
end

-- 
-- The entity has field group 9 (Camera).
DiepClientboundDiepcustom011c2e9.Creation.property.has_camera = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_camera:get()
  if self._m_has_camera ~= nil then
    return self._m_has_camera
  end

  self._m_has_camera = math.floor(self.groups.mask / 512) % 2 == 1
  return self._m_has_camera
end

-- 
-- The entity has field group 1 (CPUControllable); this build never sends it.
DiepClientboundDiepcustom011c2e9.Creation.property.has_cpu_controllable = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_cpu_controllable:get()
  if self._m_has_cpu_controllable ~= nil then
    return self._m_has_cpu_controllable
  end

  self._m_has_cpu_controllable = math.floor(self.groups.mask / 2) % 2 == 1
  return self._m_has_cpu_controllable
end

-- 
-- The entity has field group 5 (Dominator); this build never sends it.
DiepClientboundDiepcustom011c2e9.Creation.property.has_dominator = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_dominator:get()
  if self._m_has_dominator ~= nil then
    return self._m_has_dominator
  end

  self._m_has_dominator = math.floor(self.groups.mask / 32) % 2 == 1
  return self._m_has_dominator
end

-- 
-- The entity has field group 6 (Example); this build never sends it.
DiepClientboundDiepcustom011c2e9.Creation.property.has_example = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_example:get()
  if self._m_has_example ~= nil then
    return self._m_has_example
  end

  self._m_has_example = math.floor(self.groups.mask / 64) % 2 == 1
  return self._m_has_example
end

-- 
-- The entity has field group 4 (Health).
DiepClientboundDiepcustom011c2e9.Creation.property.has_health = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_health:get()
  if self._m_has_health ~= nil then
    return self._m_has_health
  end

  self._m_has_health = math.floor(self.groups.mask / 16) % 2 == 1
  return self._m_has_health
end

-- 
-- The entity has field group 8 (Name).
DiepClientboundDiepcustom011c2e9.Creation.property.has_name = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_name:get()
  if self._m_has_name ~= nil then
    return self._m_has_name
  end

  self._m_has_name = math.floor(self.groups.mask / 256) % 2 == 1
  return self._m_has_name
end

-- 
-- The entity has field group 3 (Physics).
DiepClientboundDiepcustom011c2e9.Creation.property.has_physics = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_physics:get()
  if self._m_has_physics ~= nil then
    return self._m_has_physics
  end

  self._m_has_physics = math.floor(self.groups.mask / 8) % 2 == 1
  return self._m_has_physics
end

-- 
-- The entity has field group 10 (Position).
DiepClientboundDiepcustom011c2e9.Creation.property.has_position = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_position:get()
  if self._m_has_position ~= nil then
    return self._m_has_position
  end

  self._m_has_position = math.floor(self.groups.mask / 1024) % 2 == 1
  return self._m_has_position
end

-- 
-- The entity has field group 0 (Relations).
DiepClientboundDiepcustom011c2e9.Creation.property.has_relations = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_relations:get()
  if self._m_has_relations ~= nil then
    return self._m_has_relations
  end

  self._m_has_relations = math.floor(self.groups.mask / 1) % 2 == 1
  return self._m_has_relations
end

-- 
-- The entity has field group 13 (Score).
DiepClientboundDiepcustom011c2e9.Creation.property.has_score = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_score:get()
  if self._m_has_score ~= nil then
    return self._m_has_score
  end

  self._m_has_score = math.floor(self.groups.mask / 8192) % 2 == 1
  return self._m_has_score
end

-- 
-- The entity has field group 11 (Style).
DiepClientboundDiepcustom011c2e9.Creation.property.has_style = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_style:get()
  if self._m_has_style ~= nil then
    return self._m_has_style
  end

  self._m_has_style = math.floor(self.groups.mask / 2048) % 2 == 1
  return self._m_has_style
end

-- 
-- The entity has field group 12 (Tagged); this build never sends it.
DiepClientboundDiepcustom011c2e9.Creation.property.has_tagged = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_tagged:get()
  if self._m_has_tagged ~= nil then
    return self._m_has_tagged
  end

  self._m_has_tagged = math.floor(self.groups.mask / 4096) % 2 == 1
  return self._m_has_tagged
end

-- 
-- The entity has field group 14 (Team).
DiepClientboundDiepcustom011c2e9.Creation.property.has_team = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.has_team:get()
  if self._m_has_team ~= nil then
    return self._m_has_team
  end

  self._m_has_team = math.floor(self.groups.mask / 16384) % 2 == 1
  return self._m_has_team
end

-- 
-- Style.color as a net_color.
DiepClientboundDiepcustom011c2e9.Creation.property.style_color_enum = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.style_color_enum:get()
  if self._m_style_color_enum ~= nil then
    return self._m_style_color_enum
  end

  if self.has_style then
    self._m_style_color_enum = DiepClientboundDiepcustom011c2e9.NetColor(self.style_color.value)
  end
  return self._m_style_color_enum
end

-- 
-- Team.teamColor as a net_color.
DiepClientboundDiepcustom011c2e9.Creation.property.team_team_color_enum = {}
function DiepClientboundDiepcustom011c2e9.Creation.property.team_team_color_enum:get()
  if self._m_team_team_color_enum ~= nil then
    return self._m_team_team_color_enum
  end

  if self.has_team then
    self._m_team_team_color_enum = DiepClientboundDiepcustom011c2e9.NetColor(self.team_team_color.value)
  end
  return self._m_team_team_color_enum
end

-- 
-- Field group ids present, ascending (see enum field_group).
-- 
-- Creation index 0, update index 0; varint32 (zigzag, then vu). The server holds
-- a float; the wire carries it truncated toward zero.
-- 
-- Creation index 1, update index 1; varint32 (zigzag, then vu). The server holds
-- a float; the wire carries it truncated toward zero.
-- 
-- Creation index 2, update index 2; not a float64: fixed point with 6 fraction
-- bits, vi(trunc(value * 64)), value = int / 64. Radians, in steps of 1/64
-- (truncated).
-- 
-- Creation index 3, update index 3; float32, little-endian
-- 
-- Creation index 4, update index 4; entity reference: vu(hash), then vu(id) when
-- hash != 0
-- 
-- Creation index 5, update index 5; varuint32 (unsigned LEB128)
-- 
-- Creation index 6, update index 6; varuint32 (unsigned LEB128). A net colour
-- (enum net_color). A stored 2 (Tank) goes out as 15 (EnemyTank) unless the
-- entity's Relations.team is the team of the camera's current player, in
-- creations and updates alike.
-- 
-- Creation index 7, update index 7; varuint32 (unsigned LEB128), 10 elements.
-- Net colours (enum net_color) of the scoreboard bars.
-- 
-- Creation index 8, update index 8; null-terminated UTF-8
-- 
-- Creation index 9, update index 9; varint32 (zigzag, then vu)
-- 
-- Creation index 10, update index 10; varuint32 (unsigned LEB128)
-- 
-- Creation index 11, update index 11; varuint32 (unsigned LEB128)
-- 
-- Creation index 12, update index 12; varuint32 (unsigned LEB128)
-- 
-- Creation index 13, update index 13; varint32 (zigzag, then vu), 10 elements.
-- Tank ids of the scoreboard entries.
-- 
-- Creation index 14, update index 14; varint32 (zigzag, then vu)
-- 
-- Creation index 15, update index 15; float32, little-endian
-- 
-- Creation index 16, update index 16; varint32 (zigzag, then vu)
-- 
-- Creation index 17, update index 17; float32, little-endian. Spelled as
-- DiepCustom spells it.
-- 
-- Creation index 18, update index 18; float32, little-endian
-- 
-- Creation index 19, update index 19; float32, little-endian
-- 
-- Creation index 20, update index 20; varuint32 (unsigned LEB128)
-- 
-- Creation index 21, update index 22; float32, little-endian
-- 
-- Creation index 22, update index 23; varuint32 (unsigned LEB128)
-- 
-- Creation index 23, update index 24; null-terminated UTF-8, 10 elements
-- 
-- Creation index 24, update index 25; float32, little-endian
-- 
-- Creation index 25, update index 26; float32, little-endian
-- 
-- Creation index 26, update index 27; null-terminated UTF-8, 10 elements
-- 
-- Creation index 27, update index 28; varuint32 (unsigned LEB128)
-- 
-- Creation index 28, update index 29; float32, little-endian
-- 
-- Creation index 29, update index 30; float32, little-endian
-- 
-- Creation index 30, update index 31; float32, little-endian
-- 
-- Creation index 31, update index 32; entity reference: vu(hash), then vu(id)
-- when hash != 0
-- 
-- Creation index 32, update index 33; varint32 (zigzag, then vu)
-- 
-- Creation index 33, update index 34; varuint32 (unsigned LEB128). The team's
-- net colour (enum net_color).
-- 
-- Creation index 34, update index 35; float32, little-endian
-- 
-- Creation index 35, update index 36; varint32 (zigzag, then vu), 8 elements
-- 
-- Creation index 36, update index 37; float32, little-endian
-- 
-- Creation index 37, update index 38; float32, little-endian, 10 elements.
-- Creations send all 10 as float32; an update sends each changed element as a
-- vi, truncated toward zero.
-- 
-- Creation index 38, update index 39; varint32 (zigzag, then vu), 8 elements
-- 
-- Creation index 39, update index 40; null-terminated UTF-8
-- 
-- Creation index 40, update index 41; varint32 (zigzag, then vu). A tank id.
-- data.md gives -1 as the default; DiepCustom's default is 53, which its
-- spectator camera sends.
-- 
-- Creation index 41, update index 42; not a float64: fixed point with 6 fraction
-- bits, vi(trunc(value * 64)), value = int / 64. In steps of 1/64 (truncated);
-- 7.5 is sent as c0 07.
-- 
-- Creation index 42, update index 43; varint32 (zigzag, then vu)
-- 
-- Creation index 43, update index 44; float32, little-endian
-- 
-- Creation index 44, update index 45; varint32 (zigzag, then vu)
-- 
-- Creation index 45, update index 46; varuint32 (unsigned LEB128)
-- 
-- Creation index 46, update index 47; float32, little-endian
-- 
-- Creation index 47, update index 48; null-terminated UTF-8
-- 
-- Creation index 48, update index 49; entity reference: vu(hash), then vu(id)
-- when hash != 0
-- 
-- Creation index 49, update index 50; float32, little-endian
-- 
-- Creation index 50, update index 51; float32, little-endian
-- 
-- Creation index 51, update index 52; float32, little-endian
-- 
-- Creation index 52, update index 53; float32, little-endian
-- 
-- Creation index 53, update index 54; null-terminated UTF-8, 8 elements
-- 
-- Creation index 54, update index 55; float32, little-endian
-- 
-- Creation index 55, update index 56; float32, little-endian
-- 
-- Creation index 56, update index 57; varuint32 (unsigned LEB128)
-- 
-- Creation index 57, update index 58; entity reference: vu(hash), then vu(id)
-- when hash != 0
-- 
-- Creation index 58, update index 59; varuint32 (unsigned LEB128)
-- 
-- Creation index 59, update index 60; varuint32 (unsigned LEB128)
-- 
-- Creation index 60, update index 61; float32, little-endian
-- 
-- Creation index 61, update index 62; float32, little-endian
-- 
-- Creation index 62, update index 63; varuint32 (unsigned LEB128)
-- 
-- Creation index 63, update index 64; varuint32 (unsigned LEB128)
-- 
-- Creation index 64, update index 65; float32, little-endian
-- 
-- Creation index 65, update index 66; float32, little-endian
-- 
-- Creation index 66, update index 67; float32, little-endian

-- 
-- One changed element (or the closing entry) of an element table.
-- See also: README.md section 3.2
DiepClientboundDiepcustom011c2e9.ElementStringNt = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.ElementStringNt:_init(prev_index, num_elements, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.prev_index = prev_index
  self.num_elements = num_elements
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.ElementStringNt:_read()
  self.jump = DiepTypes.Jump(self.prev_index, self.num_elements, self._io)
  if not(self.jump.is_end) then
    self.value = DiepTypes.StringNt(self._io)
  end
end

-- 
-- Index of the changed element in the array field.
DiepClientboundDiepcustom011c2e9.ElementStringNt.property.index = {}
function DiepClientboundDiepcustom011c2e9.ElementStringNt.property.index:get()
  if self._m_index ~= nil then
    return self._m_index
  end

  self._m_index = self.jump.index
  return self._m_index
end

-- 
-- This entry closes the element table.
DiepClientboundDiepcustom011c2e9.ElementStringNt.property.is_end = {}
function DiepClientboundDiepcustom011c2e9.ElementStringNt.property.is_end:get()
  if self._m_is_end ~= nil then
    return self._m_is_end
  end

  self._m_is_end = self.jump.is_end
  return self._m_is_end
end

-- 
-- `(element index - previous element index) XOR 1`; `01` closes the table.
-- 
-- The element's new value.
-- 
-- Element index of the previous entry; -1 for the first.
-- 
-- Number of elements of the array field.

-- 
-- The changed elements of an array field of null-terminated UTF-8: a nested jump
-- table over element indexes, each followed by the element, closed by `01`.
-- See also: README.md section 3.2
DiepClientboundDiepcustom011c2e9.ElementTableStringNt = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.ElementTableStringNt:_init(num_elements, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.num_elements = num_elements
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.ElementTableStringNt:_read()
  self.elements = {}
  local i = 0
  while true do
    local _ = DiepClientboundDiepcustom011c2e9.ElementStringNt(utils.box_unwrap((i == 0) and utils.box_wrap(-1) or (self.elements[(i - 1) + 1].index)), self.num_elements, self._io, self, self._root)
    self.elements[i + 1] = _
    if _.is_end then
      break
    end
    i = i + 1
  end
end

-- 
-- The changed elements in increasing index order, then the closing entry.
-- 
-- Number of elements of the array field.

-- 
-- The changed elements of an array field of varint32 (zigzag, then vu): a nested jump
-- table over element indexes, each followed by the element, closed by `01`.
-- See also: README.md section 3.2
DiepClientboundDiepcustom011c2e9.ElementTableVi = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.ElementTableVi:_init(num_elements, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.num_elements = num_elements
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.ElementTableVi:_read()
  self.elements = {}
  local i = 0
  while true do
    local _ = DiepClientboundDiepcustom011c2e9.ElementVi(utils.box_unwrap((i == 0) and utils.box_wrap(-1) or (self.elements[(i - 1) + 1].index)), self.num_elements, self._io, self, self._root)
    self.elements[i + 1] = _
    if _.is_end then
      break
    end
    i = i + 1
  end
end

-- 
-- The changed elements in increasing index order, then the closing entry.
-- 
-- Number of elements of the array field.

-- 
-- The changed elements of an array field of varuint32 (unsigned LEB128): a nested jump
-- table over element indexes, each followed by the element, closed by `01`.
-- See also: README.md section 3.2
DiepClientboundDiepcustom011c2e9.ElementTableVu = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.ElementTableVu:_init(num_elements, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.num_elements = num_elements
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.ElementTableVu:_read()
  self.elements = {}
  local i = 0
  while true do
    local _ = DiepClientboundDiepcustom011c2e9.ElementVu(utils.box_unwrap((i == 0) and utils.box_wrap(-1) or (self.elements[(i - 1) + 1].index)), self.num_elements, self._io, self, self._root)
    self.elements[i + 1] = _
    if _.is_end then
      break
    end
    i = i + 1
  end
end

-- 
-- The changed elements in increasing index order, then the closing entry.
-- 
-- Number of elements of the array field.

-- 
-- One changed element (or the closing entry) of an element table.
-- See also: README.md section 3.2
DiepClientboundDiepcustom011c2e9.ElementVi = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.ElementVi:_init(prev_index, num_elements, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.prev_index = prev_index
  self.num_elements = num_elements
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.ElementVi:_read()
  self.jump = DiepTypes.Jump(self.prev_index, self.num_elements, self._io)
  if not(self.jump.is_end) then
    self.value = DiepTypes.Vi(self._io)
  end
end

-- 
-- Index of the changed element in the array field.
DiepClientboundDiepcustom011c2e9.ElementVi.property.index = {}
function DiepClientboundDiepcustom011c2e9.ElementVi.property.index:get()
  if self._m_index ~= nil then
    return self._m_index
  end

  self._m_index = self.jump.index
  return self._m_index
end

-- 
-- This entry closes the element table.
DiepClientboundDiepcustom011c2e9.ElementVi.property.is_end = {}
function DiepClientboundDiepcustom011c2e9.ElementVi.property.is_end:get()
  if self._m_is_end ~= nil then
    return self._m_is_end
  end

  self._m_is_end = self.jump.is_end
  return self._m_is_end
end

-- 
-- `(element index - previous element index) XOR 1`; `01` closes the table.
-- 
-- The element's new value.
-- 
-- Element index of the previous entry; -1 for the first.
-- 
-- Number of elements of the array field.

-- 
-- One changed element (or the closing entry) of an element table.
-- See also: README.md section 3.2
DiepClientboundDiepcustom011c2e9.ElementVu = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.ElementVu:_init(prev_index, num_elements, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.prev_index = prev_index
  self.num_elements = num_elements
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.ElementVu:_read()
  self.jump = DiepTypes.Jump(self.prev_index, self.num_elements, self._io)
  if not(self.jump.is_end) then
    self.value = DiepTypes.Vu(self._io)
  end
end

-- 
-- Index of the changed element in the array field.
DiepClientboundDiepcustom011c2e9.ElementVu.property.index = {}
function DiepClientboundDiepcustom011c2e9.ElementVu.property.index:get()
  if self._m_index ~= nil then
    return self._m_index
  end

  self._m_index = self.jump.index
  return self._m_index
end

-- 
-- This entry closes the element table.
DiepClientboundDiepcustom011c2e9.ElementVu.property.is_end = {}
function DiepClientboundDiepcustom011c2e9.ElementVu.property.is_end:get()
  if self._m_is_end ~= nil then
    return self._m_is_end
  end

  self._m_is_end = self.jump.is_end
  return self._m_is_end
end

-- 
-- `(element index - previous element index) XOR 1`; `01` closes the table.
-- 
-- The element's new value.
-- 
-- Element index of the previous entry; -1 for the first.
-- 
-- Number of elements of the array field.

-- 
-- The changed fields as a jump table over the 68 update slots, each
-- value in the field's update type, closed by `01`.
-- See also: README.md section 3.2
DiepClientboundDiepcustom011c2e9.EntityUpdate = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.EntityUpdate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.EntityUpdate:_read()
  self.table_start = self._io:read_u1()
  if not(self.table_start == 1) then
    error("not equal, expected " .. 1 .. ", but got " .. self.table_start)
  end
  self.fields = {}
  local i = 0
  while true do
    local _ = DiepClientboundDiepcustom011c2e9.UpdateField(utils.box_unwrap((i == 0) and utils.box_wrap(-1) or (self.fields[(i - 1) + 1].index)), self._io, self, self._root)
    self.fields[i + 1] = _
    if _.xored_jump == 1 then
      break
    end
    i = i + 1
  end
end

-- 
-- Updates always begin `00 01`; this is the `01`.
-- 
-- The changed fields, then the closing entry.

-- 
-- 0x0D, obfuscated JavaScript whose uint32 result goes back in serverbound 0x0B.
-- See also: clientbound.md "0x0D Int JS Challenge Packet"
DiepClientboundDiepcustom011c2e9.IntJsChallenge = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.IntJsChallenge:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.IntJsChallenge:_read()
  self.id = DiepTypes.Vu(self._io)
  self.code = DiepTypes.StringNt(self._io)
end

-- 
-- The evaluation id, sent back with the result.
-- 
-- Obfuscated JavaScript (one of about 200 per build) that returns a uint32.

-- 
-- 0x03, an in-game notification.
-- See also: clientbound.md "0x03 Notification Packet"
DiepClientboundDiepcustom011c2e9.Notification = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.Notification:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.Notification:_read()
  self.message = DiepTypes.StringNt(self._io)
  self.rgb = DiepTypes.U32(self._io)
  self.duration = DiepTypes.F32(self._io)
  self.identifier = DiepTypes.StringNt(self._io)
end

-- 
-- Blue component, 0-255.
DiepClientboundDiepcustom011c2e9.Notification.property.blue = {}
function DiepClientboundDiepcustom011c2e9.Notification.property.blue:get()
  if self._m_blue ~= nil then
    return self._m_blue
  end

  self._m_blue = self.rgb.value % 256
  return self._m_blue
end

-- 
-- Green component, 0-255.
DiepClientboundDiepcustom011c2e9.Notification.property.green = {}
function DiepClientboundDiepcustom011c2e9.Notification.property.green:get()
  if self._m_green ~= nil then
    return self._m_green
  end

  self._m_green = math.floor(self.rgb.value / 256) % 256
  return self._m_green
end

-- 
-- Red component, 0-255.
DiepClientboundDiepcustom011c2e9.Notification.property.red = {}
function DiepClientboundDiepcustom011c2e9.Notification.property.red:get()
  if self._m_red ~= nil then
    return self._m_red
  end

  self._m_red = math.floor(self.rgb.value / 65536) % 256
  return self._m_red
end

-- 
-- The text shown, e.g. "You've killed Example".
-- 
-- Colour 0xRRGGBB; the top byte is unused.
-- 
-- How long the notification shows, in milliseconds.
-- 
-- A new notification replaces a shown one with the same non-empty identifier.

-- 
-- 0x01, sent on a wrong build in the init packet; the client reloads.
-- See also: clientbound.md "0x01 Outdated Client Packet"
DiepClientboundDiepcustom011c2e9.OutdatedClient = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.OutdatedClient:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.OutdatedClient:_read()
  self.build = DiepTypes.StringNt(self._io)
end

-- 
-- The server's current build; the client reloads the page to get it.

-- 
-- 0x06, the party code of the arena and team (only in team modes and sandbox).
-- See also: clientbound.md "0x06 Party Code Packet"
DiepClientboundDiepcustom011c2e9.PartyCode = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.PartyCode:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.PartyCode:_read()
  self.code = self._io:read_bytes_full()
end

-- 
-- The party code, not nibble-swapped. A party link is the server id as stringNT
-- followed by these bytes, every byte nibble-swapped, in hex.

-- 
-- 0x0A, the number of clients connected (over all games, in the bundled build).
-- See also: clientbound.md "0x0A Player Count Packet"
DiepClientboundDiepcustom011c2e9.PlayerCount = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.PlayerCount:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.PlayerCount:_read()
  self.num_clients = DiepTypes.Vu(self._io)
end

-- 
-- Clients connected; the document calls the packet unused, the bundled build sends
-- it on accept and whenever a client joins or leaves.

-- 
-- 0x0B, a proof-of-work challenge; answered by serverbound 0x0A.
-- See also: clientbound.md "0x0B PoW Challenge Packet"
DiepClientboundDiepcustom011c2e9.PowChallenge = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.PowChallenge:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.PowChallenge:_read()
  self.difficulty = DiepTypes.Vu(self._io)
  self.prefix = DiepTypes.StringNt(self._io)
end

-- 
-- How hard the proof of work is (e.g. 20).
-- 
-- Always 16 characters.

-- 
-- 0x04. The document has three strings (gamemode, server uuid, host-region); the
-- bundled build sends two (gamemode, host). Both shapes are accepted: the third string
-- is read only when bytes are left.
-- See also: clientbound.md "0x04 Server Info Packet"
-- See also: README.md section 6 item 1
DiepClientboundDiepcustom011c2e9.ServerInfo = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.ServerInfo:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.ServerInfo:_read()
  self.gamemode = DiepTypes.StringNt(self._io)
  self.server_uuid_or_host = DiepTypes.StringNt(self._io)
  if not(self._io:is_eof()) then
    self.host_region = DiepTypes.StringNt(self._io)
  end
end

-- 
-- The selected game mode, e.g. "sandbox".
-- 
-- The server uuid in the three-string form, the host in the two-string form.
-- 
-- Only in the three-string form; shown next to the ping (e.g. "vultr-amsterdam").

-- 
-- 0x0C, never observed; one varuint of unknown meaning.
-- See also: clientbound.md "0x0C Unnamed Packet"
DiepClientboundDiepcustom011c2e9.Unnamed = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.Unnamed:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.Unnamed:_read()
  self.unknown = DiepTypes.Vu(self._io)
end

-- 
-- Unknown; older builds used 0x0C as a JavaScript challenge with a string answer.

-- 
-- A creation (entity with all its fields) or an update (only changed fields).
-- See also: README.md section 3
DiepClientboundDiepcustom011c2e9.Upcreate = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.Upcreate:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.Upcreate:_read()
  self.entity = DiepTypes.Entid(self._io)
  self.kind = DiepClientboundDiepcustom011c2e9.UpcreateKind(self._io:read_u1())
  if self.kind == nil or self.kind.label == nil then
    error("ValidationNotInEnumError")
  end
  local _on = self.kind
  if _on == DiepClientboundDiepcustom011c2e9.UpcreateKind.creation then
    self.body = DiepClientboundDiepcustom011c2e9.Creation(self._io, self, self._root)
  elseif _on == DiepClientboundDiepcustom011c2e9.UpcreateKind.update then
    self.body = DiepClientboundDiepcustom011c2e9.EntityUpdate(self._io, self, self._root)
  end
end

-- 
-- The entity created or updated.
-- 
-- `01` for a creation, `00` for an update.
-- 
-- The creation's group table and values, or the update's field table.

-- 
-- One entry of an update's field table; the slot says how the value is read.
-- See also: README.md sections 3.2 and 3.5
DiepClientboundDiepcustom011c2e9.UpdateField = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.UpdateField:_init(prev_index, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.prev_index = prev_index
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.UpdateField:_read()
  self.xored_jump = self._io:read_u1()
  local _ = self.xored_jump
  if not( ((_ <= 69) and ( ((_ == 1) or (self.prev_index + utils.box_unwrap((_ % 2 == 0) and utils.box_wrap(_ + 1) or (_ - 1)) < 68)) )) ) then
    error("ValidationExprError")
  end
  if self.xored_jump ~= 1 then
    local _on = self.index
    if _on == 0 then
      self.value = DiepTypes.Vi(self._io)
    elseif _on == 1 then
      self.value = DiepTypes.Vi(self._io)
    elseif _on == 10 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 11 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 12 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 13 then
      self.value = DiepClientboundDiepcustom011c2e9.ElementTableVi(10, self._io, self, self._root)
    elseif _on == 14 then
      self.value = DiepTypes.Vi(self._io)
    elseif _on == 15 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 16 then
      self.value = DiepTypes.Vi(self._io)
    elseif _on == 17 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 18 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 19 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 2 then
      self.value = DiepTypes.FixedPoint(64, self._io)
    elseif _on == 20 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 22 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 23 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 24 then
      self.value = DiepClientboundDiepcustom011c2e9.ElementTableStringNt(10, self._io, self, self._root)
    elseif _on == 25 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 26 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 27 then
      self.value = DiepClientboundDiepcustom011c2e9.ElementTableStringNt(10, self._io, self, self._root)
    elseif _on == 28 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 29 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 3 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 30 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 31 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 32 then
      self.value = DiepTypes.Entid(self._io)
    elseif _on == 33 then
      self.value = DiepTypes.Vi(self._io)
    elseif _on == 34 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 35 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 36 then
      self.value = DiepClientboundDiepcustom011c2e9.ElementTableVi(8, self._io, self, self._root)
    elseif _on == 37 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 38 then
      self.value = DiepClientboundDiepcustom011c2e9.ElementTableVi(10, self._io, self, self._root)
    elseif _on == 39 then
      self.value = DiepClientboundDiepcustom011c2e9.ElementTableVi(8, self._io, self, self._root)
    elseif _on == 4 then
      self.value = DiepTypes.Entid(self._io)
    elseif _on == 40 then
      self.value = DiepTypes.StringNt(self._io)
    elseif _on == 41 then
      self.value = DiepTypes.Vi(self._io)
    elseif _on == 42 then
      self.value = DiepTypes.FixedPoint(64, self._io)
    elseif _on == 43 then
      self.value = DiepTypes.Vi(self._io)
    elseif _on == 44 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 45 then
      self.value = DiepTypes.Vi(self._io)
    elseif _on == 46 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 47 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 48 then
      self.value = DiepTypes.StringNt(self._io)
    elseif _on == 49 then
      self.value = DiepTypes.Entid(self._io)
    elseif _on == 5 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 50 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 51 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 52 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 53 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 54 then
      self.value = DiepClientboundDiepcustom011c2e9.ElementTableStringNt(8, self._io, self, self._root)
    elseif _on == 55 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 56 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 57 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 58 then
      self.value = DiepTypes.Entid(self._io)
    elseif _on == 59 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 6 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 60 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 61 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 62 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 63 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 64 then
      self.value = DiepTypes.Vu(self._io)
    elseif _on == 65 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 66 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 67 then
      self.value = DiepTypes.F32(self._io)
    elseif _on == 7 then
      self.value = DiepClientboundDiepcustom011c2e9.ElementTableVu(10, self._io, self, self._root)
    elseif _on == 8 then
      self.value = DiepTypes.StringNt(self._io)
    elseif _on == 9 then
      self.value = DiepTypes.Vi(self._io)
    else
      self.value = DiepTypes.SlotNotSent(self._io)
    end
  end
end

-- 
-- Update slot (see enum update_slot).
DiepClientboundDiepcustom011c2e9.UpdateField.property.index = {}
function DiepClientboundDiepcustom011c2e9.UpdateField.property.index:get()
  if self._m_index ~= nil then
    return self._m_index
  end

  self._m_index = self.prev_index + utils.box_unwrap((self.xored_jump % 2 == 0) and utils.box_wrap(self.xored_jump + 1) or (self.xored_jump - 1))
  return self._m_index
end

-- 
-- This entry closes the update's field table.
DiepClientboundDiepcustom011c2e9.UpdateField.property.is_end = {}
function DiepClientboundDiepcustom011c2e9.UpdateField.property.is_end:get()
  if self._m_is_end ~= nil then
    return self._m_is_end
  end

  self._m_is_end = self.xored_jump == 1
  return self._m_is_end
end

-- 
-- The update slot as a field name.
DiepClientboundDiepcustom011c2e9.UpdateField.property.slot = {}
function DiepClientboundDiepcustom011c2e9.UpdateField.property.slot:get()
  if self._m_slot ~= nil then
    return self._m_slot
  end

  self._m_slot = DiepClientboundDiepcustom011c2e9.UpdateSlot(self.index)
  return self._m_slot
end

-- 
-- `(slot - prev_index) XOR 1`; `01` closes the table. The same entry as
-- `diep_types::jump` over 68 slots, read inline (one object fewer
-- per changed field).
-- 
-- When writing, set to `(index - prev_index) ^ 1` from the previous entry's slot,
-- and end the table with a closing entry of 1; each entry's parameters come from the
-- one before.
-- 
-- The field's value in its update type; an array field's value is a nested table
-- of the changed elements. A slot the build never sends is an error.

-- 
-- 0x00: the game tick, the entities to forget, then the upcreates (creations and
-- updates). Apply in wire order: all deletions, then the upcreates one by one.
-- See also: 0x00-update-packet.txt
-- See also: README.md section 3
DiepClientboundDiepcustom011c2e9.UpdatePacket = class.class(KaitaiStruct)

function DiepClientboundDiepcustom011c2e9.UpdatePacket:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepClientboundDiepcustom011c2e9.UpdatePacket:_read()
  self.tick = DiepTypes.Vu(self._io)
  self.num_deletions = DiepTypes.Vu(self._io)
  self.deletions = {}
  for i = 0, self.num_deletions.value - 1 do
    self.deletions[i + 1] = DiepTypes.Entid(self._io)
  end
  self.num_upcreates = DiepTypes.Vu(self._io)
  self.upcreates = {}
  for i = 0, self.num_upcreates.value - 1 do
    self.upcreates[i + 1] = DiepClientboundDiepcustom011c2e9.Upcreate(self._io, self, self._root)
  end
end

-- 
-- Game tick counter (starts at 1, +1 every 40 ms).
-- 
-- Number of entities deleted in this packet.
-- 
-- Entities the client must forget (hash as when the entity was created): destroyed,
-- out of view, or gone with their root parent. An entity may be deleted and created
-- again in the same packet, which forces a full re-send.
-- 
-- Number of creations and updates that follow.
-- 
-- Creations and updates, applied one after another after the deletions. An entity
-- is never updated in the packet that creates it.

