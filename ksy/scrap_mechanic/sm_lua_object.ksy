meta:
  id: sm_lua_object
  title: Scrap Mechanic LuaObject (Lua values serialized in a bit stream)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  encoding: UTF-8
  endian: be
  bit-endian: be
doc: |
  The game's serialization of a Lua value, used in packets (the Terrain Data payload of
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
doc-ref:
  - Lua Object
  - BitStream
seq:
  - id: magic
    -orig-id: Magic Tag
    contents: LUA
    doc: The constant `"LUA"` (`4c 55 41`), which helps recognizing the start of the object.
  - id: version
    -orig-id: Version
    type: u4
    doc: The version of the serialization format. This is currently `1`.
  - id: data
    -orig-id: Data
    type: lua_save_data(0, 0)
    doc: The data that is serialized; it starts on a byte boundary.
  - id: padding
    type: b1
    repeat: expr
    repeat-expr: (8 - data.end_bit_offset) % 8
    doc: |
      The bits that complete the last byte after the data (0 to 7).
      When writing, give `(8 - data.end_bit_offset) % 8` bits (zero, as the game writes).
types:
  lua_save_data:
    doc: |
      One Lua value: its type (`header`), then the value, whose layout depends on the
      type. Tables hold further LuaSaveData.
    doc-ref: Lua Object, section LuaSaveData
    params:
      - id: bit_offset
        type: u1
        doc: |
          Bits of the current byte already used when this value starts (0 to 7).
          When writing, pass the `end_bit_offset` of the value before (0 for the object's
          data).
      - id: element_index
        type: u4
        doc: |
          The position of this value among the elements of an array table (0 for the
          object's data and for the key and value of a pair): the table's last element is
          the one at `count - 1`.
          When writing, pass the position in `elements` (0 outside them).
    seq:
      - id: header
        type: lua_save_data_header
        doc: The type of the value (a sub-type, so that the value follows it bit by bit).
      - id: value
        -orig-id: Value
        type:
          switch-on: header.type_id
          cases:
            'lua_save_data_type::nil_value': lua_nil
            'lua_save_data_type::boolean': lua_boolean
            'lua_save_data_type::number': lua_number
            'lua_save_data_type::string': lua_string(bit_offset)
            'lua_save_data_type::table': lua_table(bit_offset)
            'lua_save_data_type::int32': lua_int32
            'lua_save_data_type::int16': lua_int16
            'lua_save_data_type::int8': lua_int8
            'lua_save_data_type::userdata': lua_userdata(bit_offset)
            'lua_save_data_type::weak_script_ref': lua_weak_script_ref
            _: lua_undocumented(bit_offset)
        doc: |
          The actual data that is stored. The type of this field depends on the `Type`
          field; Json and unknown types keep the rest of the object as bytes.
    # The casts (`.as<bool>`, `.as<u1>`) on instances of the nested values tell the
    # compiler their types, which it could not infer: they are defined through each other
    # (a table's end is its last element's end).
    instances:
      is_cut:
        value: >-
          not header.is_documented ? true :
          (header.type_id == lua_save_data_type::table ? value.as<lua_table>.is_cut.as<bool> :
          (header.type_id == lua_save_data_type::userdata ? value.as<lua_userdata>.is_cut : false))
        doc: |
          Whether this value, or one inside it, kept the rest of the object as bytes; no
          value follows it then.
      # Boolean and WeakScriptRef end one bit further; a string's data ends on a byte
      # boundary; the other documented values are whole bytes (the type byte included).
      end_bit_offset:
        value: >-
          is_cut ? 0 :
          (header.type_id == lua_save_data_type::boolean ? (bit_offset + 1) % 8 :
          (header.type_id == lua_save_data_type::weak_script_ref ? (bit_offset + 1) % 8 :
          (header.type_id == lua_save_data_type::string ? 0 :
          (header.type_id == lua_save_data_type::table ? value.as<lua_table>.end_bit_offset.as<u1> :
          bit_offset))))
        doc: Bits of the last byte used when this value ends (0 to 7).
  lua_save_data_header:
    doc: The `Type` field of a LuaSaveData.
    doc-ref: Lua Object, section LuaSaveData Structure
    seq:
      - id: type_id
        -orig-id: Type
        type: b8
        enum: lua_save_data_type
        doc: The type of data that is stored (8 bits, at any bit position).
    instances:
      is_documented:
        value: >-
          (type_id.to_i >= 1 and type_id.to_i <= 8) or type_id == lua_save_data_type::userdata
          or type_id == lua_save_data_type::weak_script_ref
        doc: Whether the page describes the layout of this type (all but Json and unknown ids).
  lua_nil:
    doc: |
      `nil`: no value; it is serialized as a byte array with a length of `0` (the constant
      `""`).
    doc-ref: Lua Object, section Nil
    seq: []
  lua_boolean:
    doc: A boolean, serialized as a single bit; any data after it is offset by 1 bit.
    doc-ref: Lua Object, section Boolean
    seq:
      - id: value
        -orig-id: Value
        type: b1
        doc: The boolean value (`0` is `false`, `1` is `true`).
  lua_number:
    doc: |
      A Lua number as a be float (32 bits). Precision may be lost. The game uses this type
      for floating point numbers, and integers that do not fit within the 32-bit signed
      integer range.
    doc-ref: Lua Object, section Number
    seq:
      - id: value_bits
        -orig-id: Value
        type: b32
        doc: The number's 32 bits (a be float, sign bit first).
    instances:
      value:
        type: sm_common::f4_from_bits(value_bits)
        doc: The number value (computed from `value_bits`; reads nothing).
  lua_string:
    doc: |
      A string: a be u32 size, padding up to a byte boundary, then the UTF-8 string data,
      which starts on a whole byte.
    doc-ref: Lua Object, section String
    params:
      - id: bit_offset
        type: u1
        doc: Bits of the current byte used when the string's value starts.
    seq:
      - id: len_value
        -orig-id: Size
        type: b32
        doc: |
          The amount of bytes required to store the utf-8 encoded string data.
          When writing, set to the UTF-8 byte length of `value`.
      - id: padding
        -orig-id: Padding
        type: b1
        repeat: expr
        repeat-expr: (8 - bit_offset) % 8
        doc: |
          Padding to align the string data to a whole byte (0 to 7 bits; also before an
          empty string).
          When writing, give `(8 - bit_offset) % 8` bits (zero, as the game writes).
      - id: value
        -orig-id: String
        size: len_value
        type: str
        doc: The string data, encoded in utf-8.
  lua_table:
    doc: |
      A table: a count and an `Is Array` bit, then, for a dictionary, key-value pairs,
      for an array, an offset and the elements. Recursive: elements and pairs are
      LuaSaveData. The count is a be u32 and nesting is unbounded here (see the spec's
      doc).

      Elements are read until `count` of them were read, or until one kept the rest of the
      object as bytes (`is_cut`). Each element gets its position as a parameter, which the
      end condition reads (the compiler's JavaScript output evaluates `_index` in a
      `repeat-until` condition one higher than its Python output does). When writing, give the elements and set `header.count` to
      their number (the elements of a cut table are those read).
    doc-ref: Lua Object, section Table
    params:
      - id: bit_offset
        type: u1
        doc: Bits of the current byte used when the table's value starts.
    seq:
      - id: header
        type: lua_table_header
        doc: Count, Is Array and (arrays only) Offset.
      - id: pairs
        -orig-id: Elements
        type: >-
          lua_table_key_value_pair(_index == 0 ? (bit_offset + 1) % 8 : pairs[_index - 1].end_bit_offset,
          _index)
        repeat: until
        repeat-until: _.is_cut or _.pair_index + 1 >= header.count
        if: not header.is_array and header.count > 0
        doc: |
          If `Is Array` is `false`: the key-value pairs of the table (TableKeyValuePair
          [Count]).
      - id: elements
        -orig-id: Elements
        type: >-
          lua_save_data(_index == 0 ? (bit_offset + 1) % 8 : elements[_index - 1].end_bit_offset,
          _index)
        repeat: until
        repeat-until: _.is_cut or _.element_index + 1 >= header.count
        if: header.is_array and header.count > 0
        doc: 'If `Is Array` is `true`: the elements of the table (LuaSaveData[Count]).'
    instances:
      is_cut:
        value: >-
          header.count == 0 ? false :
          (header.is_array ? elements.last.is_cut.as<bool> : pairs.last.is_cut.as<bool>)
        doc: Whether the last element read kept the rest of the object as bytes.
      # Count (32 bits) and Offset (32 bits) are whole bytes; Is Array is one bit.
      end_bit_offset:
        value: >-
          header.count == 0 ? (bit_offset + 1) % 8 :
          (header.is_array ? elements.last.end_bit_offset.as<u1> : pairs.last.end_bit_offset.as<u1>)
        doc: Bits of the last byte used when the table ends.
  lua_table_header:
    doc: |
      The fields of a table before its elements. The `Is Array` field is stored as a
      single bit: any data after it is offset by 1 bit.
    doc-ref: Lua Object, section Table
    seq:
      - id: count
        -orig-id: Count
        type: b32
        doc: |
          The number of elements in the table (a be u32).
          When writing, set to the number of `pairs` or `elements`.
      - id: is_array
        -orig-id: Is Array
        type: b1
        doc: Whether the table is an array or a dictionary.
      - id: offset
        -orig-id: Offset
        type: b32
        if: is_array
        doc: 'If `Is Array` is `true`: the offset of the first element in the table.'
  lua_table_key_value_pair:
    doc: One entry of a dictionary table; the value is not read when the key was cut.
    doc-ref: Lua Object, section TableKeyValuePair
    params:
      - id: bit_offset
        type: u1
        doc: Bits of the current byte used when the key starts.
      - id: pair_index
        type: u4
        doc: |
          The position of this pair in the table: the last one is at `count - 1`.
          When writing, pass the position in `pairs`.
    seq:
      - id: key
        -orig-id: Key
        type: lua_save_data(bit_offset, 0)
        doc: The key of the pair.
      - id: value
        -orig-id: Value
        type: lua_save_data(key.end_bit_offset, 0)
        if: not key.is_cut
        doc: The value of the pair.
    instances:
      is_cut:
        value: key.is_cut.as<bool> or value.is_cut.as<bool>
        doc: Whether the key or the value kept the rest of the object as bytes.
      end_bit_offset:
        value: 'key.is_cut.as<bool> ? 0 : value.end_bit_offset.as<u1>'
        doc: Bits of the last byte used when the pair ends.
  lua_int32:
    doc: |
      A 32-bit signed integer (be s32). The game uses this type for integers that fit
      within the 32-bit signed integer range, but not within the 16-bit one.
    doc-ref: Lua Object, section Int32
    seq:
      - id: value_bits
        -orig-id: Value
        type: b32
        doc: The integer's 32 bits (two's complement, read as bits).
    instances:
      value:
        value: 'value_bits >= 0x80000000 ? value_bits - 0x100000000 : value_bits'
        doc: The integer value.
  lua_int16:
    doc: |
      A 16-bit signed integer (be s16). The game uses this type for integers that fit
      within the 16-bit signed integer range, but not within the 8-bit one.
    doc-ref: Lua Object, section Int16
    seq:
      - id: value_bits
        -orig-id: Value
        type: b16
        doc: The integer's 16 bits (two's complement, read as bits).
    instances:
      value:
        value: 'value_bits >= 0x8000 ? value_bits - 0x10000 : value_bits'
        doc: The integer value.
  lua_int8:
    doc: An 8-bit signed integer (s8).
    doc-ref: Lua Object, section Int8
    seq:
      - id: value_bits
        -orig-id: Value
        type: b8
        doc: The integer's 8 bits (two's complement, read as bits).
    instances:
      value:
        value: 'value_bits >= 0x80 ? value_bits - 0x100 : value_bits'
        doc: The integer value.
  lua_weak_script_ref:
    doc: |
      A reference into a list inside the Lua VM; it cannot be created from normal functions
      and is only used internally. The page asks for more documentation; its two fields are
      read as it lists them (RefID as a big-endian 32-bit number, as the bit stream's other
      numbers are).
    doc-ref: Lua Object, section WeakScriptRef
    seq:
      - id: ref_id
        -orig-id: RefID
        type: b32
        doc: |
          The reference; it may point into a pool stored in the LuaVM/LuaManager (the page's
          note stops at "The reference in").
      - id: unknown
        -orig-id: Unknown
        type: b1
        doc: Unknown flag. (During testing, the type only seemed to work when this was set.)
  lua_userdata:
    doc: |
      A userdata object: a type id, then data whose layout depends on it. Types the page
      marks as not serializable or unknown, and ids it does not list, keep the rest of the
      object as bytes.
    doc-ref: Lua Object, section LuaUserdata
    params:
      - id: bit_offset
        type: u1
        doc: Bits of the current byte used when the userdata value starts.
    seq:
      - id: header
        type: lua_userdata_header
        doc: The type id (a sub-type, so that the data follows it bit by bit).
      - id: data
        -orig-id: Data
        type:
          switch-on: header.type_id
          cases:
            'userdata_type_id::uuid': userdata_uuid
            'userdata_type_id::vec3': userdata_vec3
            'userdata_type_id::quat': userdata_quat
            'userdata_type_id::color': userdata_color
            'userdata_type_id::shape': userdata_shape
            'userdata_type_id::body': userdata_body
            'userdata_type_id::interactable': userdata_interactable
            'userdata_type_id::container': userdata_container
            'userdata_type_id::harvestable': userdata_harvestable
            'userdata_type_id::world': userdata_world
            'userdata_type_id::unit': userdata_unit
            'userdata_type_id::player': userdata_player
            'userdata_type_id::character': userdata_character
            'userdata_type_id::joint': userdata_joint
            'userdata_type_id::portal': userdata_portal
            'userdata_type_id::path_node': userdata_path_node
            'userdata_type_id::lift': userdata_lift
            'userdata_type_id::scriptable_object': userdata_scriptable_object
            'userdata_type_id::tool': userdata_tool
            _: lua_undocumented(bit_offset)
        doc: |
          The data of the userdata object. The type of this field depends on the `Type ID`
          field.
    instances:
      is_cut:
        value: not header.is_documented
        doc: Whether the data was not documented and kept the rest of the object as bytes.
      end_bit_offset:
        value: 'is_cut ? 0 : bit_offset'
        doc: Bits of the last byte used when the userdata ends (documented data is whole bytes).
  lua_userdata_header:
    doc: The `Type ID` field of a LuaUserdata.
    doc-ref: Lua Object, section LuaUserdata
    seq:
      - id: type_id
        -orig-id: Type ID
        type: b32
        enum: userdata_type_id
        doc: The type ID of the userdata object (a be u32).
    instances:
      is_documented:
        value: >-
          type_id == userdata_type_id::uuid or type_id == userdata_type_id::vec3
          or type_id == userdata_type_id::quat or type_id == userdata_type_id::color
          or type_id == userdata_type_id::shape or type_id == userdata_type_id::body
          or type_id == userdata_type_id::interactable or type_id == userdata_type_id::container
          or type_id == userdata_type_id::harvestable or type_id == userdata_type_id::world
          or type_id == userdata_type_id::unit or type_id == userdata_type_id::player
          or type_id == userdata_type_id::character or type_id == userdata_type_id::joint
          or type_id == userdata_type_id::portal or type_id == userdata_type_id::path_node
          or type_id == userdata_type_id::lift or type_id == userdata_type_id::scriptable_object
          or type_id == userdata_type_id::tool
        doc: Whether the page describes the data of this type (the serializable ones).
  lua_undocumented:
    doc: |
      A value whose layout the page does not give (Json, userdata types it does not
      describe, unknown ids): the rest of the object, kept as bytes. The bits left in the
      current byte are kept as bits, so the object is written back as it was read.
    doc-ref: Lua Object, section Json
    params:
      - id: bit_offset
        type: u1
        doc: Bits of the current byte used when the value starts.
    seq:
      - id: rest_bits
        type: b1
        repeat: expr
        repeat-expr: (8 - bit_offset) % 8
        doc: |
          The bits left in the current byte (0 to 7).
          When writing, give `(8 - bit_offset) % 8` bits.
      - id: rest
        size-eos: true
        doc: The rest of the object, from the next byte boundary, undecoded.
  userdata_uuid:
    doc: A Uuid userdata.
    doc-ref: Lua Object, section Uuid
    seq:
      - id: uuid
        -orig-id: Uuid
        type: b8
        repeat: expr
        repeat-expr: 16
        doc: |
          The UUID value (le u128: the UUID text's bytes reversed), as its 16 bytes in wire
          order, read as 8 bits each because they need not start on a byte boundary.
  userdata_vec3:
    doc: A Vec3 userdata; its floats are computed from their bits (`x`, `y`, `z`).
    doc-ref: Lua Object, section Vec3
    seq:
      - id: x_bits
        -orig-id: X
        type: b32
        doc: The X component of the vector (a be float's bits).
      - id: y_bits
        -orig-id: Y
        type: b32
        doc: The Y component of the vector (a be float's bits).
      - id: z_bits
        -orig-id: Z
        type: b32
        doc: The Z component of the vector (a be float's bits).
    instances:
      x:
        type: sm_common::f4_from_bits(x_bits)
        doc: The X component (reads nothing).
      y:
        type: sm_common::f4_from_bits(y_bits)
        doc: The Y component (reads nothing).
      z:
        type: sm_common::f4_from_bits(z_bits)
        doc: The Z component (reads nothing).
  userdata_quat:
    doc: A Quat userdata; its floats are computed from their bits (`x`, `y`, `z`, `w`).
    doc-ref: Lua Object, section Quat
    seq:
      - id: x_bits
        -orig-id: X
        type: b32
        doc: The X component of the quaternion (a be float's bits).
      - id: y_bits
        -orig-id: Y
        type: b32
        doc: The Y component of the quaternion (a be float's bits).
      - id: z_bits
        -orig-id: Z
        type: b32
        doc: The Z component of the quaternion (a be float's bits).
      - id: w_bits
        -orig-id: W
        type: b32
        doc: The W component of the quaternion (a be float's bits).
    instances:
      x:
        type: sm_common::f4_from_bits(x_bits)
        doc: The X component (reads nothing).
      y:
        type: sm_common::f4_from_bits(y_bits)
        doc: The Y component (reads nothing).
      z:
        type: sm_common::f4_from_bits(z_bits)
        doc: The Z component (reads nothing).
      w:
        type: sm_common::f4_from_bits(w_bits)
        doc: The W component (reads nothing).
  userdata_color:
    doc: A Color userdata; its floats are computed from their bits (`r`, `g`, `b`, `a`).
    doc-ref: Lua Object, section Color
    seq:
      - id: r_bits
        -orig-id: R
        type: b32
        doc: The red component of the color (a be float's bits).
      - id: g_bits
        -orig-id: G
        type: b32
        doc: The green component of the color (a be float's bits).
      - id: b_bits
        -orig-id: B
        type: b32
        doc: The blue component of the color (a be float's bits).
      - id: a_bits
        -orig-id: A
        type: b32
        doc: The alpha component of the color (a be float's bits).
    instances:
      r:
        type: sm_common::f4_from_bits(r_bits)
        doc: The red component (reads nothing).
      g:
        type: sm_common::f4_from_bits(g_bits)
        doc: The green component (reads nothing).
      b:
        type: sm_common::f4_from_bits(b_bits)
        doc: The blue component (reads nothing).
      a:
        type: sm_common::f4_from_bits(a_bits)
        doc: The alpha component (reads nothing).
  userdata_shape:
    doc: A Shape userdata.
    doc-ref: Lua Object, section Shape
    seq:
      - id: shape_id
        -orig-id: Shape ID
        type: b32
        doc: The ID of the shape (a be u32).
  userdata_body:
    doc: A Body userdata.
    doc-ref: Lua Object, section Body
    seq:
      - id: body_id
        -orig-id: Body ID
        type: b32
        doc: The ID of the body (a be u32).
  userdata_interactable:
    doc: An Interactable userdata.
    doc-ref: Lua Object, section Interactable
    seq:
      - id: interactable_id
        -orig-id: Interactable ID
        type: b32
        doc: The ID of the interactable (a be u32).
  userdata_container:
    doc: A Container userdata.
    doc-ref: Lua Object, section Container
    seq:
      - id: container_id
        -orig-id: Container ID
        type: b32
        doc: The ID of the container (a be u32).
  userdata_harvestable:
    doc: A Harvestable userdata.
    doc-ref: Lua Object, section Harvestable
    seq:
      - id: harvestable_id
        -orig-id: Harvestable ID
        type: b32
        doc: The ID of the harvestable (a be u32).
  userdata_world:
    doc: A World userdata.
    doc-ref: Lua Object, section World
    seq:
      - id: world_id
        -orig-id: World ID
        type: b32
        doc: The ID of the world (a be u32).
  userdata_unit:
    doc: A Unit userdata (cannot be deserialized on the client).
    doc-ref: Lua Object, section Unit
    seq:
      - id: unit_id
        -orig-id: Unit ID
        type: b32
        doc: The ID of the unit (a be u32).
  userdata_player:
    doc: A Player userdata.
    doc-ref: Lua Object, section Player
    seq:
      - id: player_id
        -orig-id: Player ID
        type: b32
        doc: The ID of the player (a be u32).
  userdata_character:
    doc: A Character userdata.
    doc-ref: Lua Object, section Character
    seq:
      - id: character_id
        -orig-id: Character ID
        type: b32
        doc: The ID of the character (a be u32).
  userdata_joint:
    doc: A Joint userdata.
    doc-ref: Lua Object, section Joint
    seq:
      - id: joint_id
        -orig-id: Joint ID
        type: b32
        doc: The ID of the joint (a be u32).
  userdata_portal:
    doc: A Portal userdata (cannot be deserialized on the client).
    doc-ref: Lua Object, section Portal
    seq:
      - id: portal_id
        -orig-id: Portal ID
        type: b32
        doc: The ID of the portal (a be u32).
  userdata_path_node:
    doc: A PathNode userdata (cannot be deserialized on the client).
    doc-ref: Lua Object, section PathNode
    seq:
      - id: path_node_id
        -orig-id: PathNode ID
        type: b32
        doc: The ID of the path node (a be u32).
  userdata_lift:
    doc: A Lift userdata.
    doc-ref: Lua Object, section Lift
    seq:
      - id: lift_id
        -orig-id: Lift ID
        type: b32
        doc: The ID of the lift (a be u32).
  userdata_scriptable_object:
    doc: A ScriptableObject userdata.
    doc-ref: Lua Object, section ScriptableObject
    seq:
      - id: scriptable_object_id
        -orig-id: Scriptable Object ID
        type: b32
        doc: The ID of the scriptable object (a be u32).
  userdata_tool:
    doc: A Tool userdata.
    doc-ref: Lua Object, section Tool
    seq:
      - id: tool_id
        -orig-id: Tool ID
        type: b32
        doc: The ID of the tool (a be u32).
enums:
  # An exhaustive list, the page says; Json's layout is not documented yet.
  lua_save_data_type:
    1:
      id: nil_value
      -orig-id: Nil
      doc: '`nil`: no value.'
    2:
      id: boolean
      -orig-id: Boolean
    3:
      id: number
      -orig-id: Number
    4:
      id: string
      -orig-id: String
    5:
      id: table
      -orig-id: Table
    6:
      id: int32
      -orig-id: Int32
    7:
      id: int16
      -orig-id: Int16
    8:
      id: int8
      -orig-id: Int8
    9:
      id: json
      -orig-id: Json
      doc: Not documented yet; the rest of the object stays bytes.
    100:
      id: userdata
      -orig-id: Userdata
    101:
      id: weak_script_ref
      -orig-id: WeakScriptRef
  userdata_type_id:
    10001:
      id: uuid
      -orig-id: Uuid
      doc: Serializable.
    10003:
      id: vec3
      -orig-id: Vec3
      doc: Serializable.
    10004:
      id: quat
      -orig-id: Quat
      doc: Serializable.
    10005:
      id: color
      -orig-id: Color
      doc: Serializable.
    10006:
      id: raycast_result
      -orig-id: RaycastResult
      doc: Cannot be serialized at all.
    10007:
      id: load_cell_handle
      -orig-id: LoadCellHandle
      doc: Unknown.
    10008:
      id: effect
      -orig-id: Effect
      doc: Cannot be serialized at all.
    10021:
      id: shape
      -orig-id: Shape
      doc: Serializable.
    10022:
      id: body
      -orig-id: Body
      doc: Serializable.
    10023:
      id: interactable
      -orig-id: Interactable
      doc: Serializable.
    10024:
      id: container
      -orig-id: Container
      doc: Serializable.
    10025:
      id: harvestable
      -orig-id: Harvestable
      doc: Serializable.
    10026:
      id: network
      -orig-id: Network
      doc: Cannot be serialized at all.
    10027:
      id: world
      -orig-id: World
      doc: Serializable.
    10028:
      id: unit
      -orig-id: Unit
      doc: |
        Cannot be deserialized on the client, but can be serialized for `sm.event.sendTo*`
        and storing in `sm.storage`.
    10029:
      id: storage
      -orig-id: Storage
      doc: Cannot be serialized at all.
    10030:
      id: player
      -orig-id: Player
      doc: Serializable.
    10031:
      id: character
      -orig-id: Character
      doc: Serializable.
    10032:
      id: joint
      -orig-id: Joint
      doc: Serializable.
    10033:
      id: ai_state
      -orig-id: AiState
      doc: Cannot be serialized at all.
    10035:
      id: area_trigger
      -orig-id: AreaTrigger
      doc: Cannot be serialized at all.
    10036:
      id: portal
      -orig-id: Portal
      doc: |
        Cannot be deserialized on the client, but can be serialized for `sm.event.sendTo*`
        and storing in `sm.storage`.
    10037:
      id: path_node
      -orig-id: PathNode
      doc: |
        Cannot be deserialized on the client, but can be serialized for `sm.event.sendTo*`
        and storing in `sm.storage`.
    10038:
      id: lift
      -orig-id: Lift
      doc: Serializable.
    10039:
      id: scriptable_object
      -orig-id: ScriptableObject
      doc: Serializable.
    10040:
      id: builder_guide
      -orig-id: BuilderGuide
      doc: Cannot be serialized at all.
    10041:
      id: cull_sphere_group
      -orig-id: CullSphereGroup
      doc: Cannot be serialized at all.
    10042:
      id: voxel_terrain
      -orig-id: VoxelTerrain
      doc: Unknown.
    20001:
      id: widget
      -orig-id: Widget
      doc: Unknown.
    20002:
      id: tool
      -orig-id: Tool
      doc: Serializable.
    20006:
      id: gui_interface
      -orig-id: GuiInterface
      doc: Cannot be serialized at all.
    20007:
      id: blueprint_visualization
      -orig-id: BlueprintVisualization
      doc: Cannot be serialized at all.
