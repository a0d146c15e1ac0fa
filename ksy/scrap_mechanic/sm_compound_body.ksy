meta:
  id: sm_compound_body
  title: Scrap Mechanic 29 Compound Packet body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  The body of a 29 Compound Packet after LZ4 decompression: sub-packets until the end,
  each as if it had arrived on its own but not compressed. The wirestruct runtime first
  walks the size prefixes itself, counting sub-packets against its item limit, and hands
  this spec only the sub-packets within it; it then decodes every sub-packet in order as
  its own packet. In the Web IDE their bodies stay bytes (open them with the body spec of
  their packet id).
doc-ref: 29 - Compound Packet, section Structure
seq:
  - id: subpackets
    type: subpacket
    repeat: eos
    doc: |
      The sub-packets, read until the end of the body.
      When writing, the sub-packet count is implied by the body's size (`repeat: eos`):
      write into a stream of exactly the sum of the sub-packets' sizes.
types:
  subpacket:
    doc-ref: 29 - Compound Packet, section Subpacket Structure
    seq:
      - id: len_subpacket
        -orig-id: Size
        type: u4
        valid:
          min: 1
        doc: |
          Size of the packet id plus the data.
          When writing, set to 1 + the byte length of `body` (the id byte counts).
      - id: packet_id
        -orig-id: Packet ID
        type: u1
        enum: sm_common::packet_id
        doc: |
          Which packet the sub-packet is: any server-to-client packet documented as LZ4
          compressed.
      - id: body
        -orig-id: Packet Data
        # The size counts the packet id byte read just before.
        size: len_subpacket - 1
        doc: The uncompressed body of the sub-packet.
