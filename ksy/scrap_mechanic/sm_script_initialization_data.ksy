meta:
  id: sm_script_initialization_data
  title: Scrap Mechanic 11 Script Initialization Data body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_blob_data
  endian: be
  bit-endian: be
doc: |
  The body of an 11 Script Initialization Data packet after LZ4 decompression (Server ->
  Client, while joining): the initialization data related to Lua scripts that can store
  data. The only known use of this packet is to send the terrain data to the client: a
  BlobData with uid `terrain_data` whose payload is a LuaObject (`sm_lua_object`).

  Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
  names the spec of the expanded payload. The entries are read until the end of the body:
  their number is bounded by the body's size (each takes at least 25 bytes).
doc-ref:
  - 11 - Script Initialization Data, section Structure
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
