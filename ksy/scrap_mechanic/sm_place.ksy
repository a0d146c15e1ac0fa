meta:
  id: sm_place
  title: Scrap Mechanic 34 Place body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  The body of a 34 Place packet after LZ4 decompression (Client -> Server, 109 bytes):
  sent when the player places a shape.

  `Local Position` and `Local Position Start` depend on the surface the shape is placed
  on (`placed_on`): local to the world (relative to its origin) for terrain surfaces,
  terrain assets and lifts, local to the body (as `shape:getLocalPosition()` returns) for
  bodies and joints. Vec3i values are sent Z, Y, X (`sm_common::vec3i32_zyx`).

  Validation, as the page describes it: the server does a collision check where the shape
  will appear and ignores the packet if the space is taken; it does not check that the
  shape is connected to anything. Any Size is accepted (negative bounds too; in limited
  inventory mode a negative volume rewards blocks). Any Z Axis and X Axis are accepted,
  impossible ones included (undefined behaviour). The Shape Uuid must belong to a loaded
  shape, or the server answers 19 Display Alert Text "Your host does not support that
  shape". In limited inventory mode the hotbar slot must hold the Item Uuid and the Item
  Uuid must be the Shape Uuid or its `baseUuid`; in unlimited mode the Hotbar Index and
  Item Uuid are ignored. Unknown Placed On values are rejected (`Failed to create shape
  {<uuid>}`); their 8 bytes stay bytes here.
doc-ref: 34 - Place, section Structure
seq:
  - id: hotbar_index
    -orig-id: Hotbar Index
    type: u4
    doc: The index of the placed item in the hotbar.
  - id: total_item_quantity
    -orig-id: Total Item Quantity
    type: u4
    doc: |
      The total amount of items of the same type in the player's inventory. Always `1`
      when in unlimited inventory mode; any value is accepted by the server.
  - id: size
    -orig-id: Size
    type: sm_common::vec3i32_zyx
    doc: The size of the blocks placed. Always `(0, 0, 0)` for parts, which the server ignores.
  - id: local_position_start
    -orig-id: Local Position Start
    type: sm_common::vec3i32_zyx
    doc: |
      The position in block units, local to the world or body, where the shape is placed
      on. The placed shape will be connected to all sticky faces adjacent to this
      position.
  - id: z_axis
    -orig-id: Z Axis
    type: sm_common::vec3i32_zyx
    doc: The Z-axis of the placed shape.
  - id: x_axis
    -orig-id: X Axis
    type: sm_common::vec3i32_zyx
    doc: The X-axis of the placed shape.
  - id: local_position
    -orig-id: Local Position
    type: sm_common::vec3i32_zyx
    doc: |
      The position of the placed shape in block units, local to the world or body. If
      local to the body, this value matches the value returned by the
      `shape:getLocalPosition()` Lua API function.
  - id: item_uuid
    -orig-id: Item Uuid
    type: sm_common::uuid
    doc: |
      The UUID of the item in the inventory that is placed (le u128). This does not have
      to equal the Shape Uuid: the Vacuum Pipes, for example, have multiple shapes that
      can be placed with a single item.
  - id: shape_uuid
    -orig-id: Shape Uuid
    type: sm_common::uuid
    doc: The UUID of the placed shape (le u128).
  - id: placed_on
    -orig-id: Placed On
    type: u1
    enum: placed_on
    doc: The type of surface the shape is placed on.
  - id: placed_on_data
    -orig-id: Placed On Data
    size: 8
    type:
      switch-on: placed_on
      cases:
        'placed_on::terrain_surface': placed_on_terrain
        'placed_on::terrain_asset': placed_on_terrain
        'placed_on::body': placed_on_body
        'placed_on::lift': placed_on_lift
        'placed_on::joint': placed_on_joint
    doc: The data of the placed on surface (8 bytes); bytes for values the page does not list.
types:
  placed_on_terrain:
    doc: |
      Placed on a terrain surface; a terrain asset appears to be the same. The server
      accepts any values here.
    doc-ref:
      - 34 - Place, section PlacedOn 2 - Terrain Surface
      - 34 - Place, section PlacedOn 3 - Terrain Asset
    seq:
      - id: unknown
        -orig-id: Unknown
        size: 4
        doc: |
          Most of the time equal to `00 00 02 BB`, but right after entering the world equal
          to `D2 0A 69 8D`. The server accepts any value, modifying it does not seem to
          result in any changes.
      - id: unknown_2
        -orig-id: Unknown
        size: 4
        doc: |
          Different every time. The server accepts any value, modifying it does not seem
          to result in any changes.
  placed_on_body:
    doc: Placed on a body; positions are local to the body.
    doc-ref: 34 - Place, section PlacedOn 4 - Body
    seq:
      - id: shape_id
        -orig-id: Shape ID
        type: u4
        doc: |
          The ID of the shape the new shape is placed on. Using a non-existing Shape ID is
          accepted by the server.
      - id: body_id
        -orig-id: Body ID
        type: u4
        doc: |
          The ID of the body the new shape is placed on. Using a non-existing Body ID will
          fail to create the shape.
  placed_on_lift:
    doc: Placed on a lift; positions are local to the world.
    doc-ref: 34 - Place, section PlacedOn 6 - Lift
    seq:
      - id: unknown
        -orig-id: Unknown
        size: 4
        doc: Appears to be the same as the first Unknown field of Terrain Surface.
      - id: lift_id
        -orig-id: Lift ID
        type: u4
        doc: |
          The ID of the lift the new shape is placed on. Using a non-existing Lift ID
          results in the shape becoming static.
  placed_on_joint:
    doc: Placed on a joint; positions are local to the body.
    doc-ref: 34 - Place, section PlacedOn 8 - Joint
    seq:
      - id: unknown
        -orig-id: Unknown
        size: 4
        doc: Appears to be the same as the first Unknown field of Terrain Surface.
      - id: joint_id
        -orig-id: Joint ID
        type: u4
        doc: |
          The ID of the joint the new shape is placed on. Using a non-existing Joint ID
          will fail to create the shape.
enums:
  # PlacedOn Enum (exhaustive); the note's table adds where positions are local to.
  placed_on:
    2:
      id: terrain_surface
      -orig-id: Terrain Surface
      doc: Local positions are local to the world.
    3:
      id: terrain_asset
      -orig-id: Terrain Asset
      doc: Local positions are local to the world.
    4:
      id: body
      -orig-id: Body
      doc: Local positions are local to the body.
    6:
      id: lift
      -orig-id: Lift
      doc: Local positions are local to the world.
    8:
      id: joint
      -orig-id: Joint
      doc: Local positions are local to the body.
