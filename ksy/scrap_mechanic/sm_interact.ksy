meta:
  id: sm_interact
  title: Scrap Mechanic 50 Interact body
  application: Scrap Mechanic
  license: MIT
  ks-version: '0.11'
  endian: be
  bit-endian: be
doc: |
  The body of a 50 Interact packet (Client -> Server): sent when the player interacts
  with an interactable (pressing, unpressing, interacting). Not LZ4 compressed:
  `sm_packet` routes its body here. The layout depends on the first byte, the packet type.

  The page is a work in progress. Packet types it does not list keep their data as bytes;
  bytes after the documented fields of a listed type are kept in `unknown_rest`.

  Bearing Setting (0xFA) is listed twice, by size: 21 bytes with a float value, 18 with a
  boolean. Decision: the two are told apart by the setting index at 0x0F, which the page
  documents per table (0x01..0x04 float settings, 0x10 the lock). Both tables put the
  value at 0x11 after a one-byte index at 0x0F, so the byte at 0x10 is not described; it
  is read as `unknown_2`. The float is read big-endian and the boolean as a byte, the page
  naming neither's width or order (the sizes 21 and 18 fit a 4-byte float and a 1-byte
  boolean).
doc-ref: 50 - Interact, section Structure
seq:
  - id: packet_type
    -orig-id: Packet Type
    type: u1
    enum: packet_type
    doc: Which interaction this is; the rest of the layout depends on it.
  - id: data
    type:
      switch-on: packet_type
      cases:
        'packet_type::set_seated': set_seated
        'packet_type::other': other
        'packet_type::suspension_height': suspension_height
        'packet_type::bearing_setting': bearing_setting
        _: unknown_packet_type
    doc: The fields after the packet type, by packet type.
  - id: unknown_rest
    size-eos: true
    doc: |
      Bytes after the documented fields (empty for the documented sizes).
      When writing, `size-eos`: the packet's length decides its size.
types:
  set_seated:
    doc: Entering seats.
    doc-ref: 50 - Interact, section Set seated 0x90
    seq:
      - id: interactable_id
        -orig-id: Interactable ID
        type: u4
        doc: The seat's interactable (no note on the page).
      - id: player_id
        -orig-id: Player ID
        type: u4
        doc: The player entering the seat (no note on the page).
  other:
    doc: Buttons and switches etc.; the last byte is the state (the page's comment).
    doc-ref: 50 - Interact, section Other 0x80
    seq:
      - id: interactable_id
        -orig-id: Interactable ID
        type: u4
        doc: The interactable pressed or switched (no note on the page).
      - id: state
        -orig-id: State
        type: u1
        doc: The new state (no note on the page).
  suspension_height:
    doc: Suspension Height.
    doc-ref: 50 - Interact, section Suspension Height 0x60
    seq:
      - id: interactable_id
        -orig-id: Interactable ID
        type: u4
        doc: The suspension's interactable (no note on the page).
      - id: value
        -orig-id: Value
        type: u2
        doc: The suspension height (no note on the page).
  bearing_setting:
    doc: Bearing Setting (see the spec's doc for the two sizes).
    doc-ref:
      - 50 - Interact, section Bearing Setting (Size=21) 0xfA
      - 50 - Interact, section Bearing Setting (Size=18) 0xfA
    seq:
      - id: unknown
        -orig-id: Unknown
        size: 14
        doc: Not described (u8[14]).
      - id: setting
        -orig-id: type
        type: u1
        enum: bearing_setting_index
        doc: Index of bearing change.
      - id: unknown_2
        size: 1
        doc: The byte at 0x10, between the index (0x0F) and the value (0x11); not described.
      - id: float_value
        -orig-id: Value
        type: f4
        if: is_float_setting
        doc: The new speed or angle (a float, Size=21).
      - id: lock_value
        -orig-id: Value
        type: u1
        if: setting == bearing_setting_index::bearing_lock
        doc: Whether the bearing is locked (a boolean byte, Size=18).
    instances:
      is_float_setting:
        value: >-
          setting == bearing_setting_index::l_turn_speed or setting == bearing_setting_index::r_turn_speed
          or setting == bearing_setting_index::r_turn_angle or setting == bearing_setting_index::l_turn_angle
        doc: Whether the setting's value is a float (Size=21) rather than a boolean (Size=18).
  unknown_packet_type:
    doc: A packet type the page does not list.
    doc-ref: 50 - Interact, section Structure
    seq:
      - id: data
        size-eos: true
        doc: The rest of the body, undecoded.
enums:
  packet_type:
    0x60:
      id: suspension_height
      -orig-id: Suspension Height
      doc: Suspension height.
    0x80:
      id: other
      -orig-id: Other
      doc: Buttons and switches etc.
    0x90:
      id: set_seated
      -orig-id: Set seated
      doc: Entering seats.
    0xfa:
      id: bearing_setting
      -orig-id: Bearing Setting
      doc: A bearing's speed, angle or lock.
  # The index of a bearing change (the `type` field of Bearing Setting).
  bearing_setting_index:
    0x01:
      id: l_turn_speed
      -orig-id: LTurnSpeed
      doc: A float value (Size=21).
    0x02:
      id: r_turn_speed
      -orig-id: RTurnSpeed
      doc: A float value (Size=21).
    0x03:
      id: r_turn_angle
      -orig-id: RTurnANgle
      doc: A float value (Size=21).
    0x04:
      id: l_turn_angle
      -orig-id: LTurnAngle
      doc: A float value (Size=21).
    0x10:
      id: bearing_lock
      -orig-id: BearingLock
      doc: A boolean value (Size=18).
