# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmNetworkUpdate(ReadWriteKaitaiStruct):
    """One NetworkUpdate: the data of a RawUpdate, or of a DeltaUpdate once reconstructed,
    without its size prefix. A 3-bit update type and a 5-bit NetObj type (most significant
    bits first), the controller type byte for Create updates only, the NetObj id, then the
    data, routed by update type, then NetObj type, then controller type.
    
    Update data of a RigidBody or ChildShape depends on the controller type sent in the
    object's earlier Create, which an Update does not repeat. The parameter
    `known_controller_type` carries it: the wirestruct runtime remembers each object's
    Create and passes its controller type. With 0 (not known: the capture started after the
    Create, or the file is opened on its own, as the Web IDE does through
    `sm_network_update_body`), the controller type is recovered from the size of the data,
    as the document suggests: the documented layouts have distinct sizes (UpdateRigidBody
    static 5 bytes, dynamic 2; UpdateChildShape block 22, part 17). `controller_type_source`
    says where the controller type used came from; a size that fits no layout leaves the
    data as bytes.
    
    NetObj types whose updates are not documented (Controller, Harvestable, Portal,
    PathNode, Unit, VoxelTerrainCell, ScriptableObject, ShapeGroup) keep their data as bytes.
    
    .. seealso::
       22 - Network Update, section NetworkUpdate
    """

    class ChildShapeType(IntEnum):
        block = 31
        part = 32

    class ControllerTypeSource(IntEnum):
        unknown = 0
        create = 1
        known = 2
        inferred_from_size = 3

    class JointType(IntEnum):
        bearing = 2
        spring = 3
        survival_spring = 4
        piston = 28
        generic_rotational = 41

    class LocalAxis(IntEnum):
        neg_z = -3
        neg_y = -2
        neg_x = -1
        pos_x = 1
        pos_y = 2
        pos_z = 3

    class RigidBodyType(IntEnum):
        static = 1
        dynamic = 2

    class UpdateType(IntEnum):
        create = 1
        p = 2
        update = 3
        remove = 5
    def __init__(self, known_controller_type, _io=None, _parent=None, _root=None):
        super(SmNetworkUpdate, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.known_controller_type = known_controller_type

    def _read(self):
        self.update_type = KaitaiStream.resolve_enum(SmNetworkUpdate.UpdateType, self._io.read_bits_int_be(3))
        self.netobj_type = KaitaiStream.resolve_enum(sm_common.SmCommon.NetobjType, self._io.read_bits_int_be(5))
        if self.update_type == SmNetworkUpdate.UpdateType.create:
            pass
            self.controller_type = self._io.read_u1()

        self.netobj_id = self._io.read_u4be()
        _on = self.update_type
        if _on == SmNetworkUpdate.UpdateType.create:
            pass
            self.data = SmNetworkUpdate.CreateData(self.netobj_type, self.controller_type, self._io, self, self._root)
            self.data._read()
        elif _on == SmNetworkUpdate.UpdateType.p:
            pass
            self.data = SmNetworkUpdate.PData(self.netobj_type, self._io, self, self._root)
            self.data._read()
        elif _on == SmNetworkUpdate.UpdateType.remove:
            pass
            self.data = SmNetworkUpdate.RemoveData(self.netobj_type, self._io, self, self._root)
            self.data._read()
        elif _on == SmNetworkUpdate.UpdateType.update:
            pass
            self.data = SmNetworkUpdate.UpdateData(self.netobj_type, self.resolved_controller_type, self._io, self, self._root)
            self.data._read()
        else:
            pass
            self.data = SmNetworkUpdate.Opaque(self._io, self, self._root)
            self.data._read()
        self._dirty = False


    def _fetch_instances(self):
        pass
        if self.update_type == SmNetworkUpdate.UpdateType.create:
            pass

        _on = self.update_type
        if _on == SmNetworkUpdate.UpdateType.create:
            pass
            self.data._fetch_instances()
        elif _on == SmNetworkUpdate.UpdateType.p:
            pass
            self.data._fetch_instances()
        elif _on == SmNetworkUpdate.UpdateType.remove:
            pass
            self.data._fetch_instances()
        elif _on == SmNetworkUpdate.UpdateType.update:
            pass
            self.data._fetch_instances()
        else:
            pass
            self.data._fetch_instances()


    def _write__seq(self, io=None):
        super(SmNetworkUpdate, self)._write__seq(io)
        self._io.write_bits_int_be(3, int(self.update_type))
        self._io.write_bits_int_be(5, int(self.netobj_type))
        if self.update_type == SmNetworkUpdate.UpdateType.create:
            pass
            self._io.write_u1(self.controller_type)

        self._io.write_u4be(self.netobj_id)
        _on = self.update_type
        if _on == SmNetworkUpdate.UpdateType.create:
            pass
            self.data._write__seq(self._io)
        elif _on == SmNetworkUpdate.UpdateType.p:
            pass
            self.data._write__seq(self._io)
        elif _on == SmNetworkUpdate.UpdateType.remove:
            pass
            self.data._write__seq(self._io)
        elif _on == SmNetworkUpdate.UpdateType.update:
            pass
            if self.data.controller_type != self.resolved_controller_type:
                raise kaitaistruct.ConsistencyError(u"data", self.resolved_controller_type, self.data.controller_type)
            self.data._write__seq(self._io)
        else:
            pass
            self.data._write__seq(self._io)


    def _check(self):
        if self.update_type == SmNetworkUpdate.UpdateType.create:
            pass

        _on = self.update_type
        if _on == SmNetworkUpdate.UpdateType.create:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            if self.data.netobj_type != self.netobj_type:
                raise kaitaistruct.ConsistencyError(u"data", self.netobj_type, self.data.netobj_type)
            if self.data.controller_type != self.controller_type:
                raise kaitaistruct.ConsistencyError(u"data", self.controller_type, self.data.controller_type)
        elif _on == SmNetworkUpdate.UpdateType.p:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            if self.data.netobj_type != self.netobj_type:
                raise kaitaistruct.ConsistencyError(u"data", self.netobj_type, self.data.netobj_type)
        elif _on == SmNetworkUpdate.UpdateType.remove:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            if self.data.netobj_type != self.netobj_type:
                raise kaitaistruct.ConsistencyError(u"data", self.netobj_type, self.data.netobj_type)
        elif _on == SmNetworkUpdate.UpdateType.update:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            if self.data.netobj_type != self.netobj_type:
                raise kaitaistruct.ConsistencyError(u"data", self.netobj_type, self.data.netobj_type)
        else:
            pass
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
        self._dirty = False

    class ChildShapeBlock(ReadWriteKaitaiStruct):
        """
        .. seealso::
           22 - Network Update, section ChildShapeData, Controller Type 31 - Block
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.ChildShapeBlock, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.bounds = sm_common.SmCommon.Vec3i16Xyz(self._io)
            self.bounds._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.bounds._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.ChildShapeBlock, self)._write__seq(io)
            self.bounds._write__seq(self._io)


        def _check(self):
            self._dirty = False


    class ChildShapePart(ReadWriteKaitaiStruct):
        """A part's local rotation as two nibbles, Z axis in the high nibble. Each axis is
        stored plus 4; `z_axis`/`x_axis` subtract it and name the axis (Local Rotation).
        
        .. seealso::
           22 - Network Update, section ChildShapeData, Controller Type 32 - Part
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.ChildShapePart, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.z_axis_raw = self._io.read_bits_int_be(4)
            self.x_axis_raw = self._io.read_bits_int_be(4)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.ChildShapePart, self)._write__seq(io)
            self._io.write_bits_int_be(4, self.z_axis_raw)
            self._io.write_bits_int_be(4, self.x_axis_raw)


        def _check(self):
            self._dirty = False

        @property
        def x_axis(self):
            """The axis the part's X axis points along (Local Rotation)."""
            if hasattr(self, '_m_x_axis'):
                return self._m_x_axis

            self._m_x_axis = KaitaiStream.resolve_enum(SmNetworkUpdate.LocalAxis, self.x_axis_raw - 4)
            return getattr(self, '_m_x_axis', None)

        def _invalidate_x_axis(self):
            del self._m_x_axis
        @property
        def z_axis(self):
            """The axis the part's Z axis points along (Local Rotation)."""
            if hasattr(self, '_m_z_axis'):
                return self._m_z_axis

            self._m_z_axis = KaitaiStream.resolve_enum(SmNetworkUpdate.LocalAxis, self.z_axis_raw - 4)
            return getattr(self, '_m_z_axis', None)

        def _invalidate_z_axis(self):
            del self._m_z_axis

    class ContainerItem(ReadWriteKaitaiStruct):
        """
        .. seealso::
           22 - Network Update, section ContainerItem
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.ContainerItem, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.uuid._read()
            self.tool_instance_id = self._io.read_u4be()
            self.quantity = self._io.read_u2be()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.ContainerItem, self)._write__seq(io)
            self.uuid._write__seq(self._io)
            self._io.write_u4be(self.tool_instance_id)
            self._io.write_u2be(self.quantity)


        def _check(self):
            self._dirty = False


    class CreateCharacter(ReadWriteKaitaiStruct):
        """Sent when a character is created, for a player joining the world or a unit.
        
        .. seealso::
           22 - Network Update, section CreateCharacter
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.CreateCharacter, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.steam_id = SmNetworkUpdate.SteamId(self._io, self, self._root)
            self.steam_id._read()
            self.position = sm_common.SmCommon.Vec3fZyx(self._io)
            self.position._read()
            self.world_id = self._io.read_u2be()
            self.yaw = self._io.read_f4be()
            self.pitch = self._io.read_f4be()
            self.character_uuid = sm_common.SmCommon.Uuid(self._io)
            self.character_uuid._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.steam_id._fetch_instances()
            self.position._fetch_instances()
            self.character_uuid._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.CreateCharacter, self)._write__seq(io)
            self.steam_id._write__seq(self._io)
            self.position._write__seq(self._io)
            self._io.write_u2be(self.world_id)
            self._io.write_f4be(self.yaw)
            self._io.write_f4be(self.pitch)
            self.character_uuid._write__seq(self._io)


        def _check(self):
            if self.steam_id._root != self._root:
                raise kaitaistruct.ConsistencyError(u"steam_id", self._root, self.steam_id._root)
            if self.steam_id._parent != self:
                raise kaitaistruct.ConsistencyError(u"steam_id", self, self.steam_id._parent)
            self._dirty = False

        @property
        def steam_id_64(self):
            """The Steam ID as one number (exact in Python; see `steam_id`)."""
            if hasattr(self, '_m_steam_id_64'):
                return self._m_steam_id_64

            self._m_steam_id_64 = self.steam_id.value
            return getattr(self, '_m_steam_id_64', None)

        def _invalidate_steam_id_64(self):
            del self._m_steam_id_64

    class CreateContainer(ReadWriteKaitaiStruct):
        """Sent when a container is created; a joining client gets one for its inventory
        and one for its carry container.
        
        .. seealso::
           22 - Network Update, section CreateContainer
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.CreateContainer, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.num_slots = self._io.read_u2be()
            self.stack_size = self._io.read_u2be()
            self.items = []
            for i in range(self.num_slots):
                _t_items = SmNetworkUpdate.ContainerItem(self._io, self, self._root)
                try:
                    _t_items._read()
                finally:
                    self.items.append(_t_items)

            self.num_filters = self._io.read_u2be()
            self.filters = []
            for i in range(self.num_filters):
                _t_filters = sm_common.SmCommon.Uuid(self._io)
                try:
                    _t_filters._read()
                finally:
                    self.filters.append(_t_filters)

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.items)):
                pass
                self.items[i]._fetch_instances()

            for i in range(len(self.filters)):
                pass
                self.filters[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(SmNetworkUpdate.CreateContainer, self)._write__seq(io)
            self._io.write_u2be(self.num_slots)
            self._io.write_u2be(self.stack_size)
            for i in range(len(self.items)):
                pass
                self.items[i]._write__seq(self._io)

            self._io.write_u2be(self.num_filters)
            for i in range(len(self.filters)):
                pass
                self.filters[i]._write__seq(self._io)



        def _check(self):
            if len(self.items) != self.num_slots:
                raise kaitaistruct.ConsistencyError(u"items", self.num_slots, len(self.items))
            for i in range(len(self.items)):
                pass
                if self.items[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"items", self._root, self.items[i]._root)
                if self.items[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"items", self, self.items[i]._parent)

            if len(self.filters) != self.num_filters:
                raise kaitaistruct.ConsistencyError(u"filters", self.num_filters, len(self.filters))
            for i in range(len(self.filters)):
                pass

            self._dirty = False


    class CreateData(ReadWriteKaitaiStruct):
        """Router for Create updates, by NetObj type.
        
        .. seealso::
           22 - Network Update, section NetObjType Enum (Create column)
        """
        def __init__(self, netobj_type, controller_type, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.CreateData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.netobj_type = netobj_type
            self.controller_type = controller_type

        def _read(self):
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body = SmNetworkUpdate.CreateCharacter(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body = SmNetworkUpdate.CreateContainer(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body = SmNetworkUpdate.CreateLift(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body = SmNetworkUpdate.CreateRigidBody(self.controller_type, self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body = SmNetworkUpdate.CreateTool(self._io, self, self._root)
                self.body._read()
            else:
                pass
                self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
                self.body._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body._fetch_instances()
            else:
                pass
                self.body._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.CreateData, self)._write__seq(io)
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body._write__seq(self._io)
            else:
                pass
                self.body._write__seq(self._io)


        def _check(self):
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                if self.body.controller_type != self.controller_type:
                    raise kaitaistruct.ConsistencyError(u"body", self.controller_type, self.body.controller_type)
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            else:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            self._dirty = False


    class CreateLift(ReadWriteKaitaiStruct):
        """Sent when a player places their lift, or a creation is spawned on or put on a
        lift (the old lift is removed and a new one created).
        
        .. seealso::
           22 - Network Update, section CreateLift
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.CreateLift, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.steam_id = SmNetworkUpdate.SteamId(self._io, self, self._root)
            self.steam_id._read()
            self.world_id = self._io.read_u2be()
            self.position = sm_common.SmCommon.Vec3i32Xyz(self._io)
            self.position._read()
            self.level = self._io.read_s4be()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.steam_id._fetch_instances()
            self.position._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.CreateLift, self)._write__seq(io)
            self.steam_id._write__seq(self._io)
            self._io.write_u2be(self.world_id)
            self.position._write__seq(self._io)
            self._io.write_s4be(self.level)


        def _check(self):
            if self.steam_id._root != self._root:
                raise kaitaistruct.ConsistencyError(u"steam_id", self._root, self.steam_id._root)
            if self.steam_id._parent != self:
                raise kaitaistruct.ConsistencyError(u"steam_id", self, self.steam_id._parent)
            self._dirty = False

        @property
        def steam_id_64(self):
            """The Steam ID as one number (exact in Python; see `steam_id`)."""
            if hasattr(self, '_m_steam_id_64'):
                return self._m_steam_id_64

            self._m_steam_id_64 = self.steam_id.value
            return getattr(self, '_m_steam_id_64', None)

        def _invalidate_steam_id_64(self):
            del self._m_steam_id_64

    class CreateRigidBody(ReadWriteKaitaiStruct):
        """CreateRigidBody, by controller type (1 static, 2 dynamic).
        
        .. seealso::
           22 - Network Update, section CreateRigidBody
        """
        def __init__(self, controller_type, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.CreateRigidBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.controller_type = controller_type

        def _read(self):
            _on = self.controller_type
            if _on == 1:
                pass
                self.body = SmNetworkUpdate.CreateRigidBodyStatic(self._io, self, self._root)
                self.body._read()
            elif _on == 2:
                pass
                self.body = SmNetworkUpdate.CreateRigidBodyDynamic(self._io, self, self._root)
                self.body._read()
            else:
                pass
                self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
                self.body._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.controller_type
            if _on == 1:
                pass
                self.body._fetch_instances()
            elif _on == 2:
                pass
                self.body._fetch_instances()
            else:
                pass
                self.body._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.CreateRigidBody, self)._write__seq(io)
            _on = self.controller_type
            if _on == 1:
                pass
                self.body._write__seq(self._io)
            elif _on == 2:
                pass
                self.body._write__seq(self._io)
            else:
                pass
                self.body._write__seq(self._io)


        def _check(self):
            _on = self.controller_type
            if _on == 1:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == 2:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            else:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            self._dirty = False


    class CreateRigidBodyDynamic(ReadWriteKaitaiStruct):
        """A dynamic RigidBody, moved by physics.
        
        .. seealso::
           22 - Network Update, section CreateRigidBody, Controller Type 2 - Dynamic
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.CreateRigidBodyDynamic, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.world_id = self._io.read_u2be()
            self.transform = sm_common.SmCommon.Transform(self._io)
            self.transform._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.transform._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.CreateRigidBodyDynamic, self)._write__seq(io)
            self._io.write_u2be(self.world_id)
            self.transform._write__seq(self._io)


        def _check(self):
            self._dirty = False


    class CreateRigidBodyStatic(ReadWriteKaitaiStruct):
        """A static RigidBody, connected to the terrain.
        
        .. seealso::
           22 - Network Update, section CreateRigidBody, Controller Type 1 - Static
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.CreateRigidBodyStatic, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.world_id = self._io.read_u2be()
            self.rotation = sm_common.SmCommon.QuatWzyx(self._io)
            self.rotation._read()
            self.position = sm_common.SmCommon.Vec3fXyz(self._io)
            self.position._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.rotation._fetch_instances()
            self.position._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.CreateRigidBodyStatic, self)._write__seq(io)
            self._io.write_u2be(self.world_id)
            self.rotation._write__seq(self._io)
            self.position._write__seq(self._io)


        def _check(self):
            self._dirty = False


    class CreateTool(ReadWriteKaitaiStruct):
        """Sent for every tool of the save when a client joins, and when a tool is dragged
        from the unlimited inventory to the hotbar.
        
        .. seealso::
           22 - Network Update, section CreateTool
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.CreateTool, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.uuid._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.CreateTool, self)._write__seq(io)
            self.uuid._write__seq(self._io)


        def _check(self):
            self._dirty = False


    class JointAxis(ReadWriteKaitaiStruct):
        """Face orientations of a joint as four nibbles, first listed in the high nibble of the
        first byte. Each axis is stored plus 4; the instances subtract it and name the axis.
        
        .. seealso::
           22 - Network Update, section JointAxis
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.JointAxis, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.z_axis_b_raw = self._io.read_bits_int_be(4)
            self.z_axis_a_raw = self._io.read_bits_int_be(4)
            self.x_axis_b_raw = self._io.read_bits_int_be(4)
            self.x_axis_a_raw = self._io.read_bits_int_be(4)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.JointAxis, self)._write__seq(io)
            self._io.write_bits_int_be(4, self.z_axis_b_raw)
            self._io.write_bits_int_be(4, self.z_axis_a_raw)
            self._io.write_bits_int_be(4, self.x_axis_b_raw)
            self._io.write_bits_int_be(4, self.x_axis_a_raw)


        def _check(self):
            self._dirty = False

        @property
        def x_axis_a(self):
            """The axis side A's X axis points along, local to the body."""
            if hasattr(self, '_m_x_axis_a'):
                return self._m_x_axis_a

            self._m_x_axis_a = KaitaiStream.resolve_enum(SmNetworkUpdate.LocalAxis, self.x_axis_a_raw - 4)
            return getattr(self, '_m_x_axis_a', None)

        def _invalidate_x_axis_a(self):
            del self._m_x_axis_a
        @property
        def x_axis_b(self):
            """The axis side B's X axis points along, local to the body."""
            if hasattr(self, '_m_x_axis_b'):
                return self._m_x_axis_b

            self._m_x_axis_b = KaitaiStream.resolve_enum(SmNetworkUpdate.LocalAxis, self.x_axis_b_raw - 4)
            return getattr(self, '_m_x_axis_b', None)

        def _invalidate_x_axis_b(self):
            del self._m_x_axis_b
        @property
        def z_axis_a(self):
            """The axis side A's Z axis points along, local to the body."""
            if hasattr(self, '_m_z_axis_a'):
                return self._m_z_axis_a

            self._m_z_axis_a = KaitaiStream.resolve_enum(SmNetworkUpdate.LocalAxis, self.z_axis_a_raw - 4)
            return getattr(self, '_m_z_axis_a', None)

        def _invalidate_z_axis_a(self):
            del self._m_z_axis_a
        @property
        def z_axis_b(self):
            """The axis side B's Z axis points along, local to the body."""
            if hasattr(self, '_m_z_axis_b'):
                return self._m_z_axis_b

            self._m_z_axis_b = KaitaiStream.resolve_enum(SmNetworkUpdate.LocalAxis, self.z_axis_b_raw - 4)
            return getattr(self, '_m_z_axis_b', None)

        def _invalidate_z_axis_b(self):
            del self._m_z_axis_b

    class NoData(ReadWriteKaitaiStruct):
        """No additional data is sent.
        
        .. seealso::
           22 - Network Update, section Updates
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.NoData, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            pass
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.NoData, self)._write__seq(io)


        def _check(self):
            self._dirty = False


    class Opaque(ReadWriteKaitaiStruct):
        """Data whose structure is not documented, kept as bytes.
        
        .. seealso::
           22 - Network Update, section NetObjType Enum
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.Opaque, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.payload = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.Opaque, self)._write__seq(io)
            self._io.write_bytes(self.payload)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"payload", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class PData(ReadWriteKaitaiStruct):
        """Router for P updates; only Joints send them, with no data.
        
        .. seealso::
           22 - Network Update, section PJoint
        """
        def __init__(self, netobj_type, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.PData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.netobj_type = netobj_type

        def _read(self):
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            else:
                pass
                self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
                self.body._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body._fetch_instances()
            else:
                pass
                self.body._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.PData, self)._write__seq(io)
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body._write__seq(self._io)
            else:
                pass
                self.body._write__seq(self._io)


        def _check(self):
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.joint:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            else:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            self._dirty = False


    class RemoveData(ReadWriteKaitaiStruct):
        """Router for Remove updates; documented NetObj types send no data.
        
        .. seealso::
           22 - Network Update, section NetObjType Enum (Remove column)
        """
        def __init__(self, netobj_type, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.RemoveData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.netobj_type = netobj_type

        def _read(self):
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body = SmNetworkUpdate.NoData(self._io, self, self._root)
                self.body._read()
            else:
                pass
                self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
                self.body._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body._fetch_instances()
            else:
                pass
                self.body._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.RemoveData, self)._write__seq(io)
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body._write__seq(self._io)
            else:
                pass
                self.body._write__seq(self._io)


        def _check(self):
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            else:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            self._dirty = False


    class SlotChange(ReadWriteKaitaiStruct):
        """
        .. seealso::
           22 - Network Update, section SlotChange
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.SlotChange, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.uuid = sm_common.SmCommon.Uuid(self._io)
            self.uuid._read()
            self.tool_instance_id = self._io.read_u4be()
            self.quantity = self._io.read_u2be()
            self.slot = self._io.read_u2be()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.uuid._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.SlotChange, self)._write__seq(io)
            self.uuid._write__seq(self._io)
            self._io.write_u4be(self.tool_instance_id)
            self._io.write_u2be(self.quantity)
            self._io.write_u2be(self.slot)


        def _check(self):
            self._dirty = False


    class SteamId(ReadWriteKaitaiStruct):
        """A SteamID64 (be u64) read as its parts, most significant first, so that the Web
        IDE (JavaScript numbers hold 53 bits) shows every part exactly: universe (8 bits),
        account type (4), instance (20), account id (32). `value` is the whole number,
        exact in Python; JavaScript may round it.
        
        When writing, set the four parts; `value` is computed from them (the encoder's hook
        derives the parts from a given `value`).
        
        .. seealso::
           Source - https://developer.valvesoftware.com/wiki/SteamID
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.SteamId, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.universe = self._io.read_u1()
            self.account_type = self._io.read_bits_int_be(4)
            self.instance = self._io.read_bits_int_be(20)
            self.account_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.SteamId, self)._write__seq(io)
            self._io.write_u1(self.universe)
            self._io.write_bits_int_be(4, self.account_type)
            self._io.write_bits_int_be(20, self.instance)
            self._io.write_u4be(self.account_id)


        def _check(self):
            self._dirty = False

        @property
        def value(self):
            """The 64-bit SteamID64."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = ((self.universe * 72057594037927936 + self.account_type * 4503599627370496) + self.instance * 4294967296) + self.account_id
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value

    class UpdateCharacter(ReadWriteKaitaiStruct):
        """Sent when a character changes (selected item, downed, painted and more), and with
        all four flags set right after its Create. The character's transform is not here:
        it comes with 24 Unreliable Update.
        
        A bit stream. Four flag bits say which parts follow; decision (the document gives no
        padding here, as in 24's character update): every part follows the previous one
        bit by bit, not byte-aligned. MovementStates, SelectedItem and IsPlayer are inlined,
        because a sub-type would start on a byte boundary. The SelectedItem UUID (le u128)
        is read as its 16 bytes of 8 bits each, in wire order. The stream ends with the
        padding bits that complete its last byte.
        
        .. seealso::
           22 - Network Update, section UpdateCharacter
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateCharacter, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.update_movement_states = self._io.read_bits_int_be(1) != 0
            self.update_color = self._io.read_bits_int_be(1) != 0
            self.update_selected_item = self._io.read_bits_int_be(1) != 0
            self.update_is_player = self._io.read_bits_int_be(1) != 0
            if self.update_movement_states:
                pass
                self.is_downed = self._io.read_bits_int_be(1) != 0

            if self.update_movement_states:
                pass
                self.is_swimming = self._io.read_bits_int_be(1) != 0

            if self.update_movement_states:
                pass
                self.is_diving = self._io.read_bits_int_be(1) != 0

            if self.update_movement_states:
                pass
                self.unknown = self._io.read_bits_int_be(1) != 0

            if self.update_movement_states:
                pass
                self.is_climbing = self._io.read_bits_int_be(1) != 0

            if self.update_movement_states:
                pass
                self.is_tumbling = self._io.read_bits_int_be(1) != 0

            if self.update_color:
                pass
                self.color = self._io.read_bits_int_be(32)

            if self.update_selected_item:
                pass
                self.selected_item_uuid = []
                for i in range(16):
                    self.selected_item_uuid.append(self._io.read_bits_int_be(8))


            if self.update_selected_item:
                pass
                self.selected_item_instance_id = self._io.read_bits_int_be(32)

            if self.update_is_player:
                pass
                self.is_player = self._io.read_bits_int_be(1) != 0

            if self.update_is_player:
                pass
                self.player_or_unit_id = self._io.read_bits_int_be(32)

            self.padding = []
            for i in range(self.num_padding_bits):
                self.padding.append(self._io.read_bits_int_be(1) != 0)

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_color:
                pass

            if self.update_selected_item:
                pass
                for i in range(len(self.selected_item_uuid)):
                    pass


            if self.update_selected_item:
                pass

            if self.update_is_player:
                pass

            if self.update_is_player:
                pass

            for i in range(len(self.padding)):
                pass



        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateCharacter, self)._write__seq(io)
            self._io.write_bits_int_be(1, int(self.update_movement_states))
            self._io.write_bits_int_be(1, int(self.update_color))
            self._io.write_bits_int_be(1, int(self.update_selected_item))
            self._io.write_bits_int_be(1, int(self.update_is_player))
            if self.update_movement_states:
                pass
                self._io.write_bits_int_be(1, int(self.is_downed))

            if self.update_movement_states:
                pass
                self._io.write_bits_int_be(1, int(self.is_swimming))

            if self.update_movement_states:
                pass
                self._io.write_bits_int_be(1, int(self.is_diving))

            if self.update_movement_states:
                pass
                self._io.write_bits_int_be(1, int(self.unknown))

            if self.update_movement_states:
                pass
                self._io.write_bits_int_be(1, int(self.is_climbing))

            if self.update_movement_states:
                pass
                self._io.write_bits_int_be(1, int(self.is_tumbling))

            if self.update_color:
                pass
                self._io.write_bits_int_be(32, self.color)

            if self.update_selected_item:
                pass
                for i in range(len(self.selected_item_uuid)):
                    pass
                    self._io.write_bits_int_be(8, self.selected_item_uuid[i])


            if self.update_selected_item:
                pass
                self._io.write_bits_int_be(32, self.selected_item_instance_id)

            if self.update_is_player:
                pass
                self._io.write_bits_int_be(1, int(self.is_player))

            if self.update_is_player:
                pass
                self._io.write_bits_int_be(32, self.player_or_unit_id)

            for i in range(len(self.padding)):
                pass
                self._io.write_bits_int_be(1, int(self.padding[i]))



        def _check(self):
            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_movement_states:
                pass

            if self.update_color:
                pass

            if self.update_selected_item:
                pass
                if len(self.selected_item_uuid) != 16:
                    raise kaitaistruct.ConsistencyError(u"selected_item_uuid", 16, len(self.selected_item_uuid))
                for i in range(len(self.selected_item_uuid)):
                    pass


            if self.update_selected_item:
                pass

            if self.update_is_player:
                pass

            if self.update_is_player:
                pass

            if len(self.padding) != self.num_padding_bits:
                raise kaitaistruct.ConsistencyError(u"padding", self.num_padding_bits, len(self.padding))
            for i in range(len(self.padding)):
                pass

            self._dirty = False

        @property
        def num_bits(self):
            """Bits before the padding."""
            if hasattr(self, '_m_num_bits'):
                return self._m_num_bits

            self._m_num_bits = (((4 + (6 if self.update_movement_states else 0)) + (32 if self.update_color else 0)) + (160 if self.update_selected_item else 0)) + (33 if self.update_is_player else 0)
            return getattr(self, '_m_num_bits', None)

        def _invalidate_num_bits(self):
            del self._m_num_bits
        @property
        def num_padding_bits(self):
            """Bits up to the next byte boundary (0 to 7)."""
            if hasattr(self, '_m_num_padding_bits'):
                return self._m_num_padding_bits

            self._m_num_padding_bits = (8 - self.num_bits % 8) % 8
            return getattr(self, '_m_num_padding_bits', None)

        def _invalidate_num_padding_bits(self):
            del self._m_num_padding_bits

    class UpdateChildShape(ReadWriteKaitaiStruct):
        """UpdateChildShape, sent when the shape is painted (new bounds take a new child
        shape); the trailing data depends on the controller type (31 block, 32 part).
        
        .. seealso::
           22 - Network Update, section UpdateChildShape
        """
        def __init__(self, controller_type, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateChildShape, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.controller_type = controller_type

        def _read(self):
            self.uuid = self._io.read_u2be()
            self.body_id = self._io.read_u4be()
            self.local_position = sm_common.SmCommon.Vec3i16Xyz(self._io)
            self.local_position._read()
            self.color = self._io.read_u4be()
            _on = self.controller_type
            if _on == 31:
                pass
                self.data = SmNetworkUpdate.ChildShapeBlock(self._io, self, self._root)
                self.data._read()
            elif _on == 32:
                pass
                self.data = SmNetworkUpdate.ChildShapePart(self._io, self, self._root)
                self.data._read()
            else:
                pass
                self.data = SmNetworkUpdate.Opaque(self._io, self, self._root)
                self.data._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.local_position._fetch_instances()
            _on = self.controller_type
            if _on == 31:
                pass
                self.data._fetch_instances()
            elif _on == 32:
                pass
                self.data._fetch_instances()
            else:
                pass
                self.data._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateChildShape, self)._write__seq(io)
            self._io.write_u2be(self.uuid)
            self._io.write_u4be(self.body_id)
            self.local_position._write__seq(self._io)
            self._io.write_u4be(self.color)
            _on = self.controller_type
            if _on == 31:
                pass
                self.data._write__seq(self._io)
            elif _on == 32:
                pass
                self.data._write__seq(self._io)
            else:
                pass
                self.data._write__seq(self._io)


        def _check(self):
            _on = self.controller_type
            if _on == 31:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == 32:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            else:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            self._dirty = False


    class UpdateContainer(ReadWriteKaitaiStruct):
        """A bit stream: after the slot changes, the one-bit `has_filters` flag shifts what
        follows. `num_filters` is a be u16 that is not byte-aligned (the document says so);
        7 padding bits then realign, and the filter UUIDs are whole bytes. Decision where
        the document is silent: without filters the 7 remaining bits of the flag's byte are
        read as the same padding, since the BitStream sends whole bytes.
        
        .. seealso::
           22 - Network Update, section UpdateContainer
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateContainer, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.num_slot_changes = self._io.read_u2be()
            self.slot_changes = []
            for i in range(self.num_slot_changes):
                _t_slot_changes = SmNetworkUpdate.SlotChange(self._io, self, self._root)
                try:
                    _t_slot_changes._read()
                finally:
                    self.slot_changes.append(_t_slot_changes)

            self.has_filters = self._io.read_bits_int_be(1) != 0
            if self.has_filters:
                pass
                self.num_filters = self._io.read_bits_int_be(16)

            self.padding = self._io.read_bits_int_be(7)
            if self.has_filters:
                pass
                self.filter_uuids = []
                for i in range(self.num_filters):
                    _t_filter_uuids = sm_common.SmCommon.Uuid(self._io)
                    try:
                        _t_filter_uuids._read()
                    finally:
                        self.filter_uuids.append(_t_filter_uuids)


            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.slot_changes)):
                pass
                self.slot_changes[i]._fetch_instances()

            if self.has_filters:
                pass

            if self.has_filters:
                pass
                for i in range(len(self.filter_uuids)):
                    pass
                    self.filter_uuids[i]._fetch_instances()




        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateContainer, self)._write__seq(io)
            self._io.write_u2be(self.num_slot_changes)
            for i in range(len(self.slot_changes)):
                pass
                self.slot_changes[i]._write__seq(self._io)

            self._io.write_bits_int_be(1, int(self.has_filters))
            if self.has_filters:
                pass
                self._io.write_bits_int_be(16, self.num_filters)

            self._io.write_bits_int_be(7, self.padding)
            if self.has_filters:
                pass
                for i in range(len(self.filter_uuids)):
                    pass
                    self.filter_uuids[i]._write__seq(self._io)




        def _check(self):
            if len(self.slot_changes) != self.num_slot_changes:
                raise kaitaistruct.ConsistencyError(u"slot_changes", self.num_slot_changes, len(self.slot_changes))
            for i in range(len(self.slot_changes)):
                pass
                if self.slot_changes[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"slot_changes", self._root, self.slot_changes[i]._root)
                if self.slot_changes[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"slot_changes", self, self.slot_changes[i]._parent)

            if self.has_filters:
                pass

            if self.has_filters:
                pass
                if len(self.filter_uuids) != self.num_filters:
                    raise kaitaistruct.ConsistencyError(u"filter_uuids", self.num_filters, len(self.filter_uuids))
                for i in range(len(self.filter_uuids)):
                    pass


            self._dirty = False


    class UpdateData(ReadWriteKaitaiStruct):
        """Router for Update updates, by NetObj type.
        
        .. seealso::
           22 - Network Update, section NetObjType Enum (Update column)
        """
        def __init__(self, netobj_type, controller_type, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.netobj_type = netobj_type
            self.controller_type = controller_type

        def _read(self):
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body = SmNetworkUpdate.UpdateCharacter(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body = SmNetworkUpdate.UpdateChildShape(self.controller_type, self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body = SmNetworkUpdate.UpdateContainer(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body = SmNetworkUpdate.UpdateJoint(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body = SmNetworkUpdate.UpdateLift(self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body = SmNetworkUpdate.UpdateRigidBody(self.controller_type, self._io, self, self._root)
                self.body._read()
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body = SmNetworkUpdate.UpdateTool(self._io, self, self._root)
                self.body._read()
            else:
                pass
                self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
                self.body._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body._fetch_instances()
            else:
                pass
                self.body._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateData, self)._write__seq(io)
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.body._write__seq(self._io)
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                self.body._write__seq(self._io)
            else:
                pass
                self.body._write__seq(self._io)


        def _check(self):
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.child_shape:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                if self.body.controller_type != self.controller_type:
                    raise kaitaistruct.ConsistencyError(u"body", self.controller_type, self.body.controller_type)
            elif _on == sm_common.SmCommon.NetobjType.container:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.joint:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.lift:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                if self.body.controller_type != self.controller_type:
                    raise kaitaistruct.ConsistencyError(u"body", self.controller_type, self.body.controller_type)
            elif _on == sm_common.SmCommon.NetobjType.tool:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            else:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            self._dirty = False


    class UpdateJoint(ReadWriteKaitaiStruct):
        """Sent when a Joint is placed, painted or a PJoint update is triggered.
        
        .. seealso::
           22 - Network Update, section UpdateJoint
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateJoint, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.uuid = self._io.read_u2be()
            self.id_shape_a = self._io.read_u4be()
            self.id_shape_b = self._io.read_u4be()
            self.pos_a = sm_common.SmCommon.Vec3i32Xyz(self._io)
            self.pos_a._read()
            self.pos_b = sm_common.SmCommon.Vec3i32Xyz(self._io)
            self.pos_b._read()
            self.axis = SmNetworkUpdate.JointAxis(self._io, self, self._root)
            self.axis._read()
            self.color = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.pos_a._fetch_instances()
            self.pos_b._fetch_instances()
            self.axis._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateJoint, self)._write__seq(io)
            self._io.write_u2be(self.uuid)
            self._io.write_u4be(self.id_shape_a)
            self._io.write_u4be(self.id_shape_b)
            self.pos_a._write__seq(self._io)
            self.pos_b._write__seq(self._io)
            self.axis._write__seq(self._io)
            self._io.write_u4be(self.color)


        def _check(self):
            if self.axis._root != self._root:
                raise kaitaistruct.ConsistencyError(u"axis", self._root, self.axis._root)
            if self.axis._parent != self:
                raise kaitaistruct.ConsistencyError(u"axis", self, self.axis._parent)
            self._dirty = False


    class UpdateLift(ReadWriteKaitaiStruct):
        """Sent when a player extends or retracts their lift.
        
        .. seealso::
           22 - Network Update, section UpdateLift
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateLift, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.level = self._io.read_s4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateLift, self)._write__seq(io)
            self._io.write_s4be(self.level)


        def _check(self):
            self._dirty = False


    class UpdateRigidBody(ReadWriteKaitaiStruct):
        """UpdateRigidBody, by the controller type of the body's Create: sent when a child
        shape or joint of the body is added, removed or painted, or anything else about
        the body changes.
        
        .. seealso::
           22 - Network Update, section UpdateRigidBody
        """
        def __init__(self, controller_type, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateRigidBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.controller_type = controller_type

        def _read(self):
            _on = self.controller_type
            if _on == 1:
                pass
                self.body = SmNetworkUpdate.UpdateRigidBodyStatic(self._io, self, self._root)
                self.body._read()
            elif _on == 2:
                pass
                self.body = SmNetworkUpdate.UpdateRigidBodyDynamic(self._io, self, self._root)
                self.body._read()
            else:
                pass
                self.body = SmNetworkUpdate.Opaque(self._io, self, self._root)
                self.body._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.controller_type
            if _on == 1:
                pass
                self.body._fetch_instances()
            elif _on == 2:
                pass
                self.body._fetch_instances()
            else:
                pass
                self.body._fetch_instances()


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateRigidBody, self)._write__seq(io)
            _on = self.controller_type
            if _on == 1:
                pass
                self.body._write__seq(self._io)
            elif _on == 2:
                pass
                self.body._write__seq(self._io)
            else:
                pass
                self.body._write__seq(self._io)


        def _check(self):
            _on = self.controller_type
            if _on == 1:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            elif _on == 2:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            else:
                pass
                if self.body._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                if self.body._parent != self:
                    raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
            self._dirty = False


    class UpdateRigidBodyDynamic(ReadWriteKaitaiStruct):
        """
        .. seealso::
           22 - Network Update, section UpdateRigidBody, Controller Type 2 - Dynamic
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateRigidBodyDynamic, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.unknown = self._io.read_u1()
            if not self.unknown == 0:
                raise kaitaistruct.ValidationNotEqualError(0, self.unknown, self._io, u"/types/update_rigid_body_dynamic/seq/0")
            self.revision = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateRigidBodyDynamic, self)._write__seq(io)
            self._io.write_u1(self.unknown)
            self._io.write_u1(self.revision)


        def _check(self):
            if not self.unknown == 0:
                raise kaitaistruct.ValidationNotEqualError(0, self.unknown, None, u"/types/update_rigid_body_dynamic/seq/0")
            self._dirty = False


    class UpdateRigidBodyStatic(ReadWriteKaitaiStruct):
        """
        .. seealso::
           22 - Network Update, section UpdateRigidBody, Controller Type 1 - Static
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateRigidBodyStatic, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.unknown = self._io.read_u1()
            if not self.unknown == 0:
                raise kaitaistruct.ValidationNotEqualError(0, self.unknown, self._io, u"/types/update_rigid_body_static/seq/0")
            self.unknown_2 = self._io.read_s4be()
            if not self.unknown_2 == -1:
                raise kaitaistruct.ValidationNotEqualError(-1, self.unknown_2, self._io, u"/types/update_rigid_body_static/seq/1")
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateRigidBodyStatic, self)._write__seq(io)
            self._io.write_u1(self.unknown)
            self._io.write_s4be(self.unknown_2)


        def _check(self):
            if not self.unknown == 0:
                raise kaitaistruct.ValidationNotEqualError(0, self.unknown, None, u"/types/update_rigid_body_static/seq/0")
            if not self.unknown_2 == -1:
                raise kaitaistruct.ValidationNotEqualError(-1, self.unknown_2, None, u"/types/update_rigid_body_static/seq/1")
            self._dirty = False


    class UpdateTool(ReadWriteKaitaiStruct):
        """Sent when a tool is created or updated; assigns it to a player.
        
        .. seealso::
           22 - Network Update, section UpdateTool
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmNetworkUpdate.UpdateTool, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.player_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmNetworkUpdate.UpdateTool, self)._write__seq(io)
            self._io.write_u4be(self.player_id)


        def _check(self):
            self._dirty = False


    @property
    def child_shape_type(self):
        """The controller type of a ChildShape, named (block or part)."""
        if hasattr(self, '_m_child_shape_type'):
            return self._m_child_shape_type

        if self.netobj_type == sm_common.SmCommon.NetobjType.child_shape:
            pass
            self._m_child_shape_type = KaitaiStream.resolve_enum(SmNetworkUpdate.ChildShapeType, self.resolved_controller_type)

        return getattr(self, '_m_child_shape_type', None)

    def _invalidate_child_shape_type(self):
        del self._m_child_shape_type
    @property
    def controller_type_source(self):
        """Where `resolved_controller_type` came from."""
        if hasattr(self, '_m_controller_type_source'):
            return self._m_controller_type_source

        self._m_controller_type_source = KaitaiStream.resolve_enum(SmNetworkUpdate.ControllerTypeSource, (SmNetworkUpdate.ControllerTypeSource.create if self.update_type == SmNetworkUpdate.UpdateType.create else (SmNetworkUpdate.ControllerTypeSource.known if self.known_controller_type != 0 else (SmNetworkUpdate.ControllerTypeSource.inferred_from_size if self.inferred_controller_type != 0 else SmNetworkUpdate.ControllerTypeSource.unknown))))
        return getattr(self, '_m_controller_type_source', None)

    def _invalidate_controller_type_source(self):
        del self._m_controller_type_source
    @property
    def inferred_controller_type(self):
        """Controller type recovered from the data size of an UpdateRigidBody (5: static,
        2: dynamic) or UpdateChildShape (22: block, 17: part); 0 otherwise.
        """
        if hasattr(self, '_m_inferred_controller_type'):
            return self._m_inferred_controller_type

        self._m_inferred_controller_type = (0 if self.update_type != SmNetworkUpdate.UpdateType.update else ((1 if self.len_data == 5 else (2 if self.len_data == 2 else 0)) if self.netobj_type == sm_common.SmCommon.NetobjType.rigid_body else ((31 if self.len_data == 22 else (32 if self.len_data == 17 else 0)) if self.netobj_type == sm_common.SmCommon.NetobjType.child_shape else 0)))
        return getattr(self, '_m_inferred_controller_type', None)

    def _invalidate_inferred_controller_type(self):
        del self._m_inferred_controller_type
    @property
    def joint_type(self):
        """The controller type of a created Joint, named (bearing, spring, piston...)."""
        if hasattr(self, '_m_joint_type'):
            return self._m_joint_type

        if  ((self.netobj_type == sm_common.SmCommon.NetobjType.joint) and (self.update_type == SmNetworkUpdate.UpdateType.create)) :
            pass
            self._m_joint_type = KaitaiStream.resolve_enum(SmNetworkUpdate.JointType, self.resolved_controller_type)

        return getattr(self, '_m_joint_type', None)

    def _invalidate_joint_type(self):
        del self._m_joint_type
    @property
    def len_data(self):
        """Bytes of update data (the whole NetworkUpdate less the header)."""
        if hasattr(self, '_m_len_data'):
            return self._m_len_data

        self._m_len_data = self._io.size() - self.len_header
        return getattr(self, '_m_len_data', None)

    def _invalidate_len_data(self):
        del self._m_len_data
    @property
    def len_header(self):
        """Bytes before the data."""
        if hasattr(self, '_m_len_header'):
            return self._m_len_header

        self._m_len_header = (6 if self.update_type == SmNetworkUpdate.UpdateType.create else 5)
        return getattr(self, '_m_len_header', None)

    def _invalidate_len_header(self):
        del self._m_len_header
    @property
    def resolved_controller_type(self):
        """The object's controller type as far as known: the Create's byte, else the parameter,
        else the one recovered from the data size (Update only); 0 = not known. Update data
        is parsed with it.
        """
        if hasattr(self, '_m_resolved_controller_type'):
            return self._m_resolved_controller_type

        self._m_resolved_controller_type = (self.controller_type if self.update_type == SmNetworkUpdate.UpdateType.create else (self.known_controller_type if self.known_controller_type != 0 else self.inferred_controller_type))
        return getattr(self, '_m_resolved_controller_type', None)

    def _invalidate_resolved_controller_type(self):
        del self._m_resolved_controller_type
    @property
    def rigid_body_type(self):
        """The controller type of a RigidBody, named (static or dynamic)."""
        if hasattr(self, '_m_rigid_body_type'):
            return self._m_rigid_body_type

        if self.netobj_type == sm_common.SmCommon.NetobjType.rigid_body:
            pass
            self._m_rigid_body_type = KaitaiStream.resolve_enum(SmNetworkUpdate.RigidBodyType, self.resolved_controller_type)

        return getattr(self, '_m_rigid_body_type', None)

    def _invalidate_rigid_body_type(self):
        del self._m_rigid_body_type

