meta:
  id: mme_types
  title: Multiplayer Map Editor shared types and tables
  application: Multiplayer Map Editor
  license: MIT
  ks-version: '0.11'
  endian: le
  bit-endian: le
doc: |
  The types and tables that several packets of the Multiplayer Map Editor protocol share:
  the packet type numbers, colors, disconnect reasons, map regions, the player credentials
  of AUTHENTICATE and CONNECT, packet type sets (the bit vectors of
  AVAILABLE_PACKET_TYPES / SELECT_PACKET_TYPES) and the flag byte of menu widgets.
  Imported by the packet specs of this folder; it parses nothing on its own.

  Fixed-size strings (the document's `Bx`) are null-filled: a string that fills its field
  has no terminator, a shorter one ends at the first NUL and the rest of the field is
  discarded. Text is decoded as ISO-8859-1 so every byte value maps to one character.
doc-ref: protocol.txt, "data types" and "Colors"
types:
  empty:
    doc: |
      A packet with no documented fields (IDLE_PING, MAP_TOTAL_RESET, BUFFER_RESET,
      BUFFER_IS_FILE_DATA). Any payload is a future extension and is kept as `ignored`.
    doc-ref: protocol.txt, "Packet Type Constants" (larger sizes are ignored)
    seq:
      - id: ignored
        size-eos: true
        doc: Bytes beyond the documented size (0), ignored as the document says.
  region:
    doc: |
      A box of the map given by two corners, both inclusive; S2 coordinates. The data
      for it is (size_x * size_y * size_z) bytes, x varying fastest, then y, then z.
    doc-ref: protocol.txt, "PACKET_MAP_DATA 17"
    seq:
      - id: lower_x
        type: s2
        doc: x of the lower corner, inclusive.
      - id: lower_y
        type: s2
        doc: y of the lower corner, inclusive.
      - id: lower_z
        type: s2
        doc: z of the lower corner, inclusive.
      - id: upper_x
        type: s2
        doc: x of the upper corner, inclusive; not below `lower_x`.
      - id: upper_y
        type: s2
        doc: y of the upper corner, inclusive; not below `lower_y`.
      - id: upper_z
        type: s2
        doc: z of the upper corner, inclusive; not below `lower_z`.
    instances:
      is_ordered:
        value: lower_x <= upper_x and lower_y <= upper_y and lower_z <= upper_z
        doc: The document requires the lower corner not to exceed the upper one.
      # The corners are inclusive, hence the + 1; a reversed region is empty rather than
      # negative, so `volume` never goes below 0.
      size_x:
        value: 'is_ordered ? upper_x - lower_x + 1 : 0'
        doc: Blocks along x (0 for a reversed region).
      size_y:
        value: 'is_ordered ? upper_y - lower_y + 1 : 0'
        doc: Blocks along y (0 for a reversed region).
      size_z:
        value: 'is_ordered ? upper_z - lower_z + 1 : 0'
        doc: Blocks along z (0 for a reversed region).
      volume:
        value: size_x * size_y * size_z
        doc: Number of blocks in the region, the decompressed size of its data.
  credentials:
    doc: |
      What the login server hands a player: the name, the global player id, a time and
      the token. Sent in AUTHENTICATE and forwarded in CONNECT. The token is the SHA-1 of
      the server's secret salt followed by the last three fields exactly as sent, so the
      unused part of the name must be NUL bytes.
    doc-ref: protocol.txt, "PACKET_AUTHENTICATE 5"
    seq:
      - id: name
        size: 24
        type: strz
        encoding: ISO-8859-1
        doc: The name this player is currently using (B24, null-filled).
      - id: player_id
        type: u4
        doc: Global player id number, the one to identify players by.
      - id: time
        type: u4
        doc: Unix time the token was issued at, as returned by time().
      - id: token
        size: 20
        doc: Authentication token, SHA-1(server salt + name + player_id + time).
  packet_type_set:
    doc: |
      A set of packet types as a little-endian bit vector: bit n (bit n % 8 of byte
      n / 8, least significant bit first) is set when packet type n is in the set. Zero
      bytes at the end need not be sent; types whose bits are missing are not in the set.
      The vector is kept as its bytes: one flag per bit would be up to 65,536 objects
      for a packet of 8 KiB, read one bit at a time.
    doc-ref: protocol.txt, "PACKET_AVAILABLE_PACKET_TYPES 0"
    seq:
      - id: bitmap
        size-eos: true
        doc: |
          The bit vector: bit k (least significant first) of byte n is packet type
          8 * n + k; the document's 65,536 types take at most 8,192 bytes.
          When writing, `len_payload` is the vector's length.
  widget_flags:
    doc: The flag byte all server-menu widgets share (and MENU_RESPONSE echoes).
    doc-ref: protocol.txt, "Server-Side Menus"
    seq:
      - id: active
        type: b1
        doc: |
          Check boxes and radio buttons start checked; text inputs submit on enter;
          buttons are red. In MENU_RESPONSE of a check box: it is checked.
      - id: live
        type: b1
        doc: Changes are sent to the server immediately (not for password fields).
      - id: disable
        type: b1
        doc: A button that cannot be clicked.
      - id: offset
        type: b1
        doc: Buttons are drawn half a line lower.
      - id: reserved
        type: b4
        doc: Bits 4-7, not documented.
enums:
  packet_type:
    0:
      id: available_packet_types
      -orig-id: PACKET_AVAILABLE_PACKET_TYPES
      doc: Packet types the sender knows how to send (sent first, by both sides).
    1:
      id: select_packet_types
      -orig-id: PACKET_SELECT_PACKET_TYPES
      doc: Packet types the sender wishes to receive.
    2:
      id: ping_request
      -orig-id: PACKET_PING_REQUEST
    3:
      id: ping_response
      -orig-id: PACKET_PING_RESPONSE
    4:
      id: idle_ping
      -orig-id: PACKET_IDLE_PING
    5:
      id: authenticate
      -orig-id: PACKET_AUTHENTICATE
    6:
      id: connect
      -orig-id: PACKET_CONNECT
    7:
      id: disconnect
      -orig-id: PACKET_DISCONNECT
    8:
      id: chat_message
      -orig-id: PACKET_CHAT_MESSAGE
    9:
      id: announce_player
      -orig-id: PACKET_ANNOUNCE_PLAYER
    10:
      id: denounce_player
      -orig-id: PACKET_DENOUNCE_PLAYER
    11:
      id: player_abilities
      -orig-id: PACKET_PLAYER_ABILITIES
    12:
      id: map_loading
      -orig-id: PACKET_MAP_LOADING
    13:
      id: random_garbage
      -orig-id: PACKET_RANDOM_GARBAGE
    14:
      id: map_setup
      -orig-id: PACKET_MAP_SETUP
    15:
      id: map_properties
      -orig-id: PACKET_MAP_PROPERTIES
    16:
      id: map_fill
      -orig-id: PACKET_MAP_FILL
    17:
      id: map_data
      -orig-id: PACKET_MAP_DATA
    18:
      id: map_total_reset
      -orig-id: PACKET_MAP_TOTAL_RESET
    19:
      id: map_total_data
      -orig-id: PACKET_MAP_TOTAL_DATA
    20:
      id: buffer_reset
      -orig-id: PACKET_BUFFER_RESET
    21:
      id: buffer_append
      -orig-id: PACKET_BUFFER_APPEND
    22:
      id: buffer_is_map_data
      -orig-id: PACKET_BUFFER_IS_MAP_DATA
    23:
      id: buffer_is_file_data
      -orig-id: PACKET_BUFFER_IS_FILE_DATA
    24:
      id: move_player
      -orig-id: PACKET_MOVE_PLAYER
    25:
      id: map_modify
      -orig-id: PACKET_MAP_MODIFY
    26:
      id: file_request
      -orig-id: PACKET_FILE_REQUEST
    27:
      id: texture_setup
      -orig-id: PACKET_TEXTURE_SETUP
    28:
      id: group_setup
      -orig-id: PACKET_GROUP_SETUP
    29:
      id: block_setup
      -orig-id: PACKET_BLOCK_SETUP
    30:
      id: menu_request
      -orig-id: PACKET_MENU_REQUEST
    31:
      id: menu_response
      -orig-id: PACKET_MENU_RESPONSE
    32:
      id: menu_reset
      -orig-id: PACKET_MENU_RESET
    33:
      id: menu_text
      -orig-id: PACKET_MENU_TEXT
    34:
      id: menu_link
      -orig-id: PACKET_MENU_LINK
    35:
      id: menu_check
      -orig-id: PACKET_MENU_CHECK
    36:
      id: menu_radio
      -orig-id: PACKET_MENU_RADIO
    37:
      id: menu_input
      -orig-id: PACKET_MENU_INPUT
    38:
      id: menu_button
      -orig-id: PACKET_MENU_BUTTON
    39:
      id: menu_erase
      -orig-id: PACKET_MENU_ERASE
    40:
      id: menu_salted_password
      -orig-id: PACKET_MENU_SALTED_PASSWORD
    41:
      id: menu_resize
      -orig-id: PACKET_MENU_RESIZE
    42:
      id: sky_box
      -orig-id: PACKET_SKY_BOX
    43:
      id: client_version
      -orig-id: PACKET_CLIENT_VERSION
    44:
      id: portal_cookie
      -orig-id: PACKET_PORTAL_COOKIE
    45:
      id: player_skin
      -orig-id: PACKET_PLAYER_SKIN
    46:
      id: menu_texture
      -orig-id: PACKET_MENU_TEXTURE
    47:
      id: server_name
      -orig-id: PACKET_SERVER_NAME
    48:
      id: projectile_create
      -orig-id: PACKET_PROJECTILE_CREATE
    49:
      id: projectile_collision
      -orig-id: PACKET_PROJECTILE_COLLISION
  color:
    0:
      id: default
      doc: ANNOUNCE_PLAYER only - "may be zero to indicate a default color".
    1: brown
    2: red
    3: orange
    4: yellow
    5: green
    6: blue
    7: purple
    8: gray
    9: white
    10: black
    11: rainbow
    12: pink
    13: silver
    14: gold
    15: ruby
    16: emerald
  disconnect_reason:
    0:
      id: no_reason
      -orig-id: DISCONNECT_NULL
      doc: No useful code given, see the human-readable reason.
    1:
      id: error
      -orig-id: DISCONNECT_ERROR
      doc: Communication errors, like sending invalid data.
    2:
      id: reboot
      -orig-id: DISCONNECT_REBOOT
      doc: Server is restarting; reconnecting should work in less than 30 seconds.
    3:
      id: full
      -orig-id: DISCONNECT_FULL
      doc: Too many clients; reconnect some time later, not immediately.
    4:
      id: idle
      -orig-id: DISCONNECT_IDLE
      doc: Disconnected for inactivity.
    5:
      id: kick
      -orig-id: DISCONNECT_KICK
      doc: Kicked; may reconnect after some penalty period.
    6:
      id: ban
      -orig-id: DISCONNECT_BAN
      doc: Banned; will not be allowed to reconnect.
    7:
      id: random
      -orig-id: DISCONNECT_RANDOM
      doc: Sent by the client when the player disconnects for whatever reason.
  projectile_type:
    0: create_block
    1: destroy_block
    2:
      id: other
      doc: Listed as valid in PROJECTILE_CREATE ("0, 1, 2") but not described.
  collision_type:
    0: block
    1: player_model
