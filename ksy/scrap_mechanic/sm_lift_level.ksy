meta:
  id: sm_lift_level
  title: Scrap Mechanic 52 Lift Level body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 52 Lift Level packet after LZ4 decompression (Client -> Server): sent
  when the player presses up or down, only while the player has a lift placed in the
  world.
doc-ref: 52 - Lift Level, section Structure
seq:
  - id: lift_id
    -orig-id: Lift ID
    type: u4
    doc: |
      The ID of the lift to change the level of. IDs of lifts placed by other players are
      accepted, IDs of non-existent lifts are ignored.
  - id: level_change
    -orig-id: Level Change
    type: s4
    doc: |
      The amount of blocks to change the lift level by: positive values raise the lift,
      negative values lower it. The lift tries to change the level by the full amount and
      ignores other Lift Level packets while moving; only when it is not changing its level
      (it reached its target, minimum or maximum height) does it accept new ones.
