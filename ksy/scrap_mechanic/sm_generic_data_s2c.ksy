meta:
  id: sm_generic_data_s2c
  title: Scrap Mechanic 27 Generic Data (S->C) body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_blob_data
  endian: be
  bit-endian: be
doc: |
  The body of a 27 Generic Data (S->C) packet after LZ4 decompression (Server -> Client).
  The page is a work in progress; the one payload it documents is the Chat Message
  (`sm_blob_chat_message`), broadcast to all players when a player chats, and with an empty
  sender when a player joins.

  Each BlobData's data is an LZ4 block kept as bytes (`sm_blob_data`); its `known_uid`
  names the spec of the expanded payload. The entries are read until the end of the body:
  their number is bounded by the body's size (each takes at least 25 bytes).
doc-ref:
  - 27 - Generic Data (S->C), section Structure
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
      The generic data. This array is read until the end of the packet.
      When writing, the count is implied by the body's size (`repeat: eos`).
