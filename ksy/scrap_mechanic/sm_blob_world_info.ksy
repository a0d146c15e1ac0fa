meta:
  id: sm_blob_world_info
  title: Scrap Mechanic World Info (BlobData payload of 13)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_string
  endian: be
  bit-endian: be
doc: |
  The World Info payload of a BlobData (uid 3ff36c8b-93f7-4428-ae4d-429a6f0cf77d, key the
  world id as le u32, flags 13), after LZ4 decompression: every parameter passed to
  `sm.world.createWorld()` when the world was created.
doc-ref: 13 - Generic Initialization Data, section World Info
seq:
  - id: seed
    -orig-id: Seed
    type: u4
    doc: The seed of the world.
  - id: filename
    -orig-id: Filename
    type: sm_string
    doc: The filename of the world.
  - id: classname
    -orig-id: Classname
    type: sm_string
    doc: The classname of the world.
  - id: terrain_params
    -orig-id: Terrain Params
    type: sm_string
    doc: A stringified JSON object containing the terrain parameters of the world.
