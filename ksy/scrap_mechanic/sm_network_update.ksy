meta:
  id: sm_network_update
  title: Scrap Mechanic NetworkUpdate (one sub-update of 21/22 Network Update)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  One NetworkUpdate: the data of a RawUpdate, or of a DeltaUpdate once reconstructed,
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
doc-ref: 22 - Network Update, section NetworkUpdate
params:
  - id: known_controller_type
    type: u1
    doc: |
      Controller type from the object's Create; 0 when not known.
      When writing, pass the controller type of the NetObj's Create, as the reader would get
      it; the bytes of an Update's data depend on it.
seq:
  # Big-endian bits (the BitStream's order): the update type is bits 7..5 of the
  # first byte, the NetObj type bits 4..0.
  - id: update_type
    type: b3
    enum: update_type
    doc: What happens to the NetObj (bits 7..5 of the first byte).
  - id: netobj_type
    -orig-id: NetObj Type
    type: b5
    enum: sm_common::netobj_type
    doc: The type of the NetObj the update is for (bits 4..0).
  - id: controller_type
    type: u1
    if: update_type == update_type::create
    doc: |
      The NetObj's controller type, sent with Create updates only (the game reads
      nothing here for the others); see the *_type instances for its meaning.
  - id: netobj_id
    -orig-id: NetObj ID
    type: u4
    doc: Id of the NetObj the update is for.
  - id: data
    type:
      switch-on: update_type
      cases:
        'update_type::create': create_data(netobj_type, controller_type)
        'update_type::p': p_data(netobj_type)
        'update_type::update': update_data(netobj_type, resolved_controller_type)
        'update_type::remove': remove_data(netobj_type)
        _: opaque
    doc: |
      The update data, routed by update type, NetObj type and controller type.
      When writing, its type follows `update_type`, `netobj_type` and the controller type;
      `_check()` does not compare them with the object given, so the writer sets them
      together.
instances:
  # Type byte, then the controller type byte (Create only), then the 4-byte NetObj id.
  len_header:
    value: 'update_type == update_type::create ? 6 : 5'
    doc: Bytes before the data.
  len_data:
    value: _io.size - len_header
    doc: Bytes of update data (the whole NetworkUpdate less the header).
  # The four documented Update layouts of these two types have distinct sizes, so the
  # size alone tells them apart; 1 and 2 are rigid body, 31 and 32 child shape types.
  inferred_controller_type:
    value: >-
      update_type != update_type::update ? 0 :
      (netobj_type == sm_common::netobj_type::rigid_body ?
        (len_data == 5 ? 1 : (len_data == 2 ? 2 : 0)) :
      (netobj_type == sm_common::netobj_type::child_shape ?
        (len_data == 22 ? 31 : (len_data == 17 ? 32 : 0)) : 0))
    doc: |
      Controller type recovered from the data size of an UpdateRigidBody (5: static,
      2: dynamic) or UpdateChildShape (22: block, 17: part); 0 otherwise.
  resolved_controller_type:
    value: >-
      update_type == update_type::create ? controller_type :
      (known_controller_type != 0 ? known_controller_type : inferred_controller_type)
    doc: |
      The object's controller type as far as known: the Create's byte, else the parameter,
      else the one recovered from the data size (Update only); 0 = not known. Update data
      is parsed with it.
  controller_type_source:
    value: >-
      update_type == update_type::create ? controller_type_source::create :
      (known_controller_type != 0 ? controller_type_source::known :
      (inferred_controller_type != 0 ? controller_type_source::inferred_from_size :
      controller_type_source::unknown))
    enum: controller_type_source
    doc: Where `resolved_controller_type` came from.
  rigid_body_type:
    value: resolved_controller_type
    enum: rigid_body_type
    if: netobj_type == sm_common::netobj_type::rigid_body
    doc: The controller type of a RigidBody, named (static or dynamic).
  child_shape_type:
    value: resolved_controller_type
    enum: child_shape_type
    if: netobj_type == sm_common::netobj_type::child_shape
    doc: The controller type of a ChildShape, named (block or part).
  joint_type:
    value: resolved_controller_type
    enum: joint_type
    if: netobj_type == sm_common::netobj_type::joint and update_type == update_type::create
    doc: The controller type of a created Joint, named (bearing, spring, piston...).
