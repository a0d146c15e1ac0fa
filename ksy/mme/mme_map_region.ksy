meta:
  id: mme_map_region
  title: Multiplayer Map Editor inflated map region
  application: Multiplayer Map Editor
  license: MIT
  ks-version: '0.11'
  imports:
    - mme_types
  endian: le
  bit-endian: le
doc: |
  Map data as wirestruct's runtime expands it for the Kaitai Web IDE: the region of a
  MAP_DATA or BUFFER_IS_MAP_DATA packet (its 12 bytes as on the wire) followed by the
  inflated block data of that region. The block data is laid out as the document
  describes: `layers[z - lower_z].rows[y - lower_y].blocks[x - lower_x]`, x varying
  fastest. Block 0 means "leave this block alone". This layout is wirestruct's export,
  not a packet on the wire.
doc-ref: protocol.txt, "PACKET_MAP_DATA 17"
seq:
  - id: region
    type: mme_types::region
    doc: |
      The region as the packet gave it; its `size_x`, `size_y` and `size_z` shape the
      data.
  - id: layers
    type: layer
    repeat: expr
    repeat-expr: region.size_z
    doc: One layer per z, lowest first.
types:
  layer:
    doc: The blocks of one z, as size_y rows.
    doc-ref: protocol.txt, "PACKET_MAP_DATA 17" (the index formula)
    seq:
      - id: rows
        type: row
        repeat: expr
        repeat-expr: _root.region.size_y
        doc: One row per y, lowest first.
  row:
    doc: The blocks of one y within a layer, x varying.
    doc-ref: protocol.txt, "PACKET_MAP_DATA 17" (the index formula)
    seq:
      - id: blocks
        size: _root.region.size_x
        doc: Block types for x = lower_x .. upper_x.
