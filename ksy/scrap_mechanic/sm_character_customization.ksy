meta:
  id: sm_character_customization
  title: Scrap Mechanic Character Customization
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_common
  endian: be
  bit-endian: be
doc: |
  The customization of a character (the `character` file of a user's folder, and 09
  Character Info and the Player Data payload of 13): a version, the gender, then one UUID
  and one palette index per customization option, in the order of the
  `customization_option` table (face first). The option UUIDs are be u128: the UUID text's
  bytes in order, not reversed as item UUIDs are.

  The option count is one byte, so each list holds at most 255 entries.
doc-ref: Character Customization, section Structure
seq:
  - id: version
    -orig-id: Version
    type: u4
    doc: Not confirmed, but this field is always 2.
  - id: gender
    -orig-id: Gender
    type: u1
    enum: gender
    doc: |
      This is not a boolean. If it were, everything after this field would be shifted by
      one bit.
  - id: num_options
    -orig-id: Options Length
    type: u1
    doc: |
      The number of customization options.
      When writing, set to the length of `option_uuids`, which `option_palette_indices`
      must equal.
  - id: option_uuids
    -orig-id: Options UUIDs
    type: sm_common::uuid
    repeat: expr
    repeat-expr: num_options
    doc: |
      The UUIDs of the customization options (be u128: big-endian, which is uncommon), by
      the indices of `customization_option`. All of them are listed in
      `$GAME_DATA/Character/customization_options.json`.
  - id: option_palette_indices
    -orig-id: Options Palette Indeces
    type: u4
    repeat: expr
    repeat-expr: num_options
    doc: |
      The color palette indices of the customization options, by the indices of
      `customization_option`. Only `Face` and `Hair` can be configured through in-game user
      interfaces.
enums:
  gender:
    0:
      id: male
      -orig-id: Male
    1:
      id: female
      -orig-id: Female
  # Customization Options: the index of each option in `option_uuids` and
  # `option_palette_indices`.
  customization_option:
    0:
      id: face
      -orig-id: Face
    1:
      id: hair
      -orig-id: Hair
    2:
      id: facial_hair
      -orig-id: FacialHair
    3:
      id: torso
      -orig-id: Torso
    4:
      id: gloves
      -orig-id: Gloves
    5:
      id: shoes
      -orig-id: Shoes
    6:
      id: pants
      -orig-id: Pants
    7:
      id: hat
      -orig-id: Hat
    8:
      id: backpack
      -orig-id: Backpack
