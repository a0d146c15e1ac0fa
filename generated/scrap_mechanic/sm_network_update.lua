-- This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
--
-- This file is compatible with Lua 5.3

local class = require("class")
require("kaitaistruct")
require("sm_common")
local enum = require("enum")
local utils = require("utils")

-- 
-- One NetworkUpdate: the data of a RawUpdate, or of a DeltaUpdate once reconstructed,
-- without its size prefix. A 3-bit update type and a 5-bit NetObj type (most significant
-- bits first), the controller type byte for Create updates only, the NetObj id, then the
-- data, routed by update type, then NetObj type, then controller type.
-- 
-- Update data of a RigidBody or ChildShape depends on the controller type sent in the
-- object's earlier Create, which an Update does not repeat. The parameter
-- `known_controller_type` carries it: the wirestruct runtime remembers each object's
-- Create and passes its controller type. With 0 (not known: the capture started after the
-- Create, or the file is opened on its own, as the Web IDE does through
-- `sm_network_update_body`), the controller type is recovered from the size of the data,
-- as the document suggests: the documented layouts have distinct sizes (UpdateRigidBody
-- static 5 bytes, dynamic 2; UpdateChildShape block 22, part 17). `controller_type_source`
-- says where the controller type used came from; a size that fits no layout leaves the
-- data as bytes.
-- 
-- NetObj types whose updates are not documented (Controller, Harvestable, Portal,
-- PathNode, Unit, VoxelTerrainCell, ScriptableObject, ShapeGroup) keep their data as bytes.
-- See also: 22 - Network Update, section NetworkUpdate
SmNetworkUpdate = class.class(KaitaiStruct)

SmNetworkUpdate.ChildShapeType = enum.Enum {
  block = 31,
  part = 32,
}

SmNetworkUpdate.ControllerTypeSource = enum.Enum {
  unknown = 0,
  create = 1,
  known = 2,
  inferred_from_size = 3,
}

SmNetworkUpdate.JointType = enum.Enum {
  bearing = 2,
  spring = 3,
  survival_spring = 4,
  piston = 28,
  generic_rotational = 41,
}

SmNetworkUpdate.LocalAxis = enum.Enum {
  neg_z = -3,
  neg_y = -2,
  neg_x = -1,
  pos_x = 1,
  pos_y = 2,
  pos_z = 3,
}

SmNetworkUpdate.RigidBodyType = enum.Enum {
  static = 1,
  dynamic = 2,
}

SmNetworkUpdate.UpdateType = enum.Enum {
  create = 1,
  p = 2,
  update = 3,
  remove = 5,
}

