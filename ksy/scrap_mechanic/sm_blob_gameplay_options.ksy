meta:
  id: sm_blob_gameplay_options
  title: Scrap Mechanic Gameplay Options (BlobData payload of 13)
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  imports:
    - sm_string
  endian: be
  bit-endian: be
doc: |
  The Gameplay Options payload of a BlobData (uid 44ac020c-aec7-4f8b-b230-34d2e3bd23eb,
  key 0 as le u32, no world, flags 15), after LZ4 decompression: the difficulty, the
  multiplayer setting and the physics quality, as JSON, for example
  `{"Difficulty":1,"Multiplayer":2,"PhysicsQuality":8}` and a newline. The values are
  listed in the enums (`difficulty`, `multiplayer`, `physics_quality`); they are inside
  the JSON text, which this spec does not take apart.
doc-ref: 13 - Generic Initialization Data, section Gameplay Options
seq:
  - id: options
    -orig-id: Options
    type: sm_string
    doc: A stringified JSON object containing the gameplay options of the world.
enums:
  # The values of the JSON object's keys (section Example).
  difficulty:
    0:
      id: easy
      -orig-id: Easy
      doc: '`Difficulty` 0, as `sm.game.getDifficulty()` returns it.'
    1:
      id: normal
      -orig-id: Normal
      doc: '`Difficulty` 1 (the default).'
  multiplayer:
    0:
      id: private
      -orig-id: Private
    1:
      id: friends_only
      -orig-id: Friends Only
    2:
      id: friends_of_friends
      -orig-id: Friends of Friends
      doc: The default.
    3:
      id: public
      -orig-id: Public
  physics_quality:
    0:
      id: simple_1
      -orig-id: Simple 1
    8:
      id: advanced
      -orig-id: Advanced
      doc: The default.
