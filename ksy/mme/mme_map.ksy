meta:
  id: mme_map
  title: Multiplayer Map Editor map packets
  application: Multiplayer Map Editor
  license: MIT
  ks-version: '0.11'
  imports:
    - mme_types
  endian: le
  bit-endian: le
doc: |
  Payloads of the packets that create and fill the map: the loading screen, map setup and
  properties, fills, single-block changes, compressed region data, the append buffer and
  the whole-map stream. Block type 0 means "leave this block alone" in every one of them.

  Compressed data is zlib (the client also accepts gzip, anything zlib's automatic header
  detection accepts), and may be several streams appended end to end. It stays bytes
  here so the spec loads everywhere; wirestruct's runtime inflates it, capped by the
  region's volume, and `mme_map_region` parses the result.
doc-ref: protocol.txt, "PACKET_MAP_SETUP 14" to "PACKET_BUFFER_IS_FILE_DATA 23"
types:
  map_loading:
    doc: |
      MAP_LOADING (any size): shows the map loading screen with a progress bar; an empty
      packet removes it.
    doc-ref: protocol.txt, "PACKET_MAP_LOADING 12"
    seq:
      - id: progress
        type: u1
        if: _io.size >= 1
        doc: 0 shows no progress, 255 the maximum ("so close it rounds to 100%").
      - id: message
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        if: _io.size >= 2
        doc: Replaces the displayed message (default "Receiving map data...").
    instances:
      removes_screen:
        value: _io.size == 0
        doc: An empty packet - the loading screen is removed.
  map_setup:
    doc: |
      MAP_SETUP (0, 8): free the current map and create an empty one of these dimensions;
      an empty packet only frees the map.
    doc-ref: protocol.txt, "PACKET_MAP_SETUP 14"
    seq:
      - id: size_x
        -orig-id: map x dimension
        type: u2
        valid:
          expr: _ % 32 == 0
        if: _io.size >= 8
        doc: Required to be a multiple of 32.
      - id: size_y
        -orig-id: map y dimension
        type: u2
        valid:
          expr: _ % 32 == 0
        if: _io.size >= 8
        doc: Required to be a multiple of 32.
      - id: size_z
        -orig-id: map z dimension
        type: u2
        valid:
          expr: _ % 32 == 0
        if: _io.size >= 8
        doc: Required to be a multiple of 32.
      - id: sea_level
        -orig-id: map sea level
        type: u2
        if: _io.size >= 8
        doc: Height of the sea in the new map.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      frees:
        value: _io.size < 8
        doc: No dimensions - the map is freed and none is created.
  map_properties:
    doc: 'MAP_PROPERTIES (8): properties that do not reset the map data.'
    doc-ref: protocol.txt, "PACKET_MAP_PROPERTIES 15"
    seq:
      - id: attributes
        type: attributes
        doc: U4 bit mask; every documented bit is reserved or a removed feature.
      - id: block_size
        type: f4
        doc: Size of a block, in meters.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    types:
      attributes:
        doc: U4 bit mask, bit 0 first.
        doc-ref: protocol.txt, "PACKET_MAP_PROPERTIES 15" (U4 bit mask)
        seq:
          - id: removed_features
            type: b3
            doc: Bits 0-2, removed features - always set to zero.
          - id: reserved
            type: b29
            doc: Bits 3-31, reserved (set to zero).
  map_fill:
    doc: |
      MAP_FILL (13, 14): fill a region (corners inclusive) with one block type; the
      player id is optional.
    doc-ref: protocol.txt, "PACKET_MAP_FILL 16"
    seq:
      - id: region
        type: mme_types::region
        doc: The box to fill; the lower corner must not exceed the upper one.
      - id: block_type
        -orig-id: new block type
        type: u1
        doc: 0 leaves the region alone.
      - id: player_id
        type: u1
        if: _io.size >= 14
        doc: Player responsible for the fill.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
  map_data:
    doc: |
      MAP_DATA (12 minimum): compressed block data for a region, x fastest, then y, then
      z; decompressed it is exactly `region.volume` bytes. 0 bytes leave blocks alone.
      The compressed size is at most 65524 bytes (32x32x32 chunks are recommended).
    doc-ref: protocol.txt, "PACKET_MAP_DATA 17"
    seq:
      - id: region
        type: mme_types::region
        doc: |
          The box the data fills; the lower corner must not exceed the upper one, and it
          must lie inside the map.
      - id: data
        size-eos: true
        doc: |
          zlib (or gzip) data, possibly several streams end to end.
          When writing, the zlib stream (or gzip member) of the region's blocks, compressed
          by the writer (`wirestruct.mme.encoder.compress_blocks`); `region`'s volume must
          match the block count.
  map_modify:
    doc: 'MAP_MODIFY (7, 8): change one block.'
    doc-ref: protocol.txt, "PACKET_MAP_MODIFY 25"
    seq:
      - id: x
        type: s2
        doc: Block x coordinate.
      - id: y
        type: s2
        doc: Block y coordinate.
      - id: z
        type: s2
        doc: Block z coordinate.
      - id: block_type
        -orig-id: new block type
        type: u1
        doc: 0 leaves the block alone.
      - id: player_id
        -orig-id: user id
        type: u1
        if: _io.size >= 8
        doc: The player who changed the block; 0 for none (water flows, animations).
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
  compressed_chunk:
    doc: |
      BUFFER_APPEND and MAP_TOTAL_DATA (any size): the next piece of a compressed byte
      stream. BUFFER_APPEND adds it to the buffer; MAP_TOTAL_DATA inflates it straight
      into the whole map (x fastest, then y, then z) as it arrives.
    doc-ref: protocol.txt, "PACKET_BUFFER_RESET 20" and "PACKET_MAP_TOTAL_RESET 18"
    seq:
      - id: data
        size-eos: true
        doc: |
          The next piece of the compressed stream; pieces need not end on a stream
          boundary.

          When writing, a piece of the compressed stream as bytes (`size-eos`):
          `len_payload` decides its length.
  buffer_is_map_data:
    doc: |
      BUFFER_IS_MAP_DATA (12): inflate the whole buffer (possibly several compressed
      streams end to end) into this region, as MAP_DATA does.
    doc-ref: protocol.txt, "PACKET_BUFFER_IS_MAP_DATA 22"
    seq:
      - id: region
        type: mme_types::region
        doc: |
          The box the buffer's data fills; the data comes from BUFFER_RESET /
          BUFFER_APPEND.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
