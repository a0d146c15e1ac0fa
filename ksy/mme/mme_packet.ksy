meta:
  id: mme_packet
  title: Multiplayer Map Editor packet
  application: Multiplayer Map Editor
  license: MIT
  ks-version: '0.11'
  imports:
    - mme_types
    - mme_connection
    - mme_players
    - mme_map
    - mme_assets
    - mme_menu
  endian: le
  bit-endian: le
doc: |
  One packet of the Multiplayer Map Editor protocol as it travels on the TCP stream, in
  either direction: a U2 packet type, a U2 payload size (not counting these four bytes)
  and the payload, parsed by the type's payload spec.

  The document lists the valid payload sizes of each type. A payload longer than the
  largest listed size is parsed as that size and the excess is kept in the payload's
  `ignored` field; a size between two listed sizes counts as the smaller one. Payloads
  shorter than the smallest valid size are rejected by wirestruct's decoder, which names
  the packet and its sizes, before this spec runs. Types without a payload spec here
  (50 and above, future protocol versions) keep their payload as bytes.

  Layers: this spec frames the packet and routes on `packet_type` to the payload types
  of mme_connection, mme_players, mme_map, mme_assets and mme_menu, which share the
  types and tables of mme_types.
doc-ref: protocol.txt, "Packet format" and "Packet Type Constants"
seq:
  - id: packet_type
    type: u2
    enum: mme_types::packet_type
    doc: Which packet this is; only types the receiver selected may be sent.
  - id: len_payload
    -orig-id: packet size
    type: u2
    doc: |
      Size of the payload, not counting the 4-byte header.
      When writing, set to the byte length of `payload`; for types with size variants it
      also picks the variant, so it must leave room for exactly the payload fields given
      (the MME encoder's `payload_packet` computes it).
  - id: payload
    -orig-id: packet data
    size: len_payload
    # Routed on the number (`packet_type.to_i`, each case commented with its name): the
    # generated Python then compares plain integers, which keeps the per-packet cost of
    # routing low. The cases are exactly the mme_types::packet_type table.
    type:
      switch-on: packet_type.to_i
      cases:
        0: mme_types::packet_type_set  # available_packet_types
        1: mme_types::packet_type_set  # select_packet_types
        2: mme_connection::ping  # ping_request
        3: mme_connection::ping  # ping_response
        4: mme_types::empty  # idle_ping
        5: mme_connection::authenticate  # authenticate
        6: mme_connection::connect  # connect
        7: mme_connection::disconnect  # disconnect
        8: mme_players::chat_message  # chat_message
        9: mme_players::announce_player  # announce_player
        10: mme_players::denounce_player  # denounce_player
        11: mme_players::player_abilities  # player_abilities
        12: mme_map::map_loading  # map_loading
        13: mme_connection::random_garbage  # random_garbage
        14: mme_map::map_setup  # map_setup
        15: mme_map::map_properties  # map_properties
        16: mme_map::map_fill  # map_fill
        17: mme_map::map_data  # map_data
        18: mme_types::empty  # map_total_reset
        19: mme_map::compressed_chunk  # map_total_data
        20: mme_types::empty  # buffer_reset
        21: mme_map::compressed_chunk  # buffer_append
        22: mme_map::buffer_is_map_data  # buffer_is_map_data
        23: mme_types::empty  # buffer_is_file_data
        24: mme_players::move_player  # move_player
        25: mme_map::map_modify  # map_modify
        26: mme_assets::file_request  # file_request
        27: mme_assets::texture_setup  # texture_setup
        28: mme_assets::group_setup  # group_setup
        29: mme_assets::block_setup  # block_setup
        30: mme_menu::menu_request  # menu_request
        31: mme_menu::menu_response  # menu_response
        32: mme_menu::menu_reset  # menu_reset
        33: mme_menu::menu_text  # menu_text
        34: mme_menu::menu_widget  # menu_link
        35: mme_menu::menu_widget  # menu_check
        36: mme_menu::menu_widget  # menu_radio
        37: mme_menu::menu_input  # menu_input
        38: mme_menu::menu_button  # menu_button
        39: mme_menu::menu_erase  # menu_erase
        40: mme_menu::menu_salted_password  # menu_salted_password
        41: mme_menu::menu_resize  # menu_resize
        42: mme_assets::sky_box  # sky_box
        43: mme_connection::client_version  # client_version
        44: mme_connection::portal_cookie  # portal_cookie
        45: mme_players::player_skin  # player_skin
        46: mme_menu::menu_texture  # menu_texture
        47: mme_connection::server_name  # server_name
        48: mme_players::projectile_create  # projectile_create
        49: mme_players::projectile_collision  # projectile_collision
    doc: |
      The packet data, parsed by the payload type of its packet type; types without a
      payload type here stay bytes.

      When writing, `packet_type` must name this payload's type: `_check()` does not compare
      the switch value with the payload object.