function SmNetworkUpdate:_init(known_controller_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root or self
  self.known_controller_type = known_controller_type
  self:_read()
end

function SmNetworkUpdate:_read()
  self.update_type = SmNetworkUpdate.UpdateType(self._io:read_bits_int_be(3))
  self.netobj_type = SmCommon.NetobjType(self._io:read_bits_int_be(5))
  self._io:align_to_byte()
  if self.update_type == SmNetworkUpdate.UpdateType.create then
    self.controller_type = self._io:read_u1()
  end
  self.netobj_id = self._io:read_u4be()
  local _on = self.update_type
  if _on == SmNetworkUpdate.UpdateType.create then
    self.data = SmNetworkUpdate.CreateData(self.netobj_type, self.controller_type, self._io, self, self._root)
  elseif _on == SmNetworkUpdate.UpdateType.p then
    self.data = SmNetworkUpdate.PData(self.netobj_type, self._io, self, self._root)
  elseif _on == SmNetworkUpdate.UpdateType.remove then
    self.data = SmNetworkUpdate.RemoveData(self.netobj_type, self._io, self, self._root)
  elseif _on == SmNetworkUpdate.UpdateType.update then
    self.data = SmNetworkUpdate.UpdateData(self.netobj_type, self.resolved_controller_type, self._io, self, self._root)
  else
    self.data = SmNetworkUpdate.Opaque(self._io, self, self._root)
  end
end

-- 
-- The controller type of a ChildShape, named (block or part).
SmNetworkUpdate.property.child_shape_type = {}
function SmNetworkUpdate.property.child_shape_type:get()
  if self._m_child_shape_type ~= nil then
    return self._m_child_shape_type
  end

  if self.netobj_type == SmCommon.NetobjType.child_shape then
    self._m_child_shape_type = SmNetworkUpdate.ChildShapeType(self.resolved_controller_type)
  end
  return self._m_child_shape_type
end

-- 
-- Where `resolved_controller_type` came from.
SmNetworkUpdate.property.controller_type_source = {}
function SmNetworkUpdate.property.controller_type_source:get()
  if self._m_controller_type_source ~= nil then
    return self._m_controller_type_source
  end

  self._m_controller_type_source = SmNetworkUpdate.ControllerTypeSource(utils.box_unwrap((self.update_type == SmNetworkUpdate.UpdateType.create) and utils.box_wrap(SmNetworkUpdate.ControllerTypeSource.create) or (utils.box_unwrap((self.known_controller_type ~= 0) and utils.box_wrap(SmNetworkUpdate.ControllerTypeSource.known) or (utils.box_unwrap((self.inferred_controller_type ~= 0) and utils.box_wrap(SmNetworkUpdate.ControllerTypeSource.inferred_from_size) or (SmNetworkUpdate.ControllerTypeSource.unknown)))))))
  return self._m_controller_type_source
end

-- 
-- Controller type recovered from the data size of an UpdateRigidBody (5: static,
-- 2: dynamic) or UpdateChildShape (22: block, 17: part); 0 otherwise.
SmNetworkUpdate.property.inferred_controller_type = {}
function SmNetworkUpdate.property.inferred_controller_type:get()
  if self._m_inferred_controller_type ~= nil then
    return self._m_inferred_controller_type
  end

  self._m_inferred_controller_type = utils.box_unwrap((self.update_type ~= SmNetworkUpdate.UpdateType.update) and utils.box_wrap(0) or (utils.box_unwrap((self.netobj_type == SmCommon.NetobjType.rigid_body) and utils.box_wrap(utils.box_unwrap((self.len_data == 5) and utils.box_wrap(1) or (utils.box_unwrap((self.len_data == 2) and utils.box_wrap(2) or (0))))) or (utils.box_unwrap((self.netobj_type == SmCommon.NetobjType.child_shape) and utils.box_wrap(utils.box_unwrap((self.len_data == 22) and utils.box_wrap(31) or (utils.box_unwrap((self.len_data == 17) and utils.box_wrap(32) or (0))))) or (0))))))
  return self._m_inferred_controller_type
end

-- 
-- The controller type of a created Joint, named (bearing, spring, piston...).
SmNetworkUpdate.property.joint_type = {}
function SmNetworkUpdate.property.joint_type:get()
  if self._m_joint_type ~= nil then
    return self._m_joint_type
  end

  if  ((self.netobj_type == SmCommon.NetobjType.joint) and (self.update_type == SmNetworkUpdate.UpdateType.create))  then
    self._m_joint_type = SmNetworkUpdate.JointType(self.resolved_controller_type)
  end
  return self._m_joint_type
end

-- 
-- Bytes of update data (the whole NetworkUpdate less the header).
SmNetworkUpdate.property.len_data = {}
function SmNetworkUpdate.property.len_data:get()
  if self._m_len_data ~= nil then
    return self._m_len_data
  end

  self._m_len_data = self._io:size() - self.len_header
  return self._m_len_data
end

-- 
-- Bytes before the data.
SmNetworkUpdate.property.len_header = {}
function SmNetworkUpdate.property.len_header:get()
  if self._m_len_header ~= nil then
    return self._m_len_header
  end

  self._m_len_header = utils.box_unwrap((self.update_type == SmNetworkUpdate.UpdateType.create) and utils.box_wrap(6) or (5))
  return self._m_len_header
end

-- 
-- The object's controller type as far as known: the Create's byte, else the parameter,
-- else the one recovered from the data size (Update only); 0 = not known. Update data
-- is parsed with it.
SmNetworkUpdate.property.resolved_controller_type = {}
function SmNetworkUpdate.property.resolved_controller_type:get()
  if self._m_resolved_controller_type ~= nil then
    return self._m_resolved_controller_type
  end

  self._m_resolved_controller_type = utils.box_unwrap((self.update_type == SmNetworkUpdate.UpdateType.create) and utils.box_wrap(self.controller_type) or (utils.box_unwrap((self.known_controller_type ~= 0) and utils.box_wrap(self.known_controller_type) or (self.inferred_controller_type))))
  return self._m_resolved_controller_type
end

-- 
-- The controller type of a RigidBody, named (static or dynamic).
SmNetworkUpdate.property.rigid_body_type = {}
function SmNetworkUpdate.property.rigid_body_type:get()
  if self._m_rigid_body_type ~= nil then
    return self._m_rigid_body_type
  end

  if self.netobj_type == SmCommon.NetobjType.rigid_body then
    self._m_rigid_body_type = SmNetworkUpdate.RigidBodyType(self.resolved_controller_type)
  end
  return self._m_rigid_body_type
end

-- 
-- What happens to the NetObj (bits 7..5 of the first byte).
-- 
-- The type of the NetObj the update is for (bits 4..0).
-- 
-- The NetObj's controller type, sent with Create updates only (the game reads
-- nothing here for the others); see the *_type instances for its meaning.
-- 
-- Id of the NetObj the update is for.
-- 
-- The update data, routed by update type, NetObj type and controller type.
-- When writing, its type follows `update_type`, `netobj_type` and the controller type;
-- `_check()` does not compare them with the object given, so the writer sets them
-- together.
-- 
-- Controller type from the object's Create; 0 when not known.
-- When writing, pass the controller type of the NetObj's Create, as the reader would get
-- it; the bytes of an Update's data depend on it.

