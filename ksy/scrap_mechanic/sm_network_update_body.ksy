meta:
  id: sm_network_update_body
  title: Scrap Mechanic 21/22 Network Update body, deltas expanded
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_network_update
  endian: be
  bit-endian: be
doc: |
  The body of a 21 Initialization Network Update or 22 Network Update after LZ4
  decompression and with every DeltaUpdate already reconstructed by the wirestruct
  runtime, so that every sub-update is a RawUpdate (be u16 size including itself, then a
  NetworkUpdate). This is the file the Web IDE export writes for these packets.

  On the wire a sub-update whose first bit is set is a DeltaUpdate: a bitfield of
  `(n + 8) >> 3` bytes, `n` being the size of the previous sub-update's data (which may
  have been in an earlier packet), then the replaced bytes. Its length cannot be known
  from the packet alone, so only the runtime (wirestruct.scrap_mechanic.delta) can expand
  it; this spec describes the result. Decision where the document is loose: the
  pseudo-code loops over bitfield bytes, but the worked example (`80 ef 02`) goes bit by
  bit, from the least significant bit of the last bitfield byte (data byte 0) upwards; a
  set bit keeps the previous byte. The runtime follows the example.

  The Web IDE has no record of earlier Creates: each NetworkUpdate is opened with
  controller type 0 (not known), and the controller type of UpdateRigidBody and
  UpdateChildShape is recovered from the data size (see `sm_network_update`).
doc-ref:
  - 21 - Initialization Network Update, section Structure
  - 22 - Network Update, sections Structure and DeltaUpdate
seq:
  - id: tick
    type: u4
    doc: The tick at which the packet was sent.
  - id: sub_updates
    type: raw_update
    repeat: eos
    doc: |
      The sub-updates until the end of the body, each a RawUpdate here: the runtime
      has already expanded every DeltaUpdate.

      When writing, the count is implied by the body's size (`repeat: eos`), and
      DeltaUpdates are not described here: the encoder's `SubUpdateFramer` frames each sub-
      update as raw or delta against the previous one.
types:
  raw_update:
    doc-ref: 22 - Network Update, section RawUpdate
    seq:
      - id: len_update
        -orig-id: Size
        type: u2
        # The top bit of the first byte tells a RawUpdate (clear) from a DeltaUpdate
        # (set), so a raw size is at most 0x7fff.
        valid:
          min: 2
          max: 0x7fff
        doc: |
          Size of the update including this field; the top bit is clear (raw, not delta).
          When writing, set to 2 + the byte length of `data`.
      - id: data
        size: len_update - 2
        type: sm_network_update(0)
        doc: |
          The NetworkUpdate, opened with controller type 0 (not known; see the spec's doc
          for how the controller type is then recovered).
