-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("diep_types")
local enum = require("enum")

-- 
-- One serverbound (client to server) diep.io packet, as it is once the transport's
-- encryption layer is removed: a header byte (the packet id), then the body.
-- See also: serverbound.md
DiepServerbound = class.class(KaitaiStruct)

DiepServerbound.InputFlag = enum.Enum {
  fire = 1,
  up = 2,
  left = 4,
  down = 8,
  right = 16,
  god_mode = 32,
  suicide = 64,
  right_mouse = 128,
  instant_upgrade = 256,
  use_joysticks = 512,
  use_gamepad = 1024,
  switch_class = 2048,
  adblock = 4096,
}

DiepServerbound.ServerboundPacketId = enum.Enum {
  init = 0,
  input = 1,
  spawn = 2,
  stat_upgrade = 3,
  tank_upgrade = 4,
  heartbeat = 5,
  tcp_init = 6,
  extension_found = 7,
  to_respawn = 8,
  take_tank = 9,
  pow_answer = 10,
  js_result = 11,
}

function DiepServerbound:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self:_read()
end

function DiepServerbound:_read()
  self.packet_id = DiepServerbound.ServerboundPacketId(self._io:read_u1())
  if self.packet_id == nil or self.packet_id.label == nil then
    error("ValidationNotInEnumError")
  end
  local _on = self.packet_id
  if _on == DiepServerbound.ServerboundPacketId.extension_found then
    self.body = DiepServerbound.ExtensionFound(self._io, self, self._root)
  elseif _on == DiepServerbound.ServerboundPacketId.init then
    self.body = DiepServerbound.Init(self._io, self, self._root)
  elseif _on == DiepServerbound.ServerboundPacketId.input then
    self.body = DiepServerbound.Input(self._io, self, self._root)
  elseif _on == DiepServerbound.ServerboundPacketId.js_result then
    self.body = DiepServerbound.JsResult(self._io, self, self._root)
  elseif _on == DiepServerbound.ServerboundPacketId.pow_answer then
    self.body = DiepServerbound.PowAnswer(self._io, self, self._root)
  elseif _on == DiepServerbound.ServerboundPacketId.spawn then
    self.body = DiepServerbound.Spawn(self._io, self, self._root)
  elseif _on == DiepServerbound.ServerboundPacketId.stat_upgrade then
    self.body = DiepServerbound.StatUpgrade(self._io, self, self._root)
  elseif _on == DiepServerbound.ServerboundPacketId.tank_upgrade then
    self.body = DiepServerbound.TankUpgrade(self._io, self, self._root)
  elseif _on == DiepServerbound.ServerboundPacketId.tcp_init then
    self.body = DiepServerbound.TcpInit(self._io, self, self._root)
  end
end

-- 
-- Which packet this is; it selects the layout of the body.
-- 
-- Absent for the header-only packets (0x05 heartbeat, 0x08 to respawn, 0x09 take tank).

-- 
-- 0x07, sent when the client detects a modification; the document gives no layout.
-- See also: serverbound.md "0x07 Extension Found Packet"
DiepServerbound.ExtensionFound = class.class(KaitaiStruct)

function DiepServerbound.ExtensionFound:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.ExtensionFound:_read()
  self.data = self._io:read_bytes_full()
end

-- 
-- The whole body, kept as bytes since its layout is unknown.

-- 
-- 0x00, the first packet of a connection and the only one sent without the
-- transport's encoding.
-- See also: serverbound.md "0x00 Init Packet"
DiepServerbound.Init = class.class(KaitaiStruct)

function DiepServerbound.Init:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.Init:_read()
  self.build = DiepTypes.StringNt(self._io)
  self.dev_password = DiepTypes.StringNt(self._io)
  self.party_code = DiepTypes.StringNt(self._io)
  self.player_token = DiepTypes.StringNt(self._io)
  if not(self._io:is_eof()) then
    self.debug_value = DiepTypes.Vu(self._io)
  end
end

-- 
-- Build hash; a wrong one is answered with clientbound 0x01.
-- 
-- Admin password for development servers; empty otherwise.
-- 
-- The party to join, as taken from the party link; empty for none.
-- 
-- Token identifying the player to the server.
-- 
-- Meaning unknown ("only active in debug builds"); read when present.

-- 
-- 0x01, the client's inputs: flags, the mouse position in world units, and the
-- joystick axes when `use_joysticks` is set. The most frequent serverbound packet.
-- See also: serverbound.md "0x01 Input Packet"
DiepServerbound.Input = class.class(KaitaiStruct)