-- 
-- See also: 22 - Network Update, section ChildShapeData, Controller Type 31 - Block
SmNetworkUpdate.ChildShapeBlock = class.class(KaitaiStruct)

function SmNetworkUpdate.ChildShapeBlock:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.ChildShapeBlock:_read()
  self.bounds = SmCommon.Vec3i16Xyz(self._io)
end

-- 
-- Size of the block in each axis.

-- 
-- A part's local rotation as two nibbles, Z axis in the high nibble. Each axis is
-- stored plus 4; `z_axis`/`x_axis` subtract it and name the axis (Local Rotation).
-- See also: 22 - Network Update, section ChildShapeData, Controller Type 32 - Part
SmNetworkUpdate.ChildShapePart = class.class(KaitaiStruct)

function SmNetworkUpdate.ChildShapePart:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.ChildShapePart:_read()
  self.z_axis_raw = self._io:read_bits_int_be(4)
  self.x_axis_raw = self._io:read_bits_int_be(4)
end

-- 
-- The axis the part's X axis points along (Local Rotation).
SmNetworkUpdate.ChildShapePart.property.x_axis = {}
function SmNetworkUpdate.ChildShapePart.property.x_axis:get()
  if self._m_x_axis ~= nil then
    return self._m_x_axis
  end

  self._m_x_axis = SmNetworkUpdate.LocalAxis(self.x_axis_raw - 4)
  return self._m_x_axis
end

-- 
-- The axis the part's Z axis points along (Local Rotation).
SmNetworkUpdate.ChildShapePart.property.z_axis = {}
function SmNetworkUpdate.ChildShapePart.property.z_axis:get()
  if self._m_z_axis ~= nil then
    return self._m_z_axis
  end

  self._m_z_axis = SmNetworkUpdate.LocalAxis(self.z_axis_raw - 4)
  return self._m_z_axis
end

-- 
-- The part's local Z axis, plus 4 (high nibble).
-- 
-- The part's local X axis, plus 4 (low nibble).

-- 
-- See also: 22 - Network Update, section ContainerItem
SmNetworkUpdate.ContainerItem = class.class(KaitaiStruct)

function SmNetworkUpdate.ContainerItem:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.ContainerItem:_read()
  self.uuid = SmCommon.Uuid(self._io)
  self.tool_instance_id = self._io:read_u4be()
  self.quantity = self._io:read_u2be()
end

-- 
-- The item's UUID (le u128); the nil UUID for an empty slot.
-- 
-- Instance id of a tool; 0xFFFFFFFF for other items and empty slots.
-- 
-- How many of the item the slot holds; 0 for an empty slot.

-- 
-- Sent when a character is created, for a player joining the world or a unit.
-- See also: 22 - Network Update, section CreateCharacter
SmNetworkUpdate.CreateCharacter = class.class(KaitaiStruct)

function SmNetworkUpdate.CreateCharacter:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.CreateCharacter:_read()
  self.steam_id = SmNetworkUpdate.SteamId(self._io, self, self._root)
  self.position = SmCommon.Vec3fZyx(self._io)
  self.world_id = self._io:read_u2be()
  self.yaw = self._io:read_f4be()
  self.pitch = self._io:read_f4be()
  self.character_uuid = SmCommon.Uuid(self._io)
end

-- 
-- The Steam ID as one number (exact in Python; see `steam_id`).
SmNetworkUpdate.CreateCharacter.property.steam_id_64 = {}
function SmNetworkUpdate.CreateCharacter.property.steam_id_64:get()
  if self._m_steam_id_64 ~= nil then
    return self._m_steam_id_64
  end

  self._m_steam_id_64 = self.steam_id.value
  return self._m_steam_id_64
end

-- 
-- The player's Steam ID, in its parts; `steam_id_64` is the whole number.
-- 
-- Position of the character (Z first).
-- 
-- Id of the world the character is in.
-- 
-- Horizontal look rotation of the character, a float here.
-- 
-- Vertical look rotation of the character, a float here.
-- 
-- le u128; the nil UUID for players.

-- 
-- Sent when a container is created; a joining client gets one for its inventory
-- and one for its carry container.
-- See also: 22 - Network Update, section CreateContainer
SmNetworkUpdate.CreateContainer = class.class(KaitaiStruct)

function SmNetworkUpdate.CreateContainer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.CreateContainer:_read()
  self.num_slots = self._io:read_u2be()
  self.stack_size = self._io:read_u2be()
  self.items = {}
  for i = 0, self.num_slots - 1 do
    self.items[i + 1] = SmNetworkUpdate.ContainerItem(self._io, self, self._root)
  end
  self.num_filters = self._io:read_u2be()
  self.filters = {}
  for i = 0, self.num_filters - 1 do
    self.filters[i + 1] = SmCommon.Uuid(self._io)
  end
end

-- 
-- Number of slots in the container, one item each.
-- 
-- The largest quantity a slot of the container holds.
-- 
-- The content of every slot, in slot order.
-- 
-- Number of filter UUIDs that follow.
-- 
-- Filter UUIDs (be u128).

