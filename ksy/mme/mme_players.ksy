meta:
  id: mme_players
  title: Multiplayer Map Editor player packets
  application: Multiplayer Map Editor
  license: MIT
  ks-version: '0.11'
  imports:
    - mme_types
  endian: le
  bit-endian: le
doc: |
  Payloads of the packets about players: chat, announcing and denouncing players,
  abilities, positions, skins and projectiles. Every type parses the payload substream of
  one packet; optional fields are present when the payload is long enough, and bytes
  beyond the largest documented size are kept as `ignored`.
doc-ref: protocol.txt, "Packet Type Constants"
types:
  chat_message:
    doc: |
      CHAT_MESSAGE (1 minimum). Player id 0 is the server. Colors are switched inside
      the text by ESC (27) followed by a color number (see mme_types::color).
    doc-ref: protocol.txt, "PACKET_CHAT_MESSAGE 8"
    seq:
      - id: player_id
        type: u1
        doc: Who said it; 0 for a server message.
      - id: message
        size-eos: true
        type: strz
        encoding: ISO-8859-1
        doc: The text, with ESC + color number escapes.
    instances:
      from_server:
        value: player_id == 0
        doc: Player id 0 - a message from the server.
  announce_player:
    doc: |
      ANNOUNCE_PLAYER (1 minimum). The document calls the name "S24": a null-filled name
      of at most 24 bytes. Decision: the color is present from 2 bytes on, the name from 3
      bytes on and takes the rest of the payload up to 24 bytes (cut at the first NUL);
      more than 26 bytes are `ignored`. A field the payload does not reach keeps its
      previous value (the 1-byte packet re-announces a denounced player).
    doc-ref: protocol.txt, "PACKET_ANNOUNCE_PLAYER 9"
    seq:
      - id: player_id
        type: u1
        valid:
          min: 1
        doc: Player id; 0 is invalid.
      - id: color
        type: u1
        enum: mme_types::color
        if: _io.size >= 2
        doc: Unused by the client; 0 means the default color.
      # Bytes 2 .. 25 at most: the name takes what follows player_id and color, up to 24.
      - id: name
        -orig-id: player name
        size: '_io.size >= 26 ? 24 : _io.size - 2'
        type: strz
        encoding: ISO-8859-1
        if: _io.size >= 3
        doc: The player's name, null-filled, at most 24 bytes.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      keeps_color:
        value: _io.size < 2
        doc: The color keeps its previous value.
      keeps_name:
        value: _io.size < 3
        doc: The name keeps its previous value.
  denounce_player:
    doc: DENOUNCE_PLAYER (1). Stop rendering a player; its name and color are kept.
    doc-ref: protocol.txt, "PACKET_DENOUNCE_PLAYER 10"
    seq:
      - id: player_id
        type: u1
        doc: The player to stop rendering.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
  player_abilities:
    doc: |
      PLAYER_ABILITIES (10, 26): what the client should allow the player to do. The
      16 bytes of the 26-byte variant are documented as not yet implemented.
    doc-ref: protocol.txt, "PACKET_PLAYER_ABILITIES 11"
    seq:
      - id: permissions
        type: permissions
        doc: U4 bit mask of binary permissions.
      - id: box_volume_limit
        type: u4
        doc: 0 disallows building altogether, 1 disallows boxes.
      - id: box_dimension_limit
        type: u2
        doc: Limit of the largest box dimension.
      - id: box_dimension_limit_2
        type: u2
        if: _io.size >= 26
        doc: Limit of the second largest box dimension.
      - id: box_dimension_limit_3
        type: u2
        if: _io.size >= 26
        doc: Limit of the smallest box dimension.
      - id: copy_volume_limit
        -orig-id: copy/paste volume limit
        type: u4
        if: _io.size >= 26
        doc: Largest volume a copy/paste may cover (not yet implemented).
      - id: copy_dimension_limit_1
        -orig-id: copy/paste dimension limit 1
        type: u2
        if: _io.size >= 26
        doc: Limit of the largest copy/paste dimension (not yet implemented).
      - id: copy_dimension_limit_2
        -orig-id: copy/paste dimension limit 2
        type: u2
        if: _io.size >= 26
        doc: Limit of the second largest copy/paste dimension (not yet implemented).
      - id: copy_dimension_limit_3
        -orig-id: copy/paste dimension limit 3
        type: u2
        if: _io.size >= 26
        doc: Limit of the smallest copy/paste dimension (not yet implemented).
      - id: max_chat_length
        type: u2
        if: _io.size >= 26
        doc: |
          Maximum length of a chat message; counts only what the player types, not the
          name or anything else.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    types:
      permissions:
        doc: U4 bit mask of binary permissions, bit 0 first.
        doc-ref: protocol.txt, "PACKET_PLAYER_ABILITIES 11" (U4 bit mask)
        seq:
          - id: allow_flying
            type: b1
            doc: Allow flying (floating).
          - id: allow_fast_flying
            -orig-id: allow high-speed flying
            type: b1
            doc: Allow high-speed flying.
          - id: allow_noclip
            type: b1
            doc: Allow moving through solid blocks.
          - id: reserved
            type: b29
            doc: Bits 3-31, reserved (set to zero).
  move_player:
    doc: |
      MOVE_PLAYER (20, 21). Without a player id (20 bytes) or with id 0 the client
      teleports its own player to this position.
    doc-ref: protocol.txt, "PACKET_MOVE_PLAYER 24"
    seq:
      - id: x
        type: f4
        doc: Position in block coordinates.
      - id: y
        type: f4
        doc: Position in block coordinates.
      - id: z
        type: f4
        doc: Position in block coordinates.
      - id: u
        type: f4
        doc: Head left-right rotation, radians.
      - id: v
        type: f4
        doc: Head up-down rotation, radians.
      - id: player_id
        type: u1
        if: _io.size >= 21
        doc: The player who moved; 0 or absent - the receiving client's own player.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      teleports_self:
        value: _io.size < 21 or player_id == 0
        doc: No player id, or player id 0 - the receiving client's own player moves.
  player_skin:
    doc: |
      PLAYER_SKIN (0, 3; the prose adds 1). Three bytes set the texture of a player
      model; one byte resets that model to its internal default. Decision: an empty
      packet names no model and changes nothing; 2 bytes count as 1.
    doc-ref: protocol.txt, "PACKET_PLAYER_SKIN 45"
    seq:
      - id: model_id
        -orig-id: Player model ID
        type: u1
        valid:
          min: 1
        if: _io.size >= 1
        doc: Player model, 1 - 255.
      - id: texture_id
        type: u2
        if: _io.size >= 3
        doc: Texture (from TEXTURE_SETUP) for the model; the document gives 0 - 1529.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
    instances:
      resets:
        value: _io.size >= 1 and _io.size < 3
        doc: The model's texture goes back to the internal default.
  projectile_create:
    doc: 'PROJECTILE_CREATE (21): a player fired a weapon; other clients draw the projectile.'
    doc-ref: protocol.txt, "PACKET_PROJECTILE_CREATE 48"
    seq:
      - id: projectile_type
        type: u1
        enum: mme_types::projectile_type
        doc: Which mouse button created it.
      - id: x
        type: f4
        doc: Position in block coordinates.
      - id: y
        type: f4
        doc: Position in block coordinates.
      - id: z
        type: f4
        doc: Position in block coordinates.
      - id: u
        type: f4
        doc: Left-right rotation, radians.
      - id: v
        type: f4
        doc: Up-down rotation, radians.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
  projectile_collision:
    doc: |
      PROJECTILE_COLLISION (15): sent by the client that fired the projectile when it hit
      a block or a player model.
    doc-ref: protocol.txt, "PACKET_PROJECTILE_COLLISION 49"
    seq:
      - id: projectile_type
        type: u1
        enum: mme_types::projectile_type
        doc: Which mouse button created it.
      - id: x
        type: f4
        doc: Where it collided, in block coordinates.
      - id: y
        type: f4
        doc: Where it collided, in block coordinates.
      - id: z
        type: f4
        doc: Where it collided, in block coordinates.
      - id: collision_type
        type: u1
        enum: mme_types::collision_type
        doc: Whether a block or a player model was hit.
      - id: thing_id
        type: u1
        doc: The block type hit, or the player model id.
      - id: ignored
        size-eos: true
        doc: Bytes past the largest documented size (a later protocol extension), skipped.
