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

  A sub-packet can be any server-to-client packet documented as LZ4 compressed: 02 Server
  Info (`sm_server_info`), 11 Script Initialization Data
  (`sm_script_initialization_data`), 13 Generic Initialization Data
  (`sm_generic_initialization_data`), 18 Display Message (`sm_display_message`), 19
  Display Alert Text (`sm_display_alert_text`), 21/22 Network Update
  (`sm_network_update_body` once the runtime expanded the deltas), 24 Unreliable Update
  (`sm_unreliable_update`), 25 Script Data (S->C) (`sm_script_data_s2c`), 27 Generic Data
  (S->C) (`sm_generic_data_s2c`), and 29 itself. Their bodies are not compressed here, so
  those specs open them as they are. (A sub-packet of a packet documented as not
  compressed would open as `sm_packet` routes it.)
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
          compressed (see the spec's doc for their body specs).
      - id: body
        -orig-id: Packet Data
        # The size counts the packet id byte read just before.
        size: len_subpacket - 1
        doc: The uncompressed body of the sub-packet.
