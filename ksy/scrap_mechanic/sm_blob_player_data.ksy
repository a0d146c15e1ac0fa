meta:
  id: sm_blob_player_data
  title: Scrap Mechanic Player Data (BlobData payload of 13)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_network_update
    - sm_character_customization
  encoding: UTF-8
  endian: be
  bit-endian: be
doc: |
  The Player Data payload of a BlobData (uid 51868883-d2d2-4953-9135-1ab0bdc2a47e, key the
  player id as le u32, no world, flags 13), after LZ4 decompression: a player's
  character, containers, carried part, name and customization. The name's size is one
  byte here, not the two of the `String` structure.
doc-ref: 13 - Generic Initialization Data, section Player Data
seq:
  - id: character_id
    -orig-id: Character ID
    type: u4
    doc: The ID of the character of the player.
  - id: steam_id
    -orig-id: Steam ID 64
    type: sm_network_update::steam_id
    doc: |
      The Steam ID of the player (be u64), in its parts; `steam_id_64` is the whole
      number.
  - id: inventory_container_id
    -orig-id: Inventory Container ID
    type: u4
    doc: The ID of the inventory container of the player.
  - id: carry_container_id
    -orig-id: Carry Container ID
    type: u4
    doc: The ID of the carry container of the player.
  - id: carry_color
    -orig-id: Carry Color
    type: u4
    doc: |
      The color of the part the player is currently carrying. Stored as `0xAABBGGRR`.
      `0xFFFFFFFF` if the player is not carrying anything.
  - id: unknown
    -orig-id: Unknown
    type: u1
    doc: Not documented.
  - id: len_name
    -orig-id: Name Size
    type: u1
    doc: |
      The size of the name of the player.
      When writing, set to the UTF-8 byte length of `name`.
  - id: name
    -orig-id: Name
    size: len_name
    type: str
    doc: The name of the player, encoded in UTF-8.
  - id: character_customization
    -orig-id: Character Customization
    type: sm_character_customization
    doc: The customization options of the character of the player.
instances:
  steam_id_64:
    value: steam_id.value
    doc: The Steam ID as one number (exact in Python; see `steam_id`).
