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
    doc: Controller type from the object's Create; 0 when not known.
seq:
  - id: update_type
    type: b3
    enum: update_type
  - id: netobj_type
    -orig-id: NetObj Type
    type: b5
    enum: sm_common::netobj_type
  - id: controller_type
    type: u1
    if: update_type == update_type::create
    doc: Only present for Create updates; see the *_type instances for its meaning.
  - id: netobj_id
    -orig-id: NetObj ID
    type: u4
  - id: data
    type:
      switch-on: update_type
      cases:
        'update_type::create': create_data(netobj_type, controller_type)
        'update_type::p': p_data(netobj_type)
        'update_type::update': update_data(netobj_type, resolved_controller_type)
        'update_type::remove': remove_data(netobj_type)
        _: opaque
instances:
  len_header:
    value: 'update_type == update_type::create ? 6 : 5'
    doc: Bytes before the data.
  len_data:
    value: _io.size - len_header
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
  rigid_body_type:
    value: resolved_controller_type
    enum: rigid_body_type
    if: netobj_type == sm_common::netobj_type::rigid_body
  child_shape_type:
    value: resolved_controller_type
    enum: child_shape_type
    if: netobj_type == sm_common::netobj_type::child_shape
  joint_type:
    value: resolved_controller_type
    enum: joint_type
    if: netobj_type == sm_common::netobj_type::joint and update_type == update_type::create