function DiepServerbound.Input:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.Input:_read()
  self.flags = DiepServerbound.InputFlags(self._io, self, self._root)
  self.mouse_x = DiepTypes.Vf(self._io)
  self.mouse_y = DiepTypes.Vf(self._io)
  if self.flags.use_joysticks then
    self.axis_x = DiepTypes.Vf(self._io)
  end
  if self.flags.use_joysticks then
    self.axis_y = DiepTypes.Vf(self._io)
  end
end

-- 
-- Keys and buttons held, one bit each (enum input_flag).
-- 
-- Mouse position, x, in world units.
-- 
-- Mouse position, y, in world units.
-- 
-- x-axis movement magnitude (joysticks only).
-- 
-- y-axis movement magnitude (joysticks only).

-- 
-- The input bitflags, a `vu`, lowest bit first; one named boolean per bit (the bit
-- values are listed in enum input_flag). The document's example `99 10` is 2073: fire,
-- down and right.
-- See also: serverbound.md "0x01 Input Packet"
-- See also: data.md "bitflags"
DiepServerbound.InputFlags = class.class(KaitaiStruct)

function DiepServerbound.InputFlags:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.InputFlags:_read()
  self.bits = DiepTypes.Vu(self._io)
end

-- 
-- Left over from when the game detected ad blockers.
DiepServerbound.InputFlags.property.adblock = {}
function DiepServerbound.InputFlags.property.adblock:get()
  if self._m_adblock ~= nil then
    return self._m_adblock
  end

  self._m_adblock = math.floor(self.bits.value / 4096) % 2 ~= 0
  return self._m_adblock
end

-- 
-- The down key is held.
DiepServerbound.InputFlags.property.down = {}
function DiepServerbound.InputFlags.property.down:get()
  if self._m_down ~= nil then
    return self._m_down
  end

  self._m_down = math.floor(self.bits.value / 8) % 2 ~= 0
  return self._m_down
end

-- 
-- Left mouse or space held, or autofire on.
DiepServerbound.InputFlags.property.fire = {}
function DiepServerbound.InputFlags.property.fire:get()
  if self._m_fire ~= nil then
    return self._m_fire
  end

  self._m_fire = self.bits.value % 2 ~= 0
  return self._m_fire
end

-- 
-- God mode was toggled.
DiepServerbound.InputFlags.property.god_mode = {}
function DiepServerbound.InputFlags.property.god_mode:get()
  if self._m_god_mode ~= nil then
    return self._m_god_mode
  end

  self._m_god_mode = math.floor(self.bits.value / 32) % 2 ~= 0
  return self._m_god_mode
end

-- 
-- The upgrade key is held.
DiepServerbound.InputFlags.property.instant_upgrade = {}
function DiepServerbound.InputFlags.property.instant_upgrade:get()
  if self._m_instant_upgrade ~= nil then
    return self._m_instant_upgrade
  end

  self._m_instant_upgrade = math.floor(self.bits.value / 256) % 2 ~= 0
  return self._m_instant_upgrade
end

-- 
-- The left key is held.
DiepServerbound.InputFlags.property.left = {}
function DiepServerbound.InputFlags.property.left:get()
  if self._m_left ~= nil then
    return self._m_left
  end

  self._m_left = math.floor(self.bits.value / 4) % 2 ~= 0
  return self._m_left
end

-- 
-- The right key is held.
DiepServerbound.InputFlags.property.right = {}
function DiepServerbound.InputFlags.property.right:get()
  if self._m_right ~= nil then
    return self._m_right
  end

  self._m_right = math.floor(self.bits.value / 16) % 2 ~= 0
  return self._m_right
end

-- 
-- Shift or right click held.
DiepServerbound.InputFlags.property.right_mouse = {}
function DiepServerbound.InputFlags.property.right_mouse:get()
  if self._m_right_mouse ~= nil then
    return self._m_right_mouse
  end

  self._m_right_mouse = math.floor(self.bits.value / 128) % 2 ~= 0
  return self._m_right_mouse
end

-- 
-- The suicide key is held.
DiepServerbound.InputFlags.property.suicide = {}
function DiepServerbound.InputFlags.property.suicide:get()
  if self._m_suicide ~= nil then
    return self._m_suicide
  end

  self._m_suicide = math.floor(self.bits.value / 64) % 2 ~= 0
  return self._m_suicide
end

-- 
-- The switch-class key is held.
DiepServerbound.InputFlags.property.switch_class = {}
function DiepServerbound.InputFlags.property.switch_class:get()
  if self._m_switch_class ~= nil then
    return self._m_switch_class
  end

  self._m_switch_class = math.floor(self.bits.value / 2048) % 2 ~= 0
  return self._m_switch_class
end

