# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# mypy: ignore-errors

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import sm_common
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class SmLuaObject(KaitaiStruct):
    """The game's serialization of a Lua value, used in packets (the Terrain Data payload of
    11, BlobData keys), blueprints and save files: the magic `LUA`, a version, then one
    LuaSaveData, which for a table holds further LuaSaveData, nested to any depth.
    
    A bit stream (BitStream, example 2): a Boolean, a table's `Is Array` flag and the
    unknown flag of a WeakScriptRef are single bits, and everything after them is shifted.
    Every other field is a whole number of bytes, so the bit position within the current
    byte (`bit_offset`, 0 to 7) changes only at those flags and at a string's data, which
    starts on a byte boundary (the padding before it is read as bits here). Each value
    takes the bit offset it starts at as a parameter and tells the next one where it ends
    (`end_bit_offset`); the object ends with the bits that complete its last byte.
    
    How this spec keeps the bits in place: multi-byte numbers are read as big-endian bit
    fields (`b32`, `b16`, `b8`), which the Kaitai runtimes read at any bit position; floats
    are read as their 32 bits and computed by `sm_common::f4_from_bits` (instances that read
    nothing); a type that holds values after bit fields starts them in a sub-type of its own
    (`header`), because the compiler aligns the stream to a byte before a field that
    follows a bit field in the same sequence.
    
    Undocumented values: the page does not describe `Json` yet, the userdata types it marks
    as not serializable or unknown, nor type ids outside its tables. Such a value keeps the
    rest of the object as bytes (`lua_undocumented`): nothing after it can be found. A
    table then stops at that element (`is_cut`), and so do the tables around it.
    
    Bounds: tables nest without limit and their counts are be u32, so the runtime must
    bound nesting and element counts before parsing (each element takes at least one byte,
    so a count cannot outgrow the data, but nesting depth is only bounded by the size: a
    deep object would exhaust the parser's recursion). String sizes are be u32 and are
    checked against the data that is there.
    
    .. seealso::
       Lua Object
    
    
    .. seealso::
       BitStream
    """

    class LuaSaveDataType(IntEnum):
        nil_value = 1
        boolean = 2
        number = 3
        string = 4
        table = 5
        int32 = 6
        int16 = 7
        int8 = 8
        json = 9
        userdata = 100
        weak_script_ref = 101

    class UserdataTypeId(IntEnum):
        uuid = 10001
        vec3 = 10003
        quat = 10004
        color = 10005
        raycast_result = 10006
        load_cell_handle = 10007
        effect = 10008
        shape = 10021
        body = 10022
        interactable = 10023
        container = 10024
        harvestable = 10025
        network = 10026
        world = 10027
        unit = 10028
        storage = 10029
        player = 10030
        character = 10031
        joint = 10032
        ai_state = 10033
        area_trigger = 10035
        portal = 10036
        path_node = 10037
        lift = 10038
        scriptable_object = 10039
        builder_guide = 10040
        cull_sphere_group = 10041
        voxel_terrain = 10042
        widget = 20001
        tool = 20002
        gui_interface = 20006
        blueprint_visualization = 20007
    def __init__(self, _io, _parent=None, _root=None):
        super(SmLuaObject, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.magic = self._io.read_bytes(3)
        if not self.magic == b"\x4C\x55\x41":
            raise kaitaistruct.ValidationNotEqualError(b"\x4C\x55\x41", self.magic, self._io, u"/seq/0")
        self.version = self._io.read_u4be()
        self.data = SmLuaObject.LuaSaveData(0, 0, self._io, self, self._root)
        self.padding = []
        for i in range((8 - self.data.end_bit_offset) % 8):
            self.padding.append(self._io.read_bits_int_be(1) != 0)



    def _fetch_instances(self):
        pass
        self.data._fetch_instances()
        for i in range(len(self.padding)):
            pass


    class LuaBoolean(KaitaiStruct):
        """A boolean, serialized as a single bit; any data after it is offset by 1 bit.
        
        .. seealso::
           Lua Object, section Boolean
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaBoolean, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_bits_int_be(1) != 0


        def _fetch_instances(self):
            pass


    class LuaInt16(KaitaiStruct):
        """A 16-bit signed integer (be s16). The game uses this type for integers that fit
        within the 16-bit signed integer range, but not within the 8-bit one.
        
        .. seealso::
           Lua Object, section Int16
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaInt16, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value_bits = self._io.read_bits_int_be(16)


        def _fetch_instances(self):
            pass

        @property
        def value(self):
            """The integer value."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.value_bits - 65536 if self.value_bits >= 32768 else self.value_bits)
            return getattr(self, '_m_value', None)


    class LuaInt32(KaitaiStruct):
        """A 32-bit signed integer (be s32). The game uses this type for integers that fit
        within the 32-bit signed integer range, but not within the 16-bit one.
        
        .. seealso::
           Lua Object, section Int32
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaInt32, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value_bits = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass

        @property
        def value(self):
            """The integer value."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.value_bits - 4294967296 if self.value_bits >= 2147483648 else self.value_bits)
            return getattr(self, '_m_value', None)


    class LuaInt8(KaitaiStruct):
        """An 8-bit signed integer (s8).
        
        .. seealso::
           Lua Object, section Int8
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaInt8, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value_bits = self._io.read_bits_int_be(8)


        def _fetch_instances(self):
            pass

        @property
        def value(self):
            """The integer value."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.value_bits - 256 if self.value_bits >= 128 else self.value_bits)
            return getattr(self, '_m_value', None)


    class LuaNil(KaitaiStruct):
        """`nil`: no value; it is serialized as a byte array with a length of `0` (the constant
        `""`).
        
        .. seealso::
           Lua Object, section Nil
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaNil, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass


    class LuaNumber(KaitaiStruct):
        """A Lua number as a be float (32 bits). Precision may be lost. The game uses this type
        for floating point numbers, and integers that do not fit within the 32-bit signed
        integer range.
        
        .. seealso::
           Lua Object, section Number
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaNumber, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value_bits = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass
            _ = self.value
            if hasattr(self, '_m_value'):
                pass
                self._m_value._fetch_instances()


        @property
        def value(self):
            """The number value (computed from `value_bits`; reads nothing)."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = sm_common.SmCommon.F4FromBits(self.value_bits, self._io)
            return getattr(self, '_m_value', None)


    class LuaSaveData(KaitaiStruct):
        """One Lua value: its type (`header`), then the value, whose layout depends on the
        type. Tables hold further LuaSaveData.
        
        .. seealso::
           Lua Object, section LuaSaveData
        """
        def __init__(self, bit_offset, element_index, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaSaveData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.bit_offset = bit_offset
            self.element_index = element_index
            self._read()

        def _read(self):
            self.header = SmLuaObject.LuaSaveDataHeader(self._io, self, self._root)
            _on = self.header.type_id
            if _on == SmLuaObject.LuaSaveDataType.boolean:
                pass
                self.value = SmLuaObject.LuaBoolean(self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.int16:
                pass
                self.value = SmLuaObject.LuaInt16(self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.int32:
                pass
                self.value = SmLuaObject.LuaInt32(self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.int8:
                pass
                self.value = SmLuaObject.LuaInt8(self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.nil_value:
                pass
                self.value = SmLuaObject.LuaNil(self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.number:
                pass
                self.value = SmLuaObject.LuaNumber(self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.string:
                pass
                self.value = SmLuaObject.LuaString(self.bit_offset, self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.table:
                pass
                self.value = SmLuaObject.LuaTable(self.bit_offset, self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.userdata:
                pass
                self.value = SmLuaObject.LuaUserdata(self.bit_offset, self._io, self, self._root)
            elif _on == SmLuaObject.LuaSaveDataType.weak_script_ref:
                pass
                self.value = SmLuaObject.LuaWeakScriptRef(self._io, self, self._root)
            else:
                pass
                self.value = SmLuaObject.LuaUndocumented(self.bit_offset, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.header._fetch_instances()
            _on = self.header.type_id
            if _on == SmLuaObject.LuaSaveDataType.boolean:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.int16:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.int32:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.int8:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.nil_value:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.number:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.string:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.table:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.userdata:
                pass
                self.value._fetch_instances()
            elif _on == SmLuaObject.LuaSaveDataType.weak_script_ref:
                pass
                self.value._fetch_instances()
            else:
                pass
                self.value._fetch_instances()

        @property
        def end_bit_offset(self):
            """Bits of the last byte used when this value ends (0 to 7)."""
            if hasattr(self, '_m_end_bit_offset'):
                return self._m_end_bit_offset

            self._m_end_bit_offset = (0 if self.is_cut else ((self.bit_offset + 1) % 8 if self.header.type_id == SmLuaObject.LuaSaveDataType.boolean else ((self.bit_offset + 1) % 8 if self.header.type_id == SmLuaObject.LuaSaveDataType.weak_script_ref else (0 if self.header.type_id == SmLuaObject.LuaSaveDataType.string else (self.value.end_bit_offset if self.header.type_id == SmLuaObject.LuaSaveDataType.table else self.bit_offset)))))
            return getattr(self, '_m_end_bit_offset', None)

        @property
        def is_cut(self):
            """Whether this value, or one inside it, kept the rest of the object as bytes; no
            value follows it then.
            """
            if hasattr(self, '_m_is_cut'):
                return self._m_is_cut

            self._m_is_cut = (True if (not (self.header.is_documented)) else (self.value.is_cut if self.header.type_id == SmLuaObject.LuaSaveDataType.table else (self.value.is_cut if self.header.type_id == SmLuaObject.LuaSaveDataType.userdata else False)))
            return getattr(self, '_m_is_cut', None)


    class LuaSaveDataHeader(KaitaiStruct):
        """The `Type` field of a LuaSaveData.
        
        .. seealso::
           Lua Object, section LuaSaveData Structure
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaSaveDataHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.type_id = KaitaiStream.resolve_enum(SmLuaObject.LuaSaveDataType, self._io.read_bits_int_be(8))


        def _fetch_instances(self):
            pass

        @property
        def is_documented(self):
            """Whether the page describes the layout of this type (all but Json and unknown ids)."""
            if hasattr(self, '_m_is_documented'):
                return self._m_is_documented

            self._m_is_documented =  (( ((int(self.type_id) >= 1) and (int(self.type_id) <= 8)) ) or (self.type_id == SmLuaObject.LuaSaveDataType.userdata) or (self.type_id == SmLuaObject.LuaSaveDataType.weak_script_ref)) 
            return getattr(self, '_m_is_documented', None)


    class LuaString(KaitaiStruct):
        """A string: a be u32 size, padding up to a byte boundary, then the UTF-8 string data,
        which starts on a whole byte.
        
        .. seealso::
           Lua Object, section String
        """
        def __init__(self, bit_offset, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaString, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.bit_offset = bit_offset
            self._read()

        def _read(self):
            self.len_value = self._io.read_bits_int_be(32)
            self.padding = []
            for i in range((8 - self.bit_offset) % 8):
                self.padding.append(self._io.read_bits_int_be(1) != 0)

            self.value = (self._io.read_bytes(self.len_value)).decode(u"UTF-8")


        def _fetch_instances(self):
            pass
            for i in range(len(self.padding)):
                pass



    class LuaTable(KaitaiStruct):
        """A table: a count and an `Is Array` bit, then, for a dictionary, key-value pairs,
        for an array, an offset and the elements. Recursive: elements and pairs are
        LuaSaveData. The count is a be u32 and nesting is unbounded here (see the spec's
        doc).
        
        Elements are read until `count` of them were read, or until one kept the rest of the
        object as bytes (`is_cut`). Each element gets its position as a parameter, which the
        end condition reads (the compiler's JavaScript output evaluates `_index` in a
        `repeat-until` condition one higher than its Python output does). When writing, give the elements and set `header.count` to
        their number (the elements of a cut table are those read).
        
        .. seealso::
           Lua Object, section Table
        """
        def __init__(self, bit_offset, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaTable, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.bit_offset = bit_offset
            self._read()

        def _read(self):
            self.header = SmLuaObject.LuaTableHeader(self._io, self, self._root)
            if  (((not (self.header.is_array))) and (self.header.count > 0)) :
                pass
                self.pairs = []
                i = 0
                while True:
                    _ = SmLuaObject.LuaTableKeyValuePair(((self.bit_offset + 1) % 8 if i == 0 else self.pairs[i - 1].end_bit_offset), i, self._io, self, self._root)
                    self.pairs.append(_)
                    if  ((_.is_cut) or (_.pair_index + 1 >= self.header.count)) :
                        break
                    i += 1

            if  ((self.header.is_array) and (self.header.count > 0)) :
                pass
                self.elements = []
                i = 0
                while True:
                    _ = SmLuaObject.LuaSaveData(((self.bit_offset + 1) % 8 if i == 0 else self.elements[i - 1].end_bit_offset), i, self._io, self, self._root)
                    self.elements.append(_)
                    if  ((_.is_cut) or (_.element_index + 1 >= self.header.count)) :
                        break
                    i += 1



        def _fetch_instances(self):
            pass
            self.header._fetch_instances()
            if  (((not (self.header.is_array))) and (self.header.count > 0)) :
                pass
                for i in range(len(self.pairs)):
                    pass
                    self.pairs[i]._fetch_instances()


            if  ((self.header.is_array) and (self.header.count > 0)) :
                pass
                for i in range(len(self.elements)):
                    pass
                    self.elements[i]._fetch_instances()



        @property
        def end_bit_offset(self):
            """Bits of the last byte used when the table ends."""
            if hasattr(self, '_m_end_bit_offset'):
                return self._m_end_bit_offset

            self._m_end_bit_offset = ((self.bit_offset + 1) % 8 if self.header.count == 0 else (self.elements[-1].end_bit_offset if self.header.is_array else self.pairs[-1].end_bit_offset))
            return getattr(self, '_m_end_bit_offset', None)

        @property
        def is_cut(self):
            """Whether the last element read kept the rest of the object as bytes."""
            if hasattr(self, '_m_is_cut'):
                return self._m_is_cut

            self._m_is_cut = (False if self.header.count == 0 else (self.elements[-1].is_cut if self.header.is_array else self.pairs[-1].is_cut))
            return getattr(self, '_m_is_cut', None)


    class LuaTableHeader(KaitaiStruct):
        """The fields of a table before its elements. The `Is Array` field is stored as a
        single bit: any data after it is offset by 1 bit.
        
        .. seealso::
           Lua Object, section Table
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaTableHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.count = self._io.read_bits_int_be(32)
            self.is_array = self._io.read_bits_int_be(1) != 0
            if self.is_array:
                pass
                self.offset = self._io.read_bits_int_be(32)



        def _fetch_instances(self):
            pass
            if self.is_array:
                pass



    class LuaTableKeyValuePair(KaitaiStruct):
        """One entry of a dictionary table; the value is not read when the key was cut.
        
        .. seealso::
           Lua Object, section TableKeyValuePair
        """
        def __init__(self, bit_offset, pair_index, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaTableKeyValuePair, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.bit_offset = bit_offset
            self.pair_index = pair_index
            self._read()

        def _read(self):
            self.key = SmLuaObject.LuaSaveData(self.bit_offset, 0, self._io, self, self._root)
            if (not (self.key.is_cut)):
                pass
                self.value = SmLuaObject.LuaSaveData(self.key.end_bit_offset, 0, self._io, self, self._root)



        def _fetch_instances(self):
            pass
            self.key._fetch_instances()
            if (not (self.key.is_cut)):
                pass
                self.value._fetch_instances()


        @property
        def end_bit_offset(self):
            """Bits of the last byte used when the pair ends."""
            if hasattr(self, '_m_end_bit_offset'):
                return self._m_end_bit_offset

            self._m_end_bit_offset = (0 if self.key.is_cut else self.value.end_bit_offset)
            return getattr(self, '_m_end_bit_offset', None)

        @property
        def is_cut(self):
            """Whether the key or the value kept the rest of the object as bytes."""
            if hasattr(self, '_m_is_cut'):
                return self._m_is_cut

            self._m_is_cut =  ((self.key.is_cut) or (self.value.is_cut)) 
            return getattr(self, '_m_is_cut', None)


    class LuaUndocumented(KaitaiStruct):
        """A value whose layout the page does not give (Json, userdata types it does not
        describe, unknown ids): the rest of the object, kept as bytes. The bits left in the
        current byte are kept as bits, so the object is written back as it was read.
        
        .. seealso::
           Lua Object, section Json
        """
        def __init__(self, bit_offset, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaUndocumented, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.bit_offset = bit_offset
            self._read()

        def _read(self):
            self.rest_bits = []
            for i in range((8 - self.bit_offset) % 8):
                self.rest_bits.append(self._io.read_bits_int_be(1) != 0)

            self.rest = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            for i in range(len(self.rest_bits)):
                pass



    class LuaUserdata(KaitaiStruct):
        """A userdata object: a type id, then data whose layout depends on it. Types the page
        marks as not serializable or unknown, and ids it does not list, keep the rest of the
        object as bytes.
        
        .. seealso::
           Lua Object, section LuaUserdata
        """
        def __init__(self, bit_offset, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaUserdata, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.bit_offset = bit_offset
            self._read()

        def _read(self):
            self.header = SmLuaObject.LuaUserdataHeader(self._io, self, self._root)
            _on = self.header.type_id
            if _on == SmLuaObject.UserdataTypeId.body:
                pass
                self.data = SmLuaObject.UserdataBody(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.character:
                pass
                self.data = SmLuaObject.UserdataCharacter(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.color:
                pass
                self.data = SmLuaObject.UserdataColor(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.container:
                pass
                self.data = SmLuaObject.UserdataContainer(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.harvestable:
                pass
                self.data = SmLuaObject.UserdataHarvestable(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.interactable:
                pass
                self.data = SmLuaObject.UserdataInteractable(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.joint:
                pass
                self.data = SmLuaObject.UserdataJoint(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.lift:
                pass
                self.data = SmLuaObject.UserdataLift(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.path_node:
                pass
                self.data = SmLuaObject.UserdataPathNode(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.player:
                pass
                self.data = SmLuaObject.UserdataPlayer(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.portal:
                pass
                self.data = SmLuaObject.UserdataPortal(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.quat:
                pass
                self.data = SmLuaObject.UserdataQuat(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.scriptable_object:
                pass
                self.data = SmLuaObject.UserdataScriptableObject(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.shape:
                pass
                self.data = SmLuaObject.UserdataShape(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.tool:
                pass
                self.data = SmLuaObject.UserdataTool(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.unit:
                pass
                self.data = SmLuaObject.UserdataUnit(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.uuid:
                pass
                self.data = SmLuaObject.UserdataUuid(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.vec3:
                pass
                self.data = SmLuaObject.UserdataVec3(self._io, self, self._root)
            elif _on == SmLuaObject.UserdataTypeId.world:
                pass
                self.data = SmLuaObject.UserdataWorld(self._io, self, self._root)
            else:
                pass
                self.data = SmLuaObject.LuaUndocumented(self.bit_offset, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.header._fetch_instances()
            _on = self.header.type_id
            if _on == SmLuaObject.UserdataTypeId.body:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.character:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.color:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.container:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.harvestable:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.interactable:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.joint:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.lift:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.path_node:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.player:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.portal:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.quat:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.scriptable_object:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.shape:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.tool:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.unit:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.uuid:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.vec3:
                pass
                self.data._fetch_instances()
            elif _on == SmLuaObject.UserdataTypeId.world:
                pass
                self.data._fetch_instances()
            else:
                pass
                self.data._fetch_instances()

        @property
        def end_bit_offset(self):
            """Bits of the last byte used when the userdata ends (documented data is whole bytes)."""
            if hasattr(self, '_m_end_bit_offset'):
                return self._m_end_bit_offset

            self._m_end_bit_offset = (0 if self.is_cut else self.bit_offset)
            return getattr(self, '_m_end_bit_offset', None)

        @property
        def is_cut(self):
            """Whether the data was not documented and kept the rest of the object as bytes."""
            if hasattr(self, '_m_is_cut'):
                return self._m_is_cut

            self._m_is_cut = (not (self.header.is_documented))
            return getattr(self, '_m_is_cut', None)


    class LuaUserdataHeader(KaitaiStruct):
        """The `Type ID` field of a LuaUserdata.
        
        .. seealso::
           Lua Object, section LuaUserdata
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaUserdataHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.type_id = KaitaiStream.resolve_enum(SmLuaObject.UserdataTypeId, self._io.read_bits_int_be(32))


        def _fetch_instances(self):
            pass

        @property
        def is_documented(self):
            """Whether the page describes the data of this type (the serializable ones)."""
            if hasattr(self, '_m_is_documented'):
                return self._m_is_documented

            self._m_is_documented =  ((self.type_id == SmLuaObject.UserdataTypeId.uuid) or (self.type_id == SmLuaObject.UserdataTypeId.vec3) or (self.type_id == SmLuaObject.UserdataTypeId.quat) or (self.type_id == SmLuaObject.UserdataTypeId.color) or (self.type_id == SmLuaObject.UserdataTypeId.shape) or (self.type_id == SmLuaObject.UserdataTypeId.body) or (self.type_id == SmLuaObject.UserdataTypeId.interactable) or (self.type_id == SmLuaObject.UserdataTypeId.container) or (self.type_id == SmLuaObject.UserdataTypeId.harvestable) or (self.type_id == SmLuaObject.UserdataTypeId.world) or (self.type_id == SmLuaObject.UserdataTypeId.unit) or (self.type_id == SmLuaObject.UserdataTypeId.player) or (self.type_id == SmLuaObject.UserdataTypeId.character) or (self.type_id == SmLuaObject.UserdataTypeId.joint) or (self.type_id == SmLuaObject.UserdataTypeId.portal) or (self.type_id == SmLuaObject.UserdataTypeId.path_node) or (self.type_id == SmLuaObject.UserdataTypeId.lift) or (self.type_id == SmLuaObject.UserdataTypeId.scriptable_object) or (self.type_id == SmLuaObject.UserdataTypeId.tool)) 
            return getattr(self, '_m_is_documented', None)


    class LuaWeakScriptRef(KaitaiStruct):
        """A reference into a list inside the Lua VM; it cannot be created from normal functions
        and is only used internally. The page asks for more documentation; its two fields are
        read as it lists them (RefID as a big-endian 32-bit number, as the bit stream's other
        numbers are).
        
        .. seealso::
           Lua Object, section WeakScriptRef
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.LuaWeakScriptRef, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.ref_id = self._io.read_bits_int_be(32)
            self.unknown = self._io.read_bits_int_be(1) != 0


        def _fetch_instances(self):
            pass


    class UserdataBody(KaitaiStruct):
        """A Body userdata.
        
        .. seealso::
           Lua Object, section Body
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.body_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataCharacter(KaitaiStruct):
        """A Character userdata.
        
        .. seealso::
           Lua Object, section Character
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataCharacter, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.character_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataColor(KaitaiStruct):
        """A Color userdata; its floats are computed from their bits (`r`, `g`, `b`, `a`).
        
        .. seealso::
           Lua Object, section Color
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataColor, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.r_bits = self._io.read_bits_int_be(32)
            self.g_bits = self._io.read_bits_int_be(32)
            self.b_bits = self._io.read_bits_int_be(32)
            self.a_bits = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass
            _ = self.a
            if hasattr(self, '_m_a'):
                pass
                self._m_a._fetch_instances()

            _ = self.b
            if hasattr(self, '_m_b'):
                pass
                self._m_b._fetch_instances()

            _ = self.g
            if hasattr(self, '_m_g'):
                pass
                self._m_g._fetch_instances()

            _ = self.r
            if hasattr(self, '_m_r'):
                pass
                self._m_r._fetch_instances()


        @property
        def a(self):
            """The alpha component (reads nothing)."""
            if hasattr(self, '_m_a'):
                return self._m_a

            self._m_a = sm_common.SmCommon.F4FromBits(self.a_bits, self._io)
            return getattr(self, '_m_a', None)

        @property
        def b(self):
            """The blue component (reads nothing)."""
            if hasattr(self, '_m_b'):
                return self._m_b

            self._m_b = sm_common.SmCommon.F4FromBits(self.b_bits, self._io)
            return getattr(self, '_m_b', None)

        @property
        def g(self):
            """The green component (reads nothing)."""
            if hasattr(self, '_m_g'):
                return self._m_g

            self._m_g = sm_common.SmCommon.F4FromBits(self.g_bits, self._io)
            return getattr(self, '_m_g', None)

        @property
        def r(self):
            """The red component (reads nothing)."""
            if hasattr(self, '_m_r'):
                return self._m_r

            self._m_r = sm_common.SmCommon.F4FromBits(self.r_bits, self._io)
            return getattr(self, '_m_r', None)


    class UserdataContainer(KaitaiStruct):
        """A Container userdata.
        
        .. seealso::
           Lua Object, section Container
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataContainer, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.container_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataHarvestable(KaitaiStruct):
        """A Harvestable userdata.
        
        .. seealso::
           Lua Object, section Harvestable
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataHarvestable, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.harvestable_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataInteractable(KaitaiStruct):
        """An Interactable userdata.
        
        .. seealso::
           Lua Object, section Interactable
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataInteractable, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.interactable_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataJoint(KaitaiStruct):
        """A Joint userdata.
        
        .. seealso::
           Lua Object, section Joint
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataJoint, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.joint_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataLift(KaitaiStruct):
        """A Lift userdata.
        
        .. seealso::
           Lua Object, section Lift
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataLift, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.lift_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataPathNode(KaitaiStruct):
        """A PathNode userdata (cannot be deserialized on the client).
        
        .. seealso::
           Lua Object, section PathNode
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataPathNode, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.path_node_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataPlayer(KaitaiStruct):
        """A Player userdata.
        
        .. seealso::
           Lua Object, section Player
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataPlayer, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.player_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataPortal(KaitaiStruct):
        """A Portal userdata (cannot be deserialized on the client).
        
        .. seealso::
           Lua Object, section Portal
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataPortal, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.portal_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataQuat(KaitaiStruct):
        """A Quat userdata; its floats are computed from their bits (`x`, `y`, `z`, `w`).
        
        .. seealso::
           Lua Object, section Quat
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataQuat, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.x_bits = self._io.read_bits_int_be(32)
            self.y_bits = self._io.read_bits_int_be(32)
            self.z_bits = self._io.read_bits_int_be(32)
            self.w_bits = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass
            _ = self.w
            if hasattr(self, '_m_w'):
                pass
                self._m_w._fetch_instances()

            _ = self.x
            if hasattr(self, '_m_x'):
                pass
                self._m_x._fetch_instances()

            _ = self.y
            if hasattr(self, '_m_y'):
                pass
                self._m_y._fetch_instances()

            _ = self.z
            if hasattr(self, '_m_z'):
                pass
                self._m_z._fetch_instances()


        @property
        def w(self):
            """The W component (reads nothing)."""
            if hasattr(self, '_m_w'):
                return self._m_w

            self._m_w = sm_common.SmCommon.F4FromBits(self.w_bits, self._io)
            return getattr(self, '_m_w', None)

        @property
        def x(self):
            """The X component (reads nothing)."""
            if hasattr(self, '_m_x'):
                return self._m_x

            self._m_x = sm_common.SmCommon.F4FromBits(self.x_bits, self._io)
            return getattr(self, '_m_x', None)

        @property
        def y(self):
            """The Y component (reads nothing)."""
            if hasattr(self, '_m_y'):
                return self._m_y

            self._m_y = sm_common.SmCommon.F4FromBits(self.y_bits, self._io)
            return getattr(self, '_m_y', None)

        @property
        def z(self):
            """The Z component (reads nothing)."""
            if hasattr(self, '_m_z'):
                return self._m_z

            self._m_z = sm_common.SmCommon.F4FromBits(self.z_bits, self._io)
            return getattr(self, '_m_z', None)


    class UserdataScriptableObject(KaitaiStruct):
        """A ScriptableObject userdata.
        
        .. seealso::
           Lua Object, section ScriptableObject
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataScriptableObject, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.scriptable_object_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataShape(KaitaiStruct):
        """A Shape userdata.
        
        .. seealso::
           Lua Object, section Shape
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataShape, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.shape_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataTool(KaitaiStruct):
        """A Tool userdata.
        
        .. seealso::
           Lua Object, section Tool
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataTool, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tool_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataUnit(KaitaiStruct):
        """A Unit userdata (cannot be deserialized on the client).
        
        .. seealso::
           Lua Object, section Unit
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataUnit, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.unit_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass


    class UserdataUuid(KaitaiStruct):
        """A Uuid userdata.
        
        .. seealso::
           Lua Object, section Uuid
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataUuid, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.uuid = []
            for i in range(16):
                self.uuid.append(self._io.read_bits_int_be(8))



        def _fetch_instances(self):
            pass
            for i in range(len(self.uuid)):
                pass



    class UserdataVec3(KaitaiStruct):
        """A Vec3 userdata; its floats are computed from their bits (`x`, `y`, `z`).
        
        .. seealso::
           Lua Object, section Vec3
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataVec3, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.x_bits = self._io.read_bits_int_be(32)
            self.y_bits = self._io.read_bits_int_be(32)
            self.z_bits = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass
            _ = self.x
            if hasattr(self, '_m_x'):
                pass
                self._m_x._fetch_instances()

            _ = self.y
            if hasattr(self, '_m_y'):
                pass
                self._m_y._fetch_instances()

            _ = self.z
            if hasattr(self, '_m_z'):
                pass
                self._m_z._fetch_instances()


        @property
        def x(self):
            """The X component (reads nothing)."""
            if hasattr(self, '_m_x'):
                return self._m_x

            self._m_x = sm_common.SmCommon.F4FromBits(self.x_bits, self._io)
            return getattr(self, '_m_x', None)

        @property
        def y(self):
            """The Y component (reads nothing)."""
            if hasattr(self, '_m_y'):
                return self._m_y

            self._m_y = sm_common.SmCommon.F4FromBits(self.y_bits, self._io)
            return getattr(self, '_m_y', None)

        @property
        def z(self):
            """The Z component (reads nothing)."""
            if hasattr(self, '_m_z'):
                return self._m_z

            self._m_z = sm_common.SmCommon.F4FromBits(self.z_bits, self._io)
            return getattr(self, '_m_z', None)


    class UserdataWorld(KaitaiStruct):
        """A World userdata.
        
        .. seealso::
           Lua Object, section World
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(SmLuaObject.UserdataWorld, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.world_id = self._io.read_bits_int_be(32)


        def _fetch_instances(self):
            pass