types:
  opaque:
    doc: Data whose structure is not documented, kept as bytes.
    doc-ref: 22 - Network Update, section NetObjType Enum
    seq:
      - id: payload
        size-eos: true
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
  create_rigid_body_static:
    doc: A static RigidBody, connected to the terrain.
    doc-ref: 22 - Network Update, section CreateRigidBody, Controller Type 1 - Static
    seq:
      - id: world_id
        type: u2
      - id: rotation
        type: sm_common::quat_wzyx
      - id: position
        type: sm_common::vec3f_xyz
  create_rigid_body_dynamic:
    doc: A dynamic RigidBody, moved by physics.
    doc-ref: 22 - Network Update, section CreateRigidBody, Controller Type 2 - Dynamic
    seq:
      - id: world_id
        type: u2
      - id: transform
        type: sm_common::transform
  update_rigid_body:
    doc: UpdateRigidBody, by the controller type of the body's Create.
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
        doc: Increases by at least one every time the body is updated.
  update_child_shape:
    doc: UpdateChildShape; the trailing data depends on the controller type (31 block, 32 part).
    doc-ref: 22 - Network Update, section UpdateChildShape
    params:
      - id: controller_type
        type: u1
    seq:
      - id: uuid
        type: u2
        doc: Index of the shape's UUID in the UUID Network Map (not the UUID itself).
      - id: body_id
        type: u4
        doc: The RigidBody the shape is attached to.
      - id: local_position
        type: sm_common::vec3i16_xyz
      - id: color
        type: u4
        doc: Stored as 0xAABBGGRR.
      - id: data
        type:
          switch-on: controller_type
          cases:
            31: child_shape_block
            32: child_shape_part
            _: opaque
  child_shape_block:
    doc-ref: 22 - Network Update, section ChildShapeData, Controller Type 31 - Block
    seq:
      - id: bounds
        type: sm_common::vec3i16_xyz
  child_shape_part:
    doc: |
      A part's local rotation as two nibbles, Z axis in the high nibble. Each axis is
      stored plus 4; `z_axis`/`x_axis` subtract it and name the axis (Local Rotation).
    doc-ref: 22 - Network Update, section ChildShapeData, Controller Type 32 - Part
    seq:
      - id: z_axis_raw
        -orig-id: Z Axis
        type: b4
      - id: x_axis_raw
        -orig-id: X Axis
        type: b4
    instances:
      z_axis:
        value: z_axis_raw - 4
        enum: local_axis
      x_axis:
        value: x_axis_raw - 4
        enum: local_axis
  update_joint:
    doc: Sent when a Joint is placed, painted or a PJoint update is triggered.
    doc-ref: 22 - Network Update, section UpdateJoint
    seq:
      - id: uuid
        type: u2
        doc: Index of the joint's UUID in the UUID Network Map.
      - id: id_shape_a
        type: u4
        doc: Child shape on side A.
      - id: id_shape_b
        type: u4
        doc: Child shape on side B.
      - id: pos_a
        type: sm_common::vec3i32_xyz
        doc: Face position on side A, local to the body.
      - id: pos_b
        type: sm_common::vec3i32_xyz
        doc: Face position on side B, local to the body.
      - id: axis
        type: joint_axis
      - id: color
        type: u4
        doc: Stored as 0xAABBGGRR.
  joint_axis:
    doc: |
      Face orientations of a joint as four nibbles, first listed in the high nibble of the
      first byte. Each axis is stored plus 4; the instances subtract it and name the axis.
    doc-ref: 22 - Network Update, section JointAxis
    seq:
      - id: z_axis_b_raw
        -orig-id: Z Axis B
        type: b4
      - id: z_axis_a_raw
        -orig-id: Z Axis A
        type: b4
      - id: x_axis_b_raw
        -orig-id: X Axis B
        type: b4
      - id: x_axis_a_raw
        -orig-id: X Axis A
        type: b4
    instances:
      z_axis_b:
        value: z_axis_b_raw - 4
        enum: local_axis
      z_axis_a:
        value: z_axis_a_raw - 4
        enum: local_axis
      x_axis_b:
        value: x_axis_b_raw - 4
        enum: local_axis
      x_axis_a:
        value: x_axis_a_raw - 4
        enum: local_axis
  create_container:
    doc-ref: 22 - Network Update, section CreateContainer
    seq:
      - id: num_slots
        -orig-id: Size
        type: u2
        doc: The amount of slots in the container.
      - id: stack_size
        type: u2
        doc: The maximum stack size.
      - id: items
        type: container_item
        repeat: expr
        repeat-expr: num_slots
      - id: num_filters
        -orig-id: Filter Count
        type: u2
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
        doc: 0xFFFFFFFF unless the item is a tool.
      - id: quantity
        type: u2
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
      - id: slot_changes
        type: slot_change
        repeat: expr
        repeat-expr: num_slot_changes
      - id: has_filters
        type: b1
      - id: num_filters
        -orig-id: Filter Count
        type: b16
        if: has_filters
        doc: Not aligned to a byte boundary.
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
        doc: 0xFFFFFFFF unless the item is a tool.
      - id: quantity
        type: u2
      - id: slot
        type: u2
        doc: The slot index in the container.
  create_character:
    doc-ref: 22 - Network Update, section CreateCharacter
    seq:
      - id: steam_id
        type: steam_id
        doc: The player's Steam ID, in its parts; `steam_id_64` is the whole number.
      - id: position
        type: sm_common::vec3f_zyx
      - id: world_id
        type: u2
      - id: yaw
        type: f4
      - id: pitch
        type: f4
      - id: character_uuid
        type: sm_common::uuid
        doc: le u128; the nil UUID for players.
    instances:
      steam_id_64:
        value: steam_id.value
        doc: The Steam ID as one number (exact in Python; see `steam_id`).
  update_character:
    doc: |
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
      - id: update_color
        type: b1
      - id: update_selected_item
        type: b1
      - id: update_is_player
        type: b1
      - id: is_downed
        type: b1
        if: update_movement_states
      - id: is_swimming
        type: b1
        if: update_movement_states
      - id: is_diving
        type: b1
        if: update_movement_states
      - id: unknown
        type: b1
        if: update_movement_states
        doc: Possibly aiming (`Tool:setMovementSlowDown`).
      - id: is_climbing
        type: b1
        if: update_movement_states
      - id: is_tumbling
        type: b1
        if: update_movement_states
      - id: color
        type: b32
        if: update_color
        doc: Stored as 0xRRGGBBAA; not byte-aligned.
      - id: selected_item_uuid
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
      - id: is_player
        type: b1
        if: update_is_player
      - id: player_or_unit_id
        type: b32
        if: update_is_player
      - id: padding
        type: b1
        repeat: expr
        repeat-expr: num_padding_bits
    instances:
      num_bits:
        value: >-
          4 + (update_movement_states ? 6 : 0) + (update_color ? 32 : 0)
          + (update_selected_item ? 160 : 0) + (update_is_player ? 33 : 0)
        doc: Bits before the padding.
      num_padding_bits:
        value: (8 - num_bits % 8) % 8
  create_lift:
    doc-ref: 22 - Network Update, section CreateLift
    seq:
      - id: steam_id
        type: steam_id
        doc: The owner's Steam ID, in its parts; `steam_id_64` is the whole number.
      - id: world_id
        type: u2
      - id: position
        type: sm_common::vec3i32_xyz
        doc: In block units from the world's origin.
      - id: level
        type: s4
        doc: Height in block units; 0 = not extended.
    instances:
      steam_id_64:
        value: steam_id.value
        doc: The Steam ID as one number (exact in Python; see `steam_id`).
  update_lift:
    doc-ref: 22 - Network Update, section UpdateLift
    seq:
      - id: level
        type: s4
        doc: Height in block units; 0 = not extended.
  create_tool:
    doc-ref: 22 - Network Update, section CreateTool
    seq:
      - id: uuid
        type: sm_common::uuid
        doc: le u128.
  update_tool:
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
    instances:
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