-- 
-- The up key is held.
DiepServerbound.InputFlags.property.up = {}
function DiepServerbound.InputFlags.property.up:get()
  if self._m_up ~= nil then
    return self._m_up
  end

  self._m_up = math.floor(self.bits.value / 2) % 2 ~= 0
  return self._m_up
end

-- 
-- A gamepad is in use instead of a keyboard; it has no effect on the game.
DiepServerbound.InputFlags.property.use_gamepad = {}
function DiepServerbound.InputFlags.property.use_gamepad:get()
  if self._m_use_gamepad ~= nil then
    return self._m_use_gamepad
  end

  self._m_use_gamepad = math.floor(self.bits.value / 1024) % 2 ~= 0
  return self._m_use_gamepad
end

-- 
-- Movement comes as two axes after the mouse position instead of the four key flags.
DiepServerbound.InputFlags.property.use_joysticks = {}
function DiepServerbound.InputFlags.property.use_joysticks:get()
  if self._m_use_joysticks ~= nil then
    return self._m_use_joysticks
  end

  self._m_use_joysticks = math.floor(self.bits.value / 512) % 2 ~= 0
  return self._m_use_joysticks
end

-- 
-- All flags as one number; bit n is the (n+1)-th entry of the flag table.

-- 
-- 0x0B, the result of a clientbound 0x0D challenge: its id, then the result, an
-- integer `vu` in current builds (older builds could send a string). A wrong result
-- closes the connection.
-- See also: serverbound.md "0x0B JS Result Packet"
DiepServerbound.JsResult = class.class(KaitaiStruct)

function DiepServerbound.JsResult:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.JsResult:_read()
  self.id = DiepTypes.Vu(self._io)
  self.result = DiepTypes.Vu(self._io)
end

-- 
-- The evaluation id, as in the challenge.
-- 
-- What the challenge's code returned (a uint32).

-- 
-- 0x0A, the answer to a clientbound 0x0B proof-of-work challenge. A wrong answer ends
-- the connection and bans the address.
-- See also: serverbound.md "0x0A PoW Answer Packet"
DiepServerbound.PowAnswer = class.class(KaitaiStruct)

function DiepServerbound.PowAnswer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.PowAnswer:_read()
  self.answer = DiepTypes.StringNt(self._io)
end

-- 
-- The string that solves the challenge's prefix at its difficulty.

-- 
-- 0x02, a spawn request with the chosen name. The server spawns the player only once
-- the proof-of-work challenge is solved; a second request while waiting changes the
-- name.
-- See also: serverbound.md "0x02 Spawn Packet"
DiepServerbound.Spawn = class.class(KaitaiStruct)

function DiepServerbound.Spawn:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.Spawn:_read()
  self.name = DiepTypes.StringNt(self._io)
end

-- 
-- The name to spawn with.

-- 
-- 0x03, upgrade a stat. The index is 0-based in reverse order of the stat list
-- (`8 - normal index`), XORed with the build's stat xor (magicNum % 8).
-- See also: serverbound.md "0x03 Stat Upgrade Packet"
-- See also: serverbound.md "Magic Tank and Stat XOR"
DiepServerbound.StatUpgrade = class.class(KaitaiStruct)

function DiepServerbound.StatUpgrade:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.StatUpgrade:_read()
  self.stat_index_xored = DiepTypes.Vi(self._io)
  self.stat_max = DiepTypes.Vi(self._io)
end

-- 
-- `stat index ^ stat xor` in the document: the stat to upgrade (movement speed 0,
-- bullet damage 2), XORed with `magicNum(build) % 8`.
-- 
-- Upgrade only if the stat is below this, or always if it is negative.

-- 
-- 0x04, upgrade to a tank; ignored when the tank is not on the player's upgrade path
-- or needs more levels.
-- See also: serverbound.md "0x04 Tank Upgrade Packet"
-- See also: serverbound.md "Magic Tank and Stat XOR"
DiepServerbound.TankUpgrade = class.class(KaitaiStruct)

function DiepServerbound.TankUpgrade:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.TankUpgrade:_read()
  self.tank_id_xored = DiepTypes.Vi(self._io)
end

-- 
-- `tank id ^ tank xor` in the document: the tank id XORed with
-- `magicNum(build) % 54`.

-- 
-- 0x06, never observed; lets the server acknowledge TCP connections (mobile). A u32 of
-- unknown meaning, then unknown bytes.
-- See also: serverbound.md "0x06 TCP Init Packet"
DiepServerbound.TcpInit = class.class(KaitaiStruct)

function DiepServerbound.TcpInit:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function DiepServerbound.TcpInit:_read()
  self.unknown = self._io:read_u4le()
  self.rest = self._io:read_bytes_full()
end

-- 
-- Unknown; the only known server code passes it to an "Acknowledged" call.
-- 
-- Unknown bytes, kept as they are.

