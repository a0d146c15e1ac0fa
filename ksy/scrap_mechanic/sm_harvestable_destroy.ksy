meta:
  id: sm_harvestable_destroy
  title: Scrap Mechanic 40 Harvestable Destroy body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 40 Harvestable Destroy packet (Client -> Server): sent when the player
  removes a glowstick effect, picks up an item, or `sm.harvestable.destroy` is called. Not
  LZ4 compressed: `sm_packet` routes its body here.

  The page is a work in progress (two unknown bytes; 6 bytes in all): bytes after the
  documented fields are kept in `unknown_rest` rather than failing the packet.
doc-ref: 40 - Harvestable Destroy, section Structure
seq:
  - id: unknown
    -orig-id: Unknown
    type: u1
    doc: The first byte; the page marks it Unknown.
  - id: unknown_2
    -orig-id: Unknown
    type: u1
    doc: The second byte; the page marks it Unknown.
  - id: effect_id
    -orig-id: Effect ID
    type: u4
    doc: The effect's ID (no note on the page).
  - id: unknown_rest
    size-eos: true
    doc: |
      Bytes after the documented fields, not described by the page (empty in a 6-byte
      body).
      When writing, `size-eos`: the packet's length decides its size.
