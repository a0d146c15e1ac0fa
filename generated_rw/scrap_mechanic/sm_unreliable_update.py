# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import sm_common


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmUnreliableUpdate(ReadWriteKaitaiStruct):
    """The body of a 24 Unreliable Update after LZ4 decompression: two ticks and up to 255
    NetObj updates, each sized, routed by NetObj type (RigidBody, Controller, Character;
    other types are not unreliably updateable and stay bytes).
    
    Unaligned floats: the Character update is a bit stream. After the 32-bit id a single
    `is_tumbling` bit shifts everything that follows by one bit, so its floats do not
    start on a byte boundary. Kaitai reads floats only at byte boundaries, a custom
    `process:` routine to realign the bits would not run in the Web IDE, and the Python
    runtime aligns every byte-array read. So each float is read as its 32 raw bits
    (`b32`, big-endian, which bit streams allow at any bit offset) and the float values
    are computed from those bits by `sm_common::f4_from_bits`, with arithmetic only: the
    `position`, `rotation`, `velocity` and `angular_velocity` fields at the end of the
    character update give the real floats, in Python and in the Web IDE alike. They are
    placed after the closing padding bits because a sub-type starts on a byte boundary.
    
    .. seealso::
       24 - Unreliable Update, section Structure
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(SmUnreliableUpdate, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.server_tick = self._io.read_u4be()
        self.current_tick = self._io.read_u4be()
        self.num_updates = self._io.read_u1()
        self.updates = []
        for i in range(self.num_updates):
            _t_updates = SmUnreliableUpdate.Update(self._io, self, self._root)
            try:
                _t_updates._read()
            finally:
                self.updates.append(_t_updates)

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.updates)):
            pass
            self.updates[i]._fetch_instances()



    def _write__seq(self, io=None):
        super(SmUnreliableUpdate, self)._write__seq(io)
        self._io.write_u4be(self.server_tick)
        self._io.write_u4be(self.current_tick)
        self._io.write_u1(self.num_updates)
        for i in range(len(self.updates)):
            pass
            self.updates[i]._write__seq(self._io)



    def _check(self):
        if len(self.updates) != self.num_updates:
            raise kaitaistruct.ConsistencyError(u"updates", self.num_updates, len(self.updates))
        for i in range(len(self.updates)):
            pass
            if self.updates[i]._root != self._root:
                raise kaitaistruct.ConsistencyError(u"updates", self._root, self.updates[i]._root)
            if self.updates[i]._parent != self:
                raise kaitaistruct.ConsistencyError(u"updates", self, self.updates[i]._parent)

        self._dirty = False

    class CharacterUpdate(ReadWriteKaitaiStruct):
        """A bit stream (see the spec's doc for how floats are read). Not tumbling: keys,
        direction, yaw, pitch and position. Tumbling: rotation, position, velocity and
        angular velocity. The document's bit offsets for the tumbling layout (position at
        0x41) do not fit its 128-bit quaternion; the field sizes are right, so the offsets
        used here follow from the sizes: rotation at bit 0x21, position 0xa1, velocity
        0x101, angular velocity 0x161, ending at 0x1c1. Both layouts end one bit into a
        byte; 7 padding bits complete it.
        
        When writing, the floats are bit-stream values: set each `*_bits` field to the
        IEEE-754 bits of the float and build `position`/`rotation` (`*_from_bits`, which read
        no bytes) from the same bits, on an empty stream; `_check()` reports a mismatch.
        `is_tumbling` decides which fields are present. The encoder's hook does this from
        float values.
        
        .. seealso::
           24 - Unreliable Update, section NetObjType 6 - Character
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmUnreliableUpdate.CharacterUpdate, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.character_id = self._io.read_u4be()
            self.is_tumbling = self._io.read_bits_int_be(1) != 0
            if (not (self.is_tumbling)):
                pass
                self.keys_unknown = self._io.read_bits_int_be(3)

            if (not (self.is_tumbling)):
                pass
                self.keys_aiming = self._io.read_bits_int_be(1) != 0

            if (not (self.is_tumbling)):
                pass
                self.keys_sprint = self._io.read_bits_int_be(1) != 0

            if (not (self.is_tumbling)):
                pass
                self.keys_horizontal = self._io.read_bits_int_be(1) != 0

            if (not (self.is_tumbling)):
                pass
                self.keys_crawl = self._io.read_bits_int_be(1) != 0

            if (not (self.is_tumbling)):
                pass
                self.keys_jump = self._io.read_bits_int_be(1) != 0

            if (not (self.is_tumbling)):
                pass
                self.direction = self._io.read_bits_int_be(8)

            if (not (self.is_tumbling)):
                pass
                self.yaw = self._io.read_bits_int_be(8)

            if (not (self.is_tumbling)):
                pass
                self.pitch = self._io.read_bits_int_be(8)

            if self.is_tumbling:
                pass
                self.rotation_x_bits = self._io.read_bits_int_be(32)

            if self.is_tumbling:
                pass
                self.rotation_y_bits = self._io.read_bits_int_be(32)

            if self.is_tumbling:
                pass
                self.rotation_z_bits = self._io.read_bits_int_be(32)

            if self.is_tumbling:
                pass
                self.rotation_w_bits = self._io.read_bits_int_be(32)

            self.position_x_bits = self._io.read_bits_int_be(32)
            self.position_y_bits = self._io.read_bits_int_be(32)
            self.position_z_bits = self._io.read_bits_int_be(32)
            if self.is_tumbling:
                pass
                self.velocity_x_bits = self._io.read_bits_int_be(32)

            if self.is_tumbling:
                pass
                self.velocity_y_bits = self._io.read_bits_int_be(32)

            if self.is_tumbling:
                pass
                self.velocity_z_bits = self._io.read_bits_int_be(32)

            if self.is_tumbling:
                pass
                self.angular_velocity_x_bits = self._io.read_bits_int_be(32)

            if self.is_tumbling:
                pass
                self.angular_velocity_y_bits = self._io.read_bits_int_be(32)

            if self.is_tumbling:
                pass
                self.angular_velocity_z_bits = self._io.read_bits_int_be(32)

            self.padding = self._io.read_bits_int_be(7)
            self.position = sm_common.SmCommon.Vec3fFromBits(self.position_x_bits, self.position_y_bits, self.position_z_bits, self._io)
            self.position._read()
            if self.is_tumbling:
                pass
                self.rotation = sm_common.SmCommon.QuatFromBits(self.rotation_x_bits, self.rotation_y_bits, self.rotation_z_bits, self.rotation_w_bits, self._io)
                self.rotation._read()

            if self.is_tumbling:
                pass
                self.velocity = sm_common.SmCommon.Vec3fFromBits(self.velocity_x_bits, self.velocity_y_bits, self.velocity_z_bits, self._io)
                self.velocity._read()

            if self.is_tumbling:
                pass
                self.angular_velocity = sm_common.SmCommon.Vec3fFromBits(self.angular_velocity_x_bits, self.angular_velocity_y_bits, self.angular_velocity_z_bits, self._io)
                self.angular_velocity._read()

            self._dirty = False


        def _fetch_instances(self):
            pass
            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            self.position._fetch_instances()
            if self.is_tumbling:
                pass
                self.rotation._fetch_instances()

            if self.is_tumbling:
                pass
                self.velocity._fetch_instances()

            if self.is_tumbling:
                pass
                self.angular_velocity._fetch_instances()



        def _write__seq(self, io=None):
            super(SmUnreliableUpdate.CharacterUpdate, self)._write__seq(io)
            self._io.write_u4be(self.character_id)
            self._io.write_bits_int_be(1, int(self.is_tumbling))
            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(3, self.keys_unknown)

            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(1, int(self.keys_aiming))

            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(1, int(self.keys_sprint))

            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(1, int(self.keys_horizontal))

            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(1, int(self.keys_crawl))

            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(1, int(self.keys_jump))

            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(8, self.direction)

            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(8, self.yaw)

            if (not (self.is_tumbling)):
                pass
                self._io.write_bits_int_be(8, self.pitch)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.rotation_x_bits)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.rotation_y_bits)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.rotation_z_bits)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.rotation_w_bits)

            self._io.write_bits_int_be(32, self.position_x_bits)
            self._io.write_bits_int_be(32, self.position_y_bits)
            self._io.write_bits_int_be(32, self.position_z_bits)
            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.velocity_x_bits)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.velocity_y_bits)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.velocity_z_bits)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.angular_velocity_x_bits)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.angular_velocity_y_bits)

            if self.is_tumbling:
                pass
                self._io.write_bits_int_be(32, self.angular_velocity_z_bits)

            self._io.write_bits_int_be(7, self.padding)
            self.position._write__seq(self._io)
            if self.is_tumbling:
                pass
                self.rotation._write__seq(self._io)

            if self.is_tumbling:
                pass
                self.velocity._write__seq(self._io)

            if self.is_tumbling:
                pass
                self.angular_velocity._write__seq(self._io)



        def _check(self):
            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if (not (self.is_tumbling)):
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.is_tumbling:
                pass

            if self.position.x_bits != self.position_x_bits:
                raise kaitaistruct.ConsistencyError(u"position", self.position_x_bits, self.position.x_bits)
            if self.position.y_bits != self.position_y_bits:
                raise kaitaistruct.ConsistencyError(u"position", self.position_y_bits, self.position.y_bits)
            if self.position.z_bits != self.position_z_bits:
                raise kaitaistruct.ConsistencyError(u"position", self.position_z_bits, self.position.z_bits)
            if self.is_tumbling:
                pass
                if self.rotation.x_bits != self.rotation_x_bits:
                    raise kaitaistruct.ConsistencyError(u"rotation", self.rotation_x_bits, self.rotation.x_bits)
                if self.rotation.y_bits != self.rotation_y_bits:
                    raise kaitaistruct.ConsistencyError(u"rotation", self.rotation_y_bits, self.rotation.y_bits)
                if self.rotation.z_bits != self.rotation_z_bits:
                    raise kaitaistruct.ConsistencyError(u"rotation", self.rotation_z_bits, self.rotation.z_bits)
                if self.rotation.w_bits != self.rotation_w_bits:
                    raise kaitaistruct.ConsistencyError(u"rotation", self.rotation_w_bits, self.rotation.w_bits)

            if self.is_tumbling:
                pass
                if self.velocity.x_bits != self.velocity_x_bits:
                    raise kaitaistruct.ConsistencyError(u"velocity", self.velocity_x_bits, self.velocity.x_bits)
                if self.velocity.y_bits != self.velocity_y_bits:
                    raise kaitaistruct.ConsistencyError(u"velocity", self.velocity_y_bits, self.velocity.y_bits)
                if self.velocity.z_bits != self.velocity_z_bits:
                    raise kaitaistruct.ConsistencyError(u"velocity", self.velocity_z_bits, self.velocity.z_bits)

            if self.is_tumbling:
                pass
                if self.angular_velocity.x_bits != self.angular_velocity_x_bits:
                    raise kaitaistruct.ConsistencyError(u"angular_velocity", self.angular_velocity_x_bits, self.angular_velocity.x_bits)
                if self.angular_velocity.y_bits != self.angular_velocity_y_bits:
                    raise kaitaistruct.ConsistencyError(u"angular_velocity", self.angular_velocity_y_bits, self.angular_velocity.y_bits)
                if self.angular_velocity.z_bits != self.angular_velocity_z_bits:
                    raise kaitaistruct.ConsistencyError(u"angular_velocity", self.angular_velocity_z_bits, self.angular_velocity.z_bits)

            self._dirty = False

        @property
        def keys(self):
            """The keys bitfield as a byte (a sum of `sm_common::movement_key` values)."""
            if hasattr(self, '_m_keys'):
                return self._m_keys

            if (not (self.is_tumbling)):
                pass
                self._m_keys = ((((16 if self.keys_aiming else 0) + (8 if self.keys_sprint else 0)) + (4 if self.keys_horizontal else 0)) + (2 if self.keys_crawl else 0)) + (1 if self.keys_jump else 0)

            return getattr(self, '_m_keys', None)

        def _invalidate_keys(self):
            del self._m_keys

    class ControllerUpdate(ReadWriteKaitaiStruct):
        """
        .. seealso::
           24 - Unreliable Update, section NetObjType 3 - Controller
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmUnreliableUpdate.ControllerUpdate, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.interactable_id = self._io.read_u4be()
            self.data = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(SmUnreliableUpdate.ControllerUpdate, self)._write__seq(io)
            self._io.write_u4be(self.interactable_id)
            self._io.write_bytes(self.data)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"data", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class RigidBodyUpdate(ReadWriteKaitaiStruct):
        """
        .. seealso::
           24 - Unreliable Update, section NetObjType 0 - RigidBody
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmUnreliableUpdate.RigidBodyUpdate, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.body_id = self._io.read_u4be()
            self.rotation = sm_common.SmCommon.QuatXyzw(self._io)
            self.rotation._read()
            self.position = sm_common.SmCommon.Vec3fXyz(self._io)
            self.position._read()
            self.velocity = sm_common.SmCommon.Vec3fXyz(self._io)
            self.velocity._read()
            self.angular_velocity = sm_common.SmCommon.Vec3fXyz(self._io)
            self.angular_velocity._read()
            self.is_awake = self._io.read_bits_int_be(1) != 0
            self.revision = self._io.read_bits_int_be(7)
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.rotation._fetch_instances()
            self.position._fetch_instances()
            self.velocity._fetch_instances()
            self.angular_velocity._fetch_instances()


        def _write__seq(self, io=None):
            super(SmUnreliableUpdate.RigidBodyUpdate, self)._write__seq(io)
            self._io.write_u4be(self.body_id)
            self.rotation._write__seq(self._io)
            self.position._write__seq(self._io)
            self.velocity._write__seq(self._io)
            self.angular_velocity._write__seq(self._io)
            self._io.write_bits_int_be(1, int(self.is_awake))
            self._io.write_bits_int_be(7, self.revision)


        def _check(self):
            self._dirty = False


    class Update(ReadWriteKaitaiStruct):
        """
        .. seealso::
           24 - Unreliable Update, section Update
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(SmUnreliableUpdate.Update, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_update = self._io.read_u1()
            if not self.len_update >= 2:
                raise kaitaistruct.ValidationLessThanError(2, self.len_update, self._io, u"/types/update/seq/0")
            self.netobj_type = KaitaiStream.resolve_enum(sm_common.SmCommon.NetobjType, self._io.read_u1())
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self._raw_data = self._io.read_bytes(self.len_update - 2)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = SmUnreliableUpdate.CharacterUpdate(_io__raw_data, self, self._root)
                self.data._read()
            elif _on == sm_common.SmCommon.NetobjType.controller:
                pass
                self._raw_data = self._io.read_bytes(self.len_update - 2)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = SmUnreliableUpdate.ControllerUpdate(_io__raw_data, self, self._root)
                self.data._read()
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self._raw_data = self._io.read_bytes(self.len_update - 2)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = SmUnreliableUpdate.RigidBodyUpdate(_io__raw_data, self, self._root)
                self.data._read()
            else:
                pass
                self.data = self._io.read_bytes(self.len_update - 2)
            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                self.data._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.controller:
                pass
                self.data._fetch_instances()
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self.data._fetch_instances()
            else:
                pass


        def _write__seq(self, io=None):
            super(SmUnreliableUpdate.Update, self)._write__seq(io)
            self._io.write_u1(self.len_update)
            self._io.write_u1(int(self.netobj_type))
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self.len_update - 2)))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.len_update - 2))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    if len(self._raw_data) != self.len_update - 2:
                        raise kaitaistruct.ConsistencyError(u"raw(data)", self.len_update - 2, len(self._raw_data))
                    parent.write_bytes(self._raw_data)
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == sm_common.SmCommon.NetobjType.controller:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self.len_update - 2)))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.len_update - 2))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    if len(self._raw_data) != self.len_update - 2:
                        raise kaitaistruct.ConsistencyError(u"raw(data)", self.len_update - 2, len(self._raw_data))
                    parent.write_bytes(self._raw_data)
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self.len_update - 2)))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.len_update - 2))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    if len(self._raw_data) != self.len_update - 2:
                        raise kaitaistruct.ConsistencyError(u"raw(data)", self.len_update - 2, len(self._raw_data))
                    parent.write_bytes(self._raw_data)
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            else:
                pass
                self._io.write_bytes(self.data)


        def _check(self):
            if not self.len_update >= 2:
                raise kaitaistruct.ValidationLessThanError(2, self.len_update, None, u"/types/update/seq/0")
            _on = self.netobj_type
            if _on == sm_common.SmCommon.NetobjType.character:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == sm_common.SmCommon.NetobjType.controller:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                if self.data._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
                if self.data._parent != self:
                    raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            else:
                pass
                if len(self.data) != self.len_update - 2:
                    raise kaitaistruct.ConsistencyError(u"data", self.len_update - 2, len(self.data))
            self._dirty = False



