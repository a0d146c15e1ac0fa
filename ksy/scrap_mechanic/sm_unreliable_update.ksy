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
    doc: The same value as `sm.game.getServerTick()`.
  - id: current_tick
    type: u4
    doc: The same value as `sm.game.getCurrentTick()`.
  - id: num_updates
    -orig-id: Update Count
    type: u1
  - id: updates
    type: update
    repeat: expr
    repeat-expr: num_updates
types:
  update:
    doc-ref: 24 - Unreliable Update, section Update
    seq:
      - id: len_update
        -orig-id: Size
        type: u1
        valid:
          min: 2
        doc: Size of the whole update, including this field.
      - id: netobj_type
        -orig-id: Type
        type: u1
        enum: sm_common::netobj_type
      - id: data
        -orig-id: Update Data
        size: len_update - 2
        type:
          switch-on: netobj_type
          cases:
            'sm_common::netobj_type::rigid_body': rigid_body_update
            'sm_common::netobj_type::controller': controller_update
            'sm_common::netobj_type::character': character_update
  rigid_body_update:
    doc-ref: 24 - Unreliable Update, section NetObjType 0 - RigidBody
    seq:
      - id: body_id
        type: u4
      - id: rotation
        type: sm_common::quat_xyzw
        doc: World rotation.
      - id: position
        type: sm_common::vec3f_xyz
        doc: World position.
      - id: velocity
        type: sm_common::vec3f_xyz
      - id: angular_velocity
        type: sm_common::vec3f_xyz
      - id: is_awake
        type: b1
      - id: revision
        type: b7
        doc: Overflows back to 0 after 127.
  controller_update:
    doc-ref: 24 - Unreliable Update, section NetObjType 3 - Controller
    seq:
      - id: interactable_id
        type: u4
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
    doc-ref: 24 - Unreliable Update, section NetObjType 6 - Character
    seq:
      - id: character_id
        type: u4
      - id: is_tumbling
        type: b1
      - id: keys_unknown
        type: b3
        if: not is_tumbling
        doc: Keys bits 7..5, not known to be anything but low.
      - id: keys_aiming
        type: b1
        if: not is_tumbling
      - id: keys_sprint
        type: b1
        if: not is_tumbling
      - id: keys_horizontal
        type: b1
        if: not is_tumbling
      - id: keys_crawl
        type: b1
        if: not is_tumbling
      - id: keys_jump
        type: b1
        if: not is_tumbling
      - id: direction
        type: b8
        if: not is_tumbling
        doc: Walking direction; 0 = right, 64 forwards, 128 left, 192 backwards.
      - id: yaw
        type: b8
        if: not is_tumbling
      - id: pitch
        type: b8
        if: not is_tumbling
      - id: rotation_x_bits
        type: b32
        if: is_tumbling
      - id: rotation_y_bits
        type: b32
        if: is_tumbling
      - id: rotation_z_bits
        type: b32
        if: is_tumbling
      - id: rotation_w_bits
        type: b32
        if: is_tumbling
      - id: position_x_bits
        type: b32
      - id: position_y_bits
        type: b32
      - id: position_z_bits
        type: b32
      - id: velocity_x_bits
        type: b32
        if: is_tumbling
      - id: velocity_y_bits
        type: b32
        if: is_tumbling
      - id: velocity_z_bits
        type: b32
        if: is_tumbling
      - id: angular_velocity_x_bits
        type: b32
        if: is_tumbling
      - id: angular_velocity_y_bits
        type: b32
        if: is_tumbling
      - id: angular_velocity_z_bits
        type: b32
        if: is_tumbling
      - id: padding
        type: b7
        doc: Completes the last byte.
      - id: position
        type: sm_common::vec3f_from_bits(position_x_bits, position_y_bits, position_z_bits)
        doc: World position (floats from the bits above; reads no bytes).
      - id: rotation
        type: sm_common::quat_from_bits(rotation_x_bits, rotation_y_bits, rotation_z_bits, rotation_w_bits)
        if: is_tumbling
        doc: World rotation (reads no bytes).
      - id: velocity
        type: sm_common::vec3f_from_bits(velocity_x_bits, velocity_y_bits, velocity_z_bits)
        if: is_tumbling
      - id: angular_velocity
        type: sm_common::vec3f_from_bits(angular_velocity_x_bits, angular_velocity_y_bits, angular_velocity_z_bits)
        if: is_tumbling
    instances:
      keys:
        value: >-
          (keys_aiming ? 0x10 : 0) + (keys_sprint ? 0x08 : 0) + (keys_horizontal ? 0x04 : 0)
          + (keys_crawl ? 0x02 : 0) + (keys_jump ? 0x01 : 0)
        if: not is_tumbling
        doc: The keys bitfield as a byte (a sum of `sm_common::movement_key` values).
