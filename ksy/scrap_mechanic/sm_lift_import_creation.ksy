meta:
  id: sm_lift_import_creation
  title: Scrap Mechanic 45 Lift Import Creation body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 45 Lift Import Creation packet after LZ4 decompression (Client ->
  Server): sent when the player imports a creation onto the lift. It carries a
  `blueprint.json` compressed a second time, with LZ4 block compression (no size prefix).
  That block stays bytes: the runtime expands it with `uncompressed_size` (python-lz4's
  `lz4.block.decompress` needs it), after checking it against its limits, since the size
  is the sender's word. The result is JSON text.

  Decision where the page contradicts itself: its offset column puts the compressed data
  at 0x14, but the three fields before it end at 0x0C; the fields' sizes are followed
  (the data starts at 0x0C and is `compressed_size` bytes long). Bytes after it, if any,
  are kept in `unknown_rest`.
doc-ref: 45 - Lift Import Creation, section Structure
seq:
  - id: lift_id
    -orig-id: Lift ID
    type: u4
    doc: The ID of the lift to import the creation on.
  - id: uncompressed_size
    -orig-id: Uncompressed Size
    type: u4
    doc: The size of the blueprint data before it is compressed with LZ4.
  - id: len_compressed_blueprint_data
    -orig-id: Compressed Size
    type: u4
    doc: |
      The size of the blueprint data after it is compressed with LZ4.
      When writing, set to the byte length of `compressed_blueprint_data`.
  - id: compressed_blueprint_data
    -orig-id: Compressed Blueprint Data
    size: len_compressed_blueprint_data
    doc: |
      The contents of the `blueprint.json` file, compressed with LZ4 block compression
      (without the compressed size in front).
  - id: unknown_rest
    size-eos: true
    doc: |
      Bytes after the compressed data, which the page does not describe (empty when the
      sizes add up).
      When writing, `size-eos`: the packet's length decides its size.
