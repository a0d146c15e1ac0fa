meta:
  id: sm_remove
  title: Scrap Mechanic 35 Remove body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  The body of a 35 Remove packet after LZ4 decompression (Client -> Server, 33 bytes):
  sent when the player removes a shape or lift (joints: 39 Remove Joint). Vec3i values
  are sent Z, Y, X (`sm_common::vec3i32_zyx`). Packets with a Removed Surface the page
  does not list do nothing; their 8 bytes stay bytes here.
doc-ref: 35 - Remove, section Structure
seq:
  - id: local_position_high
    -orig-id: Local Position High
    type: sm_common::vec3i32_zyx
    doc: |
      The position of the positive-x, positive-y, positive-z, exclusive corner of blocks to
      remove, local to the body: `Local Position Low` plus the size of the box of blocks to
      remove. Always `(0, 0, 0)` for parts, but the server accepts any value.
  - id: local_position_low
    -orig-id: Local Position Low
    type: sm_common::vec3i32_zyx
    doc: |
      The position of the negative-x, negative-y, negative-z, inclusive corner of blocks to
      remove, local to the body. Always `(0, 0, 0)` for parts, but the server accepts any
      value.
  - id: removed_surface
    -orig-id: Removed Surface
    type: u1
    enum: removed_surface
    doc: The type of surface to remove.
  - id: removed_surface_data
    -orig-id: Removed Surface Data
    size: 8
    type:
      switch-on: removed_surface
      cases:
        'removed_surface::body': removed_surface_body
        'removed_surface::lift': removed_surface_lift
    doc: The data of the removed surface (8 bytes); bytes for values the page does not list.
types:
  removed_surface_body:
    doc: A shape of a body.
    doc-ref: 35 - Remove, section RemovedSurface 4 - Body
    seq:
      - id: shape_id
        -orig-id: Shape ID
        type: u4
        doc: The ID of the part to remove. Always `0` for blocks.
      - id: body_id
        -orig-id: Body ID
        type: u4
        doc: The ID of the body to remove the shape from.
  removed_surface_lift:
    doc: A lift.
    doc-ref: 35 - Remove, section RemovedSurface 6 - Lift
    seq:
      - id: unknown
        -orig-id: Unknown
        size: 4
        doc: Always equal to `00 00 00 00`. Any value is accepted by the server.
      - id: lift_id
        -orig-id: Lift ID
        type: u4
        doc: The ID of the lift to remove.
enums:
  # RemovedSurface Enum (exhaustive).
  removed_surface:
    4:
      id: body
      -orig-id: Body
      doc: A shape of a body.
    6:
      id: lift
      -orig-id: Lift
      doc: A lift.