-- 
-- Router for Create updates, by NetObj type.
-- See also: 22 - Network Update, section NetObjType Enum (Create column)
SmNetworkUpdate.CreateData = class.class(KaitaiStruct)

function SmNetworkUpdate.CreateData:_init(netobj_type, controller_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.netobj_type = netobj_type
  self.controller_type = controller_type
  self:_read()
end

function SmNetworkUpdate.CreateData:_read()
  local _on = self.netobj_type
  if _on == SmCommon.NetobjType.character then
    self.body = SmNetworkUpdate.CreateCharacter(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.child_shape then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.container then
    self.body = SmNetworkUpdate.CreateContainer(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.joint then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.lift then
    self.body = SmNetworkUpdate.CreateLift(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.rigid_body then
    self.body = SmNetworkUpdate.CreateRigidBody(self.controller_type, self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.tool then
    self.body = SmNetworkUpdate.CreateTool(self._io, self, self._root)
  else
    self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
  end
end

-- 
-- The Create data of the NetObj type; ChildShape and Joint send none (their
-- controller type says what they are), undocumented types stay bytes.

-- 
-- Sent when a player places their lift, or a creation is spawned on or put on a
-- lift (the old lift is removed and a new one created).
-- See also: 22 - Network Update, section CreateLift
SmNetworkUpdate.CreateLift = class.class(KaitaiStruct)

function SmNetworkUpdate.CreateLift:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.CreateLift:_read()
  self.steam_id = SmNetworkUpdate.SteamId(self._io, self, self._root)
  self.world_id = self._io:read_u2be()
  self.position = SmCommon.Vec3i32Xyz(self._io)
  self.level = self._io:read_s4be()
end

-- 
-- The Steam ID as one number (exact in Python; see `steam_id`).
SmNetworkUpdate.CreateLift.property.steam_id_64 = {}
function SmNetworkUpdate.CreateLift.property.steam_id_64:get()
  if self._m_steam_id_64 ~= nil then
    return self._m_steam_id_64
  end

  self._m_steam_id_64 = self.steam_id.value
  return self._m_steam_id_64
end

-- 
-- The owner's Steam ID, in its parts; `steam_id_64` is the whole number.
-- 
-- Id of the world the lift is in.
-- 
-- Position of the lift in block units (not meters) from the world's origin.
-- 
-- Height in block units; 0 = not extended.

-- 
-- CreateRigidBody, by controller type (1 static, 2 dynamic).
-- See also: 22 - Network Update, section CreateRigidBody
SmNetworkUpdate.CreateRigidBody = class.class(KaitaiStruct)

function SmNetworkUpdate.CreateRigidBody:_init(controller_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.controller_type = controller_type
  self:_read()
end

function SmNetworkUpdate.CreateRigidBody:_read()
  local _on = self.controller_type
  if _on == 1 then
    self.body = SmNetworkUpdate.CreateRigidBodyStatic(self._io, self, self._root)
  elseif _on == 2 then
    self.body = SmNetworkUpdate.CreateRigidBodyDynamic(self._io, self, self._root)
  else
    self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
  end
end

-- 
-- The static or dynamic layout, by the controller type of this Create.

-- 
-- A dynamic RigidBody, moved by physics.
-- See also: 22 - Network Update, section CreateRigidBody, Controller Type 2 - Dynamic
SmNetworkUpdate.CreateRigidBodyDynamic = class.class(KaitaiStruct)

function SmNetworkUpdate.CreateRigidBodyDynamic:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.CreateRigidBodyDynamic:_read()
  self.world_id = self._io:read_u2be()
  self.transform = SmCommon.Transform(self._io)
end

-- 
-- Id of the world the body is in.
-- 
-- Rotation, position, velocity and angular velocity of the body.

-- 
-- A static RigidBody, connected to the terrain.
-- See also: 22 - Network Update, section CreateRigidBody, Controller Type 1 - Static
SmNetworkUpdate.CreateRigidBodyStatic = class.class(KaitaiStruct)

function SmNetworkUpdate.CreateRigidBodyStatic:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.CreateRigidBodyStatic:_read()
  self.world_id = self._io:read_u2be()
  self.rotation = SmCommon.QuatWzyx(self._io)
  self.position = SmCommon.Vec3fXyz(self._io)
end

-- 
-- Id of the world the body is in.
-- 
-- Rotation of the body (real part first, unlike the transform's).
-- 
-- Position of the body; static bodies keep it.

-- 
-- Sent for every tool of the save when a client joins, and when a tool is dragged
-- from the unlimited inventory to the hotbar.
-- See also: 22 - Network Update, section CreateTool
SmNetworkUpdate.CreateTool = class.class(KaitaiStruct)

function SmNetworkUpdate.CreateTool:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.CreateTool:_read()
  self.uuid = SmCommon.Uuid(self._io)
end

-- 
-- The tool's UUID (le u128).

-- 
-- Face orientations of a joint as four nibbles, first listed in the high nibble of the
-- first byte. Each axis is stored plus 4; the instances subtract it and name the axis.
-- See also: 22 - Network Update, section JointAxis
SmNetworkUpdate.JointAxis = class.class(KaitaiStruct)

function SmNetworkUpdate.JointAxis:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.JointAxis:_read()
  self.z_axis_b_raw = self._io:read_bits_int_be(4)
  self.z_axis_a_raw = self._io:read_bits_int_be(4)
  self.x_axis_b_raw = self._io:read_bits_int_be(4)
  self.x_axis_a_raw = self._io:read_bits_int_be(4)
end

-- 
-- The axis side A's X axis points along, local to the body.
SmNetworkUpdate.JointAxis.property.x_axis_a = {}
function SmNetworkUpdate.JointAxis.property.x_axis_a:get()
  if self._m_x_axis_a ~= nil then
    return self._m_x_axis_a
  end

  self._m_x_axis_a = SmNetworkUpdate.LocalAxis(self.x_axis_a_raw - 4)
  return self._m_x_axis_a
end

-- 
-- The axis side B's X axis points along, local to the body.
SmNetworkUpdate.JointAxis.property.x_axis_b = {}
function SmNetworkUpdate.JointAxis.property.x_axis_b:get()
  if self._m_x_axis_b ~= nil then
    return self._m_x_axis_b
  end

  self._m_x_axis_b = SmNetworkUpdate.LocalAxis(self.x_axis_b_raw - 4)
  return self._m_x_axis_b
end

-- 
-- The axis side A's Z axis points along, local to the body.
SmNetworkUpdate.JointAxis.property.z_axis_a = {}
function SmNetworkUpdate.JointAxis.property.z_axis_a:get()
  if self._m_z_axis_a ~= nil then
    return self._m_z_axis_a
  end

  self._m_z_axis_a = SmNetworkUpdate.LocalAxis(self.z_axis_a_raw - 4)
  return self._m_z_axis_a
end

-- 
-- The axis side B's Z axis points along, local to the body.
SmNetworkUpdate.JointAxis.property.z_axis_b = {}
function SmNetworkUpdate.JointAxis.property.z_axis_b:get()
  if self._m_z_axis_b ~= nil then
    return self._m_z_axis_b
  end

  self._m_z_axis_b = SmNetworkUpdate.LocalAxis(self.z_axis_b_raw - 4)
  return self._m_z_axis_b
end

-- 
-- Z axis of side B, plus 4.
-- 
-- Z axis of side A, plus 4.
-- 
-- X axis of side B, plus 4.
-- 
-- X axis of side A, plus 4.

-- 
-- No additional data is sent.
-- See also: 22 - Network Update, section Updates
SmNetworkUpdate.NoData = class.class(KaitaiStruct)

function SmNetworkUpdate.NoData:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.NoData:_read()
end


-- 
-- Data whose structure is not documented, kept as bytes.
-- See also: 22 - Network Update, section NetObjType Enum
SmNetworkUpdate.Opaque = class.class(KaitaiStruct)

function SmNetworkUpdate.Opaque:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.Opaque:_read()
  self.payload = self._io:read_bytes_full()
end

-- 
-- The rest of the update data, undecoded.

-- 
-- Router for P updates; only Joints send them, with no data.
-- See also: 22 - Network Update, section PJoint
SmNetworkUpdate.PData = class.class(KaitaiStruct)

function SmNetworkUpdate.PData:_init(netobj_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.netobj_type = netobj_type
  self:_read()
end

function SmNetworkUpdate.PData:_read()
  local _on = self.netobj_type
  if _on == SmCommon.NetobjType.joint then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  else
    self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
  end
end

-- 
-- PJoint sends no data; the game sends P updates for Joints only.

-- 
-- Router for Remove updates; documented NetObj types send no data.
-- See also: 22 - Network Update, section NetObjType Enum (Remove column)
SmNetworkUpdate.RemoveData = class.class(KaitaiStruct)

function SmNetworkUpdate.RemoveData:_init(netobj_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.netobj_type = netobj_type
  self:_read()
end

function SmNetworkUpdate.RemoveData:_read()
  local _on = self.netobj_type
  if _on == SmCommon.NetobjType.character then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.child_shape then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.container then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.joint then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.lift then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.rigid_body then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.tool then
    self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
  else
    self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
  end
end

-- 
-- No data for the documented types; undocumented types stay bytes.

-- 
-- See also: 22 - Network Update, section SlotChange
SmNetworkUpdate.SlotChange = class.class(KaitaiStruct)

function SmNetworkUpdate.SlotChange:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.SlotChange:_read()
  self.uuid = SmCommon.Uuid(self._io)
  self.tool_instance_id = self._io:read_u4be()
  self.quantity = self._io:read_u2be()
  self.slot = self._io:read_u2be()
end

-- 
-- The item's UUID (le u128); the nil UUID for an empty slot.
-- 
-- Instance id of a tool; 0xFFFFFFFF for other items and empty slots.
-- 
-- How many of the item the slot holds now; 0 for an empty slot.
-- 
-- The slot index in the container.

-- 
-- A SteamID64 (be u64) read as its parts, most significant first, so that the Web
-- IDE (JavaScript numbers hold 53 bits) shows every part exactly: universe (8 bits),
-- account type (4), instance (20), account id (32). `value` is the whole number,
-- exact in Python; JavaScript may round it.
-- 
-- When writing, set the four parts; `value` is computed from them (the encoder's hook
-- derives the parts from a given `value`).
-- See also: Source (https://developer.valvesoftware.com/wiki/SteamID)
SmNetworkUpdate.SteamId = class.class(KaitaiStruct)

function SmNetworkUpdate.SteamId:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.SteamId:_read()
  self.universe = self._io:read_u1()
  self.account_type = self._io:read_bits_int_be(4)
  self.instance = self._io:read_bits_int_be(20)
  self._io:align_to_byte()
  self.account_id = self._io:read_u4be()
end

-- 
-- The 64-bit SteamID64.
SmNetworkUpdate.SteamId.property.value = {}
function SmNetworkUpdate.SteamId.property.value:get()
  if self._m_value ~= nil then
    return self._m_value
  end

  self._m_value = ((self.universe * 72057594037927936 + self.account_type * 4503599627370496) + self.instance * 4294967296) + self.account_id
  return self._m_value
end

-- 
-- 1 = public.
-- 
-- 1 = individual (a player).
-- 
-- 1 for a player's desktop instance.
-- 
-- The account number, the low 32 bits.

-- 
-- Sent when a character changes (selected item, downed, painted and more), and with
-- all four flags set right after its Create. The character's transform is not here:
-- it comes with 24 Unreliable Update.
-- 
-- A bit stream. Four flag bits say which parts follow; decision (the document gives no
-- padding here, as in 24's character update): every part follows the previous one
-- bit by bit, not byte-aligned. MovementStates, SelectedItem and IsPlayer are inlined,
-- because a sub-type would start on a byte boundary. The SelectedItem UUID (le u128)
-- is read as its 16 bytes of 8 bits each, in wire order. The stream ends with the
-- padding bits that complete its last byte.
-- See also: 22 - Network Update, section UpdateCharacter
SmNetworkUpdate.UpdateCharacter = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateCharacter:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.UpdateCharacter:_read()
  self.update_movement_states = self._io:read_bits_int_be(1) ~= 0
  self.update_color = self._io:read_bits_int_be(1) ~= 0
  self.update_selected_item = self._io:read_bits_int_be(1) ~= 0
  self.update_is_player = self._io:read_bits_int_be(1) ~= 0
  if self.update_movement_states then
    self.is_downed = self._io:read_bits_int_be(1) ~= 0
  end
  if self.update_movement_states then
    self.is_swimming = self._io:read_bits_int_be(1) ~= 0
  end
  if self.update_movement_states then
    self.is_diving = self._io:read_bits_int_be(1) ~= 0
  end
  if self.update_movement_states then
    self.unknown = self._io:read_bits_int_be(1) ~= 0
  end
  if self.update_movement_states then
    self.is_climbing = self._io:read_bits_int_be(1) ~= 0
  end
  if self.update_movement_states then
    self.is_tumbling = self._io:read_bits_int_be(1) ~= 0
  end
  if self.update_color then
    self.color = self._io:read_bits_int_be(32)
  end
  if self.update_selected_item then
    self.selected_item_uuid = {}
    for i = 0, 16 - 1 do
      self.selected_item_uuid[i + 1] = self._io:read_bits_int_be(8)
    end
  end
  if self.update_selected_item then
    self.selected_item_instance_id = self._io:read_bits_int_be(32)
  end
  if self.update_is_player then
    self.is_player = self._io:read_bits_int_be(1) ~= 0
  end
  if self.update_is_player then
    self.player_or_unit_id = self._io:read_bits_int_be(32)
  end
  self.padding = {}
  for i = 0, self.num_padding_bits - 1 do
    self.padding[i + 1] = self._io:read_bits_int_be(1) ~= 0
  end
end

-- 
-- Bits before the padding.
SmNetworkUpdate.UpdateCharacter.property.num_bits = {}
function SmNetworkUpdate.UpdateCharacter.property.num_bits:get()
  if self._m_num_bits ~= nil then
    return self._m_num_bits
  end

  self._m_num_bits = (((4 + utils.box_unwrap((self.update_movement_states) and utils.box_wrap(6) or (0))) + utils.box_unwrap((self.update_color) and utils.box_wrap(32) or (0))) + utils.box_unwrap((self.update_selected_item) and utils.box_wrap(160) or (0))) + utils.box_unwrap((self.update_is_player) and utils.box_wrap(33) or (0))
  return self._m_num_bits
end

-- 
-- Bits up to the next byte boundary (0 to 7).
SmNetworkUpdate.UpdateCharacter.property.num_padding_bits = {}
function SmNetworkUpdate.UpdateCharacter.property.num_padding_bits:get()
  if self._m_num_padding_bits ~= nil then
    return self._m_num_padding_bits
  end

  self._m_num_padding_bits = (8 - self.num_bits % 8) % 8
  return self._m_num_padding_bits
end

-- 
-- Whether the six movement state bits follow.
-- 
-- Whether `color` follows.
-- 
-- Whether the selected item (UUID and instance id) follows.
-- 
-- Whether `is_player` and `player_or_unit_id` follow.
-- 
-- Whether the character is downed.
-- 
-- Whether the character is swimming.
-- 
-- Whether the character is diving.
-- 
-- Possibly aiming (`Tool:setMovementSlowDown`).
-- 
-- Whether the character is climbing.
-- 
-- Whether the character is tumbling.
-- 
-- Paint color of the character, stored as 0xRRGGBBAA; not byte-aligned.
-- 
-- The 16 bytes of the selected item's UUID (le u128); all zero for none.
-- 
-- Tool instance id; 0xFFFFFFFF unless the item is a tool.
-- 
-- Whether the character is a player rather than a unit.
-- 
-- The player id of a player, the unit id of anything else.
-- 
-- The bits that complete the last byte of the stream.
-- When writing, give `num_padding_bits` zero bits (it follows from the four flags;
-- the encoder's hook fills it when left out).

-- 
-- UpdateChildShape, sent when the shape is painted (new bounds take a new child
-- shape); the trailing data depends on the controller type (31 block, 32 part).
-- See also: 22 - Network Update, section UpdateChildShape
SmNetworkUpdate.UpdateChildShape = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateChildShape:_init(controller_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.controller_type = controller_type
  self:_read()
end

function SmNetworkUpdate.UpdateChildShape:_read()
  self.uuid = self._io:read_u2be()
  self.body_id = self._io:read_u4be()
  self.local_position = SmCommon.Vec3i16Xyz(self._io)
  self.color = self._io:read_u4be()
  local _on = self.controller_type
  if _on == 31 then
    self.data = SmNetworkUpdate.ChildShapeBlock(self._io, self, self._root)
  elseif _on == 32 then
    self.data = SmNetworkUpdate.ChildShapePart(self._io, self, self._root)
  else
    self.data = SmNetworkUpdate.Opaque(self._io, self, self._root)
  end
end

-- 
-- Index of the shape's UUID in the UUID Network Map (a table both sides build,
-- never sent), not the UUID itself.
-- 
-- The RigidBody the shape is attached to.
-- 
-- Position of the shape in coordinates local to its body.
-- 
-- Paint color of the shape, stored as 0xAABBGGRR.
-- 
-- Bounds for a block, local rotation for a part.

-- 
-- A bit stream: after the slot changes, the one-bit `has_filters` flag shifts what
-- follows. `num_filters` is a be u16 that is not byte-aligned (the document says so);
-- 7 padding bits then realign, and the filter UUIDs are whole bytes. Decision where
-- the document is silent: without filters the 7 remaining bits of the flag's byte are
-- read as the same padding, since the BitStream sends whole bytes.
-- See also: 22 - Network Update, section UpdateContainer
SmNetworkUpdate.UpdateContainer = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateContainer:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.UpdateContainer:_read()
  self.num_slot_changes = self._io:read_u2be()
  self.slot_changes = {}
  for i = 0, self.num_slot_changes - 1 do
    self.slot_changes[i + 1] = SmNetworkUpdate.SlotChange(self._io, self, self._root)
  end
  self.has_filters = self._io:read_bits_int_be(1) ~= 0
  if self.has_filters then
    self.num_filters = self._io:read_bits_int_be(16)
  end
  self.padding = self._io:read_bits_int_be(7)
  self._io:align_to_byte()
  if self.has_filters then
    self.filter_uuids = {}
    for i = 0, self.num_filters - 1 do
      self.filter_uuids[i + 1] = SmCommon.Uuid(self._io)
    end
  end
end

-- 
-- Number of slot changes that follow.
-- When writing, set to the length of `slot_changes` (and `num_filters` to the length
-- of `filter_uuids`).
-- 
-- The slots whose content changed, with their new content.
-- 
-- Whether the filter count and filters follow.
-- 
-- Number of filter UUIDs; starts one bit into a byte.
-- 
-- Realigns to a whole byte (present with and without filters, see above).
-- 
-- Filter UUIDs (be u128), byte-aligned.

-- 
-- Router for Update updates, by NetObj type.
-- See also: 22 - Network Update, section NetObjType Enum (Update column)
SmNetworkUpdate.UpdateData = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateData:_init(netobj_type, controller_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.netobj_type = netobj_type
  self.controller_type = controller_type
  self:_read()
end

function SmNetworkUpdate.UpdateData:_read()
  local _on = self.netobj_type
  if _on == SmCommon.NetobjType.character then
    self.body = SmNetworkUpdate.UpdateCharacter(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.child_shape then
    self.body = SmNetworkUpdate.UpdateChildShape(self.controller_type, self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.container then
    self.body = SmNetworkUpdate.UpdateContainer(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.joint then
    self.body = SmNetworkUpdate.UpdateJoint(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.lift then
    self.body = SmNetworkUpdate.UpdateLift(self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.rigid_body then
    self.body = SmNetworkUpdate.UpdateRigidBody(self.controller_type, self._io, self, self._root)
  elseif _on == SmCommon.NetobjType.tool then
    self.body = SmNetworkUpdate.UpdateTool(self._io, self, self._root)
  else
    self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
  end
end

-- 
-- The Update data of the NetObj type; undocumented types stay bytes.

-- 
-- Sent when a Joint is placed, painted or a PJoint update is triggered.
-- See also: 22 - Network Update, section UpdateJoint
SmNetworkUpdate.UpdateJoint = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateJoint:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.UpdateJoint:_read()
  self.uuid = self._io:read_u2be()
  self.id_shape_a = self._io:read_u4be()
  self.id_shape_b = self._io:read_u4be()
  self.pos_a = SmCommon.Vec3i32Xyz(self._io)
  self.pos_b = SmCommon.Vec3i32Xyz(self._io)
  self.axis = SmNetworkUpdate.JointAxis(self._io, self, self._root)
  self.color = self._io:read_u4be()
end

-- 
-- Index of the joint's UUID in the UUID Network Map, not the UUID itself.
-- 
-- Child shape on side A.
-- 
-- Child shape on side B.
-- 
-- Position of the joint's face on side A, local to the body; the same as `pos_b`
-- for bearings, one unit from it for pistons.
-- 
-- Position of the joint's face on side B, local to the body.
-- 
-- Orientations of the joint's two faces.
-- 
-- Paint color of the joint, stored as 0xAABBGGRR.

-- 
-- Sent when a player extends or retracts their lift.
-- See also: 22 - Network Update, section UpdateLift
SmNetworkUpdate.UpdateLift = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateLift:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.UpdateLift:_read()
  self.level = self._io:read_s4be()
end

-- 
-- Height in block units; 0 = not extended.

-- 
-- UpdateRigidBody, by the controller type of the body's Create: sent when a child
-- shape or joint of the body is added, removed or painted, or anything else about
-- the body changes.
-- See also: 22 - Network Update, section UpdateRigidBody
SmNetworkUpdate.UpdateRigidBody = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateRigidBody:_init(controller_type, io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self.controller_type = controller_type
  self:_read()
end

function SmNetworkUpdate.UpdateRigidBody:_read()
  local _on = self.controller_type
  if _on == 1 then
    self.body = SmNetworkUpdate.UpdateRigidBodyStatic(self._io, self, self._root)
  elseif _on == 2 then
    self.body = SmNetworkUpdate.UpdateRigidBodyDynamic(self._io, self, self._root)
  else
    self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
  end
end

-- 
-- The static or dynamic layout, by the controller type of the body's Create
-- (remembered by the runtime or recovered from the data size).

-- 
-- See also: 22 - Network Update, section UpdateRigidBody, Controller Type 2 - Dynamic
SmNetworkUpdate.UpdateRigidBodyDynamic = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateRigidBodyDynamic:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.UpdateRigidBodyDynamic:_read()
  self.unknown = self._io:read_u1()
  if not(self.unknown == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.unknown)
  end
  self.revision = self._io:read_u1()
end

-- 
-- Unknown. Always 0.
-- 
-- The body's revision; grows by at least one with every update of the body.

-- 
-- See also: 22 - Network Update, section UpdateRigidBody, Controller Type 1 - Static
SmNetworkUpdate.UpdateRigidBodyStatic = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateRigidBodyStatic:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.UpdateRigidBodyStatic:_read()
  self.unknown = self._io:read_u1()
  if not(self.unknown == 0) then
    error("not equal, expected " .. 0 .. ", but got " .. self.unknown)
  end
  self.unknown_2 = self._io:read_s4be()
  if not(self.unknown_2 == -1) then
    error("not equal, expected " .. -1 .. ", but got " .. self.unknown_2)
  end
end

-- 
-- Unknown. Always 0.
-- 
-- Unknown. Always -1.

-- 
-- Sent when a tool is created or updated; assigns it to a player.
-- See also: 22 - Network Update, section UpdateTool
SmNetworkUpdate.UpdateTool = class.class(KaitaiStruct)

function SmNetworkUpdate.UpdateTool:_init(io, parent, root)
  KaitaiStruct._init(self, io)
  self._parent = parent
  self._root = root
  self:_read()
end

function SmNetworkUpdate.UpdateTool:_read()
  self.player_id = self._io:read_u4be()
end

-- 
-- The player holding the tool; 0xFFFFFFFF when it is in a chest.

