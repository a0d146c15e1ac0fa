meta:
  id: sm_common
  title: Scrap Mechanic network protocol, shared types and tables
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  Types and tables shared by the Scrap Mechanic packet specs: vectors, quaternions,
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
doc-ref:
  - 22 - Network Update, section Other structures
  - 34 - Place, section Vec3i
  - Format
  - BitStream
types:
  vec3f_xyz:
    doc: Three 32-bit floats in X, Y, Z order (`Vec3fXYZ`, and `Vec3f` of 24).
    doc-ref: 22 - Network Update, section Vec3fXYZ
    seq:
      - id: x
        type: f4
        doc: X coordinate, a 32-bit float.
      - id: y
        type: f4
        doc: Y coordinate, a 32-bit float.
      - id: z
        type: f4
        doc: Z coordinate, a 32-bit float.
  vec3f_zyx:
    doc: Three 32-bit floats in Z, Y, X order.
    doc-ref: 22 - Network Update, section Vec3fZYX
    seq:
      - id: z
        type: f4
        doc: Z coordinate, a 32-bit float, sent first.
      - id: y
        type: f4
        doc: Y coordinate, a 32-bit float.
      - id: x
        type: f4
        doc: X coordinate, a 32-bit float, sent last.
  vec3i16_xyz:
    doc: Three signed 16-bit integers in X, Y, Z order.
    doc-ref: 22 - Network Update, section Vec3i16XYZ
    seq:
      - id: x
        type: s2
        doc: X coordinate, a signed 16-bit integer.
      - id: y
        type: s2
        doc: Y coordinate, a signed 16-bit integer.
      - id: z
        type: s2
        doc: Z coordinate, a signed 16-bit integer.
  vec3i32_xyz:
    doc: Three signed 32-bit integers in X, Y, Z order.
    doc-ref: 22 - Network Update, section Vec3i32XYZ
    seq:
      - id: x
        type: s4
        doc: X coordinate, a signed 32-bit integer.
      - id: y
        type: s4
        doc: Y coordinate, a signed 32-bit integer.
      - id: z
        type: s4
        doc: Z coordinate, a signed 32-bit integer.
  vec3i32_zyx:
    doc: |
      Three signed 32-bit integers in Z, Y, X order (`Vec3i` of 34 Place and 35 Remove,
      whose note calls the order counterintuitive).
    doc-ref:
      - 34 - Place, section Vec3i
      - 35 - Remove, section Vec3i
    seq:
      - id: z
        type: s4
        doc: The signed Z coordinate, sent first.
      - id: y
        type: s4
        doc: The signed Y coordinate.
      - id: x
        type: s4
        doc: The signed X coordinate, sent last.
  quat_xyzw:
    doc: A rotation quaternion, imaginary parts first, real part W last (`QuatXYZW`, and `Quat` of 24).
    doc-ref: 22 - Network Update, section QuatXYZW
    seq:
      - id: x
        type: f4
        doc: Imaginary X component, a 32-bit float.
      - id: y
        type: f4
        doc: Imaginary Y component, a 32-bit float.
      - id: z
        type: f4
        doc: Imaginary Z component, a 32-bit float.
      - id: w
        type: f4
        doc: The real part, a 32-bit float, sent last.
  quat_wzyx:
    doc: A rotation quaternion, real part W first, then Z, Y, X.
    doc-ref: 22 - Network Update, section QuatWZYX
    seq:
      - id: w
        type: f4
        doc: The real part, a 32-bit float, sent first.
      - id: z
        type: f4
        doc: Imaginary Z component, a 32-bit float.
      - id: y
        type: f4
        doc: Imaginary Y component, a 32-bit float.
      - id: x
        type: f4
        doc: Imaginary X component, a 32-bit float.
  transform:
    doc: The transform of a physical object in a world.
    doc-ref: 22 - Network Update, section Transform
    seq:
      - id: rotation
        type: quat_xyzw
        doc: Orientation of the object in the world.
      - id: position
        type: vec3f_xyz
        doc: Position of the object in the world.
      - id: velocity
        type: vec3f_xyz
        doc: Linear velocity of the object.
      - id: angular_velocity
        type: vec3f_xyz
        doc: Rate of rotation of the object about each axis.
  uuid:
    doc: |
      A 128-bit UUID, kept as its 16 bytes in wire order. Fields documented `le u128`
      (items, characters, tools, shapes) store the canonical UUID text's bytes reversed;
      fields documented `be u128` or `be UUID` (container filters, character customization
      options, BlobData uids; 02's `byte[16]` UUIDs are taken as these) store them in text
      order. Each field's doc says which. The nil UUID is 16 zero bytes.
    doc-ref: 22 - Network Update, section ContainerItem
    seq:
      - id: octets
        size: 16
        doc: The UUID's 16 bytes as sent; their order depends on the field (see above).
  u64_parts:
    doc: |
      A be u64 read as its two 32-bit halves, most significant first, so that the Web IDE
      (JavaScript numbers hold 53 bits) shows both exactly; `value` is the whole number,
      exact in Python, possibly rounded in JavaScript. Used for the 64-bit fields that are
      not SteamIDs (workshop file ids, chat timestamps).

      When writing, set `high` and `low`; `value` is computed from them.
    doc-ref: 02 - Server Info, section ModData
    seq:
      - id: high
        type: u4
        doc: The most significant 32 bits.
      - id: low
        type: u4
        doc: The least significant 32 bits.
    instances:
      # A multiplication rather than a shift (JavaScript's shifts are 32-bit).
      value:
        value: high * 0x100000000 + low
        doc: The 64-bit number.
  f4_from_bits:
    doc: |
      A big-endian IEEE 754 single-precision float read as 32 raw bits, for floats that
      do not start on a byte boundary. Reads nothing itself: the bits come as a parameter
      and `value` is the float. The power of two is built from the exponent's bits, so the
      result is exact (zero, subnormal, normal, infinity and NaN).

      When writing, nothing is written for this type: it is a value computed from its
      parameter, which the parent's `b32` field holds; build it with the same bits.
    doc-ref: BitStream
    params:
      - id: bits
        type: u4
        doc: The float's 32 bits, sign bit first.
    instances:
      is_negative:
        value: bits >= 0x80000000
        doc: The sign bit (bit 31) is set.
      # Division and modulo instead of shifts and masks: JavaScript's bitwise operators
      # work on signed 32-bit integers and would turn bit 31 into a negative number.
      exponent:
        value: (bits / 0x800000) % 0x100
        doc: The biased 8-bit exponent.
      mantissa:
        value: bits % 0x800000
        doc: The 23-bit fraction.
      # The expression language has no power operator: multiply together 2^(2^i) for
      # every set bit i of the exponent (2^1, 2^2, 2^4 ... 2^128), each exact in a double.
      pow2_exponent:
        value: >-
          ((exponent % 2) == 1 ? 2.0 : 1.0)
          * (((exponent / 2) % 2) == 1 ? 4.0 : 1.0)
          * (((exponent / 4) % 2) == 1 ? 16.0 : 1.0)
          * (((exponent / 8) % 2) == 1 ? 256.0 : 1.0)
          * (((exponent / 16) % 2) == 1 ? 65536.0 : 1.0)
          * (((exponent / 32) % 2) == 1 ? 4294967296.0 : 1.0)
          * (((exponent / 64) % 2) == 1 ? 1.8446744073709552e19 : 1.0)
          * (((exponent / 128) % 2) == 1 ? 3.402823669209385e38 : 1.0)
        doc: 2 to the power of the biased exponent (2^0 .. 2^255; exact in a double).
      # 1.401298464324817e-45 is 2^-149 (the smallest subnormal); 5.877471754111438e-39
      # is 2^-127, which turns 2^exponent into 2^(exponent - 127). 1.0e308 * 10.0
      # overflows to infinity, and infinity minus infinity is NaN.
      magnitude:
        value: >-
          exponent == 0 ? mantissa * 1.401298464324817e-45 :
          (exponent == 255 ? (mantissa == 0 ? 1.0e308 * 10.0 : (1.0e308 * 10.0) - (1.0e308 * 10.0)) :
          (1.0 + mantissa / 8388608.0) * pow2_exponent * 5.877471754111438e-39)
        doc: |
          Subnormal: mantissa * 2^-149. Normal: (1 + mantissa / 2^23) * 2^(exponent - 127).
          Exponent 255: infinity (mantissa 0) or NaN.
      value:
        value: 'is_negative ? -magnitude : magnitude'
        doc: The float.
    -webide-representation: '{value:dec}'
  vec3f_from_bits:
    doc: A Vec3f whose three floats were read as raw bits in a bit stream (X, Y, Z).
    doc-ref: 24 - Unreliable Update, section Vec3f
    params:
      - id: x_bits
        type: u4
      - id: y_bits
        type: u4
      - id: z_bits
        type: u4
    seq:
      - id: x
        type: f4_from_bits(x_bits)
        doc: X coordinate, the float of `x_bits` (reads no bytes).
      - id: y
        type: f4_from_bits(y_bits)
        doc: Y coordinate, the float of `y_bits` (reads no bytes).
      - id: z
        type: f4_from_bits(z_bits)
        doc: Z coordinate, the float of `z_bits` (reads no bytes).
  quat_from_bits:
    doc: A Quat (X, Y, Z, W) whose four floats were read as raw bits in a bit stream.
    doc-ref: 24 - Unreliable Update, section Quat
    params:
      - id: x_bits
        type: u4
      - id: y_bits
        type: u4
      - id: z_bits
        type: u4
      - id: w_bits
        type: u4
    seq:
      - id: x
        type: f4_from_bits(x_bits)
        doc: Imaginary X component, the float of `x_bits` (reads no bytes).
      - id: y
        type: f4_from_bits(y_bits)
        doc: Imaginary Y component, the float of `y_bits` (reads no bytes).
      - id: z
        type: f4_from_bits(z_bits)
        doc: Imaginary Z component, the float of `z_bits` (reads no bytes).
      - id: w
        type: f4_from_bits(w_bits)
        doc: The real part, the float of `w_bits` (reads no bytes).
enums:
  # Every packet id with a page, by the page's name. Each doc gives the number, the
  # direction ("Bound To"), whether a packet sent on its own has an LZ4 body ("LZ4
  # Compressed"), and the spec of its body: packets not compressed are routed by
  # `sm_packet`, compressed ones keep their body as bytes there and the named spec
  # parses the decompressed body (or the body of a 29 Compound sub-packet).
  packet_id:
    0x01:
      id: hello
      -orig-id: Hello
      doc: |
        01, client to server, and the server answers with the same packet; not
        compressed; no data (`sm_hello`).
    0x02:
      id: server_info
      -orig-id: Server Info
      doc: 02, server to client; LZ4 compressed (`sm_server_info`).
    0x03:
      id: request_passphrase
      -orig-id: Request Passphrase
      doc: 03, server to client; not compressed; no data (`sm_request_passphrase`).
    0x04:
      id: respond_passphrase
      -orig-id: Respond Passphrase
      doc: 04, client to server; not compressed (`sm_respond_passphrase`).
    0x05:
      id: client_accepted
      -orig-id: Client Accepted
      doc: 05, server to client; not compressed; no data (`sm_client_accepted`).
    0x06:
      id: file_checksums
      -orig-id: File Checksums
      doc: 06, client to server; LZ4 compressed (`sm_file_checksums`).
    0x07:
      id: checksums_accepted
      -orig-id: Checksums Accepted
      doc: 07, server to client; not compressed; no data (`sm_checksums_accepted`).
    0x08:
      id: checksums_denied
      -orig-id: Checksums Denied
      doc: |
        08, documented client to server (though it answers 06 as 07 does); LZ4
        compressed (`sm_checksums_denied`).
    0x09:
      id: character_info
      -orig-id: Character Info
      doc: 09, client to server; LZ4 compressed (`sm_character_info`).
    0x0a:
      id: join_confirmation
      -orig-id: Join Confirmation
      doc: 10, server to client; not compressed; no data (`sm_join_confirmation`).
    0x0b:
      id: script_initialization_data
      -orig-id: Script Initialization Data
      doc: 11, server to client; LZ4 compressed (`sm_script_initialization_data`).
    0x0d:
      id: generic_initialization_data
      -orig-id: Generic Initialization Data
      doc: 13, server to client; LZ4 compressed (`sm_generic_initialization_data`).
    0x12:
      id: display_message
      -orig-id: Display Message
      doc: 18, server to client; LZ4 compressed (`sm_display_message`).
    0x13:
      id: display_alert_text
      -orig-id: Display Alert Text
      doc: 19, server to client; LZ4 compressed (`sm_display_alert_text`).
    0x15:
      id: initialization_network_update
      doc: 21, sent while joining; handled exactly like 22. LZ4 compressed.
    0x16:
      id: network_update
      doc: 22, NetObjs created, updated or removed. LZ4 compressed.
    0x18:
      id: unreliable_update
      doc: 24, transforms and controller data sent every tick. LZ4 compressed.
    0x19:
      id: script_data_s2c
      -orig-id: Script Data (S->C)
      doc: 25, server to client; LZ4 compressed (`sm_script_data_s2c`).
    0x1a:
      id: script_data_c2s
      -orig-id: Script Data (C->S)
      doc: 26, client to server; LZ4 compressed (`sm_script_data_c2s`).
    0x1b:
      id: generic_data_s2c
      -orig-id: Generic Data (S->C)
      doc: 27, server to client; LZ4 compressed (`sm_generic_data_s2c`).
    0x1c:
      id: generic_data_c2s
      -orig-id: Generic Data (C->S)
      doc: 28, client to server; LZ4 compressed (`sm_generic_data_c2s`).
    0x1d:
      id: compound_packet
      doc: 29, several uncompressed sub-packets in one. LZ4 compressed.
    0x1e:
      id: player_movement
      doc: 30, the client's movement keys and look direction. LZ4 compressed.
    0x1f:
      id: hotbar_item_changed
      -orig-id: Equipped Item Changed
      doc: |
        31, client to server; LZ4 compressed (`sm_hotbar_item_changed`). The page's file
        is named hotbar-item-changed, its title Equipped Item Changed.
    0x20:
      id: container_transaction
      -orig-id: Container Transaction
      doc: 32, client to server; LZ4 compressed (`sm_container_transaction`).
    0x21:
      id: drop_item_stack
      -orig-id: Drop Item Stack
      doc: 33, client to server; LZ4 compressed (`sm_drop_item_stack`).
    0x22:
      id: place
      -orig-id: Place
      doc: 34, client to server; LZ4 compressed (`sm_place`).
    0x23:
      id: remove
      -orig-id: Remove
      doc: 35, client to server; LZ4 compressed (`sm_remove`).
    0x27:
      id: remove_joint
      -orig-id: Remove Joint
      doc: 39, client to server; LZ4 compressed (`sm_remove_joint`).
    0x28:
      id: harvestable_destroy
      -orig-id: Harvestable Destroy
      doc: 40, client to server; not compressed (`sm_harvestable_destroy`).
    0x2b:
      id: lift_delete_creation
      -orig-id: Lift Delete Creation
      doc: 43, client to server; LZ4 compressed (`sm_lift_delete_creation`).
    0x2c:
      id: connect
      -orig-id: Connect
      doc: 44, client to server; LZ4 compressed (`sm_connect`).
    0x2d:
      id: lift_import_creation
      -orig-id: Lift Import Creation
      doc: 45, client to server; LZ4 compressed (`sm_lift_import_creation`).
    0x32:
      id: interact
      -orig-id: Interact
      doc: 50, client to server; not compressed (`sm_interact`).
    0x33:
      id: legacy
      -orig-id: Legacy
      doc: |
        51, client to server, never sent by a vanilla client; not compressed; no data
        (`sm_legacy`).
    0x34:
      id: lift_level
      -orig-id: Lift Level
      doc: 52, client to server; LZ4 compressed (`sm_lift_level`).
  # NetObjType (22, NetObjType Enum). 24 uses the same values; only rigid_body,
  # controller and character can be updated unreliably.
  netobj_type:
    0: rigid_body
    1: child_shape
    2: joint
    3: controller
    4: container
    5: harvestable
    6: character
    7: lift
    8: tool
    9: portal
    10: path_node
    11: unit
    12: voxel_terrain_cell
    13: scriptable_object
    14: shape_group
  movement_key:
    0x01:
      id: jump
      doc: Holding the Jump button.
    0x02:
      id: crawl
      doc: Holding the Crawl (crouch) keybind.
    0x04:
      id: horizontal
      doc: Any of Move Forward, Move Backward, Strafe Left, Strafe Right pressed.
    0x08:
      id: sprint
      doc: Sprinting while moving horizontally.
    0x10:
      id: aim
      doc: Aiming with a tool (`Tool:setMovementSlowDown`).
