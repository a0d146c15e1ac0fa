meta:
  id: sm_generic_initialization_data
  title: Scrap Mechanic 13 Generic Initialization Data body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_blob_data
  endian: be
  bit-endian: be
doc: |
  The body of a 13 Generic Initialization Data packet after LZ4 decompression (Server ->
  Client, while joining). Its BlobData payloads are World Info (`sm_blob_world_info`),
  Gameplay Options (`sm_blob_gameplay_options`) and Player Data (`sm_blob_player_data`).

  The page's header says ID 0x0B (11) and its description is that of 11 (terrain data);
  the page is that of packet 13 (0x0D), and the payloads it lists are not terrain data.

  Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
  names the spec of the expanded payload. The entries are read until the end of the body:
  their number is bounded by the body's size (each takes at least 25 bytes).
doc-ref:
  - 13 - Generic Initialization Data, section Structure
  - BlobData
seq:
  - id: game_tick
    -orig-id: Game Tick
    type: u4
    doc: The tick when the server sent this packet.
  - id: blobs
    -orig-id: Data
    type: sm_blob_data
    repeat: eos
    doc: |
      The data the scripted classes are initialized with. This array is read until the end of the packet.
      When writing, the count is implied by the body's size (`repeat: eos`).
