meta:
  id: mme_assets
  title: Multiplayer Map Editor texture, block and sky packets
  application: Multiplayer Map Editor
  license: MIT
  ks-version: '0.11'
  imports:
    - mme_types
  endian: le
  bit-endian: le
doc: |
  Payloads of the packets that set up what the map is drawn with: file requests,
  textures, block types, block groups and the sky box. Every type parses the payload
  substream of one packet; bytes beyond the largest documented size are kept as `ignored`.
doc-ref: protocol.txt, "PACKET_FILE_REQUEST 26" to "PACKET_BLOCK_SETUP 29", "PACKET_SKY_BOX 42"
types:
  file_request:
    doc: |
      FILE_REQUEST (20): the client lacks the image file of a texture and asks the server
      to send it (through the append buffer and BUFFER_IS_FILE_DATA).
    doc-ref: protocol.txt, "PACKET_FILE_REQUEST 26"
    seq:
      - id: sha1
        size: 20
        doc: SHA-1 of the image file the client lacks (the name it caches the file under).
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
  texture_setup:
    doc: |
      TEXTURE_SETUP (2, 22, 38). 2 bytes delete the texture setup; 22 bytes change only
      the image; 38 bytes change every property. Decision: the fields add up to 38 bytes,
      so the document's remark about a "50 byte packet" means the 38-byte variant.
    doc-ref: protocol.txt, "PACKET_TEXTURE_SETUP 27"
    seq:
      - id: texture_id
        type: s2
        valid:
          min: 1
          max: 4095
        doc: Texture id number, 1 through 4095.
      - id: sha1
        size: 20
        if: _io.size >= 22
        doc: |
          SHA-1 of the image file. The client loads it from its cache, or asks for it with
          FILE_REQUEST; the 22-byte packet changes only this.
      - id: width
        type: f4
        if: _io.size >= 38
        doc: Width in meters; a negative value is that many repetitions per block.
      - id: height
        type: f4
        if: _io.size >= 38
        doc: Height in meters; a negative value is that many repetitions per block.
      - id: alpha
        type: f4
        if: _io.size >= 38
        doc: |
          Exactly 0.0 - opaque; between 0.0 and 1.0 - alpha test with this value;
          exactly 1.0 - alpha blend.
      - id: flags
        type: texture_flags
        if: _io.size >= 38
        doc: Filtering of the texture (U32 flag bits).
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      deletes:
        value: _io.size < 22
        doc: Only the id - the texture setup is deleted.
    types:
      texture_flags:
        doc: U32 flag bits, bit 0 first.
        doc-ref: protocol.txt, "PACKET_TEXTURE_SETUP 27" (U32 flag bits)
        seq:
          - id: min_filter
            type: b1
            enum: min_filter
            doc: Bit 0, the minification filter.
          - id: mag_filter
            type: b1
            enum: mag_filter
            doc: Bit 1, the magnification filter.
          - id: reserved
            type: b30
            doc: Bits 2-31, not documented.
    enums:
      min_filter:
        0: linear
        1: mipmap
      mag_filter:
        0: linear
        1: nearest
  group_setup:
    doc: |
      GROUP_SETUP (1 minimum): put blocks in a block group (blocks must be in a group to
      appear in the block menu). One byte deletes the group.
    doc-ref: protocol.txt, "PACKET_GROUP_SETUP 28"
    seq:
      - id: group_id
        type: u1
        doc: Group id number; a packet of only this byte deletes the group.
      - id: block_ids
        terminator: 0
        if: _io.size > 1
        doc: Block ids of the group, one byte each, ended by a 0 (not included here).
      - id: name
        -orig-id: group name
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        if: _io.size > 1
        doc: Name of the group, shown in the block menu.
    instances:
      deletes:
        value: _io.size == 1
        doc: Only the group id - the group is deleted.
  block_setup:
    doc: 'BLOCK_SETUP (17 minimum): textures, properties and description of a block type.'
    doc-ref: protocol.txt, "PACKET_BLOCK_SETUP 29"
    seq:
      - id: block_id
        type: u1
        valid:
          min: 1
        doc: Block id number, 1 through 255.
      - id: texture_top
        type: u2
        doc: Texture id of the "top" side.
      - id: texture_bottom
        type: u2
        doc: Texture id of the "bottom" side.
      - id: texture_front
        type: u2
        doc: Texture id of the "front" side.
      - id: texture_back
        type: u2
        doc: Texture id of the "back" side.
      - id: texture_left
        type: u2
        doc: Texture id of the "left" side.
      - id: texture_right
        type: u2
        doc: Texture id of the "right" side.
      - id: flags
        type: block_flags
        doc: |
          U32 flag bits: visibility, passability, light and how transparent faces are
          drawn.
      - id: description
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        doc: Human-readable description of the block.
    types:
      block_flags:
        doc: U32 flag bits, bit 0 first.
        doc-ref: protocol.txt, "PACKET_BLOCK_SETUP 29" (Flag bits)
        seq:
          - id: visible
            type: b1
            doc: 0 for air, 1 for basically everything else.
          - id: impassable
            -orig-id: impassible
            type: b1
            doc: 0 for air or water, 1 for solid blocks.
          - id: draw_reverse
            type: b1
            doc: Transparent blocks also show their block-to-air faces.
          - id: light
            type: b2
            enum: light
            doc: Bits 3-4.
          - id: draw_between
            type: b1
            doc: Faces between adjacent transparent blocks of this type are drawn.
          - id: reserved
            type: b26
            doc: Bits 6-31, not documented.
    enums:
      light:
        0: none
        1: weak
        2: strong
        3: sunlight
  sky_box:
    doc: |
      SKY_BOX: textures (U2 ids) for a sky box and an optional flags byte. The document
      lists sizes (0, 1, 3 - 6, 10 - 13), which do not match its 2-byte ids. Decision,
      following the fields and the prose: the number of textures is 6 from 12 bytes on,
      5 (negative z skipped) from 10, 2 (above the map, below the map) from 4, 1 (above
      the map and the four sides) from 2, none below 2; the flags byte follows the
      textures when the payload is long enough. So 0, 1 (flags only), 2, 3, 4, 5, 10, 11,
      12 and 13 bytes are exact; other sizes count as the next smaller one, the rest
      `ignored`. An empty packet selects no sky box.
    doc-ref: protocol.txt, "PACKET_SKY_BOX 42"
    seq:
      - id: texture_ids
        type: u2
        repeat: expr
        repeat-expr: num_textures
        doc: In the order of the variant (see the type's doc).
      - id: flags
        type: sky_box_flags
        # The flags byte follows the last texture id (2 bytes each) when a byte is left.
        if: _io.size > num_textures * 2
        doc: Optional flags byte after the textures.
      - id: ignored
        size-eos: true
        doc: Bytes between the size variants, and past the largest one (13), skipped.
    instances:
      # Thresholds are the byte sizes of the variants: 6 ids = 12 bytes, 5 = 10, 2 = 4,
      # 1 = 2; an odd size is the variant below plus the flags byte.
      num_textures:
        value: >-
          _io.size >= 12 ? 6 : _io.size >= 10 ? 5 : _io.size >= 4 ? 2 : _io.size >= 2 ? 1 : 0
        doc: |
          Number of texture ids the payload carries: 6, 5, 2, 1 or 0 (see the type's
          doc).
    types:
      sky_box_flags:
        doc: The optional flags byte, bit 0 first.
        doc-ref: protocol.txt, "PACKET_SKY_BOX 42" (U1 flags)
        seq:
          - id: on_map_edges
            type: b1
            doc: Place the box on the map edges rather than at a very far distance.
          - id: reserved
            type: b7
            doc: Bits 1-7, not documented.
