meta:
  id: sm_character_info
  title: Scrap Mechanic 09 Character Info body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_string
    - sm_character_customization
  endian: be
  bit-endian: be
doc: |
  The body of a 09 Character Info packet after LZ4 decompression (Client -> Server):
  the name of the player and the customization options of the character.
doc-ref: 09 - Character Info, section Structure
seq:
  - id: name
    -orig-id: Name
    type: sm_string
    doc: |
      The name of the player of the character. The server displays this name above the
      character and in the chat.
  - id: character_customization
    -orig-id: Character Customization
    type: sm_character_customization
    doc: The customization options of the character.
