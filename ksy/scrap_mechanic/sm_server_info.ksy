meta:
  id: sm_server_info
  title: Scrap Mechanic 02 Server Info body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
    - sm_string
  endian: be
  bit-endian: be
doc: |
  The body of a 02 Server Info packet after LZ4 decompression: information about the
  server, such as the world seed, the current game tick, and the enabled mods, and the
  keys of the script and generic data (BlobData) the server then sends. Bound To: Server
  -> Client (the page's first sentence says "sent by the client"; its Bound To line and
  the joining sequences have the server send it).

  Decisions where the page is loose: the sub-tables write `u64`, `u16` and `u32` without
  a byte order; File ID is read big-endian (as the page's ImHex pattern of mods has it),
  in two exact halves since it is 64 bits wide. `byte[16]` UUIDs are kept in wire order
  and taken as be (the UUID text's bytes in order), as BlobData's Uid is. A GenericData
  entry is read as its table gives it, 22 bytes: the UUID, the u16 `Size` (its meaning
  not given; likely the key's size, 4) and the u32 `Key`, both big-endian like the other
  unmarked integers (`key_le` reads the key as the le u32 BlobData keys are).

  Counts are be u32 read before their lists: the runtime must bound them (each mod takes
  24 bytes and each key 22, so a list cannot outgrow the body).
doc-ref: 02 - Server Info, section Structure
seq:
  - id: version
    -orig-id: Version
    type: u4
    doc: The game build number.
  - id: gamemode
    -orig-id: Gamemode
    type: u4
    enum: gamemode
    doc: Game mode identifier.
  - id: seed
    -orig-id: Seed
    type: u4
    doc: World seed.
  - id: gametick
    -orig-id: Gametick
    type: u4
    doc: Current game tick.
  - id: num_mods
    -orig-id: Mod Count
    type: u4
    doc: |
      Amount of enabled mods.
      When writing, set to the length of `mods`.
  - id: mods
    -orig-id: Mod Data
    type: mod_data
    repeat: expr
    repeat-expr: num_mods
    doc: A list of enabled mods.
  - id: game_data
    -orig-id: Game Data
    type: sm_string
    doc: This JSON string is parsed and stored in the game script `self.data`.
  - id: num_script_keys
    -orig-id: Script Key Count
    type: u4
    doc: |
      The number of script data keys (not noted on the page).
      When writing, set to the length of `script_data`.
  - id: script_data
    -orig-id: Script Data
    type: generic_data
    repeat: expr
    repeat-expr: num_script_keys
    doc: The keys of the script data (not noted on the page).
  - id: num_generic_keys
    -orig-id: Generic Key Count
    type: u4
    doc: |
      The number of generic data keys (not noted on the page).
      When writing, set to the length of `generic_data`.
  - id: generic_data
    -orig-id: Generic Data
    type: generic_data
    repeat: expr
    repeat-expr: num_generic_keys
    doc: The keys of the generic data (not noted on the page).
  - id: flags
    -orig-id: Flags
    type: flags
    doc: Developer mode (a bitfield byte).
types:
  mod_data:
    doc: One enabled mod.
    doc-ref: 02 - Server Info, section ModData
    seq:
      - id: file_id
        -orig-id: File ID
        type: sm_common::u64_parts
        doc: The mod's file id (u64, 8 bytes; read big-endian, in two exact halves).
      - id: mod_uuid
        -orig-id: UUID
        type: sm_common::uuid
        doc: The mod's UUID (byte[16], 16 bytes; taken as be, the text's bytes in order).
  generic_data:
    doc: |
      The key of one BlobData the server has. Purpose is not fully known. The page's note
      says a **Channel** field name is a guess and unconfirmed, but its table has no
      field of that name.
    doc-ref: 02 - Server Info, section GenericData
    seq:
      - id: uid
        -orig-id: UUID
        type: sm_common::uuid
        doc: |
          The BlobData's uid (byte[16], 16 bytes; taken as be, the text's bytes in order,
          as BlobData's Uid).
      - id: key_size
        -orig-id: Size
        type: u2
        doc: |
          2 bytes (u16, read big-endian). The page does not say what it is; BlobData's
          Key Size suggests the key's size, which is 4 for the u32 key the table lists.
          Read as a value: the key is the 4 bytes the table gives whatever it says.
      - id: key
        -orig-id: Key
        type: u4
        doc: |
          4 bytes (u32, read big-endian like the page's other integers without a byte
          order); `key_le` reads the same bytes as the le u32 BlobData keys are.
    instances:
      # A byte swap written with arithmetic (JavaScript's shifts are 32-bit and signed).
      key_le:
        value: >-
          (key % 0x100) * 0x1000000 + ((key / 0x100) % 0x100) * 0x10000
          + ((key / 0x10000) % 0x100) * 0x100 + key / 0x1000000
        doc: |
          The key's 4 bytes read as a le u32, the order the keys of the documented
          BlobData payloads are stored in (a world id, a player id, ...).
  flags:
    doc: |
      The flags byte, bit 7 first. (The page's sentence under this table, about movement
      keys, is that of 30 Player Movement's Keys bitfield.)
    doc-ref: 02 - Server Info, section Flags bitfield
    seq:
      - id: developer_mode
        -orig-id: Developer Mode
        type: b1
        doc: |
          Bit 7: high when the Developer Mode is enabled. This is a server-side setting
          that can be toggled by launching with the `-dev` command line argument.
      - id: unknown
        -orig-id: Unknown
        type: b7
        doc: Bits 6..0, not known to be anything other than low.
enums:
  gamemode:
    0:
      id: alpha_terrain
      -orig-id: AlphaTerrain
    1:
      id: flat_terrain
      -orig-id: FlatTerrain
    2:
      id: classic_terrain
      -orig-id: ClassicTerrain
    3:
      id: created_terrain_test
      -orig-id: CreatedTerrain_Test
    4:
      id: created_terrain
      -orig-id: CreatedTerrain
    5:
      id: challenge
      -orig-id: Challenge
    6:
      id: challenge_builder
      -orig-id: ChallengeBuilder
    7:
      id: terrain
      -orig-id: Terrain
    8:
      id: menu_creation
      -orig-id: Menu Creation
    14:
      id: survival
      -orig-id: Survival
    15:
      id: custom
      -orig-id: Custom
    16:
      id: development
      -orig-id: Development
