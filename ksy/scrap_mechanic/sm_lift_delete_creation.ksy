meta:
  id: sm_lift_delete_creation
  title: Scrap Mechanic 43 Lift Delete Creation body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 43 Lift Delete Creation packet after LZ4 decompression (Client ->
  Server): sent when the player deletes a creation from the lift. If the lift does not
  exist, nothing happens; the server does not check that the sender owns the lift, so any
  player can delete creations of any lift.
doc-ref: 43 - Lift Delete Creation, section Structure
seq:
  - id: lift_id
    -orig-id: Lift ID
    type: u4
    doc: The ID of the lift to delete the creation from.
