meta:
  id: sm_blob_data
  title: Scrap Mechanic BlobData (one entry of script or generic data)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  One `BlobData`: data of a kind named by `uid`, under a key, for a world, compressed
  with LZ4. Packets 11, 13, 25, 26, 27 and 28 carry them until the end of their body. The
  `GenericDataManager` and `ScriptDataManager` of the game manage them.

  The data stays bytes here: it is one raw LZ4 block (no size prefix; the expanded size
  is not sent, so the runtime must cap the expansion). The expanded payload opens with the
  spec `known_uid` names: `sm_lua_object` (Terrain Data), `sm_blob_world_info`,
  `sm_blob_gameplay_options`, `sm_blob_player_data` or `sm_blob_chat_message`; the
  payloads of other uids are not documented.

  The table's offsets after `Key` (World ID at 0x12, ...) do not count the key's size;
  the fields follow one another, so World ID is at 0x12 + Key Size.
doc-ref: BlobData, section Structure
seq:
  - id: uid
    -orig-id: Uid
    type: sm_common::uuid
    doc: |
      The unique identifier of the type of blob data (be UUID: the text's bytes in order).
      Can be a UUIDv4, or a UUIDv5 composed of a namespace and a name.
  - id: len_key
    -orig-id: Key Size
    type: u2
    doc: |
      The size of the key.
      When writing, set to the byte length of `key`.
  - id: key
    -orig-id: Key
    size: len_key
    doc: |
      The key of the blob data. Can contain `le u32` (see `key_u32`) or a `Lua Object`
      (`sm_lua_object`). The type of the key is not stored in this structure, it depends
      on the Uid.
  - id: world_id
    -orig-id: World ID
    type: u2
    enum: special_world_id
    doc: |
      The ID of the world the blob data is associated with; two values are special (see
      `special_world_id`), any other is a world's id.
  - id: flags
    -orig-id: Flags
    type: u1
    doc: |
      Flags for the blob data. It is currently not known which flags exist. The default
      value is `7`; the documented payloads use 7, 13, 15, 20 and 0.
  - id: len_data
    -orig-id: Data Size
    type: u4
    doc: |
      The size of the compressed data.
      When writing, set to the byte length of `data`.
  - id: data
    -orig-id: Data
    size: len_data
    doc: |
      The data, compressed using the LZ4 block compression algorithm. What kind of data
      is stored here depends on the `Uid` field (`known_uid`).
instances:
  key_u32:
    value: key[0] + key[1] * 0x100 + key[2] * 0x10000 + key[3] * 0x1000000
    if: len_key == 4
    doc: |
      A 4-byte key read as the `le u32` the documented payloads use (a world id, a player
      id, a chat message number, or 0).
  # The uid's 16 bytes (be UUID: in the order of the UUID's text) against the documented
  # uids of the pages of 11, 13 and 27.
  known_uid:
    value: >-
      uid.octets == [0x61, 0xaa, 0x13, 0xd7, 0xe7, 0x15, 0x41, 0x53, 0xa2, 0x69, 0x4d, 0x33, 0x8c, 0x0c, 0x5b, 0xd4] ? 1 :
      (uid.octets == [0x3f, 0xf3, 0x6c, 0x8b, 0x93, 0xf7, 0x44, 0x28, 0xae, 0x4d, 0x42, 0x9a, 0x6f, 0x0c, 0xf7, 0x7d] ? 2 :
      (uid.octets == [0x44, 0xac, 0x02, 0x0c, 0xae, 0xc7, 0x4f, 0x8b, 0xb2, 0x30, 0x34, 0xd2, 0xe3, 0xbd, 0x23, 0xeb] ? 3 :
      (uid.octets == [0x51, 0x86, 0x88, 0x83, 0xd2, 0xd2, 0x49, 0x53, 0x91, 0x35, 0x1a, 0xb0, 0xbd, 0xc2, 0xa4, 0x7e] ? 4 :
      (uid.octets == [0x46, 0x96, 0x88, 0x63, 0x09, 0x0a, 0x46, 0xb8, 0xad, 0x99, 0x11, 0x59, 0xb5, 0x34, 0x50, 0xfe] ? 5 :
      0))))
    enum: known_uid
    doc: Which documented payload the uid names; `unknown` for the others.
enums:
  special_world_id:
    0xfffe:
      id: no_world
      -orig-id: No World
      doc: The blob data is associated with no world.
    0xffff:
      id: any_world
      -orig-id: Any World
      doc: The blob data is associated with any or all worlds.
  # The BlobData Payloads sections of the packet pages: uid -> payload spec.
  known_uid:
    0:
      id: unknown
      doc: A uid no page documents; the payload stays bytes.
    1:
      id: terrain_data
      -orig-id: Terrain Data
      doc: |
        61aa13d7-e715-4153-a269-4d338c0c5bd4 (11): the terrain data of the world being
        joined, a LuaObject (`sm_lua_object`) set by `sm.terrainData.save()` or
        `sm.world.createWorld()`. Key: the world id (le u32); flags 7.
    2:
      id: world_info
      -orig-id: World Info
      doc: |
        3ff36c8b-93f7-4428-ae4d-429a6f0cf77d (13): the parameters of
        `sm.world.createWorld()` (`sm_blob_world_info`). Key: the world id (le u32);
        flags 13.
    3:
      id: gameplay_options
      -orig-id: Gameplay Options
      doc: |
        44ac020c-aec7-4f8b-b230-34d2e3bd23eb (13): difficulty, multiplayer setting and
        physics quality as JSON (`sm_blob_gameplay_options`). Key: 0 (le u32); no world;
        flags 15.
    4:
      id: player_data
      -orig-id: Player Data
      doc: |
        51868883-d2d2-4953-9135-1ab0bdc2a47e (13): a player (`sm_blob_player_data`). Key:
        the player id (le u32); no world; flags 13.
    5:
      id: chat_message
      -orig-id: Chat Message
      doc: |
        46968863-090a-46b8-ad99-1159b53450fe (27, 28): one chat message
        (`sm_blob_chat_message`). Key: the message number (le u32) from the server, 0 from
        a client; no world; flags 20 from the server, 0 from a client.
