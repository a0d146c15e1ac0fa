# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmCommon(KaitaiStruct):
    """Types and tables shared by the Scrap Mechanic packet specs: vectors, quaternions,
    transforms and UUIDs, 64-bit integers read in exact parts, the NetObj type table, the
    packet id table and the movement keys bitfield.
    
    Byte order: `Format` says all data is little-endian, but every field table of the
    packets says `be`, and the tables win. Bit fields are read most significant bit first,
    the way the game's BitStream writes them (`BitStream`, example 2).
    
    Floats inside a bit stream (24 Unreliable Update, Character) do not start on a byte
    boundary, and Kaitai can only read byte-aligned floats. Those specs read each float's
    32 bits as an unaligned big-endian integer (`b32`) and hand the bits to
    `f4_from_bits`, which computes the IEEE 754 single-precision value with arithmetic in
    the expression language; `vec3f_from_bits` and `quat_from_bits` group them. No custom
    `process:` routine is involved, so the Web IDE shows the same real float values as the
    Python classes.
    
    .. seealso::
       22 - Network Update, section Other structures
    
    
    .. seealso::
       34 - Place, section Vec3i
    
    
    .. seealso::
       Format
    
    
    .. seealso::
       BitStream
    """

    class MovementKey(IntEnum):
        jump = 1
        crawl = 2
        horizontal = 4
        sprint = 8
        aim = 16

    class NetobjType(IntEnum):
        rigid_body = 0
        child_shape = 1
        joint = 2
        controller = 3
        container = 4
        harvestable = 5
        character = 6
        lift = 7
        tool = 8
        portal = 9
        path_node = 10
        unit = 11
        voxel_terrain_cell = 12
        scriptable_object = 13
        shape_group = 14

    class PacketId(IntEnum):
        hello = 1
        server_info = 2
        request_passphrase = 3
        respond_passphrase = 4
        client_accepted = 5
        file_checksums = 6
        checksums_accepted = 7
        checksums_denied = 8
        character_info = 9
        join_confirmation = 10
        script_initialization_data = 11
        generic_initialization_data = 13
        display_message = 18
        display_alert_text = 19
        initialization_network_update = 21
        network_update = 22
        unreliable_update = 24
        script_data_s2c = 25
        script_data_c2s = 26
        generic_data_s2c = 27
        generic_data_c2s = 28
        compound_packet = 29
        player_movement = 30
        hotbar_item_changed = 31
        container_transaction = 32
        drop_item_stack = 33
        place = 34
        remove = 35
        remove_joint = 39
        harvestable_destroy = 40
        lift_delete_creation = 43
        connect = 44
        lift_import_creation = 45
        interact = 50
        legacy = 51
        lift_level = 52
    def __init__(self, _io, _parent=None, _root=None):
        super(SmCommon, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class F4FromBits(KaitaiStruct):
        """A big-endian IEEE 754 single-precision float read as 32 raw bits, for floats that
        do not start on a byte boundary. Reads nothing itself: the bits come as a parameter
        and `value` is the float. The power of two is built from the exponent's bits, so the
        result is exact (zero, subnormal, normal, infinity and NaN).
        
        When writing, nothing is written for this type: it is a value computed from its
        parameter, which the parent's `b32` field holds; build it with the same bits.
        
        .. seealso::
           BitStream
        """
        def __init__(self, bits, _io, _parent=None, _root=None):
            super(SmCommon.F4FromBits, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.bits = bits
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass

        @property
        def exponent(self):
            """The biased 8-bit exponent."""
            if hasattr(self, '_m_exponent'):
                return self._m_exponent

            self._m_exponent = (self.bits // 8388608) % 256
            return getattr(self, '_m_exponent', None)

        @property
        def is_negative(self):
            """The sign bit (bit 31) is set."""
            if hasattr(self, '_m_is_negative'):
                return self._m_is_negative

            self._m_is_negative = self.bits >= 2147483648
            return getattr(self, '_m_is_negative', None)

        @property
        def magnitude(self):
            """Subnormal: mantissa * 2^-149. Normal: (1 + mantissa / 2^23) * 2^(exponent - 127).
            Exponent 255: infinity (mantissa 0) or NaN.
            """
            if hasattr(self, '_m_magnitude'):
                return self._m_magnitude

            self._m_magnitude = (self.mantissa * 1.401298464324817E-45 if self.exponent == 0 else ((1.0E+308 * 10.0 if self.mantissa == 0 else 1.0E+308 * 10.0 - 1.0E+308 * 10.0) if self.exponent == 255 else ((1.0 + self.mantissa / 8388608.0) * self.pow2_exponent) * 5.877471754111438E-39))
            return getattr(self, '_m_magnitude', None)

        @property
        def mantissa(self):
            """The 23-bit fraction."""
            if hasattr(self, '_m_mantissa'):
                return self._m_mantissa

            self._m_mantissa = self.bits % 8388608
            return getattr(self, '_m_mantissa', None)

        @property
        def pow2_exponent(self):
            """2 to the power of the biased exponent (2^0 .. 2^255; exact in a double)."""
            if hasattr(self, '_m_pow2_exponent'):
                return self._m_pow2_exponent

            self._m_pow2_exponent = (((((((2.0 if self.exponent % 2 == 1 else 1.0) * (4.0 if (self.exponent // 2) % 2 == 1 else 1.0)) * (16.0 if (self.exponent // 4) % 2 == 1 else 1.0)) * (256.0 if (self.exponent // 8) % 2 == 1 else 1.0)) * (65536.0 if (self.exponent // 16) % 2 == 1 else 1.0)) * (4294967296.0 if (self.exponent // 32) % 2 == 1 else 1.0)) * (1.8446744073709552E+19 if (self.exponent // 64) % 2 == 1 else 1.0)) * (3.402823669209385E+38 if (self.exponent // 128) % 2 == 1 else 1.0)
            return getattr(self, '_m_pow2_exponent', None)

        @property
        def value(self):
            """The float."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (-(self.magnitude) if self.is_negative else self.magnitude)
            return getattr(self, '_m_value', None)


    class QuatFromBits(KaitaiStruct):
        """A Quat (X, Y, Z, W) whose four floats were read as raw bits in a bit stream.
        
        .. seealso::
           24 - Unreliable Update, section Quat
        """
        def __init__(self, x_bits, y_bits, z_bits, w_bits, _io, _parent=None, _root=None):
            super(SmCommon.QuatFromBits, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.x_bits = x_bits
            self.y_bits = y_bits
            self.z_bits = z_bits
            self.w_bits = w_bits
            self._read()

        def _read(self):
            self.x = SmCommon.F4FromBits(self.x_bits, self._io, self, self._root)
            self.y = SmCommon.F4FromBits(self.y_bits, self._io, self, self._root)
            self.z = SmCommon.F4FromBits(self.z_bits, self._io, self, self._root)
            self.w = SmCommon.F4FromBits(self.w_bits, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.x._fetch_instances()
            self.y._fetch_instances()
            self.z._fetch_instances()
            self.w._fetch_instances()


    class QuatWzyx(KaitaiStruct):
        """A rotation quaternion, real part W first, then Z, Y, X.
        
        .. seealso::
           22 - Network Update, section QuatWZYX
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.QuatWzyx, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.w = self._io.read_f4be()
            self.z = self._io.read_f4be()
            self.y = self._io.read_f4be()
            self.x = self._io.read_f4be()


        def _fetch_instances(self):
            pass


    class QuatXyzw(KaitaiStruct):
        """A rotation quaternion, imaginary parts first, real part W last (`QuatXYZW`, and `Quat` of 24).
        
        .. seealso::
           22 - Network Update, section QuatXYZW
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.QuatXyzw, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.x = self._io.read_f4be()
            self.y = self._io.read_f4be()
            self.z = self._io.read_f4be()
            self.w = self._io.read_f4be()


        def _fetch_instances(self):
            pass


    class Transform(KaitaiStruct):
        """The transform of a physical object in a world.
        
        .. seealso::
           22 - Network Update, section Transform
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.Transform, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.rotation = SmCommon.QuatXyzw(self._io, self, self._root)
            self.position = SmCommon.Vec3fXyz(self._io, self, self._root)
            self.velocity = SmCommon.Vec3fXyz(self._io, self, self._root)
            self.angular_velocity = SmCommon.Vec3fXyz(self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.rotation._fetch_instances()
            self.position._fetch_instances()
            self.velocity._fetch_instances()
            self.angular_velocity._fetch_instances()


    class U64Parts(KaitaiStruct):
        """A be u64 read as its two 32-bit halves, most significant first, so that the Web IDE
        (JavaScript numbers hold 53 bits) shows both exactly; `value` is the whole number,
        exact in Python, possibly rounded in JavaScript. Used for the 64-bit fields that are
        not SteamIDs (workshop file ids, chat timestamps).
        
        When writing, set `high` and `low`; `value` is computed from them.
        
        .. seealso::
           02 - Server Info, section ModData
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.U64Parts, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.high = self._io.read_u4be()
            self.low = self._io.read_u4be()


        def _fetch_instances(self):
            pass

        @property
        def value(self):
            """The 64-bit number."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = self.high * 4294967296 + self.low
            return getattr(self, '_m_value', None)


    class Uuid(KaitaiStruct):
        """A 128-bit UUID, kept as its 16 bytes in wire order. Fields documented `le u128`
        (items, characters, tools, shapes) store the canonical UUID text's bytes reversed;
        fields documented `be u128` or `be UUID` (container filters, character customization
        options, BlobData uids; 02's `byte[16]` UUIDs are taken as these) store them in text
        order. Each field's doc says which. The nil UUID is 16 zero bytes.
        
        .. seealso::
           22 - Network Update, section ContainerItem
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.Uuid, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.octets = self._io.read_bytes(16)


        def _fetch_instances(self):
            pass


    class Vec3fFromBits(KaitaiStruct):
        """A Vec3f whose three floats were read as raw bits in a bit stream (X, Y, Z).
        
        .. seealso::
           24 - Unreliable Update, section Vec3f
        """
        def __init__(self, x_bits, y_bits, z_bits, _io, _parent=None, _root=None):
            super(SmCommon.Vec3fFromBits, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.x_bits = x_bits
            self.y_bits = y_bits
            self.z_bits = z_bits
            self._read()

        def _read(self):
            self.x = SmCommon.F4FromBits(self.x_bits, self._io, self, self._root)
            self.y = SmCommon.F4FromBits(self.y_bits, self._io, self, self._root)
            self.z = SmCommon.F4FromBits(self.z_bits, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.x._fetch_instances()
            self.y._fetch_instances()
            self.z._fetch_instances()


    class Vec3fXyz(KaitaiStruct):
        """Three 32-bit floats in X, Y, Z order (`Vec3fXYZ`, and `Vec3f` of 24).
        
        .. seealso::
           22 - Network Update, section Vec3fXYZ
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.Vec3fXyz, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.x = self._io.read_f4be()
            self.y = self._io.read_f4be()
            self.z = self._io.read_f4be()


        def _fetch_instances(self):
            pass


    class Vec3fZyx(KaitaiStruct):
        """Three 32-bit floats in Z, Y, X order.
        
        .. seealso::
           22 - Network Update, section Vec3fZYX
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.Vec3fZyx, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.z = self._io.read_f4be()
            self.y = self._io.read_f4be()
            self.x = self._io.read_f4be()


        def _fetch_instances(self):
            pass


    class Vec3i16Xyz(KaitaiStruct):
        """Three signed 16-bit integers in X, Y, Z order.
        
        .. seealso::
           22 - Network Update, section Vec3i16XYZ
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.Vec3i16Xyz, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.x = self._io.read_s2be()
            self.y = self._io.read_s2be()
            self.z = self._io.read_s2be()


        def _fetch_instances(self):
            pass


    class Vec3i32Xyz(KaitaiStruct):
        """Three signed 32-bit integers in X, Y, Z order.
        
        .. seealso::
           22 - Network Update, section Vec3i32XYZ
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.Vec3i32Xyz, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.x = self._io.read_s4be()
            self.y = self._io.read_s4be()
            self.z = self._io.read_s4be()


        def _fetch_instances(self):
            pass


    class Vec3i32Zyx(KaitaiStruct):
        """Three signed 32-bit integers in Z, Y, X order (`Vec3i` of 34 Place and 35 Remove,
        whose note calls the order counterintuitive).
        
        .. seealso::
           34 - Place, section Vec3i
        
        
        .. seealso::
           35 - Remove, section Vec3i
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmCommon.Vec3i32Zyx, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.z = self._io.read_s4be()
            self.y = self._io.read_s4be()
            self.x = self._io.read_s4be()


        def _fetch_instances(self):
            pass



