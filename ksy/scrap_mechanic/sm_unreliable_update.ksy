meta:
  id: sm_unreliable_update
  title: Scrap Mechanic 24 Unreliable Update body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  The body of a 24 Unreliable Update after LZ4 decompression: two ticks and up to 255
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
doc-ref: 24 - Unreliable Update, section Structure
seq:
  - id: server_tick
    type: u4
    doc: The server's tick number, as `sm.game.getServerTick()` returns it.
  - id: current_tick
    type: u4
    doc: The current tick number, as `sm.game.getCurrentTick()` returns it.
  - id: num_updates
    -orig-id: Update Count
    type: u1
    doc: |
      Number of NetObj updates that follow (at most 255).
      When writing, set to the length of `updates`.
  - id: updates
    type: update
    repeat: expr
    repeat-expr: num_updates
    doc: The NetObj updates.
types:
  update:
    doc-ref: 24 - Unreliable Update, section Update
    seq:
      - id: len_update
        -orig-id: Size
        type: u1
        valid:
          min: 2
        doc: |
          Size of the whole update, including this field.
          When writing, set to 2 + the byte length of `data`
          (`wirestruct.scrap_mechanic.encoder.unreliable_update_fields` computes it).
      - id: netobj_type
        -orig-id: Type
        type: u1
        enum: sm_common::netobj_type
        doc: |
          The type of the NetObj to update. Only RigidBody, Controller and Character are
          unreliably updateable; the game reports any other type as an error.
      - id: data
        -orig-id: Update Data
        # The size counts itself and the type byte.
        size: len_update - 2
        type:
          switch-on: netobj_type
          cases:
            'sm_common::netobj_type::rigid_body': rigid_body_update
            'sm_common::netobj_type::controller': controller_update
            'sm_common::netobj_type::character': character_update
        doc: The update data, whose layout depends on `netobj_type`; other types stay bytes.
  rigid_body_update:
    doc-ref: 24 - Unreliable Update, section NetObjType 0 - RigidBody
    seq:
      - id: body_id
        type: u4
        doc: Id of the rigid body to update.
      - id: rotation
        type: sm_common::quat_xyzw
        doc: World rotation of the body.
      - id: position
        type: sm_common::vec3f_xyz
        doc: World position of the body.
      - id: velocity
        type: sm_common::vec3f_xyz
        doc: Linear velocity of the body.
      - id: angular_velocity
        type: sm_common::vec3f_xyz
        doc: Angular velocity of the body.
      - id: is_awake
        type: b1
        doc: Whether the body is awake (simulated) rather than asleep.
      - id: revision
        type: b7
        doc: The body's revision, 7 bits; wraps from 127 back to 0.
  controller_update:
    doc-ref: 24 - Unreliable Update, section NetObjType 3 - Controller
    seq:
      - id: interactable_id
        type: u4
        doc: Id of the interactable to update.
      - id: data
        size-eos: true
        doc: Depends on the interactable's type, which this packet does not say.
  character_update:
    doc: |
      A bit stream (see the spec's doc for how floats are read). Not tumbling: keys,
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
    doc-ref: 24 - Unreliable Update, section NetObjType 6 - Character
    seq:
      - id: character_id
        type: u4
        doc: Id of the character to update.
      - id: is_tumbling
        type: b1
        doc: Whether the character is tumbling; decides which of the two layouts follows.
      # Not tumbling: the Keys bitfield of 30 Player Movement, inlined bit by bit because
      # here it starts one bit into a byte.
      - id: keys_unknown
        -orig-id: Unknown
        type: b3
        if: not is_tumbling
        doc: Keys bits 7..5, not known to be anything but low.
      - id: keys_aiming
        -orig-id: Aiming
        type: b1
        if: not is_tumbling
        doc: |
          Keys bit 4: aiming (with the Spud Gun, for one), set by
          `Tool:setMovementSlowDown`, read by `Character:isAiming`.
      - id: keys_sprint
        -orig-id: Sprint
        type: b1
        if: not is_tumbling
        doc: 'Keys bit 3: sprinting while moving horizontally, not just holding Sprint.'
      - id: keys_horizontal
        -orig-id: Horizontal
        type: b1
        if: not is_tumbling
        doc: 'Keys bit 2: any of Move Forward, Move Backward, Strafe Left, Strafe Right held.'
      - id: keys_crawl
        -orig-id: Crawl
        type: b1
        if: not is_tumbling
        doc: 'Keys bit 1: the Crawl (crouch) key is held, whatever the character does.'
      - id: keys_jump
        -orig-id: Jump
        type: b1
        if: not is_tumbling
        doc: 'Keys bit 0: the Jump button is held, on the ground or not.'
      - id: direction
        type: b8
        if: not is_tumbling
        doc: |
          Horizontal direction the character moves or last moved in, seen from above:
          0 right, 64 forwards, 128 left, 192 backwards (counter-clockwise).
      - id: yaw
        type: b8
        if: not is_tumbling
        doc: Horizontal look rotation; 0 looks into +Y, counter-clockwise, wraps at 255.
      - id: pitch
        type: b8
        if: not is_tumbling
        doc: Vertical look rotation; 0 looks straight down (-Z), 128 straight up.
      # Tumbling: the rotation comes first. Every float below is kept as its raw 32 bits
      # (see the spec's doc); `position`, `rotation`, `velocity` and `angular_velocity`
      # after the padding turn them into floats.
      - id: rotation_x_bits
        type: b32
        if: is_tumbling
        doc: Bits of the world rotation's X component (a float, sign bit first).
      - id: rotation_y_bits
        type: b32
        if: is_tumbling
        doc: Bits of the world rotation's Y component.
      - id: rotation_z_bits
        type: b32
        if: is_tumbling
        doc: Bits of the world rotation's Z component.
      - id: rotation_w_bits
        type: b32
        if: is_tumbling
        doc: Bits of the world rotation's real part W.
      - id: position_x_bits
        type: b32
        doc: Bits of the world position's X coordinate (both layouts).
      - id: position_y_bits
        type: b32
        doc: Bits of the world position's Y coordinate.
      - id: position_z_bits
        type: b32
        doc: Bits of the world position's Z coordinate.
      - id: velocity_x_bits
        type: b32
        if: is_tumbling
        doc: Bits of the velocity's X component.
      - id: velocity_y_bits
        type: b32
        if: is_tumbling
        doc: Bits of the velocity's Y component.
      - id: velocity_z_bits
        type: b32
        if: is_tumbling
        doc: Bits of the velocity's Z component.
      - id: angular_velocity_x_bits
        type: b32
        if: is_tumbling
        doc: Bits of the angular velocity's X component.
      - id: angular_velocity_y_bits
        type: b32
        if: is_tumbling
        doc: Bits of the angular velocity's Y component.
      - id: angular_velocity_z_bits
        type: b32
        if: is_tumbling
        doc: Bits of the angular velocity's Z component.
      # 33 + 32 + 96 = 161 bits (not tumbling) and 33 + 128 + 3 * 96 = 449 bits
      # (tumbling): both leave one bit in the last byte.
      - id: padding
        type: b7
        doc: Completes the last byte.
      - id: position
        type: sm_common::vec3f_from_bits(position_x_bits, position_y_bits, position_z_bits)
        doc: World position of the character (floats from the bits above; reads no bytes).
      - id: rotation
        type: sm_common::quat_from_bits(rotation_x_bits, rotation_y_bits, rotation_z_bits, rotation_w_bits)
        if: is_tumbling
        doc: World rotation of the character (reads no bytes).
      - id: velocity
        type: sm_common::vec3f_from_bits(velocity_x_bits, velocity_y_bits, velocity_z_bits)
        if: is_tumbling
        doc: Linear velocity of the character (reads no bytes).
      - id: angular_velocity
        type: sm_common::vec3f_from_bits(angular_velocity_x_bits, angular_velocity_y_bits, angular_velocity_z_bits)
        if: is_tumbling
        doc: Angular velocity of the character (reads no bytes).
    instances:
      keys:
        value: >-
          (keys_aiming ? 0x10 : 0) + (keys_sprint ? 0x08 : 0) + (keys_horizontal ? 0x04 : 0)
          + (keys_crawl ? 0x02 : 0) + (keys_jump ? 0x01 : 0)
        if: not is_tumbling
        doc: The keys bitfield as a byte (a sum of `sm_common::movement_key` values).
