# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmUnreliableUpdate(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(SmUnreliableUpdate, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.server_tick = self._io.read_u4be()
        self.current_tick = self._io.read_u4be()
        self.num_updates = self._io.read_u1()
        self.updates = []
        for i in range(self.num_updates):
            self.updates.append(SmUnreliableUpdate.Update(self._io, self, self._root))



    def _fetch_instances(self):
        pass
        for i in range(len(self.updates)):
            pass
            self.updates[i]._fetch_instances()


    class CharacterUpdate(KaitaiStruct):
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
        def __init__(self, _io, _parent=None, _root=None):
            super(SmUnreliableUpdate.CharacterUpdate, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

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
            if self.is_tumbling:
                pass
                self.rotation = sm_common.SmCommon.QuatFromBits(self.rotation_x_bits, self.rotation_y_bits, self.rotation_z_bits, self.rotation_w_bits, self._io)

            if self.is_tumbling:
                pass
                self.velocity = sm_common.SmCommon.Vec3fFromBits(self.velocity_x_bits, self.velocity_y_bits, self.velocity_z_bits, self._io)

            if self.is_tumbling:
                pass
                self.angular_velocity = sm_common.SmCommon.Vec3fFromBits(self.angular_velocity_x_bits, self.angular_velocity_y_bits, self.angular_velocity_z_bits, self._io)



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


        @property
        def keys(self):
            """The keys bitfield as a byte (a sum of `sm_common::movement_key` values)."""
            if hasattr(self, '_m_keys'):
                return self._m_keys

            if (not (self.is_tumbling)):
                pass
                self._m_keys = ((((16 if self.keys_aiming else 0) + (8 if self.keys_sprint else 0)) + (4 if self.keys_horizontal else 0)) + (2 if self.keys_crawl else 0)) + (1 if self.keys_jump else 0)

            return getattr(self, '_m_keys', None)


    class ControllerUpdate(KaitaiStruct):
        """
        .. seealso::
           24 - Unreliable Update, section NetObjType 3 - Controller
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmUnreliableUpdate.ControllerUpdate, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.interactable_id = self._io.read_u4be()
            self.data = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class RigidBodyUpdate(KaitaiStruct):
        """
        .. seealso::
           24 - Unreliable Update, section NetObjType 0 - RigidBody
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmUnreliableUpdate.RigidBodyUpdate, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.body_id = self._io.read_u4be()
            self.rotation = sm_common.SmCommon.QuatXyzw(self._io)
            self.position = sm_common.SmCommon.Vec3fXyz(self._io)
            self.velocity = sm_common.SmCommon.Vec3fXyz(self._io)
            self.angular_velocity = sm_common.SmCommon.Vec3fXyz(self._io)
            self.is_awake = self._io.read_bits_int_be(1) != 0
            self.revision = self._io.read_bits_int_be(7)


        def _fetch_instances(self):
            pass
            self.rotation._fetch_instances()
            self.position._fetch_instances()
            self.velocity._fetch_instances()
            self.angular_velocity._fetch_instances()


    class Update(KaitaiStruct):
        """
        .. seealso::
           24 - Unreliable Update, section Update
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmUnreliableUpdate.Update, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

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
            elif _on == sm_common.SmCommon.NetobjType.controller:
                pass
                self._raw_data = self._io.read_bytes(self.len_update - 2)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = SmUnreliableUpdate.ControllerUpdate(_io__raw_data, self, self._root)
            elif _on == sm_common.SmCommon.NetobjType.rigid_body:
                pass
                self._raw_data = self._io.read_bytes(self.len_update - 2)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = SmUnreliableUpdate.RigidBodyUpdate(_io__raw_data, self, self._root)
            else:
                pass
                self.data = self._io.read_bytes(self.len_update - 2)


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



