meta:
  id: sm_packet
  title: Scrap Mechanic packet (id byte and body, as sent)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
    - sm_hello
    - sm_request_passphrase
    - sm_respond_passphrase
    - sm_client_accepted
    - sm_checksums_accepted
    - sm_join_confirmation
    - sm_harvestable_destroy
    - sm_interact
    - sm_legacy
  endian: be
  bit-endian: be
doc: |
  One packet as it travels: a packet id byte, then the body, whose size is what Steam's
  networking delivered.

  Packets documented as not LZ4 compressed (01 Hello, 03 Request Passphrase, 04 Respond
  Passphrase, 05 Client Accepted, 07 Checksums Accepted, 10 Join Confirmation, 40
  Harvestable Destroy, 50 Interact, 51 Legacy) are routed here by packet id: their body
  opens with its spec straight from the packet, in the Web IDE too. Each layout is the
  same in both directions (01 Hello, the one id the page sends both ways, has no data).

  The bodies of the packets documented as LZ4 compressed are a single raw LZ4 block with
  no size prefix, so this spec keeps them as bytes (as it does for ids no page documents).
  The wirestruct runtime decompresses the body (into a buffer capped by wirestruct.limits)
  and the expanded body opens with the body spec of its packet id, named in the doc of
  each `sm_common::packet_id` value: for instance `sm_network_update_body` (21, 22; delta
  updates already expanded), `sm_unreliable_update` (24), `sm_compound_body` (29),
  `sm_player_movement` (30), `sm_server_info` (02). Sub-packets of a 29 are not
  compressed: their bodies open with those specs directly (21/22 only once the runtime
  expanded their deltas).
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
    type:
      switch-on: packet_id
      cases:
        'sm_common::packet_id::hello': sm_hello
        'sm_common::packet_id::request_passphrase': sm_request_passphrase
        'sm_common::packet_id::respond_passphrase': sm_respond_passphrase
        'sm_common::packet_id::client_accepted': sm_client_accepted
        'sm_common::packet_id::checksums_accepted': sm_checksums_accepted
        'sm_common::packet_id::join_confirmation': sm_join_confirmation
        'sm_common::packet_id::harvestable_destroy': sm_harvestable_destroy
        'sm_common::packet_id::interact': sm_interact
        'sm_common::packet_id::legacy': sm_legacy
    doc: |
      The body of a packet that is not compressed, parsed; otherwise the LZ4 block (or the
      undocumented body) as bytes, any length, including zero.
      When writing, a routed body as the object of its spec (its type must match
      `packet_id`), written into a stream of the packet's exact size (the body is a
      substream of the rest of it); otherwise the LZ4 block (python-lz4, no size prefix)
      of the uncompressed body, made by the writer. `size-eos`, so the record's length
      decides its size.