types:
  opaque:
    doc: Data whose structure is not documented, kept as bytes.
    doc-ref: 22 - Network Update, section NetObjType Enum
    seq:
      - id: payload
        size-eos: true
        doc: The rest of the update data, undecoded.
  no_data:
    doc: No additional data is sent.
    doc-ref: 22 - Network Update, section Updates
    seq: []
  create_data:
    doc: Router for Create updates, by NetObj type.
    doc-ref: 22 - Network Update, section NetObjType Enum (Create column)
    params:
      - id: netobj_type
        type: u1
        enum: sm_common::netobj_type
      - id: controller_type
        type: u1
    seq:
      - id: body
        type:
          switch-on: netobj_type
          cases:
            'sm_common::netobj_type::rigid_body': create_rigid_body(controller_type)
            'sm_common::netobj_type::child_shape': no_data
            'sm_common::netobj_type::joint': no_data
            'sm_common::netobj_type::container': create_container
            'sm_common::netobj_type::character': create_character
            'sm_common::netobj_type::lift': create_lift
            'sm_common::netobj_type::tool': create_tool
            _: opaque
        doc: |
          The Create data of the NetObj type; ChildShape and Joint send none (their
          controller type says what they are), undocumented types stay bytes.
  p_data:
    doc: Router for P updates; only Joints send them, with no data.
    doc-ref: 22 - Network Update, section PJoint
    params:
      - id: netobj_type
        type: u1
        enum: sm_common::netobj_type
    seq:
      - id: body
        type:
          switch-on: netobj_type
          cases:
            'sm_common::netobj_type::joint': no_data
            _: opaque
        doc: PJoint sends no data; the game sends P updates for Joints only.
  update_data:
    doc: Router for Update updates, by NetObj type.
    doc-ref: 22 - Network Update, section NetObjType Enum (Update column)
    params:
      - id: netobj_type
        type: u1
        enum: sm_common::netobj_type
      - id: controller_type
        type: u1
    seq:
      - id: body
        type:
          switch-on: netobj_type
          cases:
            'sm_common::netobj_type::rigid_body': update_rigid_body(controller_type)
            'sm_common::netobj_type::child_shape': update_child_shape(controller_type)
            'sm_common::netobj_type::joint': update_joint
            'sm_common::netobj_type::container': update_container
            'sm_common::netobj_type::character': update_character
            'sm_common::netobj_type::lift': update_lift
            'sm_common::netobj_type::tool': update_tool
            _: opaque
        doc: The Update data of the NetObj type; undocumented types stay bytes.
  remove_data:
    doc: Router for Remove updates; documented NetObj types send no data.
    doc-ref: 22 - Network Update, section NetObjType Enum (Remove column)
    params:
      - id: netobj_type
        type: u1
        enum: sm_common::netobj_type
    seq:
      - id: body
        type:
          switch-on: netobj_type
          cases:
            'sm_common::netobj_type::rigid_body': no_data
            'sm_common::netobj_type::child_shape': no_data
            'sm_common::netobj_type::joint': no_data
            'sm_common::netobj_type::container': no_data
            'sm_common::netobj_type::character': no_data
            'sm_common::netobj_type::lift': no_data
            'sm_common::netobj_type::tool': no_data
            _: opaque
        doc: No data for the documented types; undocumented types stay bytes.
  create_rigid_body:
    doc: CreateRigidBody, by controller type (1 static, 2 dynamic).
    doc-ref: 22 - Network Update, section CreateRigidBody
    params:
      - id: controller_type
        type: u1
    seq:
      - id: body
        type:
          switch-on: controller_type
          cases:
            1: create_rigid_body_static
            2: create_rigid_body_dynamic
            _: opaque
        doc: The static or dynamic layout, by the controller type of this Create.
  create_rigid_body_static:
    doc: A static RigidBody, connected to the terrain.
    doc-ref: 22 - Network Update, section CreateRigidBody, Controller Type 1 - Static
    seq:
      - id: world_id
        type: u2
        doc: Id of the world the body is in.
      - id: rotation
        type: sm_common::quat_wzyx
        doc: Rotation of the body (real part first, unlike the transform's).
      - id: position
        type: sm_common::vec3f_xyz
        doc: Position of the body; static bodies keep it.
  create_rigid_body_dynamic:
    doc: A dynamic RigidBody, moved by physics.
    doc-ref: 22 - Network Update, section CreateRigidBody, Controller Type 2 - Dynamic
    seq:
      - id: world_id
        type: u2
        doc: Id of the world the body is in.
      - id: transform
        type: sm_common::transform
        doc: Rotation, position, velocity and angular velocity of the body.
  update_rigid_body:
    doc: |
      UpdateRigidBody, by the controller type of the body's Create: sent when a child
      shape or joint of the body is added, removed or painted, or anything else about
      the body changes.
    doc-ref: 22 - Network Update, section UpdateRigidBody
    params:
      - id: controller_type
        type: u1
    seq:
      - id: body
        type:
          switch-on: controller_type
          cases:
            1: update_rigid_body_static
            2: update_rigid_body_dynamic
            _: opaque
        doc: |
          The static or dynamic layout, by the controller type of the body's Create
          (remembered by the runtime or recovered from the data size).
  update_rigid_body_static:
    doc-ref: 22 - Network Update, section UpdateRigidBody, Controller Type 1 - Static
    seq:
      - id: unknown
        type: u1
        valid: 0
        doc: Unknown. Always 0.
      - id: unknown_2
        type: s4
        valid: -1
        doc: Unknown. Always -1.
  update_rigid_body_dynamic:
    doc-ref: 22 - Network Update, section UpdateRigidBody, Controller Type 2 - Dynamic
    seq:
      - id: unknown
        type: u1
        valid: 0
        doc: Unknown. Always 0.
      - id: revision
        type: u1
        doc: The body's revision; grows by at least one with every update of the body.
  update_child_shape:
    doc: |
      UpdateChildShape, sent when the shape is painted (new bounds take a new child
      shape); the trailing data depends on the controller type (31 block, 32 part).
    doc-ref: 22 - Network Update, section UpdateChildShape
    params:
      - id: controller_type
        type: u1
    seq:
      - id: uuid
        type: u2
        doc: |
          Index of the shape's UUID in the UUID Network Map (a table both sides build,
          never sent), not the UUID itself.
      - id: body_id
        type: u4
        doc: The RigidBody the shape is attached to.
      - id: local_position
        type: sm_common::vec3i16_xyz
        doc: Position of the shape in coordinates local to its body.
      - id: color
        type: u4
        doc: Paint color of the shape, stored as 0xAABBGGRR.
      - id: data
        type:
          switch-on: controller_type
          cases:
            31: child_shape_block
            32: child_shape_part
            _: opaque
        doc: Bounds for a block, local rotation for a part.
  child_shape_block:
    doc-ref: 22 - Network Update, section ChildShapeData, Controller Type 31 - Block
    seq:
      - id: bounds
        type: sm_common::vec3i16_xyz
        doc: Size of the block in each axis.
  child_shape_part:
    doc: |
      A part's local rotation as two nibbles, Z axis in the high nibble. Each axis is
      stored plus 4; `z_axis`/`x_axis` subtract it and name the axis (Local Rotation).
    doc-ref: 22 - Network Update, section ChildShapeData, Controller Type 32 - Part
    seq:
      - id: z_axis_raw
        -orig-id: Z Axis
        type: b4
        doc: The part's local Z axis, plus 4 (high nibble).
      - id: x_axis_raw
        -orig-id: X Axis
        type: b4
        doc: The part's local X axis, plus 4 (low nibble).
    instances:
      z_axis:
        value: z_axis_raw - 4
        enum: local_axis
        doc: The axis the part's Z axis points along (Local Rotation).
      x_axis:
        value: x_axis_raw - 4
        enum: local_axis
        doc: The axis the part's X axis points along (Local Rotation).
  update_joint:
    doc: Sent when a Joint is placed, painted or a PJoint update is triggered.
    doc-ref: 22 - Network Update, section UpdateJoint
    seq:
      - id: uuid
        type: u2
        doc: Index of the joint's UUID in the UUID Network Map, not the UUID itself.
      - id: id_shape_a
        type: u4
        doc: Child shape on side A.
      - id: id_shape_b
        type: u4
        doc: Child shape on side B.
      - id: pos_a
        type: sm_common::vec3i32_xyz
        doc: |
          Position of the joint's face on side A, local to the body; the same as `pos_b`
          for bearings, one unit from it for pistons.
      - id: pos_b
        type: sm_common::vec3i32_xyz
        doc: Position of the joint's face on side B, local to the body.
      - id: axis
        type: joint_axis
        doc: Orientations of the joint's two faces.
      - id: color
        type: u4
        doc: Paint color of the joint, stored as 0xAABBGGRR.
  joint_axis:
    doc: |
      Face orientations of a joint as four nibbles, first listed in the high nibble of the
      first byte. Each axis is stored plus 4; the instances subtract it and name the axis.
    doc-ref: 22 - Network Update, section JointAxis
    seq:
      - id: z_axis_b_raw
        -orig-id: Z Axis B
        type: b4
        doc: Z axis of side B, plus 4.
      - id: z_axis_a_raw
        -orig-id: Z Axis A
        type: b4
        doc: Z axis of side A, plus 4.
      - id: x_axis_b_raw
        -orig-id: X Axis B
        type: b4
        doc: X axis of side B, plus 4.
      - id: x_axis_a_raw
        -orig-id: X Axis A
        type: b4
        doc: X axis of side A, plus 4.
    instances:
      z_axis_b:
        value: z_axis_b_raw - 4
        enum: local_axis
        doc: The axis side B's Z axis points along, local to the body.
      z_axis_a:
        value: z_axis_a_raw - 4
        enum: local_axis
        doc: The axis side A's Z axis points along, local to the body.
      x_axis_b:
        value: x_axis_b_raw - 4
        enum: local_axis
        doc: The axis side B's X axis points along, local to the body.
      x_axis_a:
        value: x_axis_a_raw - 4
        enum: local_axis
        doc: The axis side A's X axis points along, local to the body.
  create_container:
    doc: |
      Sent when a container is created; a joining client gets one for its inventory
      and one for its carry container.
    doc-ref: 22 - Network Update, section CreateContainer
    seq:
      - id: num_slots
        -orig-id: Size
        type: u2
        doc: Number of slots in the container, one item each.
      - id: stack_size
        type: u2
        doc: The largest quantity a slot of the container holds.
      - id: items
        type: container_item
        repeat: expr
        repeat-expr: num_slots
        doc: The content of every slot, in slot order.
      - id: num_filters
        -orig-id: Filter Count
        type: u2
        doc: Number of filter UUIDs that follow.
      - id: filters
        type: sm_common::uuid
        repeat: expr
        repeat-expr: num_filters
        doc: Filter UUIDs (be u128).
  container_item:
    doc-ref: 22 - Network Update, section ContainerItem
    seq:
      - id: uuid
        type: sm_common::uuid
        doc: The item's UUID (le u128); the nil UUID for an empty slot.
      - id: tool_instance_id
        type: u4
        doc: Instance id of a tool; 0xFFFFFFFF for other items and empty slots.
      - id: quantity
        type: u2
        doc: How many of the item the slot holds; 0 for an empty slot.
  update_container:
    doc: |
      A bit stream: after the slot changes, the one-bit `has_filters` flag shifts what
      follows. `num_filters` is a be u16 that is not byte-aligned (the document says so);
      7 padding bits then realign, and the filter UUIDs are whole bytes. Decision where
      the document is silent: without filters the 7 remaining bits of the flag's byte are
      read as the same padding, since the BitStream sends whole bytes.
    doc-ref: 22 - Network Update, section UpdateContainer
    seq:
      - id: num_slot_changes
        -orig-id: Slot Change Count
        type: u2
        doc: |
          Number of slot changes that follow.
          When writing, set to the length of `slot_changes` (and `num_filters` to the length
          of `filter_uuids`).
      - id: slot_changes
        type: slot_change
        repeat: expr
        repeat-expr: num_slot_changes
        doc: The slots whose content changed, with their new content.
      - id: has_filters
        type: b1
        doc: Whether the filter count and filters follow.
      - id: num_filters
        -orig-id: Filter Count
        type: b16
        if: has_filters
        doc: Number of filter UUIDs; starts one bit into a byte.
      - id: padding
        type: b7
        doc: Realigns to a whole byte (present with and without filters, see above).
      - id: filter_uuids
        type: sm_common::uuid
        repeat: expr
        repeat-expr: num_filters
        if: has_filters
        doc: Filter UUIDs (be u128), byte-aligned.
  slot_change:
    doc-ref: 22 - Network Update, section SlotChange
    seq:
      - id: uuid
        type: sm_common::uuid
        doc: The item's UUID (le u128); the nil UUID for an empty slot.
      - id: tool_instance_id
        type: u4
        doc: Instance id of a tool; 0xFFFFFFFF for other items and empty slots.
      - id: quantity
        type: u2
        doc: How many of the item the slot holds now; 0 for an empty slot.
      - id: slot
        type: u2
        doc: The slot index in the container.
  create_character:
    doc: Sent when a character is created, for a player joining the world or a unit.
    doc-ref: 22 - Network Update, section CreateCharacter
    seq:
      - id: steam_id
        -orig-id: Steam ID 64
        type: steam_id
        doc: The player's Steam ID, in its parts; `steam_id_64` is the whole number.
      - id: position
        type: sm_common::vec3f_zyx
        doc: Position of the character (Z first).
      - id: world_id
        type: u2
        doc: Id of the world the character is in.
      - id: yaw
        type: f4
        doc: Horizontal look rotation of the character, a float here.
      - id: pitch
        type: f4
        doc: Vertical look rotation of the character, a float here.
      - id: character_uuid
        type: sm_common::uuid
        doc: le u128; the nil UUID for players.
    instances:
      steam_id_64:
        value: steam_id.value
        doc: The Steam ID as one number (exact in Python; see `steam_id`).
  update_character:
    doc: |
      Sent when a character changes (selected item, downed, painted and more), and with
      all four flags set right after its Create. The character's transform is not here:
      it comes with 24 Unreliable Update.

      A bit stream. Four flag bits say which parts follow; decision (the document gives no
      padding here, as in 24's character update): every part follows the previous one
      bit by bit, not byte-aligned. MovementStates, SelectedItem and IsPlayer are inlined,
      because a sub-type would start on a byte boundary. The SelectedItem UUID (le u128)
      is read as its 16 bytes of 8 bits each, in wire order. The stream ends with the
      padding bits that complete its last byte.
    doc-ref: 22 - Network Update, section UpdateCharacter
    seq:
      - id: update_movement_states
        type: b1
        doc: Whether the six movement state bits follow.
      - id: update_color
        type: b1
        doc: Whether `color` follows.
      - id: update_selected_item
        type: b1
        doc: Whether the selected item (UUID and instance id) follows.
      - id: update_is_player
        type: b1
        doc: Whether `is_player` and `player_or_unit_id` follow.
      # MovementStates, inlined.
      - id: is_downed
        type: b1
        if: update_movement_states
        doc: Whether the character is downed.
      - id: is_swimming
        type: b1
        if: update_movement_states
        doc: Whether the character is swimming.
      - id: is_diving
        type: b1
        if: update_movement_states
        doc: Whether the character is diving.
      - id: unknown
        type: b1
        if: update_movement_states
        doc: Possibly aiming (`Tool:setMovementSlowDown`).
      - id: is_climbing
        type: b1
        if: update_movement_states
        doc: Whether the character is climbing.
      - id: is_tumbling
        type: b1
        if: update_movement_states
        doc: Whether the character is tumbling.
      - id: color
        type: b32
        if: update_color
        doc: Paint color of the character, stored as 0xRRGGBBAA; not byte-aligned.
      # SelectedItem, inlined.
      - id: selected_item_uuid
        -orig-id: Uuid
        type: b8
        repeat: expr
        repeat-expr: 16
        if: update_selected_item
        doc: The 16 bytes of the selected item's UUID (le u128); all zero for none.
      - id: selected_item_instance_id
        -orig-id: Instance ID
        type: b32
        if: update_selected_item
        doc: Tool instance id; 0xFFFFFFFF unless the item is a tool.
      # IsPlayer, inlined.
      - id: is_player
        type: b1
        if: update_is_player
        doc: Whether the character is a player rather than a unit.
      - id: player_or_unit_id
        type: b32
        if: update_is_player
        doc: The player id of a player, the unit id of anything else.
      - id: padding
        type: b1
        repeat: expr
        repeat-expr: num_padding_bits
        doc: |
          The bits that complete the last byte of the stream.
          When writing, give `num_padding_bits` zero bits (it follows from the four flags;
          the encoder's hook fills it when left out).
    instances:
      # 4 flags, then 6 movement state bits, a 32-bit color, 16 * 8 + 32 selected item
      # bits and 1 + 32 is-player bits, each present only with its flag.
      num_bits:
        value: >-
          4 + (update_movement_states ? 6 : 0) + (update_color ? 32 : 0)
          + (update_selected_item ? 160 : 0) + (update_is_player ? 33 : 0)
        doc: Bits before the padding.
      num_padding_bits:
        value: (8 - num_bits % 8) % 8
        doc: Bits up to the next byte boundary (0 to 7).
  create_lift:
    doc: |
      Sent when a player places their lift, or a creation is spawned on or put on a
      lift (the old lift is removed and a new one created).
    doc-ref: 22 - Network Update, section CreateLift
    seq:
      - id: steam_id
        -orig-id: Steam ID 64
        type: steam_id
        doc: The owner's Steam ID, in its parts; `steam_id_64` is the whole number.
      - id: world_id
        type: u2
        doc: Id of the world the lift is in.
      - id: position
        type: sm_common::vec3i32_xyz
        doc: Position of the lift in block units (not meters) from the world's origin.
      - id: level
        type: s4
        doc: Height in block units; 0 = not extended.
    instances:
      steam_id_64:
        value: steam_id.value
        doc: The Steam ID as one number (exact in Python; see `steam_id`).
  update_lift:
    doc: Sent when a player extends or retracts their lift.
    doc-ref: 22 - Network Update, section UpdateLift
    seq:
      - id: level
        type: s4
        doc: Height in block units; 0 = not extended.
  create_tool:
    doc: |
      Sent for every tool of the save when a client joins, and when a tool is dragged
      from the unlimited inventory to the hotbar.
    doc-ref: 22 - Network Update, section CreateTool
    seq:
      - id: uuid
        type: sm_common::uuid
        doc: The tool's UUID (le u128).
  update_tool:
    doc: Sent when a tool is created or updated; assigns it to a player.
    doc-ref: 22 - Network Update, section UpdateTool
    seq:
      - id: player_id
        type: u4
        doc: The player holding the tool; 0xFFFFFFFF when it is in a chest.
  steam_id:
    doc: |
      A SteamID64 (be u64) read as its parts, most significant first, so that the Web
      IDE (JavaScript numbers hold 53 bits) shows every part exactly: universe (8 bits),
      account type (4), instance (20), account id (32). `value` is the whole number,
      exact in Python; JavaScript may round it.

      When writing, set the four parts; `value` is computed from them (the encoder's hook
      derives the parts from a given `value`).
    doc-ref: https://developer.valvesoftware.com/wiki/SteamID
    seq:
      - id: universe
        type: u1
        doc: 1 = public.
      - id: account_type
        type: b4
        doc: 1 = individual (a player).
      - id: instance
        type: b20
        doc: 1 for a player's desktop instance.
      - id: account_id
        type: u4
        doc: The account number, the low 32 bits.
    instances:
      # Multiplications rather than shifts (JavaScript's are 32-bit): the parts go to
      # bits 56, 52 and 32.
      value:
        value: >-
          universe * 0x100000000000000 + account_type * 0x10000000000000
          + instance * 0x100000000 + account_id
        doc: The 64-bit SteamID64.
enums:
  update_type:
    1: create
    2:
      id: p
      doc: Meaning unknown; sent for Joints when their creation is updated.
    3: update
    5: remove
  rigid_body_type:
    1: static
    2: dynamic
  child_shape_type:
    31: block
    32:
      id: part
      doc: Parts, including interactable and scripted parts.
  joint_type:
    2: bearing
    3: spring
    4: survival_spring
    28:
      id: piston
      doc: Piston and SurvivalPiston.
    41: generic_rotational
  controller_type_source:
    0: unknown
    1: create
    2: known
    3: inferred_from_size
  local_axis:
    # Local Rotation: the axis index (X = 1, Y = 2, Z = 3), negative for the negative axis.
    -3: neg_z
    -2: neg_y
    -1: neg_x
    1: pos_x
    2: pos_y
    3: pos_z
