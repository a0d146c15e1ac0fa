meta:
  id: sm_connect
  title: Scrap Mechanic 44 Connect body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 44 Connect packet after LZ4 decompression (Client -> Server, 9 bytes):
  sent when the player changes a connection between two connection points with the
  connect tool.

  Validation, as the page describes it: if either the parent or child does not exist,
  nothing happens. A scripted part may be connected to a bearing regardless of its
  `connectionOutput`, and a bearing may get several parents (also through blueprint
  editing; persistent through reloads).
doc-ref: 44 - Connect, section Structure
seq:
  - id: child_id
    -orig-id: Child ID
    type: u4
    doc: The ID of the interactable or bearing the connection is made to.
  - id: parent_id
    -orig-id: Parent ID
    type: u4
    doc: The ID of the interactable the connection is made from.
  - id: flags
    -orig-id: Flags
    type: flags
    doc: What type of interaction was made with the connection (Flags bitfield).
types:
  flags:
    doc: |
      One byte, bit 7 first, documented as two tables: the interaction type (bits 7..4)
      and the child connection type (bits 3..0); `interaction_flag` and `connection_flag`
      list their bit values.

      Interaction: setting both Connect and Disconnect toggles the connection. If Reverse
      Direction is set, Connect and Disconnect are ignored: a part's connection cannot be
      modified then, while a bearing's direction is always reversed. No bit set: nothing
      happens.

      Child connection: no bit set, nothing happens. If Bearing is set, Standard (called
      `Part` in the page's warning) is not, and the child is not a bearing, the game
      crashes.
    doc-ref: 44 - Connect, section Flags bitfield
    seq:
      - id: unused
        -orig-id: Unused
        type: b1
        doc: Bit 7, unused.
      - id: reverse_direction
        -orig-id: Reverse Direction
        type: b1
        doc: |
          Bit 6: setting this field reverses the direction the bearing spins in, if it
          exists.
      - id: disconnect
        -orig-id: Disconnect
        type: b1
        doc: |
          Bit 5: setting this field destroys the connection between the parent and the
          child, if it exists.
      - id: connect
        -orig-id: Connect
        type: b1
        doc: |
          Bit 4: setting this field creates a connection between the parent and the child,
          if it does not exist.
      - id: unused_2
        -orig-id: Unused
        type: b2
        doc: Bits 3..2, unused.
      - id: bearing
        -orig-id: Bearing
        type: b1
        doc: 'Bit 1: set this bit to connect a part to a bearing.'
      - id: standard
        -orig-id: Standard
        type: b1
        doc: |
          Bit 0: set this bit to connect two parts or a part to a piston. If this bit is
          set, the `Bearing` bit is ignored.
    instances:
      # The documented bits packed back into one byte (the unused ones left out).
      value:
        value: >-
          (reverse_direction ? 0x40 : 0) + (disconnect ? 0x20 : 0) + (connect ? 0x10 : 0)
          + (bearing ? 0x02 : 0) + (standard ? 0x01 : 0)
        doc: |
          The documented bits as a byte (a sum of `interaction_flag` and `connection_flag`
          values).
enums:
  # Interaction type (bits 7..4).
  interaction_flag:
    0x10:
      id: connect
      -orig-id: Connect
      doc: Creates the connection if it does not exist.
    0x20:
      id: disconnect
      -orig-id: Disconnect
      doc: Destroys the connection if it exists.
    0x40:
      id: reverse_direction
      -orig-id: Reverse Direction
      doc: Reverses the direction the bearing spins in.
  # Child connection type (bits 3..0).
  connection_flag:
    0x01:
      id: standard
      -orig-id: Standard
      doc: Connects two parts or a part to a piston.
    0x02:
      id: bearing
      -orig-id: Bearing
      doc: Connects a part to a bearing.
