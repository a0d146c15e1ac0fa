meta:
  id: sm_packet
  title: Scrap Mechanic packet (id byte and body, as sent)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  One packet as it travels: a packet id byte, then the body, whose size is what Steam's
  networking delivered. The bodies of the documented packets (21, 22, 24, 29, 30) are a
  single raw LZ4 block with no size prefix, so this spec keeps the body as bytes. The
  wirestruct runtime decompresses it (into a buffer capped by wirestruct.limits) and the
  expanded body opens with the body spec of its packet: `sm_network_update_body` (21,
  22; delta updates already expanded), `sm_unreliable_update` (24), `sm_compound_body`
  (29) or `sm_player_movement` (30). Sub-packets of a 29 are not compressed: their bodies
  open with those specs directly (21/22 only once the runtime expanded their deltas).
doc-ref:
  - Format, section Structure
  - 21 - Initialization Network Update
  - 22 - Network Update
  - 24 - Unreliable Update
  - 29 - Compound Packet
  - 30 - Player Movement
seq:
  - id: packet_id
    -orig-id: Packet ID
    type: u1
    enum: sm_common::packet_id
    doc: Which packet this is; the layout of the body depends on it.
  - id: body
    -orig-id: Data
    size-eos: true
    doc: |
      LZ4 block for documented packets; any length, including zero.
      When writing, the LZ4 block (python-lz4, no size prefix) of the uncompressed body,
      made by the writer; `size-eos`, so the record's length decides its size.
