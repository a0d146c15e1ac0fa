# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmPlace(ReadWriteKaitaiStruct):
    """The body of a 34 Place packet after LZ4 decompression (Client -> Server, 109 bytes):
    sent when the player places a shape.
    
    `Local Position` and `Local Position Start` depend on the surface the shape is placed
    on (`placed_on`): local to the world (relative to its origin) for terrain surfaces,
    terrain assets and lifts, local to the body (as `shape:getLocalPosition()` returns) for
    bodies and joints. Vec3i values are sent Z, Y, X (`sm_common::vec3i32_zyx`).
    
    Validation, as the page describes it: the server does a collision check where the shape
    will appear and ignores the packet if the space is taken; it does not check that the
    shape is connected to anything. Any Size is accepted (negative bounds too; in limited
    inventory mode a negative volume rewards blocks). Any Z Axis and X Axis are accepted,
    impossible ones included (undefined behaviour). The Shape Uuid must belong to a loaded
    shape, or the server answers 19 Display Alert Text "Your host does not support that
    shape". In limited inventory mode the hotbar slot must hold the Item Uuid and the Item
    Uuid must be the Shape Uuid or its `baseUuid`; in unlimited mode the Hotbar Index and
    Item Uuid are ignored. Unknown Placed On values are rejected (`Failed to create shape
    {<uuid>}`); their 8 bytes stay bytes here.
    
    .. seealso::
       34 - Place, section Structure
    """

    class PlacedOn(IntEnum):
        terrain_surface = 2
        terrain_asset = 3
        body = 4
        lift = 6
        joint = 8
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmPlace, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.hotbar_index = self._io.read_u4be()
        self.total_item_quantity = self._io.read_u4be()
        self.size = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.size._read()
        self.local_position_start = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.local_position_start._read()
        self.z_axis = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.z_axis._read()
        self.x_axis = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.x_axis._read()
        self.local_position = sm_common.SmCommon.Vec3i32Zyx(self._io)
        self.local_position._read()
        self.item_uuid = sm_common.SmCommon.Uuid(self._io)
        self.item_uuid._read()
        self.shape_uuid = sm_common.SmCommon.Uuid(self._io)
        self.shape_uuid._read()
        self.placed_on = KaitaiStream.resolve_enum(SmPlace.PlacedOn, self._io.read_u1())
        _on = self.placed_on
        if _on == SmPlace.PlacedOn.body:
            pass
            self._raw_placed_on_data = self._io.read_bytes(8)
            _io__raw_placed_on_data = KaitaiStream(BytesIO(self._raw_placed_on_data))
            self.placed_on_data = SmPlace.PlacedOnBody(_io__raw_placed_on_data, self, self._root)
            self.placed_on_data._read()
        elif _on == SmPlace.PlacedOn.joint:
            pass
            self._raw_placed_on_data = self._io.read_bytes(8)
            _io__raw_placed_on_data = KaitaiStream(BytesIO(self._raw_placed_on_data))
            self.placed_on_data = SmPlace.PlacedOnJoint(_io__raw_placed_on_data, self, self._root)
            self.placed_on_data._read()
        elif _on == SmPlace.PlacedOn.lift:
            pass
            self._raw_placed_on_data = self._io.read_bytes(8)
            _io__raw_placed_on_data = KaitaiStream(BytesIO(self._raw_placed_on_data))
            self.placed_on_data = SmPlace.PlacedOnLift(_io__raw_placed_on_data, self, self._root)
            self.placed_on_data._read()
        elif _on == SmPlace.PlacedOn.terrain_asset:
            pass
            self._raw_placed_on_data = self._io.read_bytes(8)
            _io__raw_placed_on_data = KaitaiStream(BytesIO(self._raw_placed_on_data))
            self.placed_on_data = SmPlace.PlacedOnTerrain(_io__raw_placed_on_data, self, self._root)
            self.placed_on_data._read()
        elif _on == SmPlace.PlacedOn.terrain_surface:
            pass
            self._raw_placed_on_data = self._io.read_bytes(8)
            _io__raw_placed_on_data = KaitaiStream(BytesIO(self._raw_placed_on_data))
            self.placed_on_data = SmPlace.PlacedOnTerrain(_io__raw_placed_on_data, self, self._root)
            self.placed_on_data._read()
        else:
            pass
            self.placed_on_data = self._io.read_bytes(8)
        self._dirty = False


    def _fetch_instances(self):
        pass
        self.size._fetch_instances()
        self.local_position_start._fetch_instances()
        self.z_axis._fetch_instances()
        self.x_axis._fetch_instances()
        self.local_position._fetch_instances()
        self.item_uuid._fetch_instances()
        self.shape_uuid._fetch_instances()
        _on = self.placed_on
        if _on == SmPlace.PlacedOn.body:
            pass
            self.placed_on_data._fetch_instances()
        elif _on == SmPlace.PlacedOn.joint:
            pass
            self.placed_on_data._fetch_instances()
        elif _on == SmPlace.PlacedOn.lift:
            pass
            self.placed_on_data._fetch_instances()
        elif _on == SmPlace.PlacedOn.terrain_asset:
            pass
            self.placed_on_data._fetch_instances()
        elif _on == SmPlace.PlacedOn.terrain_surface:
            pass
            self.placed_on_data._fetch_instances()
        else:
            pass


    def _write__seq(self, io=None):
        super(SmPlace, self)._write__seq(io)
        self._io.write_u4be(self.hotbar_index)
        self._io.write_u4be(self.total_item_quantity)
        self.size._write__seq(self._io)
        self.local_position_start._write__seq(self._io)
        self.z_axis._write__seq(self._io)
        self.x_axis._write__seq(self._io)
        self.local_position._write__seq(self._io)
        self.item_uuid._write__seq(self._io)
        self.shape_uuid._write__seq(self._io)
        self._io.write_u1(int(self.placed_on))
        _on = self.placed_on
        if _on == SmPlace.PlacedOn.body:
            pass
            _io__raw_placed_on_data = KaitaiStream(BytesIO(bytearray(8)))
            self._io.add_child_stream(_io__raw_placed_on_data)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (8))
            def handler(parent, _io__raw_placed_on_data=_io__raw_placed_on_data):
                self._raw_placed_on_data = _io__raw_placed_on_data.to_byte_array()
                if len(self._raw_placed_on_data) != 8:
                    raise kaitaistruct.ConsistencyError(u"raw(placed_on_data)", 8, len(self._raw_placed_on_data))
                parent.write_bytes(self._raw_placed_on_data)
            _io__raw_placed_on_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.placed_on_data._write__seq(_io__raw_placed_on_data)
        elif _on == SmPlace.PlacedOn.joint:
            pass
            _io__raw_placed_on_data = KaitaiStream(BytesIO(bytearray(8)))
            self._io.add_child_stream(_io__raw_placed_on_data)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (8))
            def handler(parent, _io__raw_placed_on_data=_io__raw_placed_on_data):
                self._raw_placed_on_data = _io__raw_placed_on_data.to_byte_array()
                if len(self._raw_placed_on_data) != 8:
                    raise kaitaistruct.ConsistencyError(u"raw(placed_on_data)", 8, len(self._raw_placed_on_data))
                parent.write_bytes(self._raw_placed_on_data)
            _io__raw_placed_on_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.placed_on_data._write__seq(_io__raw_placed_on_data)
        elif _on == SmPlace.PlacedOn.lift:
            pass
            _io__raw_placed_on_data = KaitaiStream(BytesIO(bytearray(8)))
            self._io.add_child_stream(_io__raw_placed_on_data)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (8))
            def handler(parent, _io__raw_placed_on_data=_io__raw_placed_on_data):
                self._raw_placed_on_data = _io__raw_placed_on_data.to_byte_array()
                if len(self._raw_placed_on_data) != 8:
                    raise kaitaistruct.ConsistencyError(u"raw(placed_on_data)", 8, len(self._raw_placed_on_data))
                parent.write_bytes(self._raw_placed_on_data)
            _io__raw_placed_on_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.placed_on_data._write__seq(_io__raw_placed_on_data)
        elif _on == SmPlace.PlacedOn.terrain_asset:
            pass
            _io__raw_placed_on_data = KaitaiStream(BytesIO(bytearray(8)))
            self._io.add_child_stream(_io__raw_placed_on_data)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (8))
            def handler(parent, _io__raw_placed_on_data=_io__raw_placed_on_data):
                self._raw_placed_on_data = _io__raw_placed_on_data.to_byte_array()
                if len(self._raw_placed_on_data) != 8:
                    raise kaitaistruct.ConsistencyError(u"raw(placed_on_data)", 8, len(self._raw_placed_on_data))
                parent.write_bytes(self._raw_placed_on_data)
            _io__raw_placed_on_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.placed_on_data._write__seq(_io__raw_placed_on_data)
        elif _on == SmPlace.PlacedOn.terrain_surface:
            pass
            _io__raw_placed_on_data = KaitaiStream(BytesIO(bytearray(8)))
            self._io.add_child_stream(_io__raw_placed_on_data)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (8))
            def handler(parent, _io__raw_placed_on_data=_io__raw_placed_on_data):
                self._raw_placed_on_data = _io__raw_placed_on_data.to_byte_array()
                if len(self._raw_placed_on_data) != 8:
                    raise kaitaistruct.ConsistencyError(u"raw(placed_on_data)", 8, len(self._raw_placed_on_data))
                parent.write_bytes(self._raw_placed_on_data)
            _io__raw_placed_on_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.placed_on_data._write__seq(_io__raw_placed_on_data)
        else:
            pass
            self._io.write_bytes(self.placed_on_data)


    def _check(self):
        _on = self.placed_on
        if _on == SmPlace.PlacedOn.body:
            pass
            if self.placed_on_data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self._root, self.placed_on_data._root)
            if self.placed_on_data._parent != self:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self, self.placed_on_data._parent)
        elif _on == SmPlace.PlacedOn.joint:
            pass
            if self.placed_on_data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self._root, self.placed_on_data._root)
            if self.placed_on_data._parent != self:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self, self.placed_on_data._parent)
        elif _on == SmPlace.PlacedOn.lift:
            pass
            if self.placed_on_data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self._root, self.placed_on_data._root)
            if self.placed_on_data._parent != self:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self, self.placed_on_data._parent)
        elif _on == SmPlace.PlacedOn.terrain_asset:
            pass
            if self.placed_on_data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self._root, self.placed_on_data._root)
            if self.placed_on_data._parent != self:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self, self.placed_on_data._parent)
        elif _on == SmPlace.PlacedOn.terrain_surface:
            pass
            if self.placed_on_data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self._root, self.placed_on_data._root)
            if self.placed_on_data._parent != self:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", self, self.placed_on_data._parent)
        else:
            pass
            if len(self.placed_on_data) != 8:
                raise kaitaistruct.ConsistencyError(u"placed_on_data", 8, len(self.placed_on_data))
        self._dirty = False

    class PlacedOnBody(ReadWriteKaitaiStruct):
        """Placed on a body; positions are local to the body.
        
        .. seealso::
           34 - Place, section PlacedOn 4 - Body
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmPlace.PlacedOnBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.shape_id = self._io.read_u4be()
            self.body_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmPlace.PlacedOnBody, self)._write__seq(io)
            self._io.write_u4be(self.shape_id)
            self._io.write_u4be(self.body_id)


        def _check(self):
            self._dirty = False


    class PlacedOnJoint(ReadWriteKaitaiStruct):
        """Placed on a joint; positions are local to the body.
        
        .. seealso::
           34 - Place, section PlacedOn 8 - Joint
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmPlace.PlacedOnJoint, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.unknown = self._io.read_bytes(4)
            self.joint_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmPlace.PlacedOnJoint, self)._write__seq(io)
            self._io.write_bytes(self.unknown)
            self._io.write_u4be(self.joint_id)


        def _check(self):
            if len(self.unknown) != 4:
                raise kaitaistruct.ConsistencyError(u"unknown", 4, len(self.unknown))
            self._dirty = False


    class PlacedOnLift(ReadWriteKaitaiStruct):
        """Placed on a lift; positions are local to the world.
        
        .. seealso::
           34 - Place, section PlacedOn 6 - Lift
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmPlace.PlacedOnLift, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.unknown = self._io.read_bytes(4)
            self.lift_id = self._io.read_u4be()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmPlace.PlacedOnLift, self)._write__seq(io)
            self._io.write_bytes(self.unknown)
            self._io.write_u4be(self.lift_id)


        def _check(self):
            if len(self.unknown) != 4:
                raise kaitaistruct.ConsistencyError(u"unknown", 4, len(self.unknown))
            self._dirty = False


    class PlacedOnTerrain(ReadWriteKaitaiStruct):
        """Placed on a terrain surface; a terrain asset appears to be the same. The server
        accepts any values here.
        
        .. seealso::
           34 - Place, section PlacedOn 2 - Terrain Surface
        
        
        .. seealso::
           34 - Place, section PlacedOn 3 - Terrain Asset
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmPlace.PlacedOnTerrain, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.unknown = self._io.read_bytes(4)
            self.unknown_2 = self._io.read_bytes(4)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmPlace.PlacedOnTerrain, self)._write__seq(io)
            self._io.write_bytes(self.unknown)
            self._io.write_bytes(self.unknown_2)


        def _check(self):
            if len(self.unknown) != 4:
                raise kaitaistruct.ConsistencyError(u"unknown", 4, len(self.unknown))
            if len(self.unknown_2) != 4:
                raise kaitaistruct.ConsistencyError(u"unknown_2", 4, len(self.unknown_2))
            self._dirty = False



